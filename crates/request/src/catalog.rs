//! The catalog of every table the request layer serves: each table's name and the columns of
//! its widest form, with their kinds and words. Front ends that build result types from column
//! lists (Python's result classes, a web page's table headers) read them here, so that no column
//! is listed a second time.

use crate::table::TableSchema;
use crate::{
    breakdown_table, calling_table, counted_rank_table, distribution_table, equity_table,
    hits_table, odds_table, query_table, rank_table, runouts_table, streets_table,
};

/// Every table, in the order of the commands that write them.
pub fn tables() -> Vec<TableSchema> {
    vec![
        TableSchema::of(
            "equity",
            &[&equity_table::COLUMNS, &equity_table::HILO_COLUMNS],
        ),
        TableSchema::of(
            "breakdown",
            &[&breakdown_table::COLUMNS, &breakdown_table::HILO_COLUMNS],
        ),
        TableSchema::of("calling_range", &[&calling_table::COLUMNS]),
        TableSchema::of("distribution", &[&distribution_table::COLUMNS]),
        TableSchema::of(
            "streets",
            &[&streets_table::COLUMNS, &streets_table::HILO_COLUMNS],
        ),
        TableSchema::of("odds", &[&odds_table::COLUMNS]),
        TableSchema::of("exact", &[&odds_table::EXACT_COLUMNS]),
        TableSchema::of(
            "hits",
            &[
                &hits_table::columns(false, false, false),
                &hits_table::columns(true, true, true),
            ],
        ),
        TableSchema::of("rank", &[&rank_table::COLUMNS]),
        TableSchema::of("rank_omaha", &[&counted_rank_table::OMAHA_COLUMNS]),
        TableSchema::of(
            "rank_omaha_hilo",
            &[&counted_rank_table::OMAHA_HILO_COLUMNS],
        ),
        TableSchema::of("rank_stud", &[&counted_rank_table::STUD_COLUMNS]),
        TableSchema::of("rank_draw", &[&counted_rank_table::DRAW_COLUMNS]),
        TableSchema::of("runouts", &[&runouts_table::COLUMNS]),
        TableSchema::of("query", &[&query_table::COLUMNS]),
        TableSchema::of("query_functions", &[&query_table::FUNCTION_COLUMNS]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_is_listed_once_with_unique_columns() {
        let tables = tables();
        let mut names: Vec<_> = tables.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), tables.len());
        for table in &tables {
            let mut columns: Vec<_> = table.columns.iter().map(|c| c.name).collect();
            columns.sort_unstable();
            columns.dedup();
            assert_eq!(columns.len(), table.columns.len(), "{}", table.name);
            assert!(
                table.columns.iter().all(|c| !c.doc.is_empty()),
                "{}",
                table.name
            );
        }
    }

    #[test]
    fn the_hilo_and_option_columns_are_optional() {
        let tables = tables();
        let optional = |name: &str| -> Vec<&str> {
            let table = tables.iter().find(|t| t.name == name).unwrap();
            table
                .columns
                .iter()
                .filter(|c| c.optional)
                .map(|c| c.name)
                .collect()
        };
        assert_eq!(
            optional("equity"),
            [
                "high",
                "low",
                "scoop",
                "scoops",
                "pot_units",
                "units_per_pot"
            ]
        );
        assert_eq!(optional("hits").len(), 13);
        assert!(optional("odds").is_empty());
    }
}
