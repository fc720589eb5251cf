"""Session 40's second design (docs/FACTS.md): a modal is read in the piece of the unit that governs the verb the
claim's modal governs, when the piece closest to the claim states no modal. "Fernlea Knee Club meets every month;
you may join if you wish" is closest to "Patients must join Fernlea Knee Club" by its first clause, which has no
modal, and the claim's "must" was never compared with the second clause's "may", bound to the same "join".
Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest

from guard import verify

LETTER = (
    "## After your knee replacement\n\n"
    "- Walk with both crutches for the first 2 weeks.\n"
    "- The Tuesday walking group meets at the day centre at 10:00; you may join it if you wish.\n"
    "- Fernlea Knee Club meets every month; you may join if you wish.\n"
    "- The physiotherapy gym opens at 08:30; you must book a slot by phone.\n"
    "- Bring your exercise sheet to every appointment.\n"
)
PAGE = (
    "<h2>On the day</h2>\n"
    "<ul>\n"
    "<li>The boat leaves Sandsend quay at 09:15 sharp; you can bring a packed lunch, or buy one on board.</li>\n"
    "<li>Life jackets are handed out on the quay and must be worn at all times.</li>\n"
    "<li>Sandsend Sea Watch runs a stall on the quay; you can sign up for its survey if you like.</li>\n"
    "</ul>"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Patients must join Fernlea Knee Club.", LETTER, False),
        ("Patients are required to join Fernlea Knee Club.", LETTER, False),
        ("Patients may join Fernlea Knee Club.", LETTER, True),
        ("Patients must join the Tuesday walking group.", LETTER, False),
        ("Patients have to book a slot at the physiotherapy gym by phone.", LETTER, True),
        ("Passengers have to sign up for the Sandsend Sea Watch survey.", PAGE, False),
        ("Passengers may sign up for the Sandsend Sea Watch survey.", PAGE, True),
        ("Life jackets must be worn at all times on the boat trip.", PAGE, True),
    ],
)
def test_the_modal_of_the_claims_verb(claim, passage, holds):
    label = verify(question="", contexts=[passage], answer=claim).claims[0].label.value
    assert (label == "supported") is holds, label
