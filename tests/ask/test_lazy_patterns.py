"""The verdict and choice patterns are compiled on first use (a fresh `ask` process compiles
only those its question needs) and match exactly as the compiled pattern does."""

from __future__ import annotations

import re

from adjudicator.ask.patterns import Lazy


def test_a_lazy_pattern_is_compiled_by_its_first_search_only():
    pattern = Lazy(r"\b(?:goblins?|trolls?)\b", re.I)
    assert pattern._compiled is None
    assert pattern.search("Two TROLLS and a goblin").group(0) == "TROLLS"
    compiled = pattern._compiled
    assert compiled is not None and pattern.findall("a goblin, a troll") == ["goblin", "troll"]
    assert pattern._compiled is compiled


def test_a_lazy_pattern_answers_as_the_compiled_pattern():
    source, text = r"(\d+) (\w+)", "3 threat and 2 damage"
    lazy, real = Lazy(source), re.compile(source)
    assert lazy.match(text).groups() == real.match(text).groups()
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert lazy.sub("N", text) == real.sub("N", text) and lazy.split(text) == real.split(text)
    assert lazy.fullmatch("3 threat") is not None and lazy.fullmatch(text) is None


def test_the_verdict_module_compiles_no_pattern_at_import():
    from adjudicator.ask import (choices, deciding_sentence, figure_answers, inferred_readings, question_form, readings,
                                 stated_answers, verdicts)

    modules = (verdicts, question_form, deciding_sentence, figure_answers, stated_answers, inferred_readings, readings,
               choices)
    patterns = [v for m in modules for v in vars(m).values() if isinstance(v, (Lazy, re.Pattern))]
    assert patterns and all(isinstance(p, Lazy) for p in patterns)
