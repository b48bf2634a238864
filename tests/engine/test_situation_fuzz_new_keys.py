"""Fuzzing the situation loader on the keys added for Escape from Dol Guldur and the card
abilities (players[].prisoners, set_aside, flip_quest, decisions with defenders, damage_to
and enemy, abilities plays and responses with option, with and pay_from): a random or
damaged file either loads -- and then replays to a trace, a pending decision or a refused
decision -- or is refused with an InputError naming the file, the line and what was
expected; through the CLI that is exit 2 with no traceback.  Never another exception."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from situation_mutations import mutate

from adjudicator.engine.decisions import DecisionNeeded, IllegalDecision
from adjudicator.errors import AdjudicatorError, InputError
from adjudicator.lotr.engine import api

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr"
SEED_FILES = ["escape-nazgul-enters-on-rescue.yaml", "escape-prisoner-taken.yaml", "escape-prisoner-rescued.yaml",
              "cards/stand-together-multiple-defenders.yaml", "cards/wolf-rider-event-in-its-attack-window.yaml",
              "planning-resource-match.yaml"]

# our own seeds for the keys no scenario file combines
INLINE = [
    """
start: '0.0'
flip_quest: true
stop: {step: '1.1'}
players:
  - {name: Tom, threat: 28, heroes: [Aragorn, Éowyn], prisoners: [Gimli], hand: [Swift Strike, A Test of Will]}
quest: {card: The Necromancer's Tower}
quest_deck: [Through the Caverns]
set_aside: [Nazgûl of Dol Guldur]
encounter_deck: [Goblin Sniper, Dungeon Jailor]
abilities:
  responses:
    - {card: A Test of Will, player: Tom, with: Éowyn}
    - {card: Swift Strike, player: Tom, pay_from: [Aragorn]}
  plays:
    - {card: Denethor, option: bottom}
    - {step: '6.4.1', enemy: Goblin Sniper, card: Glorfindel, chosen: [Aragorn], with: Éowyn}
""",
    """
start: '6.2'
stop: end-of-phase
players:
  - {name: P1, threat: 20, heroes: [{card: Gimli, resources: 2}, {card: Legolas, resources: 2}, Aragorn],
     hand: [Stand Together, Swift Strike], engaged: [Hill Troll, Wolf Rider]}
encounter_deck: [Treacherous Fog, Eastern Crows]
decisions:
  - {step: '6.2', player: P1, play: [{card: Stand Together}]}
  - {step: '6.4.1', player: P1, enemy: Hill Troll, defenders: [Gimli, Aragorn], damage_to: Aragorn}
  - {step: '6.4.1', player: P1, enemy: Wolf Rider, defender: Legolas, play: [{card: Swift Strike, pay_from: [Legolas]}]}
  - {step: '6.4.1', ability: {card: Swift Strike, pay_from: [Gimli, Legolas]}}
  - {step: '6.8b', player: P1, target: null}
abilities:
  responses: [{card: Swift Strike, player: P1, pay_from: Legolas}]
  plays: [{card: Eastern Crows, option: one, targets: {the defending character: Legolas}}]
""",
]


def _seed(text: str) -> dict:
    data = yaml.safe_load(text)
    data.pop("expect", None)
    return data


SEEDS = [_seed((SCENARIOS / name).read_text(encoding="utf-8")) for name in SEED_FILES] + [_seed(t) for t in INLINE]

NAMES = ["Aragorn", "Gimli", "Legolas", "Éowyn", "Beravor", "Nazgûl of Dol Guldur", "Hill Troll", "Wolf Rider",
         "Swift Strike", "A Test of Will", "Tom", "Kris", "P1", "Glorfindl", "6.4.1", "6.2", "bottom", "top", "one",
         "Blade Mastery", "Stand Together", "Through the Caverns", "Eastern Crows", "Glorfindel", "Denethor", "Goblin Sniper"]
CARDS = ["Swift Strike", "A Test of Will", "Blade Mastery", "Stand Together", "Through the Caverns", "Eastern Crows",
         "Glorfindel", "Denethor", "Dol Guldur Orcs", "Treacherous Fog", "Caught in a Web"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=10), st.sampled_from(NAMES))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.one_of(st.sampled_from(NAMES), st.text(max_size=6)), inner, max_size=4)),
                      max_leaves=12)
NEW_KEYS = {
    "player": ["prisoners"],
    "top": ["set_aside", "flip_quest"],
    "decision": ["defenders", "damage_to", "enemy", "defender", "play", "ability", "attack_order"],
    "entry": ["option", "with", "pay_from", "chosen", "targets", "step", "enemy", "x", "player", "round", "kind"],
}


def _mutate(data, draw):
    return mutate(data, draw, values)


def _inject(data: dict, draw) -> dict:
    """Put one of the new keys, with a random value, where it belongs (or nearly)."""
    out = dict(data)
    where = draw(st.sampled_from(sorted(NEW_KEYS)))
    key = draw(st.sampled_from(NEW_KEYS[where]))
    value = draw(values)
    if where == "top":
        out[key] = value
    elif where == "player" and isinstance(out.get("players"), list) and out["players"]:
        players = list(out["players"])
        i = draw(st.integers(0, len(players) - 1))
        if isinstance(players[i], dict):
            players[i] = {**players[i], key: value}
        out["players"] = players
    elif where == "decision":
        entry = {"step": draw(st.sampled_from(["6.4.1", "6.2", "3.2", "6.4.2", "2.2"])), key: value}
        if draw(st.booleans()):
            entry["player"] = draw(st.sampled_from(NAMES))
        out["decisions"] = [*(out.get("decisions") or []), entry] if isinstance(out.get("decisions"), list) else [entry]
    else:
        block = dict(out["abilities"]) if isinstance(out.get("abilities"), dict) else {}
        part = draw(st.sampled_from(["plays", "responses"]))
        entry = {"card": draw(st.sampled_from(CARDS)), key: value}
        block[part] = [*(block.get(part) or []), entry] if isinstance(block.get(part), list) else [entry]
        out["abilities"] = block
    return out


@st.composite
def situations(draw):
    data = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        data = _inject(data, draw) if draw(st.booleans()) else _mutate(data, draw)
        if not isinstance(data, dict):
            break
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def load_or_input_error(text: str):
    """The loaded situation, or None after checking the InputError names the file, a line
    and what was expected."""
    try:
        return api.load("fuzz.yaml", text=text)
    except InputError as exc:
        message = exc.message
        assert "fuzz.yaml" in message
        if "YAML" not in message and "mapping" not in message.split("\n")[0]:
            assert re.search(r"fuzz\.yaml:\d+", message), message
        return None


def replay_cleanly(situation) -> None:
    try:
        trace = api.replay(situation, abilities=True)
    except (IllegalDecision, DecisionNeeded):
        return
    except AdjudicatorError as exc:
        assert isinstance(exc, InputError), exc
        return
    assert set(trace.to_dict()) == {"game", "steps", "final_state", "pending"}


def test_every_seed_loads_and_replays():
    for data in SEEDS:
        situation = load_or_input_error(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
        assert situation is not None
        replay_cleanly(situation)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(situations())
def test_situations_with_the_new_keys_load_or_give_an_input_error(text):
    load_or_input_error(text)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(situations())
def test_situations_with_the_new_keys_that_load_replay_without_a_traceback(text):
    situation = load_or_input_error(text)
    if situation is not None:
        replay_cleanly(situation)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(INLINE), st.data())
def test_damaged_files_with_the_new_keys_load_or_give_an_input_error(text, data):
    at = data.draw(st.integers(0, len(text) - 1))
    cut = data.draw(st.integers(0, 12))
    insert = data.draw(st.sampled_from(["", ":", "- ", "[", "{", "}", "]", "  ", "\n", "'", "null", "-1", "x: y"]))
    situation = load_or_input_error(text[:at] + insert + text[at + cut:])
    if situation is not None:
        replay_cleanly(situation)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                 HealthCheck.function_scoped_fixture])
@given(situations())
def test_the_cli_exits_2_on_a_bad_file_with_the_new_keys_without_a_traceback(tmp_path, capsys, text):
    from adjudicator.cli import main

    f = tmp_path / "fuzz.yaml"
    f.write_text(text, encoding="utf-8")
    bad = load_or_input_error(text) is None
    code = main(["replay", str(f), "--json"])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert code in (0, 1, 2, 3)
    if bad:
        assert code == 2 and "fuzz.yaml" in err


# found by the fuzzing above: a choice of the wrong type reached the replay and crashed it
WRONG_TYPES = [
    ("abilities.plays", "  plays: [{card: Eastern Crows, x: {a: b}}]", "a whole number (x)"),
    ("abilities.plays", "  plays: [{card: Eastern Crows, targets: [Legolas]}]", "a mapping of phrases to names (targets)"),
    ("abilities.responses", "  responses: [{card: Swift Strike, player: P1, pay_from: {Legolas: 1}}]", "a hero's name or a list of them"),
    ("decisions.ability", "", "a list of names (chosen)"),
]


def test_a_choice_of_the_wrong_type_is_an_input_error_with_its_line():
    base = INLINE[1]
    for where, replacement, expected in WRONG_TYPES:
        if where == "decisions.ability":
            text = base.replace("  - {step: '6.8b', player: P1, target: null}",
                                "  - {step: '6.8b', player: P1, target: null}\n  - {step: '6.4.1', ability: {card: Swift Strike, chosen: {x: 1}}}")
            line = text.split("\n").index("  - {step: '6.4.1', ability: {card: Swift Strike, chosen: {x: 1}}}") + 1
        else:
            key = replacement.split(":")[0]
            lines = base.split("\n")
            at = next(i for i, t in enumerate(lines) if t.startswith(key + ":"))
            lines[at] = replacement
            text, line = "\n".join(lines), at + 1
        try:
            api.load("fuzz.yaml", text=text)
        except InputError as exc:
            assert f"fuzz.yaml:{line}:" in exc.message and expected in exc.message, (where, exc.message)
        else:
            raise AssertionError(f"{where}: no InputError")
