"""How often: frequency adverbs as an ordered scale, compared on the clause that says the claim's act.

Why a scale: "Database failovers are rarely needed" restated as "are often needed", or "Slugs
often damage young lettuce" as "rarely damage", keeps every content word; the binary check in
flip_check (``always/all`` against ``some/usually``) sees neither, since both sides are "partial".
On the scale never < rarely < sometimes < often < usually < always, a claim contradicts its unit
when the two stand two or more steps apart, or one side is an end of the scale (never, always)
and the other is not: "sometimes" for "often" (one step, both middle) is left alone, as writers
use neighbouring words loosely.

Only adverbs of frequency are read (not "some", "many", "all": determiners quantify over a noun,
which the claim may have changed too). An adverb right after a negation ("not always", "not
usually") is skipped: its place on the scale is not one point. The caller (flip_check) decides
against which unit the comparison stands (the best unit saying most of the claim's words).
"""

from __future__ import annotations

from guard.facts.clause_parts import clauses, matching_clause
from guard.facts.lexicon import Lexicon
from guard.facts.polarity import words
from guard.facts.slots import Slots

__all__ = ["frequency_clash", "frequency_level"]

# per language code: adverb -> place on the scale (0 never ... 5 always)
_SCALES: dict[str, dict[str, int]] = {
    "en": {
        "never": 0,
        "rarely": 1,
        "seldom": 1,
        "infrequently": 1,
        "sometimes": 2,
        "occasionally": 2,
        "often": 3,
        "frequently": 3,
        "commonly": 3,
        "usually": 4,
        "normally": 4,
        "generally": 4,
        "typically": 4,
        "mostly": 4,
        "always": 5,
        "invariably": 5,
    }
}
_TOP = 5
_NEGATIONS = frozenset({"not", "n't", "nor", "hardly"})


def frequency_level(text: str, lexicon: Lexicon) -> tuple[int, str] | None:
    """The one place on the scale the text's frequency adverbs give, with the first such adverb,
    or None (none, places that differ, or negated)."""
    scale = _SCALES.get(lexicon.code)
    if not scale:
        return None
    tokens = [w for _, w in words(text)]
    found = [(scale[w], w) for w in tokens if w in scale]
    if any(tokens[i - 1] in _NEGATIONS for i, w in enumerate(tokens) if i and w in scale):
        return None  # "not always": not one point of the scale
    return found[0] if found and len({level for level, _ in found}) == 1 else None


def frequency_clash(claim: Slots, unit: Slots, lexicon: Lexicon) -> tuple[str, str] | None:
    """(claim's adverb, unit's adverb) when the claim says the unit's act happens at another frequency."""
    mine = frequency_level(claim.text, lexicon)
    if mine is None:
        return None
    clause = matching_clause(claim, unit, clauses(unit, lexicon))[0]
    theirs = frequency_level(clause.text, lexicon)
    if theirs is None or theirs[0] == mine[0]:
        return None
    apart = abs(mine[0] - theirs[0]) >= 2 or bool({mine[0], theirs[0]} & {0, _TOP})
    return (mine[1], theirs[1]) if apart else None
