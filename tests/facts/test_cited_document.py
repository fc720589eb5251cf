"""Session 43's design on claims that cite the document (docs/FACTS.md "The advice a claim is weighed against"): "A
daily walk of 25 minutes fits the advice" or "... is in line with the letter" weighs a case against the document
itself; "advice" and "letter" are no things the claim adds that the document never mentions, so the values decide.
Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

LETTER = (
    "# Tansley Community Hospital: your new hip\n\n"
    "## Walking\n\n"
    "- Walk for 10 to 15 minutes at a time, three times a day, in the first two weeks.\n"
    "- Sit in a chair whose seat is high enough that your knees stay below your hips.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Walking for 12 minutes at a time fits the advice.", True),
        ("Walking for 12 minutes at a time is in line with the hospital's advice.", True),
        ("Walking for 40 minutes at a time fits the advice.", False),
    ],
)
def test_the_document_cited_is_no_added_term(claim, holds):
    label = verified_label(claim, LETTER)
    assert (label == "supported") is holds, label
