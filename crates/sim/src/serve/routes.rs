//! The routes: each request checked (Host, Origin, content type, body size), then answered
//! from the page's files or the JSON API.
//!
//! ```text
//!  GET    /, /app.js                         the page (compiled in)
//!  GET    /api/games                         the game list: names, decks, range syntax
//!  GET    /api/status                        computations running and waiting, the limits
//!  POST   /api/check   {"args": [...]}       validate only: 200 {"command"} or 400 {"error"}
//!  POST   /api/run     {"args": [...]}       compute now: 200 the CLI's JSON bytes
//!  POST   /api/jobs    {"args": [...]}       compute as a job: 202 {"id", "command"}
//!  GET    /api/jobs/ID[?wait=MS]             202 progress, or the outcome (once)
//!  DELETE /api/jobs/ID                       cancel: 200 once stopped
//! ```

use std::time::{Duration, Instant};

use serde::Deserialize;
use tiny_http::{Method, Request};

use super::assets;
use super::games;
use super::http::{self, Reply};
use super::jobs::{Jobs, Outcome};
use super::words::command_line;
use super::work::{Bounds, prepare};

/// What every request is answered from.
#[derive(Debug)]
pub(crate) struct State {
    /// The jobs and slots.
    pub(crate) jobs: std::sync::Arc<Jobs>,
    /// The bounds on requests.
    pub(crate) bounds: Bounds,
    /// The port, for the Host check; `None` when it is off (`--listen` elsewhere).
    pub(crate) host_port: Option<u16>,
    /// `--max-seconds`.
    pub(crate) max_seconds: u64,
}

/// A request for a computation: the words after `sim`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Ask {
    args: Vec<String>,
}

/// The longest a poll waits for a job's outcome.
const MAX_WAIT: Duration = Duration::from_millis(1500);

/// Answers `request`.
pub(crate) fn handle(state: &State, mut request: Request) {
    let reply = answer(state, &mut request);
    reply.send(request);
}

fn answer(state: &State, request: &mut Request) -> Reply {
    let host = http::header(request, "host");
    if let Some(port) = state.host_port
        && !host.is_some_and(|h| http::loopback_host(h, port))
    {
        return Reply::error(
            403,
            "sim serve: the Host header must be this server's loopback address",
        );
    }
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let method = request.method().clone();
    if method != Method::Get && !http::same_origin(http::header(request, "origin"), host) {
        return Reply::error(403, "sim serve: requests from other pages are refused");
    }
    match (&method, path) {
        (Method::Get, "/api/games") => games(),
        (Method::Get, "/api/status") => status(state),
        (Method::Post, "/api/check" | "/api/run" | "/api/jobs") => {
            let json = http::header(request, "content-type")
                .is_some_and(|t| t.trim_start().starts_with("application/json"));
            if !json {
                return Reply::error(415, "sim serve: the body must be application/json");
            }
            let body = match http::body(request) {
                Ok(body) => body,
                Err(reply) => return reply,
            };
            let ask: Ask = match serde_json::from_slice(&body) {
                Ok(ask) => ask,
                Err(e) => return Reply::error(400, &format!("sim serve: bad JSON: {e}")),
            };
            let prepared = match prepare(ask.args, state.bounds) {
                Ok(prepared) => prepared,
                Err(message) => return Reply::error(400, &message),
            };
            let command = command_line(&prepared.words);
            match path {
                "/api/check" => Reply::json(
                    200,
                    serde_json::json!({ "command": command })
                        .to_string()
                        .into_bytes(),
                ),
                "/api/run" => match state.jobs.run_now(&prepared, command) {
                    Some(outcome) => outcome_reply(outcome),
                    None => busy(),
                },
                _ => match state.jobs.submit(prepared, command.clone()) {
                    Some(id) => Reply::json(
                        202,
                        serde_json::json!({ "id": id, "command": command })
                            .to_string()
                            .into_bytes(),
                    ),
                    None => busy(),
                },
            }
        }
        (Method::Get, _) if path.starts_with("/api/jobs/") => poll(state, &path[10..], query),
        (Method::Delete, _) if path.starts_with("/api/jobs/") => cancel(state, &path[10..]),
        (Method::Get, _) if assets::is_index(path) => {
            let nonce = format!("{:032x}", rand::random::<u128>());
            Reply::page(assets::index(&nonce), &nonce)
        }
        (Method::Get, _) => match assets::file(path) {
            Some((kind, bytes)) => Reply::asset(kind, bytes),
            None => Reply::error(404, "sim serve: no such page"),
        },
        _ if path.starts_with("/api/")
            || assets::is_index(path)
            || assets::file(path).is_some() =>
        {
            Reply::error(405, "sim serve: method not allowed")
        }
        _ => Reply::error(404, "sim serve: no such page"),
    }
}

/// 503: every slot and place in the queue taken.
fn busy() -> Reply {
    Reply::error(
        503,
        "sim serve: busy: every computation slot and queue place is taken; try again",
    )
    .with("Retry-After", "1".to_string())
}

/// A finished computation's reply: the table's bytes as the command line writes them, the
/// command line that repeats it in `X-Sim-Command`.
fn outcome_reply(outcome: Outcome) -> Reply {
    match outcome {
        Outcome::Table(bytes, words) => {
            Reply::json(200, bytes).with("X-Sim-Command", command_line(&words))
        }
        Outcome::Failed(status, message) => Reply::error(status, &message),
    }
}

/// `GET /api/jobs/ID?wait=MS`.
fn poll(state: &State, id: &str, query: &str) -> Reply {
    let Some(job) = state.jobs.find(id) else {
        return Reply::error(
            404,
            "sim serve: no such job (finished, cancelled or unknown)",
        );
    };
    job.touch();
    let wait = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("wait="))
        .and_then(|ms| ms.parse::<u64>().ok())
        .map_or(Duration::ZERO, Duration::from_millis)
        .min(MAX_WAIT);
    let outcome = job.outcome(wait);
    job.touch();
    match outcome {
        Some(outcome) => {
            state.jobs.forget(id);
            outcome_reply(outcome)
        }
        None => {
            let (state_word, done, total) = job.progress();
            Reply::json(
                202,
                serde_json::json!({
                    "id": id,
                    "state": state_word,
                    "done": done,
                    "total": total,
                    "command": job.command,
                })
                .to_string()
                .into_bytes(),
            )
        }
    }
}

/// `DELETE /api/jobs/ID`: cancels and answers once the computation stopped (or a second on).
fn cancel(state: &State, id: &str) -> Reply {
    let Some(job) = state.jobs.forget(id) else {
        return Reply::error(
            404,
            "sim serve: no such job (finished, cancelled or unknown)",
        );
    };
    let started = Instant::now();
    job.cancel();
    let stopped = job.outcome(Duration::from_secs(1)).is_some();
    Reply::json(
        200,
        serde_json::json!({
            "id": id,
            "state": if stopped { "cancelled" } else { "stopping" },
            "milliseconds": started.elapsed().as_secs_f64() * 1000.0,
        })
        .to_string()
        .into_bytes(),
    )
}

/// `GET /api/status`.
fn status(state: &State) -> Reply {
    let (running, waiting) = state.jobs.load();
    Reply::json(
        200,
        serde_json::json!({
            "running": running,
            "waiting": waiting,
            "max_seconds": state.max_seconds,
            "max_rounds": state.bounds.max_rounds,
            "threads": state.bounds.threads,
        })
        .to_string()
        .into_bytes(),
    )
}

/// `GET /api/games`: what the page needs to know of each game, from the game list.
fn games() -> Reply {
    Reply::json(200, games::list().to_string().into_bytes())
}
