"""Our one-line summaries of the Rules Reference and FAQ 1.9 records (rules_db/lotr/summaries).

Every record gets a summary in the project's own words: one line, short, and never a copy of
the document's sentences (no run of 8 or more words taken over from the record's text).
"""

from __future__ import annotations

import re

import pytest
import yaml

from adjudicator.paths import RULES_DB

SUMMARIES = RULES_DB / "lotr" / "summaries"
FILES = {"lotr-rr": SUMMARIES / "rr.yaml", "lotr-faq": SUMMARIES / "faq.yaml"}
MAX_CHARS = 160
COPY_RUN = 8


def load(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name} must be a mapping of record id to summary"
    return data


def words(text: str) -> list[str]:
    return [w for w in re.split(r"[^a-z]+", text.lower()) if w]


def shared_runs(summary: str, source: str, length: int = COPY_RUN) -> list[str]:
    """Runs of ``length`` consecutive words that the summary shares with the source text."""
    def runs(ws):
        return {tuple(ws[i:i + length]) for i in range(len(ws) - length + 1)}

    return sorted(" ".join(run) for run in runs(words(summary)) & runs(words(source)))


@pytest.fixture(scope="module")
def summaries():
    return {doc: load(path) for doc, path in FILES.items()}


@pytest.fixture(scope="module")
def records(source_doc):
    """The parsed records of both documents, by document key and id."""
    out = {}
    for key in FILES:
        doc = source_doc(key)
        out[key] = {r.id: r for r in doc.type.load_parser()(doc.lines, doc)}
    return out


# -- without the sources -----------------------------------------------------------------


def test_summary_files_map_quoted_ids_to_text(summaries):
    for doc, data in summaries.items():
        assert data, f"no summaries for {doc}"
        for rid, text in data.items():
            assert isinstance(rid, str) and rid.startswith("lotr:"), rid
            assert isinstance(text, str) and text.strip(), f"{rid}: empty summary"


def test_every_summary_is_one_line_of_at_most_160_characters(summaries):
    for data in summaries.values():
        for rid, text in data.items():
            assert "\n" not in text.strip(), f"{rid}: more than one line"
            assert len(text) <= MAX_CHARS, f"{rid}: {len(text)} characters"


def test_no_id_has_a_summary_in_both_files(summaries):
    assert not set(summaries["lotr-rr"]) & set(summaries["lotr-faq"])


def test_copy_check_finds_a_run_of_eight_words_and_ignores_seven():
    source = "The quick brown fox jumps over the lazy dog near the old river bank."
    assert shared_runs("Look: quick brown fox jumps over the lazy dog, again.", source) == [
        "quick brown fox jumps over the lazy dog"]
    assert shared_runs("A quick brown fox jumps over the lazy cat.", source) == []
    assert shared_runs("QUICK-brown fox; jumps over THE lazy dog!", source)  # case and punctuation do not hide a copy


# -- with the sources --------------------------------------------------------------------


def test_every_rules_reference_and_faq_record_has_a_summary(summaries, records):
    for doc, by_id in records.items():
        missing = sorted(set(by_id) - set(summaries[doc]))
        assert not missing, f"{doc} records without a summary: {missing}"


def test_every_summarised_id_is_a_parsed_record_of_that_document(summaries, records):
    for doc, data in summaries.items():
        unknown = sorted(set(data) - set(records[doc]))
        assert not unknown, f"ids in {FILES[doc].name} that the {doc} parser does not produce: {unknown}"


def test_no_summary_copies_eight_words_in_a_row_from_its_record(summaries, records):
    copies = {}
    for doc, data in summaries.items():
        for rid, text in data.items():
            record = records[doc].get(rid)
            if record is None:
                continue
            found = shared_runs(text, record.title + "\n" + record.text)
            if found:
                copies[rid] = found
    assert not copies, f"summaries copying the source: {copies}"
