"""Threat, player elimination, winning and losing, and the score.

- a player whose threat reaches 50 is eliminated at once (Threat Elimination Level;
  FAQ 1.57), as is a player with no heroes left (Player Elimination) -- in Escape from
  Dol Guldur, a player whose only hero left is the face-down prisoner too (FAQ Q26);
- an eliminated player's hand, the cards they control and their deck go to their owners'
  discard piles: a player card to its owner's, an encounter card (a claimed objective, an
  encounter attachment) to the encounter discard pile; the prisoner goes with its player
  to its owner's discard pile, its attachments to theirs (an interpretation: the Player
  Elimination entry does not name face-down cards);
- engaged enemies go back to the staging area with their damage, except a face-down Orc
  Guard (Out of the Dungeons, Tower Gate), whose card goes to its owner's discard pile
  instead (erratum of Core 125); the first player token passes on at once if it was
  theirs (First Player; FAQ 1.30);
- the game is lost when every player is eliminated, and in Escape from Dol Guldur as soon
  as the prisoner's player is eliminated (FAQ Q26: the group has lost; the ruling is given
  for a player whose other heroes are destroyed, and the replay applies it whatever
  eliminated them, since the prisoner can no longer be rescued); it is won when at least
  one player survives the completion of the last quest stage (Winning the Game).
"""

from __future__ import annotations

from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.cards import PLAYER_TYPES
from adjudicator.lotr.engine.context import GameOver, Replay, change
from adjudicator.lotr.engine.controlled_locations import back_to_staging
from adjudicator.lotr.engine.hidden_cards import discard_with_player
from adjudicator.lotr.engine.events import (EliminationLevelChanged, FirstPlayerPasses, GameLost, GameWon, NotEliminated, PlayerEliminated,
                                           ThreatChanged)
from adjudicator.lotr.engine.state import Card, Player

ELIMINATION_THREAT = 50
# FAQ 1.9 Q26 (a player left with only the prisoner is eliminated, and the group loses) and
# the erratum of Out of the Dungeons (Core 125).
FAQ_Q_PRISONER_ELIMINATION = C.FAQ_Q_PRISONER_ELIMINATION
ERRATA_FACEDOWN_ORC_GUARD = C.ERRATA_FACEDOWN_ORC_GUARD

PRISONER_TO_DISCARD = Interpretation(
    "the prisoner leaves with its player",
    C.PLAYER_ELIMINATION,
    "the face-down prisoner is still the eliminated player's card: it goes to its owner's discard pile with the rest",
)
PRISONER_LOST_LOSES = Interpretation(
    "the group loses when the prisoner's player is eliminated",
    FAQ_Q_PRISONER_ELIMINATION,
    "FAQ Q26 rules on a player whose other heroes are destroyed; the prisoner leaves the game with any eliminated player "
    "and can no longer be rescued, so the replay applies the same loss",
)


def raise_threat(r: Replay, player: Player, amount: int, cites: tuple[str, ...], why: str, cause=None) -> None:
    """Raise (or, with a negative amount, lower) a player's threat; check elimination.
    ``cause``: the card ability doing it (`events.Cause`), None for a rule."""
    if player.eliminated or amount == 0:
        return
    before = player.threat
    after = max(0, before + amount)
    player.threat = after
    extra = (C.FAQ_Q_THREAT_NOT_BELOW_ZERO,) if before + amount < 0 else ()
    r.emit(ThreatChanged(player=player.name, before=before, after=after, why=why, cause=cause), cites + extra,
           [change(player.name, "threat", before, after)])
    if after >= player.elimination_level:
        # the dial decides, whatever a card says the threat counts as (FAQ 1.57)
        regardless = (C.FAQ_THREAT_ELIMINATION,) if player.threat_set else ()
        eliminate(r, player, f"threat {after} reached {player.elimination_level}", (C.THREAT_ELIMINATION, C.PLAYER_ELIMINATION) + regardless)


def lower_elimination_level(r: Replay, player: Player, amount: int, cites: tuple[str, ...], why: str, cause=None) -> None:
    """A card lowers (``amount`` < 0) or raises a player's threat elimination level for the rest
    of the game; a player whose threat is at or above the new level is eliminated at once."""
    if player.eliminated or amount == 0:
        return
    before = player.elimination_level
    player.elimination_level = max(0, before + amount)
    r.emit(EliminationLevelChanged(player=player.name, before=before, after=player.elimination_level, why=why, cause=cause),
           cites + (C.THREAT_ELIMINATION,), [change(player.name, "threat elimination level", before, player.elimination_level)])
    if player.threat >= player.elimination_level:
        eliminate(r, player, f"threat {player.threat} is at or above the threat elimination level {player.elimination_level}",
                  (C.THREAT_ELIMINATION, C.PLAYER_ELIMINATION))


def check_heroes(r: Replay, player: Player) -> None:
    if player.eliminated or player.heroes:
        return
    lent = tuple(h.label for q in r.g.players if q is not player and not q.eliminated for h in q.heroes if h.owner == player.name)
    if lent:  # a hero of theirs in play under another player's control (Desperate Alliance): still in the game
        r.emit(NotEliminated(player=player.name, lent=lent), (C.PLAYER_ELIMINATION, C.FAQ_Q_LENT_HERO))
        return
    in_deck = tuple(c.label for c in player.deck if c.type == "hero")
    if in_deck:  # shuffled into their deck (Lost and Alone): not killed, back when drawn (FAQ Q38)
        r.emit(NotEliminated(player=player.name, in_deck=in_deck), (C.PLAYER_ELIMINATION, C.FAQ_Q_LOST_HERO))
        return
    if player.prisoners:  # Escape from Dol Guldur: the face-down prisoner does not keep its player in the game
        held = ", ".join(c.label for c in player.prisoners)
        eliminate(r, player, f"no hero left but the prisoner {held}, face down", (C.PLAYER_ELIMINATION, FAQ_Q_PRISONER_ELIMINATION))
        return
    eliminate(r, player, "no heroes left", (C.PLAYER_ELIMINATION,))


def _discard_to_owner(r: Replay, player: Player, card: Card) -> str:
    """Put a card of an eliminated player in its owner's discard pile; returns where."""
    g = r.g
    card.exhausted = card.committed = False
    if card.owner == "encounter" or card.type not in PLAYER_TYPES:
        g.encounter_discard.insert(0, card)
        return "the encounter discard pile"
    owner = g.player(card.owner) or player
    owner.discard.insert(0, card)
    return f"{owner.name}'s discard pile"


def eliminate(r: Replay, player: Player, why: str, cites: tuple[str, ...]) -> None:
    g = r.g
    player.eliminated = True
    changes = [change(player.name, "eliminated", False, True)]
    moved = []
    count = 0
    held = list(player.prisoners)
    for c in player.heroes + player.allies + held:
        for a in c.attachments:
            if r.hooks.leave_play_instead(r, a, f"with {player.name}'s cards", (C.PLAYER_ELIMINATION,)):
                count += 1
                continue
            where = _discard_to_owner(r, player, a)
            if where != f"{player.name}'s discard pile":
                changes.append(change(a.label, "zone", f"attached to {c.label}", where))
            count += 1
        c.attachments = []
        c.damage = 0
        where = _discard_to_owner(r, player, c)
        if c in held:
            changes.append(change(c.label, "zone", f"{player.name}'s prisoner, face down", where))
        count += 1
    for c in player.hand + player.deck:
        _discard_to_owner(r, player, c)
        count += 1
    if count:
        changes.append(change(player.name, "cards to discard pile", count, 0))
    player.heroes, player.allies, player.hand, player.deck, player.prisoners = [], [], [], [], []
    guards = []
    for e in player.engaged:
        facedown = e.facedown
        if facedown is not None:  # a face-down Orc Guard: its card goes to its owner's discard pile instead
            where = _discard_to_owner(r, player, facedown)
            guards.append(e.label)
            changes.append(change(e.label, "zone", f"engaged with {player.name}", where))
            continue
        g.staging.append(e)
        moved.append(e.label)
        changes.append(change(e.label, "zone", f"engaged with {player.name}", "staging area"))
    player.engaged = []
    hidden = discard_with_player(r, player)  # face-down hidden cards: to the encounter discard pile
    if hidden:
        changes.append(change(player.name, "hidden cards to the encounter discard pile", len(hidden), 0))
        cites += (C.QC_HIDDEN_CARDS,)
    if guards:
        cites += (ERRATA_FACEDOWN_ORC_GUARD,)
    r.emit(PlayerEliminated(player=player.name, why=why, prisoners=tuple(c.label for c in held), to_staging=tuple(moved),
                            facedown_guards=tuple(guards)),
           cites + (C.PLAYER_ELIMINATION,), changes, PRISONER_TO_DISCARD if held else None)
    for loc in list(player.locations):  # the locations the player controlled go back to the staging area
        back_to_staging(r, loc, (C.PLAYER_ELIMINATION,), eliminated=True)
    if held:
        _prisoner_lost(r, player, held, why_q26=FAQ_Q_PRISONER_ELIMINATION in cites)
    # with separate staging areas the players at the other areas are still in (engine/staging_areas.py)
    remaining = [p for p in (g.everyone or g.players) if not p.eliminated]
    if not remaining:
        g.outcome = "lost"
        r.emit(GameLost(), (C.PLAYER_ELIMINATION, C.WINNING), [change("game", "outcome", None, "lost")])
        raise GameOver()
    seats = g.everyone or g.players  # the whole table, also while a phase resolves at one staging area
    first = g.home_first if g.everyone else g.first
    if seats[first] is player:
        before = player.name
        n = len(seats)
        for i in range(1, n + 1):
            cand = seats[(first + i) % n]
            if not cand.eliminated:
                first = (first + i) % n
                break
        if g.everyone:
            g.home_first = first
        else:
            g.first = first
        r.emit(
            FirstPlayerPasses(before=before, after=seats[first].name, at_once=True),
            (C.FIRST_PLAYER, C.FAQ_FIRST_PLAYER_ELIMINATION),
            [change("first player", "token", before, seats[first].name)],
        )


def _prisoner_lost(r: Replay, player: Player, held: list[Card], why_q26: bool) -> None:
    """Escape from Dol Guldur: the prisoner's player is eliminated, so the group has lost (FAQ Q26)."""
    r.g.outcome = "lost"
    r.emit(
        GameLost(player=player.name, prisoners=tuple(c.label for c in held)),
        (FAQ_Q_PRISONER_ELIMINATION, C.PLAYER_ELIMINATION, C.WINNING),
        [change("game", "outcome", None, "lost")],
        None if why_q26 else PRISONER_LOST_LOSES,
    )
    raise GameOver()


def lose(r: Replay, why: str, cites: tuple[str, ...], cause=None, interpretation: Interpretation | None = None) -> None:
    """The players lose as a group at once: a card's own condition of defeat (an objective-ally
    whose leaving play loses the game), a scenario's tracker -- whatever players are still in
    (Winning the Game)."""
    r.g.outcome = "lost"
    r.emit(GameLost(why=why, cause=cause), cites + (C.WINNING,), [change("game", "outcome", None, "lost")], interpretation)
    raise GameOver()


def win(r: Replay, why: str, cites: tuple[str, ...] = ()) -> None:
    r.g.outcome = "won"
    r.emit(GameWon(why=why), (C.WINNING,) + cites, [change("game", "outcome", None, "won")])
    raise GameOver()


def score(g) -> dict:
    """The score (lower is better): threat (50 for an eliminated player) + threat cost of
    dead heroes + damage on surviving heroes + 10 per completed round - victory points."""
    threat = sum(ELIMINATION_THREAT if p.eliminated else p.threat for p in g.players)
    dead = sum(c.card.stat("threat_cost") or 0 for p in g.players for c in p.discard if c.type == "hero")
    damage = sum(h.damage for p in g.players if not p.eliminated for h in p.heroes)
    victory = sum(c.keyword("victory") for c in g.victory_display)
    total = threat + dead + damage + 10 * g.rounds_completed - victory
    return {
        "threat": threat,
        "dead_heroes": dead,
        "damage_on_heroes": damage,
        "rounds": g.rounds_completed,
        "victory_points": victory,
        "total": total,
    }
