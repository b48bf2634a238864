"""The Companion parsed once per test session (tests skip without the sources)."""

import pytest


@pytest.fixture(scope="session")
def qc_records(source_doc):
    from adjudicator.lotr import companion

    doc = source_doc("lotr-qc")
    records = companion.parse(doc.lines, doc)
    return {r.id: r for r in records}


@pytest.fixture(scope="session")
def qc_stats(qc_records):
    from adjudicator.lotr import companion

    return dict(companion.LAST_STATS)


@pytest.fixture
def run_cli(lotr_cli_env, capsys):
    import json as _json

    from adjudicator.cli import main

    def run(*args):
        code = main(list(args))
        out = capsys.readouterr()
        data = _json.loads(out.out) if "--json" in args and code == 0 else None
        return code, data, out

    return run
