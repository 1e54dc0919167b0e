//! Why the desk could not start, with what to do: shown where the app would be.

use super::warehouse_link::LinkError;
use crate::connection;

/// Why the desk could not start; each says what to do.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(
        "A desk no longer opens the warehouse database ({0}) itself. Start `packdesk \
         warehouse serve --database …` on the database's machine, enroll this desk there \
         (`packdesk warehouse add-desk`), and start the app with `--warehouse \
         https://SERVER:8443` (or enter it in Settings, under Warehouse)."
    )]
    OpensDatabase(String),
    #[error(transparent)]
    Connect(#[from] connection::ConnectError),
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error(transparent)]
    PrintQueue(#[from] crate::station::print::DeskQueueError),
}
