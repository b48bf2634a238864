"""Every id the abilities package can cite exists in the knowledge base; modules cite
through the table (cites.py), never as literals."""

from __future__ import annotations

import pathlib
import re

from adjudicator.lotr.abilities import cites as C


def test_every_citation_is_a_well_formed_record_id():
    from adjudicator.kb.records import ID_PATTERN

    for cid in C.all_ids():
        assert ID_PATTERN.match(cid), cid


def test_modules_cite_only_through_the_table():
    folder = pathlib.Path(C.__file__).parent
    for path in folder.glob("*.py"):
        if path.name == "cites.py":
            continue
        literals = re.findall(r"[\"'](lotr:[a-z]+:[^\"']+)[\"']", path.read_text(encoding="utf-8"))
        assert not literals, f"{path.name} cites literal ids {literals}"


def test_every_id_the_package_can_cite_exists(kb_ids):
    assert not sorted(C.all_ids() - kb_ids)


def test_the_faq_ranges_used_exist(kb_ids):
    assert {C.faq(n) for n in C.CLARIFICATIONS} <= kb_ids
    assert {C.qa(n) for n in range(1, 90)} <= kb_ids
