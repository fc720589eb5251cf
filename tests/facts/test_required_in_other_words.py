"""Session 41's second design (docs/FACTS.md): a duty said with "requires", "insists that", "is bound to",
"compulsory" or "mandatory" is held against a sentence that only allows the act, as "must" was
(allowed_acts.allowed_elsewhere), and an act's every object counts ("You may bring a blanket and a warm drink"
allows bringing a blanket). Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest

from guard import verify

LETTER = (
    "# Hollinbrook Hospital Audiology: your hearing aid review\n\n"
    "Your review is in the audiology department on the ground floor.\n\n"
    "## Before you come\n\n"
    "- You may bring a friend and a list of questions.\n"
    "- You must bring your hearing aids and their chargers.\n"
    "- Leave your coat in the waiting room.\n"
)
PAGE = (
    "<h1>Wyndlow Pottery Studio: taster evenings</h1>\n"
    "<p>Aprons are lent to everyone. Students may bring their own apron and a towel.</p>\n"
    "<p>Every student must wash their hands before touching the clay.</p>"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Hollinbrook requires every patient to bring a friend.", LETTER, False),
        ("Hollinbrook insists that each patient brings a list of questions.", LETTER, False),
        ("Hollinbrook requires patients to bring their hearing aids.", LETTER, True),
        ("Hollinbrook insists that patients bring their hearing aids.", LETTER, True),
        ("Patients at Hollinbrook may bring a friend.", LETTER, True),
        ("Wyndlow insists that every student brings a towel.", PAGE, False),
        ("Wyndlow requires students to wash their hands before touching the clay.", PAGE, True),
    ],
)
def test_a_duty_in_other_words_against_a_leave(claim, passage, holds):
    label = verify(question="", contexts=[passage], answer=claim).claims[0].label.value
    assert (label == "supported") is holds, label
