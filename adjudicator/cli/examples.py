"""One example per command, shown at the end of its --help (applied at registration by
`conventions.apply`).  A test checks that every command has one and that the README
documents every command."""

from __future__ import annotations

EXAMPLES: dict[str, str] = {
    "sources list": "adjudicator sources list --json",
    "sources add": "adjudicator sources add ~/Downloads/rules-reference.txt ~/Downloads/faq.txt",
    "index": "adjudicator index --force",
    "rule": "adjudicator rule 'engagement check' --game lotr",
    "show": "adjudicator show lotr:rr:step:6.4.3",
    "timing": "adjudicator timing 6.4.3",
    "faq": "adjudicator faq 1.24",
    "errata": "adjudicator errata 'CORE 12'",
    "search": "adjudicator search 'ranged attack staging area' --kind qa --source FAQ",
    "replay": "adjudicator replay situation.yaml --board",
    "check": "adjudicator check situation.yaml --json",
    "schema": "adjudicator schema --game metw > metw-situation.schema.json",
    "scenario": "adjudicator scenario --list --authority fan",
    "card": "adjudicator card 'Chieftain Ufthak'",
    "keyword": "adjudicator keyword Archery",
    "ask": "adjudicator ask 'can my ranged hero attack an enemy in the staging area?'",
    "mcp": "adjudicator mcp    # started by an MCP client; see the README",
}

EXIT_CODES = (
    (0, "found, done, legal"),
    (1, "nothing found, or a \"no\" (an illegal position, a failed check)"),
    (2, "bad input or usage (a bad file, option or argument; a folder that cannot be written)"),
    (3, "a replay stopped for a decision the situation file does not make"),
)
