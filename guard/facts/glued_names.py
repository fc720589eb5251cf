"""The names a run of capitalised words glues together, for a name no unit writes whole.

Why: the name reader joins capitalised neighbours, so a claim's opening word and a possessive's two sides
become one name: "Most Ormsby wisdom tooth patients ...", "Choosing Warmstep's Whole house package ...",
"Staplemoss's Orangery is exactly double the price of its Grower". No unit writes "Most Ormsby" or
"Staplemoss's Orangery", so a right answer was "no evidence mentions Most Ormsby". Here such a name is read
as its parts: the claim's first word is dropped when the parser reads it as no name (a verb, a determiner,
an adjective, a preposition: spaCy, only for a name not found), and a possessive splits the rest into the
owner and the thing owned. Each part is then looked up on its own. Two names side by side ("Ben Ruiz")
are never split: a first name of one person and a surname of another make a swapped name.
"""

from __future__ import annotations

import re

from guard.language import parse

__all__ = ["name_parts"]

_POSSESSIVE = re.compile(r"^(?P<owner>.+?)['’]s\s+(?P<owned>\S.*)$")
# parts of speech of an opening word that is no part of a name
_NO_NAME = frozenset({"VERB", "AUX", "DET", "ADJ", "ADV", "ADP", "PRON", "SCONJ", "CCONJ", "PART"})


def name_parts(name: str, claim_text: str) -> list[str]:
    """The parts of ``name`` to look up on their own; ``[name]`` when it glues nothing."""
    rest = _without_opening_word(name, claim_text)
    split = _POSSESSIVE.match(rest)
    parts = [split.group("owner"), split.group("owned")] if split else [rest]
    return [p for p in parts if p.strip()] or [name]


def _without_opening_word(name: str, claim_text: str) -> str:
    """``name`` less its first word, when the name opens the claim and the parser reads that word as no name."""
    first, _, rest = name.partition(" ")
    if not rest or not claim_text.lstrip().startswith(name):
        return name
    doc = parse(claim_text.lstrip())
    if doc is None or not len(doc) or doc[0].text != first or doc[0].pos_ not in _NO_NAME:
        return name
    return rest
