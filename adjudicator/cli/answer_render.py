"""How `ask` shows an answer to a person: the game assumed, the verdict, the deciding record
with its exact lines, what the engine shows, at most three supporting records, then the
notes that bear on the answer."""

from __future__ import annotations

def print_answer(answer) -> None:
    from .render import Text

    from .kb_render import source_label
    from .render import console

    out = console()
    detection = answer.detection
    if detection is not None:
        from adjudicator.ask.answer import games_line

        line = Text("Game: ", style="dim")
        line.append(games_line(answer), style="dim")
        if not detection.given:
            line.append(" · --game to choose another", style="dim")
        out.print(line)
    if answer.best is None:
        out.print("No ruling found for that question.")
    else:
        b = answer.best
        if answer.verdict is not None:
            style = {"yes": "bold green", "no": "bold red", "number": "bold cyan"}.get(answer.verdict.kind, "bold")
            out.print(Text(answer.verdict.text, style=style))
            if answer.verdict.basis == "asked":
                out.print(Text(f"  (our reading of this record, for the question \u201c{answer.verdict.matched}\u201d)",
                               style="dim"))
        head = Text("From: ", style="bold")
        head.append(b.title, style="bold cyan")
        head.append(f"  {b.id} · {source_label(b.doc, *b.lines)}", style="dim")
        if b.authority == "fan":
            head.append("  · fan content", style="yellow")
        out.print(head)
        if b.also_in:
            out.print(Text("  also in: " + ", ".join(source_label(s.doc, s.start, s.end) for s in b.also_in), style="dim"))
        if b.example:
            out.print(Text("  (the record's worked example decides it)", style="dim"))
        # the record's sentence, unless the verdict already shows it (whole, or without the bare
        # "Yes."/"No." of a Q&A that answers another question than the player's)
        if answer.verdict is None or answer.verdict.kind == "text" and answer.verdict.text not in b.sentence \
                or answer.verdict.basis == "engine":  # the engine's verdict does not quote the record
            out.print(Text("  " + b.sentence))
        if answer.exercised is not None and answer.exercised.sentence():
            out.print(Text("  Engine: " + answer.exercised.sentence(), style="magenta"))
        for other in _others(answer):  # the other games' answers next to the first's, before the supporting records
            _print_also(out, other)
        if answer.supporting:
            out.print(Text("Supporting", style="bold"))
            for c in answer.supporting:
                line = Text(f"  {c.title}")
                line.append(f"  {c.id} · {source_label(c.doc, *c.lines)}", style="dim")
                if c.authority == "fan":
                    line.append("  · fan", style="yellow")
                out.print(line)
                if c.sentence:
                    out.print(Text("    " + c.sentence, style="italic"))
        _print_card_library(out, getattr(answer, "card_library", None) or [])
        _print_settled_alike(out, getattr(answer, "settled_alike", None) or [])
    if answer.best is None:
        for other in _others(answer):
            _print_also(out, other)
    for note in answer.notes:
        out.print(Text("note: " + note, style="yellow"))
    if answer.suggestions:
        out.print(Text("did you mean: " + ", ".join(answer.suggestions) + "?", style="yellow"))


def _print_settled_alike(out, alike: list) -> None:
    """One line naming the threads where players asked alike, whose settled records moved a
    record of this answer up (``ask.settled_questions``)."""
    from .render import Text

    threads = {}
    for a in alike:
        threads.setdefault(a.thread, a)
    if threads:
        shown = "; ".join(f"{a.source} ({a.similarity:.2f})" for a in list(threads.values())[:3])
        out.print(Text(f"Players asked alike (their settled records moved a record up): {shown}", style="dim"))


def _print_card_library(out, cards: list[dict]) -> None:
    """A named card's abilities as the card library holds them (``ask.card_ability``): our
    paraphrase, labelled so, with the card's reference and the library's file and line."""
    from .render import Text

    if not cards:
        return
    out.print(Text("Card library (our paraphrase of the card, not a document)", style="bold"))
    for card in cards:
        line = Text(f"  {card['card']}")
        line.append(f"  {card['set_ref'] + ' · ' if card['set_ref'] else ''}{card['source']} L{card['line']}"
                    f" · {card['command']}", style="dim")
        out.print(line)
        for ability in card["abilities"]:
            out.print(Text(f"    {ability['kind'].replace('_', ' ').capitalize()}: {ability['says']}", style="italic"))


def _others(answer) -> list:
    return getattr(answer, "others", None) or ([answer.also] if answer.also is not None else [])


def _print_also(out, also) -> None:
    """The answer of a second game the question fits as well: its verdict (or deciding
    sentence) and record, right after the first game's, so that a player of either game sees
    their game's answer before the supporting records."""
    if also is None or also.best is None:
        return
    from adjudicator.ask.game_detection import GAME_NAMES

    from .kb_render import source_label
    from .render import Text

    line = Text(f"Also fits {GAME_NAMES.get(also.game, also.game)}: ", style="yellow")
    line.append(also.best.title, style="bold")
    line.append(f"  {also.best.id} · {source_label(also.best.doc, *also.best.lines)}", style="dim")
    out.print(line)
    shown = also.verdict.text if also.verdict is not None else also.best.sentence
    out.print(Text("  " + shown))
    out.print(Text(f"  (ask again with --game {also.game} for that game's answer)", style="dim"))
