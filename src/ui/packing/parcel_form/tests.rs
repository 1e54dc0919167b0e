use super::*;
use crate::station::db::StationDb;
use crate::synthetic;

/// A synthetic order with a three-line shipment from the station's own seed, and its form.
fn form() -> ParcelForm {
    let mut db = StationDb::open_in_memory().unwrap();
    let first = synthetic::seed(&mut db, 40);
    let settings = Settings {
        brand_code: "ACME".into(),
        ..Settings::default()
    };
    for number in first..first + 40 {
        let order = db.order(number).unwrap().unwrap();
        if matches!(order.cart.ship_to.country_code.as_str(), "US" | "CA") {
            continue;
        }
        let distinct_skus = |s: &&crate::station::db::StationShipment| {
            let skus: std::collections::HashSet<&str> =
                s.items.iter().map(|i| i.item.sku.as_str()).collect();
            s.items.len() == 3 && skus.len() == 3
        };
        if let Some(shipment) = order.shipments.iter().find(distinct_skus) {
            let mut form = ParcelForm::new(&order, shipment, &settings);
            for side in [Side::From, Side::To] {
                for (field, value) in [
                    (AddressField::Phone, "+49 30 1234567"),
                    (AddressField::Province, "BE"),
                    (AddressField::FirstName, "Dana"),
                    (AddressField::LastName, "Fischer"),
                    (AddressField::Line1, "Chausseestraße 86"),
                    (AddressField::City, "Berlin"),
                ] {
                    form.apply(ParcelEdit::Address(side, field, value.into()));
                }
            }
            return form;
        }
    }
    panic!("no synthetic order with three lines");
}

#[test]
fn a_fresh_form_asks_for_items_and_weight() {
    let form = form();
    let check = form.check();
    assert!(check.errors.contains_key(&FieldKey::Lines));
    assert!(check.errors.contains_key(&FieldKey::Weight));
    assert_eq!(form.lines.len(), 3);
    assert!(form.to_new_parcel().is_err());
    assert!(!form.to.first_name.is_empty(), "prefilled from the order");
}

#[test]
fn quantities_never_exceed_what_is_left() {
    let mut form = form();
    form.apply(ParcelEdit::Include(0, true));
    let left = form.lines[0].left;
    assert_eq!(form.lines[0].quantity, left.to_string());
    form.apply(ParcelEdit::Quantity(0, (left + 1).to_string()));
    let check = form.check();
    let message = check.errors.get(&FieldKey::LineQuantity(0)).unwrap();
    assert!(
        message.starts_with(&format!("Only {left} left")),
        "{message}"
    );
    form.apply(ParcelEdit::Quantity(0, "x".into()));
    assert!(form.check().errors.contains_key(&FieldKey::LineQuantity(0)));
}

#[test]
fn scanning_a_sku_adds_one_unit_up_to_what_is_left() {
    let mut form = form();
    let sku = form.lines[1].sku.clone();
    let left = form.lines[1].left;
    for n in 1..=left {
        assert_eq!(form.scan_sku(&sku.to_lowercase()), Ok(1));
        assert_eq!(form.lines[1].quantity, n.to_string());
    }
    let all_packed = form.scan_sku(&sku).unwrap_err();
    assert_eq!(
        all_packed,
        ScanMiss::AllPacked {
            sku: sku.clone(),
            left
        }
    );
    assert!(all_packed.to_string().contains("already in this parcel"));
    let not_there = form.scan_sku("NOPE").unwrap_err();
    assert!(matches!(not_there, ScanMiss::NotInShipment { .. }));
    assert!(not_there.to_string().contains("not in shipment"));
}

#[test]
fn two_of_three_lines_make_a_parcel_and_a_slip_is_warned() {
    let mut form = form();
    form.apply(ParcelEdit::Include(0, true));
    form.apply(ParcelEdit::Include(2, true));
    let expected = form.expected_grams().unwrap();
    form.apply(ParcelEdit::WeightUnit(WeightUnit::Pound));
    form.apply(ParcelEdit::Weight(expected.to_string()));
    let check = form.check();
    assert!(check.is_ok(), "{:?}", check.summary());
    let warning = check.weight_warning.unwrap();
    assert!(warning.contains("did you mean"), "{warning}");
    let parcel = form.to_new_parcel().unwrap();
    assert_eq!(parcel.lines.len(), 2);
    assert_eq!(parcel.lines[0].source_line_id, form.lines[0].source_line_id);
    assert_eq!(parcel.lines[1].source_line_id, form.lines[2].source_line_id);
    assert_eq!(parcel.weight.unit, WeightUnit::Pound);
    assert_eq!(form.chosen_lines(), vec![0, 2]);
}

#[test]
fn reported_problems_show_until_the_field_is_edited() {
    let mut form = form();
    form.apply(ParcelEdit::Include(0, true));
    form.apply(ParcelEdit::Include(2, true));
    form.set_reported(
        &[
            crate::api::FieldError::new("skus[1].quantity", "only 1 left to label"),
            crate::api::FieldError::new("toAddress.zipcode", "not a ZIP code"),
        ],
        &form.chosen_lines(),
    );
    let check = form.check();
    assert_eq!(
        form.message(&check, FieldKey::LineQuantity(2)).as_deref(),
        Some("only 1 left to label")
    );
    let zip = FieldKey::Address(Side::To, AddressField::Zipcode);
    assert_eq!(form.message(&check, zip).as_deref(), Some("not a ZIP code"));
    form.apply(ParcelEdit::Address(
        Side::To,
        AddressField::Zipcode,
        "10115".into(),
    ));
    assert_eq!(form.message(&form.check(), zip), None);
    assert!(
        form.message(&form.check(), FieldKey::LineQuantity(2))
            .is_some()
    );
}

#[test]
fn the_scale_fills_the_weight_in_the_fields_unit_until_the_packer_types_one() {
    let mut form = form();
    let grams = Weight::new(Decimal::from(420), WeightUnit::Gram);
    assert!(form.scale_reading(grams));
    assert_eq!(form.weight, "420");
    // A change of unit converts the scale's weight rather than reading "420" as pounds.
    form.apply(ParcelEdit::WeightUnit(WeightUnit::Pound));
    assert_eq!(form.weight, "0.9259");
    let pound = Weight::new(Decimal::new(125, 2), WeightUnit::Pound);
    assert!(form.scale_reading(pound));
    assert_eq!(form.weight, "1.25");
    // Typed: the scale leaves it alone.
    form.apply(ParcelEdit::Weight("2".into()));
    assert!(!form.scale_reading(grams));
    assert_eq!(form.weight, "2");
    form.apply(ParcelEdit::WeightUnit(WeightUnit::Gram));
    assert_eq!(
        form.weight, "2",
        "a typed weight is the packer's, in whatever unit they pick"
    );
}
