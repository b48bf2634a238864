"""`python bench/record_spans.py` (the README's span check) finds the documents where the CLI
does: a user who stored them with `adjudicator sources add` sets no variable."""

from __future__ import annotations

import sys

from bench_scripts import load


def test_record_spans_reads_the_documents_stored_with_sources_add(source_doc, tmp_path, monkeypatch, capsys):
    stored = tmp_path / "data" / "sources"
    stored.mkdir(parents=True)
    (stored / "lotr-faq.txt").symlink_to(source_doc("lotr-faq").path)
    monkeypatch.delenv("ADJUDICATOR_SOURCES", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "argv", ["record_spans.py"])
    assert load("record_spans").main() == 0
    out = capsys.readouterr().out
    assert "lotr-faq" in out and "no source documents" not in out
    assert "lotr-rr" not in out  # it read that folder, not the variable's
