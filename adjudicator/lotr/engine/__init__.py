"""The LOTR LCG rules engine: a described position replayed step by step through the
framework steps of the Rules Reference's Appendix I, each step citing the records that
decided it.  Entry points are in `api` (load, replay, check); modules are named after
rulebook concepts (framework, resource, planning, questing, travel, encounter, combat,
refresh, elimination, keywords, damage, modifiers, legality, cards, state).
"""
