//! A few PostgreSQL connections shared by the requests of one service instance.
//!
//! Requests run on blocking threads; each takes a connection for one transaction and gives it
//! back. At most [`MAX_CONNECTIONS`] are open, so a burst of requests waits here rather than
//! exhausting the server's `max_connections` (which several instances share). A connection that
//! lost the server reconnects by itself on its next transaction (`crate::sql`).

use std::sync::{Condvar, Mutex, PoisonError};

use super::error::StoreError;
use crate::sql::{self, PgTarget, SqlError};

/// Connections one instance opens at most: enough for the reads and the one writer that runs
/// at a time, few enough that ten instances stay under PostgreSQL's default 100.
pub(super) const MAX_CONNECTIONS: usize = 8;

pub(super) struct Pool {
    target: PgTarget,
    /// The writers' advisory lock every connection's write transactions take.
    write_lock: i64,
    state: Mutex<State>,
    freed: Condvar,
}

struct State {
    idle: Vec<sql::Connection>,
    open: usize,
}

impl Pool {
    /// A pool that starts with `first` (the connection that migrated the database); the
    /// connections it opens take `write_lock` for their writes, as `first` does.
    pub(super) fn new(target: PgTarget, write_lock: i64, first: sql::Connection) -> Self {
        Self {
            target,
            write_lock,
            state: Mutex::new(State {
                idle: vec![first],
                open: 1,
            }),
            freed: Condvar::new(),
        }
    }

    /// Runs `work` on a connection of the pool.
    pub(super) fn with<T>(
        &self,
        work: impl FnOnce(&mut sql::Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut taken = self.take()?;
        match taken.conn.as_mut() {
            Some(conn) => work(conn),
            None => Err(StoreError::Unavailable("no database connection".into())),
        }
    }

    /// An idle connection, a new one while fewer than the most are open, or the next one given
    /// back.
    fn take(&self) -> Result<Taken<'_>, StoreError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(conn) = state.idle.pop() {
                return Ok(Taken {
                    pool: self,
                    conn: Some(conn),
                });
            }
            if state.open < MAX_CONNECTIONS {
                state.open += 1;
                drop(state);
                return match sql::connect_pg(&self.target) {
                    Ok(client) => Ok(Taken {
                        pool: self,
                        conn: Some(sql::Connection::postgres(
                            self.target.clone(),
                            client,
                            self.write_lock,
                        )),
                    }),
                    Err(problem) => {
                        self.closed();
                        Err(SqlError::Connection(problem).into())
                    }
                };
            }
            state = self
                .freed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn give_back(&self, conn: sql::Connection) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.idle.push(conn);
        self.freed.notify_one();
    }

    fn closed(&self) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.open -= 1;
        self.freed.notify_one();
    }
}

/// A connection taken from the pool; it goes back when dropped (also when the work panicked,
/// its transaction rolled back by then).
struct Taken<'p> {
    pool: &'p Pool,
    conn: Option<sql::Connection>,
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        // Always `Some` until now; the `Option` lets the connection move out of `self`.
        if let Some(conn) = self.conn.take() {
            self.pool.give_back(conn);
        }
    }
}
