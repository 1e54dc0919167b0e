"""Shared by the tariff derivations: the rate-expression grammar of ../lines/README.md."""

import re
from decimal import Decimal

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


def write(path, header: dict, rows):
    """Writes a lines file: `header` as `# key: value`, then rows (code, mfn, prefs, official,
    description) sorted by code, each code once."""
    seen = set()
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for key, value in header.items():
            out.write(f"# {key}: {value}\n")
        for code, mfn, prefs, official, description in sorted(rows):
            if code in seen:
                raise ValueError(f"{code} twice")
            seen.add(code)
            check(mfn)
            for pref in filter(None, prefs.split(";")):
                agreement, _, expr = pref.partition("=")
                check(expr)
            clean = lambda s: " ".join(s.split())
            out.write(f"{code}\t{mfn}\t{prefs}\t{clean(official)}\t{clean(description)}\n")
