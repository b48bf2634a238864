"""`ask` as a whole process imports a module only when the question needs it (every import is
paid by every process): the reader of the Companion's listed rulings only for a card or scenario
whose page lists some, the speller only for a word the records never use, the notes of where
the documents disagree only for a record they disagree about."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = ("import sys\nbefore = set(sys.modules)\nfrom adjudicator.cli import main\ncode = main(sys.argv[2:])\n"
         "loaded = sorted(m for m in sys.modules if m in sys.argv[1].split(',') and m not in before)\n"
         "sys.stderr.write(repr((code, loaded)))\n")
WATCHED = "adjudicator.lotr.qc_lookup,adjudicator.ask.spelling,adjudicator.kb.divergence"


def _loaded(env: dict, question: str) -> str:
    from adjudicator.paths import PACKAGE

    path = os.pathsep.join([str(PACKAGE.parent), *sys.path])
    for _ in range(2):  # the first run may build the knowledge base and the ask index
        done = subprocess.run([sys.executable, "-c", PROBE, WATCHED, "ask", question, "--json"], capture_output=True,
                              text=True, timeout=300, env={**os.environ, **env, "PYTHONPATH": path})
    return done.stderr.strip().splitlines()[-1]


def test_a_question_naming_no_card_imports_neither_the_listed_rulings_nor_the_speller(all_games_env):
    assert _loaded(all_games_env, "can my ranged hero attack an enemy in the staging area?") == "(0, [])"


def test_a_card_whose_page_lists_rulings_imports_their_reader(all_games_env):
    question = "Can I play A Burning Brand on a hero that is already defending?"
    assert "'adjudicator.lotr.qc_lookup'" in _loaded(all_games_env, question)


def test_a_word_the_records_never_use_imports_the_speller(all_games_env):
    assert "'adjudicator.ask.spelling'" in _loaded(all_games_env, "can my heor atack an enemy in the stagging area?")
