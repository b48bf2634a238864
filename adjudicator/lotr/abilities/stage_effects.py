"""Effects on the quest deck (Quest Cards / Quest Deck): a stage removed from the quest deck, an
advance to a parallel stage drawn at random, a stage the players bypass, and the quest deck reset to an
earlier stage (not revealed again).  The new stage of the
last two is revealed as a new stage: the listener answers its When Revealed effects, so the
ability's own resolution is not "busy" while it is put in place."""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.choose import Play
from adjudicator.lotr.abilities.effects import Cause, refused, state_of
from adjudicator.lotr.abilities.model import Effect
from adjudicator.lotr.engine import quest_deck

def empty_instead(deck: str) -> list:
    from adjudicator.lotr.engine.separate_decks import rules

    return list(rules().get(deck, {}).get("when_empty") or [])


def reveal_from(r, cause: Cause, deck: str, count: int, play: Play | None = None, resolve=None) -> bool:
    """Reveal cards from a separate deck (the Orc deck ...): each is staged as if revealed from the
    encounter deck; a deck that has run out is ignored (a not-resolved step), unless its rule says what
    happens instead (``resolve(ability, effects, source, controller, play)`` resolves that: initiate's)."""
    from adjudicator.lotr.engine.keywords import stage
    from adjudicator.lotr.engine.separate_decks import draw, ruling

    from adjudicator.lotr.engine.encounter_decks import inactive

    if inactive(deck):  # nothing interacts with an inactive encounter deck
        from adjudicator.lotr.engine.scenario_events import InactiveDeckUntouched
        from adjudicator.lotr.engine.separate_decks import ruling as deck_ruling

        r.emit(InactiveDeckUntouched(deck=deck, cause=cause), (C.EFFECTS,) + cause.rules + deck_ruling(deck))
        return False
    st = state_of(r)
    busy, st.busy = st.busy, False  # revealed normally: abilities on the revealed cards trigger
    try:
        for i in range(count):
            card = draw(r, deck, (C.REVEAL,) + cause.rules)
            if card is None and empty_instead(deck) and resolve is not None:  # the deck's own rule for revealing from it empty (the Wolf deck)
                return _instead_of_revealing(r, cause, deck, play or Play(), resolve)
            if card is None:
                return refused(r, cause, f"the {deck} deck has no card left: the effect is ignored", (C.REVEAL,))
            # staged as if revealed from the encounter deck (keywords, When Revealed; Surge reveals from the encounter deck)
            stage(r, card, f"revealed from the {deck} deck by {cause.label} ({i + 1} of {count})", (C.REVEAL,) + cause.rules + ruling(deck))
    finally:
        st.busy = busy
    return True


def _instead_of_revealing(r, cause: Cause, deck: str, play: Play, resolve) -> bool:
    """A separate deck and its discard pile both empty, with a card to reveal from it: its rule's
    effects resolve instead (separate_decks.yaml ``when_empty``), citing the deck's ruling."""
    from dataclasses import replace

    from adjudicator.lotr.abilities.model import Ability
    from adjudicator.lotr.abilities.scenario_ops import data_effect
    from adjudicator.lotr.engine.separate_decks import ruling

    said = replace(cause, rules=cause.rules + ruling(deck))
    refused(r, said, f"the {deck} deck and its discard pile are empty: its rule's effect resolves instead", (C.REVEAL,))
    effects = [data_effect(e) for e in empty_instead(deck)]
    ability = Ability(said.label, 0, "forced", "", effects=tuple(effects))
    return resolve(said, ability, effects, r.g.quest, r.g.first_player, play)


STAGE_OPS = ("remove_stage", "advance_at_random", "bypass_stage", "reset_quest_deck")


def stage_effect(r, cause: Cause, op: str, e: Effect, play: Play) -> bool:
    """Resolve one of ``STAGE_OPS``; False (with a ``not-resolved`` step) when it cannot."""
    rules = (C.EFFECTS,) + cause.rules
    if op == "remove_stage":
        number = int(e.get("stage", 0))
        return quest_deck.remove_stage(r, number, rules, cause=cause) or refused(
            r, cause, f"there is no stage {number} in the quest deck to remove", (C.EFFECTS,))
    if op == "reset_quest_deck":  # stage: N, a stage the players defeated
        number = int(e.get("stage", 0))
        return quest_deck.reset_quest_deck(r, number, rules, cause=cause) or refused(
            r, cause, f"the players have defeated no stage {number} to reset the quest deck to", (C.EFFECTS,))
    st = state_of(r)
    busy, st.busy = st.busy, False  # the new stage is revealed: its When Revealed effects answer
    try:
        if op == "advance_at_random":  # the situation may name the stage drawn: targets: {the stage drawn: NAME}
            done = quest_deck.replace_stage(r, play.targets.get("the stage drawn"), rules, cause=cause)
            why = "there is no other stage of this number in the quest deck"
        else:
            done = quest_deck.bypass_stage(r, rules, cause=cause)
            why = "there is no other card in the quest deck to bypass to"
    finally:
        st.busy = busy
    return done or refused(r, cause, why, (C.EFFECTS,))
