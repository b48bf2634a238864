"""Card abilities and timing for the LOTR LCG engine (issue 5).

- `model`: abilities as values (kinds, triggers, costs, targets, effects, limits, durations);
- `load`: the YAML format of the card library and of situation files, with file:line errors;
- `timing`: the one sort key for abilities sharing a moment, and `order_file` behind
  ``adjudicator timing order FILE`` (drawn by `adjudicator.cli.timing_render`);
- `effects`: the effect primitives, each emitting its own event (`effect_events`,
  `ability_events`) with its cause and citations;
- `cancel`, `replacement`, `lasting`, `limits`: cancels, "instead" effects, lasting effects, limits;
- `initiate`, `choose`, `hatches`: initiating an ability with the player's choices, and Python
  for the odd card;
- `card_text`, `framework_hooks`: the hooks the framework asks (`adjudicator.lotr.engine.hooks`);
- `triggers` (with `round_triggers`, `combat_triggers`, `plays`, `choices`): the ability
  listener, subscribed by event type to a replay's events; `rulings`: FAQ ruling situations.

See docs/abilities.md.
"""
