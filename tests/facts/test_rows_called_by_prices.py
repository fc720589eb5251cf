"""Session 45's design on the words a claim counts a table's rows by (docs/FACTS.md "Rows counted as prices or parts"):
"the four prices", "the four parts of the job", "the four priced items" and "the joiners' four items" count the rows
of a commission's table, as "the four items" does. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

GATE = (
    "# Aberfoyle lychgate: the restoration\n\n"
    "Strathard Joiners restore the lychgate of Aberfoyle old kirk for the kirk session.\n\n"
    "| Item | Work | Price |\n|---|---|---|\n"
    "| Roof | New oak shingles and ridge | £4,200 |\n"
    "| Posts | The oak posts spliced at the foot | £2,650 |\n"
    "| Gates | The pair of gates rehung on new pins | £1,380 |\n"
    "| Coffin stone | Lifted, levelled and reset | £920 |\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Taken together, the joiners' four prices come to £9,150.", True),
        ("The four parts of the lychgate job add up to £9,150.", True),
        ("Summed, the four priced items cost the kirk session £9,150.", True),
        ("Summed, the three priced items cost the kirk session £9,150.", False),
    ],
)
def test_a_table_s_rows_counted_as_prices_or_parts(claim, holds):
    label = verified_label(claim, GATE)
    assert (label == "supported") is holds, label
