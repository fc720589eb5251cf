"""Session 43's design on near negation flips over a name (docs/FACTS.md "A name in common is no near flip"): a unit
that shares under half of a claim's words may still be the sentence the claim turns round, but not when all it shares
is a name the claim says ("the Long Meadow"): "Fertiliser isn't allowed on the Long Meadow" does not deny "The
agreement covers the Long Meadow, which the trust manages as a hay meadow". Passages written for this file; the
whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

AGREEMENT = (
    "# Meadow management agreement: Ridding Farm and the Dale Meadows Trust\n\n"
    "This agreement is between Ellen Thwaite, owner of Ridding Farm (the owner), and the Dale Meadows Trust (the"
    " trust).\n\n## 1. Term\n\n1.1 The agreement runs for 5 years from 1 April 2079.\n\n## 2. The land\n\n"
    "2.1 The agreement covers the 7-hectare Long Meadow, which the trust manages as a hay meadow.\n\n"
    "## 3. Cutting and grazing\n\n3.1 The meadow is cut for hay once a year, not before 20 July.\n\n"
    "3.2 After the hay cut, the owner may graze up to 25 sheep on the meadow until 31 October.\n\n"
    "## 4. Restrictions\n\n4.1 The owner must not use fertiliser or weedkiller on the meadow.\n\n"
    "4.2 The trust may spread locally collected wildflower seed in the autumn.\n\n"
    "## 5. Payment\n\n5.1 The trust pays the owner £150 a hectare each year, on 1 October.\n\n"
    "## 6. People\n\n6.1 The trust's meadow officer, Ruth Alderson, carries out a plant survey each June; the owner's"
    " contractor, Tom Metcalfe,\ncuts and bales the hay.\n\n## 7. Access\n\n7.1 Trust volunteers may visit on"
    " weekdays between 09:00 and 17:00, in groups of no more than 10.\n\n## 8. Ending the agreement\n\n"
    "8.1 Either side may end the agreement with 6 months' written notice."
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Fertiliser isn't allowed on the Long Meadow.", True),
        ("The owner may use fertiliser on the Long Meadow.", False),
    ],
)
def test_a_shared_name_alone_turns_nothing_round(claim, holds):
    label = verified_label(claim, AGREEMENT)
    assert (label == "supported") is holds, label
