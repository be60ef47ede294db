#!/usr/bin/env python3
"""The first paint of the study page served by several `sim` binaries (a build of another commit,
the dev and the test profile), side by side in one headless Chromium: each round loads, for each
binary in turn, a one-line `data:` page and then that binary's page, so that every page load
starts from the same place. Prints the median first-contentful-paint of each, its ratio to the
one-line page's, and the load average over the runs.

Usage: first_paint.py [--runs N] NAME=SIM [NAME=SIM ...]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time

from test import FIRST_PAINT, Driver, free_port

ONE_LINE = "data:text/html,<p>sim</p>"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11, help="rounds measured, after one to warm up")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    parser.add_argument("sims", nargs="+", metavar="NAME=SIM")
    opts = parser.parse_args()
    servers, pages = [], []
    profile = tempfile.mkdtemp(prefix="serve-chromium-")
    driver_port = free_port()
    chromedriver = subprocess.Popen(
        [opts.chromedriver, f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    driver = Driver(f"http://127.0.0.1:{driver_port}")
    try:
        for arg in opts.sims:
            name, sim = arg.split("=", 1)
            server = subprocess.Popen([sim, "serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
            servers.append(server)
            port = int(re.search(r"127\.0\.0\.1:(\d+)/", server.stderr.readline()).group(1))
            pages.append((name, f"http://127.0.0.1:{port}/"))
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
        paints = {name: [] for name in ["one-line", *(n for n, _ in pages)]}
        loads = []
        for i in range(opts.runs + 1):
            loads.append(os.getloadavg()[0])
            for name, page in pages:
                for which, url in [("one-line", ONE_LINE), (name, page)]:
                    driver.s("POST", "/url", {"url": url})
                    paint = driver.wait(f"return {FIRST_PAINT}", f"the first paint of {url}")
                    if which != "one-line":
                        driver.wait("return document.body.dataset.ready === 'true'", "the page")
                    if i > 0:
                        paints[which].append(paint)
        peer = statistics.median(paints["one-line"])
        for name, ms in paints.items():
            median = statistics.median(ms)
            print(f"{name:12} median {median:6.1f} ms  ratio {median / peer:4.2f}  {sorted(ms)}")
        print(f"load average (1 min) over the runs: {min(loads):.2f} to {max(loads):.2f}")
    finally:
        try:
            if driver.session:
                driver.call("DELETE", f"/session/{driver.session}")
        except (OSError, RuntimeError):
            pass
        chromedriver.terminate()
        chromedriver.wait()
        for server in servers:
            server.terminate()
            server.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
