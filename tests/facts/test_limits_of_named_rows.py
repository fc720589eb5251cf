"""Session 28's row-limit design (docs/FACTS.md): a claim's one value that keeps to another row's limit and breaks
the limit of the row it names ("A small trailer can carry 800 kg" where the small trailer takes up to 500 kg and the
large one up to 1,200 kg). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

TRAILERS = """## Trailer hire

| Trailer | Maximum load | Day rate |
|---|---|---|
| Small box trailer | up to 500 kg | £35 |
| Large flatbed trailer | up to 1,200 kg | £60 |
"""

SHELVING = """## Shelving in the Ashgrove store room

| Measurement | Limit |
|---|---|
| Height of each shelf | no more than 400 mm |
| Depth of each shelf | at least 400 mm |
"""

KILN = """## Kiln firing

| Firing | Top temperature |
|---|---|
| Bisque firing | no more than 1,000 °C |
| Glaze firing | at least 1,220 °C |
"""


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("The small box trailer can carry a load of 800 kg.", TRAILERS, True),
        ("The large flatbed trailer can carry a load of 800 kg.", TRAILERS, False),
        ("The small box trailer can carry a load of 450 kg.", TRAILERS, False),
        ("A shelf with a height of 450 mm on each bay meets the rule.", SHELVING, True),
        ("A shelf with a depth of 450 mm meets the rule.", SHELVING, False),
        ("A bisque firing reaches 1,240 °C.", KILN, True),
        ("A glaze firing reaches 1,240 °C.", KILN, False),
    ],
)
def test_a_value_that_breaks_its_rows_limit(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
