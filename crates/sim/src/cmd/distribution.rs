//! `sim equity --distribution`: each player's equity distribution over the hands of the range,
//! drawn (`request::distribution`, `engine::distribution`) from the per-hand results of
//! the breakdown of any game (`request::breakdown`), written as curve, histogram and summary rows per player
//! (`report::distribution_row`), and heads-up with `--versus` the same over the other player's
//! hands.

use std::time::Instant;

use engine::{Method, PlayerRows, on_pool_with_caller};

use request::cards::cards_text;
use request::distribution::mean_error;

use crate::cli::equity::EquityArgs;
use crate::config::announce_seed;
use crate::config::distribution::DistributionConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::distribution_row::{DistributionRow, Seat, distribution_rows};
use crate::report::{Meta, insert_game, render};
use crate::summary::{Threads, si};

/// Names hand `i` of `player` and gives its equity's standard error.
fn hand_of(player: &PlayerRows) -> impl Fn(usize) -> (String, f64) + '_ {
    move |i| {
        let hand = &player.hands[i];
        (hand.hand.clone(), hand.equity.std_error)
    }
}

/// Runs `sim equity --distribution`.
///
/// # Errors
/// Usage errors for bad arguments or spots a breakdown refuses, runtime errors for output
/// failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = DistributionConfig::try_from(args)?;
    let request = &config.request;
    let equity = &request.breakdown.equity;
    let game = request.breakdown.game();
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = request.breakdown.method() {
        announce_seed(request.breakdown.seed(), "equity");
    }
    let started = Instant::now();
    // A spot can prove impossible only when counted (no deal fits): still a usage error.
    let result =
        on_pool_with_caller(config.threads, || request.run())?.map_err(UsageError::from)?;
    let elapsed = started.elapsed();
    let breakdown = &result.breakdown;
    let exact = breakdown.is_exact();
    let board = cards_text(equity.board());
    let mut rows: Vec<DistributionRow> = Vec::new();
    for (player, d) in breakdown.players.iter().zip(&result.players) {
        let seat = Seat {
            game: game.name(),
            board: &board,
            player: player.seat,
            range: &player.range,
            against: None,
        };
        rows.extend(distribution_rows(
            seat,
            &d.own,
            hand_of(player),
            mean_error(player),
        ));
        for versus in &d.versus {
            let opponent = &breakdown.players[versus.against];
            let seat = Seat {
                against: Some(opponent.seat),
                ..seat
            };
            let hand = |i: usize| (opponent.hands[i].hand.clone(), versus.std_errors[i]);
            rows.extend(distribution_rows(
                seat,
                &versus.distribution,
                hand,
                versus.std_error,
            ));
        }
    }
    let mut meta = Meta::new();
    meta.insert("command".into(), "equity".into());
    meta.insert("distribution".into(), true.into());
    insert_game(&mut meta, game);
    meta.insert(
        "method".into(),
        if exact { "exact" } else { "monte_carlo" }.into(),
    );
    match equity.shared_last_card() {
        Some(shared) => meta.insert("shared_last_card".into(), shared.into()),
        None => meta.insert("board".into(), board.clone().into()),
    };
    meta.insert("dead".into(), cards_text(equity.dead()).into());
    meta.insert("bins".into(), request.bins.into());
    if let Method::MonteCarlo { seed, .. } = request.breakdown.method() {
        meta.insert("seed".into(), (*seed).into());
    }
    output.finish(&render(&rows, config.output.format, meta)?)?;
    let mut samples = 0;
    for (player, d) in breakdown.players.iter().zip(&result.players) {
        let s = &d.own.summary;
        samples = player.hands.iter().map(|h| h.equity.samples).sum();
        crate::stderr_line!(
            "player {} {}: {} hands, equity {:.2} %, quartiles {:.2} / {:.2} / {:.2} %, {:.2} % \
             of the range at 50 % or more",
            player.seat,
            player.range,
            s.hands,
            100.0 * s.mean,
            100.0 * s.q1,
            100.0 * s.median,
            100.0 * s.q3,
            100.0 * s.at_least_half
        );
    }
    let what = match request.breakdown.method() {
        Method::MonteCarlo { seed, .. } => format!("monte carlo, seed {seed}"),
        _ => "exact".to_string(),
    };
    let seconds = elapsed.as_secs_f64();
    crate::stderr_line!(
        "sim equity --distribution: {what}, {samples} {} in {seconds:.3} s on {} ({}/s)",
        if exact { "boards" } else { "showdowns" },
        Threads(config.threads),
        si(samples as f64 / seconds.max(1e-9))
    );
    Ok(())
}
