"""Shared by the tariff derivations: the rate-expression grammar of ../lines/README.md, the
lines file as text, and the pins of tests/it/tariffs/ their checks compare with."""

import os
import re
from decimal import Decimal

PINS_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "tests", "it", "tariffs")
# On one line or as rustfmt lays it out, one field a line.
PIN = re.compile(r'Pin \{\s*code: "(\d+)",\s*mfn: "([^"]*)",\s*row: "([^"]*)",?\s*\}')

NUMBER = r"(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?"
TERM = rf"(?:{NUMBER}%|{NUMBER} [A-Z]{{3}}/[a-z][a-z0-9_]*|\?[A-Za-z0-9_-]+)"
SUM = rf"{TERM}(?: \+ {TERM})*"
EXPRESSION = re.compile(rf"^{SUM}(?: min {SUM})?(?: max {SUM})?$")


def number(value) -> str:
    """A decimal written plainly: no exponent, no trailing zeros (Decimal('4.40') -> '4.4')."""
    d = Decimal(value)
    text = format(d.normalize(), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def check(expression: str) -> str:
    """Returns the expression, or raises when it does not follow the grammar."""
    if not EXPRESSION.match(expression):
        raise ValueError(f"not a rate expression: {expression!r}")
    return expression


def text(header: dict, rows) -> str:
    """A lines file: `header` as `# key: value`, then rows (code, mfn, prefs, official,
    description) sorted by code, each code once."""
    seen = set()
    out = [f"# {key}: {value}\n" for key, value in header.items()]
    clean = lambda s: " ".join(s.split())
    for code, mfn, prefs, official, description in sorted(rows):
        if code in seen:
            raise ValueError(f"{code} twice")
        seen.add(code)
        check(mfn)
        for pref in filter(None, prefs.split(";")):
            agreement, _, expr = pref.partition("=")
            check(expr)
        out.append(f"{code}\t{mfn}\t{prefs}\t{clean(official)}\t{clean(description)}\n")
    return "".join(out)


def kinds(rows) -> dict:
    """How many lines' MFN rates are free, ad valorem, specific, compound, or have a ? term."""
    counts = {"free": 0, "ad_valorem": 0, "specific": 0, "compound": 0, "unknown": 0}
    for _, mfn, _, _, _ in rows:
        terms = re.split(r" \+ | min | max ", mfn)
        if "?" in mfn:
            counts["unknown"] += 1
        elif mfn == "0%":
            counts["free"] += 1
        elif all(t.endswith("%") for t in terms):
            counts["ad_valorem"] += 1
        elif any(t.endswith("%") for t in terms):
            counts["compound"] += 1
        else:
            counts["specific"] += 1
    return counts


def read_lines(tsv_text: str) -> dict:
    """A lines file's lines as {code: (mfn, official)}."""
    out = {}
    for line in tsv_text.splitlines():
        if not line.startswith("#"):
            code, mfn, _prefs, official, _desc = line.split("\t")
            out[code] = (mfn, official)
    return out


def pin_problems(tariff: str, lines: dict):
    """The pins of tests/it/tariffs/<tariff>.rs against `lines` ({code: (mfn, official)}):
    (the pins, a problem for each pin whose line is missing or has another MFN)."""
    found = pins(tariff)
    problems = []
    for code, mfn, _row in found:
        if code not in lines:
            problems.append(f"pin {code} not in the TSV")
        elif lines[code][0] != mfn:
            problems.append(f"pin {code}: mfn {mfn!r} but TSV {lines[code][0]!r}")
    return found, problems


def write(path, header: dict, rows):
    """Writes the lines file `text` makes."""
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(text(header, rows))


def pins(tariff: str):
    """The pins of tests/it/tariffs/<tariff>.rs as (code, mfn, row); raises when an entry is
    written in a way this cannot read, so a check never passes over a pin silently."""
    with open(os.path.join(PINS_DIR, f"{tariff}.rs"), encoding="utf-8") as f:
        source = f.read()
    found = PIN.findall(source)
    if len(found) != source.count("Pin {") - source.count("pub struct Pin {"):
        raise ValueError(f"{tariff}.rs has a Pin entry the checks cannot read")
    return found
