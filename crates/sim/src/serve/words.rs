//! The words a request may pass to `sim`: which commands and flags the server runs, the bounds
//! on their size, and the command line shown for them.
//!
//! Only flags that compute are let through: nothing that reads or writes a file (`--out`,
//! `--checkpoint`), sets the threads or the format (the server does), or runs without a stop
//! (`rank --build`). Everything else is clap's and `request`'s to check, exactly as on the
//! command line.

use engine::{Command, GameOption};

/// The most words a request may hold.
pub(crate) const MAX_WORDS: usize = 64;

/// The longest word, in bytes: room for any range text a person paints or types.
pub(crate) const MAX_WORD: usize = 8 * 1024;

/// A command the server runs: its name, the game list's command (whose games' own options,
/// [`engine::GameOption`], it takes besides), the flags taking a value, the flags that are
/// switches.
struct Allowed {
    command: &'static str,
    options_of: Command,
    valued: &'static [&'static str],
    switches: &'static [&'static str],
}

/// The commands and flags a request may use.
const ALLOWED: [Allowed; 4] = [
    Allowed {
        command: "equity",
        options_of: Command::Equity,
        valued: &[
            "--game",
            "--opponents",
            "--board",
            "--dead",
            "--rounds",
            "--target-stderr",
            "--bins",
            "--seat",
            "--pot",
            "--call",
            "--min-equity",
            "--seed",
            "--ranking",
            "--boards",
            "--board2",
            "--runs",
        ],
        switches: &[
            "--trips-beat-straight",
            "--exact",
            "--breakdown",
            "--distribution",
            "--versus",
            "--streets",
            "--next-cards",
            "--calling-range",
        ],
    },
    Allowed {
        command: "hits",
        options_of: Command::Hits,
        valued: &["--game", "--board", "--dead", "--ranking"],
        switches: &["--trips-beat-straight", "--combos", "--improve"],
    },
    Allowed {
        command: "rank",
        options_of: Command::Rank,
        valued: &["--game", "--top", "--ranking"],
        switches: &["--trips-beat-straight"],
    },
    Allowed {
        command: "preflop",
        options_of: Command::Preflop,
        valued: &["--game", "--opponents", "--rounds", "--seed"],
        switches: &["--trips-beat-straight", "--matrix"],
    },
];

/// Checks `words` (the words after `sim`) against the commands and flags the server runs.
///
/// # Errors
/// A one-line message naming the first word refused.
pub(crate) fn check(words: &[String]) -> Result<(), String> {
    if words.is_empty() || words.len() > MAX_WORDS {
        return Err(format!(
            "args must hold a command and at most {MAX_WORDS} words"
        ));
    }
    for word in words {
        if word.len() > MAX_WORD {
            return Err(format!("a word is longer than {MAX_WORD} bytes"));
        }
        if !word.bytes().all(|b| (0x20..0x7f).contains(&b)) {
            return Err("words must be printable ASCII".to_string());
        }
    }
    let Some(allowed) = ALLOWED.iter().find(|a| a.command == words[0]) else {
        let names: Vec<&str> = ALLOWED.iter().map(|a| a.command).collect();
        return Err(format!(
            "the server runs {}, not {:?}",
            names.join(", "),
            words[0]
        ));
    };
    let mut rest = words[1..].iter();
    while let Some(word) = rest.next() {
        if !word.starts_with('-') {
            continue;
        }
        let (flag, inline) = match word.split_once('=') {
            Some((flag, _)) => (flag, true),
            None => (word.as_str(), false),
        };
        let option = |o: &&GameOption| flag.strip_prefix("--") == Some(o.name);
        let game_option = GameOption::for_command(allowed.options_of)
            .iter()
            .any(option);
        if allowed.valued.contains(&flag) || game_option {
            if !inline {
                // The value may itself start with '-' (`--pot -5`): clap judges it.
                rest.next();
            }
        } else if !allowed.switches.contains(&flag) || inline {
            return Err(format!(
                "sim serve does not take {flag:?} for {}",
                allowed.command
            ));
        }
    }
    Ok(())
}

/// The command line of `words` as a shell takes it: `sim` and the words, those holding
/// anything but letters, digits and `+-.,:%=@/_` in single quotes.
pub(crate) fn command_line(words: &[String]) -> String {
    let mut line = String::from("sim");
    for word in words {
        line.push(' ');
        let plain = !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.,:%=@/_".contains(c));
        if plain {
            line.push_str(word);
        } else {
            line.push('\'');
            line.push_str(&word.replace('\'', "'\\''"));
            line.push('\'');
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn computing_flags_pass_and_files_threads_and_formats_do_not() {
        assert!(check(&words("equity AsAh KsKh --board Qh7h2c --exact")).is_ok());
        assert!(check(&words("equity QQ+ AKs --calling-range --pot -5 --call 1")).is_ok());
        assert!(check(&words("hits QQ+ --board=Kh9h5c --improve")).is_ok());
        assert!(check(&words("rank --top 15%")).is_ok());
        // The games' own options come from the game list.
        for option in GameOption::for_command(Command::Equity) {
            let flag = option.flag();
            assert!(check(&words(&format!("equity Ac2d random {flag} 3"))).is_ok());
            assert!(check(&words(&format!("hits QQ+ {flag} 3"))).is_err());
        }
        assert!(check(&words("rank --top 15% --ranking vs3")).is_ok());
        assert!(
            check(&words(
                "equity AsAh KsKh --runs 2 --boards 2 --board2 Jd8d3s"
            ))
            .is_ok()
        );
        for refused in [
            "equity AsAh KsKh --out x.csv",
            "equity AsAh KsKh --threads 3",
            "equity AsAh KsKh --format csv",
            "equity AsAh KsKh -h",
            "equity AsAh KsKh --exact=1",
            "rank --build",
            "odds --rounds 1",
            "serve",
        ] {
            assert!(check(&words(refused)).is_err(), "{refused}");
        }
        assert!(check(&[]).is_err());
        assert!(check(&["equity".to_string(), "A\u{e9}".to_string()]).is_err());
        assert!(check(&["equity".to_string(), "A".repeat(MAX_WORD + 1)]).is_err());
    }

    #[test]
    fn the_command_line_quotes_what_a_shell_would_split() {
        let line = command_line(&words("equity QQ+,AKs 15% --board Kh9h5c"));
        assert_eq!(line, "sim equity QQ+,AKs 15% --board Kh9h5c");
        let quoted = command_line(&["equity".into(), "(QQ+,AKs)Kd".into(), "it's".into()]);
        assert_eq!(quoted, "sim equity '(QQ+,AKs)Kd' 'it'\\''s'");
    }
}
