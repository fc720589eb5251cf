"""Session 23's sixth design (docs/FACTS.md): a word between a count and its noun that says which of the things are
counted ("5 unused days", "3 free nights") leaves the noun the thing counted (guard/facts/quantities.py,
_COUNT_MODIFIER and _DAY_KIND). Found on a correct labelled draft default altered (dev part, d130). Passages written
for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts.quantities import quantities

LEAVE = (
    "Staff may carry over up to 3 days of unused holiday into the next year. Carried-over days must be taken by "
    "30 April, or they are lost."
)
CAMPSITE = "Book a week on a grass pitch in June and get 2 free nights. A pitch costs £18 a night."


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("up to 3 unused days", ("3 unused days", "duration")),
        ("2 free nights", ("2 free nights", "count:night")),
        ("10 spare tickets", ("10 spare tickets", "count:ticket")),
        ("Children under 3 free.", ("3 free", "count:free")),  # no noun after the modifier: read as before
    ],
)
def test_a_modifier_between_a_count_and_its_noun(text, read):
    assert [(q.surface, q.dim) for q in quantities(text)][0] == read


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Staff can carry over up to 3 unused days.", LEAVE, True),
        ("Staff can carry over up to 5 unused days.", LEAVE, False),
        ("A week on a grass pitch in June comes with 2 free nights.", CAMPSITE, True),
        ("A week on a grass pitch in June comes with 3 free nights.", CAMPSITE, False),
    ],
)
def test_counts_with_a_modifier_are_judged_by_their_noun(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok


def test_a_prefix_negated_word_is_found_by_its_label():
    # misbinding._opposites excuses a unit's opposite word when a closer unit holds the claim's word; the claim's
    # "unused" is named "un-/non-use" there, which a plain-word lookup never found
    from guard.facts.opposites import holds_word

    text = "You may carry over up to 5 days of unused annual leave."
    assert holds_word(text, "un-/non-use") and holds_word(text, "leav")
    assert not holds_word("Carried-over days must be used by 31 March.", "un-/non-use")
