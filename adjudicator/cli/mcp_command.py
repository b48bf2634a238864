"""`adjudicator mcp`: serve the knowledge base and the engines to an MCP client (stdio)."""

from __future__ import annotations


def register(app) -> None:
    @app.command("mcp")
    def mcp_command() -> None:
        """Serve the rules over the Model Context Protocol on stdin/stdout, for an MCP client.

        Tools: ask, rule, card, faq, scenario, timing, replay, check; every result carries
        its citations and source lines.  Needs: pip install 'adjudicator[mcp]'."""
        from adjudicator.mcp_server import build_server

        build_server().run("stdio")
