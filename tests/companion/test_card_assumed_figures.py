"""`card` marks every figure the card data supplies because the documents do not give it
(`assumed:` in rules_db/lotr/cards/*.yaml) as "(assumed)" in the output for people; the
printed figures stay unmarked.  The JSON carries the list (figures.assumed)."""

import re


def _figure_lines(out) -> str:
    return "\n".join(out.out.splitlines()[:4])


def test_assumed_figures_are_marked_in_the_card_output(run_cli):
    code, _, out = run_cli("card", "Amon Lhaw")
    assert code == 0
    text = _figure_lines(out)
    for figure in ("threat 3", "quest points 6", "victory 3"):
        assert f"{figure} (assumed)" in text, text
    assert "(assumed): a figure the documents do not give" in out.out


def test_an_assumed_trait_is_marked_and_a_given_figure_is_not(run_cli):
    _, _, out = run_cli("card", "Pelennor Fields")
    text = _figure_lines(out)
    assert "traits: Gondor (assumed)" in text and "threat 2 (assumed)" in text
    assert "location (assumed)" not in text and "the massing at osgiliath (assumed)" not in text


def test_a_card_with_no_assumed_figure_has_no_mark(run_cli):
    _, _, out = run_cli("card", "Gimli")
    assert "(assumed)" not in out.out
    assert re.search(r"threat cost 11, willpower 2", out.out)


def test_the_json_lists_the_assumed_figures(run_cli):
    _, data, _ = run_cli("card", "The Carrock", "--json")
    assert set(data["figures"]["assumed"]) >= {"threat", "quest_points", "victory"}
