"""Cards and evaluation: notation, named hands, and every five-card hand against the exact
counts in data/, a seven-card slice against the engine's enumeration."""

import csv
import itertools
import json
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

import pokerodds as po


def test_every_card_round_trips():
    for i in range(52):
        assert po.card_index(po.card_name(i)) == i
    assert po.card_index("2c") == 0 and po.card_index("As") == 51
    assert po.card_index("10h") == po.card_index("th") == po.card_index("TH")
    assert po.card_index("A♠") == po.card_index("A♤") == 51


def test_hands_array_takes_every_notation():
    a = po.hands_array(["AsKdTh", "As Kd Th", "As,Kd,10h", "A♠K♦T♥", "A♤ K♢ 10♡"])
    assert a.dtype == np.uint8 and a.shape == (5, 3)
    assert (a == a[0]).all()
    assert a[0].tolist() == [51, 45, 34]


@pytest.mark.parametrize(
    "hand, category",
    [
        ("Ah2d3c4s5h", "straight"),  # wheel
        ("Ah2h3h4h5h", "straight_flush"),  # steel wheel
        ("AsKsQsJsTs9h2c", "royal_flush"),
        ("2h3h4h5h7h6c", "flush"),  # flush over the straight in seven cards... of six
        ("7h7d7c2s2d2c9h", "full_house"),  # two trips
        ("7h7d2s2d9h9cAs", "two_pair"),  # three pairs
        ("7h7d7c7sKhKdKc", "four_of_a_kind"),  # quads with trips
        ("2c5d9hJsKc", "high_card"),
    ],
)
def test_named_hands(hand, category):
    assert po.evaluate(hand).category == category


def test_strength_orders_and_pickles():
    wheel, six_high = po.evaluate("Ah2d3c4s5h"), po.evaluate("2h3d4c5s6h")
    assert wheel < six_high
    assert po.evaluate("AsAd2c3c4h") == po.evaluate("AhAc2d3d4s")
    back = pickle.loads(pickle.dumps(six_high))
    assert back == six_high and isinstance(back, po.HandStrength) and back.category == "straight"


def read_exact(path):
    with open(path) as f:
        return {row["category"]: int(row["count"]) for row in csv.DictReader(f)}


def test_every_five_card_hand_against_the_exact_counts(data):
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    strengths = po.evaluate_batch(hands)
    assert strengths.dtype == np.uint16 and strengths.shape == (2_598_960,)
    counts = np.bincount(po.categories(strengths), minlength=10)
    expected = read_exact(data / "five_card_exact.csv")
    assert dict(zip(po.CATEGORIES, counts.tolist())) == expected
    assert len(np.unique(strengths)) == 7462


def test_seven_card_hands_holding_as_kd_against_the_engines_enumeration():
    held = [po.card_index("As"), po.card_index("Kd")]
    rest = [c for c in range(52) if c not in held]
    boards = np.array(list(itertools.combinations(rest, 5)), dtype=np.uint8)
    hands = np.hstack([np.tile(np.array(held, dtype=np.uint8), (len(boards), 1)), boards])
    counts = np.bincount(po.categories(po.evaluate_batch(hands)), minlength=10)
    assert counts.tolist() == po.exact(known="AsKd").count.tolist()
    assert counts.sum() == 2_118_760


def test_batch_agrees_with_one_by_one_for_every_size_and_layout():
    rng = np.random.default_rng(5)
    for width in (5, 6, 7):
        hands = np.array([rng.choice(52, width, replace=False) for _ in range(2000)])
        texts = ["".join(po.card_name(c) for c in row) for row in hands]
        one_by_one = [po.evaluate(t) for t in texts]
        assert po.evaluate_batch(hands).tolist() == one_by_one  # int64 input
        assert po.evaluate_batch(hands.astype(np.uint8)).tolist() == one_by_one
        fortran = np.asfortranarray(hands.astype(np.uint8))
        assert po.evaluate_batch(fortran).tolist() == one_by_one
        assert po.evaluate_batch(hands.astype(np.uint8)[::-1]).tolist() == one_by_one[::-1]
    assert po.evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    "hands, message",
    [
        (np.array([[0, 1, 2, 3, 52]], dtype=np.uint8), r"hands\[0, 4\] = 52 is not a card index"),
        (np.array([[0, 1, 2, 3, 3, 9]], dtype=np.uint8), r"hands\[0\] holds a card twice: 2c2d2h2s2s4d"),
        (np.zeros((2, 4), dtype=np.uint8), "5 to 7 columns"),
        (np.zeros((2, 8), dtype=np.uint8), "5 to 7 columns"),
        (np.array([[-1, 1, 2, 3, 4]]), "from 0 to 51"),
        (np.zeros(7, dtype=np.uint8), "2-dimensional"),
        (np.zeros((1, 7)), "integer card indices"),
    ],
)
def test_bad_batches_raise_value_errors(hands, message):
    with pytest.raises(ValueError, match=message):
        po.evaluate_batch(hands)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: po.evaluate("AsKs"), "a hand has 5 to 7 cards, not 2"),
        (lambda: po.evaluate("AsKsQsJsTs9s8s7s"), "a hand has 5 to 7 cards, not 8"),
        (lambda: po.evaluate("AsAsQsJsTs"), "duplicate card As"),
        (lambda: po.evaluate("AsXxQsJsTs"), "Xx"),
        (lambda: po.card_index("Zz"), "Zz"),
        (lambda: po.card_name(52), "card index 52 is not below 52"),
        (lambda: po.hands_array(["AsKs", "AsKsQs"]), "every hand needs the same number"),
        (lambda: po.evaluate(7), "takes a string"),
    ],
)
def test_bad_cards_raise_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# Issue 24, defect 12: a value no hand has is not a HandStrength and has no category.
@pytest.mark.parametrize(
    "value",
    [-5, -1, 40960, 65535, 65536, 2**70, 0x0FFF, 0x4000 + 10, 0x8000 + 9, 0x9001],
)
def test_values_no_hand_has_are_not_strengths(value):
    with pytest.raises(ValueError, match=rf"HandStrength = {value} is not a hand strength"):
        po.HandStrength(value)


def test_categories_refuse_values_no_hand_has():
    for bad, at in [
        ([65535], r"strengths\[0\] = 65535"),
        ([0, 36864, 40960], r"strengths\[2\] = 40960"),
        (np.array([[0, 1], [-5, 2]]), r"strengths\[1, 0\] = -5"),
        (np.array([70000], dtype=np.int64), r"strengths\[0\] = 70000"),
        (np.array([2**64 - 1], dtype=np.uint64), r"strengths\[0\] = 18446744073709551615"),
        (np.uint16(65535), r"strengths = 65535"),
    ]:
        with pytest.raises(ValueError, match=at + " is not a hand strength"):
            po.categories(bad)
    with pytest.raises(ValueError, match="must be integers"):
        po.categories(np.array([1.5]))
    with pytest.raises(ValueError, match="must be integers"):
        po.categories(np.array([True]))


def test_every_strength_a_hand_has_is_a_strength():
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    values = np.unique(po.evaluate_batch(hands))
    assert len(values) == 7462
    # Exactly the values some hand has: every one of the 65,536 16-bit values is checked.
    valid = []
    for value in range(1 << 16):
        try:
            po.HandStrength(value)
            valid.append(value)
        except ValueError:
            pass
    assert valid == values.tolist()
    assert po.categories(values).tolist() == [int(v) >> 12 for v in values]
    assert po.HandStrength(36864).category == "royal_flush"
    assert po.HandStrength().category == "high_card"


# Every batch evaluation path this CPU runs, forced through POKERODDS_EVAL_PATH (read once per
# process, so each path gets a process of its own): the same strengths as one by one, and the
# same messages for bad rows; a path the CPU lacks, or an unknown name, is a ValueError.
_PATH_CHILD = r"""
import json, sys
import numpy as np
import pokerodds as po
try:
    path = po.eval_path()
except ValueError as err:
    print(json.dumps({"error": str(err)}))
    sys.exit(0)
rng = np.random.default_rng(11)
out = {"path": path}
for width in (5, 6, 7):
    hands = np.array([rng.choice(52, width, replace=False) for _ in range(3001)], dtype=np.uint8)
    out[str(width)] = po.evaluate_batch(hands).tolist()
    out[f"{width}-reversed"] = po.evaluate_batch(hands[::-1]).tolist()
    messages = []
    for row, column, value in ((0, 0, 52), (1500, width - 1, 255), (3000, 2, 60)):
        bad = hands.copy()
        bad[row, column] = value
        if row < 3000:
            bad[row + 1, 1] = bad[row + 1, 0]  # a later repeat must not be the one reported
        try:
            po.evaluate_batch(bad)
        except ValueError as err:
            messages.append(str(err))
    for row in (0, 17, 2999):
        bad = hands.copy()
        bad[row, width - 1] = bad[row, 0]
        try:
            po.evaluate_batch(bad)
        except ValueError as err:
            messages.append(str(err))
    out[f"{width}-messages"] = messages
print(json.dumps(out))
"""


def _run_on_path(setting):
    env = dict(os.environ, POKERODDS_EVAL_PATH=setting)
    done = subprocess.run(
        [sys.executable, "-c", _PATH_CHILD], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_every_eval_path_gives_the_same_strengths_and_messages():
    reference = _run_on_path("scalar")
    assert reference["path"] == "scalar"
    ran = []
    for name in ("avx2", "avx512"):
        result = _run_on_path(name)
        if "error" in result:
            assert result["error"].startswith(
                f"POKERODDS_EVAL_PATH: this CPU cannot run the {name} evaluation path"
            ), result
            continue
        ran.append(name)
        assert result == dict(reference, path=name)
    assert all(len(m) == 6 for k, m in reference.items() if k.endswith("messages"))
    assert reference["7-messages"][0] == "hands[0, 0] = 52 is not a card index (0 to 51)"
    print("paths compared:", ["scalar", *ran])


def test_an_unknown_eval_path_is_a_value_error():
    result = _run_on_path("sse9")
    assert result == {
        "error": "POKERODDS_EVAL_PATH: unknown evaluation path 'sse9' "
        "(expected scalar, avx2 or avx512)"
    }
