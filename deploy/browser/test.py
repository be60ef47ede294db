#!/usr/bin/env python3
"""The study page of `sim serve` in a real browser: headless Chromium driven over WebDriver
(chromedriver's HTTP API, spoken with the standard library only).

It measures the page's first paint beside a one-line page's, as a `data:` URL and served over
HTTP on loopback (the median of --paints loads of each), paints a range on the grid, types the other player's, runs an equity and checks that the
numbers shown are the CLI's (`sim equity ... --format json`); paints weights and a suit filter
and checks that equity too, and that the grid reads range text back; runs each view (heat map,
streets, hits, distribution with its chart's points against the CLI's curve rows, calling range,
runouts on a double board and in runs), cancels a long run, and checks the inline validation
of an Omaha range. A screenshot of each view is written to --shots.

Usage: test.py --sim PATH [--shots DIR] [--paints N] [--chromium PATH] [--chromedriver PATH]
"""

import argparse
import base64
import http.server
import json
import os
import re
import shlex
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
FIRST_PAINT = ("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"
               " || null")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    """A WebDriver session."""

    def __init__(self, url):
        self.url = url
        self.session = None

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as reply:
                return json.loads(reply.read() or b"{}").get("value")
        except urllib.error.HTTPError as err:
            raise RuntimeError(f"{method} {path}: {err.code} {err.read()[:500]!r}") from None

    def s(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def start(self, chromium, profile):
        args = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1280,940",
            "--hide-scrollbars",
        ]
        caps = {"browserName": "chrome", "goog:chromeOptions": {"binary": chromium, "args": args}}
        value = self.call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
        self.session = value["sessionId"]

    def find(self, css):
        found = self.s("POST", "/element", {"using": "css selector", "value": css})
        if not isinstance(found, dict) or ELEMENT not in found:
            raise RuntimeError(f"{css}: {found!r}")
        return found[ELEMENT]

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait(self, script, what, timeout=60.0):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.js(script)
            if value:
                return value
            time.sleep(0.05)
        raise RuntimeError(f"timed out waiting for {what}")

    def click(self, css):
        self.s("POST", f"/element/{self.find(css)}/click", {})

    def type(self, css, text):
        element = self.find(css)
        self.s("POST", f"/element/{element}/clear", {})
        self.s("POST", f"/element/{element}/value", {"text": text})

    def drag(self, start_css, end_css):
        start, end = self.find(start_css), self.find(end_css)
        pointer = {
            "type": "pointer",
            "id": "mouse",
            "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": {ELEMENT: start}, "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "duration": 100, "origin": {ELEMENT: end}, "x": 0, "y": 0},
                {"type": "pointerUp", "button": 0},
            ],
        }
        self.s("POST", "/actions", {"actions": [pointer]})

    def shot(self, path):
        png = base64.b64decode(self.s("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)
        return len(png)


def cli(sim, words):
    out = subprocess.run([sim, *words], capture_output=True, check=True)
    return json.loads(out.stdout)


def percent(x):
    """A number as the page shows a probability: percent with 4 decimals."""
    return f"{100 * x:.4f}"


def run_view(driver, view, table):
    driver.click(f'#views button[data-view="{view}"]')
    driver.click("#run")
    driver.wait(f"return document.querySelector('#{table}') !== null"
                " || document.querySelector('#output .error') !== null", view)
    error = driver.js("const e = document.querySelector('#output .error'); return e && e.textContent")
    if error:
        raise RuntimeError(f"{view}: {error}")
    return driver.js("return document.getElementById('command').value")


class OneLine(http.server.BaseHTTPRequestHandler):
    """The HTTP peer of the page's first paint: a one-line page."""

    protocol_version = "HTTP/1.1"

    def do_GET(self):  # noqa: N802 (the name http.server calls)
        body = b"<p>sim</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def set_weight(driver, percent):
    """Sets the grid's paint weight, as the slider does."""
    driver.js("const w = document.getElementById('weight'); w.value = arguments[0];"
              " w.dispatchEvent(new Event('input'));", percent)


def cells(driver, *classes):
    """Each grid class's weight (thousandths) and combo count, as the grid shows them."""
    return driver.js("return arguments[0].map(c => { const b = document.querySelector(`#grid [data-cls=${c}]`);"
                     " return [b.dataset.weight, b.dataset.combos]; })", list(classes))


def check_equity(driver, sim, view, table, key="equity"):
    """Runs `view`, then checks each `key` cell of the table against the CLI's JSON for the
    command line the page shows (a drawn --seed included): the value exactly, the text as the
    page writes a probability. Returns the texts shown."""
    command = run_view(driver, view, table)
    expected = cli(sim, shlex.split(command)[1:])["rows"]
    shown = driver.js(f"return [...document.querySelectorAll('#{table} td[data-key={key}]')]"
                      ".map(td => [td.textContent, td.dataset.value])")
    assert len(shown) == len(expected) > 0, (shown, len(expected))
    for (text, value), row in zip(shown, expected):
        assert float(value) == row[key], (command, value, row)
        assert text == percent(row[key]), (text, row)
    return [text for text, _ in shown]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sim", required=True)
    parser.add_argument("--shots", default=None)
    parser.add_argument("--paints", type=int, default=5, help="loads of the page for its first paint")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    opts = parser.parse_args()
    shots = opts.shots or tempfile.mkdtemp(prefix="serve-shots-")
    os.makedirs(shots, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="serve-chromium-")
    server = subprocess.Popen([opts.sim, "serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
    line = server.stderr.readline()
    port = int(re.search(r"127\.0\.0\.1:(\d+)/", line).group(1))
    page = f"http://127.0.0.1:{port}/"
    driver_port = free_port()
    chromedriver = subprocess.Popen(
        [opts.chromedriver, f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    driver = Driver(f"http://127.0.0.1:{driver_port}")
    one_line_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), OneLine)
    threading.Thread(target=one_line_server.serve_forever, daemon=True).start()
    peer = f"http://127.0.0.1:{one_line_server.server_address[1]}/"
    figures = {}
    try:
        deadline = time.time() + 20
        while True:
            try:
                driver.call("GET", "/status")
                break
            except (OSError, RuntimeError):
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
        driver.start(opts.chromium, profile)
        # The page's first paint beside two peers in the same browser, loaded in turn: a
        # one-line `data:` page, and the same line served over HTTP on loopback (which, like the
        # page, waits for an answer and starts a renderer for a new site). The median of
        # --paints loads of each, after one of each to warm up.
        paints = {"one_line": [], "one_line_http": [], "page": []}
        one_line = "data:text/html,<p>sim</p>"
        for i in range(opts.paints + 1):
            for name, url in [("one_line", one_line), ("one_line_http", peer), ("one_line", one_line),
                              ("page", page)]:
                driver.s("POST", "/url", {"url": url})
                paint = driver.wait(f"return {FIRST_PAINT}", f"the first paint of {url}")
                if name == "page":
                    driver.wait("return document.body.dataset.ready === 'true'", "the page")
                if i > 0:
                    paints[name].append(paint)
        medians = {name: statistics.median(ms) for name, ms in paints.items()}
        figures["first_paint_ms_median"] = medians["page"]
        figures["one_line_page_first_paint_ms_median"] = medians["one_line"]
        figures["one_line_http_page_first_paint_ms_median"] = medians["one_line_http"]
        figures["first_paint_ratio"] = round(medians["page"] / medians["one_line"], 2)
        figures["first_paint_ratio_http"] = round(medians["page"] / medians["one_line_http"], 2)
        figures["first_paints_ms"] = paints
        figures["load_average"] = os.getloadavg()[0]

        # Paint player 1 on the grid: clear, drag AA to AKs, click KK; type player 2.
        driver.click("#clear-grid")
        driver.drag('#grid [data-cls="AA"]', '#grid [data-cls="AKs"]')
        driver.click('#grid [data-cls="KK"]')
        painted = driver.js("return document.getElementById('player-1').value")
        assert painted == "AA,AKs,KK", painted
        driver.type("#player-2", "QQ,JJ")
        command = run_view(driver, "equity", "equity-table")
        words = ["equity", "AA,AKs,KK", "QQ,JJ", "--format", "json"]
        assert command == "sim " + " ".join(words), command
        expected = cli(opts.sim, words)["rows"]
        shown = driver.js(
            "return [...document.querySelectorAll('#equity-table td[data-key=equity]')]"
            ".map(td => [td.textContent, td.dataset.value])")
        assert len(shown) == len(expected) == 2, shown
        for (text, value), row in zip(shown, expected):
            assert float(value) == row["equity"], (value, row)
            assert text == percent(row["equity"]), (text, row)
        figures["equity_shown"] = [text for text, _ in shown]
        driver.shot(os.path.join(shots, "serve-equity.png"))

        # The heat map: the breakdown's class equities on the grid, for player 1.
        driver.click("#player-1")
        run_view(driver, "breakdown", "breakdown-table")
        expected = {r["class"]: r["equity"] for r in cli(opts.sim, words[:3] + ["--breakdown", "--format", "json"])["rows"]
                    if r["level"] == "class" and r["player"] == 1}
        heat = driver.js("return [...document.querySelectorAll('#grid .cell.heat')].map(c => [c.dataset.cls, c.querySelector('small').textContent])")
        assert {c for c, _ in heat} == set(expected), heat
        for cls, text in heat:
            assert text == f"{100 * expected[cls]:.1f}", (cls, text, expected[cls])
        driver.shot(os.path.join(shots, "serve-heatmap.png"))

        # Weights and suit filters: AA painted at 50 %, AKs kept to two suits, KK whole.
        driver.click('#views button[data-view="equity"]')
        driver.click("#clear-grid")
        set_weight(driver, 50)
        driver.click('#grid [data-cls="AA"]')
        set_weight(driver, 100)
        driver.click('#grid [data-cls="AKs"]')
        for combo in ["AdKd", "AcKc"]:
            driver.click(f'#suits [data-combo="{combo}"]')
        driver.click('#grid [data-cls="KK"]')
        painted = driver.js("return document.getElementById('player-1').value")
        assert painted == "AA:0.5,AsKs,AhKh,KK", painted
        assert cells(driver, "AA", "AKs", "KK") == [["500", "6"], ["1000", "2"], ["1000", "6"]]
        expected = check_equity(driver, opts.sim, "equity", "equity-table")
        figures["weighted_equity_shown"] = expected
        # The suit filter shows the class moved to: AKs, two of its four combos kept.
        driver.js("document.querySelector('#grid [data-cls=AKs]').focus()")
        kept = driver.js("return [...document.querySelectorAll('#suits [aria-pressed=true]')].map(b => b.dataset.combo)")
        assert kept == ["AsKs", "AhKh"], kept
        driver.shot(os.path.join(shots, "serve-weights.png"))
        # The grid reads back the text it can show, and says what it cannot.
        driver.type("#player-1", "AKo:0.25,QsQh,QdQc")
        driver.wait("return document.querySelector('#grid [data-cls=AKo]').dataset.weight === '250'", "the read-back")
        assert cells(driver, "AKo", "QQ", "AKs") == [["250", "12"], ["1000", "2"], ["0", "0"]]
        assert driver.js("return document.getElementById('grid-note').textContent") == ""
        driver.type("#player-1", "AKs,AsKs:0.5,random")
        driver.wait("return document.getElementById('grid-note').textContent.includes('random')", "the note")

        # Streets with the next-card grid, on a flop.
        driver.type("#player-1", "AsAh")
        driver.type("#player-2", "KsKh")
        # The board by the card picker.
        driver.js("document.getElementById('board').value = ''")
        driver.click("#board")
        for card in ["Qh", "7h", "2c"]:
            driver.click(f'#picker [data-card="{card}"]')
        board = driver.js("return document.getElementById('board').value")
        assert board == "Qh7h2c", board
        run_view(driver, "streets", "next-cards")
        cards = driver.js("return document.querySelectorAll('#next-cards div:not(.none)').length")
        assert cards == 45, cards
        driver.shot(os.path.join(shots, "serve-streets.png"))

        driver.type("#player-1", "QQ+,AKs,T9s,87s")
        driver.type("#board", "Kh9h5c")
        run_view(driver, "hits", "hits-table")
        driver.shot(os.path.join(shots, "serve-hits.png"))

        driver.type("#player-1", "AKs,QQ+")
        driver.type("#player-2", "JJ-99")
        driver.type("#board", "Kd7c2s")
        command = run_view(driver, "distribution", "distribution-table")
        rows = cli(opts.sim, shlex.split(command)[1:])["rows"]
        drawn = driver.js("return [...document.querySelectorAll('#distribution-chart polyline.curve')]"
                          ".map(p => [Number(p.dataset.player), p.getAttribute('points')])")
        assert [p for p, _ in drawn] == [1, 2], drawn
        for player, points in drawn:
            curve = [r for r in rows if r["level"] == "curve" and r["player"] == player]
            want = [(44 + 440 * x, 12 + 220 * (1 - r["equity"]))
                    for r in curve for x in (r["cumulative"] - r["share"], r["cumulative"])]
            got = [tuple(map(float, p.split(","))) for p in points.split()]
            assert len(got) == len(want) == 2 * len(curve) > 0, (len(got), len(want))
            for g, w in zip(got, want):
                assert abs(g[0] - w[0]) <= 0.006 and abs(g[1] - w[1]) <= 0.006, (player, g, w)
        driver.shot(os.path.join(shots, "serve-distribution.png"))

        driver.type("#player-1", "QQ+,AK,99")
        driver.type("#player-2", "AhKh")
        run_view(driver, "calling", "calling-table")
        calling = driver.js("return [...document.querySelectorAll('#calling-table td')].map(t => t.textContent)")
        assert "KK+,AK" in calling, calling

        # Runouts: a double board, then three runs, each as the CLI answers.
        driver.type("#player-1", "AsAh")
        driver.type("#player-2", "KsKh")
        driver.type("#board", "Qh7h2c")
        driver.click('#views button[data-view="runouts"]')
        driver.type("#board2", "9c8c3d")
        figures["double_board_shown"] = check_equity(driver, opts.sim, "runouts", "runouts-table", "probability")
        driver.shot(os.path.join(shots, "serve-runouts.png"))
        driver.type("#board2", "")
        driver.type("#runs", "3")
        check_equity(driver, opts.sim, "runouts", "runouts-table", "probability")

        # A long Monte Carlo run, cancelled.
        driver.click('#views button[data-view="equity"]')
        driver.type("#board", "")
        driver.type("#player-1", "22+")
        driver.type("#player-2", "22+")
        driver.click('input[name=method][value=mc]')
        driver.type("#rounds", "1e9")
        driver.click("#run")
        driver.wait("return document.getElementById('state').textContent === 'running'", "the long run")
        started = time.time()
        driver.click("#cancel")
        driver.wait("return document.getElementById('state').textContent === 'cancelled'", "the cancel")
        figures["cancel_in_page_ms"] = round(1000 * (time.time() - started))
        status = json.loads(urllib.request.urlopen(page + "api/status").read())
        assert status["running"] == 0, status

        # Omaha: no grid, the range text checked by the server as it is typed.
        driver.js("const s = document.getElementById('game'); s.value = 'omaha';"
                  " s.dispatchEvent(new Event('change'));")
        driver.click('input[name=method][value=auto]')
        driver.type("#player-1", "AAxx:zz")
        driver.wait("return document.getElementById('check').className === 'hint bad'", "the refusal")
        assert driver.js("return document.getElementById('grid-box').hidden") is True
        driver.type("#player-1", "AAxx:ds")
        driver.type("#player-2", "random")
        driver.wait("return document.getElementById('check').textContent === 'ok'", "the check")
        run_view(driver, "equity", "equity-table")
        driver.shot(os.path.join(shots, "serve-omaha.png"))
    finally:
        try:
            if driver.session:
                driver.call("DELETE", f"/session/{driver.session}")
        except (OSError, RuntimeError):
            pass
        one_line_server.shutdown()
        chromedriver.terminate()
        server.terminate()
        chromedriver.wait()
        server.wait()
        shutil.rmtree(profile, ignore_errors=True)
    print(f"browser test passed; screenshots in {shots}; {json.dumps(figures)}")


if __name__ == "__main__":
    sys.exit(main())
