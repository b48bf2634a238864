"""Limits (RR), FAQ 1.10 and 1.51: per copy for a phase or round, per player for a game;
Replacement Effects (RR): the most recent replacement is used."""

from __future__ import annotations

from adjudicator.lotr.abilities.effects import Cause
from adjudicator.lotr.abilities.limits import Limits
from adjudicator.lotr.abilities.load import card_abilities
from adjudicator.lotr.abilities.replacement import resolve_occurrence

from .tables import table


def test_protector_of_lorien_three_times_a_phase_per_copy():
    """FAQ 1.10's example, with the errata's limit."""
    ability = card_abilities("Protector of Lórien").abilities[0]
    limits = Limits()
    for _ in range(3):
        assert limits.can_use(ability, "Protector of Lórien", "Tom", "quest", 1)[0]
        limits.use(ability, "Protector of Lórien", "Tom", "quest", 1)
    ok, rules = limits.can_use(ability, "Protector of Lórien", "Tom", "quest", 1)
    assert not ok and "lotr:faq:1.51" in rules
    assert limits.can_use(ability, "Protector of Lórien#2", "Tom", "quest", 1)[0]  # another copy
    assert limits.can_use(ability, "Protector of Lórien", "Tom", "combat", 1)[0]  # next phase


def test_printed_protector_of_lorien_is_limited_only_by_its_cost():
    ability = card_abilities("Protector of Lórien", "printed").abilities[0]
    ok, rules = Limits().can_use(ability, "Protector of Lórien", "Tom", "quest", 1)
    assert ok and rules == ("lotr:faq:1.10",)


def test_once_a_round_limit_resets_next_round():
    ability = card_abilities("Beravor").abilities[0]
    limits = Limits()
    limits.use(ability, "Beravor", "Tom", "planning", 1)
    assert not limits.can_use(ability, "Beravor", "Tom", "quest", 1)[0]
    assert limits.can_use(ability, "Beravor", "Tom", "planning", 2)[0]


def test_the_most_recent_replacement_is_used():
    r = table("players: [{name: Tom, heroes: [Aragorn]}]\n")
    done = []
    resolve_occurrence(r, "Banks of the Anduin going to the discard pile", lambda: done.append("usual"),
                       [(Cause("first", source="encounter"), lambda: done.append("first")),
                        (Cause("second", source="encounter"), lambda: done.append("second"))])
    assert done == ["second"]
    assert "lotr:rr:replacement-effects" in r.trace.steps[-1].citations and "not first" in r.trace.steps[-1].text


def test_without_replacement_the_occurrence_resolves_as_usual():
    r = table("players: [{name: Tom, heroes: [Aragorn]}]\n")
    done = []
    resolve_occurrence(r, "x", lambda: done.append("usual"), [])
    assert done == ["usual"]


def test_a_per_game_limit_belongs_to_the_player_not_the_copy():
    """FAQ 1.51: "once per game" is per player, whichever copy is used."""
    from dataclasses import replace

    from adjudicator.lotr.abilities.model import Limit

    ability = replace(card_abilities("Beravor").abilities[0], limit=Limit(1, "game"))
    limits = Limits()
    limits.use(ability, "Beravor", "Tom", "planning", 1)
    assert not limits.can_use(ability, "Beravor#2", "Tom", "quest", 5)[0]
    assert limits.can_use(ability, "Beravor#2", "Kris", "quest", 5)[0]
