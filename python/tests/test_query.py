"""pokerodds.query: the table of ``sim query`` (exact, sampled, with a condition, a
histogram), the same document as the CLI's, and its refusals in sim's words."""

import json
import subprocess

import pytest

import pokerodds as po

EQUITY = "select avg(riverEquity(hero)) as eq from game='holdem', hero='AsAh', villain='KsKh'"
OMAHA8 = ("select avg(scoops(hero)) as scoop from game='omaha8', hero='As2sKdQd', "
          "villain='random'")
TRIPLE = ("select avg(riverEquity(hero)) as eq, count(winsLo(hero)) as wins "
          "from game='triple-draw-27', hero='7c5d4h', villain='random', draws='3', pat='9'")


def _sim_json(sim_bin, *args):
    out = subprocess.run([sim_bin, "query", *args, "--format", "json"], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(text=EQUITY), [EQUITY]),
        (dict(text=EQUITY, exact=True), [EQUITY, "--exact"]),
        (dict(text=OMAHA8, rounds=20_000, seed=3), [OMAHA8, "--rounds", "20000", "--seed", "3"]),
        (dict(text=TRIPLE, rounds=20_000, seed=3), [TRIPLE, "--rounds", "20000", "--seed", "3"]),
    ],
)
def test_same_document_as_the_cli(sim_bin, kwargs, args):
    assert po.query(**kwargs).to_dict() == _sim_json(sim_bin, *args)


def test_an_exact_equity_is_sim_equitys():
    answer = po.query(EQUITY)
    equity = po.equity(["AsAh", "KsKh"])
    assert answer.exact and answer.name[0] == "eq"
    assert answer.value[0] == pytest.approx(float(equity.equity[0]), abs=1e-12)


def test_sampled_answers_do_not_depend_on_threads():
    one = po.query(OMAHA8, rounds=50_000, seed=7, threads=1).to_dict()
    two = po.query(OMAHA8, rounds=50_000, seed=7, threads=2).to_dict()
    assert one == two


def _refusal(sim_bin, args):
    out = subprocess.run([sim_bin, "query", *args], capture_output=True, text=True)
    assert out.returncode == 2
    return out.stderr.strip().removeprefix("sim: ")


@pytest.mark.parametrize(
    "text",
    [
        "select avg(riverEquty(hero)) from hero='AsAh', villain='KsKh'",
        "select avg(riverEquity(hero) from hero='AsAh', villain='KsKh'",
        "select avg(winsLo(hero)) from game='holdem', hero='AsAh', villain='KsKh'",
        "select avg(riverEquity(a)) from game='lowball-27', a='7c5d', b='random', draws='3'",
    ],
)
def test_refusals_are_sims_messages(sim_bin, text):
    with pytest.raises(ValueError) as error:
        po.query(text)
    assert str(error.value) == _refusal(sim_bin, [text])


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="--rounds"):
        po.query(EQUITY, rounds=0)
    with pytest.raises(ValueError, match="query takes text"):
        po.query(42)
