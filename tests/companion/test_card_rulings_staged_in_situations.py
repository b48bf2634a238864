"""`adjudicator card`: a ruling whose text does not name the card is listed when a ruling
situation stages the card for it (``adjudicator.ask.staged_rulings``), saying how it was
linked; a stand-in card (staged in a great many situations as the hero who quests or the
enemy that attacks) gets no ruling that way."""

from __future__ import annotations

from pathlib import Path

from adjudicator.ask.staged_rulings import STAND_IN_MIN, STAND_IN_SHARE, build
from adjudicator.kb.names import name_key

REPO = Path(__file__).resolve().parents[2]
Q41_SITUATION = "scenarios/lotr/rulings/faq-q41-exhausted-stone-keeps-its-bonus.yaml"


def _staging(rel: str) -> tuple[set[str], list[str]]:
    """The cards a situation file stages and the records its `ruling:` field names, read here
    from the file itself."""
    import yaml

    data = yaml.safe_load((REPO / rel).read_text(encoding="utf-8"))
    cards = {h["card"] for p in data["players"] for h in p.get("heroes", [])}
    cards |= {a["card"] for p in data["players"] for h in p.get("heroes", []) for a in h.get("attachments", [])}
    ruling = data["ruling"]
    return cards, ruling if isinstance(ruling, list) else [ruling]


def test_a_ruling_whose_text_names_no_card_is_listed_with_the_situation_that_stages_the_card(run_cli):
    staged, shows = _staging(Q41_SITUATION)
    assert "Celebrían's Stone" in staged and "lotr:faq:q:41" in shows
    code, data, _ = run_cli("card", "Celebrían's Stone", "--json")
    assert code == 0
    found = {r["id"]: r for r in data["qa"]}
    q41 = found.get("lotr:faq:q:41")
    assert q41 is not None, "FAQ Q41 (an exhausted attachment keeps its bonus) is a ruling on the stone"
    assert "celebr" not in q41["text"].lower(), "the example needs a ruling whose text names no card"
    assert q41["linked"] == f"staged in faq/rulings.yaml: {Q41_SITUATION}"
    assert q41["source"] == "lotr-faq" and 1 <= q41["lines"][0] <= q41["lines"][1]
    _, _, out = run_cli("card", "Celebrían's Stone")
    text = " ".join(out.out.split())
    assert "lotr:faq:q:41" in text and f"staged in faq/rulings.yaml: {Q41_SITUATION}" in text
    assert "No ruling on this card" not in text


def test_a_stand_in_card_gets_no_ruling_from_the_situations_it_fills(run_cli):
    from adjudicator.lotr.card_lookup import situation_index

    staged, _ = _staging(Q41_SITUATION)
    assert "Aragorn" in staged  # he quests with the stone, and the situation's title names him
    index = situation_index()
    every = {p for paths in index.values() for p in paths}
    assert len(index[name_key("Aragorn")]) >= max(STAND_IN_MIN, STAND_IN_SHARE * len(every))
    _, data, _ = run_cli("card", "Aragorn", "--json")
    listed = {r["id"] for r in data["errata"] + data["qa"] + data["rulings"]}
    assert "lotr:faq:q:41" not in listed
    assert not any(r["linked"] for r in data["errata"] + data["qa"] + data["rulings"])


def test_a_ruling_found_by_the_card_s_name_says_nothing_of_staging(run_cli):
    _, data, _ = run_cli("card", "Dungeon Jailor", "--json")
    q6 = next(r for r in data["qa"] if r["id"] == "lotr:faq:q:6")
    assert q6["linked"] is None


def _situation(title: str, cards: list[str], ruling: str | None = None, notes: str = "") -> str:
    lines = [f"title: {title}"] + ([f"ruling: {ruling}"] if ruling else []) + ([f"notes: {notes}"] if notes else [])
    lines += ["players:", "- name: Tom", "  heroes:"] + [f"  - card: {c}" for c in cards]
    return "\n".join(lines) + "\n"


def test_a_card_counts_for_a_situation_s_records_only_when_its_title_names_it_and_it_is_no_stand_in():
    filler = [(f"scenarios/lotr/plain-{i}.yaml", _situation(f"Plain {i}", ["Aragorn"])) for i in range(20)]
    situations = filler + [
        ("scenarios/lotr/rulings/stone.yaml",
         _situation("An exhausted Celebrían's Stone still gives Aragorn willpower", ["Aragorn", "Celebrían's Stone"])),
        ("scenarios/lotr/rulings/own.yaml",
         _situation("Horn of Gondor on a hero of another player", ["Horn of Gondor", "Gimli"], ruling="lotr:faq:1.38",
                    notes="Gimli holds the horn")),
    ]
    rows = {"scenarios/lotr/rulings/stone.yaml": [("faq/rulings.yaml", "lotr:faq:q:41")]}
    links = build(situations, rows)
    # the other cards its title names go with each link: a record whose text names one of them is about that one
    assert links[name_key("Celebrían's Stone")] == [["lotr:faq:q:41", "scenarios/lotr/rulings/stone.yaml",
                                                      "faq/rulings.yaml", [name_key("Aragorn")]]]
    assert name_key("Aragorn") not in links  # staged in 21 of 22 situations: a stand-in
    assert links[name_key("Horn of Gondor")] == [["lotr:faq:1.38", "scenarios/lotr/rulings/own.yaml", "", []]]
    assert name_key("Gimli") not in links  # named in its notes only, not in what the title says it shows
    assert not any(s.endswith(f"plain-{i}.yaml") for rows in links.values() for _, s, _, _ in rows for i in range(20))


def test_a_ruling_whose_text_names_another_card_of_the_situation_is_that_card_s(run_cli):
    # FAQ Q71 names Thalin; its situation reveals a Goblin Sniper for him to damage (the title names both)
    _, sniper, _ = run_cli("card", "Goblin Sniper", "--json")
    assert "lotr:faq:q:71" not in {r["id"] for r in sniper["errata"] + sniper["qa"] + sniper["rulings"]}
    _, thalin, _ = run_cli("card", "Thalin", "--json")
    assert "lotr:faq:q:71" in {r["id"] for r in thalin["qa"]}


def test_an_installed_copy_reads_the_staged_links_without_walking_its_files(monkeypatch, tmp_path, lotr_cli_env):
    from types import SimpleNamespace

    from adjudicator import installed
    from adjudicator.ask import exercised, staged_rulings

    monkeypatch.setattr(installed, "stamp", lambda: "site-packages/adjudicator/__init__.py|10|20|30")
    from adjudicator.kb.api import open_kb

    kb = SimpleNamespace(folder=tmp_path / "kb-build", store=open_kb(quiet=True).store)
    built = staged_rulings.links(kb, [name_key("Celebrían's Stone")])
    assert built["lotr:faq:q:41"] == (Q41_SITUATION, "faq/rulings.yaml")
    assert [p.name for p in tmp_path.glob("staged-cards-*.marshal")]

    def refuse():
        raise AssertionError("walked the files")

    monkeypatch.setattr(exercised, "_stamps", refuse)
    assert staged_rulings.links(kb, [name_key("Celebrían's Stone")]) == built  # read back: no walk


def test_the_mcp_servers_card_tool_gives_what_card_json_prints_with_its_linked_rulings(run_cli):
    """The MCP server's card tool returns the document `card NAME --json` prints (the same
    code makes it), so an assistant sees the rulings a ruling situation links to the card."""
    from adjudicator import mcp_server

    for name, game in (("Celebrían's Stone", None), ("Chieftain Ufthak", "lotr"), ("Gandalf", "metw")):
        code, printed, _ = run_cli("card", name, "--json", *(["--game", game] if game else []))
        assert code == 0
        assert mcp_server.card(name, game) == printed
    tool = mcp_server.card("Celebrían's Stone")
    q41 = {r["id"]: r for r in tool["qa"]}["lotr:faq:q:41"]
    assert q41["linked"] == f"staged in faq/rulings.yaml: {Q41_SITUATION}"
