//! The values that cross the engine boundary: what a parameter binds and a column reads as.
//!
//! Four kinds cover both stores' schemas on both engines (integers, text, bytes, NULL), and two
//! more bind only on PostgreSQL (`text[]` and `bytea[]` parameters: a batch in one statement);
//! booleans are integers 0/1 in SQLite and `boolean` in PostgreSQL expressions, and read back as
//! `bool` either way. Decimals travel as exact text, never as a float.

use std::error::Error;

use postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};
use rusqlite::types::{ToSqlOutput, ValueRef};

/// One parameter or column value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Null,
    Int(i64),
    Text(String),
    Blob(Vec<u8>),
    /// A `text[]` parameter, PostgreSQL only: a batch of rows as one array per column
    /// (`unnest`), so a batch costs one round trip rather than one per row. SQLite has no
    /// arrays (and no round trips to save): binding one there fails.
    Texts(Vec<String>),
    /// A `bytea[]` parameter, PostgreSQL only, as [`Value::Texts`].
    Blobs(Vec<Vec<u8>>),
}

/// A Rust value that binds as a parameter.
pub trait ToValue {
    fn to_value(&self) -> Value;
}

/// A Rust value that a column reads as; `Err` says what did not fit.
pub trait FromValue: Sized {
    fn from_value(value: Value) -> Result<Self, String>;
}

macro_rules! int_to_value {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Value {
                Value::Int(i64::from(*self))
            }
        }
        impl FromValue for $t {
            fn from_value(value: Value) -> Result<Self, String> {
                match value {
                    Value::Int(v) => <$t>::try_from(v)
                        .map_err(|_| format!("{v} does not fit {}", stringify!($t))),
                    other => Err(format!("expected an integer, found {other:?}")),
                }
            }
        }
    )*};
}
int_to_value!(i64, i32, u32, u16, u8);

impl ToValue for u64 {
    /// Order numbers are u64 in the API and at most `i64::MAX` in the store (checked where
    /// they enter); a larger one binds as a value no row has.
    fn to_value(&self) -> Value {
        Value::Int(i64::try_from(*self).unwrap_or(i64::MIN))
    }
}

impl FromValue for u64 {
    fn from_value(value: Value) -> Result<Self, String> {
        match value {
            Value::Int(v) => u64::try_from(v).map_err(|_| format!("{v} is negative")),
            other => Err(format!("expected an integer, found {other:?}")),
        }
    }
}

impl ToValue for usize {
    fn to_value(&self) -> Value {
        Value::Int(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl FromValue for usize {
    fn from_value(value: Value) -> Result<Self, String> {
        match value {
            Value::Int(v) => usize::try_from(v).map_err(|_| format!("{v} is not a count")),
            other => Err(format!("expected an integer, found {other:?}")),
        }
    }
}

impl ToValue for bool {
    fn to_value(&self) -> Value {
        Value::Int(i64::from(*self))
    }
}

impl FromValue for bool {
    fn from_value(value: Value) -> Result<Self, String> {
        match value {
            Value::Int(v) => Ok(v != 0),
            other => Err(format!("expected a boolean, found {other:?}")),
        }
    }
}

impl ToValue for str {
    fn to_value(&self) -> Value {
        Value::Text(self.to_owned())
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::Text(self.clone())
    }
}

impl FromValue for String {
    fn from_value(value: Value) -> Result<Self, String> {
        match value {
            Value::Text(text) => Ok(text),
            other => Err(format!("expected text, found {other:?}")),
        }
    }
}

/// A column of a batch, borrowed from its rows: binding copies each value once.
impl ToValue for Vec<&str> {
    fn to_value(&self) -> Value {
        Value::Texts(self.iter().map(|text| (*text).to_owned()).collect())
    }
}

/// A column of a batch, borrowed from its rows, as `Vec<&str>`.
impl ToValue for Vec<&[u8]> {
    fn to_value(&self) -> Value {
        Value::Blobs(self.iter().map(|bytes| bytes.to_vec()).collect())
    }
}

impl ToValue for [u8] {
    fn to_value(&self) -> Value {
        Value::Blob(self.to_vec())
    }
}

impl ToValue for Vec<u8> {
    fn to_value(&self) -> Value {
        Value::Blob(self.clone())
    }
}

impl FromValue for Vec<u8> {
    fn from_value(value: Value) -> Result<Self, String> {
        match value {
            Value::Blob(bytes) => Ok(bytes),
            other => Err(format!("expected bytes, found {other:?}")),
        }
    }
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Value {
        (**self).to_value()
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToValue::to_value)
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: Value) -> Result<Self, String> {
        match value {
            Value::Null => Ok(None),
            other => T::from_value(other).map(Some),
        }
    }
}

impl ToValue for Value {
    fn to_value(&self) -> Value {
        self.clone()
    }
}

impl FromValue for Value {
    fn from_value(value: Value) -> Result<Self, String> {
        Ok(value)
    }
}

// SQLite: the four storage classes map one to one (REAL never appears in the schema).

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Value::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Value::Int(v) => ToSqlOutput::Borrowed(ValueRef::Integer(*v)),
            Value::Text(text) => ToSqlOutput::Borrowed(ValueRef::Text(text.as_bytes())),
            Value::Blob(bytes) => ToSqlOutput::Borrowed(ValueRef::Blob(bytes)),
            Value::Texts(_) | Value::Blobs(_) => {
                return Err(rusqlite::Error::ToSqlConversionFailure(
                    "an array binds only on PostgreSQL".into(),
                ));
            }
        })
    }
}

impl Value {
    pub(super) fn from_sqlite(value: ValueRef<'_>) -> Result<Self, String> {
        Ok(match value {
            ValueRef::Null => Value::Null,
            ValueRef::Integer(v) => Value::Int(v),
            ValueRef::Text(bytes) => Value::Text(
                String::from_utf8(bytes.to_vec()).map_err(|e| format!("text not UTF-8: {e}"))?,
            ),
            ValueRef::Blob(bytes) => Value::Blob(bytes.to_vec()),
            ValueRef::Real(v) => return Err(format!("unexpected floating-point value {v}")),
        })
    }
}

// PostgreSQL is typed: a parameter binds as whatever type the server inferred for its place
// (an integer may stand where `integer`, `bigint`, `boolean` or text is expected), and a column
// reads by its declared type.

impl ToSql for Value {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut bytes::BytesMut,
    ) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(v) => match *ty {
                Type::INT8 => v.to_sql(ty, out),
                Type::INT4 => i32::try_from(*v)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(*v)?.to_sql(ty, out),
                Type::BOOL => (*v != 0).to_sql(ty, out),
                Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => {
                    v.to_string().as_str().to_sql(ty, out)
                }
                _ => Err(format!("an integer cannot stand where {ty} is expected").into()),
            },
            Value::Text(text) => text.as_str().to_sql(ty, out),
            Value::Blob(bytes) => bytes.as_slice().to_sql(ty, out),
            Value::Texts(texts) => texts.to_sql(ty, out),
            Value::Blobs(blobs) => blobs.to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

impl<'a> FromSql<'a> for Value {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
        Ok(match *ty {
            Type::INT8 => Value::Int(i64::from_sql(ty, raw)?),
            Type::INT4 => Value::Int(i64::from(i32::from_sql(ty, raw)?)),
            Type::INT2 => Value::Int(i64::from(i16::from_sql(ty, raw)?)),
            Type::BOOL => Value::Int(i64::from(bool::from_sql(ty, raw)?)),
            Type::BYTEA => Value::Blob(<Vec<u8>>::from_sql(ty, raw)?),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => {
                Value::Text(String::from_sql(ty, raw)?)
            }
            _ => return Err(format!("unexpected column type {ty} (cast it in the query)").into()),
        })
    }

    fn from_sql_null(_: &Type) -> Result<Self, Box<dyn Error + Sync + Send>> {
        Ok(Value::Null)
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}
