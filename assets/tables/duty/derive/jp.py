"""Derives ../lines/jp.tsv, Japan's national tariff lines (9-digit statistical codes), from the raw files.

Raw files: `src/tariffdata/j_NN_tariff_data.json` (one per chapter) and `index.json` of
qlitre/japan-tariff-mcp @ 715eff9 (https://github.com/qlitre/japan-tariff-mcp), a JSON scrape of
Japan Customs' 実行関税率表 (Customs Tariff Schedules of Japan), VERSION 2026_07_09, published at
https://www.customs.go.jp/tariff/ . On this machine: /work/shared/data/tariffs/jp-2026/tariffdata/.
Code MIT; data Japan Customs (Government of Japan Standard Terms of Use 2.0, CC BY 4.0 compatible).

    python3 assets/tables/duty/derive/jp.py [RAW_DIR]           # writes ../lines/jp.tsv
    python3 assets/tables/duty/derive/jp.py --check [RAW_DIR]   # verifies jp.tsv and tests/it/tariffs/jp.rs

Standard library only; rates are handled as decimal.Decimal, never floats.
"""

import glob
import json
import os
import re
import sys
from decimal import Decimal

sys.path.insert(0, os.path.dirname(__file__))
import rate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
RAW = "/work/shared/data/tariffs/jp-2026/tariffdata"
OUT = os.path.join(REPO, "assets", "tables", "duty", "lines", "jp.tsv")

GEN, TMP, WTO = "基本", "暫定", "WTO協定"
# EPA columns of the file -> agreement ids (preferential.json; EU-JP, UK-JP, AU-JP, RCEP are added there by the engine).
PREF_COLUMNS = [("AU-JP", ["EPA_豪州"]), ("CPTPP", ["EPA_CPTPP"]), ("EU-JP", ["EPA_欧州連合"]),
                ("RCEP", ["EPA_RCEP_アセアン豪州NZ", "EPA_RCEP_中国", "EPA_RCEP_韓国"]), ("UK-JP", ["EPA_英国"])]

# Units of specific duties: the file's unit -> (grammar unit, divisor).
UNITS = {"kg": ("kg", 1), "l": ("l", 1), "kl": ("l", 1000), "MT": ("kg", 1000), "㎡": ("m2", 1),
         "足": ("pair", 1), "頭": ("item", 1), "本": ("item", 1), "枚": ("item", 1), "個": ("item", 1),
         "ダース": ("dozen", 1)}

NUM = r"[0-9][0-9,]*(?:\.[0-9]+)?"
# Footnote marks of the printed schedule: * ** (WTO column), ※ (temporary), ◎, ● and ◆N (EPA footnotes).
MARKS = re.compile(r"◆\s*[0-9]+|^[*※◎]+")


def norm(text):
    """Normalises a rate cell for parsing: full-width signs, whitespace removed, footnote marks dropped."""
    t = text.replace("＋", "+").replace("％", "%").replace("（", "(").replace("）", ")").replace("−", "-")
    t = MARKS.sub("", "".join(t.split()))
    return MARKS.sub("", t)


def paren(text):
    """(inner, True) when the whole cell is in parentheses (in the WTO column: not applied)."""
    t = norm(text)
    if t.startswith("(") and t.endswith(")"):
        depth = 0
        for i, ch in enumerate(t):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and i < len(t) - 1:
                return t, False
        return t[1:-1], True
    return t, False


def dec(s):
    return Decimal(s.replace(",", ""))


def term(t):
    """One term: '無税', 'N%', 'N円/unit', 'N円/N本'. Returns (kind, Decimal) with kind '%' or a unit."""
    if t in ("無税", "免税"):
        return ("%", Decimal(0))
    m = re.fullmatch(rf"({NUM})%", t)
    if m:
        return ("%", dec(m.group(1)))
    m = re.fullmatch(rf"({NUM})(万?)円/({NUM})?([^0-9]+)", t)
    if m and m.group(4) in UNITS:
        unit, div = UNITS[m.group(4)]
        amount = dec(m.group(1)) * (10000 if m.group(2) else 1)
        per = dec(m.group(3)) if m.group(3) else Decimal(1)
        return (unit, amount / div / per)
    return None


def sum_(t):
    terms = [term(p) for p in t.split("+")]
    if not terms or None in terms:
        return None
    return tuple(terms)


def parse(text):
    """A rate cell -> (sum, min_sum, max_sum) or None when it is not an exact rate."""
    t, _ = paren(text)
    m = re.fullmatch(r"(.+)又は(.+)のうちいずれか(高|低)い税率(?:ただしその税率が(.+)を下回る場合は(.+))?", t)
    if m:
        a, b = sum_(m.group(1)), sum_(m.group(2))
        if a is None or b is None:
            return None
        if m.group(3) == "高":
            return (a, b, None) if not m.group(4) else None
        if m.group(4):  # lower of a and b, but not less than c: a min c max b (c <= b checked)
            c, c2 = sum_(m.group(4)), sum_(m.group(5))
            if c is None or c != c2 or not sum_le(c, b):
                return None
            return (a, c, b)
        return (a, None, b)
    s = sum_(t)
    return (s, None, None) if s else None


def fmt_sum(s):
    return " + ".join(f"{rate.number(v)}%" if k == "%" else f"{rate.number(v)} JPY/{k}" for k, v in s)


def fmt(e):
    out = fmt_sum(e[0])
    if e[1]:
        out += " min " + fmt_sum(e[1])
    if e[2]:
        out += " max " + fmt_sum(e[2])
    return out


def free(e):
    return e[1] is None and e[2] is None and all(v == 0 for _, v in e[0])


def sum_le(u, l):
    """Sum u is at most sum l for every quantity (all amounts are non-negative)."""
    have = dict(l)
    return all(v == 0 or (k in have and v <= have[k]) for k, v in u)


def expr_le(a, b):
    """Expression a is at most expression b for every quantity, as far as can be shown."""
    if free(a):
        return True
    uppers = ([a[0]] + ([a[2]] if a[2] else [])) if a[1] is None else ([a[2]] if a[2] else [])
    lowers = ([b[0]] + ([b[1]] if b[1] else [])) if b[2] is None else []
    if any(sum_le(u, l) for u in uppers for l in lowers):
        return True
    # the same structure: the clamp rises with each of its parts
    return all((x is None) == (y is None) and (x is None or sum_le(x, y)) for x, y in zip(a, b))


def compare(a, b):
    """-1/0/1 when expressions a and b compare for every quantity, None when they cannot."""
    if fmt(a) == fmt(b):
        return 0
    le, ge = expr_le(a, b), expr_le(b, a)
    if le and ge:
        return 0
    return -1 if le else 1 if ge else None


# --------------------------------------------------------------------------------------- the tree

ENUM = re.compile(r"^\*{0,2}(?:〔[0-9a-z]+〕|\((?:[0-9]+|[a-z]+|[IVX]+|[ｲﾛﾊﾆﾎ])\)|(?:[0-9]+|[A-Z]|[IVX]+)\s+|−+)\s*")


def clean_desc(d):
    d = " ".join(d.split())
    return ENUM.sub("", d, count=1).strip()


def read_raw(raw):
    """Yields (code, cells, desc_parts, row_desc) for every national row, cells inherited down the tree."""
    files = sorted(glob.glob(os.path.join(raw, "j_*_tariff_data.json")))
    if not files:
        sys.exit(f"no j_*_tariff_data.json in {raw}")
    for path in files:
        with open(path, encoding="utf-8") as f:
            nodes = json.load(f)

        def walk(nodes, inherited, chain):
            for x in nodes:
                cells = dict(inherited)
                cells.update({k: v for k, v in x["rate"].items() if v.strip()})
                sc = x["stat_code"]
                if x["hs_code"]:
                    # parents below the HS subheading: the ancestors with the same 6-digit code, but the topmost
                    same = [d for c, d in chain if c == sc]
                    parts = [clean_desc(d) for d in same[1:]] + [clean_desc(x["desc"])]
                    yield (sc.replace(".", "") + x["hs_code"], cells, parts)
                yield from walk(x["children"], cells, chain + [(sc if not x["hs_code"] else None, x["desc"])])

        yield from walk(nodes, {}, [])


def cell_text(cells, col):
    return " ".join(cells.get(col, "").split()) or "-"


def official(cells):
    return f"基本 {cell_text(cells, GEN)} / 暫定 {cell_text(cells, TMP)} / WTO {cell_text(cells, WTO)}"


class Stats:
    def __init__(self):
        self.n = {}

    def add(self, key, code):
        self.n.setdefault(key, []).append(code)


LACTOSE = re.compile(rf"1キログラムにつき、({NUM})円に重量比による乳糖の含有率が.*を加えた額")
GATE = ("課税価格", "基準輸入価格")
TOKEN = rf"(?:{NUM}%|無税|免税|{NUM}万?円/(?:kg|l|kl|MT|㎡|足|頭|本|枚|個|ダース))"


def cell(text):
    """A general/temporary/WTO cell -> (expression or None, unknown word or None, parenthesised)."""
    inner, wrapped = paren(text)
    m = LACTOSE.fullmatch(inner)
    if m:  # at least N yen/kg, more with the lactose content
        return ((("kg", dec(m.group(1))),), None, None), "lactose", wrapped
    if any(g in inner for g in GATE):
        return None, "gate_price", wrapped
    return parse(text), None, wrapped


def wto_alternatives(text):
    """The rates of a WTO cell given as a range or by condition, outside parentheses."""
    t = norm(text)
    while re.search(r"\([^()]*\)", t):
        t = re.sub(r"\([^()]*\)", "", t)
    found = re.findall(rf"{TOKEN}(?:\+{TOKEN})*", t)
    return [parse(f) for f in found if parse(f)]


def mfn(cells, st, code):
    """The applied MFN rate of one row, as a rate expression."""
    g, t, w = cells.get(GEN, ""), cells.get(TMP, ""), cells.get(WTO, "")
    ge, gu, gp = cell(g) if g else (None, None, False)
    te, tu, _ = cell(t) if t else (None, None, False)
    if t:  # the temporary rate applies in place of the general rate
        base, unknown = te, tu
        if ge is not None and te is not None and not gp:
            c = compare(ge, te)
            if c == -1:
                base, unknown = ge, gu
                st.add("general lower than temporary (general taken)", code)
            elif c is None:
                st.add("general and temporary not comparable (temporary taken)", code)
    else:
        base, unknown = ge, gu
    if base is None and unknown is None:
        unknown = "unparsed"
        st.add("general/temporary not parsed", code)
    if w:
        we, wu, wp = cell(w)
        if we is not None and not wp:
            if base is None:  # a price-dependent duty, but not more than the WTO rate
                st.add("price-dependent duty capped by the WTO rate (?word max WTO)", code)
                return f"?{unknown} max {fmt(we)}"
            c = compare(we, base)
            if c in (-1, 0):
                base, unknown = we, wu
            elif c == 1:
                st.add("unparenthesised WTO rate higher than the temporary rate (temporary kept)", code)
            elif base[1] is None and we[1] is None and we[2] is None and (
                    base[2] is None or sum_le(we[0], base[2])):
                st.add("WTO and general/temporary not comparable: the lower of them (T max W)", code)
                base = (base[0], None, we[0])
            else:
                st.add("WTO and general/temporary not comparable (temporary/general taken)", code)
        elif we is None and wu is None and not wp and wto_alternatives(w):
            alts = [base] + wto_alternatives(w) if base is not None else wto_alternatives(w)
            low = alts[0]
            for x in alts[1:]:
                c = compare(x, low) if low is not None else None
                if c == -1:
                    low = x
                elif c is None:
                    low = None
            st.add("WTO rate a range or by condition: the lowest rate + ?wto_range", code)
            if low is None or unknown:
                return f"{fmt(base)} + ?wto_range" if base is not None else "?wto_range"
            return f"{fmt(low)} + ?wto_range"
    if base is None:
        return f"?{unknown}"
    return f"{fmt(base)} + ?{unknown}" if unknown else fmt(base)


def pref(cells, columns, code, st, agreement):
    texts = [cells.get(c, "").strip() for c in columns]
    if not any(texts):
        return None
    exprs = []
    for t in texts:
        if not t:
            st.add(f"{agreement}: no rate in a column", code)
            return None
        if paren(t)[1]:
            st.add(f"{agreement}: parenthesised (MFN applies)", code)
            return None
        e = parse(t)
        if e is None:
            st.add(f"{agreement}: conditional or not exact (left out)", code)
            return None
        exprs.append(e)
    top = exprs[0]
    for e in exprs[1:]:
        c = compare(e, top)
        if c is None:
            st.add(f"{agreement}: origin columns differ in shape (left out)", code)
            return None
        if c == 1:
            top = e
    if len({fmt(e) for e in exprs}) > 1:
        st.add(f"{agreement}: origin columns differ (highest taken)", code)
    return f"{agreement}={fmt(top)}"


def derive(raw):
    st = Stats()
    by_code = {}
    for code, cells, parts in read_raw(raw):
        by_code.setdefault(code, []).append((cells, parts))
    rows = []
    kinds = {"ad valorem": 0, "specific": 0, "compound": 0, "?": 0, "min": 0, "max": 0}
    for code, entries in by_code.items():
        results = []
        for cells, parts in entries:
            e = mfn(cells, st, code)
            prefs = [p for a, cols in PREF_COLUMNS if (p := pref(cells, cols, code, st, a))]
            results.append((e, ";".join(prefs), official(cells), " > ".join(p for p in parts if p)))
        if len(results) == 1:
            e, prefs, off, desc = results[0]
        else:  # same code on several rows: seasonal rates (by date of import)
            st.add("one code on several rows (seasonal): lowest rate + ?season", code)
            exprs = [r[0] for r in results]
            parsed = [parse_expr(x) for x in exprs]
            low = parsed[0]
            for p in parsed[1:]:
                if low is None or p is None or compare(p, low) is None:
                    low = None
                    break
                if compare(p, low) == -1:
                    low = p
            if len(set(exprs)) == 1:
                e = exprs[0]
            else:
                e = f"{fmt(low)} + ?season" if low else "?season"
            prefs = results[0][1] if len({r[1] for r in results}) == 1 else ""
            off = " | ".join(f"({i}) {r[2]}" for i, r in enumerate(results, 1))
            common = os.path.commonprefix([r[3].split(" > ") for r in results])
            desc = " > ".join(common + [" / ".join(r[3].split(" > ")[len(common):][-1] for r in results)])
        rows.append((code, rate.check(e), prefs, off, desc))
        kinds["?"] += "?" in e
        kinds["min"] += " min " in e
        kinds["max"] += " max " in e
        first = e.split(" min ")[0].split(" max ")[0]
        terms = [x for x in first.split(" + ") if not x.startswith("?")]
        if terms:
            has_pct = any(x.endswith("%") for x in terms)
            has_spec = any(not x.endswith("%") for x in terms) or " min " in e or " max " in e
            kinds["compound" if has_pct and has_spec else "specific" if has_spec else "ad valorem"] += 1
    return sorted(rows), st, kinds


def parse_expr(e):
    """An expression written by fmt, back to its tuple form (for the seasonal rows); None with a `?`."""
    if "?" in e:
        return None

    def s(x):
        out = []
        for t in x.split(" + "):
            if t.endswith("%"):
                out.append(("%", Decimal(t[:-1])))
            else:
                n, u = t.split(" ")
                out.append((u.split("/")[1], Decimal(n)))
        return tuple(out)
    head, _, mx = e.partition(" max ")
    head, _, mn = head.partition(" min ")
    return (s(head), s(mn) if mn else None, s(mx) if mx else None)


def header(rows, st, kinds, raw):
    with open(os.path.join(raw, "index.json"), encoding="utf-8") as f:
        version = json.load(f)["version"]
    counts = "; ".join(f"{k}: {len(v)}" for k, v in sorted(st.n.items()))
    return {
        "tariff": "jp",
        "name": "Customs Tariff Schedules of Japan (実行関税率表), statistical codes",
        "source": "Japan Customs (Ministry of Finance), 実行関税率表, as scraped to JSON by qlitre/japan-tariff-mcp @ 715eff9, src/tariffdata/j_NN_tariff_data.json",
        "source_url": "https://www.customs.go.jp/tariff/ (scrape: https://github.com/qlitre/japan-tariff-mcp/tree/715eff9/src/tariffdata)",
        "edition": f"VERSION {version}",
        "effective": "2026-07-09",
        "retrieved": "2026-11-24",
        "licence": "Japan Customs data under the Government of Japan Standard Terms of Use (Ver. 2.0), compatible with CC BY 4.0 (attribution: Japan Customs); scrape code MIT",
        "derived_by": "assets/tables/duty/derive/jp.py",
        "notes": (
            f"{len(rows)} national lines (9-digit statistical codes: stat_code + hs_code). "
            f"mfn: ad valorem {kinds['ad valorem']}, specific {kinds['specific']}, compound or min/max {kinds['compound']}, "
            f"with ? terms {kinds['?']}, with min {kinds['min']}, with max {kinds['max']}. "
            "Inheritance: each rate column (基本, 暫定, WTO協定 and every EPA column) is inherited separately from the "
            "nearest ancestor row that has text in that column. Applied MFN: the temporary rate (暫定) where there is one "
            "(it applies in place of the general rate; where general and temporary cannot be compared the temporary is taken), "
            "else the general rate (基本); then the WTO rate (WTO協定) where it is not in parentheses and is lower. "
            "Rates compare when every component does (free is lowest; X min Y is at least X and Y; same-shaped clamps "
            "compare part by part). An unparenthesised WTO rate that cannot be compared with the temporary/general rate "
            "is combined as 'T max W' (the lower of the two, exact). A WTO rate in parentheses is never applied. "
            "Footnote marks * ** ※ ◎ ● ◆N are dropped from the rate (they flag "
            "tariff-quota, safeguard and similar conditions of the printed schedule). Texts: 無税/免税 = 0%; "
            "X又はYのうちいずれか高い税率 = X min Y; いずれか低い税率 = X max Y; wine's ...ただしその税率がZを下回る場合はZ = X min Z max Y; "
            "units 円/kg kg, 円/l l, 円/kl l (/1000), 円/MT kg (/1000), 円/㎡ m2, 円/足 pair, 円/頭 (animals), 円/本, 円/N本, 円/枚 item; "
            "currency JPY. ? terms: ?gate_price (price-dependent duties: 基準輸入価格/分岐点価格 gate prices, (N円-課税価格)/kg), "
            "?lactose (per-kg duty rising with lactose content), ?wto_range (an applicable WTO rate given as a range or "
            "by condition, e.g. footwear with/without metal toe-caps: the lowest rate that can apply + ?wto_range); "
            "price-dependent duties capped by an applicable WTO rate are written '?gate_price max W'; ?season (one code on two rows by date "
            "of import: the lowest seasonal rate + ?season). official: '基本 X / 暫定 Y / WTO Z' of the inherited cells "
            "('-' empty), whitespace collapsed, verbatim otherwise; seasonal codes '(1) ... | (2) ...'. description: Japanese "
            "(the file has no English), the line's parents below the HS subheading then its own, list enumerators "
            "(1, (1), A, (a), 〔1〕, −) stripped. prefs: AU-JP=EPA_豪州, CPTPP=EPA_CPTPP, EU-JP=EPA_欧州連合, UK-JP=EPA_英国, "
            "RCEP=the highest of EPA_RCEP_アセアン豪州NZ, EPA_RCEP_中国, EPA_RCEP_韓国; written only when the cell is an exact "
            "rate (parenthesised = MFN applies, conditional, quota, origin-split or range texts are left out, so MFN applies). "
            f"Counts: {counts}."
        ),
    }


# --------------------------------------------------------------------------------------- check

def independent_official(raw):
    """Re-reads the raw files without read_raw: a stack walk, each column inherited from the nearest ancestor."""
    out = {}
    for path in sorted(glob.glob(os.path.join(raw, "j_*_tariff_data.json"))):
        with open(path, encoding="utf-8") as f:
            stack = [(n, []) for n in reversed(json.load(f))]
        while stack:
            node, ancestors = stack.pop()
            chain = ancestors + [node]
            if node["hs_code"]:
                def cell(col):
                    for a in reversed(chain):
                        v = " ".join(a["rate"].get(col, "").split())
                        if v:
                            return v
                    return "-"
                code = node["stat_code"].replace(".", "") + node["hs_code"]
                out.setdefault(code, []).append(f"基本 {cell(GEN)} / 暫定 {cell(TMP)} / WTO {cell(WTO)}")
            stack.extend((c, chain) for c in reversed(node["children"]))
    return {c: v[0] if len(v) == 1 else " | ".join(f"({i}) {t}" for i, t in enumerate(v, 1)) for c, v in out.items()}


def check(raw):
    rows, st, kinds = derive(raw)
    with open(OUT, encoding="utf-8") as committed:
        same = committed.read() == rate.text(header(rows, st, kinds, raw), rows)
    bad = 0
    if not same:
        print("jp.tsv differs from a fresh derivation: run jp.py to regenerate")
        bad += 1
    tsv = {}
    with open(OUT, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                code, mfn_, prefs, off, desc = line.rstrip("\n").split("\t")
                tsv[code] = (mfn_, off)
    raw_lines = independent_official(raw)
    for code, off in raw_lines.items():
        if code not in tsv:
            print(f"{code}: in the raw file, not in jp.tsv")
            bad += 1
        elif tsv[code][1] != off:
            print(f"{code}: official text differs: {tsv[code][1]!r} vs raw {off!r}")
            bad += 1
    for code in tsv.keys() - raw_lines.keys():
        print(f"{code}: in jp.tsv, not a national line of the raw file")
        bad += 1
    pins = 0
    for code, want, _row in rate.pins("jp"):
        pins += 1
        if code not in tsv:
            print(f"pin {code}: not in jp.tsv")
            bad += 1
        elif tsv[code][0] != want:
            print(f"pin {code}: jp.rs {want!r}, jp.tsv {tsv[code][0]!r}")
            bad += 1
    print(f"{len(raw_lines)} raw national lines, {len(tsv)} rows in jp.tsv, {pins} pins checked, {bad} problems")
    return 1 if bad else 0


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    raw = args[0] if args else RAW
    if "--check" in argv:
        return check(raw)
    rows, st, kinds = derive(raw)
    rate.write(OUT, header(rows, st, kinds, raw), rows)
    print(f"wrote {OUT}: {len(rows)} lines; {kinds}")
    for k, v in sorted(st.n.items()):
        print(f"  {k}: {len(v)} e.g. {v[:5]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
