"""`card` takes the card whose name is the one typed without the fuzzy pass over every card
name (kb.names.decided_by_exact_name): that shortcut must pick what the full ranking
(`best_matches`) ranks first, for every name it answers."""

from __future__ import annotations


def test_an_exact_card_name_picks_what_the_full_ranking_puts_first(kb):
    from adjudicator.kb.names import best_matches, decided_by_exact_name
    from adjudicator.lotr.card_lookup import _candidates

    candidates = _candidates(kb)
    printed = sorted({name for _, name, _, _ in candidates})
    queries = printed + [n.lower() for n in printed[::7]] + [f"the {n}" for n in printed[::11]]
    queries += ["Chieftain Ufthak", "cheiftin ufthk", "Gandalf", "Legolas", "Ranger", "hero", "Orc"]
    decided = 0
    for query in queries:
        exact = decided_by_exact_name(query, candidates)
        if exact is not None:
            decided += 1
            assert exact == best_matches(query, candidates, limit=5)[0], query
    assert decided >= len(printed)  # every printed name is decided by its own exact match


def test_a_misspelt_card_name_still_takes_the_fuzzy_pass(kb):
    from adjudicator.kb.names import decided_by_exact_name
    from adjudicator.lotr.card_lookup import _candidates

    assert decided_by_exact_name("cheiftin ufthk", _candidates(kb)) is None
