"""Escape from Dol Guldur's stage rules, in the replay and in `check`:

- stages 1B (The Necromancer's Tower) and 2B (Through the Caverns): the group plays only one
  ally each round -- a second ally played in the same round, by any player, is refused with
  the stage named; an ally put into play by a card effect is not played (FAQ 1.16) and
  does not count; a new round allows one again;
- stage 3B (Out of the Dungeons), the last stage: it cannot be defeated while the Nazgûl of
  Dol Guldur is in play (in the staging area or engaged): the stage keeps its progress and
  the game is not won; without the Nazgûl in play, defeating it wins.

The golden situations: scenarios/lotr/escape-one-ally-a-round.yaml,
escape-nazgul-holds-the-last-stage.yaml and illegal/escape-second-ally-refused.yaml.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.cli import main
from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr"
ILLEGAL = sorted((SCENARIOS / "illegal").glob("*.yaml"))

PLANNING = """
start: "2.1"
stop: end-of-phase
players:
  - name: Tom
    threat: 30
    heroes: [{card: Aragorn, resources: 3}, {card: Éowyn, resources: 1}, Gimli]
    hand: [Snowbourn Scout, Sneak Attack, Gondorian Spearman, Guard of the Citadel]
  - name: Kris
    threat: 30
    heroes: [{card: Glorfindel, resources: 2}, {card: Denethor, resources: 2}]
    hand: [Gléowine]
quest: {card: STAGE}
quest_deck: [Out of the Dungeons]
abilities:
  plays:
    - {card: Sneak Attack, targets: {an ally from your hand: Gondorian Spearman}}
decisions:
  - {step: "2.2", player: Tom, play: TOM}
  - {step: "2.2", player: Kris, play: KRIS}
"""


def planning(tom: str, kris: str, stage: str = "Through the Caverns", strict: bool = True, abilities: bool = True):
    text = PLANNING.replace("STAGE", stage).replace("TOM", tom).replace("KRIS", kris)
    return api.replay(api.load("planning.yaml", text=text), abilities=abilities, strict=strict)


def check(tom: str, kris: str, stage: str = "Through the Caverns"):
    text = PLANNING.replace("STAGE", stage).replace("TOM", tom).replace("KRIS", kris)
    return api.check(api.load("planning.yaml", text=text))


SCOUT = "[{card: Snowbourn Scout, pay_from: [Aragorn]}]"


def allies(trace, player: int) -> list[str]:
    return [c["label"] for c in trace.final_state["players"][player]["allies"]]


# -- one ally a round ------------------------------------------------------------------


@pytest.mark.parametrize("stage", ["Through the Caverns", "The Necromancer's Tower"])
def test_second_ally_played_by_the_group_in_a_round_is_refused_naming_the_stage(stage):
    with pytest.raises(IllegalDecision) as err:
        planning(SCOUT, "[{card: Gléowine}]", stage=stage)
    message = str(err.value)
    assert f"Kris cannot play Gléowine: {stage}" in message
    assert "only one ally each round" in message and "Tom has played Snowbourn Scout in round 1" in message
    assert "lotr:rr:cannot" in err.value.rules


def test_check_lists_the_second_ally_with_the_cannot_rule():
    result = check(SCOUT, "[{card: Gléowine}]")
    assert not result.legal
    [v] = result.violations
    assert v.step == "2.2" and "Through the Caverns" in v.message and "lotr:rr:cannot" in v.rules


def test_refused_ally_stays_in_hand_and_is_not_paid_for():
    trace = planning(SCOUT, "[{card: Gléowine}]", strict=False)
    kris = trace.final_state["players"][1]
    assert kris["hand"] == ["Gléowine"] and kris["allies"] == []
    assert [h["resources"] for h in kris["heroes"]] == [2, 2]


def test_one_player_cannot_play_two_allies_in_a_round_either():
    with pytest.raises(IllegalDecision, match="Tom cannot play Guard of the Citadel"):
        planning("[{card: Snowbourn Scout, pay_from: [Aragorn]}, {card: Guard of the Citadel, pay_from: [Aragorn]}]", "[]")


def test_putting_an_ally_into_play_is_not_playing_it():
    """FAQ 1.16: Sneak Attack puts the Spearman into play after the group's one ally."""
    trace = planning("[{card: Snowbourn Scout, pay_from: [Aragorn]}, {card: Sneak Attack, pay_from: [Aragorn]}]", "[]")
    assert any(s.event == "put-into-play" and "Gondorian Spearman" in s.text for s in trace.steps)
    assert not trace.violations


def test_an_ally_put_into_play_first_leaves_the_groups_one_ally():
    trace = planning("[{card: Sneak Attack, pay_from: [Aragorn]}, {card: Snowbourn Scout, pay_from: [Aragorn]}]", "[]")
    assert "Snowbourn Scout" in allies(trace, 0)


def test_one_ally_is_fine_and_other_stages_do_not_limit_allies():
    assert allies(planning(SCOUT, "[]"), 0) == ["Snowbourn Scout"]
    both = planning(SCOUT, "[{card: Gléowine, pay_from: [Glorfindel]}]", stage="Flies and Spiders")
    assert allies(both, 0) == ["Snowbourn Scout"] and allies(both, 1) == ["Gléowine"]


def test_without_abilities_the_stage_text_is_not_replayed():
    trace = planning(SCOUT, "[{card: Gléowine, pay_from: [Glorfindel]}]", abilities=False)
    assert allies(trace, 1) == ["Gléowine"]


TWO_ROUNDS = """
start: "2.1"
stop: {step: "2.2", round: 2}
players:
  - name: Tom
    threat: 20
    heroes: [{card: Aragorn, resources: 3}]
    hand: [Snowbourn Scout, Guard of the Citadel]
quest: {card: Through the Caverns}
quest_deck: [Out of the Dungeons]
abilities: {}
decisions:
  - {step: "2.2", round: 1, player: Tom, play: [{card: Snowbourn Scout}]}
  - {step: "3.2", round: 1, player: Tom, commit: []}
  - {step: "6.8b", round: 1, player: Tom, target: null}
  - {step: "2.2", round: 2, player: Tom, play: [{card: Guard of the Citadel}]}
"""


def test_the_group_may_play_another_ally_the_next_round():
    trace = api.replay(api.load("rounds.yaml", text=TWO_ROUNDS), abilities=True)
    assert trace.pending is None
    assert allies(trace, 0) == ["Snowbourn Scout", "Guard of the Citadel"]


# -- the Nazgûl holds the last stage ---------------------------------------------------

LAST_STAGE = """
start: "3.2"
stop: end-of-phase
players:
  - name: Tom
    threat: 30
    heroes: [Aragorn, Gimli, Éowyn]
    engaged: ENGAGED
quest: {card: Out of the Dungeons, progress: 5}
staging_area: STAGING
abilities: {}
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn, Gimli, Éowyn]}
"""


def last_stage(staging: str = "[]", engaged: str = "[]", abilities: bool = True):
    text = LAST_STAGE.replace("STAGING", staging).replace("ENGAGED", engaged)
    return api.replay(api.load("last.yaml", text=text), abilities=abilities)


@pytest.mark.parametrize("where", ["staging", "engaged"])
def test_last_stage_cannot_be_defeated_while_the_nazgul_is_in_play(where):
    trace = last_stage(**{where: "[Nazgûl of Dol Guldur]"})
    final = trace.final_state
    assert final["outcome"] is None and final["quest"]["name"] == "Out of the Dungeons" and final["quest"]["progress"] >= 7
    held = [s for s in trace.steps if s.event == "quest-held"]
    assert held and "cannot defeat it yet" in held[0].text
    assert "Out of the Dungeons (constant): the stage cannot be defeated while Nazgûl of Dol Guldur is in play" in held[0].text
    assert "lotr:rr:cannot" in held[0].citations


def test_last_stage_defeated_without_the_nazgul_wins_the_game():
    trace = last_stage(staging="[Endless Caverns]")
    assert trace.final_state["outcome"] == "won"
    assert not [s for s in trace.steps if s.event == "quest-held"]


# -- the golden situations -------------------------------------------------------------


def test_golden_one_ally_situation_replays_legally():
    path = SCENARIOS / "escape-one-ally-a-round.yaml"
    trace = api.replay(api.load(path))
    assert not trace.violations and trace.pending is None
    assert allies(trace, 0) == ["Snowbourn Scout"]


@pytest.mark.parametrize("path", ILLEGAL, ids=[p.stem for p in ILLEGAL])
def test_illegal_situation_is_refused_by_check_and_replay(path, capsys):
    expect = yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]
    result = api.check(api.load(path))
    assert not result.legal
    rules = {r for v in result.violations for r in v.rules}
    assert set(expect["violations"]) <= rules
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Error:" in err and "Traceback" not in err and all(r in err for r in expect["violations"])
    lenient = api.replay(api.load(path), strict=False)
    for key, value in (expect.get("state") or {}).items():
        assert resolve_path(lenient.to_dict()["final_state"], key) == value, key


def test_there_is_an_illegal_situation_for_the_second_ally():
    assert "escape-second-ally-refused" in [p.stem for p in ILLEGAL]


def test_beorns_path_cannot_be_defeated_while_ungoliants_spawn_is_in_play():
    """The same stage rule, written the same way in the card data, holds on Passage through
    Mirkwood's Beorn's Path."""
    text = LAST_STAGE.replace("Out of the Dungeons, progress: 5", "\"A Chosen Path: Beorn's Path\", progress: 9")
    held = api.replay(api.load("beorn.yaml", text=text.replace("STAGING", "[Ungoliant's Spawn]").replace("ENGAGED", "[]")), abilities=True)
    assert held.final_state["outcome"] is None
    assert any("while Ungoliant's Spawn is in play" in s.text for s in held.steps if s.event == "quest-held")
    won = api.replay(api.load("beorn.yaml", text=text.replace("STAGING", "[]").replace("ENGAGED", "[]")), abilities=True)
    assert won.final_state["outcome"] == "won"


def test_check_applies_the_stage_rule_like_replay_without_an_abilities_block(tmp_path, capsys):
    """`adjudicator check` replays card abilities by default, as `replay` does: the stage's rule
    is checked even when the file has no abilities: block; --no-abilities checks the framework only."""
    path = SCENARIOS / "illegal" / "escape-second-ally-refused.yaml"
    bare = tmp_path / "bare.yaml"
    bare.write_text("\n".join(line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("abilities:")) + "\n",
                    encoding="utf-8")
    assert main(["replay", str(bare)]) == 1
    capsys.readouterr()
    assert main(["check", str(bare), "--json"]) == 1
    import json

    assert "Through the Caverns" in json.loads(capsys.readouterr().out)["violations"][0]["message"]
    main(["check", str(bare), "--json", "--no-abilities"])
    assert not [v for v in json.loads(capsys.readouterr().out)["violations"] if "Through the Caverns" in v["message"]]
