"""Session 43's design on the item that names a claim's event (docs/FACTS.md "The item that holds every other
candidate's words"): when several dated items share words with a claim, the one whose shared words hold every other
candidate's and more names the claim's event ("Pipton Imaging photographs the finished map on 22 May" against three
items that say only "map"), so a date taken from another item is contradicted. Passages written for this file; the
whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

COMMISSION = (
    "<h1>Llyswen History Society: conserving the 1840 estate map</h1>\n<h2>Dates</h2>\n"
    "<p>The society brings the map to the studio at Boughrood on 4 March 2078, and the cleaning starts on 11 March 2078."
    " The tears are mended from 1 April 2078, and the map is lined during the week of 29 April 2078. Talgarth"
    " Photographic photographs the finished map on 20 May 2078, and Erwood Cabinet Makers fixes the display case to the"
    " wall of the society's room on 27 May 2078. The map is handed back to the society on 10 June 2078, and the society"
    " opens its display to the public on 24 June 2078.</p>\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Talgarth Photographic takes its pictures of the finished map on 27 May 2078.", False),
        ("Talgarth Photographic takes its pictures of the finished map on 20 May 2078.", True),
        ("The display case goes up on the wall on 27 May 2078.", True),
    ],
)
def test_the_item_holding_every_other_candidates_words_names_the_event(claim, holds):
    label = verified_label(claim, COMMISSION)
    assert (label == "supported") is holds, label
