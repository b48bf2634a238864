"""Getting ready to play (Starter §2 and §3, Standard §2): deck and starting-company checks.

- Location deck: every Haven (Rivendell, Edhellond, Grey Havens, Lórien), any number of
  Havens, one of each other site.
- Play deck: 25 to 50 resources and as many hazards (fewer only if that is all you own);
  one copy of a unique card, three of any other, starting cards included; up to 10
  characters (one each) and up to two Wizard cards (two of the same Wizard allowed).
- Starting company: one to five characters, no Wizard, minds totalling 20 or less (no
  follower discount); up to two non-unique minor items in all.
- Standard: a sideboard of 15 cards (20 in the 3-deck game, 25 in the 4-deck game); play
  deck and sideboard together keep the copy limits.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.engine import Emitter

from . import citations as C

HAVENS = ("Rivendell", "Edhellond", "Grey Havens", "Lórien")
SIDEBOARD = {1: 15, 2: 15, 3: 20, 4: 25}


def validate_setup(game, emit: Emitter, decl: dict[str, Any], library: dict[str, dict[str, Any]]) -> dict[str, Any]:
    problems: list[dict[str, Any]] = []

    def bad(what: str, *rules: str) -> None:
        problems.append({"what": what, "rules": list(rules)})

    chars_lib = library.get("characters", {})
    unique = set(decl.get("unique", []) or [])
    wizards_known = {n for n, d in chars_lib.items() if d.get("race") == "Wizard"} | set(decl.get("wizards_known", []) or [])
    # location deck
    location = Counter(decl.get("location_deck", []) or [])
    if location:
        missing = [h for h in HAVENS if location[h] == 0]
        if missing:
            bad(f"the location deck lacks Havens: {', '.join(missing)}", C.SETUP)
        extra = [n for n, k in location.items() if n not in HAVENS and k > 1]
        if extra:
            bad(f"more than one copy of non-Haven sites: {', '.join(extra)}", C.SETUP)
    # play deck
    deck = decl.get("play_deck", {}) or {}
    resources, hazards = int(deck.get("resources", 0)), int(deck.get("hazards", 0))
    limited = bool(deck.get("limited_collection"))
    if not limited and not 25 <= resources <= 50:
        bad(f"{resources} resources: the play deck needs 25 to 50", C.SETUP)
    if resources != hazards and not limited:
        bad(f"{resources} resources but {hazards} hazards: they must be equal", C.SETUP)
    characters = list(deck.get("characters", []) or [])
    wizards = list(deck.get("wizards", []) or [])
    if len(characters) > 10:
        bad(f"{len(characters)} characters in the play deck: at most 10", C.SETUP)
    dup = [n for n, k in Counter(characters).items() if k > 1]
    if dup:
        bad(f"characters included more than once: {', '.join(dup)}", C.SETUP, C.UNIQUE_CARDS)
    if len(wizards) > 2:
        bad(f"{len(wizards)} Wizard cards: at most two", C.SETUP, C.UNIQUE_CARDS)
    # starting company
    starting = list(decl.get("starting_characters", []) or [])
    names = [s if isinstance(s, str) else s.get("name") for s in starting]
    if starting and not 1 <= len(starting) <= 5:
        bad(f"{len(starting)} starting characters: one to five", C.SETUP)
    minds = 0
    for entry in starting:
        data = {**chars_lib.get(entry, {})} if isinstance(entry, str) else {**chars_lib.get(entry.get("name"), {}), **entry}
        name = entry if isinstance(entry, str) else entry.get("name")
        if data.get("race") == "Wizard" or name in wizards_known:
            bad(f"{name} is a Wizard and cannot start the game", C.SETUP)
        minds += int(data.get("mind") or 0)
    if minds > 20:
        bad(f"starting characters' minds total {minds}: at most 20 (followers do not reduce it)", C.SETUP, C.SETUP_NO_FOLLOWERS)
    minors = list(decl.get("minor_items", []) or [])
    if len(minors) > 2:
        bad(f"{len(minors)} starting minor items: at most two in all", C.SETUP)
    uniq_minor = [m for m in minors if m in unique]
    if uniq_minor:
        bad(f"starting minor items must be non-unique: {', '.join(uniq_minor)}", C.SETUP)
    # copy limits over play deck, starting cards and (Standard) sideboard
    copies: Counter = Counter(deck.get("cards", {}) or {})
    copies.update(Counter(characters))
    copies.update(Counter(names))
    copies.update(Counter(minors))
    side = decl.get("sideboard", {}) or {}
    side_cards = Counter(side.get("cards", {}) or {})
    if side_cards:
        if not game.options.standard:
            bad("a sideboard is a Standard rule", C.SIDEBOARD)
        limit = SIDEBOARD.get(int(decl.get("game_length", 1)), 15)
        if sum(side_cards.values()) > limit:
            bad(f"a sideboard of {sum(side_cards.values())} cards: at most {limit}", C.SIDEBOARD)
        copies.update(side_cards)
    for name, count in copies.items():
        is_unique = name in unique or name in chars_lib or name in characters or name in names
        if name in wizards:
            continue
        if is_unique and count > 1:
            bad(f"{name}: {count} copies of a unique card (starting cards included)", C.UNIQUE_CARDS, C.SETUP_COUNTS)
        elif count > 3:
            bad(f"{name}: {count} copies, at most three", C.SETUP, C.SETUP_COUNTS)
    for name, count in Counter(wizards).items():
        if count > 2:
            bad(f"{name}: {count} copies of the Wizard, at most two", C.UNIQUE_CARDS)
    player = decl.get("player", "")
    cites = [C.SETUP, C.UNIQUE_CARDS] + ([C.SIDEBOARD] if side_cards else [])
    emit("setup", f"{player}: " + ("decks and starting company are legal" if not problems
                                   else "; ".join(p["what"] for p in problems)), cites, step="setup", phase="setup")
    return {"legal": not problems, "problems": problems}
