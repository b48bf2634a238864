"""Effects on a scenario's own state (rules_db/lotr/scenario_state.yaml, engine/scenario_state.py):

    {op: tracker, tracker: the temperature, amount: 5}          raise a tracker (negative lowers)
    {op: tracker, tracker: the city strength of Dol Guldur, value: 20}   set it
    {op: tokens, token: villager, amount: 1, target: card titled Rescued Villagers}   place (negative removes)
    {op: move_tokens, token: steed, target: self, onto: card titled Captured Steeds, amount: all}
    {op: scenario_effect, name: capture steeds}                the effects a scenario's word stands for
    {op: activate_deck, deck: Goblin deck}                     an inactive encounter deck becomes the active one
    {op: face_down_enemy, player: you, from: top of discard pile, as: Reanimated Dead}   a player card as a face-down enemy
    {op: locate_test, ...} / {op: fortitude_test, ...} / {op: escape_test, ...}   a scenario's test (fortitude_test.py,
                                                               escape_test.py); a fortitude test opens an action window

Each step cites the ruling its tracker, token or word comes from."""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities import fortitude_test as fortitude
from adjudicator.lotr.abilities.choose import players, targets
from adjudicator.lotr.abilities.escape_test import escape_test
from adjudicator.lotr.abilities.grammar.amounts import amount as amount_of
from adjudicator.lotr.abilities.model import Effect
from adjudicator.lotr.abilities.responses import listener_of
from adjudicator.lotr.engine import encounter_decks, separate_decks
from adjudicator.lotr.engine import scenario_data as D
from adjudicator.lotr.engine import scenario_state as S

OPS = ("tracker", "tokens", "move_tokens", "scenario_effect", "activate_deck", "face_down_enemy", "quest_from_staging", "flip",
       "locate_test", "fortitude_test", "escape_test")


def data_effect(row: dict) -> Effect:
    """An effect written in rules_db/lotr/scenario_state.yaml, as the loader makes one."""
    return Effect(str(row["op"]), tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in row.items() if k != "op"))


def resolve(r, cause, ability, e, source, controller, play, resolve_effects) -> bool:
    op = e.op
    if op in ("locate_test", "fortitude_test", "escape_test"):
        return _test(r, cause, ability, e, source, controller, play, resolve_effects)
    rules = (C.EFFECTS,) + cause.rules
    if op == "tracker":
        name = D.tracker_named(str(e.get("tracker", "")))
        if name is None:
            return E.refused(r, cause, f"no tracker named {e.get('tracker')!r}", (C.EFFECTS,))
        if e.get("value") is not None:
            value = amount_of(r, e.get("value"), source, controller, play)
            return S.change_tracker(r, name, value=int(value or 0), why=cause.label, cites=rules, cause=cause)
        n = amount_of(r, e.get("amount", 1), source, controller, play)
        return S.change_tracker(r, name, amount=int(n or 0), why=cause.label, cites=rules, cause=cause)
    if op == "tokens":
        token = str(e.get("token"))
        found = targets(r, str(e.get("target", "self")), source, controller, play)
        if not found:
            return E.refused(r, cause, f"nothing to place {token} tokens on ({e.get('target', 'self')})", (C.EFFECTS,))
        n = int(amount_of(r, e.get("amount", 1), source, controller, play) or 0)
        for c in found:
            S.set_tokens(r, c, token, c.tokens.get(token, 0) + n, rules, cause)
        return True
    if op == "move_tokens":
        token = str(e.get("token"))
        src = targets(r, str(e.get("target", "self")), source, controller, play)
        dst = targets(r, str(e.get("onto")), source, controller, play)
        if not src or not dst:
            return E.refused(r, cause, f"no card to move {token} tokens from or onto", (C.EFFECTS,))
        raw = e.get("amount", 1)
        n = None if str(raw) == "all" else int(amount_of(r, raw, source, controller, play) or 0)
        moved = S.move_tokens(r, src[0], dst[0], token, n, rules, cause)
        return moved > 0 or E.refused(r, cause, f"{src[0].label} has no {token} token to move", rules)
    if op == "activate_deck":  # an inactive encounter deck becomes the active one (engine/encounter_decks.py)
        name = separate_decks.named(str(e.get("deck", "")))
        if name is not None and encounter_decks.activate(r, name, bool(e.get("keep_in_play", False)), rules, cause):
            return True
        return E.refused(r, cause, f"there is no inactive {e.get('deck')} to make the active encounter deck", (C.EFFECTS,))
    if op == "face_down_enemy":  # a player card turned face down as a scenario's enemy, engaged with its player
        return all([_face_down_enemy(r, cause, e, q) for q in players(r, str(e.get("player", "you")), controller, play)])
    if op == "quest_from_staging":  # a character in the staging area committed to the quest by its own text
        from adjudicator.lotr.engine.encounter_events import QuestsFromStaging

        found = [c for c in targets(r, str(e.get("target", "self")), source, controller, play) if c in r.g.staging and c.is_character]
        for c in found:
            if not c.committed:
                c.committed = True
                r.emit(QuestsFromStaging(card=c.label, willpower=c.stat("willpower"), cause=cause), rules + (C.QC_QUEST_FROM_STAGING,))
        return bool(found)
    if op == "flip":  # a double-sided encounter card in play turns to its other side; its new side answers at once
        found = targets(r, str(e.get("target", "self")), source, controller, play)
        return bool(found) and all([_flip(r, cause, c) for c in found])
    if op == "scenario_effect":
        row = D.effects().get(str(e.get("name")))
        if row is None:
            return E.refused(r, cause, f"no scenario effect named {e.get('name')!r}", (C.EFFECTS,))
        from dataclasses import replace

        said = replace(cause, rules=cause.rules + (str(row["ruling"]),))
        return resolve_effects(r, said, ability, [data_effect(x) for x in row["effects"]], source, controller, play)
    return E.refused(r, cause, f"its {op} effect is not replayed yet", (C.EFFECTS,))


def _face_down_enemy(r, cause, e, p) -> bool:
    """``p``'s card (the top of their deck or discard pile) turned face down as the scenario's enemy ``as``,
    engaged with ``p`` as if it had just engaged them from the staging area (its engagement triggers answer)."""
    from adjudicator.engine.trace import Change
    from adjudicator.lotr.engine.cards import CardDef
    from adjudicator.lotr.engine.encounter_events import EnemyEngaged
    from adjudicator.lotr.engine.state import Card

    row = D.face_down_enemies().get(str(e.get("as")))
    where = str(e.get("from", "top of deck"))
    pile = p.discard if where == "top of discard pile" else p.deck
    if row is None or not pile:
        return E.refused(r, cause, f"{p.name} has no card at the {where} to turn face down", (C.EFFECTS,))
    design = CardDef(str(row["name"]), "enemy", stats=tuple((k, int(v)) for k, v in row["figures"].items()),
                     traits=tuple(row.get("traits") or ()), inline=True)
    card = pile.pop(0)
    taken = {c.label for c in r.g.cards_in_play()} | {c.label for q in r.g.players for c in q.discard}
    label, n = f"{row['name']} ({p.name})", 1
    while label in taken:
        n += 1
        label = f"{row['name']} ({p.name})#{n}"
    enemy = Card(label, design, p.name)
    enemy.facedown = card
    p.engaged.append(enemy)
    r.emit(EnemyEngaged(enemy=label, player=p.name, how="effect", facedown=card.label, face_down_from=where, cause=cause),
           (C.EFFECTS, str(row["ruling"])) + cause.rules,
           [Change(label, "zone", f"{where} of {p.name}", f"engaged with {p.name}, face down")])
    return True


def _flip(r, cause, card) -> bool:
    """Turn ``card`` to the design on its other side (its ``back``): the same card in play, with its damage,
    tokens and attachments; then its new side's Forced effects "after it is flipped" resolve at once."""
    from adjudicator.lotr.abilities.responses import listener_of
    from adjudicator.lotr.engine.encounter_events import CardFlipped

    back = r.situation.book.get(card.card.back) if card.card.back else None
    if back is None:
        return E.refused(r, cause, f"{card.label} has no other side to flip to", (C.EFFECTS,))
    before = card.card.key or card.card.name
    card.card = back
    r.emit(CardFlipped(card=card.label, before=before, after=back.key or back.name, cause=cause),
           (C.EFFECTS, C.QC_DOUBLE_SIDED_ENEMY) + cause.rules)
    listener = listener_of(r)
    if listener is not None:
        listener.respond(r, card, "flipped", f"after {card.label} is flipped", kinds=("forced",), rules=(C.QC_DOUBLE_SIDED_ENEMY,))
    return True


def _test(r, cause, ability, e, source, controller, play, resolve_effects) -> bool:
    """A scenario's test: its failure effects resolve as the ability's own."""
    def failed(effects) -> bool:
        return resolve_effects(r, cause, ability, effects, source, controller, play)

    if e.op == "locate_test":
        return fortitude.locate_test(r, cause, e, controller, play, failed)
    if e.op == "fortitude_test":  # an action window opens after the discards, before the result
        listener = listener_of(r)
        window = (lambda: listener.action_window(r, fortitude.WINDOW, lambda: None)) if listener is not None else (lambda: None)
        return fortitude.fortitude_test(r, cause, e, controller, play, failed, window)
    return escape_test(r, cause, e, controller, play, failed)
