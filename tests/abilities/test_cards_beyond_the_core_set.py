"""Cards from outside the Core Set written in the ability grammar alone (no Python for them):
rules_db/lotr/cards/<product>.yaml for the figures, abilities/<product>.yaml for the text, and
a situation for each in scenarios/lotr/cards/ that replays it.  Each test is named after the
rule the card exercises and checks the outcome against a second replay where it matters."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.abilities.load import LIBRARY_DIR, library
from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.cards import card_book, core_set

CARDS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr" / "cards"
PRODUCTS = ("shadows-of-mirkwood", "dwarrowdelf", "on-the-doorstep", "over-hill-and-under-hill", "heirs-of-numenor")


def replay(name: str, edit=None):
    text = (CARDS / name).read_text(encoding="utf-8")
    if edit:
        text = edit(text)
    trace = api.replay(api.load(str(CARDS / name), text=text) if edit else api.load(CARDS / name), abilities=True)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


def test_cards_beyond_the_core_set_are_data_only_one_file_per_product():
    core = {c.name for c in core_set().cards}
    added = [c.name for c in card_book().cards if c.name not in core]
    assert len(added) >= 6
    lib = library()
    for name in added:
        assert any(k for k in lib if lib[k].name == name), name
    for product in PRODUCTS:
        assert (LIBRARY_DIR / f"{product}.yaml").is_file() and (LIBRARY_DIR.parent / f"{product}.yaml").is_file()
        data = yaml.safe_load((LIBRARY_DIR / f"{product}.yaml").read_text(encoding="utf-8"))
        assert all(e.get("op") != "python" for c in data["cards"] for a in c["abilities"] for e in a.get("effects", []))


def test_limits_boromir_readies_once_a_phase():
    final = replay("som-boromir-readies-once-a-phase.yaml")
    assert resolve_path(final, "players.P1.threat") == 31          # two uses declared, one allowed
    assert resolve_path(final, "players.P1.heroes.Boromir.exhausted") is False


def test_cannot_out_of_sight_stops_the_engaged_enemies_attacks():
    assert resolve_path(replay("d-out-of-sight-enemies-cannot-attack.yaml"), "players.P1.heroes.Denethor.damage") == 0


def test_modifiers_erebor_battle_master_counts_other_dwarf_allies_up_to_four():
    final = replay("d-erebor-battle-master-counts-dwarf-allies.yaml")
    assert resolve_path(final, "players.P1.allies.Erebor Battle Master.modifiers") == [{"stat": "attack", "op": "add", "value": 4}]
    fewer = replay("d-erebor-battle-master-counts-dwarf-allies.yaml",
                   lambda t: t.replace(", Brok Ironfist, Veteran Axehand, Longbeard Orc Slayer]", "]"))
    assert resolve_path(fewer, "players.P1.allies.Erebor Battle Master.modifiers") == [{"stat": "attack", "op": "add", "value": 2}]


def test_resource_match_oin_pays_with_a_gained_tactics_icon_only_while_he_has_a_resource():
    final = replay("otd-oin-gained-tactics-icon-pays.yaml")
    assert resolve_path(final, "players.P1.allies.labels") == ["Veteran Axehand"]
    with pytest.raises(IllegalDecision):  # without card abilities only the printed spirit icon counts
        api.replay(api.load(CARDS / "otd-oin-gained-tactics-icon-pays.yaml"), abilities=False)


def test_response_nori_lowers_threat_after_a_dwarf_is_played_from_hand():
    assert resolve_path(replay("ohuh-nori-lowers-threat-when-a-dwarf-is-played.yaml"), "players.P1.threat") == 29
    passed = replay("ohuh-nori-lowers-threat-when-a-dwarf-is-played.yaml",
                    lambda t: t.replace("  responses: [{card: Nori, player: P1}]", "  responses: []"))
    assert resolve_path(passed, "players.P1.threat") == 30      # an optional response the player does not use


def test_when_revealed_blocking_wargs_damages_only_committed_characters_then_surges():
    final = replay("hon-blocking-wargs-damages-questers.yaml")
    assert (resolve_path(final, "players.P1.heroes.Gimli.damage"), resolve_path(final, "players.P1.heroes.Legolas.damage")) == (1, 0)
    assert resolve_path(final, "staging_area.labels") == ["Blocking Wargs", "Hill Troll"]
