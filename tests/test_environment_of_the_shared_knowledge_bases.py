"""The session's shared knowledge bases (``lotr_cli_kb``, built once) set the environment only
while they are built and for the test that asks for it (``lotr_cli_env``): a test that does not
ask runs in the environment the suite was started in, whichever tests ran before it."""

from __future__ import annotations

import os


def test_the_lotr_knowledge_base_leaves_the_environment_as_it_found_it(lotr_cli_kb):
    assert os.environ.get("ADJUDICATOR_SOURCES") != lotr_cli_kb["ADJUDICATOR_SOURCES"]
    assert os.environ.get("ADJUDICATOR_CACHE") != lotr_cli_kb["ADJUDICATOR_CACHE"]


def test_a_test_asking_for_the_lotr_environment_runs_in_it(lotr_cli_env):
    assert os.environ["ADJUDICATOR_SOURCES"] == lotr_cli_env["ADJUDICATOR_SOURCES"]
    assert os.environ["ADJUDICATOR_CACHE"] == lotr_cli_env["ADJUDICATOR_CACHE"]


def test_a_test_after_it_that_does_not_ask_runs_in_the_suites_own_environment(lotr_cli_kb):
    assert os.environ.get("ADJUDICATOR_SOURCES") != lotr_cli_kb["ADJUDICATOR_SOURCES"]
