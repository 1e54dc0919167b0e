"""Derives ../lines/ca.tsv, Canada's tariff items (8 digits) with their MFN rates and the
preferential rates of the agreements Packdesk knows, from the CBSA Customs Tariff file.

Raw file: the Canada Border Services Agency's Customs Tariff T2026 (revision 3) as a CSV, one row
per tariff item, statistical suffix and heading, columns TARIFF, EFF_DATE, DESC1-3, UOM, MFN and
one column per tariff treatment (UST, MXT, CEUT, CPTPT, UKT, ...). The copy used is
github.com/SAIL-Engineering/tariff-rate-tracker @ ac5225f24dd5e91d7050085335677c298b8f87e3,
data/ca_tariff_source/ca_tariff_2026_rev_3.csv (4 017 118 characters); the CBSA publishes the
same file at https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/ (Customs Tariff, "Tariff data").

    python3 ca.py RAW.csv            writes ../lines/ca.tsv
    python3 ca.py --check RAW.csv    re-derives in memory and compares with the committed file,
                                     re-reads the raw file independently (every tariff item, the
                                     same official text) and checks the pins of tests/it/tariffs/ca.rs

Only the columns named above are read, by header name, so a CSV holding just those columns (an
extract of the full file) derives the same table.

Standard library only; rates are decimal.Decimal or text, never floats.
Contains information licensed under the Open Government Licence - Canada.
"""

import csv
import os
import re
import sys
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "lines", "ca.tsv")

# Tariff treatment columns -> the agreement (and the origin it is for) of ../../preferential.json.
# CUSMA has one column per partner: the engine looks `USMCA:US` or `USMCA:MX` up by the origin.
TREATMENTS = {"UST": "USMCA:US", "MXT": "USMCA:MX", "CEUT": "CETA", "CPTPT": "CPTPP",
              "UKT": "UK-CA"}

NUM = r"(?:\d+(?:\.\d+)?|\.\d+)"
ITEM = re.compile(r"^\d{4}\.\d{2}\.\d{2}$")
STATISTICAL = re.compile(r"^\d{4}\.\d{2}\.\d{2}\.\d{2}$")

# Printed unit -> (Packdesk unit, amount divisor).
UNITS = {
    "kg": ("kg", 1),
    "tonne": ("kg", 1000),
    "litre": ("l", 1),
    "hl": ("l", 100),
    "litre of absolute ethyl alcohol": ("l_alc", 1),
    "dozen": ("dozen", 1),
    "each": ("item", 1),
}
SPECIFIC = re.compile(rf"^(\$)?({NUM}) ?(¢)?(?: ?/ ?(.+?)| ?(each))?$")
PERCENT = re.compile(rf"^({NUM}) ?%$")


def clean(text):
    return " ".join((text or "").split())


def term(text, unit_hint, tally):
    """One term: `12 %`, `3.32 ¢/kg`, `$1.67/kg`, `0.86 ¢each`, `$32.27/tonne`."""
    m = PERCENT.match(text)
    if m:
        return f"{rate.number(m.group(1))}%"
    m = SPECIFIC.match(text)
    if not m or bool(m.group(1)) == bool(m.group(3)):
        raise ValueError(f"cannot read the term {text!r}")
    amount = Decimal(m.group(2))
    if m.group(3):
        amount = amount / 100  # cents; exact in decimal
    unit = m.group(4) or m.group(5)
    if unit is None:
        # "... or more than 9.48 ¢" once, where its statistical row prints "9.48 ¢/kg": the unit
        # of the expression's other amount. A lone amount without any unit cannot be computed.
        if unit_hint is None:
            tally["no_unit"] += 1
            return "?amount_without_unit"
        tally["unit_from_expression"] += 1
        unit = unit_hint
    if unit not in UNITS:
        raise ValueError(f"unknown unit {unit!r} in {text!r}")
    name, divisor = UNITS[unit]
    return f"{rate.number(amount / divisor)} CAD/{name}"


def expression(official, tally):
    """The rate expression of a printed rate:
    `A`, `A plus B`, `A but not less than B`, `A but not less than B or more than C`, and
    `A but not less than B plus C` (the greater of A and B, plus C: `A + C min B + C`)."""
    text = clean(official)
    if text == "Free":
        return "0%"
    if text == "N/A":
        # The sugar items whose rate depends on the year's aggregate imports (their description).
        tally["conditional"] += 1
        return "?rate_by_aggregate_quantity"
    units = re.findall(r"/ ?(kg|tonne|litre of absolute ethyl alcohol|litre|hl|dozen)\b|¢(each)", text)
    hint = next((u for pair in units for u in pair if u), None)

    def part(t):
        return term(t.strip(), hint, tally)

    m = re.match(r"^(.+?) but not less than (.+?) or more than (.+)$", text)
    if m:
        return rate.check(f"{part(m.group(1))} min {part(m.group(2))} max {part(m.group(3))}")
    m = re.match(r"^(.+?) but not less than (.+?) plus (.+)$", text)
    if m:
        tally["floor_plus"] += 1
        a, b, c = part(m.group(1)), part(m.group(2)), part(m.group(3))
        return rate.check(f"{a} + {c} min {b} + {c}")
    m = re.match(r"^(.+?) but not less than (.+)$", text)
    if m:
        return rate.check(f"{part(m.group(1))} min {part(m.group(2))}")
    return rate.check(" + ".join(part(t) for t in text.split(" plus ")))


def date(text):
    m = re.match(r"^(\d{2})/(\d{2})/(\d{2})", text or "")
    if not m or m.group(1) == "00" or m.group(2) == "00":
        return None
    return f"20{m.group(3)}-{m.group(1)}-{m.group(2)}" if int(m.group(3)) < 70 else None


def read(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def derive(records):
    """The national lines: (code, mfn, prefs, official, description), counts, the edition's
    effective date."""
    from collections import Counter
    tally = Counter()
    groups = {}  # digits of rows deeper than a subheading (7 digits: "0105.11.2") -> description
    items = set()
    rows = []
    dates = Counter()
    for rec in records:
        code = clean(rec["TARIFF"])
        digits = code.replace(".", "")
        desc = clean(" ".join(clean(rec.get(k)) for k in ("DESC1", "DESC2", "DESC3")))
        if len(digits) == 7 or (len(digits) == 9 and not clean(rec["MFN"])):
            groups[digits] = desc.rstrip(":").strip()
        rated = bool(clean(rec["MFN"]))
        if ITEM.match(code):
            items.add(digits)
        # A statistical row is a line only where the file gives its item no row of its own:
        # the over-access-commitment items of chapters 02-04 (tariff-rate quotas).
        keep = ITEM.match(code) or (STATISTICAL.match(code) and digits[:8] not in items and rated)
        if not keep:
            continue
        if digits[:2] in ("98", "99"):
            tally["chapter_98_99_skipped"] += 1
            continue
        if not rated:
            tally["no_mfn_skipped"] += 1
            continue
        if STATISTICAL.match(code):
            tally["statistical_row_as_line"] += 1
        dates[date(rec["EFF_DATE"])] += 1
        parents = [groups[digits[:n]] for n in range(7, len(digits)) if digits[:n] in groups]
        description = " > ".join(parents + [desc.rstrip(":").strip()])
        official = clean(rec["MFN"])
        prefs = []
        for column, agreement in TREATMENTS.items():
            printed = clean(rec.get(column))
            if printed and printed != "N/A":
                prefs.append(f"{agreement}={expression(printed, tally)}")
        rows.append((digits, expression(official, tally), ";".join(sorted(prefs)), official,
                     description))
    # The revision's date is the one most items carry (a few keep older dates, one a later one).
    return rows, tally, dates.most_common(1)[0][0]


def render(rows, tally, effective):
    kinds = rate.kinds(rows)
    notes = (
        f"{len(rows)} national lines: the tariff items (8 digits) of chapters 01-97 with their MFN "
        f"rate, and {tally['statistical_row_as_line']} over-access-commitment lines of chapters 02-04 "
        f"that the file prints only as a 10-digit row (their item has no row of its own), kept at 10 "
        f"digits. Chapters 98 and 99 (special classification provisions) are left out "
        f"({tally['chapter_98_99_skipped']} items); {tally['no_mfn_skipped']} item without an MFN rate "
        f"is left out. Kinds: {kinds['free']} free, {kinds['ad_valorem']} ad valorem, "
        f"{kinds['specific']} specific, {kinds['compound']} compound, {kinds['unknown']} with a ? term "
        f"(?rate_by_aggregate_quantity: the sugar items whose rate depends on the year's aggregate "
        f"imports, printed N/A; ?amount_without_unit: an amount printed without its unit). Units: "
        f"cents are divided by 100 to CAD; /tonne divided by 1000 to /kg; /hl by 100 to /l; "
        f"'litre of absolute ethyl alcohol' is l_alc; each is item. An amount printed without a unit "
        f"in an expression that has one takes it ({tally['unit_from_expression']} x). 'A but not less "
        f"than B plus C' (the greater of A and B, plus C) is written 'A + C min B + C' "
        f"({tally['floor_plus']} x). prefs: the treatments UST and MXT (CUSMA, for goods of the US "
        f"and of Mexico) as USMCA:US and USMCA:MX, CEUT as CETA, CPTPT as CPTPP, UKT as UK-CA; an "
        f"empty or N/A treatment is left out (the line pays MFN). Description: the line's group rows "
        f"below the 6-digit subheading, then its own, joined by ' > '. Retrieval: the file could "
        f"only be read in 16 000-character pages here (no download); the columns used were copied "
        f"page by page into a CSV extract with the same header names, and the pins of "
        f"tests/it/tariffs/ca.rs, re-read from the file by another reader, all agree with this table."
    )
    header = {
        "tariff": "ca",
        "name": "Customs Tariff of Canada, Most-Favoured-Nation Tariff, tariff items",
        "source": "Canada Border Services Agency, Customs Tariff T2026 revision 3 as CSV; copy in "
                  "github.com/SAIL-Engineering/tariff-rate-tracker @ "
                  "ac5225f24dd5e91d7050085335677c298b8f87e3, data/ca_tariff_source/ca_tariff_2026_rev_3.csv",
        "source_url": "https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/",
        "edition": "Customs Tariff T2026, revision 3",
        "effective": effective,
        "retrieved": "2026-11-24",
        "licence": "Open Government Licence - Canada (contains information licensed under it)",
        "derived_by": "assets/tables/duty/derive/ca.py",
        "notes": notes,
    }
    return rate.text(header, rows)


def independent(records, tsv_text):
    """Re-reads the raw rows without the derivation: every rated tariff item of chapters 01-97
    must be a line, with the same official text, and no line may be anything else."""
    lines = rate.read_lines(tsv_text)
    problems, seen = [], set()
    for rec in records:
        num = "".join(ch for ch in rec["TARIFF"] if ch.isdigit())
        printed = " ".join(rec["MFN"].split())
        if len(num) == 8 and printed and num[:2] not in ("98", "99"):
            seen.add(num)
            if lines.get(num, (None, None))[1] != printed:
                problems.append(f"{num}: raw {printed!r}, TSV {lines.get(num)!r}")
    for code in set(lines) - seen:
        if len(code) == 8:
            problems.append(f"{code} in the TSV but not a rated item of the raw file")
    return lines, problems


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    records = read(args[0])
    rows, tally, effective = derive(records)
    text = render(rows, tally, effective)
    if "--check" not in argv:
        with open(OUT, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print(f"wrote {OUT}: {len(rows)} lines; {dict(tally)}")
        return 0
    problems = []
    with open(OUT, encoding="utf-8") as f:
        committed = f.read()
    if committed != text:
        problems.append("committed ca.tsv differs from a fresh derivation")
    lines, more = independent(records, committed)
    problems += more
    found, more = rate.pin_problems("ca", lines)
    problems += more
    for p in problems[:50]:
        print(p, file=sys.stderr)
    print(f"check: {len(lines)} lines, {len(found)} pins, {len(problems)} problems")
    return 1 if problems or len(found) < 40 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
