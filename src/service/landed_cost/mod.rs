//! The landed-cost engine of `POST /v1/landed-cost` (SPEC 4.1), driven by the dated tables of
//! `assets/tables/` and `assets/hs/` (see [`Tables`]).
//!
//! # How a shipment is priced
//!
//! All rules are those in force on the date of [`CalcOptions::now`].
//!
//! 1. **Lines.** Each item's value is `quantity × (unit_price − unit_discount)`, rounded to the
//!    request currency's minor units. The `order_discount` (rounded the same way) is split over
//!    every item of every shipment in proportion to those values, by largest remainder, so the
//!    parts sum to it exactly ([`allocate`]). The result is the line's net value.
//! 2. **HS code.** The merchant's `hs_code` when its first six digits are a known HS
//!    subheading, else a code classified from product name, category and description.
//! 3. **Regime.** `local` when `ship_from` and `ship_to` are the same country: no duty,
//!    domestic tax. Between two members of a customs union (EU): `cross_border`, but no duty
//!    and no customs relief, destination VAT. Otherwise an import.
//! 4. **Shipping** of each rate is split over the items that ship, by net value (largest
//!    remainder). For CIF destinations an item's customs value is its net value plus its
//!    share; for FOB destinations its net value.
//! 5. **Duty** (imports only). No duty on items with `requires_shipping: false`. The duty
//!    relief of the destination is checked against the consignment's goods value (net value
//!    of the items that ship, without shipping) converted to the relief's currency: an
//!    exemption removes all duty lines; the EU flat duty (2026-07-01 to 2028-06-30) replaces
//!    them by one line per distinct HS6 subheading. Otherwise each dutiable item gets a `duty`
//!    line, `taxable_amount` = its customs value:
//!    - where the destination has a full national tariff (EU, GB, US, CA, JP, AU: `tables::Schedule`)
//!      in force, the national line the item's code names, else the one its subheading's lines
//!      share, the one its words describe, or the tariff's "other" line (`line_choice`); its
//!      MFN rate, or the rate of a trade agreement whose members are the item's origin, the
//!      ship-from country and the destination where the tariff has that agreement's column
//!      (an agreement without one keeps the goods duty-free). Specific and compound rates are
//!      computed from quantity, net weight and pairs (`assess`); what the cart cannot give
//!      leaves the ad valorem part and the line says "non-guaranteed". `rate` = the ad valorem
//!      percent, or the effective percent of a compound duty;
//!    - elsewhere (and for goods a partial tariff lacks) the MFN rate of the most specific row
//!      of the chapter table, named an approximation when the row is broader than a
//!      subheading; members of an agreement covering the goods pay none.
//! 6. **Tax.** For every tax of the destination (VAT, GST, HST, PST, QST, state sales tax) each
//!    item gets a `product_tax` line: base = net value, plus its duty where the destination's
//!    import tax base includes duty (not for US sales tax); rate = the standard rate, or a
//!    reduced/zero rate when the item is in a qualifying category. Shipping is taxed by
//!    `shipment_tax` lines (`sku: null`) where the tax covers shipping: shipping follows the
//!    rate of the goods it carries (one line per distinct rate, base = the shipping shares of
//!    those goods). A tax relief (imports only) exempts the shipped goods and the shipping;
//!    items that do not ship (digital goods, services) stay taxed at the destination's rate,
//!    being outside customs reliefs.
//! 7. **Totals.** Every line's `amount` is rounded once, half away from zero, to the request
//!    currency's minor units; `duties`, `product_taxes` and `shipment_taxes` are the sums of
//!    their lines and `total_taxes = product_taxes + shipment_taxes`.
//!
//! # Flat duty lines
//!
//! A flat duty line (EU: EUR 3 per distinct tariff subheading in a consignment of EUR 150 or
//! less, from 2026-07-01) names its rule and subheading in `tax_name`; `rate` is 0 (it is not a
//! percentage of anything); `taxable_amount` is the customs value of the consignment's goods in
//! that subheading; `amount` is the flat amount converted to the request currency and rounded;
//! `sku` is the SKU when the subheading holds one SKU only, else null. For the import VAT base
//! the amount is shared among the subheading's items by customs value.
//!
//! # Lines that are not charged
//!
//! No line is emitted for a charge that does not apply (local or customs-union shipment,
//! preferential origin, a relief, items that do not ship). A charge that applies at a rate of
//! 0 % (e.g. MFN duty on books, zero-rated books in GB) is shown with amount 0.
//!
//! # Identifiers and exchange rates
//!
//! `landedcost_request_id` is `lc_` and a time-ordered UUID (v7); each `tax_transaction_id` is
//! the calculation's id, a dash and the rate option's number (`service::ids`).
//! `usd_conversion_rate` is USD per unit of the request currency from the FX table (ECB
//! reference rates; the latest publication on or before the date), to 8 significant digits.
//!
//! # The landed-cost engine
//!
//! Data-driven: `assets/tables/*.json` (VAT/GST, US and Canadian sales taxes, reduced rates, MFN duties per
//! destination, preferential origin areas, valuation basis, de minimis, ECB FX rates) and `assets/hs/`
//! (HS 2022 nomenclature, classification keywords) are embedded in the binary, parsed and checked once
//! at start (`Tables::load`), each file naming its source and each row its effective dates;
//! `assets/tables/README.md` lists them. The engine prices for a date (`CalcOptions::now`), so a rule
//! change is a table row, and `packdesk serve --pricing-date` reproduces a past quote. The worked
//! examples in `tests/it/landed_cost/` are checked by hand in their comments, and each is priced twice —
//! by the engine and over HTTP by a service pinned to the example's date — and must agree.
//!
//! # Choosing the national line
//!
//! `line_choice` picks the national line as a broker reads the tariff: the line the code names;
//! one rate for the whole subheading; the item's value and packing-content brackets where lines
//! state them (`tables::bracket`: per item, pair, dozen, gross, kilogram or set, read from the
//! item's value, weight and piece count, undecided where a parcel's weight cannot tell). Then
//! `rule_out` keeps the lines the product's words do not contradict (a special use it does not
//! name, a use no shop's parcel has, something a line excludes, another material, sex, or knitted
//! where it is woven; a line's one use is read by `tables::special_use`, where a machine's line
//! "for the manufacture of" pasta is a pasta extruder's), and `words` prefers the line whose
//! own words name all of one thing the product is, else its level's "other". When the lines
//! left carry different rates the choice lists them (`Choice::unsure`): the duty line says "not
//! guaranteed: may also be at …" (`api::undecided`, which the desk's quote panel reads back)
//! and charges the most likely line or, with `serve --undecided-line highest`, the dearest. Japan's lines are read in English
//! through `tables::glossary`. `tests/it/tariffs/choice/` measures the choice.
//!
//! # Work done as rarely as its inputs change
//!
//! At load: the phrase indexes of the tax categories and of the classifier's keywords
//! (`phrase::PhraseSet`), each line's own description and each distinct rate's printed text
//! (`RateExpr::written`). Per quote: an item's texts split once into words (`phrase::Words`).
//! On a line's first use: its words and printed name. Once per shipment: what is the same at
//! every shipping rate (`duty::LineDuties`, `tax::LineRates`: the line chosen, the agreements,
//! the low-value reliefs).

mod allocate;
mod assess;
mod cart;
mod classify;
mod deminimis;
mod duty;
mod duty_line;
mod engine;
mod line_choice;
mod phrase;
mod regime;
pub mod tables;
mod tax;

pub use allocate::{AllocateError, allocate};
pub use engine::{CalcOptions, Engine};
pub use line_choice::UndecidedLine;
pub use tables::{TableInfo, Tables, TablesError};
