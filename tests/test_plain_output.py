"""Output that is not a terminal is written without Rich (adjudicator.cli.render's
PlainConsole and PlainText) and is byte for byte what Rich writes there: console markup,
escapes, emoji codes, control characters, several objects, tables handed over."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cli import render


def _rich(*objects, **kwargs) -> str:
    from rich.console import Console
    from rich.text import Text

    buffer = io.StringIO()
    console = Console(file=buffer, highlight=False, soft_wrap=True, width=render.UNWRAPPED)
    converted = [Text(o.plain) if isinstance(o, render.PlainText) else o for o in objects]
    console.print(*converted, **kwargs)
    return buffer.getvalue()


def _plain(monkeypatch, *objects, console=None, **kwargs) -> str:
    buffer = io.StringIO()
    monkeypatch.setattr("sys.stdout", buffer)
    (console or render.PlainConsole()).print(*objects, **kwargs)
    return buffer.getvalue()


MARKUP = [
    "[bold]Title[/bold]  [dim](scenarios/x.yaml)[/dim]",
    "[bold yellow]Stopped at 5.3: a decision is needed[/bold yellow] (engage, P1)",
    "   - King Spider  [dim]lotr:rr:step:5.2, lotr:rr:engagement-check[/dim]",
    "[green]✓[/green] the 3 expectations of the file are met",
    "[yellow]Also in METW:[/] Sentinel  [dim]metw:x · adjudicator rule 'x' --game metw[/]",
    "a \\[not a tag] and \\\\[bold]real[/bold] and \\\\\\[escaped]",
    "[a:b] vanishes; [1] stays; [Upper] stays",
    ":smile: :no_such_code: lotr:rr:step:1.2 :thumbs_up-text: 12:30:45",
    "bell\x07 back\x08 cr\r vt\x0b ff\x0c esc\x1b kept",
    "[link=https://example.org]a link[/link] [#ff0000]hex[/]",
    "unclosed [bold]at the end",
    "trailing backslash \\",
    "",
    "line one\nline two\n",
]


@pytest.mark.parametrize("markup", MARKUP)
def test_markup_is_written_as_rich_writes_it_without_colour(monkeypatch, markup):
    assert _plain(monkeypatch, markup) == _rich(markup)
    assert _plain(monkeypatch, markup, markup=False) == _rich(markup, markup=False)


@pytest.mark.parametrize("markup", ["[/]", "[/bold]", "[bold]x[/italic]", "[yellow bold]x[/bold yellow]", "[@click]x[/]"])
def test_markup_it_cannot_match_is_handed_to_rich(monkeypatch, markup):
    assert render.unmarked(markup) is None
    try:
        expected = _rich(markup)
    except Exception as error:  # Rich refuses it: so does the plain console, the same way
        with pytest.raises(type(error)):
            _plain(monkeypatch, markup)
    else:
        assert _plain(monkeypatch, markup) == expected


def test_text_objects_lose_their_styles_and_control_characters_as_in_rich(monkeypatch):
    from rich.text import Text

    plain, rich = render.PlainText("Title", style="bold cyan"), Text("Title", style="bold cyan")
    for target in (plain, rich):
        target.append("  id · kind\r\n", style="dim")
        target.append("In short: ", style="bold")
        target.append("body\x07 text\n")
    assert plain.plain == rich.plain
    joined = render.PlainText("a ") + "b" + render.PlainText(" c")
    assert joined.plain == (Text("a ") + "b" + Text(" c")).plain
    buffer = io.StringIO()
    monkeypatch.setattr("sys.stdout", buffer)
    render.PlainConsole().print(plain)
    assert buffer.getvalue() == _rich(rich)


def test_several_objects_an_end_and_an_empty_print(monkeypatch):
    assert _plain(monkeypatch, "a", render.PlainText("b"), "[bold]c[/]") == _rich("a", render.PlainText("b"), "[bold]c[/]")
    assert _plain(monkeypatch, "x", end="") == _rich("x", end="")
    assert _plain(monkeypatch) == _rich()


def test_tables_tabs_and_very_long_lines_are_written_by_rich(monkeypatch):
    from rich.table import Table

    table = Table(title="t")
    table.add_column("area")
    table.add_row("staging area")
    for item in (table, "a\tb", "x" * (render.LONGEST_PLAIN_LINE + 1)):
        console = render.PlainConsole()
        assert _plain(monkeypatch, item, console=console) == _rich(item)
        assert console._rich is not None  # handed over


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.text(alphabet="[]/\\:abdloy =@#\x07\r\n·é", max_size=30),
                          st.sampled_from(["[bold]", "[/bold]", "[/]", "[dim]", ":smile:", "\\[", "[a:b]"])),
                max_size=8).map("".join))
def test_any_markup_is_written_as_rich_writes_it_or_handed_to_rich(markup):
    text = render.unmarked(markup)
    if text is None:
        return  # Rich writes it
    assert text + "\n" == _rich(markup)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_escaped_text_prints_as_itself(text):
    from rich.markup import escape

    assert render.escape(text) == escape(text)
    plain = render.unmarked("[dim]" + render.escape(text) + "[/dim]")
    if plain is not None and "\t" not in text:
        assert plain + "\n" == _rich("[dim]" + render.escape(text) + "[/dim]")


def test_colour_forced_by_the_environment_is_written_by_rich(monkeypatch):
    monkeypatch.setattr(render, "_isatty", lambda: False)
    render.set_width(None)
    assert isinstance(render.console(), render.PlainConsole) and render.Text is render.PlainText
    monkeypatch.setenv("FORCE_COLOR", "1")
    render.set_width(None)
    assert not isinstance(render.console(), render.PlainConsole) and render.Text is not render.PlainText
    render.set_width(None)


def _people(capsys, monkeypatch, args, *, rich: bool):
    from adjudicator.cli import main

    monkeypatch.setattr(render, "_without_rich", lambda: False if rich else render.plain())
    code = main(list(args))
    out = capsys.readouterr()
    used = render._console
    assert used is None or isinstance(used, render.PlainConsole) != rich, args  # the console asked for wrote it
    return code, out.out, out.err


def _people_invocations():
    from adjudicator.paths import SCENARIOS

    lotr = SCENARIOS / "lotr"
    metw = sorted((SCENARIOS / "metw").glob("*.yaml"))[0]
    return [
        ["rule", "engagement check"], ["rule", "engagment"], ["rule", "sentinel", "--game", "lotr"],
        ["show", "lotr:faq:1.24"], ["faq", "1.24"], ["faq", "Dungeon Torch"], ["errata", "Beravor"],
        ["search", "ranged attack staging area"], ["search", "zzqxv wibble"],
        ["ask", "can my ranged hero attack an enemy in the staging area?"],
        ["card", "Chieftain Ufthak"], ["card", "Beravor", "--printed"], ["keyword", "Archery"],
        ["scenario", "escape dol guldur"], ["scenario", "--list", "--authority", "fan"],
        ["timing"], ["timing", "6.4.3"],
        ["replay", str(lotr / "engagement-checks.yaml"), "--explain"],
        ["replay", str(lotr / "full-round-two-players.yaml"), "--board"],
        ["replay", str(lotr / "decision-needed-undefended.yaml")],
        ["replay", str(metw), "--board"], ["replay", str(SCENARIOS / "meq" / "combat-example.yaml"), "--board"],
        ["check", str(lotr / "planning-restricted.yaml")],
        ["check", str(sorted((lotr / "illegal").glob("*.yaml"))[0])],
    ]


def test_every_command_prints_the_same_bytes_without_rich_as_with_it(lotr_cli_env, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", open("/dev/null"))
    for args in _people_invocations():
        with_rich = _people(capsys, monkeypatch, args, rich=True)
        without = _people(capsys, monkeypatch, args, rich=False)
        assert without == with_rich, args
        assert with_rich[1], args  # something was printed
    render.set_width(None)
