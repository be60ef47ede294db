//! `sim serve` end to end: the real binary on a free port, spoken to over HTTP/1.1 by a small
//! client written here. Answers are the CLI's `--format json` bytes; bad requests are refused
//! with the right status and never stop the server.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{command, stdout};

/// A running `sim serve`, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Starts `sim serve --port 0` with `args` and reads its port from its stderr line.
    fn start(args: &[&str]) -> Self {
        let mut all = vec!["serve", "--port", "0"];
        all.extend_from_slice(args);
        let mut child = command(&all)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start sim serve");
        let stderr = child.stderr.take().expect("stderr piped");
        let mut line = String::new();
        BufReader::new(stderr)
            .read_line(&mut line)
            .expect("read the listening line");
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Self { child, port }
    }

    /// Sends `method path` with `headers` and `body`; Host is this server's unless given.
    fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("timeout");
        let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: 127.0.0.1:{}\r\n", self.port));
        }
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        stream.write_all(head.as_bytes()).expect("send head");
        // A server may answer (413) before reading all of a long body, and close.
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        Reply::parse(&raw)
    }

    /// POSTs `{"args": args}` as JSON to `path`.
    fn post(&self, path: &str, args: &[&str]) -> Reply {
        let body = serde_json::json!({ "args": args }).to_string();
        self.send(
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body.as_bytes(),
        )
    }

    fn get(&self, path: &str) -> Reply {
        self.send("GET", path, &[], b"")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A reply: status, headers (names in lower case), body.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn parse(raw: &[u8]) -> Self {
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no head in {:?}", String::from_utf8_lossy(raw)));
        let head = std::str::from_utf8(&raw[..end]).expect("ASCII head");
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .expect("status");
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        Self {
            status,
            headers,
            body: raw[end + 4..].to_vec(),
        }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// The CLI's stdout for the words of `line` (`sim …`, plain words).
fn cli(line: &str) -> Vec<u8> {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "sim", "{line}");
    let out = command(&words[1..]).output().expect("run sim");
    assert!(out.status.success(), "{line}: {}", stdout(&out));
    out.stdout
}

#[test]
fn answers_are_the_cli_bytes_and_carry_the_command_that_repeats_them() {
    let server = Server::start(&["--threads", "2"]);
    let cases: [&[&str]; 14] = [
        &["equity", "AsAh", "KsKh"],
        &[
            "equity",
            "QQ+,AKs",
            "JJ-99",
            "--board",
            "Kd7c2s",
            "--breakdown",
        ],
        &[
            "equity", "AhKh", "QQ+,AKs", "random", "--rounds", "20000", "--seed", "3",
        ],
        &["equity", "AhKh", "QQ+", "--rounds", "20000"],
        &["equity", "AsAh", "KsKh", "--board", "Qh7h2c", "--streets"],
        &[
            "equity",
            "QQ+,AK,99",
            "AhKh",
            "--board",
            "Kd7c2s",
            "--calling-range",
            "--pot",
            "90",
            "--call",
            "45",
        ],
        &[
            "equity",
            "AKs,QQ+",
            "JJ-99",
            "--board",
            "Kd7c2s",
            "--distribution",
        ],
        &["hits", "QQ+,AKs,T9s", "--board", "Kh9h5c", "--improve"],
        &["rank", "--top", "15%"],
        &["rank", "--top", "10%", "--ranking", "vs8"],
        &[
            "equity", "AsAh", "KsKh", "--board", "Qh7h2c", "--boards", "2", "--board2", "Jd8d3s",
        ],
        &[
            "equity", "AsAh", "KsKh", "--runs", "2", "--rounds", "20000", "--seed", "4",
        ],
        &[
            "preflop",
            "--opponents",
            "1..2",
            "--rounds",
            "2000",
            "--seed",
            "5",
        ],
        &[
            "preflop",
            "--game",
            "shortdeck",
            "--opponents",
            "3",
            "--rounds",
            "1000",
        ],
    ];
    for args in cases {
        let reply = server.post("/api/run", args);
        assert_eq!(reply.status, 200, "{args:?}: {}", reply.text());
        assert_eq!(reply.header("content-type"), Some("application/json"));
        let line = reply.header("x-sim-command").expect("X-Sim-Command");
        // A Monte Carlo run without --seed names the seed it drew.
        if args.contains(&"--rounds") && !args.contains(&"--seed") {
            assert!(line.contains(" --seed "), "{line}");
        }
        assert!(line.ends_with(" --format json"), "{line}");
        assert_eq!(reply.text(), String::from_utf8_lossy(&cli(line)), "{line}");
    }
}

#[test]
fn bad_requests_are_refused_with_their_status_and_the_server_goes_on() {
    let server = Server::start(&[]);
    let json = [("Content-Type", "application/json")];
    let cases: Vec<(Reply, u16, &str)> = vec![
        (
            server.send("POST", "/api/run", &json, b"{\"args\": [\"equity\""),
            400,
            "bad JSON",
        ),
        (
            server.send("POST", "/api/run", &json, b"[1,2]"),
            400,
            "bad JSON",
        ),
        (
            server.send("POST", "/api/run", &json, b"{\"args\":[],\"x\":1}"),
            400,
            "bad JSON",
        ),
        (
            server.send("POST", "/api/run", &json, &[0xff, 0xfe]),
            400,
            "bad JSON",
        ),
        (server.post("/api/run", &[]), 400, "command"),
        (
            server.post("/api/run", &["equity", "AsAh", "AsKh"]),
            400,
            "sim: ",
        ),
        (
            server.post("/api/run", &["equity", "ZZ", "KK"]),
            400,
            "sim: ",
        ),
        (
            server.post("/api/run", &["equity", "AsAh", "KsKh", "--out", "/tmp/x"]),
            400,
            "--out",
        ),
        (
            server.post("/api/run", &["equity", "AsAh", "KsKh", "--threads", "9"]),
            400,
            "--threads",
        ),
        (
            server.post("/api/run", &["equity", "AsAh", "KsKh", "--rounds", "1e15"]),
            400,
            "--max-rounds",
        ),
        (server.post("/api/run", &["odds"]), 400, "the server runs"),
        (server.post("/api/run", &["serve"]), 400, "the server runs"),
        (
            server.post("/api/run", &["rank", "--build"]),
            400,
            "--build",
        ),
        (
            server.send("POST", "/api/run", &[], b"{\"args\":[\"rank\"]}"),
            415,
            "application/json",
        ),
        (
            server.send("POST", "/api/run", &json, &vec![b' '; 100 * 1024]),
            413,
            "over",
        ),
        (
            server.send("GET", "/", &[("Host", "evil.example")], b""),
            403,
            "Host",
        ),
        (
            server.send("GET", "/", &[("Host", "evil.example:80")], b""),
            403,
            "Host",
        ),
        (
            server.send("GET", "/", &[("Host", "127.0.0.1:1")], b""),
            403,
            "Host",
        ),
        (
            server.send(
                "POST",
                "/api/run",
                &[
                    ("Content-Type", "application/json"),
                    ("Origin", "http://evil.example"),
                ],
                b"{\"args\":[\"rank\"]}",
            ),
            403,
            "other pages",
        ),
        (server.get("/../Cargo.toml"), 404, "no such page"),
        (server.get("/%2e%2e/%2e%2e/Cargo.toml"), 404, "no such page"),
        (server.get("/..%2f..%2fCargo.toml"), 404, "no such page"),
        (server.get("/page/app.js"), 404, "no such page"),
        (server.get("/api/nothing"), 404, "no such page"),
        (server.get("/api/jobs/0000000000000000"), 404, "no such job"),
        (
            server.send("DELETE", "/api/jobs/nothing", &[], b""),
            404,
            "no such job",
        ),
        (server.send("PUT", "/", &[], b""), 405, "not allowed"),
    ];
    for (reply, status, needle) in cases {
        assert_eq!(reply.status, status, "{}", reply.text());
        let error = reply.json()["error"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(error.contains(needle), "{status}: {error}");
        assert!(!error.contains('\n'), "{error}");
    }
    // A client that sends half a request and stalls holds one thread, not the server.
    let mut stalled = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
    stalled
        .write_all(b"POST /api/run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{")
        .expect("send");
    for path in ["/", "/app.js", "/index.html", "/api/games", "/api/status"] {
        assert_eq!(server.get(path).status, 200, "{path}");
    }
    let games = server.get("/api/games").json();
    assert!(games.as_array().is_some_and(|g| g.len() > 10), "{games}");
    // The page is one response: its style sheet inline under the response's nonce, its game
    // list written in; the scripts come in one file.
    let page = server.get("/");
    let policy = page
        .header("content-security-policy")
        .expect("a CSP")
        .to_string();
    let nonce = policy
        .split("'nonce-")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .expect("a nonce");
    assert!(nonce.len() >= 32, "{policy}");
    assert!(
        page.text().contains(&format!("<style nonce=\"{nonce}\">")),
        "{policy}"
    );
    assert!(
        page.text()
            .contains(&format!("id=\"games\">{games}</script>"))
    );
    assert_ne!(
        server.get("/").header("content-security-policy"),
        Some(policy.as_str())
    );
    for gone in ["/style.css", "/grid.js"] {
        assert_eq!(server.get(gone).status, 404, "{gone}");
    }
    let check = server.post(
        "/api/check",
        &["equity", "AAxx:ds", "random", "--game", "omaha"],
    );
    assert_eq!(check.status, 200, "{}", check.text());
    assert_eq!(
        check.json()["command"],
        "sim equity AAxx:ds random --game omaha --format json"
    );
}

#[test]
fn fifty_concurrent_requests_are_all_answered_correctly() {
    let server = Server::start(&["--threads", "1"]);
    let args = ["equity", "AsAh", "KsKh", "--board", "Qh7h2c"];
    let expected = cli("sim equity AsAh KsKh --board Qh7h2c --format json");
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..50)
            .map(|_| scope.spawn(|| server.post("/api/run", &args)))
            .collect();
        for handle in handles {
            let reply = handle.join().expect("thread");
            assert_eq!(reply.status, 200, "{}", reply.text());
            assert!(reply.body == expected, "{}", reply.text());
        }
    });
}

/// Starts a long job and waits until it runs.
fn long_job(server: &Server) -> String {
    let args = ["equity", "AsAh", "KsKh", "--rounds", "1e9", "--seed", "1"];
    let reply = server.post("/api/jobs", &args);
    assert_eq!(reply.status, 202, "{}", reply.text());
    let id = reply.json()["id"].as_str().expect("id").to_string();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let poll = server.get(&format!("/api/jobs/{id}?wait=100"));
        assert_eq!(poll.status, 202, "{}", poll.text());
        if poll.json()["state"] == "running" {
            return id;
        }
        assert!(Instant::now() < deadline, "the job never started");
    }
}

#[test]
fn a_cancelled_or_abandoned_job_stops_at_once() {
    let server = Server::start(&["--jobs", "1"]);
    let id = long_job(&server);
    let started = Instant::now();
    let reply = server.send("DELETE", &format!("/api/jobs/{id}"), &[], b"");
    let round_trip = started.elapsed();
    assert_eq!(reply.status, 200, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["state"], "cancelled", "{body}");
    let stopped_ms = body["milliseconds"].as_f64().expect("milliseconds");
    assert!(
        stopped_ms < 100.0,
        "stopped {stopped_ms} ms after the cancel"
    );
    assert!(round_trip < Duration::from_millis(500), "{round_trip:?}");
    assert_eq!(server.get(&format!("/api/jobs/{id}")).status, 404);
    // Its slot is free again: the next computation runs at once.
    assert_eq!(
        server.post("/api/run", &["equity", "AsAh", "KsKh"]).status,
        200
    );

    // A job nobody polls is cancelled after 2 s and its slot freed.
    let id = long_job(&server);
    std::thread::sleep(Duration::from_millis(3000));
    assert_eq!(server.get(&format!("/api/jobs/{id}")).status, 404);
    let status = server.get("/api/status").json();
    assert_eq!(status["running"], 0, "{status}");
}

#[test]
fn a_job_answers_its_table_once_and_the_time_limit_stops_a_run() {
    let server = Server::start(&["--max-seconds", "1"]);
    let reply = server.post("/api/jobs", &["equity", "AsAh", "KsKh"]);
    assert_eq!(reply.status, 202);
    let id = reply.json()["id"].as_str().expect("id").to_string();
    let mut poll = server.get(&format!("/api/jobs/{id}?wait=1000"));
    while poll.status == 202 {
        poll = server.get(&format!("/api/jobs/{id}?wait=1000"));
    }
    assert_eq!(poll.status, 200, "{}", poll.text());
    assert_eq!(
        poll.text(),
        String::from_utf8_lossy(&cli("sim equity AsAh KsKh --format json"))
    );
    assert_eq!(server.get(&format!("/api/jobs/{id}")).status, 404);
    let slow = server.post(
        "/api/run",
        &[
            "equity", "22+", "22+", "22+", "--rounds", "1e9", "--seed", "1",
        ],
    );
    assert_eq!(slow.status, 504, "{}", slow.text());
    assert!(slow.text().contains("--max-seconds"), "{}", slow.text());
}
