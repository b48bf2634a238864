"""The ask tests' knowledge base of every document (``all_games_kb``, built once per session)
sets the environment only while it is built and for the test that asks for it
(``all_games_env``), so the tests after the ask tests do not run in it unasked."""

from __future__ import annotations

import os


def test_the_all_games_knowledge_base_leaves_the_environment_as_it_found_it(all_games_kb):
    assert os.environ.get("ADJUDICATOR_CACHE") != all_games_kb["ADJUDICATOR_CACHE"]
    assert os.environ.get("ADJUDICATOR_DATA") != all_games_kb["ADJUDICATOR_DATA"]


def test_a_test_asking_for_the_all_games_environment_runs_in_it(all_games_env):
    assert os.environ["ADJUDICATOR_CACHE"] == all_games_env["ADJUDICATOR_CACHE"]
    assert os.environ["ADJUDICATOR_SOURCES"] == all_games_env["ADJUDICATOR_SOURCES"]


def test_a_module_with_a_cache_of_its_own_keeps_it(module_cache, all_games_env):
    assert os.environ["ADJUDICATOR_CACHE"] != all_games_env["ADJUDICATOR_CACHE"]
    assert os.environ["ADJUDICATOR_SOURCES"] == all_games_env["ADJUDICATOR_SOURCES"]
