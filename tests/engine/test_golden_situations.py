"""Every golden situation in scenarios/ (LOTR, METW and MEQ) reaches the values written in
its own file: the final state, the results of its entries, the cited ids, the decision it
stops for, its verdict (like perft files for a chess engine).  One checker for the three
games (adjudicator.engine.expect), through the one Game interface; the values are
written by hand from the rules' worked examples, never taken from the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine import expect as E
from adjudicator.engine.game import verify
from adjudicator.engine.situation import Problems, load_yaml_data, parse_yaml, read_text

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
TIMING = SCENARIOS / "lotr" / "timing"  # timing-order files (`adjudicator timing order`), not replays
# Situations whose outcome the engine does not reach yet wait in a pending/ folder, named in
# the needs of their rulings' rows (faq/rulings.yaml); they become golden when moved out.
FILES = sorted(p for p in SCENARIOS.rglob("*.yaml") if TIMING not in p.parents and "pending" not in p.parent.parts)
TIMING_FILES = sorted(TIMING.glob("*.yaml"))
PENDING = sorted(p for p in SCENARIOS.rglob("*.yaml") if "pending" in p.parent.parts)


def _about_card_abilities(path: Path) -> bool:
    """A LOTR situation with an ``abilities:`` block (even ``abilities: {}``) says that card
    abilities decide it: the replay turns them on for it (docs/abilities.md), and the
    rulings about cards are written so."""
    data = load_yaml_data(read_text(path))
    return isinstance(data, dict) and data.get("game", "lotr") == "lotr" and "abilities" in data


ABILITY_FILES = [p for p in FILES if _about_card_abilities(p)]


def _id(path: Path) -> str:
    return str(path.relative_to(SCENARIOS).with_suffix(""))


def test_there_are_golden_situations_for_each_phase_and_game():
    names = " ".join(p.stem for p in FILES if p.parent.name == "lotr")
    for word in ("resource", "planning", "quest", "staging", "travel", "engagement", "combat", "refresh", "elimination"):
        assert word in names
    games = {p.relative_to(SCENARIOS).parts[0] for p in FILES}
    assert games == {"lotr", "metw", "meq"}


@pytest.mark.parametrize("path", FILES, ids=[_id(p) for p in FILES])
def test_golden_situation_reaches_the_values_written_in_its_file(path):
    result = verify(path)
    stated = [c for c in result.expectations if c.key not in E.DEFAULTS.values()]
    values = [c for c in stated if c.expectation.kind in ("value", "subset", "contains", "illegal")]
    assert values, f"{path.name}: states no expected value (state, results, outcome, a stop or a refusal)"
    missed = [c.describe() for c in result.missed]
    assert not missed, f"{path.name}: {missed}"
    final = result.trace.final_state or {}
    if not final.get("outcome"):  # once the game is over, what was declared for later is moot
        stated_unused = any(c.key.startswith("state.unused_decisions") for c in stated)  # a situation about a declaration not used
        assert stated_unused or not final.get("unused_decisions"), f"{path.name}: decisions not used: {final.get('unused_decisions')}"


@pytest.mark.parametrize("path", ABILITY_FILES, ids=[_id(p) for p in ABILITY_FILES])
def test_situation_about_card_abilities_misses_an_expectation_without_them(path):
    """A situation that says card abilities decide it (its ``abilities:`` block) and still
    reaches every value it states with the abilities off (``--no-abilities``) does not test
    them: at least one stated expectation must fail on the framework alone."""
    result = verify(path, abilities=False)
    stated = [c for c in result.expectations if c.key not in E.DEFAULTS.values()]
    assert stated, f"{path.name}: no expectation compared"
    assert any(not c.ok for c in stated), \
        f"{path.name}: every expectation holds without card abilities, so none tests them (state what the ability changes)"


def test_the_ability_marker_finds_the_rulings_about_cards():
    names = {p.name for p in ABILITY_FILES}
    assert "faq-q36-amon-lhaw-leaves-attachments-in-play.yaml" in names
    assert "faq-1.20-engaged-enemies-add-no-threat.yaml" not in names  # a framework ruling, no abilities block
    assert len(ABILITY_FILES) > 50


# Defined only while pending/ holds situations: an empty parameter set would be reported as a
# skip, and the CI fails on any skip (pending/ is empty once every situation in it replays).
if PENDING:
    @pytest.mark.parametrize("path", PENDING, ids=[_id(p) for p in PENDING])
    def test_a_pending_situation_still_misses_a_value_it_states(path):
        """pending/ holds ruling situations whose outcome the engine does not reach yet (README,
        faq/README.md): each misses an expectation (`replay` exits 1).  One that reaches every
        value is golden: move it out of pending/ and mark its row done."""
        result = verify(path)
        assert result.missed, f"{path.name} reaches every value it states: move it out of pending/"
        assert result.exit_code == 1


@pytest.mark.parametrize("path", FILES, ids=[_id(p) for p in FILES])
def test_golden_situation_names_the_records_that_decide_it(path):
    """Every file states a cited id (or a refused declaration).  A LOTR file that replays a
    ruling (``ruling:``) names it, and the replay cites it where it applies the point the
    ruling decides: not only where the phase cites it whenever that step happens, nor through
    a card's ``rulings:`` in the card data (adjudicator/lotr/abilities/rulings.py)."""
    from adjudicator.engine.game import expectations, open_situation
    from adjudicator.engine.situation import load_yaml_data

    kinds = {e.kind for e in expectations(open_situation(path)) if e.key not in E.DEFAULTS.values()}
    assert kinds & {"cited", "cited_at", "violation", "illegal"}, \
        f"{path.name}: states no cited id (add expect: cites: [the records that decide the outcome])"
    data = load_yaml_data(read_text(path))
    if path.relative_to(SCENARIOS).parts[0] == "lotr" and data.get("ruling"):
        from adjudicator.lotr.abilities import rulings

        trace, data = rulings.run(path)
        assert rulings.citation_problems(trace, data) == [], path.name


@pytest.mark.parametrize("path", TIMING_FILES, ids=[_id(p) for p in TIMING_FILES])
def test_timing_file_gives_the_order_written_in_it(path):
    from adjudicator.lotr.abilities.timing import order_file

    result = order_file(path)
    root = parse_yaml(read_text(path), str(path))
    problems = Problems(str(path))
    wanted = E.read_block(root.get("expect"), problems, extra=("order", "not_resolved"))
    problems.raise_if_any()
    facts = {"order": [r["label"] for r in result["order"]], "not_resolved": [n["label"] for n in result["not_resolved"]],
             "cited": set(result["citations"])}
    if not any(e.path == "not_resolved" for e in wanted):  # nothing left unresolved unless the file says so
        wanted.append(E.Expectation("not_resolved", "value", "not_resolved", []))
    checked = E.compare(wanted, facts)
    assert any(c.expectation.path == "order" for c in checked)
    assert not [c.describe() for c in checked if not c.ok]
