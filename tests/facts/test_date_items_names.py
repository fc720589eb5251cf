"""Session 43's design on dated items named by a name's words (docs/FACTS.md "A name's words do not name an item"):
when several items of a paragraph each give one date, the claim's event is the item that holds more of its words than
the date's own item does; a word the claim says only inside a name ("Kelstedge Orchard's Apple Fair") names an item
only where the item writes it in a name too, so "the orchard opens for the season" is not a second candidate for the
fair and the fair's own item decides. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

ORCHARD = (
    "# Kelstedge Orchard: visits and events\n\n"
    "Kelstedge Orchard grows 60 old varieties of apple and pear on a south-facing slope. The orchard opens for the"
    " season on 5 April 2079, and the cider barn is closed for repairs from 1 June to 15 July 2079. The Apple Fair is"
    " held on 4 October 2079, and the orchard closes for the winter on 30 November 2079.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Kelstedge Orchard's Apple Fair takes place on 30 November 2079.", False),
        ("Kelstedge Orchard's Apple Fair takes place on 4 October 2079.", True),
        ("Kelstedge Orchard shuts the orchard for the winter on 30 November 2079.", True),
    ],
)
def test_a_name_word_does_not_name_another_item(claim, holds):
    label = verified_label(claim, ORCHARD)
    assert (label == "supported") is holds, label
