"""bench/eval_game_detection.py detects each asked question's game with its fold left out of
the word counts, and counts true game x detected game."""

from bench_scripts import load


def test_game_detection_bench_detects_each_asked_question_with_its_fold_out_of_the_word_counts(kb, monkeypatch):
    bench = load("eval_game_detection")
    from adjudicator.ask import game_detection, question_index

    question_index.load(kb)  # built (with every asked question) before the spying starts
    counted: list[set[str]] = []
    real_counts, real_detect = question_index.game_counts, game_detection.detect

    def spying_counts(store, extra, present):
        counted.append({a.ask for items in extra.values() for a in items})
        return real_counts(store, extra, present)

    left_out = []

    def spying_detect(knowledge, text, games=None):
        left_out.append(text not in counted[-1])
        return real_detect(knowledge, text, games)

    monkeypatch.setattr(question_index, "game_counts", spying_counts)
    monkeypatch.setattr(game_detection, "detect", spying_detect)
    rows = bench.asked_rows(kb, folds=2, per_fold=5)
    assert len(rows) == 10 and len(counted) == 2
    assert left_out == [True] * 10
    assert all(counted)  # the other fold's questions are counted
    assert kb._question_index is None


def test_game_detection_bench_counts_each_true_game_by_the_game_detected():
    bench = load("eval_game_detection")
    rows = [{"game": "meq", "detected": "lotr", "also": "meq"}, {"game": "meq", "detected": "meq", "also": None},
            {"game": "lotr", "detected": "lotr", "also": "metw"}]
    table = bench.confusion(rows)
    assert table["meq"] == {"n": 2, "detected": {"lotr": 1, "metw": 0, "meq": 1}, "wrong": 1, "both": 1,
                            "wrong_shown_second": 1}
    assert table["all"]["wrong"] == 1 and table["all"]["both"] == 2 and "metw" not in table


def test_game_detection_bench_leaves_the_unseen_and_collected_rounds_out_of_the_tune_half(kb, monkeypatch):
    # only the lead runs the round being collected: the bench never detects its questions by default
    bench = load("eval_game_detection")
    from adjudicator.ask import game_detection

    seen: list[str] = []
    real = game_detection.detect
    monkeypatch.setattr(game_detection, "detect", lambda knowledge, text, games=None: seen.append(text) or
                        real(knowledge, text, games))
    rows = bench.tune_rows(kb)
    assert rows and all(r["round"] not in bench.LEFT_OUT_ROUNDS for r in rows) and len(seen) == len(rows)
    # round 17 the unseen guard since session 25; round 16 readable
    assert 17 in bench.LEFT_OUT_ROUNDS and 16 in bench.LISTED_ROUNDS and not set(bench.LEFT_OUT_ROUNDS) & set(bench.LISTED_ROUNDS)


def test_game_detection_bench_classes_each_wrong_question_but_never_reads_an_unseen_rounds(kb, capsys):
    bench = load("eval_game_detection")
    unseen = max(bench.LISTED_ROUNDS) + 1
    wrong = {"game": "lotr", "detected": "metw", "also": None, "scores": {"lotr": -9.0, "metw": -8.0, "meq": -20.0},
             "evidence": {"metw": ["Hand Size"]}, "said": {}, "features": 6}
    rows = [{**wrong, "q": "an invented question about the hand size", "about": "readable", "round": bench.LISTED_ROUNDS[0]},
            {**wrong, "q": "an invented question of an unseen round", "about": "unseen", "round": unseen},
            {**wrong, "detected": "lotr", "q": "a question detected right", "about": "right", "round": 0}]
    assert bench.why_wrong(kb, rows[0]) == "a name of the game taken (Hand Size)"
    bench.print_classes(kb, {"tune": rows, "asked": [], "team": []})
    out = capsys.readouterr().out
    assert "tune: 2 wrong, by why" in out and "a name of the game taken (Hand Size)" in out
    assert "(an unseen round's: not classed)" in out
    assert "readable: an invented question about the hand size" in out
    assert "unseen" not in out.replace("(an unseen round's", "") and "a question detected right" not in out


def test_game_detection_bench_scores_the_players_word_probes_of_each_game(kb):
    bench = load("eval_game_detection")
    rows = bench.probe_rows(kb)
    assert {r["game"] for r in rows} == {"lotr", "metw", "meq"} and len({r["about"] for r in rows}) == len(rows)
    assert all(r["detected"] in ("lotr", "metw", "meq") for r in rows)
    table = bench.confusion(rows)
    assert table["all"]["n"] == len(rows) >= 60


def test_game_detection_bench_counts_right_and_wrong_by_the_lead_and_the_kind_of_evidence():
    bench = load("eval_game_detection")
    row = {"game": "lotr", "detected": "lotr", "evidence": {}, "said": {}}
    rows = [{**row, "scores": {"lotr": -10.0, "meq": -10.5}},  # words only, lead 0.5: right
            {**row, "detected": "meq", "scores": {"lotr": -10.0, "meq": -8.5}},  # words only, lead 1.5: wrong
            {**row, "detected": "meq", "evidence": {"meq": ["Sauron"]}, "scores": {"lotr": -20.0, "meq": -9.0}},
            {**row, "scores": {"lotr": -12.0, "meq": -11.0}}]  # kept LOTR's though behind: below 0
    table = bench.margin_table(rows)
    assert table == {("words", 0.0): [1, 0], ("words", 1.0): [0, 1], ("named", 8.0): [0, 1], ("words", None): [1, 0]}


def test_game_detection_bench_weighs_the_asked_wrong_rates_by_the_players_game_shares():
    bench = load("eval_game_detection")
    readable, unseen = bench.LISTED_ROUNDS[0], max(bench.LISTED_ROUNDS) + 1
    tune = ([{"game": "lotr", "round": readable}] * 8 + [{"game": "metw", "round": readable}] * 2
            + [{"game": "meq", "round": unseen}] * 5)  # an unseen round's rows count for no share
    shares = bench.players_game_shares(tune)
    assert shares == {"lotr": 0.8, "metw": 0.2, "meq": 0.0}
    asked = [{"game": "lotr", "detected": "lotr", "also": None}] * 9 + [{"game": "lotr", "detected": "meq", "also": None}]
    asked += [{"game": "metw", "detected": "lotr", "also": None}] * 2 + [{"game": "metw", "detected": "metw", "also": None}] * 2
    asked += [{"game": "meq", "detected": "lotr", "also": None}] * 3
    table = bench.confusion(asked)
    # LOTR 1 wrong of 10, METW 2 of 4, MEQ 3 of 3 (no players' share): 0.8 x 0.1 + 0.2 x 0.5 + 0
    assert abs(bench.weighted_wrong(table, shares) - 0.18) < 1e-12
    assert table["all"]["wrong"] == 6  # the raw count weighs every game alike
    assert bench.players_game_shares([{"game": "lotr", "round": unseen}]) == {}
