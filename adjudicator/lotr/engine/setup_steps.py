"""The game's setup (Rules Reference: Setup), replayed step by step before round 1 when a
situation says ``start: setup``.

The Rules Reference lists seven steps; each writes trace lines citing its rule:

1. shuffle decks: every player deck and the encounter deck, not the quest deck.  The
   order is the situation's lists as given (``deck_order: listed``: the lists are the
   outcome of the shuffle) or drawn from the seed (``deck_order: seed``, the default);
   the trace says which;
2. place heroes and set each player's initial threat: the sum of their heroes' threat costs;
3. the token bank (nothing to replay: tokens are not counted);
4. the first player: a group decision, so the situation names it (``first_player:``),
   else the replay stops and asks (one player: that player);
5. each player draws a setup hand of 6, then decides on a mulligan (a decision,
   ``{step: setup, player, mulligan: true|false}``): the hand is shuffled back and 6 new
   cards drawn, which the player must keep;
6. the quest cards in sequence (by card number, stage 1 on top);
7. the first quest card's setup instructions (card abilities on: the hook
   ``setup_instructions``, `hooks.Hooks`), resolved in full (FAQ 1.19: When Revealed effects and
   keywords resolve; responses are possible; no actions).

Then the end of Setup: the quest card is flipped to side B and its When Revealed effects
resolve (`setup.round_begins`, at 0.0), and round 1 begins.
"""

from __future__ import annotations

import random

from adjudicator.engine.decisions import Option
from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.events import (DeckShuffled, FirstPlayerChosen, HeroesPlaced, Mulligan, QuestCardsSet, SearchedEncounterShuffled,
                                            SetupBegins, SetupHandDrawn, SetupInstructions, TokenBank)
from adjudicator.lotr.engine.state import Card, Player

SETUP = "setup"
HAND_SIZE = 6

LISTED_ORDER = Interpretation(
    "listed decks are the shuffled order",
    C.SETUP,
    "a situation that lists its decks with deck_order: listed records the order the table's shuffle produced, top first",
)
SEEDED_ORDER = Interpretation(
    "a shuffle follows the situation's seed",
    C.SETUP,
    "the replay cannot shuffle at a table: the same seed always gives the same order, and the trace says so",
)
MULLIGAN_SHUFFLE = Interpretation(
    "a mulligan's reshuffle follows the situation's seed",
    C.MULLIGAN,
    "a situation lists one order of each deck; the order after a mulligan comes from the seed",
)
SEARCH_SHUFFLE = Interpretation(
    "the encounter deck is shuffled after the setup instructions searched it",
    C.FAQ_SEARCH,
    "a searched deck is shuffled afterwards: the replay shuffles it as soon as the search has taken out what it found, "
    "before those cards are placed or revealed, with the setup's own shuffle",
)


def run_setup(r: Replay) -> None:
    """The seven setup steps, in the Rules Reference's order; decisions the rules leave to
    the players and that the situation does not give stop the replay (exit 3)."""
    g = r.g
    g.phase, g.step = "setup", SETUP
    r.reached.setdefault(SETUP, set()).add(g.round)
    r.emit(SetupBegins(), (C.SETUP, C.FAQ_SETUP_EFFECTS))
    shuffle_decks(r)
    place_heroes(r)
    token_bank(r)
    first_player(r)
    setup_hands(r)
    mulligans(r)
    set_quest_cards(r)
    setup_instructions(r)
    r.searched_encounter_shuffle = None  # after setup, a search's shuffle is the card module's own
    r.situation.flip_quest = True  # the end of Setup: flipped at 0.0 (setup.round_begins)
    g.phase, g.step = "round", "0.0"


# -- 1. shuffle decks ---------------------------------------------------------------------


def _rng(r: Replay, what: str) -> random.Random:
    return random.Random(f"setup:{r.g.seed}:{what}")


def _shuffle(r: Replay, cards: list[Card], what: str) -> None:
    if r.situation.deck_order != "listed":
        _rng(r, what).shuffle(cards)


def _top(cards: list[Card], n: int = 3) -> str:
    if not cards:
        return "empty"
    shown = ", ".join(c.label for c in cards[:n])
    return f"{len(cards)} cards, top: {shown}{', ...' if len(cards) > n else ''}"


def shuffle_decks(r: Replay) -> None:
    """Setup 1: every player deck and the encounter deck are shuffled; the quest deck is not."""
    listed = r.situation.deck_order == "listed"
    how = "in the order the situation lists them (deck_order: listed)" if listed else f"in an order drawn from the seed {r.g.seed}"
    rules = (C.SETUP, C.QC_SHUFFLE_DECKS)
    for p in r.g.players:
        _shuffle(r, p.deck, f"deck:{p.name}")
        r.emit(DeckShuffled(player=p.name, how=how, top=_top(p.deck)), rules + (C.PLAYER_DECK,),
               interpretation=LISTED_ORDER if listed else SEEDED_ORDER)
    _shuffle(r, r.g.encounter_deck, "encounter")
    r.emit(DeckShuffled(how=how, top=_top(r.g.encounter_deck)), rules + (C.ENCOUNTER_DECK,),
           interpretation=LISTED_ORDER if listed else SEEDED_ORDER)


# -- 2. heroes and initial threat -----------------------------------------------------------


def place_heroes(r: Replay) -> None:
    """Setup 2: each player's heroes go into their play area; their initial threat level
    is the sum of the heroes' threat costs."""
    for p in r.g.players:
        costs = [(h.label, h.card.stat("threat_cost") or 0) for h in p.heroes]
        total = sum(cost for _, cost in costs)
        p.threat = total
        r.emit(HeroesPlaced(player=p.name, heroes=tuple(costs), threat=total),
               (C.SETUP, C.INITIAL_THREAT, C.QC_PLACE_HEROES, C.HERO_CARDS), [change(p.name, "threat", 0, total)])


# -- 3. token bank ----------------------------------------------------------------------------


def token_bank(r: Replay) -> None:
    r.emit(TokenBank(), (C.SETUP, C.QC_TOKEN_BANK))


# -- 4. first player --------------------------------------------------------------------------


def first_player(r: Replay) -> None:
    """Setup 4: the players choose the first player (a group decision; at random if they
    cannot agree): named by the situation, else asked."""
    g = r.g
    rules = (C.SETUP, C.FIRST_PLAYER, C.QC_FIRST_PLAYER)
    if len(g.players) == 1:
        g.first = 0
        how = "the only player"
    elif r.situation.first_player_given:
        how = "named by the situation (first_player:)"
    else:
        r.ask("first_player", "Setup 4: who is the first player? The players decide together (at random if they cannot agree); "
              f"answer with the top-level key first_player: (e.g. first_player: {g.players[0].name}), not a decision entry",
              [Option(p.name, p.name, rules) for p in g.players], rules)
        return
    r.emit(FirstPlayerChosen(player=g.first_player.name, how=how),
           rules, [change("game", "first_player", None, g.first_player.name)])


# -- 5. setup hands and mulligans ---------------------------------------------------------------


def _draw(p: Player, n: int) -> list[Card]:
    drawn = p.deck[:n]
    del p.deck[:n]
    p.hand.extend(drawn)
    return drawn


def setup_hands(r: Replay) -> None:
    """Setup 5: each player draws a hand of 6 from their own deck."""
    for p in r.g.in_player_order():
        drawn = _draw(p, HAND_SIZE)
        r.emit(SetupHandDrawn(player=p.name, cards=tuple(c.label for c in drawn), hand_size=HAND_SIZE),
               (C.SETUP, C.DRAWING, C.QC_SETUP_HAND), [change(p.name, "hand", 0, len(drawn))])


def mulligans(r: Replay) -> None:
    """Setup 5: each player, in player order, keeps the setup hand or takes one mulligan:
    the hand is shuffled back into the deck and 6 new cards drawn, which they must keep."""
    rules = (C.SETUP, C.MULLIGAN, C.QC_SETUP_HAND)
    for p in r.g.in_player_order():
        if not p.hand:
            r.emit(Mulligan(player=p.name), rules)
            continue
        entry = r.take((SETUP,), "mulligan", p.name)
        if entry is None:
            r.ask("mulligan", f"Setup 5: does {p.name} keep the setup hand ({', '.join(c.label for c in p.hand)}) or take a mulligan "
                              "(shuffle it back and draw 6 new cards, which must be kept)?",
                  [Option(False, "keep the setup hand", rules), Option(True, "take a mulligan", rules)], rules, player=p.name,
                  example={"step": SETUP, "player": p.name, "mulligan": False})
            return
        if not entry.get("mulligan"):
            r.emit(Mulligan(player=p.name, kept=True), rules)
            continue
        old = [c.label for c in p.hand]
        p.deck.extend(p.hand)
        p.hand.clear()
        _rng(r, f"mulligan:{p.name}").shuffle(p.deck)
        drawn = _draw(p, HAND_SIZE)
        r.emit(Mulligan(player=p.name, old=tuple(old), drawn=tuple(c.label for c in drawn), seed=r.g.seed), rules + (C.DRAWING,),
               [change(p.name, "hand", old, [c.label for c in drawn])], interpretation=MULLIGAN_SHUFFLE)


# -- 6. quest cards ------------------------------------------------------------------------------


def set_quest_cards(r: Replay) -> None:
    """Setup 6: the quest cards in sequence, stage 1 on top (by card number, side A up)."""
    g = r.g
    rules = (C.SETUP, C.QUEST_DECK, C.QC_SET_QUEST_CARDS)
    stages = ([g.quest] if g.quest is not None else []) + list(g.quest_deck)
    if not stages:
        r.emit(QuestCardsSet(stages=()), rules)
        return
    ordered = sorted(stages, key=lambda c: c.card.number if c.card.number is not None else 10_000)
    moved = [c.label for c in ordered] != [c.label for c in stages]
    g.quest, g.quest_deck = ordered[0], ordered[1:]
    r.emit(QuestCardsSet(stages=tuple(c.label for c in ordered), moved=moved, encounter=len(g.encounter_deck)),
           rules, [change("quest", "stage", None, g.quest.label)])


# -- 7. setup instructions ------------------------------------------------------------------------


def setup_instructions(r: Replay) -> None:
    """Setup 7: the first quest card's setup instructions, followed before it is flipped;
    card effects triggered now resolve in full (FAQ 1.19)."""
    g = r.g
    rules = (C.SETUP, C.QC_SETUP_INSTRUCTIONS, C.FAQ_SETUP_EFFECTS)
    stage = g.quest
    if stage is None:
        r.emit(SetupInstructions(status="no-stage"), rules)
        return
    r.searched_encounter_shuffle = shuffle_searched_encounter_deck
    if not r.hooks.replays_card_text:
        status = "not-replayed" if r.hooks.has_setup_instructions(stage) else "no-text"
        r.emit(SetupInstructions(stage=stage.label, status=status), rules)
        return
    r.emit(SetupInstructions(stage=stage.label, status="followed"), rules)
    if not r.hooks.setup_instructions(r, stage):
        r.emit(SetupInstructions(stage=stage.label, status="none"), rules)


def shuffle_searched_encounter_deck(r: Replay, by: str) -> None:
    """The encounter deck searched by a setup instruction is shuffled at once (FAQ 1.21):
    the setup's shuffle (``deck_order``).  The search itself (``search.search_to_staging``)
    calls this through ``r.searched_encounter_shuffle``, set for step 7 only."""
    listed = r.situation.deck_order == "listed"
    count = r.setup_searches
    r.setup_searches = count + 1
    _shuffle(r, r.g.encounter_deck, "encounter:after-search" + (f":{count + 1}" if count else ""))
    how = "the situation's listed order stands for it (deck_order: listed)" if listed else f"order from the seed {r.g.seed}"
    r.emit(SearchedEncounterShuffled(by=by, how=how, top=_top(r.g.encounter_deck)),
           (C.FAQ_SEARCH, C.SETUP), interpretation=SEARCH_SHUFFLE)
