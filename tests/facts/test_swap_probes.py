"""Probes for false claims that reuse the passage's own words: a common-noun party in another's
role (roles.actor_replaced), modal strength as an ordered scale (modal_clash: "must" for
"should", and the modal a value is given with), frequency as an ordered scale (frequency.py) and
a restriction given to another party (exclusive.py), a name moved to another clause of its unit
(name_binding.py) and a name given another label line's role (label_roles.py).

Passages written for these probes, in domains the hard cases do not use (a garden allotment, a
school, a data-centre rota, a sailing club); each rule has false claims it must catch and true
claims, close to them, it must leave alone.
"""

from __future__ import annotations

import pytest
from fact_judge import judge

from guard.facts.frequency import frequency_level
from guard.facts.lexicon import lexicon_for
from guard.facts.modal_clash import modal_clash
from guard.facts.types import FactLabel, SlotKind

ALLOTMENT = (
    "The site secretary collects the annual rent from every plot holder. "
    "The treasurer pays the water bill each spring. "
    "Plot holders should cover their water butts in summer. "
    "Bonfires may be lit on weekdays after 6 pm. "
    "Rats rarely reach the compost bays. "
    "Only full members may vote at the annual meeting. "
    "Hedges must be kept below 2 metres; a height of 1.5 metres is recommended for fruit cages."
)

ROTA = (
    "During an outage the shift lead approves every restart of the storage cluster. "
    "The duty engineer writes the incident log and calls the supplier. "
    "Backups usually finish before 4 am. "
    "Cooling alarms sometimes fire during the weekly generator test. "
    "Only badge holders can enter the server hall after midnight."
)

CLUB = (
    "Questions about moorings go to the harbour master, Elin Marsh; questions about racing go to "
    "the sailing secretary, Owen Pryce. "
    "The safety boat is crewed on Sundays."
)

LEAFLET = (
    "<h1>Dorvane Eye Drops</h1> <p>Licence holder: Maribel Pharma Ltd, Leeds. "
    "Packaging site: Trentholm Labs, Derby. Store below 25 °C.</p>"
)


FALSE_CLAIMS = [
    # a party of the document in another party's role (common nouns)
    (ALLOTMENT, "The treasurer collects the annual rent from every plot holder.", SlotKind.entity),
    (ALLOTMENT, "The site secretary pays the water bill each spring.", SlotKind.entity),
    (
        ROTA,
        "During an outage the duty engineer approves every restart of the storage cluster.",
        SlotKind.entity,
    ),
    (ROTA, "The shift lead writes the incident log.", SlotKind.entity),
    # modal strength: "must" where the passage only advises
    (ALLOTMENT, "Plot holders must cover their water butts in summer.", SlotKind.modality),
    (ALLOTMENT, "Every fruit cage must be 1.5 metres high.", SlotKind.modality),
    # frequency scale
    (ALLOTMENT, "Rats often reach the compost bays.", SlotKind.quantifier),
    (ROTA, "Backups rarely finish before 4 am.", SlotKind.quantifier),
    (ROTA, "Cooling alarms never fire during the weekly generator test.", None),
    # a restriction given to another party
    (ALLOTMENT, "Associate members may vote at the annual meeting.", SlotKind.entity),
    (ROTA, "Contractors can enter the server hall after midnight.", SlotKind.entity),
    # a name moved to another clause's fact
    (CLUB, "Questions about racing should go to Elin Marsh, the harbour master.", SlotKind.entity),
    (CLUB, "Owen Pryce answers questions about moorings.", None),
    # a name given the role another label line gives to someone else
    (LEAFLET, "Trentholm Labs is the licence holder for Dorvane.", SlotKind.entity),
    (LEAFLET, "Maribel Pharma packages the drops at its packaging site.", SlotKind.entity),
]

TRUE_CLAIMS = [
    (ALLOTMENT, "The site secretary collects the annual rent."),
    (ALLOTMENT, "The treasurer pays the water bill."),
    (ROTA, "The shift lead approves every restart of the storage cluster during an outage."),
    (ROTA, "The duty engineer calls the supplier."),
    # a weaker modal than the passage's says less, not otherwise
    (ALLOTMENT, "Hedges should be kept below 2 metres."),
    (ALLOTMENT, "A height of 1.5 metres is recommended for fruit cages."),
    # neighbouring points of the frequency scale, and the passage's own word
    (ROTA, "Cooling alarms sometimes fire during the weekly generator test."),
    (ROTA, "Backups usually finish before 4 am."),
    # the restricted party itself, or a broader word for it
    (ALLOTMENT, "Full members may vote at the annual meeting."),
    (ROTA, "Badge holders can enter the server hall after midnight."),
    # a reworded party the passage never names is not taken for another party
    (ROTA, "The duty technician writes the incident log."),
    (CLUB, "Questions about racing go to Owen Pryce."),
    (CLUB, "Elin Marsh, the harbour master, answers questions about moorings."),
    (LEAFLET, "Maribel Pharma Ltd holds the licence for Dorvane."),
    (LEAFLET, "Trentholm Labs packages Dorvane Eye Drops in Derby."),
]


@pytest.mark.parametrize(("passage", "claim", "kind"), FALSE_CLAIMS)
def test_false_claims_reusing_the_passage_words_are_contradicted(passage, claim, kind):
    verdict = judge(claim, passage)
    assert verdict.label is FactLabel.contradicted, (claim, verdict)
    if kind is not None:
        assert verdict.mismatch is not None and verdict.mismatch.kind is kind
        assert verdict.mismatch.evidence is not None  # the evidence span is carried


@pytest.mark.parametrize(("passage", "claim"), TRUE_CLAIMS)
def test_close_true_claims_are_not_contradicted(passage, claim):
    verdict = judge(claim, passage)
    assert verdict.label is not FactLabel.contradicted, (claim, verdict.mismatch)


def test_modal_strength_is_an_ordered_scale():
    assert modal_clash(frozenset({"obligation"}), frozenset({"advice"}))  # must for should
    assert not modal_clash(frozenset({"advice"}), frozenset({"obligation"}))  # should for must: says less
    assert modal_clash(frozenset({"permission"}), frozenset({"obligation"}))  # may for must
    assert modal_clash(frozenset({"obligation"}), frozenset({"permission"}))  # must for may


def test_frequency_levels_read_one_point_or_none():
    en = lexicon_for("en")
    assert frequency_level("Backups usually finish early.", en) == (4, "usually")
    assert frequency_level("Rats rarely reach the bays.", en) == (1, "rarely")
    assert frequency_level("Alarms do not always fire.", en) is None  # negated: not one point
    assert frequency_level("It often, but not always, rains.", en) is None
    assert frequency_level("The alarm fires at noon.", en) is None
