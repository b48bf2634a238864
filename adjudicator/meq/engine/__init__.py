"""The Middle-earth Quest engine, on the shared core (`adjudicator.engine`).

Modules are named after the rules: `story` (stage, Shadow Pool cap, dominance, Story
step, Finale check), `sauron` (events, plots, action tracks, influence, commands),
`travel` (ambush, movement, perilous locations, encounters), `combat`, `hero` (damage,
defeat, rest, levels), `finale` (missions).  `replay` runs a situation file;
`legality` checks a position.
"""

from .legality import check
from .replay import replay

__all__ = ["check", "replay"]
