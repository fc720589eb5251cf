"""Session 41's sixth design (docs/FACTS.md): in a list of dated events, a verb that says only when an event happens
("begins", "starts") does not name the event: "Yoxford Carvers begins painting the figurehead on 22 March 2077" takes the date of
"carving of the new arm begins on 22 March 2077", while "Painting starts on 3 May 2077" names its event. Passages
written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

DATES = (
    "<h2>Dates</h2>\n"
    "<p>Hexworthy Carving collects the pulpit on 4 March 2078. The worm-eaten panels are cut out from 11 March 2078, "
    "and carving of the new cresting begins on 8 April 2078. Waxing starts on 20 May 2078. It goes back into "
    "the church on 17 June 2078.</p>"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Waxing begins on 8 April 2078.", False),
        ("Waxing begins on 20 May 2078.", True),
        ("Carving of the new cresting starts on 8 April 2078.", True),
        ("Hexworthy Carving collects the pulpit on 4 March 2078.", True),
    ],
)
def test_the_date_of_an_event_named_beside_a_beginning(claim, holds):
    label = verified_label(claim, DATES)
    assert (label == "supported") is holds, label
