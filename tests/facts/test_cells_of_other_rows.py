"""Session 28's cell design (docs/FACTS.md): a claim that names a table row and gives, in a column of words
("Done by", "Collected by"), another row's cell: "Medicines are given by Tidy Paws Ltd" where the medicines row
says Ruth Okafor. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.types import FactLabel

KENNEL = """## Who looks after your dog

| Job | Done by |
|---|---|
| Walking each dog twice a day | the kennel hands |
| Giving medicines | Ruth Okafor, our veterinary nurse |
| Bathing and grooming | Tidy Paws Ltd |
"""

BINS = """## Green bin rounds

| Village | Collection day | Collected by |
|---|---|---|
| Hartwell | Tuesday | Greenway Waste |
| Oxley | Thursday | the council's own crew |
| Penfold | Friday | Greenway Waste |
"""


@pytest.mark.parametrize(
    ("claim", "passage", "contradicted"),
    [
        ("At the kennels, medicines are given by Tidy Paws Ltd.", KENNEL, True),
        ("At the kennels, medicines are given by Ruth Okafor.", KENNEL, False),
        ("Tidy Paws Ltd does the bathing and grooming.", KENNEL, False),
        ("Greenway Waste empties the green bins in Oxley.", BINS, True),
        ("The council's own crew empties the green bins in Oxley.", BINS, False),
        ("Greenway Waste empties the green bins in Hartwell and Penfold.", BINS, False),
    ],
)
def test_a_cell_of_another_row(claim, passage, contradicted):
    assert (judge(claim, passage).label is FactLabel.contradicted) is contradicted
