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


@pytest.fixture(scope="session")
def lotr_cli_env(sources_dir, tmp_path_factory):
    """Environment for running the CLI on a knowledge base of the three LOTR documents."""
    import os

    from adjudicator.kb.documents import SourceDocument, recognise

    folder = tmp_path_factory.mktemp("lotr-sources")
    for path in sorted(sources_dir.iterdir()):
        if path.is_file():
            doc = recognise(path)
            if isinstance(doc, SourceDocument) and doc.key in ("lotr-rr", "lotr-faq", "lotr-qc"):
                (folder / path.name).symlink_to(path.resolve())
    if not any(folder.iterdir()):
        pytest.skip("needs the LOTR source documents")
    env = {"ADJUDICATOR_SOURCES": str(folder), "ADJUDICATOR_CACHE": str(tmp_path_factory.mktemp("kb-cache"))}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    from adjudicator.kb.api import open_kb

    open_kb(quiet=True)  # build once
    yield env
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


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
