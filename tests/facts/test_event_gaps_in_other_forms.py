"""Session 42's design on event gaps (docs/FACTS.md "An event named by another form of its word"): a claim names a
dated event by another form of the word the schedule uses ("the delivery of the gates" for "Finished gates
delivered"), and the time between the two events it names holds; another length does not
(event_gaps._forms_of_one_word). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

SCHEDULE = (
    "<h1>Holmfirth Forge: gate commission</h1>\n<p>This commission is made on 2 February 2074 between Holmfirth Forge "
    "(the smith) and the Linthwaite Trust (the trust) for a pair of iron gates.</p>\n<h2>Dates</h2>\n<ol>\n"
    "  <li>Drawings of the gates approved by the trust: 9 March 2074</li>\n  <li>Deposit paid by: 23 March 2074</li>\n"
    "  <li>First fitting of the hinges, at the forge: 4 May 2074</li>\n"
    "  <li>Finished gates delivered to the trust: 22 June 2074</li>\n</ol>\n<h2>Terms</h2>\n<ol>\n"
    "  <li>The trust pays a deposit of 25% of the price; the rest is due within 30 days of delivery.</li>\n</ol>\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Seven weeks pass between the first fitting of the hinges and the delivery of the gates.", True),
        ("Five weeks pass between the first fitting of the hinges and the delivery of the gates.", False),
    ],
)
def test_an_event_named_by_another_form_of_its_word(claim, holds):
    assert judge(claim, SCHEDULE).label in (HOLDS if holds else FLAGGED)
