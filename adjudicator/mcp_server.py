"""An MCP server (Model Context Protocol, stdio) over the knowledge base and the engines,
so that an assistant quotes the rules instead of inventing them.

Tools: ask, rule, card, faq, scenario, timing (knowledge base), replay and check
(engines: situation YAML in, trace or verdict out).  Every result is JSON carrying its
citations: record ids with their document and line span (``source``), so each claim can
be checked against the user's own documents.  Bad input is a tool error with the same
one-line message the CLI prints.  The tools call library functions, not the CLI.

Needs the official SDK: ``pip install 'adjudicator[mcp]'``; started by ``adjudicator mcp``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

INSTRUCTIONS = (
    "Rules reference for Lord of the Rings games (LOTR: The Card Game, Middle-earth: The Wizards, "
    "Middle-earth Quest), built from the user's own rules documents. Quote the records these tools return and "
    "cite their ids and source lines; replay and check take a situation file's YAML (see the schema in the "
    "project's docs/situation-format.md) and return the engine's step-by-step trace with the rule for each step."
)
MAX_SITUATION_CHARS = 1_000_000  # as the CLI's limit on situation files


def cite(record) -> dict[str, Any]:
    """A record as a citation: id, title, document and line span, authority, summary."""
    from adjudicator.cli.kb_render import source_label

    span = record.span
    return {"id": record.id, "title": record.title, "kind": record.kind.value, "source": span.doc,
            "lines": [span.start, span.end], "label": source_label(span.doc, span.start, span.end),
            "authority": record.authority.value, "summary": record.summary}


def with_text(record) -> dict[str, Any]:
    return {**cite(record), "text": record.text}


def _kb():
    from adjudicator.kb.api import open_kb

    return open_kb(quiet=True)


def _query(text: str) -> str:
    from adjudicator.cli.options import clip_query, text_problem
    from adjudicator.errors import InputError

    problem = text_problem(text or "")
    if problem:
        raise InputError(f"the query {problem}")
    return clip_query(text)[0]


def _game(game: str | None) -> str | None:
    from adjudicator.cli.options import GAMES
    from adjudicator.errors import InputError

    if game in (None, ""):
        return None
    if game.lower() not in GAMES:
        raise InputError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    return game.lower()


# -- the tools, as plain functions (tested without the SDK too) --------------------------


def rule(name: str, game: str | None = None) -> dict[str, Any]:
    """A rules entry by name (forgiving: 'engagement check', 'engagment'): its text, source lines and the FAQ entries about it. game: lotr, metw or meq."""
    from adjudicator.kb import lookup

    kb = _kb()
    record = lookup.find_rule(kb, _query(name), _game(game))
    return {"record": with_text(record), "faq": [with_text(r) for r in lookup.touching(kb, record.id)]}


def faq(query: str) -> dict[str, Any]:
    """LOTR FAQ 1.9: a clarification by number ('1.24'), a question ('Q14'), or the entries that mention a card or term."""
    from adjudicator.kb import lookup

    answer = lookup.faq(_kb(), _query(query))
    return {"query": query, "results": [with_text(r) for r in answer.records]}


def timing(step: str | None = None) -> dict[str, Any]:
    """LOTR round sequence: every framework step (0.0-7.5) with its action windows, or one step's text ('6.4.3')."""
    from adjudicator.kb import lookup

    kb = _kb()
    if step:
        return {"step": with_text(lookup.find_step(kb, _query(step)))}
    return {"steps": lookup.timing_steps(kb)}


def card(name: str, game: str | None = None) -> dict[str, Any]:
    """Everything about one card ('Chieftain Ufthak' or 'CORE 90'), as `adjudicator card NAME --json` gives it: printed figures, abilities, errata, Q&A and rulings (with the rulings a ruling situation links to it: "linked"), scenarios, situations. game: lotr, metw or meq (default: the game the name finds)."""
    from adjudicator.cli.companion_commands import card_document

    return card_document(_kb(), _query(name), game=_game(game))


def scenario(name: str) -> dict[str, Any]:
    """A LOTR scenario ('escape dol guldur'): difficulty, keywords, rulings, card FAQ, easy-mode removals."""
    from adjudicator.lotr import qc_lookup

    result = qc_lookup.scenario(_kb(), _query(name))
    record = result["record"]
    return {"scenario": with_text(record), "difficulty": record.data.get("difficulty"),
            "product": record.data.get("product"), "keywords": [cite(r) for r in result["keywords"]],
            "rulings": [with_text(r) for r in result["rulings"]],
            "card_faq": [{"card": e["card"], "errata": with_text(e["errata"]) if e["errata"] is not None else None,
                          "qa": [with_text(r) for r in e["qa"]]} for e in result["faq"]],
            "easy_mode": result["easy_mode"]}


def ask(question: str, game: str | None = None, limit: int = 4) -> dict[str, Any]:
    """A rules question in a player's words: the verdict, the deciding record with its decisive sentence, then supporting records, each cited. game: lotr, metw or meq (default: the game the question is about)."""
    from adjudicator.ask.answer import ask as run

    kb = _kb()
    question = _query(question)
    game = _game(game) if game else None
    limit = max(1, min(int(limit), 20))
    answer = run(kb, question, game=game, limit=limit)
    data = answer.to_dict()
    ids = [c["id"] for c in ([data["best"]] if data.get("best") else []) + list(data.get("supporting", []))]
    data["citations"] = [cite(r) for r in kb.store.get_many(ids)]
    return data


def replay(situation: str, stop: str | None = None, abilities: bool = True) -> dict[str, Any]:
    """Replay a situation (the YAML text of a situation file; its game: field picks the engine: lotr, metw or meq) step by step, each step citing the rule that decided it. stop: LOTR a step id (5.3), end-of-phase, end-of-round, end-of-game or N rounds (2r); METW and MEQ the number of entries to replay. exit_code: 0 done, 1 an illegal declaration or a missed expectation, 3 stopped for a decision."""
    from adjudicator.engine import game

    with _situation_file(situation) as path:
        data = game.replay(game.open_situation(path), stop=stop, abilities=abilities).to_dict()
    data["citations"] = _citations(data)
    return data


def check(situation: str, abilities: bool = True) -> dict[str, Any]:
    """Check a situation (YAML text) and its declared decisions: legal or not, every violation with its rule."""
    from adjudicator.engine import game

    with _situation_file(situation) as path:
        data = game.check(game.open_situation(path), abilities=abilities).to_dict()
    data["citations"] = _citations(data)
    return data


class _situation_file:
    """The YAML text as a file named situation.yaml (the loaders report file and line)."""

    def __init__(self, text: str):
        from adjudicator.errors import InputError

        if not isinstance(text, str) or not text.strip():
            raise InputError("the situation is empty: give the YAML text of a situation file")
        if len(text) > MAX_SITUATION_CHARS:
            raise InputError(f"the situation is {len(text)} characters long; at most {MAX_SITUATION_CHARS} are read")
        self.text = text

    def __enter__(self) -> Path:
        self.folder = tempfile.TemporaryDirectory(prefix="adjudicator-mcp-")
        path = Path(self.folder.name) / "situation.yaml"
        path.write_text(self.text, encoding="utf-8", errors="surrogateescape")
        return path

    def __exit__(self, *exc) -> None:
        self.folder.cleanup()


def _citations(data: Any) -> list[dict[str, Any]]:
    """Every record id cited anywhere in an engine result, resolved to its source lines
    (ids the knowledge base lacks, such as a citation of a card's own text, are listed
    with ``source: null``)."""
    ids: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str) and key in ("citations", "rules", "rule", "citation", "cites") and ":" in value:
            ids.append(value)

    walk(data)
    ids = list(dict.fromkeys(ids))
    try:
        found = {r.id: cite(r) for r in _kb().store.get_many(ids)}
    except Exception:  # no knowledge base built: the ids still stand
        found = {}
    return [found.get(i, {"id": i, "source": None, "lines": None}) for i in ids]


TOOLS = (ask, rule, card, faq, scenario, timing, replay, check)


def build_server():
    """The MCP server with every tool registered (needs the ``mcp`` extra)."""
    try:
        from mcp.server.mcpserver import MCPServer
        from mcp.server.mcpserver.exceptions import ToolError
    except ImportError as exc:
        from adjudicator.errors import InputError

        raise InputError("the MCP server needs the official MCP SDK",
                         hint="install it with: pip install 'adjudicator[mcp]'") from exc
    import functools

    from adjudicator import __version__
    from adjudicator.errors import AdjudicatorError

    server = MCPServer("adjudicator", instructions=INSTRUCTIONS, version=__version__)
    for tool in TOOLS:
        @functools.wraps(tool)
        def guarded(*args, __tool=tool, **kwargs):
            try:
                return __tool(*args, **kwargs)
            except AdjudicatorError as exc:  # bad input or nothing found: the CLI's one line, as a tool error
                raise ToolError(exc.message + (f" ({exc.hint})" if exc.hint else "")) from None
            except OSError as exc:
                from adjudicator.errors import os_error_message

                raise ToolError(os_error_message(exc)) from None

        server.add_tool(guarded, name=tool.__name__, description=(tool.__doc__ or "").strip() or None,
                        structured_output=True)
    return server


def serve() -> None:
    build_server().run("stdio")
