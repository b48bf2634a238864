"""The yes/no reader probe (bench/probe_yes_no_reader.py): the sentence a reader is tested on is ask's shown
sentence with ask's own "Yes (adjudicator's reading ...):" prefix removed, so a reader cannot score by copying
ask's answer; and without torch the probe says what to install and exits 2."""

import sys

from bench_scripts import load

probe = load("probe_yes_no_reader")


def test_asks_own_reading_prefix_is_removed_from_the_tested_sentence():
    shown = "No (adjudicator's reading of the cited rule): Each character may attack only once."
    assert probe.READING_PREFIX.sub("", shown) == "Each character may attack only once."
    shown = "Yes (adjudicator's reading of the round sequence chart): the chart prints a window there."
    assert probe.READING_PREFIX.sub("", shown) == "the chart prints a window there."


def test_a_sentence_of_the_rules_that_opens_with_no_is_kept_whole():
    sentence = "No player may attack an enemy in the staging area."
    assert probe.READING_PREFIX.sub("", sentence) == sentence


def test_without_torch_the_probe_names_the_install_and_exits_2(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "torch", None)
    assert probe.main(["asked-only"]) == 2
    assert "pip install torch==2.13.0" in capsys.readouterr().err
