"""Rendering `card` and the quest part of `scenario`: Rich for people, plain dicts for --json.

Every record shown carries its citation (id, document, line span); the card library's
abilities are our paraphrase and are labelled so.
"""

from __future__ import annotations

from .kb_render import source_label
from .render import console

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start (annotations only)
if TYPE_CHECKING:
    from typing import Any

FIGURES = ("cost", "threat_cost", "engagement_cost", "willpower", "threat", "attack", "defense", "hit_points",
           "quest_points", "victory", "escape", "eyes")
KIND_LABEL = {"when_revealed": "When revealed", "setup": "Setup", "constant": "Constant", "forced": "Forced",
              "response": "Response", "action": "Action", "shadow": "Shadow", "keyword": "Keyword",
              "travel": "Travel", "interrupt": "Interrupt", "lost": "Lost", "riddle": "Riddle", "burgle": "Burgle"}


def cited(record) -> dict[str, Any] | None:
    """A record with its citation, in the form the JSON of `card` and `scenario` uses."""
    if record is None:
        return None
    return {
        "id": record.id,
        "kind": record.kind.value,
        "title": record.title,
        "source": record.span.doc,
        "lines": [record.span.start, record.span.end],
        "label": source_label(record.span.doc, record.span.start, record.span.end),
        "authority": record.authority.value,
        "summary": record.summary,
        "text": record.text,
        "also_in": [{"source": s.doc, "lines": [s.start, s.end], "label": source_label(s.doc, s.start, s.end)}
                    for s in record.also_in],
        "notes": record.notes,
    }


def _ability_json(a: dict) -> dict[str, Any]:
    return {
        "label": a["label"], "kind": a["kind"], "says": a["says"],
        "errata": cited(a["errata"]) if a["errata"] is not None else ({"id": a["errata_id"]} if a["errata_id"] else None),
        "printed": None if not a["errata_id"] and not a.get("removed_by_errata") else
        {"says": a["printed_says"], "absent": a["absent_when_printed"]},
        "rulings": [cited(r) for r in a["rulings"]],
        "wins": a.get("wins", False),
        "library_line": a["line"],
    }


def _figures_json(card: dict | None) -> dict | None:
    if card is None:
        return None
    return {k: v for k, v in card.items() if not k.startswith("_")}


def card_json(result: dict) -> dict[str, Any]:
    figures = _figures_json(result["figures"])
    return {
        "name": result["name"],
        "typed": result["typed"],
        "corrected": result["corrected"],
        "set_ref": result["set_ref"],
        "figures": figures,
        "figures_file": (result["figures"] or {}).get("_file"),
        "printed": figures,  # the printed figures (kept under its first name)
        "record": cited(result["record"]),
        "abilities": [_ability_json(a) for a in result["abilities"]],
        "unwritten": [{"kind": u["kind"], "says": u["says"], "needs": u["needs"], "rulings": [cited(r) for r in u["rulings"]],
                       "library_line": u["line"]} for u in result.get("unwritten", ())],
        "other_designs": result.get("designs", []),
        "errata": [_linked(cited(r), result) for r in result["errata"]],
        "qa": [_linked(cited(r), result) for r in result["qa"]],
        "rulings": [_linked(cited(r), result) for r in result["rulings"]],
        "scenarios": result["scenarios"],
        "situations": [{"path": p, "command": f"adjudicator replay {p}"} for p in result["situations"]],
        "ruling_rows": result["ruling_rows"],
    }


def _linked(found: dict, result: dict) -> dict:
    """A record not naming the card, which a ruling situation stages it for, says so: "linked":
    "staged in faq/rulings.yaml: scenarios/..." (``ask.staged_rulings``); the others, None."""
    where = (result.get("staged") or {}).get(found["id"])
    return {**found, "linked": _how(where) if where else None}


def _how(where) -> str:
    from adjudicator.ask.staged_rulings import how

    return how(*where)


def _line(text: str, style: str = "", indent: str = "  "):
    from .render import Text

    return Text(indent + text, style=style)


def _cite(record, indent: str = "  ", show_text: bool = True) -> None:
    from .render import Text

    out = console()
    head = Text(indent)
    head.append(record.title, style="bold")
    head.append(f"  {record.id} · {source_label(record.span.doc, record.span.start, record.span.end)}", style="dim")
    if record.authority.value == "fan":
        head.append("  · fan content", style="yellow")
    out.print(head)
    if not show_text:
        return
    blocks = record.blocks
    if blocks and blocks[0].text.strip() == record.title.strip():
        blocks = blocks[1:]
    for block in blocks:
        prefix = "Example: " if block.example else ("• " if block.style == "bullet" else "")
        out.print(_line(prefix + block.text, "italic" if block.example else "", indent + "  "))


def _print_ability(a: dict, printed: bool, indent: str = "  ") -> None:
    from .render import Text

    out = console()
    kind = KIND_LABEL.get(a["kind"], a["kind"].replace("_", " ").capitalize())
    if a.get("removed_by_errata"):
        if printed:
            out.print(_line(f"{kind}: {a['printed_says']}", indent=indent))
        out.print(_line("removed by the FAQ's erratum" if printed else
                        f"(as first printed it also had: {kind.lower()}: {a['printed_says']})", "dim", indent + "  "))
        return
    if printed and a["absent_when_printed"]:
        out.print(_line(f"{kind}: not on the card as first printed; the FAQ's erratum added it", "dim", indent))
        return
    says = a["printed_says"] if printed and a["errata_id"] and a["printed_says"] else a["says"]
    line = Text(indent)
    line.append(kind + ": ", style="bold")
    line.append(says)
    out.print(line)
    if a["errata_id"]:
        where = ""
        if a["errata"] is not None:
            e = a["errata"]
            where = f" · {source_label(e.span.doc, e.span.start, e.span.end)}"
        if printed:
            out.print(_line(f"as first printed; the erratum {a['errata_id']}{where} changed it to: {a['says']}",
                            "yellow", indent + "  "))
        else:
            first = "not on the card as first printed" if a["absent_when_printed"] else \
                (f"as first printed: {a['printed_says']}" if a["printed_says"] and a["printed_says"] != a["says"] else "")
            out.print(_line(f"errata applied: {a['errata_id']}{where}" + (f"; {first}" if first else ""),
                            "yellow", indent + "  "))
    for r in a["rulings"]:
        out.print(_line(f"ruling: {r.title}  {r.id} · {source_label(r.span.doc, r.span.start, r.span.end)}",
                        "dim", indent + "  "))


def print_card(result: dict, printed: bool = False, name_game: bool = False) -> None:
    """A LOTR card for people; ``name_game``: no --game was given, so the header names the game."""
    from .render import Text

    out = console()
    p = result["figures"]
    assumed = set((p or {}).get("assumed") or ())

    def mark(key: str, text: str) -> str:  # a figure the documents do not give, supplied by the card data
        return f"{text} (assumed)" if key in assumed else text

    head = Text(result["name"], style="bold cyan")
    if result["set_ref"]:
        number_assumed = "number" in assumed and not (result["record"] is not None and result["record"].data.get("set_ref"))
        head.append(f"  ({result['set_ref']}{', number assumed' if number_assumed else ''})", style="dim")
    if result["record"] is not None:
        r = result["record"]
        head.append(f"  {r.id} · {source_label(r.span.doc, r.span.start, r.span.end)}", style="dim")
    if name_game:
        head.append("  · LOTR: The Card Game", style="dim")
    out.print(head)
    if result["corrected"]:
        out.print(_line(f"showing {result['name']} (you typed {result['typed']})", "yellow"))
    if p:
        kind = " · ".join(mark(k, str(p[k])) for k in ("type", "sphere", "encounter_set") if p.get(k))
        stats = ", ".join(mark(k, f"{k.replace('_', ' ')} {p[k]}") for k in FIGURES if p.get(k) is not None)
        out.print(_line(kind + (" · " + stats if stats else "")))
        extra = []
        if p.get("traits"):
            extra.append(mark("traits", "traits: " + ", ".join(p["traits"])))
        if p.get("keywords"):
            extra.append(mark("keywords", "keywords: " + ", ".join(p["keywords"])))
        if extra:
            out.print(_line("  ".join(extra)))
        if assumed:
            out.print(_line("(assumed): a figure the documents do not give, supplied by the card data "
                            f"({p.get('_file') or 'rules_db/lotr/cards/'})", "dim"))
    if result["abilities"]:
        version = "as first printed" if printed else "the FAQ's errata applied; --printed for the first printing"
        out.print(Text(f"\nAbilities (card library, our paraphrase; {version})", style="bold"))
        for a in result["abilities"]:
            _print_ability(a, printed)
    if result.get("unwritten"):
        out.print(Text("\nNot yet in the ability grammar (shown, never replayed)", style="bold"))
        for u in result["unwritten"]:
            line = Text("  ")
            line.append(KIND_LABEL.get(u["kind"], u["kind"].replace("_", " ").capitalize()) + ": ", style="bold")
            line.append(u["says"])
            out.print(line)
            out.print(_line(f"needs: {u['needs']}", "yellow", "    "))
            for r in u["rulings"]:
                out.print(_line(f"ruling: {r.title}  {r.id} · {source_label(r.span.doc, r.span.start, r.span.end)}",
                                "dim", "    "))
    if result.get("designs"):
        out.print(Text("\nOther designs with this title", style="bold"))
        for d in result["designs"]:
            ref = f" ({d['set_ref']})" if d.get("set_ref") else ""
            out.print(_line(f"{d['name']}{ref} · {d['type']}  adjudicator card \"{d['name']}\""))
    for title, key in (("Errata", "errata"), ("Questions and answers", "qa"), ("Rulings", "rulings")):
        if result[key]:
            out.print(Text("\n" + title, style="bold"))
            for r in result[key]:
                _cite(r)
                where = (result.get("staged") or {}).get(r.id)
                if where:  # its text does not name the card: say how it was linked
                    out.print(_line(_how(where), "dim", "    "))
    if not any(result[k] for k in ("errata", "qa", "rulings")):
        out.print(_line("\nNo ruling on this card in the documents."
                        + (" Its abilities above are the card library's." if result["abilities"] else ""), indent=""))
    if result["scenarios"]:
        out.print(Text("\nScenarios", style="bold"))
        for s in result["scenarios"]:
            where = f"  {s['id']}" if s.get("id") else ""
            out.print(_line(f"{s['title']}  ({s['how']}){where}"))
    _print_situations(result)


SITUATIONS_SHOWN = 8  # a card many situations use as a plain enemy or ally lists the rest in --json


def situations_in_order(result: dict) -> list[str]:
    """The situation files with the card, those that replay a ruling about it first, then those
    named after it, then the others (where it is only one of the cards in play)."""
    from adjudicator.kb.names import name_key

    rows = [p for row in result["ruling_rows"] if row.get("about_the_card", True) for p in row["situations"]]
    slug = name_key(result["name"]).replace(" ", "-")

    def rank(path: str) -> tuple:
        return (0 if path in rows else 1 if slug and slug in path.rsplit("/", 1)[-1] else 2, path)

    return sorted(result["situations"], key=rank)


def _print_situations(result: dict) -> None:
    from .render import Text

    out = console()
    rows = [row for row in result["ruling_rows"] if row.get("about_the_card", True)]
    if not (result["situations"] or rows):
        return
    out.print(Text("\nSituations with this card (replay them to see it resolve)", style="bold"))
    paths = situations_in_order(result)
    for path in paths[:SITUATIONS_SHOWN]:
        out.print(_line(f"adjudicator replay {path}"))
    if len(paths) > SITUATIONS_SHOWN:
        more = len(paths) - SITUATIONS_SHOWN
        out.print(_line(f"and {more} more situation{'s' if more > 1 else ''} with this card in play (--json lists them all)",
                        "dim"))
    for row in rows:
        status = f" ({row['status']})" if row.get("status") else ""
        out.print(_line(f"faq/{row.get('file', 'rulings.yaml')}: {row['ruling']} {row['topic']}{status}", "dim"))


# -- scenario: the quest cards -----------------------------------------------------------


def quest_json(quest: dict | None) -> dict[str, Any] | None:
    if quest is None:
        return None
    return {
        "encounter_sets": quest["encounter_sets"],
        "stages": [{"name": s["name"], "set": s["set"], "number": s["number"], "quest_points": s["quest_points"],
                    "final": s["final"], "abilities": [_ability_json(a) for a in s["abilities"]]}
                   for s in quest["stages"]],
        "setup": {"rule": cited(quest["setup_rule"]),
                  "stages": [{"stage": s["name"], **_ability_json(a)} for s, a in quest["setup"]]},
        "special_rules": [{"stage": s["name"], **_ability_json(a)} for s, a in quest["special"]],
        "how_to_win": {"rule": cited(quest["win_rule"]),
                       "final_stages": [s["name"] for s in quest["final_stages"]],
                       "abilities": [{"stage": s["name"], **_ability_json(a)}
                                     for s in quest["final_stages"] for a in s["abilities"]]},
    }


def documents_json(found: dict) -> dict[str, Any]:
    """The JSON of `quest_cards.from_documents`: a scenario without quest cards in the library."""
    return {"setup": {"rule": cited(found["setup_rule"]), "records": [cited(r) for r in found["setup"]]},
            "special_rules": [cited(r) for r in found["special"]],
            "how_to_win": {"rule": cited(found["win_rule"]), "records": [cited(r) for r in found["win"]]}}


def print_quest(quest: dict | None, documents: dict | None = None) -> None:
    from .render import Text

    out = console()
    if quest is None:
        out.print(Text("\nQuest cards: not in the card library for this scenario"
                       + ("; what the documents say of its setup, special rules and how to win:" if documents else "."),
                       style="dim"))
        if documents:
            _print_documents_quest(documents)
        return
    out.print(Text("\nQuest cards (card library, our paraphrase), in order", style="bold"))
    for s in quest["stages"]:
        qp = f" · {s['quest_points']} quest points" if s.get("quest_points") is not None else ""
        final = " · final stage" if s["final"] else ""
        out.print(_line(f"{s['set']} {s['number']} {s['name']}{qp}{final}", "bold green"))
    out.print(Text("\nSetup", style="bold"))
    if quest["setup_rule"] is not None:
        _cite(quest["setup_rule"], show_text=False)
    _by_stage(quest["setup"])
    out.print(Text("\nSpecial rules", style="bold"))
    _by_stage(quest["special"])
    out.print(Text("\nHow to win", style="bold"))
    if quest["win_rule"] is not None:
        _cite(quest["win_rule"], show_text=False)
    out.print(_line("defeat the final stage: " + " or ".join(s["name"] for s in quest["final_stages"])))
    _by_stage([(s, a) for s in quest["final_stages"] for a in s["abilities"] if a.get("wins") or a["kind"] == "constant"])


def _by_stage(pairs) -> None:
    """Abilities under the name of their stage, each stage named once."""
    shown = None
    for stage, ability in pairs:
        if stage["name"] != shown:
            console().print(_line(stage["name"], "green"))
            shown = stage["name"]
        _print_ability(ability, False, "    ")


def _print_documents_quest(found: dict) -> None:
    """The scenario's rulings (their text is above, under Rulings) sorted under the three
    headings of a quest, each with the Rules Reference's general rule."""
    from .render import Text

    out = console()
    for title, rule, records, empty in (
            ("Setup", found["setup_rule"], found["setup"], "no setup ruling of its own: the general setup"),
            ("Special rules", None, found["special"], "no ruling of its own in the documents"),
            ("How to win", found["win_rule"], found["win"], "")):
        out.print(Text("\n" + title, style="bold"))
        if rule is not None:
            _cite(rule, show_text=False)
        for record in records:
            _cite(record, show_text=False)
        if not records and empty:
            out.print(_line(empty, "dim"))
