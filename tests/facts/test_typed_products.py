"""Session 33's first design (docs/FACTS.md): a rate per a noun times a count of that noun ("£4 a bale" and
"25 bales of straw" make £100) supported by inference when each is the one value of its kind where the claim
looks; another row's rate, a wrong total, or a limit's count for a claim that does not say it takes the most
is not. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, HOLDS, judge

FEED = (
    "## Prices\n\n| Feed | Price |\n|---|---|\n| Hay | £6.50 a bale |\n| Straw | £4 a bale |\n\n"
    "Every Monday Crabtree delivers 25 bales of straw to the stables."
)
SNAILS = (
    "Rules\n\n1. Entry is £1 a snail, and each trainer may enter up to 3 snails.\n"
    "2. A heat that no snail finishes within 10 minutes is run again."
)
BARROWS = (
    "Wheelbarrow race\n\n- Riders must weigh at least 40 kg.\n- Entry is £8 a team, for up to 30 teams.\n"
    "- A prize of £25 goes to the best barrow."
)
ONE_SENTENCE = (
    "Supply contract\n\n3.1 Hay costs £6.50 a bale and straw £4 a bale, delivered.\n\n"
    "3.2 Crabtree delivers 40 bales of hay and 25 bales of straw every Monday."
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Each Monday's straw delivery costs the stables £100.", FEED, True),
        ("A trainer who enters the most snails allowed pays £3.", SNAILS, True),
        ("If every place is taken, the entry fees come to £240.", BARROWS, True),
        # the hay row's rate times the straw count
        ("Each Monday's straw delivery costs the stables £162.50.", FEED, False),
        ("A trainer who enters the most snails allowed pays £4.", SNAILS, False),
        ("If every place is taken, the entry fees come to £320.", BARROWS, False),
        # a limit's count priced for a race the claim does not say is full
        ("The entry fees come to £240.", BARROWS, False),
        # two rates by the bale in one sentence: only the words bound to each tell them apart
        ("Each Monday's straw delivery costs the buyer £162.50.", ONE_SENTENCE, False),
        ("Each Monday's hay delivery costs the buyer £160.", ONE_SENTENCE, False),
    ],
)
def test_a_rate_per_a_noun_times_its_count(claim, passage, holds):
    assert judge(claim, passage).label in (HOLDS if holds else FLAGGED)
