"""Derives ../lines/au.tsv, Australia's national tariff lines (8-digit subheadings), from the ABF
Working Tariff as scraped to JSON.

Raw files: `data/tariff-schedule3.json` (Customs Tariff Act 1995, Schedule 3: general rates in
`dutyRate`, with the concessional rates run together after the general rate) and
`data/tariff-schedules-fta.json` (Schedules 4 to 16: the FTA schedules) of
https://github.com/networkneedsau/australian-tariff-classification @ 9a8f3f3, a scrape of the
Australian Border Force's Working Tariff
(https://www.abf.gov.au/importing-exporting-and-manufacturing/tariff-classification/current-tariff),
edition of 2026-04. A copy is on this machine in /work/shared/data/tariffs/au-2026/ (the default).

    python3 au.py [RAW_DIR]            writes ../lines/au.tsv
    python3 au.py --check [RAW_DIR]    re-derives in memory and compares with the committed file,
                                       re-reads the raw file independently (every national line,
                                       same official text) and checks the pins of
                                       tests/it/tariffs/au.rs against the file

Standard library only; rates are decimal.Decimal or text, never floats.
"""

import json
import os
import re
import sys
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
OUT = os.path.join(REPO, "assets", "tables", "duty", "lines", "au.tsv")
RAW_DEFAULT = "/work/shared/data/tariffs/au-2026"

EFFECTIVE = (2026, 4, 1)  # the scrape's edition; staged rates dated up to this apply
MISSING_CHAPTERS = [28, 30, 32, 33, 35, 37, 50, 51, 52, 54, 55, 56, 58, 59, 60, 61, 62, 72, 73,
                    74, 76, 77, 78, 81, 83]

# FTA schedules (tariff-schedules-fta.json) -> agreement ids of preferential.json
FTA = {"Schedule 5": "AUSFTA", "Schedule 8B": "CPTPP", "Schedule 11": "AU-JP",
       "Schedule 15": "UK-AU"}
MONTHS = {m: i + 1 for i, m in enumerate(
    "January February March April May June July August September October November December".split())}


def clean(text: str) -> str:
    """Zero-width spaces out, `&#58;` as `:`, whitespace collapsed."""
    text = text.replace("\u200b", "").replace("&#58;", ":").replace("\u00a0", " ")
    return " ".join(text.split())


# ---------------------------------------------------------------- the general rate of a dutyRate

# A concessional rate's category code, run on to the general rate: "5% DCS4% CAFree DCT5%",
# "$0.526/L NZ/PG/FI/DC/LDC/SG $0.526/L", "$1.220/kg DC$1.220/kg, less 5%", "5% MYFree".
CONCESSION = re.compile(
    r"(?<![A-Za-z])(NZ ?/ ?PG(?: ?/ ?[A-Z]+)*|DCS|DCT|DTC|DC|CA|MY)(?= ?;? ?(?:Free|\$|[0-9]))")
# A staged general rate: "From1July2018 3.75%", "From 1 January 2015 5%", "From1July20183.75%".
STAGE = re.compile(r"From ?([0-9]{1,2}) ?(" + "|".join(MONTHS) + r") ?([0-9]{4}):?")


def general(duty_rate: str):
    """Splits a Schedule 3 `dutyRate` into its general-rate parts. Returns (official, stages):
    `official` the general rate's text as printed (the concessional parts cut out), `stages` the
    list of (date or None, rate text) of the general rate, in order."""
    text = clean(duty_rate)
    marks = sorted([(m.start(), m.end(), "C", m) for m in CONCESSION.finditer(text)]
                   + [(m.start(), m.end(), "S", m) for m in STAGE.finditer(text)],
                   key=lambda t: t[0])
    pieces, stages = [], []
    end0 = marks[0][0] if marks else len(text)
    if text[:end0].strip():
        pieces.append(text[:end0].strip())
        stages.append((None, text[:end0].strip()))
    for i, (start, end, kind, m) in enumerate(marks):
        stop = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        if kind == "S":
            body = text[end:stop].strip()
            pieces.append(text[start:stop].strip())
            date = (int(m.group(3)), MONTHS[m.group(2)], int(m.group(1)))
            stages.append((date, body))
    return " ".join(pieces), stages


def current(stages):
    """The general rate in force at EFFECTIVE: the last stage dated on or before it."""
    now = [body for date, body in stages if date is None or date <= EFFECTIVE]
    if not now:
        raise ValueError(f"no stage in force: {stages}")
    return now[-1]


# ---------------------------------------------------------------- rate text -> rate expression

AMOUNT = r"\$ ?([0-9][0-9,]*(?:\.[0-9]+)?)"
PERCENT = r"([0-9]+(?:\.[0-9]+)?) ?%"
SPECIFIC_UNITS = [
    # (printed unit after "$x/", unit of the grammar); longest first
    (r"L of alcohol, calculated on that alcohol content by which the percentage by volume of "
     r"alcohol of the goods exceeds 1\.15", "l_alc_above_1_15pct"),
    (r"L of alcohol", "l_alc"),
    (r"kg of tobacco content", "kg_tobacco"),
    (r"kg TSS", "kg_tss"),
    (r"stick", "stick"),
    (r"L", "l"),
    (r"kg", "kg"),
]
BLEND = re.compile(
    AMOUNT + r" ?/L of (gasoline|diesel|biodiesel) plus " + AMOUNT
    + r" ?/L of ethanol(?: \(if any\))? plus " + AMOUNT
    + r" ?/L of other substances(?: \(if any\))? in the blend$")


def amount(text: str) -> str:
    return rate.number(Decimal(text.replace(",", "")))


def specific(text: str):
    """'$0.526/L' -> '0.526 AUD/l'; None when the text is not one specific rate."""
    for printed, unit in SPECIFIC_UNITS:
        m = re.fullmatch(AMOUNT + r" ?/ ?" + printed, text)
        if m:
            return f"{amount(m.group(1))} AUD/{unit}"
    return None


def expression(text: str):
    """A general rate as printed -> (expression, exact). Not exact: a `?` term stands for what
    could not be read."""
    text = text.strip().rstrip(";").strip()
    if text == "Free":
        return "0%", True
    m = re.fullmatch(PERCENT, text)
    if m:
        return f"{rate.number(Decimal(m.group(1)))}%", True
    s = specific(text)
    if s:
        return s, True
    m = re.fullmatch(PERCENT + r", and (.+)", text)
    if m and specific(m.group(2)):
        return f"{rate.number(Decimal(m.group(1)))}% + {specific(m.group(2))}", True
    m = re.fullmatch(PERCENT + r", or, if lower, (.+)", text)
    if m and specific(m.group(2)):
        return f"{rate.number(Decimal(m.group(1)))}% max {specific(m.group(2))}", True
    m = BLEND.fullmatch(text)
    if m:
        return (f"{amount(m.group(1))} AUD/l_{m.group(2)} + {amount(m.group(3))} AUD/l_ethanol"
                f" + {amount(m.group(4))} AUD/l_other_substances"), True
    return "?unread", False


# ---------------------------------------------------------------- the raw files


def schedule3_rows(raw_dir):
    """Every classification row of Schedule 3, once: the scrape repeats whole chapters under
    several sections (e.g. 39, 90, 94-97); a chapter is read the first time it appears, and its
    repeats are checked to be identical."""
    with open(os.path.join(raw_dir, "tariff-schedule3.json"), encoding="utf-8") as f:
        sections = json.load(f)
    chapters = {}
    for section in sections:
        for chapter in section["chapters"]:
            rows = [r for h in chapter["headings"] for r in h["classifications"]]
            if chapter["number"] in chapters:
                if chapters[chapter["number"]] != rows:
                    raise ValueError(f"chapter {chapter['number']} repeated with other rows")
                continue
            chapters[chapter["number"]] = rows
    return chapters


REF = re.compile(r"([0-9]{4})\.([0-9]{2})(?:\.([0-9]{1,2}))?([*#]*)")


def ref_of(row):
    """(digits, marks) of a row's reference number: '2707.10.00*' -> ('27071000', '*')."""
    m = REF.fullmatch(clean(row["referenceNumber"]))
    if not m:
        return None, None
    return m.group(1) + m.group(2) + (m.group(3) or ""), m.group(4)


def dashes(description: str) -> int:
    m = re.match(r"[-\u2011\u2013 ]*", clean(description))
    return m.group(0).count("-") + m.group(0).count("\u2011") + m.group(0).count("\u2013")


def label(description: str) -> str:
    text = re.sub(r"^[-\u2011\u2013 ]+", "", clean(description))
    return text.rstrip(":").rstrip()


def fta_rates(raw_dir):
    """{agreement id: {code: (expression, text)}} for the schedules in FTA, and the names of all
    schedules present."""
    with open(os.path.join(raw_dir, "tariff-schedules-fta.json"), encoding="utf-8") as f:
        schedules = json.load(f)
    names = {k: sorted({r["ftaName"] for r in v}) for k, v in schedules.items()}
    out = {}
    for schedule, agreement in FTA.items():
        rates = out.setdefault(agreement, {})
        for row in schedules[schedule]:
            code = re.sub(r"[^0-9]", "", row["hsCode"])
            text = clean(row["dutyRate"]).replace(" /", "/")
            desc = clean(row["description"])
            expr, exact = expression(text)
            blend = re.fullmatch(AMOUNT + r" ?/L of (gasoline|diesel|biodiesel)(?: plus)?", text)
            if text.startswith("From") or "From" in desc or "%" in text:
                # an ad valorem rate of a staged cut of which the scrape kept one stage only
                # (the first; or a country's own rate, CPTPP "Rate No. 002 United Kingdom")
                expr = "?staging"
            elif blend:
                # a blend's rate cut after its first component
                expr = f"{amount(blend.group(1))} AUD/l_{blend.group(2)} + ?blend_rest"
            elif not exact:
                raise ValueError(f"{schedule} {code}: {text!r}")
            if code in rates and rates[code][0] != expr:
                raise ValueError(f"{schedule} {code} twice")
            rates[code] = (expr, text)
    return out, names


# ---------------------------------------------------------------- derivation


def derive(raw_dir):
    chapters = schedule3_rows(raw_dir)
    ftas, schedule_names = fta_rates(raw_dir)
    lines = {}          # code -> dict
    stats = {"stat_rows": 0, "parents_7": 0, "staged": 0, "no_parent": 0, "marks": {}}
    inexact = {}        # official text -> expression
    concession_codes = set()
    for number in sorted(chapters):
        rows = chapters[number]
        parents = {}    # 7-digit prefix -> (dashes, label)
        for row in rows:
            digits, marks = ref_of(row)
            if digits is None:
                raise ValueError(f"reference {row['referenceNumber']!r}")
            if len(digits) == 7:
                parents[digits] = (dashes(row["description"]), label(row["description"]))
                stats["parents_7"] += 1
                continue
            if len(digits) != 8:
                continue  # 6-digit subheading rows ("- Other" over 8-digit lines): no rate
            if digits in lines:
                stats["stat_rows"] += 1  # a statistical-code row under its line: same line
                if clean(row["dutyRate"]):
                    raise ValueError(f"{digits}: a second row with a rate")
                continue
            if not clean(row["dutyRate"]):
                raise ValueError(f"{digits}: no rate")
            official, stages = general(row["dutyRate"])
            for m in CONCESSION.finditer(clean(row["dutyRate"])):
                concession_codes.add(re.sub(" ", "", m.group(1)))
            if len(stages) > 1:
                stats["staged"] += 1
            mfn, exact = expression(current(stages))
            if not exact:
                inexact[official] = mfn
            if marks:
                stats["marks"][marks] = stats["marks"].get(marks, 0) + 1
            own = label(row["description"])
            parent = parents.get(digits[:7])
            if parent and parent[0] < dashes(row["description"]):
                description = f"{parent[1]} > {own}"
            else:
                if dashes(row["description"]) >= 4:
                    stats["no_parent"] += 1
                description = own
            nz = nz_rate(row["dutyRate"])
            prefs = {"ANZCERTA": nz if nz else "0%"}
            for agreement, rates in ftas.items():
                prefs[agreement] = rates[digits][0] if digits in rates else "0%"
            lines[digits] = {"mfn": mfn, "official": official, "description": description,
                             "prefs": ";".join(f"{k}={v}" for k, v in sorted(prefs.items()))}
    return lines, stats, inexact, schedule_names, ftas, sorted(concession_codes)


def nz_rate(duty_rate):
    """The rate Schedule 3 prints for New Zealand ("NZ/PG/FI/DC/LDC $0.526/L"), as an expression,
    or None when it prints none (New Zealand originating goods are then Free)."""
    text = clean(duty_rate)
    m = re.search(r"(?<![A-Za-z])NZ ?/ ?PG(?: ?/ ?[A-Z]+)* ?", text)
    if not m:
        return None
    rest = text[m.end():]
    n = CONCESSION.search(rest)
    s = STAGE.search(rest)
    stop = min([x.start() for x in (n, s) if x] + [len(rest)])
    expr, exact = expression(rest[:stop])
    return expr


def header(lines, stats, inexact, schedule_names, ftas, concession_codes):
    mfns = [v["mfn"] for v in lines.values()]
    kinds = {"ad valorem": 0, "specific": 0, "compound": 0}
    for e in mfns:
        terms = re.split(r" \+ | min | max ", e)
        pct = sum(t.endswith("%") for t in terms)
        kinds["ad valorem" if pct == len(terms) else "specific" if pct == 0 else "compound"] += 1
    q = sum("?" in e for e in mfns)
    mins = sum(" min " in e for e in mfns)
    maxs = sum(" max " in e for e in mfns)
    units = sorted({t.split("/")[1] for e in mfns for t in re.split(r" \+ | min | max ", e)
                    if "/" in t})
    listed = {a: sum(1 for c in r if c in lines) for a, r in ftas.items()}
    staging = {a: sum(1 for c, (e, _) in r.items() if c in lines and "?staging" in e)
               for a, r in ftas.items()}
    sched = ", ".join(f"{k} {'/'.join(v)}" for k, v in schedule_names.items())
    notes = (
        f"{len(lines)} national lines (8-digit subheadings of the chapters the scrape has). "
        f"mfn: ad valorem {kinds['ad valorem']}, specific {kinds['specific']}, compound or "
        f"min/max {kinds['compound']}, with ? terms {q}, with min {mins}, with max {maxs}; "
        f"units: {', '.join(units)} (AUD). "
        "Rows: the scrape repeats chapters under several sections (each read once, repeats "
        "checked identical); a line's rate is on its own 8-digit row (the first row of its code), "
        f"rows repeating the code are its statistical codes ({stats['stat_rows']}, no rate of their "
        "own) so nothing is inherited; 6-digit rows carry no rate. Official text: the general "
        "rate is the text before the first concessional category code run on to it (CA, DC, DCS, "
        "DCT, DTC, MY, NZ/PG/FI/DC/LDC[/SG]; codes seen: " + ",".join(concession_codes) + "), "
        "plus every staged general rate (From <date> <rate>) with its date; the concessional "
        "rates are cut out, zero-width spaces removed, whitespace collapsed. mfn: the last staged "
        f"general rate dated on or before 2026-04-01 ({stats['staged']} staged lines, all stages "
        "2015-2021, so the final stage applies: mostly Free under the ITA expansion, 5% for "
        "leather apparel). Text forms: Free=0%; $x/L=x AUD/l; $x/kg=AUD/kg; $x/L of alcohol="
        "AUD/l_alc; 'y%, and $x/L of alcohol'=y% + x AUD/l_alc; $x/L of alcohol, calculated on "
        "that alcohol content by which the percentage by volume of alcohol of the goods exceeds "
        "1.15 (beer) = x AUD/l_alc_above_1_15pct (a unit the engine cannot compute); $x/kg of "
        "tobacco content=AUD/kg_tobacco; $x/stick=AUD/stick; 'y%, or, if lower, $x/kg TSS'=y% "
        "max x AUD/kg_tss; fuel blends '$a/L of gasoline plus $b/L of ethanol plus $c/L of other "
        "substances (if any) in the blend'=a AUD/l_gasoline + b AUD/l_ethanol + c "
        "AUD/l_other_substances (the 2707/2710/3824/3826 lines marked * are excise-equivalent "
        f"goods). Unread general texts: {len(inexact)}. Description: the 7-digit parent row "
        "below the 6-digit subheading (fewer dashes, same 7 digits) then the line's own text, "
        "dashes and trailing colons stripped; the scrape has no 4- and 6-digit texts for most "
        f"lines, so a line printed '- Other' is described 'Other'; {stats['no_parent']} 4-dash "
        "lines lack their parent row in the scrape. The scrape also misses some lines inside the "
        "chapters it has (e.g. 2208.30, 2208.40, 6402.91.90). prefs: ANZCERTA = the NZ rate "
        "Schedule 3 prints (excise-equivalent goods) else Free (NZ originating goods are Free "
        "unless Schedule 3 prints an NZ rate); AUSFTA (Schedule 5 AUSFTA), CPTPP (Schedule 8B), "
        "AU-JP (Schedule 11 JAEPA), UK-AU (Schedule 15 A-UKFTA): the rate the schedule lists, "
        "else Free (the schedules list only the goods not Free); listed lines in this file: "
        + ", ".join(f"{a} {n}" for a, n in sorted(listed.items())) + ". The scrape keeps one "
        "stage only of the staged cuts (CPTPP 'From 30 December 2018: 5%', A-UKFTA 'From 31 May "
        "2023: 4%', JAEPA bare 5%/10%, CPTPP UK-only 'Rate No. 002') so those are ?staging ("
        + ", ".join(f"{a} {n}" for a, n in sorted(staging.items())) + "); blend rates cut after "
        "their first component are 'a AUD/l_gasoline + ?blend_rest'. Schedules present: "
        + sched + "; mapped: Schedule 5->AUSFTA, 8B->CPTPP, 11->AU-JP, 15->UK-AU, NZ column of "
        "Schedule 3->ANZCERTA; the others (SAFTA, TAFTA, Peru, ACI-FTA, AANZFTA, PACER, MAFTA, "
        "IA-CEPA, KAFTA, AI-ECTA, ChAFTA, HK-FTA, RCEP, UAE-CEPA) and the concessional codes have "
        "no agreement in preferential.json. Missing chapters: the engine falls back to its "
        "chapter table there (missing_chapters)."
    )
    return {
        "tariff": "au",
        "name": "Australian Customs Tariff (Customs Tariff Act 1995), Schedule 3 general rates, "
                "8-digit subheadings",
        "source": "Australian Border Force, Working Tariff, as scraped to JSON by "
                  "networkneedsau/australian-tariff-classification @ 9a8f3f3, "
                  "data/tariff-schedule3.json and data/tariff-schedules-fta.json",
        "source_url": "https://www.abf.gov.au/importing-exporting-and-manufacturing/"
                      "tariff-classification/current-tariff (scrape: https://github.com/"
                      "networkneedsau/australian-tariff-classification/tree/9a8f3f3/data)",
        "edition": "ABF Working Tariff as scraped 2026-04",
        "effective": "2026-04-01",
        "retrieved": "2026-11-24",
        "licence": "Commonwealth of Australia (Australian Border Force), CC BY 4.0 as the ABF "
                   "states (attribution: Australian Border Force); the scrape repository has no "
                   "licence file (the data are the Commonwealth's, not the scraper's); verify "
                   "before shipping",
        "derived_by": "assets/tables/duty/derive/au.py",
        "missing_chapters": ",".join(f"{c:02d}" for c in MISSING_CHAPTERS),
        "notes": notes,
    }


def render(raw_dir):
    lines, *rest = derive(raw_dir)
    head = header(lines, *rest)
    rows = [(c, v["mfn"], v["prefs"], v["official"], v["description"]) for c, v in lines.items()]
    return head, rows, rest[1]


# ---------------------------------------------------------------- --check


def independent_officials(raw_dir):
    """Re-reads Schedule 3 another way: {code: official text}. Tokens, not regex segments: a
    token opening with a concessional code starts a concessional part, a 'From' token a stage of
    the general rate."""
    with open(os.path.join(raw_dir, "tariff-schedule3.json"), encoding="utf-8") as f:
        data = json.load(f)
    out = {}
    for section in data:
        for chapter in section["chapters"]:
            for heading in chapter["headings"]:
                for row in heading["classifications"]:
                    ref = "".join(ch for ch in row["referenceNumber"] if ch.isdigit())
                    text = row["dutyRate"].replace("\u200b", "").replace("&#58;", ":")
                    if len(ref) != 8 or not text.strip() or ref in out:
                        continue
                    keep, general_part = [], True
                    for token in text.split():
                        if re.match(r"(NZ|DCS|DCT|DTC|DC|CA|MY)([/;$0-9F]|$)", token):
                            general_part = False
                        elif token.startswith("From"):
                            general_part = True
                        if general_part:
                            keep.append(token)
                    official = " ".join(keep)
                    out[ref] = official
    return out


def check(raw_dir):
    failures = []
    head, rows, _ = render(raw_dir)
    with open(OUT, encoding="utf-8") as committed:
        if committed.read() != rate.text(head, rows):
            failures.append("au.tsv differs from a fresh derivation: run derive/au.py")
    table = {}
    with open(OUT, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            code, mfn, prefs, official, description = line.rstrip("\n").split("\t")
            table[code] = (mfn, official)
    officials = independent_officials(raw_dir)
    for code, official in officials.items():
        if code not in table:
            failures.append(f"{code}: in the raw file, not in au.tsv")
        elif table[code][1] != official:
            failures.append(f"{code}: official {table[code][1]!r}, raw reads {official!r}")
    for code in table:
        if code not in officials:
            failures.append(f"{code}: in au.tsv, not in the raw file")
    pins = 0
    for code, mfn, _row in rate.pins("au"):
        pins += 1
        if code not in table:
            failures.append(f"pin {code}: not in au.tsv")
        elif table[code][0] != mfn:
            failures.append(f"pin {code}: pinned {mfn!r}, au.tsv {table[code][0]!r}")
    for f in failures:
        print(f, file=sys.stderr)
    print(f"{len(officials)} raw national lines, {len(table)} in au.tsv, {pins} pins; "
          f"{len(failures)} failures")
    return 1 if failures else 0


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    raw_dir = args[0] if args else RAW_DEFAULT
    if "--check" in argv:
        return check(raw_dir)
    head, rows, inexact = render(raw_dir)
    rate.write(OUT, head, rows)
    print(f"{len(rows)} lines -> {OUT}")
    for text, expr in sorted(inexact.items()):
        print(f"  unread: {text!r} -> {expr}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
