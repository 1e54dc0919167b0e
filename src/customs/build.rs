//! Working out one parcel's paperwork from the station's record: the lines it holds, their
//! values and weights, its share of transport, duties and taxes (see `shares`), which form it
//! takes (see `sdr`), and every piece of data still missing, each said where it is fixed.

use rust_decimal::Decimal;
use time::Date;

use super::paperwork::{
    CustomsDeclaration, DeclarationForm, GoodsLine, Identifier, Invoice, PackingSlip, PaidCharge,
    ParcelOf, Party, SlipLine,
};
use super::sdr::{CN22_LIMIT_SDR, SdrError, to_sdr};
use super::settings::{CustomsSettings, SettingsField};
use super::shares::Progress;
use crate::api::{Address, BreakdownType, LabelAddress, LabelStatus};
use crate::domain::{CountryCode, Currency, Weight, WeightUnit};
use crate::service::landed_cost::tables::Tables;
use crate::station::db::{ParcelId, StationOrder, StationShipment};

/// The customs union whose low-value consignments carry the IOSS number.
const EU: &str = "EU-CU";
/// IOSS: EU consignments of intrinsic value up to EUR 150.
const IOSS_LIMIT_EUR: Decimal = Decimal::from_parts(150, 0, 0, false, 0);
/// The UK's low-value scheme: GB consignments up to GBP 135.
const UK_LIMIT_GBP: Decimal = Decimal::from_parts(135, 0, 0, false, 0);

/// Which parcel of which shipment, on which day.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub order: &'a StationOrder,
    pub shipment_id: &'a str,
    /// A packed parcel; `None`: the whole shipment as one parcel (before it is packed).
    pub parcel: Option<ParcelId>,
    pub settings: &'a CustomsSettings,
    /// The documents' date (and the day of the exchange rates).
    pub date: Date,
}

/// Everything that travels with one cross-border parcel.
#[derive(Debug, Clone, PartialEq)]
pub struct Paperwork {
    pub invoice: Invoice,
    pub declaration: CustomsDeclaration,
    pub slip: PackingSlip,
}

/// What the record makes of a request.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The parcel crosses no customs border (domestic, or within a customs union): why.
    NotNeeded(String),
    Ready(Box<Paperwork>),
    /// Data to fix first, every piece of it.
    Missing(Vec<Missing>),
}

/// One piece of missing data: where it is fixed and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub at: MissingAt,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MissingAt {
    /// An item line of the order.
    Item {
        source_line_id: String,
    },
    Settings(SettingsField),
    /// The duties and taxes locked at checkout.
    Quote,
}

/// What is wrong with the record itself (not data a person can supply).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BuildError {
    #[error("order {0} has no shipment {1}")]
    NoShipment(u64, String),
    #[error("shipment {1} of order {0} has no parcel {2}")]
    NoParcel(u64, String, ParcelId),
    #[error("the order's currency {0} is not an ISO 4217 code")]
    Currency(String),
    #[error("country {0} is not an ISO 3166 code")]
    Country(String),
    #[error("item {0} has a weight unit Packdesk does not know: {1}")]
    WeightUnit(String, String),
    #[error("{0}")]
    Sdr(#[from] SdrError),
}

/// The paperwork of the parcel `request` names, or why there is none.
pub fn paperwork(tables: &Tables, request: Request<'_>) -> Result<Outcome, BuildError> {
    let order = request.order;
    let shipment = order
        .shipments
        .iter()
        .find(|s| s.shipment_id == request.shipment_id)
        .ok_or_else(|| {
            BuildError::NoShipment(order.source_reference, request.shipment_id.to_owned())
        })?;
    let from = country(&shipment.ship_from.country_code)?;
    let to = country(&order.cart.ship_to.country_code)?;
    if from == to {
        return Ok(Outcome::NotNeeded(format!(
            "A domestic parcel within {} needs no customs documents.",
            from.name()
        )));
    }
    if let Some(union) = tables.customs_union_of(from, to, request.date) {
        return Ok(Outcome::NotNeeded(format!(
            "{} and {} are both in the {}: no customs documents.",
            from.name(),
            to.name(),
            union.name
        )));
    }
    let currency = Currency::parse(&order.cart.currency_code)
        .ok_or_else(|| BuildError::Currency(order.cart.currency_code.clone()))?;
    let contents = Contents::of(order, shipment, request.parcel)?;
    let mut missing = Vec::new();
    let lines = goods_lines(order, shipment, &contents, currency, &mut missing)?;
    let subtotal: Decimal = lines.iter().map(|l| l.line_value).sum();
    let exporter = exporter(request.settings, &mut missing);
    let ids = identifiers(tables, request, (to, subtotal, currency), &mut missing)?;
    let charges = charges(shipment, &contents, currency, &mut missing);
    if !missing.is_empty() {
        return Ok(Outcome::Missing(missing));
    }
    let (transport, paid_charges) = charges.unwrap_or_default();
    let paid_total: Decimal = paid_charges.iter().map(|c| c.amount).sum();
    let net_weight = total_weight(lines.iter().map(|l| l.net_weight));
    let gross_weight = contents.gross_weight.unwrap_or(net_weight);
    let consignee = contents.consignee.clone();
    let in_sdr = to_sdr(tables, subtotal, &currency.code(), request.date)?;
    let form = if in_sdr.value <= CN22_LIMIT_SDR {
        DeclarationForm::Cn22
    } else {
        DeclarationForm::Cn23
    };
    let settings = request.settings;
    let invoice = Invoice {
        paper: settings.paper,
        exporter: exporter.clone(),
        exporter_ids: ids.clone(),
        consignee: consignee.clone(),
        invoice_number: format!(
            "{}-{}-{}",
            order.source_reference, shipment.shipment_id, contents.parcel.n
        ),
        date: request.date,
        order_number: order.source_reference,
        shipment_id: shipment.shipment_id.clone(),
        parcel: contents.parcel,
        tracking_number: contents.tracking.clone(),
        incoterm: "DDP".into(),
        incoterm_place: [contents.city.trim(), consignee.country_name.as_str()]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(", "),
        currency: currency.code(),
        lines: lines.clone(),
        subtotal,
        transport,
        paid_charges,
        paid_total,
        total: subtotal + transport + paid_total,
        net_weight,
        gross_weight,
        reason_for_export: "Sale of goods".into(),
        declaration: DECLARATION.into(),
        signatory: settings.signatory.trim().to_owned(),
    };
    let declaration = CustomsDeclaration {
        form,
        paper: settings.paper,
        sender: exporter.clone(),
        sender_ids: ids,
        addressee: consignee.clone(),
        category: "Sale of goods".into(),
        lines: lines.clone(),
        currency: currency.code(),
        total_value: subtotal,
        total_weight: net_weight,
        gross_weight,
        postal_charges: transport,
        value_sdr: in_sdr.value,
        sdr_rate_date: in_sdr.rates_of,
        tracking_number: contents.tracking.clone(),
        order_number: order.source_reference,
        date: request.date,
        signatory: settings.signatory.trim().to_owned(),
    };
    let slip = PackingSlip {
        paper: settings.paper,
        sender: exporter,
        ship_to: consignee,
        order_number: order.source_reference,
        shipment_id: shipment.shipment_id.clone(),
        parcel: contents.parcel,
        tracking_number: contents.tracking.clone(),
        date: request.date,
        lines: lines
            .iter()
            .zip(&contents.slip_ordered)
            .map(|(line, ordered)| SlipLine {
                sku: line.sku.clone(),
                description: line.description.clone(),
                quantity: line.quantity,
                ordered: *ordered,
            })
            .collect(),
    };
    Ok(Outcome::Ready(Box::new(Paperwork {
        invoice,
        declaration,
        slip,
    })))
}

const DECLARATION: &str = "I declare that the information on this invoice is true and correct, \
that the goods are of the origin shown, and that the import duties and taxes of the country of \
destination were paid by the sender (Delivered Duty Paid).";

fn country(code: &str) -> Result<CountryCode, BuildError> {
    CountryCode::parse(code).ok_or_else(|| BuildError::Country(code.to_owned()))
}

/// The units of each item line before, in and through the parcel; its place in the shipment.
struct Contents {
    /// Per item line, in the cart's order.
    before: Vec<u32>,
    through: Vec<u32>,
    parcel: ParcelOf,
    /// Per goods line (lines with units in this parcel): units ordered.
    slip_ordered: Vec<u32>,
    tracking: String,
    gross_weight: Option<Weight>,
    consignee: Party,
    /// The destination city, for the incoterm's named place.
    city: String,
}

impl Contents {
    fn of(
        order: &StationOrder,
        shipment: &StationShipment,
        parcel: Option<ParcelId>,
    ) -> Result<Self, BuildError> {
        let count = |parcels: &[&crate::station::db::Parcel]| -> Vec<u32> {
            shipment
                .items
                .iter()
                .map(|item| {
                    parcels
                        .iter()
                        .flat_map(|p| &p.lines)
                        .filter(|l| l.source_line_id == item.item.source_line_id)
                        .map(|l| l.quantity)
                        .sum()
                })
                .collect()
        };
        let Some(id) = parcel else {
            let through: Vec<u32> = shipment
                .items
                .iter()
                .map(|i| {
                    if i.item.requires_shipping {
                        i.ordered
                    } else {
                        0
                    }
                })
                .collect();
            return Ok(Self {
                before: vec![0; through.len()],
                slip_ordered: through.iter().copied().filter(|&u| u > 0).collect(),
                through,
                parcel: ParcelOf { n: 1, m: 1 },
                tracking: String::new(),
                gross_weight: None,
                consignee: party_of_address(&order.cart.ship_to),
                city: order.cart.ship_to.city.clone().unwrap_or_default(),
            });
        };
        let live: Vec<_> = shipment
            .parcels
            .iter()
            .filter(|p| p.voided_at.is_none())
            .collect();
        let k = live.iter().position(|p| p.id == id).ok_or_else(|| {
            BuildError::NoParcel(order.source_reference, shipment.shipment_id.clone(), id)
        })?;
        let this = live[k];
        let before = count(&live[..k]);
        let through = count(&live[..=k]);
        let all_packed = shipment.items.iter().all(|i| i.left == 0);
        let tracking = this
            .labels
            .iter()
            .rev()
            .find(|l| l.status == LabelStatus::Success)
            .map(|l| l.tracking_code.clone())
            .unwrap_or_default();
        let slip_ordered = shipment
            .items
            .iter()
            .zip(before.iter().zip(&through))
            .filter(|(_, (b, t))| t > b)
            .map(|(i, _)| i.ordered)
            .collect();
        Ok(Self {
            before,
            through,
            parcel: ParcelOf {
                n: k as u32 + 1,
                // Not known while units are left to pack: the slip says "more to follow".
                m: if all_packed { live.len() as u32 } else { 0 },
            },
            slip_ordered,
            tracking,
            gross_weight: Some(this.weight),
            consignee: party_of_label(&this.to),
            city: this.to.city.clone(),
        })
    }

    fn in_parcel(&self, line: usize) -> u32 {
        self.through[line] - self.before[line]
    }
}

fn goods_lines(
    order: &StationOrder,
    shipment: &StationShipment,
    contents: &Contents,
    currency: Currency,
    missing: &mut Vec<Missing>,
) -> Result<Vec<GoodsLine>, BuildError> {
    let classified = |sku: &str| {
        order
            .quote
            .as_ref()
            .and_then(|q| q.hs_codes.as_ref())
            .and_then(|codes| codes.iter().find(|c| c.sku == sku))
            .map(|c| c.hs_code.clone())
    };
    let mut lines = Vec::new();
    for (index, progress) in shipment.items.iter().enumerate() {
        let quantity = contents.in_parcel(index);
        if quantity == 0 {
            continue;
        }
        let item = &progress.item;
        let at = || MissingAt::Item {
            source_line_id: item.source_line_id.clone(),
        };
        let hs_code = item
            .hs_code
            .clone()
            .filter(|c| !c.trim().is_empty())
            .or_else(|| classified(&item.sku))
            .map(|c| c.chars().filter(char::is_ascii_digit).collect::<String>())
            .unwrap_or_default();
        if hs_code.len() < 6 {
            missing.push(Missing {
                at: at(),
                message: format!(
                    "{} has no HS code: customer service adds it to the product in the shop \
                     and sends the order again.",
                    item.sku
                ),
            });
        }
        if CountryCode::parse(&item.origin_country_code).is_none() {
            missing.push(Missing {
                at: at(),
                message: format!(
                    "{} has no country of origin: customer service adds it to the product in \
                     the shop and sends the order again.",
                    item.sku
                ),
            });
        }
        let unit = WeightUnit::parse_cart(&item.weight.unit)
            .ok_or_else(|| BuildError::WeightUnit(item.sku.clone(), item.weight.unit.clone()))?;
        let unit_value = currency.round(item.unit_price - item.unit_discount);
        lines.push(GoodsLine {
            sku: item.sku.clone(),
            description: describe(item),
            hs_code,
            origin_country_code: item.origin_country_code.to_ascii_uppercase(),
            quantity,
            unit_value,
            line_value: currency.round(unit_value * Decimal::from(quantity)),
            net_weight: Weight::new(item.weight.per_unit * Decimal::from(quantity), unit),
        });
    }
    Ok(lines)
}

/// "Product, variant: description", each part once.
fn describe(item: &crate::api::CartItem) -> String {
    let mut text = item.product_name.trim().to_owned();
    let variant = item.variant_name.trim();
    // A shop's placeholder variant ("Default", "Default Title") says nothing to customs.
    let placeholder = variant.to_ascii_lowercase().starts_with("default");
    if !variant.is_empty() && !placeholder && !text.contains(variant) {
        text = format!("{text}, {variant}");
    }
    let description = item.description.trim();
    if !description.is_empty() && !text.contains(description) {
        text = format!("{text}: {description}");
    }
    text
}

/// This parcel's transport and its duties and taxes paid, by type (`None` without a quote).
fn charges(
    shipment: &StationShipment,
    contents: &Contents,
    currency: Currency,
    missing: &mut Vec<Missing>,
) -> Option<(Decimal, Vec<PaidCharge>)> {
    let Some(cost) = &shipment.landed_cost else {
        missing.push(Missing {
            at: MissingAt::Quote,
            message: "The order was imported without its quote, so the duties and taxes the \
                      sender paid are unknown: customer service imports it again with its quote."
                .into(),
        });
        return None;
    };
    let items = &shipment.items;
    let progress = |weights: Vec<Decimal>| Progress {
        weights,
        ordered: items.iter().map(|i| i.ordered).collect(),
        before: contents.before.clone(),
        through: contents.through.clone(),
    };
    let by_value = progress(
        items
            .iter()
            .map(|i| (i.item.unit_price - i.item.unit_discount) * Decimal::from(i.ordered))
            .collect(),
    );
    // Per line, its part of the breakdown of `kind` (split among lines sharing a SKU by units).
    let by_breakdown = |kind: BreakdownType| {
        progress(
            items
                .iter()
                .map(|i| {
                    let of_sku: Decimal = cost
                        .breakdown
                        .iter()
                        .filter(|b| b.kind == kind && b.sku.as_deref() == Some(&i.item.sku))
                        .map(|b| b.amount)
                        .sum();
                    let units_of_sku: u32 = items
                        .iter()
                        .filter(|o| o.item.sku == i.item.sku)
                        .map(|o| o.ordered)
                        .sum();
                    if units_of_sku == 0 {
                        Decimal::ZERO
                    } else {
                        of_sku * Decimal::from(i.ordered) / Decimal::from(units_of_sku)
                    }
                })
                .collect(),
        )
    };
    let names = |kind: BreakdownType| {
        let mut names: Vec<&str> = cost
            .breakdown
            .iter()
            .filter(|b| b.kind == kind && !b.amount.is_zero())
            .map(|b| b.tax_name.as_str())
            .collect();
        let mut seen = Vec::new();
        names.retain(|n| {
            !seen.contains(n) && {
                seen.push(*n);
                true
            }
        });
        names.join(" + ")
    };
    let mut paid = vec![PaidCharge {
        label: "Duties".into(),
        amount: by_breakdown(BreakdownType::Duty).part_of(cost.duties, currency),
    }];
    for (kind, total, on) in [
        (BreakdownType::ProductTax, cost.product_taxes, "goods"),
        (BreakdownType::ShipmentTax, cost.shipment_taxes, "shipping"),
    ] {
        if total.is_zero() {
            continue;
        }
        let weights = if kind == BreakdownType::ShipmentTax {
            &by_value
        } else {
            &by_breakdown(kind)
        };
        let named = names(kind);
        paid.push(PaidCharge {
            label: if named.is_empty() {
                format!("Taxes on {on}")
            } else if named.contains(&format!(" on {on}")) {
                named
            } else {
                format!("{named} on {on}")
            },
            amount: weights.part_of(total, currency),
        });
    }
    Some((
        by_value.part_of(shipment.rate.shipping_rate, currency),
        paid,
    ))
}

fn exporter(settings: &CustomsSettings, missing: &mut Vec<Missing>) -> Party {
    let e = &settings.exporter;
    let mut need = |field: SettingsField, what: &str| {
        missing.push(Missing {
            at: MissingAt::Settings(field),
            message: format!(
                "{what}: a supervisor sets it in Settings, under Customs documents ({}).",
                field.label()
            ),
        });
    };
    if e.company.trim().is_empty() {
        need(
            SettingsField::Company,
            "The exporter's company name is not set",
        );
    }
    if e.address1.trim().is_empty() || e.city.trim().is_empty() {
        need(
            SettingsField::Address,
            "The exporter's street and city are not set",
        );
    }
    let country = CountryCode::parse(&e.country_code);
    if country.is_none() {
        need(SettingsField::Country, "The exporter's country is not set");
    }
    if settings.signatory.trim().is_empty() {
        need(
            SettingsField::Signatory,
            "Nobody is named to sign the documents",
        );
    }
    let city_line = [e.postal_code.trim(), e.city.trim(), e.province.trim()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    Party {
        name: e.company.trim().to_owned(),
        company: None,
        address_lines: [e.address1.trim(), e.address2.trim(), city_line.as_str()]
            .into_iter()
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect(),
        country_code: country.map(|c| c.as_str().to_owned()).unwrap_or_default(),
        country_name: country.map(|c| c.name().to_owned()).unwrap_or_default(),
    }
}

/// The exporter's numbers this consignment carries: EORI (required from the EU and GB), VAT
/// number, and the IOSS or UK VAT number when the destination's low-value scheme applies.
fn identifiers(
    tables: &Tables,
    request: Request<'_>,
    (to, subtotal, currency): (CountryCode, Decimal, Currency),
    missing: &mut Vec<Missing>,
) -> Result<Vec<Identifier>, BuildError> {
    let e = &request.settings.exporter;
    let date = request.date;
    let mut ids = Vec::new();
    let mut add = |label: &str, value: &str| {
        if !value.trim().is_empty() {
            ids.push(Identifier {
                label: label.into(),
                value: value.trim().to_owned(),
            });
        }
    };
    add("EORI", &e.eori);
    add("VAT No.", &e.vat_number);
    let from = CountryCode::parse(&e.country_code);
    let needs_eori =
        from.is_some_and(|c| c.as_str() == "GB" || tables.in_customs_union(EU, c, date));
    if needs_eori && e.eori.trim().is_empty() {
        missing.push(Missing {
            at: MissingAt::Settings(SettingsField::Eori),
            message: "Exports from the EU or GB need the exporter's EORI number: a supervisor \
                      sets it in Settings, under Customs documents (EORI number)."
                .into(),
        });
    }
    let rate = |to_code: &str| -> Result<Decimal, BuildError> {
        let fx = tables.fx_on(date).ok_or(SdrError::NoRates(date))?;
        fx.convert(subtotal, &currency.code(), to_code)
            .ok_or_else(|| BuildError::Sdr(SdrError::NoRate(currency.code())))
    };
    let scheme = if tables.in_customs_union(EU, to, date) && rate("EUR")? <= IOSS_LIMIT_EUR {
        Some((
            "IOSS No.",
            &e.ioss_number,
            SettingsField::IossNumber,
            "EU consignments of at most EUR 150",
        ))
    } else if to.as_str() == "GB" && rate("GBP")? <= UK_LIMIT_GBP {
        Some((
            "UK VAT No.",
            &e.uk_vat_number,
            SettingsField::UkVatNumber,
            "GB consignments of at most GBP 135",
        ))
    } else {
        None
    };
    if let Some((label, value, field, which)) = scheme {
        if value.trim().is_empty() {
            missing.push(Missing {
                at: MissingAt::Settings(field),
                message: format!(
                    "{which} carry the seller's {label}: a supervisor sets it in Settings, under \
                     Customs documents ({}).",
                    field.label()
                ),
            });
        }
        add(label, value);
    }
    Ok(ids)
}

fn party_of_label(to: &LabelAddress) -> Party {
    let country = CountryCode::parse(&to.country);
    let city_line = [to.zipcode.trim(), to.city.trim(), to.province.trim()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    Party {
        name: format!("{} {}", to.first_name.trim(), to.last_name.trim())
            .trim()
            .to_owned(),
        company: None,
        address_lines: [
            Some(to.line1.as_str()),
            to.line2.as_deref(),
            Some(&city_line),
        ]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect(),
        country_code: to.country.to_ascii_uppercase(),
        country_name: country.map(|c| c.name().to_owned()).unwrap_or_default(),
    }
}

fn party_of_address(to: &Address) -> Party {
    let country = CountryCode::parse(&to.country_code);
    let part = |p: &Option<String>| p.as_deref().unwrap_or("").trim().to_owned();
    let city_line = [part(&to.postal_code), part(&to.city), part(&to.province)]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    Party {
        name: part(&to.name),
        company: None,
        address_lines: [part(&to.address1), part(&to.address2), city_line]
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect(),
        country_code: to.country_code.to_ascii_uppercase(),
        country_name: country.map(|c| c.name().to_owned()).unwrap_or_default(),
    }
}

/// The sum of `weights`, in their unit when they share one, else in grams.
fn total_weight(weights: impl Iterator<Item = Weight>) -> Weight {
    let weights: Vec<Weight> = weights.collect();
    match weights.first() {
        Some(first) if weights.iter().all(|w| w.unit == first.unit) => {
            Weight::new(weights.iter().map(|w| w.value).sum(), first.unit)
        }
        _ => Weight::new(weights.iter().map(Weight::grams).sum(), WeightUnit::Gram),
    }
}
