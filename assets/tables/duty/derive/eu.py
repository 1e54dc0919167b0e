#!/usr/bin/env python3
"""Derives ../lines/eu.tsv (and, with `--tariff gb` or through gb.py, ../lines/gb.tsv) from the
UK Global Tariff data file.

Raw file: `global-uk-tariff.csv` of the repository uktrade/global-uk-tariff at commit ab1e602
(https://github.com/uktrade/global-uk-tariff/blob/ab1e602/global-uk-tariff.csv), published by the
UK Department for International Trade; Crown copyright, Open Government Licence v3 (the repository's
LICENSE names OGL v3 for the data). On this machine: /work/shared/data/tariffs/gb-eu-2021/.
One row per commodity code (CN8, or CN10 where the UK split a CN8), 11 830 rows; columns commodity,
description, cet_duty_rate (the EU Common External Tariff, CN 2020, third-country duty) and
ukgt_duty_rate (the UK Global Tariff as in force on 2021-01-01).

EU lines: the CN8 codes. Where the file also lists 10-digit codes under a CN8 and their CET rate is
the same expression as the CN8 row's, they fold into the CN8 line; where they differ (or there is
no CN8 row), the 10-digit codes are kept as lines, next to the CN8 row (the rest of that CN8).
GB lines: every commodity code as given.

Usage:
    python3 eu.py [--tariff eu|gb] [RAW_CSV]            writes ../lines/<tariff>.tsv
    python3 eu.py [--tariff eu|gb] --check [RAW_CSV]    re-derives in memory, compares with the
        committed TSV, re-reads the raw file independently to verify every national line and its
        official text, and checks the hand pins of tests/it/tariffs/<tariff>.rs; exits 1 on a mismatch.
"""

import collections
import csv
import io
import os
import re
import sys
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
RAW = "/work/shared/data/tariffs/gb-eu-2021/global-uk-tariff.csv"
SOURCE_URL = "https://github.com/uktrade/global-uk-tariff/blob/ab1e602/global-uk-tariff.csv"
RETRIEVED = "2026-11-24"
LICENCE = ("Open Government Licence v3.0 (Crown copyright, Department for International Trade); contains "
           "public sector information licensed under the Open Government Licence v3.0")

NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"

# Unit text after "EUR /" or "GBP/" (spaces removed, lower case) -> (unit, divisor).
UNITS = {
    "kg": ("kg", 1),
    "100kg": ("kg", 100),
    "100kg/net": ("kg", 100),
    "tonne": ("kg", 1000),
    "1000kg": ("kg", 1000),
    "hl": ("l", 100),
    "%vol/hl": ("l_alc", 1),           # per % vol per hl = per litre of pure alcohol
    "item": ("item", 1),
    "1,000items": ("item", 1000),
    "1000items": ("item", 1000),
    "100m": ("m", 100),
    "m2": ("m2", 1),
    "kg/lacticmatter": ("kg_lactic_matter", 1),
    "kg/drylacticmatter": ("kg_dry_lactic_matter", 1),
    "kg/totalc": ("kg_tot_alc", 1),
    # per 100 kg net per 1 % of sucrose content = per kg of sucrose contained
    "100kg/net/%sacchar.": ("kg_sucrose", 1),
    "100kg/stdqual": ("kg_standard_quality", 100),
    "100kgstdqual": ("kg_standard_quality", 100),
    "100kg/gross": ("kg_gross", 100),
    "100kg/br": ("kg_gross", 100),
    "100kg/netdrainedwt": ("kg_net_drained", 100),
    "100kgeda": ("kg_net_drained", 100),
    "100kg/netdry": ("kg_dry_matter", 100),
    "100kgmas": ("kg_dry_matter", 100),
}
UNKNOWN_TERMS = {"EA": "?EA", "ADSZ": "?ADSZ", "ADFM": "?ADFM"}


def dec(text):
    return Decimal(text.replace(",", ""))


class Unparsed(ValueError):
    pass


def normal(text):
    return " ".join(text.replace("\u20ac", " EUR ").split())


def term(text, currency, forms):
    m = re.fullmatch(rf"({NUM}) ?%", text)
    if m:
        return f"{rate.number(dec(m.group(1)))}%"
    m = re.fullmatch(NUM, text)
    if m:  # the CN prints ad valorem duty as a bare number (its duty column is in %)
        forms["bare number read as %"] += 1
        return f"{rate.number(dec(text))}%"
    if text in UNKNOWN_TERMS:
        return UNKNOWN_TERMS[text]
    m = re.fullmatch(rf"({NUM}) ?{currency} ?/ ?(.+)", text)
    if m:
        key = re.sub(r"\s+", "", m.group(2)).lower()
        if key not in UNITS:
            raise Unparsed(f"unit {m.group(2)!r}")
        unit, divisor = UNITS[key]
        return f"{rate.number(dec(m.group(1)) / divisor)} {currency}/{unit}"
    raise Unparsed(f"term {text!r}")


def sum_(text, currency, forms):
    return " + ".join(term(t.strip(), currency, forms) for t in re.split(r"\s*\+\s*", text))


def parse(official, currency, forms):
    """The official rate text -> a rate expression. `forms` counts the approximations made."""
    text = normal(official)
    if text == "Entry Price":
        forms["Entry Price -> ?entry_price"] += 1
        return "?entry_price"
    if "(" in text:
        # Seasonal rates: "A% (dates), B% (dates)" (a season may carry MIN x/100 kg). Kept: the lowest
        # ad valorem rate of the seasons (due all year), plus ?seasonal for the rest.
        seasons = [s.strip() for s in re.sub(r"\([^)]*\)", "", text).split(",")]
        lows = []
        for s in seasons:
            m = re.fullmatch(rf"({NUM})%(?: MIN {NUM} ?{currency} ?/.+)?", s)
            if not m:
                raise Unparsed(f"season {s!r}")
            lows.append(dec(m.group(1)))
        forms["seasonal -> lowest % + ?seasonal"] += 1
        return f"{rate.number(min(lows))}% + ?seasonal"
    parts = re.split(r" (MIN|MAX) ", text)
    expr = sum_(parts[0], currency, forms)
    seen = []
    for word, part in zip(parts[1::2], parts[2::2]):
        if seen and (word in seen or word == "MIN"):
            raise Unparsed(f"order of MIN/MAX in {text!r}")
        seen.append(word)
        expr += f" {word.lower()} {sum_(part, currency, forms)}"
    for word in UNKNOWN_TERMS:
        if f"?{word}" in expr:
            forms[f"{word} -> ?{word}"] += 1
    # A specific duty of zero (0.00 EUR / tonne) is free.
    if " " in expr and not re.search(r"[1-9]|\?", expr):
        forms["zero specific duty -> 0%"] += 1
        expr = "0%"
    return rate.check(expr)


def read(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def lines_eu(rows, forms):
    """The EU's national lines: (code, mfn, official, description), and the split CN8s."""
    by8 = {r["commodity"]: r for r in rows if len(r["commodity"]) == 8}
    tens = collections.defaultdict(list)
    for r in rows:
        if len(r["commodity"]) == 10:
            tens[r["commodity"][:8]].append(r)
        elif len(r["commodity"]) != 8:
            raise ValueError(f"code {r['commodity']!r}")
    out = [(c, parse(r["cet_duty_rate"], "EUR", forms), r["cet_duty_rate"], r["description"])
           for c, r in by8.items()]
    split = []
    for cn8, children in tens.items():
        own = by8.get(cn8)
        mine = [parse(r["cet_duty_rate"], "EUR", collections.Counter()) for r in children]
        if own is not None and all(m == parse(own["cet_duty_rate"], "EUR", collections.Counter()) for m in mine):
            continue  # folded into the CN8 line
        split.append(cn8)
        for r, m in zip(children, mine):
            parse(r["cet_duty_rate"], "EUR", forms)  # count its forms
            out.append((r["commodity"], m, r["cet_duty_rate"], r["description"]))
    return out, split


def lines_gb(rows, forms):
    return [(r["commodity"], parse(r["ukgt_duty_rate"], "GBP", forms), r["ukgt_duty_rate"], r["description"])
            for r in rows], []


def kinds(lines):
    k = collections.Counter()
    units = collections.Counter()
    for _, mfn, *_ in lines:
        terms = re.split(r" \+ | min | max ", mfn)
        pct = any(t.endswith("%") for t in terms)
        spec = [t for t in terms if " " in t]
        unknown = any(t.startswith("?") for t in terms)
        for t in spec:
            units[t.split("/")[1]] += 1
        if unknown:
            k["with ? terms"] += 1
        elif pct and spec:
            k["compound"] += 1
        elif spec:
            k["specific"] += 1
        else:
            k["ad valorem"] += 1
        k["min"] += " min " in mfn
        k["max"] += " max " in mfn
    return k, units


META = {
    "eu": dict(
        name="European Union Common Customs Tariff (Combined Nomenclature), third-country duty",
        source="EU Common External Tariff (CN) 2020 as listed in the UK Global Tariff data "
               "(uktrade/global-uk-tariff @ ab1e602, global-uk-tariff.csv, column cet_duty_rate)",
        edition="CN 2020 (EU Common External Tariff of 2020, as compared by DIT with the UKGT of 2021-01-01)",
        effective="2020-01-01",
        currency="EUR",
    ),
    "gb": dict(
        name="UK Global Tariff, MFN duty",
        source="UK Global Tariff (uktrade/global-uk-tariff @ ab1e602, global-uk-tariff.csv, column ukgt_duty_rate)",
        edition="UK Global Tariff as in force on 2021-01-01 (DIT data, repository commit ab1e602)",
        effective="2021-01-01",
        currency="GBP",
    ),
}


def derive(tariff, raw):
    rows = read(raw)
    forms = collections.Counter()
    lines, split = (lines_eu if tariff == "eu" else lines_gb)(rows, forms)
    k, units = kinds(lines)
    m = META[tariff]
    counted = "; ".join(f"{n} {w}" for w, n in sorted(k.items()))
    approximated = "; ".join(f"{n}x {w}" for w, n in sorted(forms.items()))
    unit_list = ", ".join(f"{u} {n}" for u, n in sorted(units.items()))
    if tariff == "eu":
        structure = (f"National lines are the CN8 codes of the file ({sum(1 for l in lines if len(l[0]) == 8)}); "
                     f"where the file splits a CN8 into 10-digit codes whose CET rate differs from the CN8 row's "
                     f"({len(split)} CN8s, {sum(1 for l in lines if len(l[0]) == 10)} ten-digit lines) the 10-digit "
                     f"codes are lines too, and the CN8 row (where there is one) stands for the rest of that CN8: "
                     f"look up the longest code that prefixes the commodity code. 10-digit codes with the same "
                     f"CET expression as their CN8 row are folded into it. A newer CN edition (2026) was not "
                     f"reachable at CN8 depth here (only HS6 min/max summaries), so these are the rates of 2020.")
    else:
        structure = (f"National lines are the commodity codes as given ({sum(1 for l in lines if len(l[0]) == 8)} "
                     f"8-digit, {sum(1 for l in lines if len(l[0]) == 10)} 10-digit); a 10-digit code sits next to "
                     f"its CN8 row where the UK split a CN8 (the CN8 row stands for the rest of it): look up the "
                     f"longest code that prefixes the commodity code. Rates of 2021-01-01 (a newer edition was not "
                     f"used).")
    notes = (f"{structure} Descriptions are the file's flat descriptions, as given (no parents below HS6 to "
             f"join). No preferential columns: prefs empty. Rates: {counted}. Specific units: {unit_list}. "
             f"Text forms mapped: /100 kg, /tonne, /1000 kg, /hl, /1000 items, /100 m divided out; per % vol/hl "
             f"is per litre of pure alcohol (l_alc); per 100 kg/net/% sacchar. is per kg of sucrose (kg_sucrose); "
             f"kg_net_drained (net drained weight, 'eda'), kg_dry_matter ('net dry', 'mas'), kg_gross ('gross', 'br'), "
             f"kg_standard_quality, kg_lactic_matter, kg_dry_lactic_matter, kg_tot_alc (per kg of total alcohol) are "
             f"quantities the engine cannot compute. MIN -> min, MAX -> max; EA (agricultural component), ADSZ "
             f"(additional duty on sugar), ADFM (on flour) -> ?EA, ?ADSZ, ?ADFM; 'Entry Price' -> ?entry_price; "
             f"seasonal rates 'A% (dates), B% (dates)' -> the lowest seasonal ad valorem rate + ?seasonal "
             f"(a season's MIN is dropped); a bare number before '+' or MIN is the CN's ad valorem percent; a zero "
             f"specific duty is 0%. Approximations and readings: {approximated or 'none'}.")
    header = {
        "tariff": tariff,
        "name": m["name"],
        "source": m["source"],
        "source_url": SOURCE_URL,
        "edition": m["edition"],
        "effective": m["effective"],
        "retrieved": RETRIEVED,
        "licence": LICENCE,
        "derived_by": f"assets/tables/duty/derive/{tariff}.py" + (" (shared code in eu.py)" if tariff == "gb" else ""),
        "notes": notes,
    }
    rows_out = [(code, mfn, "", official, description) for code, mfn, official, description in lines]
    return header, rows_out, forms, k, units, split


def independent(tariff, raw, tsv_path):
    """Re-reads the raw file with csv.reader by column position and checks the TSV against it."""
    problems = []
    tsv = {}
    with open(tsv_path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            code, mfn, prefs, official, description = line.rstrip("\n").split("\t")
            tsv[code] = (mfn, official, description)
    with open(raw, encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        head = next(reader)
        ci, di, ri = head.index("commodity"), head.index("description"), head.index(
            "cet_duty_rate" if tariff == "eu" else "ukgt_duty_rate")
        raw_rows = [(r[ci], " ".join(r[di].split()), " ".join(r[ri].split())) for r in reader]
    raw_codes = {c for c, _, _ in raw_rows}
    numbers = lambda s: [Decimal(x.replace(",", "")) for x in re.findall(NUM, s)]
    covered = set()
    for code, desc, official in raw_rows:
        if code in tsv:
            covered.add(code)
            if tsv[code][1] != official:
                problems.append(f"{code}: official {tsv[code][1]!r} != raw {official!r}")
            if tsv[code][2] != desc:
                problems.append(f"{code}: description differs")
        elif tariff == "eu" and len(code) == 10 and code[:8] in tsv and code[:8] in raw_codes:
            # folded into its CN8 line: the same numbers must be printed
            if numbers(tsv[code[:8]][1]) != numbers(official):
                problems.append(f"{code} folded into {code[:8]} but {official!r} != {tsv[code[:8]][1]!r}")
        else:
            problems.append(f"{code}: national line missing from the TSV")
    extra = set(tsv) - covered
    if extra:
        problems.append(f"TSV codes not in the raw file: {sorted(extra)[:10]}")
    return problems, tsv, {c: o for c, _, o in raw_rows}


def pins(tariff, tsv, raw_official):
    problems = []
    found = rate.pins(tariff)
    for code, mfn, row in found:
        if code not in tsv:
            problems.append(f"pin {code}: not in the TSV")
            continue
        if tsv[code][0] != mfn:
            problems.append(f"pin {code}: pinned {mfn!r}, TSV {tsv[code][0]!r}")
        printed = row.rsplit(" | ", 1)[-1]
        if row.split(" | ", 1)[0] != code:
            problems.append(f"pin {code}: row names another code")
        if printed != raw_official.get(code):
            problems.append(f"pin {code}: row rate {printed!r} != raw {raw_official.get(code)!r}")
    return problems, len(found)


def main(argv, tariff=None):
    args = list(argv)
    if "--tariff" in args:
        i = args.index("--tariff")
        tariff = args[i + 1]
        del args[i:i + 2]
    tariff = tariff or "eu"
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    raw = args[0] if args else RAW
    out = os.path.join(HERE, "..", "lines", f"{tariff}.tsv")
    header, rows, forms, k, units, split = derive(tariff, raw)
    if not check:
        rate.write(out, header, rows)
        print(f"{tariff}: {len(rows)} lines -> {os.path.normpath(out)} ({os.path.getsize(out)} bytes)")
        print(f"  kinds: {dict(k)}\n  units: {dict(units)}\n  forms: {dict(forms)}\n  split CN8s: {len(split)}")
        return 0
    problems = []
    with open(out, encoding="utf-8") as f:
        if f.read() != rate.text(header, rows):
            problems.append(f"{out} differs from a fresh derivation: run the script")
    more, tsv, raw_official = independent(tariff, raw, out)
    problems += more
    more, n = pins(tariff, tsv, raw_official)
    problems += more
    for p in problems[:50]:
        print(p, file=sys.stderr)
    print(f"{tariff}: {len(tsv)} lines, {n} pins, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
