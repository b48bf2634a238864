"""Game detection: LOTR's share of a word or pair of the word model is mixed, a little
(``FORUM_MIX``), with the share LOTR's players give it in the opening posts of the public LOTR rules
forum's threads, where they write it at least twice as often as LOTR's rules texts say it
(``rules_db/lotr/forum_words.json``, ``bench/count_forum_names.py --words``).  Invented questions."""

from __future__ import annotations

import pytest

from adjudicator.ask import game_detection, question_index
from adjudicator.ask.game_detection import detect, players_shares, word_scores

SHORT = "Can we trade cards between our decks mid game?"


def test_a_short_question_in_words_lotrs_players_write_stays_lotrs(kb, monkeypatch):
    # the players' shares alone, without the margin words alone need to leave LOTR by
    monkeypatch.setattr(game_detection, "LEAVE_LOTR_WORDS", 0.0)
    kept = detect(kb, SHORT)
    assert kept.game == "lotr" and not any(kept.evidence.values())
    monkeypatch.setattr(game_detection, "FORUM_MIX", 0.0)  # the rules texts' shares alone took it to MEQ
    left = detect(kb, SHORT)
    assert left.game == "meq" and kept.scores["lotr"] > left.scores["lotr"]
    assert {g: s for g, s in kept.scores.items() if g != "lotr"} == {g: s for g, s in left.scores.items() if g != "lotr"}


def test_lotrs_players_words_raise_lotrs_share_only(kb, monkeypatch):
    index = question_index.load(kb)
    games = list(index["present"])
    mixed = word_scores(index, SHORT, games)
    monkeypatch.setattr(game_detection, "FORUM_MIX", 0.0)
    plain = word_scores(index, SHORT, games)
    assert mixed["lotr"] > plain["lotr"] and all(mixed[g] == plain[g] for g in games if g != "lotr")
    # without LOTR among the games asked about, nothing is mixed
    monkeypatch.setattr(game_detection, "FORUM_MIX", 0.03)
    assert word_scores(index, SHORT, ["meq", "metw"]) == {g: plain[g] for g in ("meq", "metw")}


@pytest.mark.parametrize("question, game", [
    ("Can my company move to a site when the hazard limit is reached?", "metw"),
    ("Can Sauron place influence on a Shadow Stronghold?", "meq"),
])
def test_another_games_own_terms_still_point_to_it(kb, question, game):
    assert detect(kb, question).game == game


def test_lotrs_players_counts_are_counts_of_the_word_models_words_and_pairs():
    counts, totals = players_shares()
    assert counts and set(totals) == {"words", "pairs"}
    assert all(isinstance(n, int) and n > 0 for n in counts.values())
    for kind, pairs in (("words", False), ("pairs", True)):
        kept = [n for feature, n in counts.items() if ("_" in feature) is pairs]
        assert kept and sum(kept) <= totals[kind]
    # words as the word model keys them: stemmed, lower case, no spaces
    assert all(feature == feature.lower() and " " not in feature for feature in counts)
