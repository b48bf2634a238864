"""Player vocabulary is data per game under rules_db/<game>/vocabulary.yaml (issue 11): each
file loads and every phrase compiles; the rules' words a phrase adds are words the game's
documents use; the players' words the issue lists are there; a bad file is a clear error."""

from __future__ import annotations

import re

import pytest

from adjudicator.ask import vocabulary
from adjudicator.paths import RULES_DB

GAMES = ("lotr", "metw", "meq")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_vocabulary_whose_phrases_compile(game):
    vocab = vocabulary.read(game)
    assert vocab["phrases"], f"rules_db/{game}/vocabulary.yaml has no phrases"
    for phrase in vocab["phrases"]:
        re.compile(phrase.pattern)
        assert phrase.means.strip()


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_words_a_phrase_adds_are_words_the_games_documents_use(game, kb):
    from adjudicator.ask.question_index import load, words

    index = load(kb)
    games = index["games"]
    used = set()
    for term in {t for p in vocabulary.read(game)["phrases"] for t in words(p.means)}:
        from adjudicator.ask.question_index import posting

        docs, _ = posting(index, term)
        if any(games[d] == game for d in docs):
            used.add(term)
    unused = {t for p in vocabulary.read(game)["phrases"] for t in words(p.means)} - used
    assert not unused, f"{game}: rules words no {game} record uses: {sorted(unused)}"


@pytest.mark.parametrize("game, said, means", [
    ("lotr", "nobody blocked the orc", "undefended"),
    ("lotr", "I left everybody home this round", "no characters committed"),
    ("lotr", "can my archer shoot it", "ranged"),
    ("lotr", "is it gone for good", "removed from the game"),
    ("meq", "when my wisdom increases", "level"),
    ("metw", "can he carry two swords", "bear"),
])
def test_the_players_words_the_issue_names_reach_the_rules_words(game, said, means):
    expander = vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read(game)["phrases"]])
    assert means in expander.expand(said)


@pytest.mark.parametrize("said", ["what is my hand size", "is there a hand limit", "what is the maximum hand"])
def test_a_meq_heros_hand_size_is_his_fortitude_not_his_life_pool(said):
    """MEQ: a hero draws cards to his hand by his fortitude, and the rules set no limit on them;
    the life pool is the deck he draws from (its words stay with "cards in my hand")."""
    expander = vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read("meq")["phrases"]])
    expanded = expander.expand(said)
    assert "fortitude" in expanded and "limit" in expanded and "life pool" not in expanded
    assert "life pool" in expander.expand("how many cards in my hand")


def test_a_phrase_is_matched_on_whole_words_only():
    expander = vocabulary.Expander([["shoot", "ranged attack"]])
    assert expander.expand("offshoot") == "offshoot"
    assert expander.matches("Shoot the orc") == [("Shoot", "ranged attack")]


def test_a_vocabulary_with_a_bad_pattern_names_the_file(tmp_path, monkeypatch):
    from adjudicator.errors import InputError

    (tmp_path / "lotr").mkdir()
    (tmp_path / "lotr" / "vocabulary.yaml").write_text('phrases:\n  "(unclosed": ranged attack\n', encoding="utf-8")
    monkeypatch.setattr("adjudicator.paths.RULES_DB", tmp_path)
    with pytest.raises(InputError, match="vocabulary.yaml.*not a valid pattern"):
        vocabulary.read("lotr")


def test_a_vocabulary_with_an_unknown_section_is_refused(tmp_path, monkeypatch):
    from adjudicator.errors import InputError

    (tmp_path / "meq").mkdir()
    (tmp_path / "meq" / "vocabulary.yaml").write_text("phrase:\n  rest: rest\n", encoding="utf-8")
    monkeypatch.setattr("adjudicator.paths.RULES_DB", tmp_path)
    with pytest.raises(InputError, match="unknown section 'phrase'"):
        vocabulary.read("meq")


def test_the_vocabulary_files_are_short_phrases_not_the_documents_sentences():
    for game in GAMES:
        text = (RULES_DB / game / "vocabulary.yaml").read_text(encoding="utf-8")
        for phrase in vocabulary.read(game)["phrases"]:
            assert len(phrase.means.split()) <= 8, (game, phrase.means)
        assert "phrases:" in text


def test_the_players_words_are_kept_in_the_question_and_the_rules_words_added(all_games_env):
    from adjudicator.ask.answer import ask
    from adjudicator.kb.api import open_kb

    answer = ask(open_kb(quiet=True), "nobody blocked the goblin, where does the damage go?", game="lotr")
    assert ("nobody blocked", "undefended") in answer.phrases


def test_refresh_as_a_verb_means_ready_but_the_refresh_phase_is_its_own_term():
    expander = vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read("lotr")["phrases"]])
    assert "ready" in expander.expand("does my hero refresh next round?").split()
    assert "ready" not in expander.expand("what happens in the refresh phase?").split()


@pytest.mark.parametrize("said, unique", [
    ("if I have hero Gimli out, may my friend play ally Gimli?", True),
    ("can the ally version be played while the hero version is in play?", True),
    ("can a hero card and an ally card share an attachment?", False),
    ("my hero attacks and the ally defends", False),
])
def test_a_hero_and_an_ally_of_the_same_name_is_a_uniqueness_question(said, unique):
    expander = vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read("lotr")["phrases"]])
    assert ("unique" in expander.expand(said).split()) is unique


@pytest.mark.parametrize("pattern, text", [
    ("goes? up", "my threat goes up"), ("goes? up", "it GOES UP"), ("dies|died|slain", "Gimli was slain"),
    ("refresh(es|ed)?(?! phase)", "does it refresh?"), ("(hero|ally) (\\w+)\\b.*\\b(ally|hero) \\2", "hero Gimli and ally Gimli"),
    ("MPs?|marshall?ing points?", "how many marshaling points"), ("left (everybody|everyone) (at )?home", "we left everyone home"),
])
def test_a_text_a_phrase_matches_holds_one_of_the_words_it_needs(pattern, text):
    needed = vocabulary.needed(pattern)
    assert needed, pattern
    assert re.search(r"\b(?:" + pattern + r")\b", text, re.I)
    assert any(s in text.casefold() for s in needed), (pattern, needed)


@pytest.mark.parametrize("pattern", ["\\w+", "[abc]+", "[a-c]{3}", "(?:a|[bc])+", "a?b?c?"])
def test_a_phrase_whose_words_cannot_be_told_is_always_tried(pattern):
    assert vocabulary.needed(pattern) is None
    assert vocabulary.Expander([[pattern, "w", None]]).matches("abc") == [("abc", "w")]


@pytest.mark.parametrize("game", GAMES)
def test_skipping_the_phrases_a_question_lacks_the_words_of_changes_no_match(game):
    phrases = vocabulary.read(game)["phrases"]
    tried = vocabulary.Expander([[p.pattern, p.means] for p in phrases])
    skipping = vocabulary.Expander([[p.pattern, p.means, vocabulary.needed(p.pattern)] for p in phrases])
    said = ["nobody blocked the orc", "I left everybody home", "can my archer shoot it twice?", "my threat goes up by 2",
            "is it gone for good", "the ally version of Gimli and hero Gimli", "does it refresh? the refresh phase",
            "how many MPs for a dead Nazgul", "can he carry two swords", "when my wisdom increases, do I heal",
            "the bad guy moves his lieutenant", "we lost the scenario, retry?", "untapped site", "DI and GI", ""]
    for text in said:
        assert skipping.matches(text) == tried.matches(text), text
    assert len(skipping._compiled) < len(tried._compiled)  # some phrases were never compiled


def test_a_games_abbreviations_are_spelt_out_only_in_questions_about_that_game(kb):
    from adjudicator.ask.answer import _abbreviations

    assert "exhaust" in _abbreviations(kb, "does tapping him tap his sword?", "lotr")
    assert _abbreviations(kb, "does tapping him tap his sword?", "metw") == "does tapping him tap his sword?"
    assert _abbreviations(kb, "the boss wounds him", "meq") == "the boss wounds him"


# -- markers: names players use for one game only ------------------------------------------------

# markers another game's documents also use, each with the reason it may stay
SHARED_WORDS_ALLOWED = {
    ("meq", "plot card"): "MEQ's own card type; the LOTR documents name plot cards once, in one scenario's setup",
    ("meq", "perilous"): "MEQ's rules term; the LOTR documents use the word only to describe location cards",
}


def _word_runs(text: str) -> str:
    """``text`` as the linker reads a question: folded words, space-separated, space-padded."""
    from adjudicator.ask.entities import _WORD, _singular
    from adjudicator.kb.names import casefold_unaccented

    folded = [_singular(casefold_unaccented(w).replace("'", "").replace("’", "")) for w in _WORD.findall(text)]
    return " " + " ".join(folded) + " "


@pytest.fixture(scope="module")
def other_games_words(all_games_kb):
    """{game: (names another game's documents or card library give, that game's record text)}."""
    from adjudicator.ask import entities
    from adjudicator.kb.api import open_kb

    with pytest.MonkeyPatch.context() as patch:
        for key, value in all_games_kb.items():
            patch.setenv(key, value)
        knowledge = open_kb(quiet=True)
    try:
        table = entities.names_table(knowledge.store)
        text: dict[str, list[str]] = {}
        for game, title, summary, blocks in knowledge.store.conn.execute(
                "select game, title, summary, blocks from records"):
            text.setdefault(game, []).append(_word_runs(" ".join([title, summary or "", blocks])))
    finally:
        knowledge.store.close()
    out = {}
    for game in GAMES:
        names = {row[0]: row[4] for row in table if row[4] != game}
        out[game] = (names, "\n".join(t for g, lines in text.items() if g != game for t in lines))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_marker_is_a_name_another_game_prints_or_its_card_library_holds(game, other_games_words):
    from adjudicator.kb.names import name_key

    names, _ = other_games_words[game]
    shared = {m: names[name_key(m)] for m in vocabulary.read(game)["markers"] if name_key(m) in names}
    assert not shared, f"{game} markers that name something in another game: {shared}"


@pytest.mark.parametrize("game", GAMES)
def test_no_marker_is_a_word_or_phrase_of_another_games_documents(game, other_games_words):
    from adjudicator.kb.names import name_key

    _, text = other_games_words[game]
    used = [m for m in vocabulary.read(game)["markers"]
            if (game, name_key(m)) not in SHARED_WORDS_ALLOWED and f" {name_key(m)} " in text]
    assert not used, f"{game} markers another game's documents use: {used}"


def test_no_marker_points_to_two_games():
    from adjudicator.kb.names import name_key

    keys = {g: {name_key(m) for m in vocabulary.read(g)["markers"]} for g in GAMES}
    for a in GAMES:
        for b in GAMES:
            if a < b:
                assert not keys[a] & keys[b], f"markers of both {a} and {b}: {sorted(keys[a] & keys[b])}"


@pytest.mark.parametrize("question", [
    "Does Clear Skies, or Abductor, or Escape, treat an ally as a character?",
    "Does Risky Blow work against Uvatha the Horseman?",
    "Can Concealment cancel an attack from Akhôrahil?",
    "Can a Magic Ring of Stealth be tested at Buhr Widu?",
    "Is Wake of War an environment?",
])
def test_a_question_naming_metw_cards_the_documents_do_not_print_is_recognised_as_metw(kb, question):
    # the words alone point to LOTR in each of these: the names are what tell the game
    from adjudicator.ask.game_detection import detect

    assert detect(kb, question).game == "metw"


def test_a_marker_is_folded_once_when_the_index_is_built():
    from adjudicator.kb.names import name_key

    markers = vocabulary.compiled(["metw"])["metw"]["markers"]
    assert ["Clear Skies", "clear sky"] in markers
    assert all(key == name_key(marker) for marker, key in markers)


# -- LOTR players' words from the FFG rules forum (rules_db/lotr/vocabulary.yaml, the block after RingsDB) --

def _lotr_expander():
    return vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read("lotr")["phrases"]])


@pytest.mark.parametrize("said, means", [
    ("he draws an encounter card for each player", "reveal"),
    ("does the text get blanked by that treachery?", "text box"),
    ("in true solo, who is the next player?", "single-player"),
    ("how much questing power do we need?", "willpower"),
    ("the troll hits for 6", "attack strength"),
    ("we cleared the location with one progress to spare", "explored"),
    ("when we clear stage 2, does the progress go on?", "advance"),
    ("can I pull him down from the staging area before the checks?", "optionally engage"),
    ("can I use it again next turn?", "round"),
    ("is a wounded ally still able to defend?", "damage"),
    ("my best quester is Eowyn", "committed"),
    ("the bad guys engaged me", "enemy"),
    ("can Dwarven Tomb bring it back?", "discard pile"),
    ("I played him for free, does that count as paying his cost?", "cost"),
    ("I commited three characters", "committed"),
    ("does UC ready him in the refresh phase?", "Unexpected Courage"),
    ("in JDtA, when does the troll attack?", "Journey Down the Anduin"),
    # session 20 (reach20): counted in the forum copy's threads, each pair beside its count in the data
    ("what happens to a treachery revealed during set up?", "setup"),
    ("we drew an enemy at set-up, does it engage?", "setup"),
    ("may I trigger it in the next action phase?", "action window"),
])
def test_the_lotr_forums_words_reach_the_rules_words(said, means):
    assert means in _lotr_expander().expand(said)


@pytest.mark.parametrize("said", [
    "it is your turn to declare attackers",  # a player's chance to act, not the round
    "turn it facedown",
    "is this a good card for a solo deck?",
])
def test_words_that_only_look_like_the_forums_phrases_add_nothing_wrong(said):
    expanded = _lotr_expander().expand(said).split()
    assert "round" not in expanded
    assert "single-player" not in expanded


def test_the_lotr_vocabulary_says_where_its_forum_words_come_from_and_what_was_left_out():
    head = (RULES_DB / "lotr" / "vocabulary.yaml").read_text(encoding="utf-8").split("phrases:")[0]
    assert "ksmutny/lotr-ffg-forum-scrapper" in head
    assert "tests/eval/players/README.md" in head and "left out" in head


def test_a_scenarios_initials_count_for_lotr_in_game_detection(kb):
    from adjudicator.ask.game_detection import detect

    plain, tagged = "Does the company travel again?", "Does the company travel again in the adventure pack?"
    assert detect(kb, plain).game != "lotr"  # the words alone point elsewhere
    assert detect(kb, tagged).game == "lotr"


# -- session 19: players' words counted in the forum copy's threads (the block after "session 19") --

@pytest.mark.parametrize("said, means", [
    ("we have enough progress, do we now move to 3B?", "quest advancement"),
    ("once we get to the next stage, is the active location still there?", "quest advancement"),
    ("does my new hero receive a resource token during the resource phase of the first round?", "gain resources"),
    ("while we were still setting up the scenario an enemy was revealed", "setup"),
    ("if I lose a hero to a treachery, where does he go?", "destroyed"),
    ("who controls a condition attachment on my hero?", "encounter card attached control"),
    ("can I exhaust her again with a second copy of the ability?", "limits"),
])
def test_the_players_words_counted_in_forum_threads_reach_the_rules_words(said, means):
    assert means in _lotr_expander().expand(said)


@pytest.mark.parametrize("said, not_means", [
    ("after collecting resources, do I draw a card on the first round too?", "gain resources"),  # the draw is asked
    ("is 2B worth the extra threat?", "quest advancement"),  # a stage named, no going on to it
    ("the condition of the ally matters for the attack", "encounter card attached"),
])
def test_words_near_the_counted_phrases_add_nothing(said, not_means):
    assert not_means not in _lotr_expander().expand(said)


def test_each_session_19_rules_word_is_a_word_the_lotr_documents_hold(kb):
    """Every pair of the session 19 block names rules words the LOTR records use (a pair whose
    words no record holds would reach nothing)."""
    from adjudicator.ask.question_index import load, posting, words

    index = load(kb)
    text = (RULES_DB / "lotr" / "vocabulary.yaml").read_text(encoding="utf-8")
    block = text.split("# session 19 (vocab19)")[1].split("markers:")[0]
    means = {p.means for p in vocabulary.read("lotr")["phrases"] if p.pattern.replace("\\", "") in block.replace("\\", "")}
    assert len(means) >= 6
    for term in {t for m in means for t in words(m)}:
        docs, _ = posting(index, term)
        assert any(index["games"][d] == "lotr" for d in docs), term


# -- session 20 (reach20): players' words counted in the forum copy's threads, each pair beside its count --

@pytest.mark.parametrize("said, not_means", [
    ("I want to set up a combo with two heroes", "setup"),  # the verb, no game set-up named
])
def test_words_near_the_session_20_phrases_add_nothing(said, not_means):
    assert not_means not in _lotr_expander().expand(said)


def test_each_session_20_rules_word_is_a_word_the_lotr_documents_hold(kb):
    """The rules words each session 20 pair adds are words LOTR records use."""
    from adjudicator.ask.question_index import load, posting, words

    index = load(kb)
    for means in ("setup", "action window"):
        for term in words(means):
            docs, _ = posting(index, term)
            assert any(index["games"][d] == "lotr" for d in docs), term
