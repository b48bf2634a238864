"""The learnt yes/no reading (``adjudicator/ask/verdict_model.py``) and its trainer
(``bench/train_verdict_model.py``): the values it weighs, the yes or no it gives only beyond its
thresholds, and the model file its fit command writes.  The questions and sentences here are
invented; the model of the first tests is an invented one (its weights say what a reader would
weigh), so that they check the reading's mechanism, not the fitted weights."""

from __future__ import annotations

import json

import pytest

from adjudicator.ask import verdict_model
from adjudicator.ask.verdict_model import decided, features, probability_yes
from adjudicator.paths import RULES_DB
from bench_scripts import load

NAMES = sorted(features("Can I do it?", "You may do it."))


def invented_model(**weights: float) -> dict:
    """A model over every value, unscaled, with the weights given (the others 0) and thresholds 0.8 / 0.2."""
    return {"weights": {n: weights.get(n, 0.0) for n in NAMES}, "mean": {n: 0.0 for n in NAMES},
            "scale": {n: 1.0 for n in NAMES}, "bias": 0.0, "yes_from": 0.8, "no_to": 0.2}


READER = invented_model(permission_denied=-4.0, permission_cannot=-2.0, permission_may=4.0, toward_allowed=1.0)


def test_a_cannot_statement_read_against_a_can_i_question_gives_no():
    values = features("Can I put a weapon on an enemy?", "A weapon cannot be put on an enemy.")
    assert values["q_permission"] == 1.0 and values["s_cannot"] == 1.0 and values["toward_denied"] == 1.0
    assert decided(probability_yes(values, READER), READER) == "no"


def test_a_may_statement_read_against_a_can_i_question_gives_yes():
    values = features("Can I put a weapon on an ally?", "A player may put a weapon on an ally.")
    assert values["permission_may"] == 1.0 and values["toward_allowed"] == 1.0
    assert decided(probability_yes(values, READER), READER) == "yes"


def test_a_negated_question_turns_the_sentence_round():
    """"Can't I ...?" against a denial: the denied words count the other way."""
    plain = features("Can I put a weapon on an enemy?", "A weapon cannot be put on an enemy.")
    negated = features("Can't I put a weapon on an enemy?", "A weapon cannot be put on an enemy.")
    assert plain["toward_denied"] == 1.0 and negated["toward_denied"] == -1.0


def test_the_reading_abstains_on_a_sentence_with_no_polarity_cue():
    values = features("Can I put a weapon on an ally?", "The weapon goes to the table beside the board.")
    assert values["s_cannot"] == values["s_may"] == values["s_negation"] == values["toward_denied"] == 0.0
    p = probability_yes(values, READER)
    assert 0.2 < p < 0.8 and decided(p, READER) is None


def test_no_model_gives_no_verdict():
    assert probability_yes({"q_permission": 1.0}, {}) is None and decided(None, READER) is None


def test_the_landed_model_abstains_where_cross_validation_found_no_confident_side():
    """The fit's thresholds are those CV within the build half held to 90%: a side none reached shows nothing."""
    fitted = json.loads((RULES_DB / verdict_model.FILE).read_text(encoding="utf-8"))
    for name in ("train", "population"):
        right, shown = fitted["cv"][name]["right"], fitted["cv"][name]["shown"]
        assert shown == 0 or right >= fitted["precision"] * shown, name
    if fitted["yes_from"] > 1 and fitted["no_to"] < 0:
        assert all(decided(p, fitted) is None for p in (0.0, 0.01, 0.5, 0.99, 1.0))


@pytest.fixture(scope="module")
def trainer():
    return load("train_verdict_model")


def test_the_model_file_is_what_its_fit_command_writes(trainer, capsys):
    fitted = json.loads((RULES_DB / verdict_model.FILE).read_text(encoding="utf-8"))
    assert fitted["fit"].startswith("python bench/train_verdict_model.py fit")
    args = fitted["fit"].split()[2:]  # the step and its options
    assert trainer.main(args + ["--check"]) == 0, capsys.readouterr().out


def test_the_training_values_hold_no_text(trainer):
    data = json.loads(trainer.VALUES.read_text(encoding="utf-8"))
    assert data["names"] == sorted(features("Can I do it?", "You may do it."))
    for example in data["examples"]:
        assert set(example) == {"fold", "y", "kind", "population", "train", "right", "wrong", "x"}
        assert len(example["x"]) == len(data["names"]) and all(isinstance(v, (int, float)) for v in example["x"])
