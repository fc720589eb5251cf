"""Session 45's design on the price a party pays (docs/FACTS.md "Parties and their ages"): "children aged 6 and 9"
lists two ages (the 9 is no count of the word after it, "9 pay"); ages listed after a count of people are its members
("two children aged 6 and 9"); and a price two or more groups of people pay is their total, said or not
("altogether"). Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.quantities import quantities

RINK = (
    "# Callander ice rink: public sessions\n\n"
    "Public sessions last 90 minutes. Admission costs £9.50 for adults and £7.50 for children, including skate hire.\n\n"
    "Children aged 4 to 15 must skate with an adult. Under-4s may not go on the ice.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Two adults and two children aged 6 and 9 pay £34 for a public session.", True),
        ("Two adults and two children aged 6 and 9 pay £38 for a public session.", False),
        ("One adult and three children aged 5, 8 and 12 pay £32 for a public session.", True),
        ("One adult and three children aged 5, 8 and 12 pay £28.50 for a public session.", False),
        ("A couple with two kids pay £34 for a public session.", True),
        ("A couple with two kids pay £36 for a public session.", False),
    ],
)
def test_a_party_pays_the_sum_of_its_members_prices(claim, holds):
    label = verified_label(claim, RINK)
    assert (label == "supported") is holds, label


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("two children aged 6 and 9 pay", [6, 9]),
        ("a couple aged 72 and 66", [72, 66]),
        ("children aged 5, 8, and 12", [5, 8, 12]),
    ],
)
def test_every_number_of_a_list_of_ages_is_an_age(text, ages):
    found = [q for q in quantities(text) if q.measure == "age"]
    assert [round(q.written[0]) for q in found] == ages


def test_a_count_of_people_after_an_age_stays_a_count():
    assert [q.dim for q in quantities("children aged 5 and 2 adults")] == ["duration", "count:adult"]
