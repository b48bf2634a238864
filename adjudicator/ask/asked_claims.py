"""The claim a player asks to have confirmed when the question's form hides it (read for the
verdict only; how the question ranks records is left as ``question_form`` gives it).

Players often put a yes/no question as a statement with a question mark, or as a statement
followed by a bare check:

- a statement asked ("that enemy still counts its threat during the quest phase?", "we can pay
  for it only in the planning phase?"): the sentence asks, ends with "?", opens on a subject
  rather than an auxiliary or a wh-word, and is read as the claim it states;
- a bare check after it ("The hero takes the damage. Yes?", "... Is this correct?"): the
  asking sentence checks and says nothing else, so the claim is the sentence before it;
- a claim put after a lead-in that asks to confirm it ("Does this mean that the goblin is
  asleep?", "I assume the lamp stays lit?", "Am I right in thinking that ...?", "Is it true
  that ...?"): the claim is what follows the lead-in.

Either is given the form of a claim (``question_form.Form``, ``claim=True``), as "..., right?"
is, so that the claim readers (``readings``, shown only under ``shown_readings``'s guards) read
it; no reading is added here.  Not read as claims: a sentence asking which, what or whether
anything (a wh-word anywhere outside its opening case), one offering alternatives ("... or is
it discarded?"; a closing "or not?" is a yes/no question's own), a request for someone ("Anyone
...?"), a sentence of one or two words that is not a check, and a check whose sentence before it
asks something itself.
"""

from __future__ import annotations

import re

from .patterns import Lazy

# a label before the sentence: "Q:", "1)", "a)", "(2)", "2." (a player numbering questions)
LABEL = Lazy(r"^\W*(?:q|question|\d{1,2}|[a-e])\s*[:).]\s+", re.I)
# a case the sentence opens on ("When the enemy is engaged, ..."): the claim is after its comma
OPENING_CASE = Lazy(r"^\W*(?:so\s+|and\s+|but\s+)?(?:if|when|whenever|once|after|during|while|since)\b[^,]*,\s*",
                    re.I)
WH_WORD = Lazy(r"\b(?:what|which|who|whom|whose|where|why|how|whether)\b", re.I)
# "when" asking (not a case): "when do I ...?"
WHEN_ASKED = Lazy(r"\bwhen\s+(?:can|could|do|does|did|is|are|was|were|may|must|should|will|would)\b", re.I)
AUXILIARY = Lazy(r"^\W*(?:can|could|do|does|did|is|are|was|were|may|might|must|should|will|would|has|have|am|"
                 r"shall|isn't|aren't|doesn't|don't|can't|won't|wouldn't|shouldn't)\b", re.I)
# offering an alternative ("... or is it discarded?", "... or the other way round?"); "or not?" is kept
ALTERNATIVE = Lazy(r"\bor\b(?!\s+not\W*$)", re.I)
SOMEONE = Lazy(r"^\W*(?:anyone|anybody|someone|somebody|any\s+(?:idea|ideas|thoughts|help)|thoughts|help|"
               r"please|thanks|thank)\b", re.I)
# a bare check: the sentence asks only whether what was said before is so
CHECK = Lazy(r"^\W*(?:(?:is|was)\s+(?:this|that|it)\s+(?:\w+\s+){0,2}(?:right|correct|true|so|accurate|the case|"
             r"clear and certain|certain)|am\s+i\s+(?:\w+\s+){0,1}(?:right|correct)|(?:do\s+i\s+)?(?:have|get)\s+"
             r"(?:this|that|it)\s+right|yes|right|correct|true|no)\W*\?\W*$", re.I)
# a lead-in asking to confirm the claim after it
LEAD_IN = Lazy(r"^\W*(?:so\s*,?\s*)?(?:(?:does|would|do|did|will)\s+(?:this|that|it)\s+mean\s+(?:that\s+)?|"
               r"(?:(?:do|can|should|may)\s+)?i\s+(?:assume|guess|think|believe|suppose|take it|understand)\s+"
               r"(?:(?:it\s+)?correctly\s+)?(?:that\s+)?|"
               r"am\s+i\s+(?:right|correct)\s+(?:in\s+thinking|to\s+think|that)\s+(?:that\s+)?|"
               r"is\s+it\s+(?:true|correct|right)\s+(?:that\s+)?)", re.I)
# a statement needs a few words to be a claim ("Yes?" alone is a check, not a claim)
CLAIM_WORDS = 4


def claim_form(question: str, form):
    """(the claim form, ``Form("yesno", clauses, claim=True)``, and the claim's words) of a
    question whose asking sentence states a claim with a question mark (its ``form`` open), or
    checks the sentence before it; else None."""
    from .question_form import Form, _clauses, asking_sentence
    from .sentences import sentences

    asking = asking_sentence(question)
    if not asking.rstrip().endswith("?"):
        return None
    if CHECK.match(asking):
        said = sentences(" ".join(question.split()))
        at = [k for k, s in enumerate(said) if s == asking]
        if not at or at[0] == 0:
            return None
        before = said[at[0] - 1].strip().rstrip(". ")
        before = re.sub(r"(?:\.\s*){2,}$|\u2026$", "", before).strip()
        if "?" in before or len(before.split()) < CLAIM_WORDS:
            return None
        stated = _stated(before)
        return None if stated is None else (Form("yesno", _clauses(stated), claim=True), stated)
    bare = LABEL.sub("", asking).strip()
    lead = LEAD_IN.match(bare)
    if form.claim or (form.kind != "open" and lead is None):  # a claim the question's own form reads
        return None
    stated = _stated(bare[lead.end():] if lead else bare)
    if stated is None or ALTERNATIVE.search(stated):
        return None
    return Form("yesno", _clauses(stated), claim=True), stated


def _stated(sentence: str) -> str | None:
    """The sentence as a claim (its label dropped), or None when it asks which, what or whether,
    opens on an auxiliary (a yes/no question the question's own form reads), asks for someone, or
    is too short to state anything."""
    text = LABEL.sub("", sentence).strip().rstrip("?").rstrip()
    if WH_WORD.search(text) or WHEN_ASKED.search(text) or SOMEONE.match(text):
        return None
    opening = OPENING_CASE.match(text)
    main = text[opening.end():] if opening else text
    if AUXILIARY.match(main) or len(main.split()) < CLAIM_WORDS:
        return None
    return text
