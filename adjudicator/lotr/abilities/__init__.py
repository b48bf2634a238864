"""Card abilities and timing for the LOTR LCG engine (issue 5).

- `model`: abilities as values (kinds, triggers, costs, targets, effects, limits, durations);
- `load`: the YAML format of the card library and of situation files, with file:line errors;
- `timing`: the one sort key for abilities sharing a moment, and `order_file` / `render_order`
  behind ``adjudicator timing order FILE``;
- `effects`: the effect primitives, each writing its own trace step with cause and citation;
- `cancel`, `replacement`, `lasting`: cancels, "instead" effects, lasting effects.

See docs/abilities.md.
"""
