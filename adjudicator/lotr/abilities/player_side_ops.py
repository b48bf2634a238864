"""The effect primitives the player-side rulings brought (FAQ 1.9 and the Quest Companion),
dispatched from `initiate.resolve_effect`; each is implemented in the module named after its
rulebook concept: discarding resources (`resource_discard`), a location made active
(`active_location`), a phase ended at once, lending a hero (`lending`), spending on another
sphere (`spending`), playing at no cost (`no_cost_play`), cards counted as several or paying
for a trait (read where counting and paying happen), out of play (`out_of_play`) and poison
(`poison`)."""

from __future__ import annotations

from adjudicator.lotr.abilities import blank_text, lending, out_of_play, poison, spending
from adjudicator.lotr.abilities.active_location import make_active
from adjudicator.lotr.abilities.choose import Play, players, targets
from adjudicator.lotr.abilities.effects import state_of
from adjudicator.lotr.abilities.model import Ability, Effect
from adjudicator.lotr.abilities.no_cost_play import play_top_card
from adjudicator.lotr.abilities.resource_discard import discard_resources
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card, Player

PLAYER_SIDE_OPS = ("blank", "discard_resources", "make_active", "end_phase", "lend", "spend_on_sphere", "count_as", "pays_for",
                   "play_at_no_cost", "out_of_play", "poison")


def player_side(r, cause: Cause, ability: Ability, e: Effect, source: Card, controller: Player, play: Play) -> bool:
    op, t, amount = e.op, str(e.get("target", "self")), e.get("amount", 1)
    if op == "discard_resources":  # as far as each player can (FAQ Q28)
        return all([discard_resources(r, cause, q, int(amount), play, source) for q in players(r, str(e.get("player", "you")), controller, play)])
    if op == "make_active":  # from the staging area, the victory display (FAQ Q32) or set aside
        return make_active(r, cause, t, source, controller, play)
    if op == "end_phase":  # the framework skips the phase's remaining steps (hooks.phase_ended_by_effect)
        state_of(r).phase_ended = (r.g.phase, r.g.round, cause.label)
        return True
    if op == "lend":  # until the ability's duration ends (lending.return_loans)
        return lending.lend(r, cause, t, source, controller, play, ability.duration or "end_of_phase")
    if op == "spend_on_sphere":  # this phase: any hero's resources for the chosen sphere's cards (not a match: FAQ Q62)
        return spending.allow(r, cause, source, controller, play)
    if op in ("count_as", "pays_for"):  # read where cards are counted (grammar.amounts) or paid for (planning.payment)
        return True
    if op == "play_at_no_cost":  # "at no cost" is not "for 0": no resource match (FAQ Q40)
        return play_top_card(r, cause, source, controller, play)
    found = targets(r, t, source, controller, play)
    if op == "blank":  # its text box blank until the ability's duration ends (blank_text.expire)
        return bool(found) and all([blank_text.blank(r, cause, c, ability.duration or "end_of_phase") for c in found])
    if op == "out_of_play":  # while the source stays in play (out_of_play.refresh brings it back)
        return bool(found) and all([out_of_play.take(r, cause, c, source) for c in found])
    return bool(found) and all([poison.poison(r, cause, c, int(amount)) for c in found])  # poison
