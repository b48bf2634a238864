"""Scenario, card and keyword lookups, and `ask`: questions in plain English.

Each command parses its options, makes one library call (`adjudicator.lotr.qc_lookup`,
`adjudicator.ask.answer`) and renders the result: Rich for people, --json for scripts.
The bodies of card, keyword and ask are the module-level ``run_*`` functions, which the
fast path (`adjudicator.cli.fast`) calls without Typer: this module imports Typer only in
`register`.
"""

from __future__ import annotations


JSON_HELP = "Print JSON on stdout (stable field names, no colour)."


def _kb():
    from adjudicator.kb.api import open_kb

    return open_kb()


def _brief(record) -> dict | None:
    """A record in the short form the JSON of these commands uses."""
    if record is None:
        return None
    return {
        "id": record.id,
        "kind": record.kind.value,
        "title": record.title,
        "source": record.span.doc,
        "lines": [record.span.start, record.span.end],
        "authority": record.authority.value,
        "summary": record.summary,
        "text": record.text,
        "also_in": [{"source": s.doc, "lines": [s.start, s.end]} for s in record.also_in],
        "notes": record.notes,
    }


def _label(record) -> str:
    from .kb_render import source_label

    return source_label(record.span.doc, record.span.start, record.span.end)


def _print_entry(record, indent: str = "  ", show_text: bool = True) -> None:
    from .render import Text

    from .render import console

    line = Text(indent)
    line.append(record.title, style="bold")
    line.append(f"  {record.id} · {_label(record)}", style="dim")
    if record.authority.value == "fan":
        line.append("  · fan content", style="yellow")
    console().print(line)
    if show_text:
        blocks = record.blocks
        if record.kind.value == "qa" and blocks and blocks[0].text.strip() == record.title.strip():
            blocks = blocks[1:]  # the title is the question
        for block in blocks:
            if block.style == "heading":
                console().print(Text(indent + "  " + block.text, style="bold"))
                continue
            style = "italic" if block.example else ""
            prefix = "Example: " if block.example else ("• " if block.style == "bullet" else "")
            console().print(Text(indent + "  " + prefix + block.text, style=style))
        for note in record.notes:
            console().print(Text(indent + "  note: " + note, style="yellow"))


def register(app: typer.Typer) -> None:
    import typer

    @app.command("scenario")
    def scenario(
        name: str | None = typer.Argument(None, help="A scenario name (forgiving): 'escape dol guldur'."),
        list_all: bool = typer.Option(False, "--list", help="List the scenarios with their difficulty."),
        product: str | None = typer.Option(None, "--product", help="With --list: only this product ('Core Set', 'Dwarrowdelf')."),
        authority: str | None = typer.Option(None, "--authority", help="With --list: official or fan."),
        min_difficulty: int | None = typer.Option(None, "--min-difficulty", min=1, max=10, help="With --list: at least this official difficulty."),
        max_difficulty: int | None = typer.Option(None, "--max-difficulty", min=1, max=10, help="With --list: at most this official difficulty."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Show a LOTR scenario: difficulty, rating, keywords, rulings, card FAQ, easy-mode removals, and its
        quest cards' setup, special rules and how to win."""
        from adjudicator.errors import InputError
        from adjudicator.lotr import qc_lookup

        if authority and authority not in ("official", "fan"):
            raise InputError(f"unknown authority {authority!r}; expected official or fan")
        if list_all or not name:
            if name:
                raise InputError("give a scenario name or --list, not both")
            kb = _kb()
            found = qc_lookup.scenario_list(kb, product=product, authority=authority,
                                            min_difficulty=min_difficulty, max_difficulty=max_difficulty)
            if product and not found:
                from adjudicator.errors import NotFound
                from adjudicator.kb.names import best_matches, name_key

                known = qc_lookup.products(kb)
                close = best_matches(product, [(name_key(p), p, p, 0) for p in known], limit=3)
                raise NotFound(f"no scenario of a product named {product!r}", [m.name for m in close] or known[:3])
            rows = [{"id": r.id, "title": r.title, "product": r.data.get("product", ""),
                     "difficulty": r.data.get("difficulty"), "rating": r.data.get("rating"),
                     "votes": r.data.get("votes"), "authority": r.authority.value} for r in found]
            if json:
                from .render import emit_json

                emit_json({"count": len(rows), "scenarios": rows})
                return
            _print_scenario_list(rows)
            return
        from adjudicator.lotr.quest_cards import from_documents, quest_cards

        from .card_render import documents_json, print_quest, quest_json

        from adjudicator.errors import NotFound

        from .kb_commands import search_hint

        kb = _kb()
        try:
            result = qc_lookup.scenario(kb, name)
        except NotFound as exc:  # an MEQ mission or a METW site is no LOTR scenario: search finds it
            raise search_hint(exc, name) from None
        quest = quest_cards(kb, result["record"].title)
        documents = from_documents(kb, result["rulings"]) if quest is None else None
        if json:
            from .render import emit_json

            emit_json({**_scenario_json(result), "quest_cards": quest_json(quest),
                       "quest_from_documents": documents_json(documents) if documents else None})
            return
        _print_scenario(result)
        print_quest(quest, documents)

    @app.command("card")
    def card(
        name: str = typer.Argument(..., help="A card name (forgiving: 'chieftain ufthak') or a reference: 'CORE 90'."),
        printed: bool = typer.Option(False, "--printed", help="Show the abilities as first printed, before the FAQ's errata."),
        game: str | None = typer.Option(None, "--game", help="lotr, metw or meq (default: the game whose card it is)."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Everything about one card: figures, abilities (card library), errata, Q&A, rulings, scenarios, replays."""
        run_card(name, printed, game, json)

    @app.command("keyword")
    def keyword(
        name: str = typer.Argument(..., help="A keyword: 'Archery', 'guarded x', 'Time'."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Explain a keyword, with the official entry where there is one and the scenarios using it."""
        run_keyword(name, json)

    @app.command("ask")
    def ask(
        question: str = typer.Argument(..., help="A question in a player's words, in quotes."),
        limit: int = typer.Option(3, "--limit", min=0, max=10, help="How many supporting records to cite (at most 3 by default)."),
        game: str | None = typer.Option(None, "--game", help="lotr, metw or meq (default: the game the question is about)."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Answer a rules question: the verdict, the deciding record with its lines, then support.

        The game is recognised from the question (its cards, terms and players' words) and
        named in the answer; when it fits two games, both are shown.  --game overrides."""
        run_ask(question, limit, game, json)


def run_card(name: str, printed: bool, game: str | None, json: bool) -> None:
    """`adjudicator card` (the Typer command and the fast path both call this)."""
    from adjudicator.errors import NotFound

    from .kb_commands import _check_game, search_hint

    game = _check_game(game)
    try:
        _run_card(name, printed, game, json)
    except NotFound as exc:
        raise search_hint(exc, name, game) from None


def _run_card(name: str, printed: bool, game: str | None, json: bool) -> None:
    from .card_render import print_card

    kb = _kb()
    if json:
        from .render import emit_json

        emit_json(card_document(kb, name, printed, game))
        return
    found, result, also = _card_found(kb, name, game)
    if found != "lotr":
        _other_game_card(kb, name, found, False, also=also)
        return
    print_card(result, printed=printed, name_game=game is None)
    _print_also_games(also)


def card_document(kb, name: str, printed: bool = False, game: str | None = None) -> dict:
    """What `card NAME --json` prints (the MCP server's card tool returns it too): the LOTR
    card, or the METW or MEQ card the name is (``game``, or the game the name finds)."""
    from .card_render import card_json

    found, result, also = _card_found(kb, name, game)
    if found != "lotr":
        from adjudicator.ask.card_mentions import card_in_game

        return _other_game_json(card_in_game(kb, name, found), found, also)
    return {**card_json(result), "game": "lotr", "version": "printed" if printed else "errata", "other_games": also}


def _card_found(kb, name: str, game: str | None) -> tuple[str, dict | None, list[dict]]:
    """(the game whose card ``name`` is, the LOTR card's lookup or None for another game's,
    the other games' cards of that name)."""
    from adjudicator.errors import NotFound
    from adjudicator.lotr import card_lookup

    if game in ("metw", "meq"):
        return game, None, []
    try:
        result = card_lookup.card(kb, name)
    except NotFound:
        if game == "lotr":
            raise
        from adjudicator.ask.card_mentions import other_game_cards

        found = other_game_cards(kb, name)  # not a LOTR card: another game's (game detection)
        if not found:
            raise
        return found[0][0], None, _also_games(found[1:], "", name)
    also = []
    if game is None:
        from adjudicator.ask.card_mentions import other_game_cards

        if result["corrected"]:  # "Aragorn II" is METW's exactly, LOTR's only nearly
            exact = other_game_cards(kb, name)
            if exact:
                return exact[0][0], None, _also_games(exact[1:], result["name"], name)
        also = _also_games(other_game_cards(kb, result["name"]), "", result["name"])
    return "lotr", result, also


def _also_games(found: list[tuple[str, str]], lotr_name: str, typed: str) -> list[dict]:
    """The other games' cards of that name (`card` without --game shows one game's and names
    these), each with the command that shows it; a LOTR card that matched the name only
    nearly (``lotr_name``) comes last."""
    out, seen = [], set()
    for game, printed in found:
        if game not in seen:
            seen.add(game)
            out.append({"game": game, "name": printed, "command": f"adjudicator card {_quoted(printed)} --game {game}"})
    if lotr_name:
        out.append({"game": "lotr", "name": lotr_name, "command": f"adjudicator card {_quoted(lotr_name)} --game lotr"})
    return out


def _quoted(name: str) -> str:
    import shlex

    return shlex.quote(name)


def _print_also_games(also: list[dict]) -> None:
    from adjudicator.ask.game_detection import GAME_NAMES

    from .render import Text, console

    for other in also:
        line = Text(f"Also a card of {GAME_NAMES.get(other['game'], other['game'])}: ", style="yellow")
        line.append(f"{other['name']}  ", style="bold")
        line.append(other["command"], style="dim")
        console().print(line)


def run_keyword(name: str, json: bool) -> None:
    """`adjudicator keyword` (the Typer command and the fast path both call this)."""
    from adjudicator.lotr import qc_lookup

    kb = _kb()
    result = qc_lookup.keyword(kb, name)
    if json:
        from .render import emit_json

        emit_json({
            "keyword": _brief(result["record"]), "official": [_brief(r) for r in result["official"]],
            "variants": [_brief(r) for r in result["variants"]], "qa": [_brief(r) for r in result["qa"]],
            "scenarios": [{"id": r.id, "title": r.title} for r in result["scenarios"]],
        })
        return
    _print_keyword(result)


def run_ask(question: str, limit: int, game: str | None, json: bool) -> None:
    """`adjudicator ask` (the Typer command and the fast path both call this)."""
    from adjudicator.ask.answer import ask as run
    from adjudicator.errors import InputError

    from .kb_commands import _check_game

    if not question.strip():
        raise InputError("the question is empty")
    game = _check_game(game)
    kb = _kb()
    answer = run(kb, question, game=game, limit=1 + limit)
    if json:
        from .render import emit_json

        emit_json(answer.to_dict())
    else:
        from .answer_render import print_answer

        print_answer(answer)
    if answer.best is None:  # nothing found: exit 1, as every lookup does
        raise SystemExit(1)


# -- rendering ----------------------------------------------------------------------------


def _other_game_card(kb, name: str, game: str, as_json: bool, also: list[dict] | None = None) -> None:
    """A METW or MEQ card: its figures and the records of its game that name it."""
    from adjudicator.ask.card_mentions import card_in_game
    from adjudicator.ask.game_detection import GAME_NAMES

    result = card_in_game(kb, name, game)
    if as_json:
        from .render import emit_json

        emit_json(_other_game_json(result, game, also))
        return
    from .render import Text

    from .render import console

    out = console()
    head = Text(result["name"], style="bold cyan")
    head.append(f"  · {GAME_NAMES.get(game, game)}", style="dim")
    out.print(head)
    if result["corrected"]:
        out.print(Text(f"  showing {result['name']} (you typed {result['typed']})", style="yellow"))
    if result["figures"]:
        values = ", ".join(f"{k} {v}" for k, v in result["figures"].items() if k not in ("name", "group", "file"))
        out.print(f"  {result['figures']['group']}: {values}  [dim]({result['figures']['file']})[/]")
    if result["records"]:
        from adjudicator.kb.names import name_key

        out.print(Text(f"Named by {len(result['records'])} records", style="bold"))
        for record in result["records"]:  # the card's own entry (a mission card, a glossary card) with its text
            _print_entry(record, show_text=name_key(record.title) == name_key(result["name"]))
    _print_also_games(also or [])


def _other_game_json(result: dict, game: str, also: list[dict] | None) -> dict:
    """A METW or MEQ card as `card --json` prints it."""
    return {"name": result["name"], "typed": result["typed"], "corrected": result["corrected"], "game": game,
            "figures": result["figures"], "records": [_brief(r) for r in result["records"]], "other_games": also or []}


def _scenario_json(result: dict) -> dict:
    record = result["record"]
    d = record.data
    return {
        "scenario": _brief(record),
        "product": d.get("product"),
        "difficulty": d.get("difficulty"),
        "rating": d.get("rating"),
        "votes": d.get("votes"),
        "fan": d.get("fan"),
        "modes": d.get("modes", []),
        "keywords": [_brief(r) for r in result["keywords"]],
        "rulings": [_brief(r) for r in result["rulings"]],
        "faq": [{"card": e["card"], "as_written": e["as_written"], "errata": _brief(e["errata"]),
                 "qa": [_brief(r) for r in e["qa"]]} for e in result["faq"]],
        "easy_mode": {"kind": result["easy_mode"].get("kind"), "removals": result["easy_mode"].get("removals", []),
                      "record": _brief(result["easy_record"])},
        "strategy_tip": _brief(result["strategy_tip"]),
        "typed": result.get("typed"),
        "corrected": result.get("corrected", False),
        "as_close": result.get("alike", []),
    }


def _print_scenario_list(rows: list[dict]) -> None:
    from rich.table import Table

    from .render import console

    table = Table(title=f"{len(rows)} scenarios", title_justify="left")
    for column in ("scenario", "product", "difficulty", "rating", "votes", "authority"):
        table.add_column(column)
    for r in rows:
        table.add_row(r["title"], r["product"], "" if r["difficulty"] is None else str(r["difficulty"]),
                      "" if r["rating"] is None else f"{r['rating']:g}", str(r["votes"] or 0),
                      r["authority"] if r["authority"] == "official" else "[yellow]fan[/]")
    console().print(table)


def _print_scenario(result: dict) -> None:
    from .render import Text

    from .render import console

    record = result["record"]
    d = record.data
    out = console()
    head = Text(record.title, style="bold cyan")
    head.append(f"  {record.id} · {_label(record)}", style="dim")
    out.print(head)
    if result.get("corrected"):
        out.print(Text(f"  showing {record.title} (you typed {result['typed']})", style="yellow"))
    if result.get("alike"):
        out.print(Text("  as close: " + ", ".join(result["alike"]) + " (adjudicator scenario NAME)", style="yellow"))
    facts = [f"product: {d.get('product') or 'unknown'}",
             "official difficulty: " + ("not given" if d.get("difficulty") is None else str(d["difficulty"])),
             f"community rating: {d.get('rating'):g} ({d.get('votes')} votes)" if d.get("rating") is not None else ""]
    out.print("  " + " · ".join(f for f in facts if f))
    if d.get("fan"):
        out.print(Text("  Fan scenario (A Long-extended Party): not official content.", style="yellow"))
    if result["keywords"]:
        out.print(Text("\nKeywords", style="bold"))
        for r in result["keywords"]:
            _print_entry(r, show_text=False)
            out.print("    " + (r.summary or (r.rules_text.split("\n")[0][:200] if r.rules_text else "")))
    if result["rulings"]:
        out.print(Text("\nRulings", style="bold"))
        for r in result["rulings"]:
            _print_entry(r)
    if result["faq"]:
        out.print(Text("\nCard FAQ & errata", style="bold"))
        for e in result["faq"]:
            out.print(Text("  " + e["card"], style="bold green"))
            if e["errata"] is not None:
                _print_entry(e["errata"], indent="    ")
            for r in e["qa"]:
                _print_entry(r, indent="    ")
    easy = result["easy_mode"]
    out.print(Text("\nEasy mode", style="bold"))
    if easy.get("kind") == "list":
        out.print("  Add 1 resource to each hero in setup step 2, and remove:")
        for item in easy.get("removals", []):
            written = f" (written {item['as_written']!r})" if item.get("as_written") else ""
            out.print(f"    {item['quantity']}x {item['card']}  [dim]({item['encounter_set']}, L{item['line']}){written}[/]")
    elif easy.get("kind") == "generic":
        out.print("  Generic: add 1 resource to each hero; remove the gold-bordered (difficulty) cards."
                  f"  [dim]{easy.get('record')}[/]")
    else:
        out.print("  No easy-mode instructions on this page.")
    if result["strategy_tip"] is not None:
        out.print(Text("\nStrategy tip (the website's advice)", style="bold"))
        _print_entry(result["strategy_tip"])


def _print_keyword(result: dict) -> None:
    from .render import Text

    from .render import console

    out = console()
    record = result["record"]
    _print_entry(record, indent="")
    if record.summary:
        out.print(Text("In short: ", style="bold") + Text(record.summary))
    for r in result["official"]:
        out.print(Text("\nOfficial entry (ranks first)", style="bold"))
        _print_entry(r)
    for r in result["variants"]:
        out.print(Text("\nAs written on scenario pages", style="bold"))
        _print_entry(r)
    if result["qa"]:
        out.print(Text("\nQuestions and answers", style="bold"))
        for r in result["qa"]:
            _print_entry(r)
    if result["scenarios"]:
        out.print(Text(f"\nUsed by {len(result['scenarios'])} scenarios", style="bold"))
        out.print("  " + ", ".join(r.title for r in result["scenarios"]))
