"""A length or a value a claim leaves unlimited, against a limit the evidence sets on the claim's act (session 29,
docs/FACTS.md): "may take as long as they like to send back the form" against "returns the form within 10 days".
Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

FORMS = """**Consent forms.** The clinic posts the consent form a week before the visit. Patients return the signed
form within 10 days of receiving it."""

STORAGE = """**Storage.** Harlow Self Store insures goods in each unit against fire and theft, up to £2,000 for each
customer. Customers may visit their unit at any time between 06:00 and 22:00."""


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("Patients may take as long as they like to return the signed consent form.", FORMS, True),
        ("Patients return the signed consent form within 10 days.", FORMS, False),
        ("Harlow's insurance covers a customer's goods against theft, whatever their total value.", STORAGE, True),
        ("Harlow customers may stay at their unit as long as they like between 06:00 and 22:00.", STORAGE, False),
    ],
)
def test_an_unlimited_length_or_value_against_a_limit(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
