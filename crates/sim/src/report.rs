//! Tables out: rows are serde structs, written as CSV by the csv crate (the header comes from the
//! field names) or as one JSON document (the run's metadata plus a `rows` array), from the same
//! structs.
//!
//! Floats in CSV have a fixed number of decimals, so every table is stable and diffs well; in JSON
//! they are plain numbers. A row declares the CSV form of each float by its field type:
//! [`Fixed<N>`] (`N` decimals, e.g. 15 for probabilities) or [`Scientific<N>`].

pub mod equity_row;
pub mod odds_table;
pub mod table_row;

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt;

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

use crate::cli::Format;

thread_local! {
    /// Set while [`render`] writes CSV: floats then serialise as decimal text. Only `render`
    /// sets it, and only around its own CSV writer, so no other serialisation sees it.
    static CSV_TEXT: Cell<bool> = const { Cell::new(false) };
}

/// Sets [`CSV_TEXT`] for its lifetime (also if writing fails part-way).
struct CsvTextGuard;

impl CsvTextGuard {
    fn new() -> Self {
        CSV_TEXT.with(|flag| flag.set(true));
        Self
    }
}

impl Drop for CsvTextGuard {
    fn drop(&mut self) {
        CSV_TEXT.with(|flag| flag.set(false));
    }
}

fn serialize_float<S: Serializer>(
    serializer: S,
    value: f64,
    text: impl FnOnce() -> String,
) -> Result<S::Ok, S::Error> {
    if CSV_TEXT.with(Cell::get) {
        serializer.serialize_str(&text())
    } else {
        serializer.serialize_f64(value)
    }
}

/// A float written with `N` decimals in CSV (`0.174620000000000` for `N = 15`), a number in JSON.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Fixed<const N: usize>(pub f64);

impl<const N: usize> Serialize for Fixed<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_float(serializer, self.0, || format!("{:.N$}", self.0))
    }
}

impl<const N: usize> fmt::Display for Fixed<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.N$}", self.0)
    }
}

/// A float in scientific notation with `N` decimals in CSV (`1.234560e-5`), a number in JSON.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Scientific<const N: usize>(pub f64);

impl<const N: usize> Serialize for Scientific<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_float(serializer, self.0, || format!("{:.N$e}", self.0))
    }
}

/// A probability or share: 15 decimals in CSV.
pub type Share = Fixed<15>;

/// A probability or share written with 15 decimals, as in every table.
pub fn fixed(x: f64) -> String {
    Share::from(x).to_string()
}

impl<const N: usize> From<f64> for Fixed<N> {
    fn from(x: f64) -> Self {
        Self(x)
    }
}

/// The metadata of a JSON document: command, inputs, seed.
pub type Meta = serde_json::Map<String, serde_json::Value>;

/// Renders rows as CSV (header first, from the row's field names), or as JSON: `meta` with a
/// `rows` array added.
///
/// # Errors
/// Only if serialisation fails, which in-memory writing does not.
pub fn render<R: Serialize>(rows: &[R], format: Format, meta: Meta) -> anyhow::Result<Vec<u8>> {
    match format {
        Format::Csv => {
            let _text = CsvTextGuard::new();
            let mut writer = csv::Writer::from_writer(Vec::new());
            for row in rows {
                writer.serialize(row)?;
            }
            Ok(writer.into_inner().map_err(|e| e.into_error())?)
        }
        Format::Json => {
            let mut bytes = serde_json::to_vec_pretty(&JsonDocument { meta: &meta, rows })?;
            bytes.push(b'\n');
            Ok(bytes)
        }
    }
}

/// A JSON table: the metadata with `rows` added, its keys in the order one map of them has, and
/// each row's keys likewise sorted. The rows never pass through `serde_json::Value`, which holds
/// no integer above `u64::MAX` (weighted exact counts are `u128` and are written in full): each
/// row is written as JSON and its fields kept as the very text written.
struct JsonDocument<'a, R> {
    meta: &'a Meta,
    rows: &'a [R],
}

/// The key of a JSON table's rows.
const ROWS: &str = "rows";

/// A row as a map of its fields' JSON text, in sorted key order.
type SortedRow = BTreeMap<String, Box<RawValue>>;

impl<R: Serialize> Serialize for JsonDocument<'_, R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeMap};
        let rows = self
            .rows
            .iter()
            .map(|row| {
                let text = serde_json::to_string(row)?;
                serde_json::from_str::<SortedRow>(&text)
            })
            .collect::<Result<Vec<SortedRow>, _>>()
            .map_err(S::Error::custom)?;
        // The map itself says where `rows` goes among the other keys.
        let mut keys = self.meta.clone();
        keys.insert(ROWS.to_string(), serde_json::Value::Null);
        let mut map = serializer.serialize_map(Some(keys.len()))?;
        for (key, value) in &keys {
            if key == ROWS {
                map.serialize_entry(ROWS, &rows)?;
            } else {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

/// Adds the `game` of a non-hold'em run to a JSON table's parameters (hold'em tables keep their
/// bytes).
pub fn insert_game(meta: &mut Meta, game: engine::Game) {
    let mut params = request::run_params::RunParams::default();
    params.game(game);
    meta.extend(meta_of(params));
}

/// A document's parameters (`request::run_params`) as its JSON keys.
pub fn meta_of(params: request::run_params::RunParams) -> Meta {
    use request::run_params::Param;
    params
        .0
        .into_iter()
        .map(|(key, value)| {
            let value = match value {
                Param::Text(text) => text.into(),
                Param::Count(n) => n.into(),
                Param::Float(x) => x.into(),
                Param::Flag(flag) => flag.into(),
            };
            (key.to_string(), value)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Row {
        name: &'static str,
        share: Share,
        z: Fixed<6>,
        p: Scientific<6>,
        missing: Option<Share>,
    }

    fn rows() -> Vec<Row> {
        vec![Row {
            name: "a,b",
            share: Fixed(0.25),
            z: Fixed(-1.5),
            p: Scientific(1.5e-7),
            missing: None,
        }]
    }

    #[test]
    fn csv_writes_fixed_decimals_and_the_header_from_the_fields() {
        let csv = render(&rows(), Format::Csv, Meta::new()).unwrap();
        assert_eq!(
            String::from_utf8(csv).unwrap(),
            "name,share,z,p,missing\n\"a,b\",0.250000000000000,-1.500000,1.500000e-7,\n"
        );
    }

    #[test]
    fn json_writes_plain_numbers_from_the_same_rows() {
        let mut meta = Meta::new();
        meta.insert("command".into(), "test".into());
        let json = render(&rows(), Format::Json, meta).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(doc["command"], "test");
        assert_eq!(doc["rows"][0]["share"], 0.25);
        assert_eq!(doc["rows"][0]["p"], 1.5e-7);
        assert!(doc["rows"][0]["missing"].is_null());
        // The flag is off again: outside render, floats are numbers.
        assert_eq!(serde_json::to_string(&Fixed::<3>(0.5)).unwrap(), "0.5");
    }

    /// Issue 51, defect 2: counts above `u64::MAX` are written in full, and `rows` keeps its
    /// place among the metadata's keys.
    #[test]
    fn json_writes_counts_past_u64_and_keeps_the_key_order() {
        #[derive(Serialize)]
        struct Count {
            wins: u128,
            share: f64,
        }
        let mut meta = Meta::new();
        meta.insert("command".into(), "test".into());
        meta.insert("seed".into(), 7.into());
        let big = u128::from(u64::MAX) * 3 + 5;
        let json = render(
            &[Count {
                wins: big,
                share: 0.1,
            }],
            Format::Json,
            meta.clone(),
        )
        .unwrap();
        let text = String::from_utf8(json).unwrap();
        assert!(text.contains(&format!("\"wins\": {big}")), "{text}");
        let (command, rows, seed) = (
            text.find("\"command\"").unwrap(),
            text.find("\"rows\"").unwrap(),
            text.find("\"seed\"").unwrap(),
        );
        assert!(command < rows && rows < seed, "{text}");
        // The same bytes as one map of metadata and rows (each row's keys sorted), where the
        // counts fit a `Value`.
        let row = Count {
            wins: 5,
            share: 1.0 / 3.0,
        };
        let small = render(&[row], Format::Json, meta.clone()).unwrap();
        let mut doc = meta;
        doc.insert(
            "rows".into(),
            serde_json::json!([{ "wins": 5, "share": 1.0 / 3.0 }]),
        );
        let mut expected = serde_json::to_vec_pretty(&doc).unwrap();
        expected.push(b'\n');
        assert_eq!(small, expected);
    }
}
