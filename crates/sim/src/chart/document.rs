//! A `--format json` document of a `sim` command read as a table: its `rows` become the
//! columns a CSV of the same command has, its other top-level values the request's parameters
//! that name what was computed (the CSV carries none of them).
//!
//! ```text
//!  { "board": "Th9h8c2d", "command": "hits", "dead": "Ac",       parameters: board, command,
//!    "range": "22+,A2s+", "rows": [                              dead, range (scalars only)
//!      { "class": "all", "combos": 136, "kind": "range", … },   a row: a cell per key, as
//!      … ] }                                                     the CSV writes it; null empty
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

use crate::chart::columns::Columns;
use crate::error::UsageError;

/// A cell as the CSV of the same table writes it: a number or a string as it reads, `null`
/// empty; `None` for an array or an object, which no table's cell holds.
fn cell(value: &Value) -> Option<String> {
    match value {
        Value::Null => Some(String::new()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// The columns and the parameters of the JSON document `bytes`, read from `path`.
///
/// # Errors
/// A usage error, naming the file, if it is not JSON or not a table's document: no `rows`
/// array of objects that all have the first row's keys and a scalar under each.
pub(crate) fn read(
    bytes: &[u8],
    path: &Path,
) -> Result<(Columns, BTreeMap<String, String>), UsageError> {
    let refuse = |what: String| UsageError::new(format!("{}: {what}", path.display()));
    let document: Map<String, Value> = serde_json::from_slice(bytes)
        .map_err(|e| refuse(format!("not a JSON table of sim: {e}")))?;
    let Some(Value::Array(rows)) = document.get("rows") else {
        return Err(refuse(
            "not a JSON table of sim: no \"rows\" array".to_string(),
        ));
    };
    let params = document
        .iter()
        .filter(|(name, _)| name.as_str() != "rows")
        .filter_map(|(name, value)| Some((name.clone(), cell(value)?)))
        .collect();
    let header: Vec<String> = match rows.first() {
        Some(Value::Object(first)) => first.keys().cloned().collect(),
        Some(_) => return Err(refuse("row 1 is not an object".to_string())),
        None => Vec::new(),
    };
    let mut columns = Columns::new(header);
    for (i, row) in rows.iter().enumerate() {
        let Value::Object(row) = row else {
            return Err(refuse(format!("row {} is not an object", i + 1)));
        };
        if row.len() != columns.header.len() {
            return Err(refuse(format!(
                "row {} has {} keys, not the first row's {}",
                i + 1,
                row.len(),
                columns.header.len()
            )));
        }
        for name in 0..columns.header.len() {
            let key = &columns.header[name];
            let text = row
                .get(key)
                .ok_or_else(|| refuse(format!("row {} has no key {key:?}", i + 1)))
                .and_then(|value| {
                    cell(value).ok_or_else(|| {
                        refuse(format!(
                            "row {}, key {key}: not a number or a string",
                            i + 1
                        ))
                    })
                })?;
            columns.push(&text);
        }
        columns.end_row();
    }
    Ok((columns, params))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str) -> Result<(Columns, BTreeMap<String, String>), UsageError> {
        read(text.as_bytes(), Path::new("t.json"))
    }

    #[test]
    fn rows_become_columns_and_the_rest_parameters() {
        let (columns, params) = read_text(
            r#"{"board": "Kd7c2s", "rounds": 1000, "exact": false, "run": {"seed": 1},
                "rows": [{"a": 1, "b": null}, {"a": 2.5, "b": "AK,QQ"}]}"#,
        )
        .unwrap();
        assert_eq!(columns.header, ["a", "b"]);
        assert_eq!(params["board"], "Kd7c2s");
        assert_eq!(params["rounds"], "1000");
        assert_eq!(params["exact"], "false");
        assert!(!params.contains_key("run"), "objects are no parameters");
        assert!(!params.contains_key("rows"));
    }

    #[test]
    fn documents_that_hold_no_table_are_refused_naming_the_file() {
        let refused = |text: &str| read_text(text).unwrap_err().to_string();
        assert!(refused("{").starts_with("t.json: not a JSON table of sim: "));
        assert_eq!(
            refused(r#"{"format": "sim-odds-shard", "counts": [1, 2]}"#),
            "t.json: not a JSON table of sim: no \"rows\" array"
        );
        assert_eq!(
            refused(r#"{"rows": [{"a": 1}, {"b": 1}]}"#),
            "t.json: row 2 has no key \"a\""
        );
        assert_eq!(
            refused(r#"{"rows": [{"a": 1}, {"a": 1, "b": 2}]}"#),
            "t.json: row 2 has 2 keys, not the first row's 1"
        );
        assert_eq!(
            refused(r#"{"rows": [{"a": [1]}]}"#),
            "t.json: row 1, key a: not a number or a string"
        );
        assert_eq!(
            refused(r#"{"rows": [3]}"#),
            "t.json: row 1 is not an object"
        );
    }
}
