"""The METW adjudication engine: the rules' deterministic procedures on situation files.

Modules are named after the rules: `company` (size, hazard limit), `movement` (site paths,
region movement, keying, draws), `combat` (strikes, body checks, attack outcome),
`corruption`, `influence`, `council` (Free Council, marshalling points), `chain` (chain of
effects, on-guard cards).  `replay` runs a situation file; `check` lists what is illegal.
Every step cites the knowledge-base record that decides it (`citations`).
"""

from adjudicator.metw.engine.replay import Run, check, replay

__all__ = ["Run", "check", "replay"]
