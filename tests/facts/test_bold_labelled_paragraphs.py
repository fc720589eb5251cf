"""Session 28's unit design (docs/FACTS.md): a paragraph that opens with a bold label ("**Deposit.** The hirer
pays ...") is read as sentences with the label heading the first, as a labelled list item is; the sentence
splitter had cut the label's "**" off as units of their own ("*", "*Deposit.*", "* The hirer pays ..."). Passages
written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts import evidence_units
from guard.facts.types import FactLabel

MOORINGS = """# Mooring agreement: Berth 12, Ferrybridge Marina

**Deposit.** The berth holder pays a deposit of £240 (two months' fees) before the start date. The deposit is
returned within 14 days of the end of the agreement.

**Power.** Shore power is metered and charged at cost.
"""


def test_a_bold_label_heads_its_paragraphs_first_sentence():
    texts = [u.text for u in evidence_units("p", MOORINGS).units]
    assert "**Deposit.** The berth holder pays a deposit of £240 (two months' fees) before the start date." in texts
    assert "**Power.** Shore power is metered and charged at cost." in texts
    assert not any(t.strip("* ") == "" for t in texts)


FIELD = """# Ravenser Point model glider meet: flying rules

**Open slope.** For hand-launched gliders of up to 2 m span. Towlines may be up to 50 m long on the open slope.

**Club slope.** For members' gliders only.

- No glider may fly higher than 120 m, as the airfield's circuit starts above it.
"""


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("The berth holder pays a deposit of £300.", MOORINGS, True),
        ("The berth holder pays a deposit of £240.", MOORINGS, False),
        ("On the Ravenser Point open slope, towlines may be up to 120 m long.", FIELD, True),
        ("On the Ravenser Point open slope, towlines may be up to 50 m long.", FIELD, False),
    ],
)
def test_values_under_a_bold_label(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
