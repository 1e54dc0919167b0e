//! The behaviour suite's engines: every test in `station/` runs once on a SQLite file and once
//! on a PostgreSQL database of the throwaway cluster (`tests/support/pg_cluster.rs`), through
//! [`on_both_engines!`](crate::on_both_engines) — the same test function, not two copies.

use std::path::PathBuf;

use packdesk::station::db::{Location, StationDb};

use crate::pg_cluster;

/// Where one test's station record lives; [`Engine::open`] opens the same record each time,
/// so "survives reopening" means the same on both engines.
pub enum Engine {
    Sqlite {
        _dir: tempfile::TempDir,
        path: PathBuf,
    },
    Postgres {
        url: String,
    },
}

impl Engine {
    pub fn sqlite() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/station.sqlite3");
        Self::Sqlite { _dir: dir, path }
    }

    /// A fresh database; `None` where PostgreSQL is missing (outside CI; see `pg_cluster`).
    pub fn postgres() -> Option<Self> {
        pg_cluster::fresh_database().map(|url| Self::Postgres { url })
    }

    pub fn location(&self) -> Location {
        match self {
            Self::Sqlite { path, .. } => Location::Sqlite(path.clone()),
            Self::Postgres { url } => Location::parse(url).unwrap(),
        }
    }

    pub fn open(&self) -> StationDb {
        StationDb::connect(&self.location()).unwrap()
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, Self::Postgres { .. })
    }
}

/// `on_both_engines!(a, b)` makes `sqlite::a`, `postgres::a`, ... calling `a(&Engine)`.
#[macro_export]
macro_rules! on_both_engines {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[test]
                fn $name() {
                    super::$name(&$crate::station::engines::Engine::sqlite());
                }
            )+
        }
        mod postgres {
            $(
                #[test]
                fn $name() {
                    if let Some(engine) = $crate::station::engines::Engine::postgres() {
                        super::$name(&engine);
                    }
                }
            )+
        }
    };
}
