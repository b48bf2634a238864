"""The shape of a record id (``lotr:rr:step:6.4.3``) and how its parts are made from titles, in
a module of its own so that the engines can check and build the ids they cite without
importing the knowledge base's record model."""

from __future__ import annotations

import re
import unicodedata

from adjudicator.compiled import regex

ID_PATTERN = regex(r"^(lotr|metw|meq):[a-z0-9]+(:[a-z0-9][a-z0-9.\-]*)+$")


def slugify(title: str) -> str:
    """A stable id fragment: ascii, lower case, words joined by hyphens.

    >>> slugify('The word "Choose"')
    'the-word-choose'
    >>> slugify("Nazgûl of Dol Guldur")
    'nazgul-of-dol-guldur'
    """
    text = unicodedata.normalize("NFKD", title)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")
