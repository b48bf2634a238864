"""Middle-earth: The Wizards (METW): the rules knowledge base and an adjudication engine.

`rules` parses the Starter and Standard rules text into records; `engine` replays the
document's deterministic procedures (combat, corruption, influence, the Free Council)
on situation files, each step citing the section that decides it.
"""
