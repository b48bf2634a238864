"""Must X or Y (FAQ 1.44) in the grammar: an effect with ``otherwise: [effects]`` resolves as
written when its target phrase names a card on the table, and resolves its ``otherwise``
effects instead when it names none (X cannot be done, so Y is):

    {op: return_to_hand, target: an exhausted ally the defending player chooses,
     otherwise: [{op: threat, player: the defending player, amount: 3}]}

With one card named, that one is taken (the player has no choice); with several, the player
the phrase says picks is asked.  A reference (``self``, ``the attacking enemy``) or a target
the play already answers is left to the effect itself.
"""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.choose import Play
from adjudicator.lotr.abilities.effect_events import SecondOption
from adjudicator.lotr.abilities.effects import Cause
from adjudicator.lotr.abilities.grammar.select import matching
from adjudicator.lotr.abilities.grammar.targets import PhraseError, parse_target
from adjudicator.lotr.abilities.model import Effect
from adjudicator.lotr.engine.state import Card, Player


def second_option(r, cause: Cause, e: Effect, phrase: str, source: Card, controller: Player, play: Play) -> tuple[Effect, ...] | None:
    """The effects to resolve instead of ``e`` (its ``otherwise``) when its target phrase names
    nothing, the step saying so; None when ``e`` resolves as written."""
    instead = e.get("otherwise")
    if not instead or phrase in play.targets:
        return None
    try:
        target = parse_target(phrase)
    except PhraseError:
        return None
    if target.ref:
        return None
    options = matching(r, target, source, controller, play)
    if options:
        if len(options) == 1 and target.picks:
            play.targets[phrase] = options[0].label  # the one possible answer is taken
        return None
    r.emit(SecondOption(missing=phrase, first=e.op, instead=", ".join(x.op for x in instead), cause=cause),
           (C.FAQ_MUST_OR,) + cause.rules)
    return tuple(instead)
