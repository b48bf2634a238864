"""The verdict `ask` opens its answer with: yes, no, a number or the deciding sentence, and its
basis (stated, inferred or asked).  Made by ``verdicts`` and the modules it reads with, and
by ``legality_questions`` from the engine's ruling."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Verdict:
    """The answer read from the deciding sentence (yes, no, a number or text) and its basis."""

    kind: str  # yes, no, number, text
    value: object
    text: str
    # "stated": the documents' own words give it (a Q&A's "Yes"/"No", a figure in the
    # sentence, the sentence itself); "inferred": adjudicator's reading of a rule that does not
    # say yes or no (negations compared, an alternative picked, neither case of a comparison);
    # "asked": the team's recorded reading of the deciding record for a question worded like
    # the player's (rules_db/<game>/asked)
    basis: str = "stated"
    # basis "asked": the team's recorded answer to a question worded like the player's, for the
    # deciding record (``asked``); this is that question
    matched: str = ""
    # basis "inferred": which reading gave it ("polarity", "tie", "choice", "choice-denied")
    reading: str = ""

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "value": self.value, "text": self.text, "basis": self.basis}
        if self.matched:
            out["matched"] = self.matched
        if self.reading:
            out["reading"] = self.reading
        return out
