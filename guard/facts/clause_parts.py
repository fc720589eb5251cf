"""A text's clauses and sentences, and the unit clause that says most of what a claim clause says.

Why: a negation or a modal speaks for its own clause ("the gym stays open on Mondays, but the
pool is not open"); the polarity and modal checks compare clause with clause.
"""

from __future__ import annotations

import re

from guard.facts.lexicon import Lexicon
from guard.facts.slots import Slots, all_stems, read_slots

__all__ = [
    "CLAUSE_BREAK",
    "MODAL_BREAK",
    "STATEMENT_END",
    "clauses",
    "fit",
    "item_clauses",
    "matching_clause",
    "sentence_span",
]

_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)")


# a sentence's end, or the markup that closes or opens a list item, cell or paragraph of an HTML unit
STATEMENT_END = re.compile(r"[.!?;](?=\s|$|<)|</?(?:li|dd|dt|p|tr|td|th|br)\b[^>]*>")


def sentence_span(text: str, at: int, ends: re.Pattern[str] = _SENTENCE_END) -> tuple[int, int]:
    """The span of the sentence holding position ``at`` (its end mark included)."""
    start = max((m.end() for m in ends.finditer(text, 0, at)), default=0)
    after = ends.search(text, at)
    return start, after.end() if after else len(text)


def clauses(
    slots: Slots, lexicon: Lexicon, breaks: re.Pattern[str] | None = None
) -> list[tuple[Slots, frozenset[str]]]:
    """A text's clauses (cut at ";" and "but / whereas / while", or at ``breaks``), each with the words it speaks of.

    An elliptical clause ("October releases do not") speaks of the previous clause's words too.
    """
    parts = [c.strip() for c in (breaks or CLAUSE_BREAK).split(slots.text) if c.strip()]
    if len(parts) < 2:
        return [(slots, slots.content)]
    out: list[tuple[Slots, frozenset[str]]] = []
    for text in parts:
        here = read_slots(text, lexicon)
        content = here.content
        if out and here.negation_scopes and not any(here.negation_scopes):
            content = content | out[-1][1]
            # "October releases are not": the bare negation governs what the previous clause said
            # (less the words this clause replaces), so the polarity check can read it
            said = out[-1][1] - here.content
            here = here.model_copy(update={"negation_scopes": tuple(s or said for s in here.negation_scopes)})
        out.append((here, content))
    return out


def item_clauses(claim: Slots, unit: Slots, lexicon: Lexicon) -> list[tuple[Slots, frozenset[str]]]:
    """The unit's clauses a modal is read in: cut at list items too (MODAL_BREAK), less the pieces that share no
    word with the claim (a heading, a closing tag), which would tie with the item the claim restates."""
    found = clauses(unit, lexicon, MODAL_BREAK)
    return [c for c in found if c[1] & claim.content] or found


def matching_clause(
    part: Slots, unit: Slots, clauses: list[tuple[Slots, frozenset[str]]]
) -> tuple[Slots, frozenset[str]]:
    """The unit clause that says most of what ``part`` says (the whole unit when one clause or a tie).

    A question asserts nothing: an FAQ item's "Is the route accessible?" is never the clause a claim
    is read against while the item's answer is there."""
    statements = [c for c in clauses if not c[0].text.rstrip().endswith("?")]
    if len(statements) == 1 and len(clauses) > 1:
        return statements[0]
    clauses = statements or clauses
    if len(clauses) < 2:
        return unit, unit.content
    # a clause on the claim's side of a condition comes first, then the words shared
    shares = [(_sides(part, c), fit(part, c, content)) for c, content in clauses]
    top = max(shares)
    if shares.count(top) > 1:
        return unit, unit.content
    return clauses[shares.index(top)]


# words that put a clause on one side of a condition: "cancels before the first sitting gets the deposit
# back ...; after the first sitting the deposit is not refunded": a claim about "after" is the second's
# ("over" / "under" are left out: mostly bounds of a value, "aged 60 or over", not sides of a rule)
_SIDES = (("before", "after"), ("inside", "outside"))


def _sides(claim: Slots, clause: Slots) -> int:
    """+1 for each side word the claim and the clause share, -1 for each the clause turns round."""
    mine = {w.lower() for w in _TOKEN.findall(claim.text)}
    theirs = {w.lower() for w in _TOKEN.findall(clause.text)}
    score = 0
    for a, b in _SIDES:
        for w, o in ((a, b), (b, a)):
            if w in mine and o not in mine:
                score += (w in theirs and o not in theirs) - (o in theirs and w not in theirs)
    return score


_TOKEN = re.compile(r"[A-Za-z]+")


def fit(claim: Slots, clause: Slots, content: frozenset[str] | None = None) -> int:
    """How well a clause matches the claim: words shared less words of its own ("If we cancel a
    sailing because of weather, you can have a full refund, but we do not pay for accommodation":
    a claim about accommodation is the second clause's, though it shares more words with the first)."""
    content = clause.content if content is None else content
    words_here = content | all_stems(" ".join(q.surface for q in clause.quantities))
    return len(claim.content & words_here) - len(content - claim.content)


# clause breaks a modal does not reach across ("up to 7 days are self-certified; from the 8th
# day a fit note is required": "required" is the fit note's)
# and a second predicate of one subject after ", and" ("is independent of Fairlet, and does not meet the
# parties": the "not" is the second predicate's)
CLAUSE_BREAK = re.compile(
    r";|(?<=[a-z0-9)][.!?])\s+(?=[A-Z])|,?\s+(?:but|whereas)\s+"
    r"|,\s+and\s+(?:(?:we|you|they|it|he|she)\s+)?(?=(?:does|do|did|is|are|was|were|has|have|must|may|can|cannot|should|will|never)\b)",
    re.I,
)
# where a modal is read, the end of an HTML list item, definition or cell ends its clause too: one unit may glue a
# list's items ("... not cut until it has seasoned.</li> <li>The club may ask for a spare string, at £25.</li>"),
# yet each item states its own rule. (A negation may still be read across items: the checks of polarity lean on
# the glued unit, see docs/FACTS.md.)
MODAL_BREAK = re.compile(CLAUSE_BREAK.pattern + r"|</(?:li|dd|dt|td|th)\s*>", re.I)
