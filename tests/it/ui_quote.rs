//! The quote panel and the settings panel, driven as a person would: widgets found by their
//! labels, text typed, buttons clicked; calculations and orders go to a real service.

mod calculate;
mod form;
mod settings;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use packdesk::ui::quote::{QuoteCommand, QuoteView, quote_ui};

/// The quote panel and the intents it returned so far.
pub struct Panel {
    pub view: QuoteView,
    pub intents: Vec<QuoteCommand>,
}

pub fn quote_panel(view: QuoteView) -> Harness<'static, Panel> {
    Harness::builder()
        .with_size([1900.0, 4200.0])
        .build_ui_state(
            |ui, panel: &mut Panel| {
                let intents = quote_ui(ui, &mut panel.view, None);
                panel.intents.extend(intents);
            },
            Panel {
                view,
                intents: Vec::new(),
            },
        )
}

/// Replaces the text of the field labelled `label` inside the region named `region`.
pub fn type_in<S>(harness: &mut Harness<'_, S>, region: &str, label: &str, text: &str) {
    harness.get_by_label(region).get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.key_press(Key::Backspace);
    harness
        .get_by_label(region)
        .get_by_label(label)
        .type_text(text);
    harness.run();
}

pub fn click<S>(harness: &mut Harness<'_, S>, region: &str, label: &str) {
    harness.get_by_label(region).get_by_label(label).click();
    harness.run();
}

/// The texts of every label under the region, with where they are on screen.
pub fn labels<S>(harness: &Harness<'_, S>, region: &str) -> Vec<(String, Rect)> {
    harness
        .get_by_label(region)
        .query_all_by(|node| node.role() == Role::Label)
        .filter_map(|node| {
            // A label's text is its accessible value.
            let node_ref = node.accesskit_node();
            let text = node_ref.label().or_else(|| node_ref.value())?;
            Some((text, node.rect()))
        })
        .collect()
}

/// The text shown in a grid cell: in the row of the label `row`, in the column headed `column`.
pub fn cell<S>(harness: &Harness<'_, S>, region: &str, row: &str, column: &str) -> String {
    let all = labels(harness, region);
    let find = |text: &str| {
        all.iter()
            .find(|(t, _)| t == text)
            .map(|(_, rect)| *rect)
            .unwrap_or_else(|| panic!("no label {text:?} in {region}"))
    };
    let (row, column) = (find(row), find(column));
    all.iter()
        .find(|(_, rect)| {
            (rect.min.x - column.min.x).abs() < 1.0
                && (rect.center().y - row.center().y).abs() < 2.0
        })
        .map(|(text, _)| text.clone())
        .unwrap_or_else(|| panic!("no cell at row {row:?}, column {column:?}"))
}

/// The rows under the column header `first_header`: the texts of each row, left to right.
pub fn table_rows<S>(
    harness: &Harness<'_, S>,
    region: &str,
    first_header: &str,
) -> Vec<Vec<String>> {
    let all = labels(harness, region);
    let header = all
        .iter()
        .find(|(t, _)| t == first_header)
        .map(|(_, rect)| *rect)
        .unwrap_or_else(|| panic!("no column {first_header:?} in {region}"));
    let mut firsts: Vec<Rect> = all
        .iter()
        .filter(|(_, r)| (r.min.x - header.min.x).abs() < 1.0 && r.min.y > header.max.y)
        .map(|(_, r)| *r)
        .collect();
    firsts.sort_by(|a, b| a.min.y.total_cmp(&b.min.y));
    firsts
        .iter()
        .map(|first| {
            let mut row: Vec<&(String, Rect)> = all
                .iter()
                .filter(|(_, r)| {
                    (r.center().y - first.center().y).abs() < 2.0 && r.min.x >= header.min.x - 1.0
                })
                .collect();
            row.sort_by(|a, b| a.1.min.x.total_cmp(&b.1.min.x));
            row.into_iter().map(|(t, _)| t.clone()).collect()
        })
        .collect()
}

/// Whether `below` is under `above` and overlaps it horizontally.
pub fn is_under(below: Rect, above: Rect) -> bool {
    below.min.y >= above.max.y - 1.0 && below.min.x < above.max.x && below.max.x > above.min.x
}
