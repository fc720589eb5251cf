"""Session 27's fourth design (docs/FACTS.md): a claim that names the document's subject ("Oakhanger", "lumbar
puncture", words of its title) is read against the rule that states its act, which never repeats that subject:
"Oakhanger patients may drive themselves home after a lumbar puncture" against "You must not drive yourself home".
With the title's words, no unit held half the claim's words and no flip was read. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

LEAFLET = """<h1>Hexley General Hospital: having a lumbar puncture</h1>

<p>A lumbar puncture takes a small sample of the fluid around your spinal cord, through a thin needle put between two
bones in your lower back. The test takes about 30 minutes, and you then lie flat for 1 hour.</p>
<h2>After</h2>
<ul>
  <li>You must not drive yourself home.</li>
  <li>Drink at least 2 litres of fluid on the day.</li>
  <li>About 1 in 10 people get a headache, which usually goes within a week.</li>
</ul>
"""
KIOSK = """# Ice cream concession agreement: Marrow Lane Country Park

This agreement is between Tarnby District Council (the council) and Bean There Ices Ltd (the trader) for selling ice
cream from the kiosk beside the boating lake at Marrow Lane Country Park.

- The trader may put out up to 4 tables.
- Generators are not allowed; the kiosk has a mains supply, which the council charges at cost.
"""


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("Hexley patients may drive themselves home after a lumbar puncture.", LEAFLET, True),
        ("Hexley patients must not drive themselves home after a lumbar puncture.", LEAFLET, False),
        ("Hexley patients should drink at least 2 litres of fluid on the day of a lumbar puncture.", LEAFLET, False),
        ("The ice cream trader is allowed to run a generator at the Marrow Lane kiosk.", KIOSK, True),
        ("The ice cream trader may not run a generator at the Marrow Lane kiosk.", KIOSK, False),
        ("The ice cream trader may put out 4 tables at the Marrow Lane kiosk.", KIOSK, False),
    ],
)
def test_a_rule_read_without_the_documents_subject(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
