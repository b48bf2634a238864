"""The rulings as executable situations (scenarios/lotr/faq/, scenarios/lotr/rulings/),
replayed by the LOTR engine with the abilities listener, and the rulings table
(faq/rulings.yaml, faq/companion.yaml): every ruling of FAQ 1.9 and the Quest Companion has
one classified row naming existing records, and every outcome ruling either replays with
the outcome it states or names what it needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.engine.situation import load_yaml_data, read_text
from adjudicator.lotr.abilities.rulings import (
    SITUATIONS,
    check,
    rulings_table,
    run,
    situation_files,
    situation_rulings,
)

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", situation_files(), ids=lambda p: p.stem)
def test_ruling_situation_reproduces_the_faq(path):
    assert check(path) == []


def test_tower_gate_forced_effect_resolves_before_strength_of_will_in_the_replay():
    trace, _ = run(SITUATIONS / "faq-1.09-tower-gate-strength-of-will.yaml")
    events = [s.event for s in trace.steps]
    timing = events.index("timing")
    assert events[timing + 1:timing + 3] == ["initiate", "engage"]  # Tower Gate's Forced resolves, its Orc Guards first
    assert events.index("play") > timing + 3  # then Strength of Will


def test_undeclared_response_is_reported_as_not_used():
    from adjudicator.engine.situation import load_yaml_data

    path = SITUATIONS / "q03-legolas-progress-active-location.yaml"
    text = path.read_text(encoding="utf-8").replace("responses:\n  - {card: Legolas, player: Tom}\n", "responses: []\n")
    tmp = REPO / "scenarios" / "lotr" / "faq" / ".tmp-no-response.yaml"
    try:
        tmp.write_text(text, encoding="utf-8")
        trace, _ = run(tmp)
    finally:
        tmp.unlink()
    timing = [s for s in trace.steps if s.event == "timing"][0]
    assert "not used: Legolas (response)" in timing.text and "lotr:rr:response" in timing.citations
    assert trace.final_state["active_location"]["progress"] == 0


@pytest.fixture(scope="module")
def kb_records(sources_dir):
    """The knowledge base's records of FAQ 1.9 and the Quest Companion (after merges)."""
    from adjudicator.kb.build import parse_sources

    return [r for r in parse_sources(sources_dir) if r.span.doc in ("lotr-faq", "lotr-qc")]


def _merged_ids(records) -> dict[str, str]:
    """A Companion id folded into the record that also holds it: {merged id: record id}."""
    return {m: r.id for r in records for m in r.data.get("merged_ids", [])}


def test_rulings_table_names_existing_records(kb_ids, kb_records):
    merged = _merged_ids(kb_records)
    for row in rulings_table():
        assert row["ruling"] in kb_ids, row["ruling"]
        for cid in row.get("authority", []):
            assert cid in kb_ids, (row["ruling"], cid)
        for other in row.get("also") or []:
            assert merged.get(other) == row["ruling"], (row["ruling"], other)


RULING_KINDS = {"lotr-faq": ("clarification", "qa", "errata"), "lotr-qc": ("ruling", "qa", "errata")}


def test_every_ruling_of_the_faq_and_the_companion_has_one_row(kb_records):
    """Each clarification, question and answer and erratum of FAQ 1.9 and each scenario ruling,
    question and erratum of the Quest Companion is the `ruling` of one row; each Companion copy
    folded into an FAQ record is in that record's row (`also`)."""
    rows = rulings_table()
    named = [row["ruling"] for row in rows] + [a for row in rows for a in row.get("also") or []]
    assert sorted(r for r in set(named) if named.count(r) > 1) == []
    wanted = {r.id for r in kb_records if r.kind.value in RULING_KINDS[r.span.doc]}
    wanted |= {m for r in kb_records if r.id in wanted for m in r.data.get("merged_ids", [])
               if m.startswith("lotr:qc:") and not m.startswith(("lotr:qc:glossary", "lotr:qc:step"))}
    assert wanted - set(named) == set()
    assert {row["ruling"] for row in rows} <= {r.id for r in kb_records}
    assert len(wanted) >= 59 + 89 + 208  # the clarifications, the questions, the scenario rulings


def test_each_row_is_classified_with_a_reason():
    for row in rulings_table():
        assert row["class"] in ("outcome", "text"), row["ruling"]
        assert 20 <= len(row["reason"]) <= 240, row["ruling"]
        if row["class"] == "text":
            assert "status" not in row and "needs" not in row, row["ruling"]


def _names_the_ruling(rel: str, ruling: str) -> bool:
    data = load_yaml_data(read_text(REPO / rel))
    return ruling in situation_rulings(data) or ruling in ((data.get("expect") or {}).get("cites") or [])


def test_an_outcome_ruling_is_done_with_a_situation_naming_it_or_open_with_its_needs():
    for row in rulings_table():
        if row["class"] != "outcome":
            continue
        assert row["status"] in ("done", "open"), row["ruling"]
        if row["status"] == "open":
            assert row.get("needs"), row["ruling"]
        else:
            engine = [f for f in row.get("situations") or [] if "/timing/" not in f]
            assert any(_names_the_ruling(f, row["ruling"]) for f in engine), row["ruling"]


def _test_names() -> set[str]:
    """`file::name` for a test in tests/abilities/; `tests/<folder>/file::name` for one elsewhere
    under tests/ (the full path, so a bare file name never matches outside tests/abilities/)."""
    names = set()
    for path in (REPO / "tests").glob("*/test_*.py"):
        key = path.name if path.parent.name == "abilities" else path.relative_to(REPO).as_posix()
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            names.add(f"{key}::{name}")
    return names


def test_test_names_resolve_a_bare_file_in_tests_abilities_and_a_path_elsewhere():
    names = _test_names()
    assert "test_faq_rulings.py::test_rulings_table_points_at_existing_tests_and_situations" in names
    assert "tests/engine/test_game_setup.py::test_players_take_no_actions_during_setup" in names
    assert "test_game_setup.py::test_players_take_no_actions_during_setup" not in names
    assert "tests/abilities/test_faq_rulings.py::test_rulings_table_names_existing_records" not in names


def test_each_ruling_has_one_row():
    seen = [row["ruling"] for row in rulings_table()]
    assert sorted(r for r in set(seen) if seen.count(r) > 1) == []


def test_rulings_table_points_at_existing_tests_and_situations():
    names = _test_names()
    for row in rulings_table():
        if row.get("status") == "done":
            assert row.get("tests"), row["ruling"]
        for t in row.get("tests") or []:
            assert t in names, (row["ruling"], t)
        for f in row.get("situations", []):
            assert (REPO / f).is_file(), f


def test_every_ruling_situation_is_in_the_table():
    listed = {f for row in rulings_table() for f in row.get("situations", [])}
    for path in situation_files():
        assert str(path.relative_to(REPO)) in listed, path.name


def test_every_ruling_situation_names_the_ruling_it_replays():
    rows = {row["ruling"]: row for row in rulings_table()}
    for path in situation_files():
        rel = str(path.relative_to(REPO))
        data = load_yaml_data(read_text(path))
        for ruling in situation_rulings(data):
            assert ruling in rows and rel in rows[ruling].get("situations", []), (rel, ruling)


def test_a_tie_for_an_encounter_target_stops_for_the_first_player():
    """FAQ 1.03: the replay never guesses; it asks the first player and lists the options."""
    trace, _ = run(SITUATIONS / "faq-1.03-caught-in-a-web-undecided.yaml")
    pending = trace.pending
    assert pending is not None and pending.key == "ability" and pending.player == "Tom"
    assert [o.label for o in pending.options] == ["Aragorn", "Gimli", "Éowyn", "Glorfindel"]
    assert "lotr:faq:1.03" in pending.citations


def test_ruling_traces_cite_only_existing_records(kb_ids):
    for path in situation_files():
        trace, _ = run(path)
        assert trace.cited_ids() <= kb_ids, (path.name, sorted(trace.cited_ids() - kb_ids))


def test_the_engines_golden_situations_replay_with_abilities_on():
    """With the abilities listener attached, every golden situation of the engine still
    replays; a new stop can only be a choice a card ability needs (plays, delayed_order)."""
    from adjudicator.lotr.engine import api

    for path in sorted((REPO / "scenarios" / "lotr").glob("*.yaml")):
        plain = api.replay(api.load(path), abilities=False)
        with_abilities = api.replay(api.load(path), abilities=True)
        if plain.pending is not None:
            assert with_abilities.pending is not None, path.name
        elif with_abilities.pending is not None:
            assert with_abilities.pending.key in ("ability", "delayed_order"), (path.name, with_abilities.pending.question)


def test_the_new_stage_comes_before_the_explored_locations_response():
    """FAQ Q80, in the replay: the next stage's When Revealed, then the location's response."""
    trace, _ = run(SITUATIONS / "q80-new-stage-before-explored-response.yaml")
    texts = [s.text for s in trace.steps if s.event == "timing"]
    stage = next(i for i, t in enumerate(texts) if "To the River..." in t)
    explored = next(i for i, t in enumerate(texts) if "Mountains of Mirkwood is explored" in t)
    assert stage < explored


def test_faq_1_52_you_in_a_shadow_effect_stays_the_attacked_player_when_another_players_character_defends():
    """FAQ 1.52: Tom's Gondorian Spearman defends Kris with Sentinel; King Spider's shadow
    effect still means Kris by "you", so Kris picks among Kris's characters."""
    from adjudicator.lotr.engine import api

    text = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, Legolas], allies: [Gondorian Spearman]}
  - {name: Kris, threat: 20, engaged: [Dol Guldur Orcs], heroes: [Aragorn, Glorfindel, Éowyn]}
encounter_deck: [King Spider]
decisions:
  - {step: "6.4.1", player: Kris, enemy: Dol Guldur Orcs, defender: null, sentinel: Gondorian Spearman}
abilities: {version: errata}
"""
    trace = api.replay(api.load("faq-1.52.yaml", text=text), abilities=True)
    defend = next(s for s in trace.steps if s.event == "defend")
    assert "Gondorian Spearman (Tom)" in defend.text and "Kris is still the defending player" in defend.text
    pending = trace.pending
    assert pending is not None and pending.key == "ability" and pending.player == "Kris"
    assert [o.label for o in pending.options] == ["Aragorn", "Glorfindel", "Éowyn"]
    assert {"lotr:rr:defending-player", "lotr:faq:1.52"} <= set(pending.citations)


def test_every_pending_ruling_situation_is_named_by_the_needs_of_its_rows():
    """scenarios/lotr/rulings/pending/ holds situations that do not yet give the ruling's outcome
    (an engine or card-data defect): each is named in the `needs` of the rulings it reproduces."""
    needs = {row["ruling"]: row.get("needs", "") for row in rulings_table()}
    for path in sorted((REPO / "scenarios" / "lotr" / "rulings" / "pending").glob("*.yaml")):
        rel = str(path.relative_to(REPO))
        for ruling in situation_rulings(load_yaml_data(read_text(path))):
            assert rel in needs[ruling], (rel, ruling)


# ---------------------------------------------------------------------------- where a ruling is cited


def test_card_rulings_reach_the_trace_only_through_ruling_points():
    """A card's ``rulings:`` (card data) are cited only where the engine applies a record the
    ruling rests on (ruling_points.on_point): no other module of the engine or of the card
    abilities reads an ability's rulings (the card data, the card lookup and the timing tool's
    use of on_point aside)."""
    import ast

    allowed = {"ruling_points.py", "model.py", "load.py"}
    offenders = []
    for folder in ("engine", "abilities"):
        for path in sorted((REPO / "adjudicator" / "lotr" / folder).rglob("*.py")):
            if path.name in allowed:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            offenders += [f"{path.name}:{n.lineno}" for n in ast.walk(tree)
                          if isinstance(n, ast.Attribute) and n.attr == "rulings" and isinstance(n.ctx, ast.Load)]
    assert offenders == []


def _replay_text(text: str):
    from adjudicator.lotr.engine import api

    return api.replay(api.load("inline.yaml", text=text), abilities=True)


DESPAIR = """
start: '3.3'
stop: {{step: '3.3'}}
players:
- {{name: Tom, threat: 25, heroes: [Aragorn]}}
{active}quest: {{card: Flies and Spiders, progress: 5}}
encounter_deck: [Despair, Forest Gate]
abilities: {{}}
"""


def test_faq_1_05_removing_progress_from_the_quest_cites_the_ruling_only_with_an_active_location():
    """FAQ 1.05 decides that removing progress from the quest leaves the active location's;
    with no active location the point does not arise and the removal cites only Effects
    (Despair's card data lists 1.05 among its rulings: that is not a reason to cite it)."""
    with_location = _replay_text(DESPAIR.format(active="active_location: {card: Old Forest Road, progress: 2}\n"))
    removed = [s for s in with_location.steps if s.event == "remove-progress"]
    assert removed and "lotr:faq:1.05" in removed[0].citations
    assert with_location.final_state["active_location"]["progress"] == 2
    without = _replay_text(DESPAIR.format(active=""))
    assert "lotr:faq:1.05" not in without.cited_ids()
    assert without.final_state["quest"]["progress"] == 1  # 5 - 4 all the same


def test_a_plain_round_cites_no_ruling_of_the_table():
    """The baseline round (cards with no text) cites no ruling of FAQ 1.9 or the Quest
    Companion: each is cited only where its point arises, never by the phase itself."""
    from adjudicator.lotr.abilities.rulings import BASELINE

    trace, _ = run(BASELINE)
    rulings = {row["ruling"] for row in rulings_table()} | {a for row in rulings_table() for a in row.get("also") or ()}
    assert trace.final_state["round"] == 2  # a whole round was played
    assert sorted(trace.cited_ids() & rulings) == []


TRAVEL = """
ruling: {ruling}
start: '4.1'
stop: end-of-phase
players:
- {{name: Tom, threat: 30, heroes: [Gimli]}}
staging_area: [Old Forest Road]
quest: {{card: Flies and Spiders}}
decisions:
- {{step: '4.2', travel: Old Forest Road}}
abilities: {{}}
expect:
  state: {{active_location.name: Old Forest Road}}
  cites: [{cites}]
"""


def test_a_ruling_situation_citing_only_what_the_phase_always_cites_is_reported():
    """The checker of ruling situations fails a file whose ruling is cited only where the
    phase cites it anyway (the travel rules at every travel), and one whose ruling is not in
    its expect: cites; it accepts one whose ruling the replay cites where it applies it."""
    from adjudicator.engine.situation import load_yaml_data
    from adjudicator.lotr.abilities.rulings import citation_problems

    def problems(ruling: str, cites: str) -> list[str]:
        text = TRAVEL.format(ruling=ruling, cites=cites)
        return citation_problems(_replay_text(text), load_yaml_data(text))

    routine = problems("lotr:rr:travel", "lotr:rr:travel")
    assert len(routine) == 1 and "only routinely, at travel" in routine[0]
    assert problems("lotr:faq:q:3", "lotr:rr:travel") == ["the ruling lotr:faq:q:3 is not in expect: cites"]
    assert "not cited at all" in problems("lotr:faq:q:3", "lotr:faq:q:3")[0]
    # a framework step's own record never counts: every pass through the step cites it
    step = problems("lotr:rr:step:4.2", "lotr:rr:step:4.2")
    assert len(step) == 1 and "only routinely, at travel" in step[0]


def test_faq_1_06_a_treachery_attached_in_a_situation_is_the_encounter_deck_s_not_the_player_s():
    """FAQ 1.06: an encounter card attached to a character does not come under its player's
    control.  A situation that lists Caught in a Web among a hero's attachments loads it as
    the encounter's card, so "one of your attachments" does not reach it."""
    from adjudicator.lotr.engine import api

    situation = api.load("inline.yaml", text="""
players:
- {name: Tom, threat: 30, heroes: [{card: Aragorn, attachments: [Caught in a Web, Celebrían's Stone]}]}
""")
    web, stone = situation.game.players[0].heroes[0].attachments
    assert (web.name, web.owner) == ("Caught in a Web", "encounter")
    assert (stone.name, stone.owner) == ("Celebrían's Stone", "Tom")


def test_an_event_whose_declared_target_is_not_valid_is_not_played_and_its_cost_is_not_paid():
    """Playing Cards; the word "Choose": Stand and Fight (its erratum: not a neutral ally)
    declared on Gandalf has no valid target, so it is refused before its cost is paid; the
    same event on a Tactics ally is played."""
    text = """
start: '2.1'
stop: {{step: '2.2'}}
players:
- {{name: Tom, threat: 20, heroes: [{{card: Éowyn, resources: 3}}], hand: [Stand and Fight], discard: [{ally}]}}
quest: {{card: Flies and Spiders}}
decisions:
- {{step: '2.2', player: Tom, play: [{{card: Stand and Fight, pay_from: [Éowyn], x: {x}}}]}}
abilities:
  plays:
  - {{card: Stand and Fight, chosen: [{ally}], x: {x}}}
"""
    from adjudicator.lotr.engine import api

    neutral = api.replay(api.load("inline.yaml", text=text.format(ally="Gandalf", x=3)), abilities=True, strict=False)
    assert [v.rules[:2] for v in neutral.violations] == [("lotr:rr:initiating-abilities-playing-cards", "lotr:rr:the-word-choose")]
    tom = neutral.final_state["players"][0]
    assert tom["hand"] == ["Stand and Fight"] and tom["heroes"][0]["resources"] == 3 and tom["discard"] == ["Gandalf"]
    tactics = _replay_text(text.format(ally="Gondorian Spearman", x=2))
    tom = tactics.final_state["players"][0]
    assert [a["name"] for a in tom["allies"]] == ["Gondorian Spearman"] and tom["heroes"][0]["resources"] == 1


def test_fortune_or_fate_puts_a_hero_back_into_play_under_its_owners_control():
    """Fortune or Fate's "under its owner's control": a hero from Kris's discard pile, played
    by Tom, comes back as Kris's hero."""
    trace, _ = run(REPO / "scenarios/lotr/rulings/faq-q45-fortune-or-fate-returns-beorn-from-the-discard-pile.yaml")
    tom, kris = trace.final_state["players"]
    assert [h["name"] for h in kris["heroes"]] == ["Aragorn", "Beorn"] and [h["name"] for h in tom["heroes"]] == ["Éowyn"]


def test_faq_1_40_an_x_no_card_defines_on_an_encounter_card_is_zero_for_damage_too():
    """FAQ 1.40: an encounter card's X that nothing defines and no player picks is 0: 'X damage
    to each character' deals none (it used to stop the replay on reading 'X' as a number), and the
    step cites 1.40."""
    trace = _replay_text("""
start: '3.3'
stop: {step: '3.3'}
cards:
- {name: Looming Dread, type: treachery}
players:
- {name: Tom, threat: 30, heroes: [Aragorn, Gimli]}
quest: {card: Flies and Spiders}
encounter_deck: [Looming Dread]
abilities:
  cards:
  - name: Looming Dread
    source: encounter
    abilities:
    - {kind: when_revealed, effects: [{op: damage, target: each character, amount: X}], says: "X damage to each character"}
""")
    heroes = next(p for p in trace.final_state["players"] if p["name"] == "Tom")["heroes"]
    assert [h["damage"] for h in heroes] == [0, 0]
    assert any("lotr:faq:1.40" in s.citations and "X is 0" in s.text for s in trace.steps)


LANTERN = """
start: '6.3'
stop: {step: 6.4.4}
cards:
- {name: Grave Lantern, type: attachment, sphere: lore, cost: 1}
players:
- name: Tom
  threat: 30
  heroes: [{card: Gimli, attachments: [Grave Lantern]}, {card: Legolas, attachments: [Dwarven Axe]}]
  deck: [Feint]
  engaged: [{card: Hill Troll, shadow: [Forest Spider]}]
quest: {card: Flies and Spiders}
decisions:
- {step: 6.4.1, player: Tom, enemy: Hill Troll, defender: Gimli}
abilities:
  cards:
  - name: Grave Lantern
    abilities:
    - {kind: response, trigger: {timing: after, event: discarded, subject: SUBJECT}, effects: [{op: draw, player: you, amount: 1}],
       says: "after such a card is discarded, draw a card"}
  responses:
  - {card: Grave Lantern, player: Tom}
  plays:
  - {card: Forest Spider, targets: {an attachment the defending player chooses: Dwarven Axe}}
"""


def test_faq_1_48_a_card_discarded_by_an_effect_triggers_a_response_to_discarding():
    """FAQ 1.48: cards are discarded when an effect says so. Forest Spider's shadow effect makes
    Tom discard Dwarven Axe: a response to an attachment being discarded triggers (Tom draws
    Feint); one waiting for a character being discarded does not."""
    drawn = _replay_text(LANTERN.replace("SUBJECT", "an attachment you control"))
    tom = next(p for p in drawn.final_state["players"] if p["name"] == "Tom")
    assert tom["discard"] == ["Dwarven Axe"] and tom["hand"] == ["Feint"]
    other = _replay_text(LANTERN.replace("SUBJECT", "a character you control"))
    assert next(p for p in other.final_state["players"] if p["name"] == "Tom")["hand"] == []


SWITCH = """
start: '2.1'
stop: {step: '2.2'}
cards:
- {name: Exchange of Arms, type: event, sphere: neutral, cost: 0}
players:
- {name: Tom, threat: 30, heroes: [Aragorn], allies: [Gondorian Spearman], hand: [Exchange of Arms]}
- {name: Kris, threat: 30, heroes: [Éowyn]KRIS}
quest: {card: Flies and Spiders}
decisions:
- {step: '2.2', player: Tom, play: [{card: Exchange of Arms}]}
abilities:
  cards:
  - name: Exchange of Arms
    abilities:
    - {kind: action, effects: [{op: switch, target: an ally you control, with: an ally another player controls}], says: "switch two allies"}
  plays:
  - {card: Exchange of Arms, targets: {an ally you control: Gondorian Spearman, an ally another player controls: Snowbourn Scout}}
"""


def test_faq_1_26_a_switch_with_something_on_both_sides_exchanges_them_and_none_without():
    """FAQ 1.26: with an ally on each side the switch happens (each player controls the other's
    ally); with Kris having none there is no switch, so the event is not played (its refusal
    cites 1.26)."""
    from adjudicator.lotr.engine import api

    both = _replay_text(SWITCH.replace("KRIS", ", allies: [Snowbourn Scout]"))
    allies = {p["name"]: [a["name"] for a in p.get("allies", [])] for p in both.final_state["players"]}
    assert allies == {"Tom": ["Snowbourn Scout"], "Kris": ["Gondorian Spearman"]}
    one_side = api.replay(api.load("inline.yaml", text=SWITCH.replace("KRIS", "").replace(", an ally another player controls: Snowbourn Scout", "")),
                          abilities=True, strict=False)
    assert [v.rules[-2:] for v in one_side.violations] == [("lotr:faq:1.26", "lotr:rr:triggered-ability")]
