"""The scenario, card, keyword and ask commands on the real LOTR documents (--json)."""


def test_scenario_by_forgiving_name_shows_difficulty_keywords_and_easy_mode(run_cli):
    code, data, _ = run_cli("scenario", "escape dol guldur", "--json")
    assert code == 0
    assert data["scenario"]["id"] == "lotr:qc:scenario:escape-from-dol-guldur"
    assert data["difficulty"] == 7 and data["rating"] == 7.7
    assert {k["id"] for k in data["keywords"]} == {"lotr:qc:keyword:doomed", "lotr:qc:keyword:surge",
                                                  "lotr:qc:keyword:guarded"}
    removals = {(r["card"], r["quantity"]) for r in data["easy_mode"]["removals"]}
    assert ("Dungeon Jailor", 2) in removals


def test_scenario_name_case_does_not_matter(run_cli):
    code, data, _ = run_cli("scenario", "Conflict at the Carrock", "--json")
    assert data["scenario"]["id"] == "lotr:qc:scenario:conflict-at-the-carrock"


def test_scenario_card_faq_follows_merges_into_the_official_faq(run_cli):
    _, data, _ = run_cli("scenario", "Escape from Dol Guldur", "--json")
    torch = next(e for e in data["faq"] if e["card"] == "Dungeon Torch")
    assert torch["qa"][0]["id"] == "lotr:faq:q:14"
    assert any(s["source"] == "lotr-qc" for s in torch["qa"][0]["also_in"])


def test_scenario_list_has_136_and_filters_by_authority_and_product(run_cli):
    _, data, _ = run_cli("scenario", "--list", "--json")
    assert data["count"] == 136
    _, fan, _ = run_cli("scenario", "--list", "--authority", "fan", "--json")
    assert fan["count"] == 15
    _, core, _ = run_cli("scenario", "--list", "--product", "core set", "--json")
    assert [s["title"] for s in core["scenarios"]] == ["Passage Through Mirkwood", "Journey Down the Anduin",
                                                       "Escape from Dol Guldur"]


def test_unknown_scenario_exits_1_with_did_you_mean(run_cli):
    code, _, out = run_cli("scenario", "Escape from Dol Guldor", "--json")
    assert code == 0  # a near spelling is forgiven
    code, _, out = run_cli("scenario", "Zzyzx Fortress", "--json")
    assert code == 1  # nothing found (exit 2 is for bad input)
    assert "no scenario named" in out.err


def test_card_variant_spelling_resolves_and_gathers_the_faq_question(run_cli):
    code, data, _ = run_cli("card", "Chieftain Ufthak", "--json")
    assert code == 0
    assert data["name"] == "Chieftan Ufthak" and data["set_ref"] == "CORE 90"
    assert "lotr:faq:q:4" in [q["id"] for q in data["qa"]]
    assert data["printed"]["hit_points"] == 6


def test_card_jailer_and_jailor_are_one_card(run_cli):
    _, a, _ = run_cli("card", "Dungeon Jailer", "--json")
    _, b, _ = run_cli("card", "Dungeon Jailor", "--json")
    assert a["record"]["id"] == b["record"]["id"] == "lotr:qc:card:dungeon-jailor"


def test_card_errata_from_faq_and_companion(run_cli):
    _, data, _ = run_cli("card", "Dol Guldur Beast Master", "--json")
    assert "lotr:errata:core-91" in [e["id"] for e in data["errata"]]


def test_keyword_archery_lists_its_scenarios(run_cli):
    code, data, _ = run_cli("keyword", "Archery", "--json")
    assert code == 0
    assert data["keyword"]["id"] == "lotr:qc:keyword:archery"
    assert len(data["scenarios"]) == 37


def test_keyword_with_an_official_entry_shows_it(run_cli):
    _, data, _ = run_cli("keyword", "surge", "--json")
    assert "lotr:rr:surge" in [r["id"] for r in data["official"]]


def test_ask_puts_the_official_ruling_first_with_its_decisive_sentence(run_cli):
    code, data, _ = run_cli("ask", "can my ranged hero attack an enemy in the staging area?", "--json")
    assert code == 0
    assert data["best"]["id"] == "lotr:faq:q:83"
    assert data["best"]["sentence"].startswith("No.")
    assert len(data["supporting"]) >= 2


def test_ask_suggests_a_card_name_it_could_not_match(run_cli):
    _, data, _ = run_cli("ask", "does caradras come back from the victory display?", "--json")
    assert "Caradhras" in data["did_you_mean"]


def test_ask_notes_when_the_best_answer_is_fan_content(run_cli):
    _, data, _ = run_cli("ask", "how does the loot pile work in ambush at erelas?", "--json")
    assert data["best"]["authority"] == "fan"
    assert any("fan content" in n for n in data["notes"])


def test_ask_puts_the_official_table_talk_entry_before_the_stricter_companion_page(run_cli):
    _, data, _ = run_cli("ask", "are we allowed to read the cards in our hand out loud?", "--json")
    ids = [data["best"]["id"]] + [c["id"] for c in data["supporting"]]
    assert ids[0] == "lotr:rr:table-talk"
    assert ids.index("lotr:qc:page:table-talk") > 0
    assert any("table-talk" in n or "Table Talk" in n for n in data["notes"])
