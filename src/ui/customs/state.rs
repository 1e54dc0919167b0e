//! What the app knows of the customs paperwork: the warehouse's settings, the draft being
//! edited, what the open shipment still misses, and the documents of the label shown.

use crate::customs::build::{Missing, MissingAt};
use crate::customs::documents::Summary;
use crate::customs::settings::{CustomsSettings, SettingsField};
use crate::station::db::{DocumentId, DocumentInfo, LabelId, OrderNumber};

#[derive(Default)]
pub struct Customs {
    /// The warehouse's settings as last read from the record (`None` until then).
    pub settings: Option<CustomsSettings>,
    /// Settings → Customs documents: the draft being edited.
    pub draft: CustomsSettings,
    pub saving: bool,
    /// Said under the settings section (saved, refused).
    pub settings_message: Option<String>,
    /// What the open shipment's paperwork still misses, checked when it opens.
    pub check: Option<Check>,
    /// The documents of the label shown.
    pub documents: Documents,
    pub print: Printing,
    /// The CN22 as the thermal printer draws it (its ZPL rendered), beside the label's preview.
    pub preview: Option<(DocumentId, egui::TextureHandle)>,
}

/// The open shipment's paperwork, worked out as if it were one parcel.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    pub order: OrderNumber,
    pub shipment_id: String,
    /// Why no customs documents are needed (domestic, a customs union), or `None`.
    pub not_needed: Option<String>,
    pub missing: Vec<Missing>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub enum Documents {
    #[default]
    None,
    Making(LabelId),
    NotNeeded(LabelId, String),
    /// Printing is blocked until these are fixed (each is shown where it is fixed too).
    Missing(LabelId, Vec<Missing>),
    Made {
        label: LabelId,
        /// `None` when the documents were read back rather than made now.
        summary: Option<Summary>,
        documents: Vec<DocumentInfo>,
    },
    Failed(LabelId, String),
}

impl Documents {
    pub fn label(&self) -> Option<LabelId> {
        match self {
            Self::None => None,
            Self::Making(label)
            | Self::NotNeeded(label, _)
            | Self::Missing(label, _)
            | Self::Failed(label, _)
            | Self::Made { label, .. } => Some(*label),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Printing {
    #[default]
    Idle,
    Sending,
    Done(String),
    Failed(String),
}

impl Customs {
    /// What the open shipment misses at an item line, to show beside it.
    pub fn missing_at_item(&self, source_line_id: &str) -> Vec<&str> {
        self.missing()
            .filter(
                |m| matches!(&m.at, MissingAt::Item { source_line_id: id } if id == source_line_id),
            )
            .map(|m| m.message.as_str())
            .collect()
    }

    /// What the settings miss at `field`, to show beside it.
    pub fn missing_at_setting(&self, field: SettingsField) -> Option<&str> {
        self.missing()
            .find(|m| m.at == MissingAt::Settings(field))
            .map(|m| m.message.as_str())
    }

    /// Every missing piece known: from the label's documents, else from the open shipment.
    pub fn missing(&self) -> impl Iterator<Item = &Missing> {
        let from_documents = match &self.documents {
            Documents::Missing(_, missing) => Some(missing),
            _ => None,
        };
        from_documents
            .or(self.check.as_ref().map(|c| &c.missing))
            .into_iter()
            .flatten()
    }
}
