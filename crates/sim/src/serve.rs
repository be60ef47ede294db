//! `sim serve`: the study page, served by `sim` itself on loopback. The page and its scripts are
//! compiled in ([`assets`](self)); its JSON API runs the same commands as the command line,
//! through the same clap parse, `config` step and `table` functions, so that each answer is the
//! bytes `--format json` writes.
//!
//! ```text
//!  browser ──HTTP──▶ tiny_http (accept, parse) ──▶ HANDLERS threads: routes::handle
//!                                                     │ Host/Origin/body checks
//!                                                     ├─▶ assets (compiled-in files)
//!                                                     └─▶ work::prepare (clap + config)
//!                                                           └─▶ jobs: a slot, a watch
//!                                                                 └─▶ cmd::<command>::table
//! ```
//!
//! Synchronous on purpose: the work is CPU-bound on rayon, a handful of threads answer a
//! page's requests, and a small server crate keeps every build of `sim` short.

mod assets;
mod games;
mod http;
mod jobs;
mod routes;
mod words;
mod work;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow};

use crate::cli::serve::ServeArgs;
use crate::config::resolve_threads;
use routes::State;

/// Threads that answer requests (a computation runs on a thread of its own).
const HANDLERS: usize = 16;

/// Computations that may wait for a slot beyond those running.
const QUEUE: usize = 64;

/// Runs `sim serve` until a stop signal ends the process.
///
/// # Errors
/// Usage errors for bad threads, runtime errors when the address cannot be listened on.
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let threads = resolve_threads(args.threads)?;
    let ip = args.listen.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let server = tiny_http::Server::http(SocketAddr::new(ip, args.port))
        .map_err(|e| anyhow!("{e}"))
        .with_context(|| format!("cannot listen on {}", SocketAddr::new(ip, args.port)))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or_else(|| anyhow!("cannot read the port listened on"))?;
    if !ip.is_loopback() {
        crate::stderr_line!(
            "sim serve: warning: listening on {ip}, not loopback: anyone who reaches it can run computations, and the Host header is not checked"
        );
    }
    let shown = match ip {
        IpAddr::V6(v6) => format!("[{v6}]"),
        IpAddr::V4(v4) if v4.is_unspecified() => "127.0.0.1".to_string(),
        IpAddr::V4(v4) => v4.to_string(),
    };
    let url = format!("http://{shown}:{port}/");
    crate::stderr_line!("sim serve: listening on {url} (stop with Ctrl-C)");
    let jobs = Arc::new(jobs::Jobs::new(
        usize::from(args.jobs),
        QUEUE,
        Duration::from_secs(args.max_seconds),
    ));
    let state = Arc::new(State {
        jobs: Arc::clone(&jobs),
        bounds: work::Bounds {
            max_rounds: args.max_rounds,
            threads,
        },
        host_port: ip.is_loopback().then_some(port),
        max_seconds: args.max_seconds,
    });
    std::thread::Builder::new()
        .name("sim-sweep".into())
        .spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(250));
                jobs.sweep();
            }
        })
        .context("cannot start a thread")?;
    if args.open {
        open(&url);
    }
    let server = Arc::new(server);
    let mut handlers = Vec::new();
    for i in 0..HANDLERS {
        let server = Arc::clone(&server);
        let state = Arc::clone(&state);
        let handler = std::thread::Builder::new()
            .name(format!("sim-http-{i}"))
            .spawn(move || {
                while let Ok(request) = server.recv() {
                    routes::handle(&state, request);
                }
            })
            .context("cannot start a thread")?;
        handlers.push(handler);
    }
    for handler in handlers {
        let _ = handler.join();
    }
    Ok(())
}

/// Opens `url` in the system's browser, or says how to.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if started.is_err() {
        crate::stderr_line!("sim serve: cannot start {opener}; open {url} yourself");
    }
}
