"""Derives ../lines/us.tsv, the HTSUS 8-digit subheadings with their column 1 General (MFN) rates.

Raw file: the USITC "HTS export" JSON of the Harmonized Tariff Schedule of the United States,
2026 Revision 10 (USITC release 2026HTSRev10, effective 2026-06-08), published by the U.S.
International Trade Commission at https://hts.usitc.gov/ (reststop exportList, format=JSON).
USITC no longer serves superseded revisions, so the copy used is the one archived gzipped in
github.com/arifshehab/tariff-rate-tracker @ 9919812fe16ad61d72318dc7b96d387cc6c226da,
data/hts_archives/hts_2026_rev_10.json.gz (added in commit c9b94db402dc), sha256 of the .gz
369170d51a419688d5e9e42c3eb91b6fdb861c3729a931b03277baab3e236b80. Get it with

    git -C <mirror of arifshehab/tariff-rate-tracker> show \
        HEAD:data/hts_archives/hts_2026_rev_10.json.gz > /tmp/hts.json.gz

Usage:
    python3 assets/tables/duty/derive/us.py [RAW]           writes ../lines/us.tsv
    python3 assets/tables/duty/derive/us.py --check [RAW]   re-derives in memory and fails when the
        committed us.tsv differs, when a national line of the raw file is missing from it (or has
        another official text), or when a pin of tests/it/tariffs/us.rs disagrees with it.

The data is a work of the U.S. Government (public domain, 17 U.S.C. 105).
"""

import gzip
import json
import os
import re
import sys
from decimal import Decimal, localcontext
from fractions import Fraction

sys.path.insert(0, os.path.dirname(__file__))
import rate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
OUT = os.path.join(HERE, "..", "lines", "us.tsv")
RAW = "/tmp/hts.json.gz"

# Special-column programmes that are agreements Packdesk knows (../../preferential.json).
PROGRAMMES = {"AU": "AUSFTA", "KR": "KORUS", "SG": "USSFTA", "S": "USMCA", "S+": "USMCA"}

NUM = r"\d[\d,]*(?:\.\d+)?"

# Units of a specific rate: printed unit -> (Packdesk unit, divisor). A divisor other than 1 is
# divided out only when the quotient is a finite decimal; otherwise `fallback` is written as unit.
UNITS = {
    "kg": ("kg", 1),
    "liter": ("l", 1),
    "pf. liter": ("l_proof", 1),
    "pf. liter on ethyl alcohol content": ("l_proof", 1),
    "doz.": ("dozen", 1),
    "pr.": ("pair", 1),
    "doz. pr.": ("pair", 12, "dozen_pair"),
    "each": ("item", 1),
    "head": ("item", 1),
    "article": ("item", 1),
    "1000": ("item", 1000),
    "thousand": ("item", 1000),
    "1,000 pins": ("pin", 1000),
    "gross": ("item", 144, "gross"),
    "line/ gross": ("line_gross", 1),
    "t": ("kg", 1000),
    "m2": ("m2", 1),
    "m3": ("m3", 1),
    "bbl": ("bbl", 1),
    "kg on drained weight": ("kg_drained", 1),
    "kg on contents and container": ("kg_with_container", 1),
    "kg on entire contents of container": ("kg_entire_contents", 1),
    "kg of total sugars": ("kg_total_sugars", 1),
    "clean kg": ("kg_clean", 1),
    "kg on lead content": ("kg_lead", 1),
    "kg on copper content": ("kg_copper", 1),
    "kg on tungsten content": ("kg_tungsten", 1),
    "kg on molybdenum content": ("kg_molybdenum", 1),
    "kg on magnesium content": ("kg_magnesium", 1),
    "jewel": ("jewel", 1),
    "jewel over 7": ("jewel_over_7", 1),
    "other piece or part": ("other_piece", 1),
}

# "N% on <part>": an ad valorem rate on the value of a part of the article, not on its customs
# value, so Packdesk cannot compute it: a `?` term named after the part.
PARTS = {
    "the case": "pct_on_case",
    "the strap, band or bracelet": "pct_on_strap",
    "the case and strap, band or bracelet": "pct_on_case_and_strap",
    "case and strap, band or bracelet": "pct_on_case_and_strap",
    "the battery": "pct_on_battery",
    "the movement": "pct_on_movement",
    "the movement and case": "pct_on_movement_and_case",
    "the apparatus": "pct_on_apparatus",
    "the value of the lead content": "pct_on_lead_content",
    "the value of the rifle": "pct_on_rifle",
    "the value of the telescopic sight, if any": "pct_on_telescopic_sight",
}

SUGAR = re.compile(
    rf"^({NUM})¢/kg less ({NUM})¢/kg for each degree under 100 degrees "
    rf"\(and fractions of a degree in proportion\) but not less than ({NUM})¢/kg$"
)
MOVEMENT_CAP = (", but if consisting in part of a plate or a set of plates the total duty shall "
                "not exceed the duty for the complete movement")


def collapse(text):
    return " ".join((text or "").replace("\u200b", "").split())


def digits(htsno):
    return re.sub(r"\D", "", htsno or "")


def amount(value, dollars, cents):
    """The printed amount in USD, exactly."""
    d = Decimal(value.replace(",", ""))
    if cents:
        d = d / 100  # exact: a decimal divided by 100
    return d


def per_unit(usd, unit):
    spec = UNITS.get(unit)
    if spec is None:
        raise ValueError(f"unknown unit {unit!r}")
    name, divisor = spec[0], spec[1]
    if divisor == 1:
        return f"{rate.number(usd)} USD/{name}"
    f = Fraction(usd) / divisor
    den = f.denominator
    while den % 2 == 0:
        den //= 2
    while den % 5 == 0:
        den //= 5
    if den != 1:
        return f"{rate.number(usd)} USD/{spec[2]}"
    with localcontext() as ctx:
        ctx.prec = 60
        return f"{rate.number(Decimal(f.numerator) / Decimal(f.denominator))} USD/{name}"


TERM_PCT = re.compile(rf"^({NUM})%$")
TERM_PCT_ON = re.compile(rf"^({NUM})% on (.+)$")
TERM_SPECIFIC = re.compile(rf"^(\$)?({NUM})(¢)?(?:/ ?(.+)| (each)| for each (other piece or part))$")


def term(text, tally):
    m = TERM_PCT.match(text)
    if m:
        return f"{rate.number(m.group(1))}%"
    m = TERM_PCT_ON.match(text)
    if m:
        if m.group(2) == "the entire set":
            tally["entire_set"] += 1
            return f"{rate.number(m.group(1))}%"
        return "?" + PARTS[m.group(2)]
    m = TERM_SPECIFIC.match(text)
    if m:
        if bool(m.group(1)) == bool(m.group(3)):
            raise ValueError(f"amount neither $ nor ¢: {text!r}")
        unit = m.group(4) or m.group(5) or m.group(6)
        return per_unit(amount(m.group(2), m.group(1), m.group(3)), unit)
    raise ValueError(f"cannot parse term {text!r}")


def expression(official, tally):
    """The rate expression of a printed rate (the general or a special rate)."""
    text = collapse(official).replace("pf.liter", "pf. liter")
    if text == "Free":
        return "0%"
    if text.startswith("The rate ") or text.startswith("See "):
        tally["see_note"] += 1
        return "?see_note"
    m = SUGAR.match(text)
    if m:
        tally["sugar"] += 1
        return (f"{per_unit(amount(m.group(1), None, '¢'), 'kg')} + ?less_per_degree_under_100 "
                f"min {per_unit(amount(m.group(3), None, '¢'), 'kg')}")
    cap = ""
    if text.endswith(MOVEMENT_CAP):
        tally["movement_cap"] += 1
        text = text[: -len(MOVEMENT_CAP)]
        cap = " max ?complete_movement_if_plates"
    parts = re.split(r"\s*\+\s*", text)
    return rate.check(" + ".join(term(p, tally) for p in parts) + cap)


PROGRAMME_LIST = re.compile(r"\(\s*([A-Z][A-Z+*]*(?:\s*,\s*[A-Z][A-Z+*]*)*)\s*\)")


def prefs(special, code, tally):
    """`AGREEMENT=expression;...` from the special column: each rate is followed by the list of
    programmes it applies to in parentheses."""
    text = collapse(special)
    found = {}
    pos = 0
    for m in PROGRAMME_LIST.finditer(text):
        rate_text = text[pos:m.start()].strip()
        pos = m.end()
        for prog in (p.strip() for p in m.group(1).split(",")):
            agreement = PROGRAMMES.get(prog)
            if agreement is None:
                continue
            expr = expression(rate_text, tally)
            if found.get(agreement, expr) != expr:
                raise ValueError(f"{code}: {agreement} twice with different rates in {text!r}")
            found[agreement] = expr
    if text[pos:].strip():
        raise ValueError(f"{code}: trailing special text {text[pos:]!r}")
    return ";".join(f"{a}={e}" for a, e in sorted(found.items()))


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return json.loads(data.decode("utf-8"))


def derive(records):
    """The national lines: (code, mfn, prefs, official, description) and counts."""
    from collections import Counter
    tally = Counter()
    rows = []
    stack = []  # (indent, record) of the open ancestors
    for rec in records:
        indent = int(rec["indent"])
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = [r for _, r in stack] + [rec]
        stack.append((indent, rec))
        code = digits(rec["htsno"])
        general = collapse(rec["general"])
        if len(code) < 8 or not general:
            continue
        if code[:2] in ("98", "99"):
            tally["chapter_98_99_skipped"] += 1
            continue
        # The description: the parents below the 6-digit HS subheading, then the row itself.
        top = next(i for i, r in enumerate(path) if len(digits(r["htsno"])) >= 6)
        below = path[top + 1:] if top < len(path) - 1 else [rec]
        description = " > ".join(collapse(r["description"]).rstrip(":").strip() for r in below)
        if len(code) > 8:
            tally[f"rate_on_10_digit_row_{code[8:]}"] += 1
        mfn = expression(general, tally)
        rows.append((code[:8], mfn, prefs(rec["special"], code, tally), general, description))
    return rows, tally


def render(rows, tally):
    n = len(rows)
    kinds = rate.kinds(rows)
    with_min = sum(" min " in r[1] for r in rows)
    with_max = sum(" max " in r[1] for r in rows)
    with_prefs = sum(bool(r[2]) for r in rows)
    notes = (
        f"{n} national lines: the HTSUS 8-digit subheadings of chapters 01-97, each with the column 1 "
        f"General rate (MFN) of the row that prints it (the 8-digit row, or its single 10-digit row when "
        f"the line has no statistical breakdown: {tally['rate_on_10_digit_row_00']} x .00, "
        f"{tally['rate_on_10_digit_row_01']} x .01, {tally['rate_on_10_digit_row_10']} x .10); every line "
        f"of the file has exactly one row carrying a rate, so nothing is inherited and no 8-digit line "
        f"takes its rate from 10-digit children. 10-digit statistical suffixes are not lines. "
        f"Chapters 98 and 99 (special classification provisions, temporary and additional duties) are "
        f"left out ({tally['chapter_98_99_skipped']} rated rows). Additional duties (Section 301, 232, "
        f"IEEPA and other chapter 99 measures, the 'See 9903...' footnotes) are NOT part of these MFN "
        f"rates. Kinds: {kinds['free']} free, {kinds['ad_valorem']} ad valorem, {kinds['specific']} "
        f"specific, {kinds['compound']} compound, {kinds['unknown']} with a ? term; {with_min} with min, "
        f"{with_max} with max. Units: cents are divided by 100 to USD; /t (metric ton) and /1000 are "
        f"divided out to /kg and /item; /gross is divided by 144 to /item where that is a finite "
        f"decimal, otherwise kept as USD/gross; each, /head, /article -> item; /doz. -> dozen; "
        f"/pr. -> pair; /liter -> l; /pf. liter -> l_proof (a proof liter, not l_alc); other bases are "
        f"units the engine cannot compute: kg_drained, kg_with_container (on contents and container), "
        f"kg_entire_contents, kg_total_sugars, kg_clean, kg_lead/copper/tungsten/molybdenum/magnesium "
        f"(on the metal content), bbl, line_gross, pin, jewel, jewel_over_7, other_piece. '% on the "
        f"entire set' is the ad valorem rate ({tally['entire_set']} line). ? terms: ?see_note for rates "
        f"that refer to another provision or note ('The rate applicable to ...', 'The rate of duty "
        f"applicable to that article in the set ...', 'See additional U.S. note ...'); ?pct_on_<part> "
        f"for an ad valorem rate on the value of a part only (watch case, strap, battery, movement, "
        f"apparatus, lead content, rifle, telescopic sight); sugar rates by polarity are written "
        f"'base + ?less_per_degree_under_100 min floor' ({tally['sugar']} lines); watch-movement parts "
        f"'... but if consisting in part of a plate ... shall not exceed the duty for the complete "
        f"movement' get 'max ?complete_movement_if_plates'. prefs ({with_prefs} lines) come from the "
        f"Special column: programme AU -> AUSFTA, KR -> KORUS, SG -> USSFTA, S and S+ -> USMCA; other "
        f"programmes are ignored; a special rate 'See 98xx/99xx ...' (tariff-rate quotas and "
        f"safeguards of the agreement) is written ?see_note. Description: the parents below the "
        f"6-digit HS subheading, then the line's own, joined by ' > ' (a line that is itself the "
        f"6-digit subheading has only its own)."
    )
    header = {
        "tariff": "us",
        "name": "Harmonized Tariff Schedule of the United States (HTSUS), column 1 General",
        "source": "U.S. International Trade Commission (USITC), HTS export JSON; copy archived in "
                  "github.com/arifshehab/tariff-rate-tracker @ 9919812fe16ad61d72318dc7b96d387cc6c226da, "
                  "data/hts_archives/hts_2026_rev_10.json.gz",
        "source_url": "https://hts.usitc.gov/",
        "edition": "HTSUS 2026 Revision 10 (USITC release 2026HTSRev10)",
        "effective": "2026-06-08",
        "retrieved": "2026-11-24",
        "licence": "public domain (work of the U.S. Government, 17 U.S.C. 105)",
        "derived_by": "assets/tables/duty/derive/us.py",
        "notes": notes,
    }
    return rate.text(header, rows)


def independent(records, tsv_text):
    """Re-reads the raw file without the derivation's tree walk: every rated row of chapters 01-97
    with 8 or more digits must be a line of the TSV, with the same official text."""
    lines = rate.read_lines(tsv_text)
    problems = []
    seen = set()
    for rec in records:
        num = "".join(ch for ch in rec["htsno"] if ch.isdigit())
        general = " ".join(rec["general"].split())
        if len(num) >= 8 and general and num[:2] not in ("98", "99"):
            seen.add(num[:8])
            if num[:8] not in lines:
                problems.append(f"{num[:8]} missing from the TSV")
            elif lines[num[:8]][1] != general:
                problems.append(f"{num[:8]}: official {lines[num[:8]][1]!r} but raw {general!r}")
    for code in set(lines) - seen:
        problems.append(f"{code} in the TSV but not a rated line of the raw file")
    return lines, problems


def pins(lines):
    found, problems = rate.pin_problems("us", lines)
    for code, _mfn, row in found:
        printed = row.rsplit(" | ", 1)[-1]
        if code in lines and printed != lines[code][1]:
            problems.append(f"pin {code}: row prints {printed!r} but TSV official {lines[code][1]!r}")
    return len(found), problems


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    raw = args[0] if args else RAW
    records = load(raw)
    rows, tally = derive(records)
    text = render(rows, tally)
    if not check:
        with open(OUT, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print(f"wrote {OUT}: {len(rows)} lines, {len(text.encode())} bytes; {dict(tally)}")
        return 0
    problems = []
    with open(OUT, encoding="utf-8") as f:
        committed = f.read()
    if committed != text:
        problems.append("committed us.tsv differs from a fresh derivation")
    lines, more = independent(records, committed)
    problems += more
    count, more = pins(lines)
    problems += more
    for p in problems[:50]:
        print(p, file=sys.stderr)
    print(f"check: {len(lines)} lines, {count} pins, {len(problems)} problems")
    return 1 if problems or count < 45 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
