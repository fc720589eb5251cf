"""Session 28's misplaced-doer design (docs/FACTS.md): a passive verb's doer that the parse hangs on a noun of the
verb's own phrase ("sent to the laboratory in a sealed bag by the ward clerk") is the verb's. Passages written for
this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

SAMPLES = (
    "Your blood samples are taken by the phlebotomist in Clinic 2. The samples are sent to the laboratory in a "
    "sealed bag by the ward clerk, who also books your next appointment."
)


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("Your blood samples are sent to the laboratory by the phlebotomist.", SAMPLES, True),
        ("Your blood samples are sent to the laboratory by the ward clerk.", SAMPLES, False),
    ],
)
def test_a_doer_hung_on_a_noun_of_the_phrase(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
