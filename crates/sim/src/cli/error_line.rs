//! A usage error clap found, as the one line `sim` prints for it: clap's message, then what clap
//! would have suggested on the lines below it, read from the error's context rather than from
//! its rendered text.
//!
//! ```text
//! sim equity --round 5 AKo QQ   unexpected argument '--round' found (did you mean '--rounds'?)
//! sim eqity                     unrecognized subcommand 'eqity' (did you mean 'equity'?)
//! sim odds --format xml         invalid value 'xml' for '--format <FORMAT>'
//!                                 (possible values: csv, json)
//! sim hits --board Kh9h5c       missing required arguments: <RANGE>
//! ```

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The line for `err`, without the `sim: ` that starts every error line.
pub fn error_line(err: &clap::Error) -> String {
    let mut line = message(err);
    let mut notes: Vec<String> = Vec::new();
    if let Some(ContextValue::Strings(values)) = err.get(ContextKind::ValidValue)
        && !values.is_empty()
    {
        notes.push(format!("possible values: {}", values.join(", ")));
    }
    if err.kind() == ErrorKind::MissingSubcommand
        && let Some(ContextValue::Strings(commands)) = err.get(ContextKind::ValidSubcommand)
        && !commands.is_empty()
    {
        notes.push(format!("subcommands: {}", commands.join(", ")));
    }
    for kind in [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ] {
        let suggested = match err.get(kind) {
            Some(ContextValue::String(one)) => vec![one.clone()],
            Some(ContextValue::Strings(several)) => several.clone(),
            _ => Vec::new(),
        };
        if !suggested.is_empty() {
            let quoted: Vec<String> = suggested.iter().map(|s| format!("'{s}'")).collect();
            notes.push(format!("did you mean {}?", quoted.join(" or ")));
        }
    }
    if !notes.is_empty() {
        line.push_str(&format!(" ({})", notes.join("; ")));
    }
    line
}

/// clap's message proper: the missing arguments by name, or the first line of what clap
/// renders (the lines below it hold the suggestions, the usage and the pointer to `--help`).
fn message(err: &clap::Error) -> String {
    if err.kind() == ErrorKind::MissingRequiredArgument
        && let Some(ContextValue::Strings(missing)) = err.get(ContextKind::InvalidArg)
    {
        return format!("missing required arguments: {}", missing.join(", "));
    }
    let rendered = err.render().to_string();
    let first = rendered.lines().next().unwrap_or("invalid arguments");
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::Cli;

    /// The line for `sim args`, which must be refused.
    fn line(args: &[&str]) -> String {
        let argv = std::iter::once("sim").chain(args.iter().copied());
        match Cli::try_parse_from(argv) {
            Ok(cli) => panic!("sim {args:?} parsed: {cli:?}"),
            Err(err) => error_line(&err),
        }
    }

    #[test]
    fn suggestions_follow_the_message() {
        assert_eq!(
            line(&["equity", "--round", "5", "AKo", "QQ"]),
            "unexpected argument '--round' found (did you mean '--rounds'?)"
        );
        assert_eq!(
            line(&["eqity"]),
            "unrecognized subcommand 'eqity' (did you mean 'equity'?)"
        );
        assert_eq!(
            line(&["odds", "--format", "jsno"]),
            "invalid value 'jsno' for '--format <FORMAT>' (possible values: csv, json; did you \
             mean 'json'?)"
        );
    }

    #[test]
    fn possible_values_are_listed() {
        assert_eq!(
            line(&["odds", "--format", "xml"]),
            "invalid value 'xml' for '--format <FORMAT>' (possible values: csv, json)"
        );
        assert_eq!(
            line(&["exact", "--method", "x"]),
            "invalid value 'x' for '--method <METHOD>' (possible values: auto, combinatorial, \
             enumerate)"
        );
    }

    #[test]
    fn a_message_without_suggestions_stays_as_clap_wrote_it() {
        assert_eq!(
            line(&["equity", "--zzz"]),
            "unexpected argument '--zzz' found"
        );
        assert_eq!(
            line(&["hits", "--board", "Kh9h5c"]),
            "missing required arguments: <RANGE>"
        );
        assert_eq!(
            line(&["odds", "--rounds", "many"]),
            format!(
                "invalid value 'many' for '--rounds <N>': {}",
                engine::parse_count("many").unwrap_err()
            )
        );
    }

    #[test]
    fn every_line_is_one_line() {
        for args in [
            &["equity", "--round", "5"][..],
            &["shuffle", "exact", "--method", "fy"],
            &["plot", "odd", "x.csv", "--out", "x.svg"],
            &["deal", "--players", "0"],
        ] {
            let text = line(args);
            assert!(!text.contains('\n'), "{args:?}: {text:?}");
            assert!(!text.is_empty(), "{args:?}");
        }
    }
}
