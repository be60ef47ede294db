"""What a Python user expects: thread counts never change a result, seeds do; long calls release
the GIL and stop on Ctrl-C; results pickle and convert to pandas; bad arguments raise ValueError."""

import os
import pickle
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import pokerodds as po


def test_threads_never_change_a_result():
    for call in (
        lambda t: po.odds(known="Kh", rounds=3_000_000, seed=9, threads=t),
        lambda t: po.equity(["AhKh", "QQ+", "random"], rounds=700_000, seed=9, threads=t),
        lambda t: po.equity(["AKs,AKo", "22+"], board="Kd7c2s", threads=t),
        lambda t: po.exact(cards=6, known="Ah", threads=t),
    ):
        one = call(1).to_dict()
        assert call(2).to_dict() == one
        assert call(3).to_dict() == one


def test_seeds_repeat_and_differ():
    a = po.odds(rounds=1_000_000, seed=1)
    assert po.odds(rounds=1_000_000, seed=1).count.tolist() == a.count.tolist()
    assert po.odds(rounds=1_000_000, seed=2).count.tolist() != a.count.tolist()
    e = po.equity(["AsAh", "QQ+,AKs"], rounds=200_000, seed=1)
    assert po.equity(["AsAh", "QQ+,AKs"], rounds=200_000, seed=2).wins.tolist() != e.wins.tolist()
    drawn = po.odds(rounds=100_000)
    assert po.odds(rounds=100_000, seed=drawn.seed).count.tolist() == drawn.count.tolist()


def test_monte_carlo_agrees_with_exact_within_its_error():
    exact = po.equity(["AhKh", "QsQd"], exact=True)
    sampled = po.equity(["AhKh", "QsQd"], rounds=2_000_000, seed=12)
    assert exact.exact and not sampled.exact
    assert np.all(np.abs(sampled.equity - exact.equity) < 5 * sampled.std_error)
    table = po.odds(rounds=2_000_000, seed=3)
    assert np.all(np.abs(table.z_score) < 5)


def background_progress(call):
    """Runs `call` on the main thread while a Python thread counts; returns the count."""
    count = 0
    done = threading.Event()

    def spin():
        nonlocal count
        while not done.is_set():
            count += 1

    spinner = threading.Thread(target=spin)
    spinner.start()
    try:
        started = time.perf_counter()
        call()
        elapsed = time.perf_counter() - started
    finally:
        done.set()
        spinner.join()
    return count, elapsed


@pytest.mark.parametrize(
    "call",
    [
        lambda: po.odds(rounds=100_000_000, seed=1, threads=1),
        lambda: po.equity(["AsAh", "QQ+,AKs"], rounds=100_000_000, seed=1, threads=1),
        lambda: po.evaluate_batch(np.tile(po.hands_array(["AsKdQh7c2s3d9h"]), (20_000_000, 1))),
    ],
)
def test_long_calls_release_the_gil(call):
    count, elapsed = background_progress(call)
    assert elapsed > 0.2, "the call is too short to tell"
    # Holding the GIL, the spinner would get a switch interval (5 ms) now and then at most; with
    # it released, it runs the whole time: millions of iterations per second.
    assert count > 100_000 * elapsed, (count, elapsed)


@pytest.mark.parametrize(
    "call",
    [
        lambda: po.odds(rounds=10**13, seed=1),
        lambda: po.odds(target_stderr=1e-9, max_rounds=10**13, seed=1),
        lambda: po.equity(["AsAh", "QQ+,AKs", "random"], rounds=10**13, seed=1),
        lambda: po.equity(["QQ+,AKs", "random"], exact=True),  # 20 s to the end
        lambda: po.equity(["AAxx", "random", "random"], game="omaha-hilo", rounds=10**13, seed=1),
        lambda: po.equity(["AsAhKsKh", "QQxx"], game="omaha", exact=True),  # minutes to the end
        lambda: po.odds(game="omaha6", rounds=10**13, seed=1),
    ],
)
def test_ctrl_c_raises_keyboard_interrupt_promptly(call):
    interrupted_promptly(call)


# Every other call that can run long, in each family that plays it (stud has no streets).
@pytest.mark.parametrize(
    "call, delay",
    [
        (lambda: po.breakdown(["AK,QQ", "JJ-99"], rounds=10**12, seed=1), 0.3),
        (lambda: po.breakdown(["QQ+,AKs", "random"], exact=True), 0.3),
        (lambda: po.breakdown(["AsAhKsKh", "QQxx"], game="omaha", exact=True), 0.3),
        (lambda: po.breakdown(["(AA,KK)Kd", "QhQd9c"], game="stud", exact=True), 0.1),
        (lambda: po.breakdown(["AsAhKsKh,AdAcKdKc", "QQxx:ds"], game="omaha", rounds=10**12, seed=1), 0.3),
        (lambda: po.breakdown(["(QQ+,AKs)Kd5c", "AhAd9c2s"], game="stud", rounds=10**12, seed=1), 0.3),
        (lambda: po.breakdown(["(A2,A3)9c", "QsQd2c"], game="razz", rounds=10**12, seed=1), 0.3),
        (lambda: po.distribution(["AK,QQ", "JJ-99"], rounds=10**12, seed=1), 0.3),
        (lambda: po.distribution(["QQ+,AKs", "random"], exact=True), 0.3),
        (lambda: po.distribution(["AhKh,QQ", "JJ,T9s", "22+"], versus=True, rounds=10**11, seed=1), 0.3),
        (lambda: po.distribution(["AsAhKsKh,AdAcKdKc", "QQxx:ds"], game="omaha", rounds=10**12, seed=1), 0.3),
        (lambda: po.distribution(["(QQ+,AKs)Kd5c", "AhAd9c2s"], game="stud-hilo", rounds=10**12, seed=1), 0.3),
        (lambda: po.streets(["AK,QQ", "JJ-99"], board="Kd7c2s", rounds=10**12, seed=1), 0.3),
        (lambda: po.streets(["AK,QQ", "JJ-99"], exact=True), 0.3),
        # A query the language runs itself, sampled and counted (an exact count of hours).
        (lambda: po.query("select count(winsHi(hero)) from hero='random', villain='random'", rounds=10**13, seed=1), 0.3),
        (lambda: po.query("select count(pairedBoard(flop)) from hero='AsAh', villain='random'", exact=True), 0.3),
        # A plain equity question, asked of the engine's equity.
        (lambda: po.query("select avg(riverEquity(hero)) from hero='AsAh', villain='random', villain2='random'", rounds=10**13, seed=1), 0.3),
        (lambda: po.streets(["AsAhKsKh", "QdQhJdTc"], game="omaha", board="Kd7c2s", rounds=10**12, seed=1), 0.3),
        (lambda: po.runouts(["AhAs", "KdKc"], runs=2, rounds=10**12, seed=1), 0.3),
        (lambda: po.runouts(["AhAs", "QcQd"], board="Kd7c2s", boards=2, exact=True), 0.3),
        (lambda: po.runouts(["AsAhKsKh", "QdQcJdTc"], game="omaha", board="Kd7c2s", boards=2, board2="Qh8h3c", rounds=10**12, seed=1), 0.3),
        (lambda: po.odds(game="stud", rounds=10**13, seed=1), 0.3),
        (lambda: po.odds(game="razz", rounds=10**13, seed=1), 0.3),
        # The whole exact table is a second or so of one core: interrupted early.
        (lambda: po.exact(game="razz", threads=1), 0.05),
        (lambda: po.exact(game="stud", threads=1), 0.05),
    ],
)
def test_ctrl_c_stops_breakdowns_distributions_streets_and_stud_tables(call, delay):
    interrupted_promptly(call, delay)


def interrupted_promptly(call, delay=0.3):
    """Sends SIGINT `delay` seconds into `call`, which must raise ``KeyboardInterrupt`` within
    0.5 s of it and leave the pool usable."""
    sent = []

    def interrupt():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    # Python's own Ctrl-C handler, whatever the suite was started with: a shell that starts it in
    # the background without job control (`nohup bash .ci/run &` from a script) makes it ignore
    # SIGINT, and the calls above would then run for hours.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(delay, interrupt)
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    latency = time.perf_counter() - sent[0]
    assert latency < 0.5, latency
    # The pool is still usable afterwards.
    assert po.odds(rounds=10_000, seed=1).rounds == 10_000


@pytest.mark.parametrize("threads", [1, 2])
def test_a_forked_process_computes(threads):
    # multiprocessing's "fork" start method (Linux's default before Python 3.14) copies the
    # process but not its worker threads: the child must not wait on the parent's pools. Run in
    # a separate interpreter with a timeout, so that a hang fails the test instead of the suite.
    script = f"""
import multiprocessing as mp
import pokerodds as po

def child(seed):
    return po.equity(["AsAh", "KsKh"], rounds=50_000, seed=seed, threads={threads}).wins.tolist()

if __name__ == "__main__":
    po.equity(["AsAh", "KsKh"], rounds=50_000, seed=1, threads={threads})
    with mp.get_context("fork").Pool(2) as workers:
        forked = workers.map(child, [1, 2])
    assert forked == [child(1), child(2)], forked
    print("same")
"""
    run = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = run.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)  # the forked workers too
        run.communicate()
        pytest.fail("a forked process hung")
    assert run.returncode == 0, err
    assert out == "same\n"


def test_results_pickle_and_convert():
    for result in (
        po.odds(rounds=100_000, seed=1),
        po.exact(cards=5),
        po.equity(["AsAh", "KK"], board="2c3c4c"),
    ):
        back = pickle.loads(pickle.dumps(result))
        assert back.to_dict() == result.to_dict()
        assert type(back) is type(result)
    pd = pytest.importorskip("pandas")
    frame = po.odds(rounds=100_000, seed=1).to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == [
        "category", "count", "probability", "std_error", "ci95_low", "ci95_high",
        "exact_probability", "z_score",
    ]
    assert frame["count"].sum() == 100_000
    eq = po.equity(["AsAh", "KK"]).to_pandas()
    assert eq["hand"].tolist() == ["AsAh", "KK"]


def test_huge_weighted_counts_stay_exact():
    r = po.equity(["AKs:0.3", "QQ:0.7,JJ:0.2", "TT:0.9"], board="2c3d4h5s", exact=True)
    assert r.outcomes.dtype in (np.uint64, object)
    assert r.to_dict()["rows"][0]["outcomes"] == int(r.outcomes[0])


def test_counts_take_the_command_lines_forms():
    """Rounds as an int, a whole float or sim's text forms give the same run."""
    expected = po.odds(known="Kh", rounds=200_000, seed=4).count.tolist()
    for rounds in (200_000, 2e5, "200000", "200_000", "200k", "0.2M", "2e5"):
        assert po.odds(known="Kh", rounds=rounds, seed=4).count.tolist() == expected, rounds
    e = po.equity(["AsAh", "QQ+,AKs"], rounds="300K", seed=5)
    assert e.rounds == 300_000
    assert e.wins.tolist() == po.equity(["AsAh", "QQ+,AKs"], rounds=3e5, seed=5).wins.tolist()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: po.odds(rounds=0), "--rounds must be at least 1"),
        (lambda: po.odds(rounds=-5), "--rounds must be at least 1"),
        (lambda: po.odds(rounds=1.5), "--rounds takes a whole number"),
        (lambda: po.odds(rounds=float("inf")), "--rounds takes a whole number"),
        (lambda: po.odds(rounds="1.5"), '--rounds "1.5" is not a whole count'),
        (lambda: po.odds(rounds="0M"), '--rounds "0M": the count must be at least 1'),
        (lambda: po.odds(max_rounds="lots", target_stderr=0.01), '--max-rounds "lots" is not'),
        (lambda: po.equity(["AsAh", "KK"], rounds="2.5"), '--rounds "2.5" is not a whole count'),
        (lambda: po.odds(seed=-1), "--seed must be at least 0"),
        (lambda: po.odds(seed=2**64), "--seed 18446744073709551616 is above the largest value"),
        (lambda: po.odds(cards=8), "a hand has 5 to 7 cards, not 8"),
        (lambda: po.odds(cards=True), "--cards takes a whole number"),
        (lambda: po.odds(rounds=10, target_stderr=0.1), "--rounds cannot be used with --target-stderr"),
        (lambda: po.exact(method="fast"), "--method 'fast'"),
        (lambda: po.equity("AsAh"), "players takes a list"),
        (lambda: po.equity(["AsAh", 5]), "player 2"),
        (lambda: po.equity(["AsAh", "KK"], exact=True, rounds=5), "--exact cannot be used"),
        (lambda: po.equity(["AsAh", "KK"], opponents=0), "--opponents must be at least 1"),
        (lambda: po.equity(["AsAh", "KK"], threads=0), "--threads must be at least 1"),
        # Issue 24, defect 3: a million threads were started one by one and never returned.
        (lambda: po.odds(rounds=1000, seed=1, threads=10**6), "--threads 1000000: at most 1024"),
        (lambda: po.equity(["AsAh", "KK"], threads=10**6), "--threads 1000000: at most 1024"),
        (lambda: po.exact(threads=5000), "--threads 5000: at most 1024 worker threads"),
        (lambda: po.odds(game="omaha", threads=2000), "--threads 2000: at most 1024"),
    ],
)
def test_bad_arguments_raise_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_missed_standard_error_target_is_reported():
    """Issue 51, defect 10: ``target_met`` says whether the run met its target before the cap,
    as ``sim equity --format json`` does; runs without a target have none."""
    missed = po.equity(["AsAh", "KsKh"], target_stderr=1e-9, rounds=2_000_000, seed=1)
    assert missed.target_met is False
    assert missed.to_dict()["target_met"] is False
    met = po.equity(["AsAh", "KsKh"], target_stderr=0.01, seed=1)
    assert met.target_met is True
    assert po.equity(["AsAh", "KsKh"], rounds=1000, seed=1).target_met is None
    assert "target_met" not in po.equity(["AsAh", "KsKh"], rounds=1000, seed=1).to_dict()
