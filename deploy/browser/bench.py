#!/usr/bin/env python3
"""Figures of `sim serve` for the performance page, each beside its peer on the command line:
an exact heads-up preflop equity over HTTP on loopback against the same `sim equity` run as a
process, 50 concurrent small requests, and how soon a cancelled long run stops.

Usage: bench.py --sim PATH [--repeat N]
"""

import argparse
import concurrent.futures
import http.client
import json
import re
import statistics
import subprocess
import time

WORDS = ["equity", "AsAh", "KsKh"]


def post(port, path, words):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("POST", path, json.dumps({"args": words}), {"Content-Type": "application/json"})
    reply = conn.getresponse()
    body = reply.read()
    conn.close()
    return reply.status, body


def call(port, method, path):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request(method, path)
    reply = conn.getresponse()
    body = reply.read()
    conn.close()
    return reply.status, body


def timed(fn):
    start = time.perf_counter()
    fn()
    return 1000 * (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sim", required=True)
    parser.add_argument("--repeat", type=int, default=21)
    opts = parser.parse_args()
    server = subprocess.Popen([opts.sim, "serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
    port = int(re.search(r"127\.0\.0\.1:(\d+)/", server.stderr.readline()).group(1))
    try:
        cli_bytes = subprocess.run([opts.sim, *WORDS, "--format", "json"], capture_output=True, check=True).stdout
        status, body = post(port, "/api/run", WORDS)
        assert status == 200 and body == cli_bytes, (status, body[:200])
        served = [timed(lambda: post(port, "/api/run", WORDS)) for _ in range(opts.repeat)]
        process = [
            timed(lambda: subprocess.run([opts.sim, *WORDS, "--format", "json"], capture_output=True, check=True))
            for _ in range(opts.repeat)
        ]
        small = ["equity", "AsAh", "KsKh", "--board", "Qh7h2c"]
        expected = post(port, "/api/run", small)[1]
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(50) as pool:
            replies = list(pool.map(lambda _: post(port, "/api/run", small), range(50)))
        concurrent_ms = 1000 * (time.perf_counter() - start)
        correct = sum(1 for s, b in replies if s == 200 and b == expected)
        cancels = []
        for _ in range(5):
            status, body = post(port, "/api/jobs", ["equity", "AsAh", "KsKh", "--rounds", "1e9", "--seed", "1"])
            job = json.loads(body)["id"]
            while json.loads(call(port, "GET", f"/api/jobs/{job}?wait=100")[1]).get("state") != "running":
                pass
            time.sleep(0.3)
            cancels.append(json.loads(call(port, "DELETE", f"/api/jobs/{job}")[1])["milliseconds"])
        print(json.dumps({
            "exact_heads_up_preflop_served_ms_median": round(statistics.median(served), 2),
            "exact_heads_up_preflop_cli_process_ms_median": round(statistics.median(process), 2),
            "repeat": opts.repeat,
            "concurrent_50_wall_ms": round(concurrent_ms, 1),
            "concurrent_50_correct": correct,
            "cancel_stop_ms_median": round(statistics.median(cancels), 2),
            "cancel_stop_ms_max": round(max(cancels), 2),
        }, indent=2))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
