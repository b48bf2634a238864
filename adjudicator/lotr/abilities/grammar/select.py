"""A parsed `Target` evaluated on the table: the players it is about, the cards it can name
(`matching`), and who picks when it is a choice (Rules Reference: The word "Choose";
Controller; Defending Player; FAQ 1.03, 1.52).

``you`` is the ability's controller (for a shadow effect, the defending player: Defending
Player; FAQ 1.52); ``chosen`` the players or cards the play chose.
"""

from __future__ import annotations

from adjudicator.lotr.abilities.grammar.targets import Target
from adjudicator.lotr.engine.defenders import in_play_defenders
from adjudicator.lotr.engine.state import Card, Player
from adjudicator.lotr.engine.unengaged_attacks import attacking_cards


def _attack(r) -> dict | None:
    return r.attack


def defending_player(r, play=None, controller: Player | None = None) -> Player | None:
    attack = _attack(r)
    if attack and attack.get("player") is not None:
        return attack["player"]
    name = (play.targets.get("defending player") if play is not None else None)
    if isinstance(name, str) and r.g.player(name) is not None:
        return r.g.player(name)
    return controller


def engaged_player(r, source: Card | None) -> Player | None:
    for p in r.g.players:
        if source is not None and any(c is source for c in p.engaged):
            return p
    return None


def scope(r, t: Target, source: Card | None, controller: Player | None, play=None) -> list[Player]:
    """The players whose cards the phrase looks at (every player when it names none)."""
    g = r.g
    everyone = list(g.in_player_order())
    who = t.controller
    if who == "you":
        return [controller] if controller is not None else []
    if who == "first":
        return [g.first_player]
    if who == "chosen":
        names = list(play.chosen) if play is not None else []
        return [p for p in everyone if p.name in names]
    if who == "defending":
        p = defending_player(r, play, controller)
        return [p] if p is not None else []
    if who == "engaged":
        p = engaged_player(r, source) or defending_player(r, play, controller)
        return [p] if p is not None else []
    if who == "highest threat":
        top = max((p.threat_value for p in everyone), default=0)
        return [p for p in everyone if p.threat_value == top]
    if who == "threat at least":
        return [p for p in everyone if p.threat_value >= t.threshold]
    if who == "another":
        return [p for p in everyone if p is not controller]
    return everyone


def _kind_ok(c: Card, kinds: tuple[str, ...]) -> bool:
    if not kinds or "card" in kinds:
        return True
    if "character" in kinds and c.is_character:
        return True
    if getattr(c, "type_as", ""):  # a type a constant ability gives it instead of its printed one (Sword-thain)
        return c.type_as in kinds
    return any(c.card.is_a(kind) for kind in kinds)  # an objective-ally is an objective and an ally


def _defenders(r) -> list[Card]:
    return list(in_play_defenders(r)) if _attack(r) else []


def _attacking(r) -> list[Card]:
    return [c for c in attacking_cards(r) if c.type == "enemy"]


def _pool(r, t: Target, players: list[Player], source: Card | None, controller: Player | None = None) -> list[Card]:
    """The cards in the phrase's zones (in play when it names none), of its players."""
    g = r.g
    zones = t.zones or ("play",)
    out: list[Card] = []

    def add(cards):
        for c in cards:
            if all(c is not x for x in out):
                out.append(c)

    if t.holder == "defending character":
        add(a for d in _defenders(r) for a in d.attachments)
        return out
    for zone in zones:
        if zone == "play":
            scoped = bool(t.controller)
            add(c for p in players for c in p.characters)
            if scoped:
                add(c for p in players for c in p.engaged)
                add(c for p in players for c in p.locations)
                add(a for p in players for c in p.characters for a in c.attachments)
            else:
                add(c for c in g.cards_in_play())
                add(a for c in g.cards_in_play() for a in c.attachments)
        elif zone == "staging":
            add(g.staging)
        elif zone == "set aside":  # out of play, set aside by the scenario until a card calls it
            add(g.set_aside)
        elif zone == "victory display":
            add(g.victory_display)
        elif zone == "engaged":
            add(c for p in players for c in p.engaged)
        elif zone == "engaged elsewhere":
            add(c for p in g.in_player_order() for c in p.engaged if p is not controller)
        elif zone == "hand":
            add(c for p in players for c in p.hand)
        elif zone == "discard":
            if "top" in t.qualifiers:
                for p in players:
                    top = next((c for c in p.discard if _kind_ok(c, t.kinds)), None)
                    if top is not None:
                        add([top])
            else:
                add(c for p in players for c in p.discard)
    return out


def _attached(r, c: Card, t: Target) -> bool:
    """A card attached to another is an attachment (FAQ 1.23: an attached objective is also an
    attachment, a claimed Dungeon Torch; an attached treachery only one, Caught in a Web).  A
    player controls a claimed objective (FAQ 1.07), never an encounter attachment (FAQ 1.06):
    a phrase naming a controller leaves those out."""
    if "attachment" not in t.kinds or (t.controller and c.type != "objective"):
        return False
    return any(any(c is a for a in x.attachments) for x in r.g.cards_in_play())


def _qualifies(r, c: Card, t: Target, source: Card | None, controller: Player | None, play) -> bool:
    card = c.card
    if not _kind_ok(c, t.kinds) and not _attached(r, c, t):
        return False
    if t.traits and (not any(c.has_trait(tr) for tr in t.traits) if t.any_trait else any(not c.has_trait(tr) for tr in t.traits)):
        return False
    if any((card.sphere or "").lower() != s.lower() for s in t.spheres):
        return False
    if any(not c.keyword(k.lower()) for k in t.keywords):
        return False
    for q in t.qualifiers:
        if q == "exhausted" and not c.exhausted:
            return False
        if q == "ready" and c.exhausted:
            return False
        if q == "damaged" and not c.damage:
            return False
        if q == "undamaged" and c.damage:
            return False
        if q == "committed" and not c.committed:
            return False
        if q == "unique" and not card.unique:
            return False
        if q == "non-unique" and card.unique:
            return False
        if q.startswith("printed ") and (card.sphere or "neutral") != q.removeprefix("printed "):
            return False
        if q == "not neutral" and (card.sphere or "neutral") == "neutral":
            return False
        if q in ("other", "different") and c is source:
            return False
        if q == "unclaimed" and c.type != "objective":
            return False
        if q == "attacking" and all(c is not a for a in _attacking(r)):
            return False
        if q == "engagement cost above your threat" and not (controller is not None and c.stat("engagement_cost") > controller.threat_value):
            return False
        if q == "no victory points" and c.keyword("victory"):
            return False
        if q == "face-down" and getattr(c, "facedown", None) is None:  # a player card engaged face down (an Orc Guard)
            return False
        if q == "unconscious" and not c.tokens.get("unconscious"):  # poisoned unconscious (Flies and Spiders)
            return False
        if q in ("attacked by self", "attacked by attached") and not _attacked_by(r, q, source):
            return False
    if t.cost == "X" and play is not None and getattr(play, "x", 0):
        if c.card.stat("cost") != play.x:
            return False
    elif t.cost not in ("", "X") and c.card.stat("cost") != int(t.cost):
        return False
    return True


def _attacked_by(r, q: str, source: Card | None) -> bool:
    """"an enemy he attacked": the source (or, "the attached hero attacked", its host) is an
    attacker of the attack being resolved."""
    attackers = (_attack(r) or {}).get("attackers") or ()
    who = source
    if q == "attacked by attached":
        who = next((c for c in r.g.cards_in_play() if source is not None and any(source is a for a in c.attachments)), None)
    return who is not None and any(who is a for a in attackers)


def qualifies(r, c: Card, t: Target, source: Card | None, controller: Player | None, play=None) -> bool:
    """Whether ``c`` is of the phrase's kind, traits, spheres, keywords and qualifiers (its
    zone and controller aside: a card that has just left play)."""
    return _qualifies(r, c, t, source, controller, play)


def matching(r, t: Target, source: Card | None, controller: Player | None, play=None) -> list[Card]:
    """Every card the selection names on the table (before any choice among them)."""
    players = scope(r, t, source, controller, play)
    if t.controller == "" and t.zones and set(t.zones) <= {"hand", "discard"}:
        players = list(r.g.in_player_order())
    found = [c for c in _pool(r, t, players, source, controller) if _qualifies(r, c, t, source, controller, play)]
    most = next((q[len("most "):] for q in t.qualifiers if q.startswith("most ")), "")
    if most and found:  # a superlative: only the cards with the most (all of them on a tie, 0 included: FAQ Q48)
        top = max(_measure(c, most) for c in found)
        found = [c for c in found if _measure(c, most) == top]
    return found


def _measure(c: Card, what: str) -> int:
    """What a superlative ("with the most damage", "with the highest engagement cost") compares."""
    if what == "damage":
        return c.damage
    if what == "resources":
        return c.resources
    if what == "progress":
        return c.progress
    if what == "attachments":
        return len(c.attachments)
    return c.stat(what)


def picker(r, t: Target, player: Player | None, play=None) -> Player | None:
    """The player who picks among their own cards (FAQ 1.52: for a shadow effect, the
    defending player): "you control", "you choose", "the defending player chooses"."""
    if t.chooser in ("defending", "engaged") or t.controller == "defending":
        attack = _attack(r)
        if attack and attack.get("player") is not None:
            return attack["player"]
    if t.chooser == "you" or t.controller == "you" or (t.zones and t.controller == "you"):
        return player
    return None
