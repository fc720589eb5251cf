"""Session 40's fourth design (docs/FACTS.md): a total of one column over every row of a table, for a claim that
names the table as a whole ("The four items of work come to £9,700 between them") rather than row by row, and a count
of the table's rows by the name of its key column or as items. Passages written for this file; the whole of verify()
runs."""

from __future__ import annotations

import pytest

from guard import verify

BARN = (
    "Hollinbeck Barn Repairs will mend the threshing barn at Low Skirwith Farm.\n\n"
    "| Item | Work | Price |\n"
    "|---|---|---|\n"
    "| Roof | 40 m² of stone slates relaid on new battens | £5,200 |\n"
    "| Doors | The two cart doors rehung on new hinges | £1,350 |\n"
    "| Walls | The north wall repointed in lime mortar | £2,480 |\n"
    "| Gutters | Cast-iron gutters refixed and painted | £670 |\n"
)
KILN = (
    "<p>Ousby Pottery rebuilds the bottle kiln for the village trust.</p>\n"
    "<table>\n"
    "<tr><th>Stage</th><th>Weeks</th><th>Cost</th></tr>\n"
    "<tr><td>Foundations</td><td>3</td><td>£2,100</td></tr>\n"
    "<tr><td>Firing chamber</td><td>5</td><td>£4,750</td></tr>\n"
    "<tr><td>Chimney</td><td>4</td><td>£3,150</td></tr>\n"
    "</table>"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("The four items of work on the barn come to £9,700 between them.", BARN, True),
        ("Added up, the four items in the table cost £9,700.", BARN, True),
        ("The four items of work on the barn come to £8,700 between them.", BARN, False),
        ("Relaying the barn roof costs £9,700.", BARN, False),
        ("The three stages of the kiln rebuild cost £10,000 altogether.", KILN, True),
        ("The three stages of the kiln rebuild cost £12,000 altogether.", KILN, False),
        ("Ousby Pottery's kiln rebuild has three stages.", KILN, True),
    ],
)
def test_a_whole_table_added_up(claim, passage, holds):
    label = verify(question="", contexts=[passage], answer=claim).claims[0].label.value
    assert (label == "supported") is holds, label
