"""The project's own data about the Quest Companion (``rules_db/lotr/qc/``).

Keywords (names, slugs, our summaries), name variants of cards and scenarios, the
product of each scenario, and the map from Companion questions to FAQ 1.9 questions.
Loaded once per process; the YAML import stays inside the functions.
"""

from __future__ import annotations

from adjudicator.paths import RULES_DB
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .companion_repairs import name_key

DATA_DIR = RULES_DB / "lotr" / "qc"


def _load(name: str):
    from adjudicator.yamlio import load_yaml_copy  # libyaml, and the parsed copy kept in the cache folder

    path = DATA_DIR / name
    if not path.exists():
        return {}
    return load_yaml_copy(path) or {}


@dataclass(frozen=True)
class KeywordInfo:
    """A keyword of the Quest Companion: its name, summary and the Rules Reference entry."""

    name: str
    slug: str
    summary: str = ""
    rr: str | None = None
    aliases: tuple[str, ...] = ()
    sub: tuple[str, ...] = ()


@dataclass
class Names:
    """The names the Quest Companion's cards, scenarios and glossary answer to."""

    card_canonical: dict[str, str] = field(default_factory=dict)  # name_key -> canonical card name
    card_variants: dict[str, list[str]] = field(default_factory=dict)
    set_refs: dict[str, str] = field(default_factory=dict)  # canonical card -> "CORE 90"
    faq_errata: dict[str, str] = field(default_factory=dict)  # canonical card -> errata record id
    scenario_canonical: dict[str, str] = field(default_factory=dict)
    scenario_variants: dict[str, list[str]] = field(default_factory=dict)
    glossary_titles: dict[str, str] = field(default_factory=dict)

    def card(self, name: str) -> str:
        return self.card_canonical.get(name_key(name), name)

    def scenario(self, name: str) -> str:
        return self.scenario_canonical.get(name_key(name), name)


@lru_cache(maxsize=1)
def keywords() -> tuple[KeywordInfo, ...]:
    out = []
    for item in _load("keywords.yaml").get("keywords", []):
        out.append(
            KeywordInfo(
                name=item["name"],
                slug=item["slug"],
                summary=item.get("summary") or "",
                rr=item.get("rr"),
                aliases=tuple(item.get("aliases") or ()),
                sub=tuple(item.get("sub") or ()),
            )
        )
    return tuple(out)


@lru_cache(maxsize=1)
def names() -> Names:
    data = _load("names.yaml")
    n = Names()
    for canonical, variants in (data.get("cards") or {}).items():
        n.card_variants[canonical] = list(variants or [])
        for v in [canonical, *(variants or [])]:
            n.card_canonical[name_key(v)] = canonical
    refs = data.get("set_refs") or {}
    n.set_refs = dict(refs)
    until = data.get("faq_errata_until")
    for card, ref in refs.items():
        code, number = ref.split()
        n.faq_errata[card] = f"lotr:errata:{code.lower()}-{number}"
        if card == until:
            break
    for canonical, variants in (data.get("scenarios") or {}).items():
        n.scenario_variants[canonical] = list(variants or [])
        for v in [canonical, *(variants or [])]:
            n.scenario_canonical[name_key(v)] = canonical
    n.glossary_titles = dict(data.get("glossary_titles") or {})
    return n


@lru_cache(maxsize=1)
def products() -> dict[str, str]:
    """Scenario title -> product."""
    out = {}
    for product, titles in _load("products.yaml").items():
        for t in titles:
            out[t] = product
    return out


@lru_cache(maxsize=1)
def faq_questions() -> dict[str, str]:
    """Companion question record id -> the FAQ 1.9 question it repeats (``lotr:faq:q:<n>``)."""
    return dict(_load("faq_questions.yaml").get("questions") or {})


@lru_cache(maxsize=1)
def divergences() -> dict[str, list[str]]:
    """Record id -> notes (ours) on how the Companion's text differs from the official one."""
    return {k: list(v) for k, v in (_load("divergences.yaml").get("notes") or {}).items()}
