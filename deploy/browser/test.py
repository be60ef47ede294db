#!/usr/bin/env python3
"""The study page of `sim serve` in a real browser: headless Chromium driven over WebDriver
(chromedriver's HTTP API, spoken with the standard library only).

It loads the page, paints a range on the grid, types the other player's, runs an equity and
checks that the numbers shown are the CLI's (`sim equity ... --format json`), then runs each
view (heat map, streets, hits, distribution, calling range), cancels a long run, and checks the
inline validation of an Omaha range. A screenshot of each view is written to --shots.

Usage: test.py --sim PATH [--shots DIR] [--chromium PATH] [--chromedriver PATH]
"""

import argparse
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sim", required=True)
    parser.add_argument("--shots", default=None)
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
        # The peer of the page's first paint: a one-line page in the same browser, same run.
        driver.s("POST", "/url", {"url": "data:text/html,<p>sim</p>"})
        figures["one_line_page_first_paint_ms"] = driver.wait(
            "const p = performance.getEntriesByName('first-contentful-paint')[0];"
            " return p ? p.startTime : null", "a one-line page's first paint")
        driver.s("POST", "/url", {"url": page})
        driver.wait("return document.body.dataset.ready === 'true'", "the page")
        figures["first_paint_ms"] = driver.js(
            "const p = performance.getEntriesByName('first-contentful-paint')[0];"
            " return p ? p.startTime : null")

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
        run_view(driver, "distribution", "distribution-table")
        driver.shot(os.path.join(shots, "serve-distribution.png"))

        driver.type("#player-1", "QQ+,AK,99")
        driver.type("#player-2", "AhKh")
        run_view(driver, "calling", "calling-table")
        calling = driver.js("return [...document.querySelectorAll('#calling-table td')].map(t => t.textContent)")
        assert "KK+,AK" in calling, calling

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
        chromedriver.terminate()
        server.terminate()
        chromedriver.wait()
        server.wait()
        shutil.rmtree(profile, ignore_errors=True)
    print(f"browser test passed; screenshots in {shots}; {json.dumps(figures)}")


if __name__ == "__main__":
    sys.exit(main())
