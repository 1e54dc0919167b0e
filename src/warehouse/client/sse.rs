//! Reading `GET /v1/warehouse/changes`: Server-Sent Events, one `orders` event per batch of
//! changed orders, its id the newest change it covers (kept, so a desk that lost the stream
//! opens it again from there).

use super::error::WarehouseClientError;
use crate::api::warehouse::OrdersChanged;

/// One batch of changes: the event id to resume after, and the orders that changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub id: i64,
    pub orders: Vec<u64>,
}

/// An open stream of changes.
pub struct ChangeStream {
    response: reqwest::Response,
    buffer: Vec<u8>,
    last_id: Option<i64>,
}

impl ChangeStream {
    pub(super) fn new(response: reqwest::Response, after: Option<i64>) -> Self {
        Self {
            response,
            buffer: Vec::new(),
            last_id: after,
        }
    }

    /// The id of the last event read (or the one it resumed after): give it to
    /// `WarehouseClient::changes` to catch up after a break.
    pub fn last_id(&self) -> Option<i64> {
        self.last_id
    }

    /// The next batch; `Ok(None)` when the server ended the stream. Keep-alive comments are
    /// read past.
    pub async fn next(&mut self) -> Result<Option<Change>, WarehouseClientError> {
        loop {
            while let Some(block) = take_block(&mut self.buffer) {
                if let Some(change) = parse_block(&block) {
                    self.last_id = Some(change.id);
                    return Ok(Some(change));
                }
            }
            match self.response.chunk().await {
                Ok(Some(chunk)) => self.buffer.extend_from_slice(&chunk),
                Ok(None) => return Ok(None),
                Err(e) => return Err(WarehouseClientError::Unreachable(e.to_string())),
            }
        }
    }
}

/// The next whole event (up to a blank line), taken off the front of `buffer`.
fn take_block(buffer: &mut Vec<u8>) -> Option<String> {
    // Events end with a blank line; servers may send \r\n line ends.
    let end = buffer
        .windows(2)
        .position(|w| w == b"\n\n")
        .map(|at| (at, 2))
        .or_else(|| {
            buffer
                .windows(4)
                .position(|w| w == b"\r\n\r\n")
                .map(|at| (at, 4))
        });
    let (at, len) = end?;
    let block: Vec<u8> = buffer.drain(..at + len).collect();
    Some(String::from_utf8_lossy(&block).into_owned())
}

/// An `orders` event's change; `None` for comments and events of other kinds.
fn parse_block(block: &str) -> Option<Change> {
    let (mut event, mut id, mut data) = ("message", None, String::new());
    for line in block.lines() {
        if let Some(value) = line.strip_prefix("event:") {
            event = value.trim();
        } else if let Some(value) = line.strip_prefix("id:") {
            id = value.trim().parse().ok();
        } else if let Some(value) = line.strip_prefix("data:") {
            data.push_str(value.trim_start());
        }
    }
    if event != "orders" {
        return None;
    }
    let changed: OrdersChanged = serde_json::from_str(&data).ok()?;
    Some(Change {
        id: id?,
        orders: changed
            .orders
            .iter()
            .filter_map(|o| o.parse().ok())
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_split_across_chunks_and_keep_alives_between_them() {
        let mut buffer =
            b": keep-alive\n\nevent: orders\nid: 7\ndata: {\"orders\":[\"4401\"]}".to_vec();
        assert_eq!(take_block(&mut buffer).as_deref(), Some(": keep-alive\n\n"));
        assert_eq!(parse_block(": keep-alive\n\n"), None);
        assert_eq!(take_block(&mut buffer), None, "half an event waits");
        buffer.extend_from_slice(
            b"\n\nevent: orders\r\nid: 9\r\ndata: {\"orders\":[\"1\",\"2\"]}\r\n\r\n",
        );
        let first = take_block(&mut buffer).unwrap();
        assert_eq!(
            parse_block(&first),
            Some(Change {
                id: 7,
                orders: vec![4401]
            })
        );
        let second = take_block(&mut buffer).unwrap();
        assert_eq!(
            parse_block(&second),
            Some(Change {
                id: 9,
                orders: vec![1, 2]
            })
        );
        assert!(buffer.is_empty());
    }
}
