"""The MCP server end to end: the official SDK's client starts `adjudicator mcp` over stdio,
lists the tools and calls each; every answer carries citations whose line spans hold the
cited text in the user's documents."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

mcp = pytest.importorskip("mcp", reason="the MCP SDK: pip install -e '.[test]' brings it")

REPO = Path(__file__).resolve().parent.parent
TOOLS = {"ask", "rule", "card", "faq", "scenario", "timing", "replay", "check"}


def _lines_hold(sources: Path, cited: dict, words: str) -> bool:
    """The cited line span of the cited document holds ``words`` (case folded)."""
    from adjudicator.kb.documents import SourceDocument, recognise

    for path in sources.iterdir():
        doc = recognise(path.resolve())
        if isinstance(doc, SourceDocument) and doc.key == cited["source"]:
            start, end = cited["lines"]
            return words.lower() in " ".join(doc.lines[start - 1:end]).lower()
    return False


def _call_all(env: dict) -> dict:
    import anyio
    from mcp.client.client import Client
    from mcp.client.stdio import StdioServerParameters

    situation = (REPO / "scenarios/lotr/engagement-checks.yaml").read_text(encoding="utf-8")
    illegal = (REPO / "scenarios/lotr/illegal/escape-second-ally-refused.yaml").read_text(encoding="utf-8")
    calls = {
        "rule": {"name": "engagement check"},
        "faq": {"query": "1.24"},
        "timing": {"step": "6.4.3"},
        "card": {"name": "Chieftain Ufthak"},
        "scenario": {"name": "escape dol guldur"},
        "ask": {"question": "can my ranged hero attack an enemy in the staging area?"},
        "replay": {"situation": situation},
        "check": {"situation": illegal},
        "empty": ("rule", {"name": "  "}),
        "bad yaml": ("replay", {"situation": "players: [unclosed"}),
    }
    params = StdioServerParameters(command=sys.executable, args=["-m", "adjudicator", "mcp"], cwd=str(REPO.parent),
                                   env={**env, "PYTHONPATH": str(REPO)})
    results: dict = {}

    async def session() -> None:
        with anyio.fail_after(300):
            async with Client(params, read_timeout_seconds=120) as client:
                results["tools"] = {tool.name for tool in (await client.list_tools()).tools}
                for label, call in calls.items():
                    name, arguments = call if isinstance(call, tuple) else (label, call)
                    results[label] = await client.call_tool(name, arguments)

    anyio.run(session)
    return results


@pytest.fixture(scope="module")
def answers(lotr_cli_kb):
    return _call_all({k: v for k, v in os.environ.items()} | lotr_cli_kb)


def test_the_server_offers_the_eight_tools(answers):
    assert answers["tools"] == TOOLS


def test_every_lookup_answer_cites_records_whose_lines_hold_them(answers, lotr_cli_env):
    sources = Path(lotr_cli_env["ADJUDICATOR_SOURCES"])
    rule = answers["rule"].structured_content
    assert not answers["rule"].is_error and rule["record"]["id"] == "lotr:rr:engagement-check"
    assert _lines_hold(sources, rule["record"], "engagement check")
    faq = answers["faq"].structured_content["results"][0]
    assert faq["id"] == "lotr:faq:1.24" and _lines_hold(sources, faq, "1.24")
    step = answers["timing"].structured_content["step"]
    assert step["id"] == "lotr:rr:step:6.4.3" and _lines_hold(sources, step, "6.4.3")
    card = answers["card"].structured_content
    assert card["set_ref"] == "CORE 90" and "lotr:faq:q:4" in [q["id"] for q in card["qa"]]
    assert all(q["source"] and q["lines"] for q in card["qa"])
    scenario = answers["scenario"].structured_content["scenario"]
    assert scenario["id"].startswith("lotr:qc:scenario:") and _lines_hold(sources, scenario, "Dol Guldur")
    ask = answers["ask"].structured_content
    assert ask["best"] and ask["citations"] and ask["citations"][0]["id"] == ask["best"]["id"]
    assert all(_lines_hold(sources, c, c["title"].split()[0]) for c in ask["citations"][:3])


def test_replay_and_check_return_the_trace_with_each_rule_and_its_source_lines(answers):
    trace = answers["replay"].structured_content
    assert trace["steps"] and all(step["citations"] for step in trace["steps"])
    cited = {c["id"]: c for c in trace["citations"]}
    assert "lotr:rr:step:5.3" in cited and cited["lotr:rr:step:5.3"]["source"] == "lotr-rr"
    verdict = answers["check"].structured_content
    assert verdict["legal"] is False and verdict["violations"]
    assert all(v["rules"] for v in verdict["violations"]) and any(c["lines"] for c in verdict["citations"])


def test_bad_input_is_a_tool_error_with_the_clis_message(answers):
    assert answers["empty"].is_error and "is empty" in answers["empty"].content[0].text
    bad = answers["bad yaml"]
    assert bad.is_error and "situation.yaml" in bad.content[0].text
