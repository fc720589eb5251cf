"""A claim that gives a thing free or includes it in a price, against a unit that prices that very thing
(session 29, docs/FACTS.md): "Changing rooms come with the artificial pitch at no extra cost" against
"Artificial pitch | ... | Changing rooms: £20 a match extra". Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

COURTS = """## Court hire at Fennick Park

| Court | Per hour | Floodlights |
|---|---|---|
| Grass court | £9 | not available |
| Hard court | £12 | £4 an hour extra |
"""

LETTERS = """| Service | Charge |
|---|---|
| Printed statement | £2.50 a copy |
| Emailed statement | no charge |
"""

REPAIRS = """Every repair comes with a 90-day guarantee. Collection from your home, which costs £15 each way, can be
booked by phone."""


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("Floodlights come with the hire of a Fennick Park hard court at no extra cost.", COURTS, True),
        ("A Fennick Park hard court costs £12 an hour, and floodlights are £4 an hour on top.", COURTS, False),
        ("No, printed statements are free.", LETTERS, True),
        ("Emailed statements are free.", LETTERS, False),
        ("Collection from your home is included in the repair price.", REPAIRS, True),
        ("Every repair comes with a 90-day guarantee at no extra cost.", REPAIRS, False),
    ],
)
def test_a_thing_given_free_that_the_evidence_prices(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted


FREEZE = """## Freezing your membership

You may freeze your membership for 1 to 3 months in any 12 months, for a fee of £5 per month. A freeze for medical
reasons, with a doctor's letter, is free."""


def test_a_case_the_document_gives_free_is_not_contradicted_by_its_general_price():
    assert judge("A freeze for medical reasons, with a doctor's letter, is free.", FREEZE).label is not FactLabel.contradicted
