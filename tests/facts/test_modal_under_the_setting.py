"""Session 41's first design (docs/FACTS.md): a rule's modal is read against the unit that states the claim's act
even when the claim's other words are the document's setting. "Mouthguards are compulsory for all Kelderby players"
against "Players may wear a mouthguard." shares under half its words with that item ("Kelderby" is the title's, and
"compulsory" the claim's modal), so only a denial was looked for there; the claim's words less the title's are all
in it. A prohibition on one side and a duty on the other ("not allowed off the lead", "must be kept on a lead") are
of one strength: not a clash of modals. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest

from guard import verify

RULES = (
    "# Kelderby Shinty Club: membership and match rules\n\n"
    "## Rules\n\n"
    "- Players may wear a mouthguard.\n"
    "- Players may bring their own caman; the club lends them too.\n"
    "- Every player wears shin guards on the pitch.\n"
    "- Dogs must be kept on a lead at all times.\n"
    "- Spectators are not allowed on the pitch.\n"
)
PAGE = (
    "<h1>Ravensclough Outdoor Pool: swimming sessions</h1>\n"
    "<ul>\n"
    "<li>Swimmers may bring a float or a pool noodle.</li>\n"
    "<li>Children under 8 must have an adult in the water with them.</li>\n"
    "<li>Nobody may dive from the side.</li>\n"
    "</ul>"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Mouthguards are compulsory for all Kelderby players.", RULES, False),
        ("Every Kelderby player has to turn up with a caman of their own.", RULES, False),
        ("Kelderby players may wear a mouthguard if they like.", RULES, True),
        ("Dogs are not allowed off the lead anywhere at Kelderby.", RULES, True),
        ("Spectators at Kelderby have to keep off the pitch.", RULES, True),
        ("Ravensclough swimmers are required to bring a float.", PAGE, False),
        ("Ravensclough swimmers can bring a pool noodle.", PAGE, True),
        ("At Ravensclough, children under 8 are not allowed in the water without an adult.", PAGE, True),
    ],
)
def test_the_modal_of_a_rule_under_the_documents_setting(claim, passage, holds):
    label = verify(question="", contexts=[passage], answer=claim).claims[0].label.value
    assert (label == "supported") is holds, label
