"""Session 19's third design (docs/FACTS.md): rows sharing a key told apart by the claim's other value
(rows._named), and a value taken from a sibling's sentence ("full livery" for "part livery",
quantity_moves.sibling_topic). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel

PRICES = (
    "<h1>Serenity Spa: treatments and prices</h1>\n"
    "| Treatment | Length | Price |\n|---|---|---|\n"
    "| Reflexology, first visit | 60 minutes | £58 |\n"
    "| Hot stone massage | 30 minutes | £35 |\n"
    "| Hot stone massage | 60 minutes | £55 |\n"
    "| Hot stone massage | 90 minutes | £75 |\n"
    "| Block of 5 hot stone massages of 60 minutes | - | £250 |\n"
)


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("At Serenity a 60-minute hot stone massage costs £58.", FactLabel.contradicted),  # the reflexology row's
        ("A 60-minute hot stone massage costs £55.", FactLabel.supported),
        ("A 90-minute hot stone massage costs £75.", FactLabel.supported),
    ],
)
def test_rows_sharing_a_key(claim, label):
    assert judge_passages(claim, PRICES).label is label


KENNELS = (
    "Day care costs £25 a day: the kennels collect the dog in the morning and bring it home at night, and "
    "the owner feeds it. Overnight care costs £40 a night and covers everything except grooming."
)


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Day care costs £40 a day.", FactLabel.contradicted),
        ("Overnight care costs £25 a night.", FactLabel.contradicted),
        ("Day care costs £25 a day.", FactLabel.supported),
        ("Overnight care costs £40 a night.", FactLabel.supported),
    ],
)
def test_a_value_from_a_siblings_sentence(claim, label):
    # (other_topic already catches these; sibling_topic was needed where the value's sentence aligned
    # closer, as in val29's livery terms, which a test may not copy: this keeps the true twins held)
    assert judge_passages(claim, KENNELS).label is label
