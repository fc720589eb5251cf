"""Probes for the session-11 negation changes (issue 11, branch s11-neg).

The passages are written for these probes (none comes from the hard-case set, val10 included).
Each change is tested both ways: the false claim it was made for is flagged, and a true claim of
the same shape is not contradicted.
"""

from __future__ import annotations

from fact_judge import judge

from guard.facts.lexicon import ENGLISH
from guard.facts.negation_clash import excepted_words
from guard.facts.polarity import negated, negation_scopes
from guard.facts.predicates import Status, predicates
from guard.facts.slots import read_slots
from guard.facts.types import FactLabel


def _status(text: str, verb: str) -> Status:
    return next(p.status for p in predicates(text) if p.surface.lower() == verb)


def test_no_longer_says_no_and_no_longer_than_is_a_bound():
    assert negated("The night bus no longer stops at the depot.", ENGLISH)
    assert not negated("Stays of no longer than 3 nights are allowed.", ENGLISH)
    assert _status("Paper tickets are no longer accepted on the tram.", "accepted") is Status.denied
    assert _status("You may stay no longer than three nights.", "stay") is Status.allowed


def test_a_dropped_no_longer_is_a_flip_and_a_restated_one_is_not():
    unit = "Since March the night bus no longer stops at the depot."
    assert judge("Since March the night bus still stops at the depot.", unit).label is FactLabel.contradicted
    kept = judge("Since March the night bus does not stop at the depot.", unit)
    assert kept.label is not FactLabel.contradicted, kept.mismatch


def test_none_of_the_following_governs_what_follows_the_partitive():
    scopes = negation_scopes("None of the following are refunded: booking fees, meals and parking.", ENGLISH)
    assert scopes and "refunded" in scopes[0]
    unit = "None of the following are refunded: booking fees, meals and parking."
    assert judge("Booking fees are refunded.", unit).label is FactLabel.contradicted


def test_a_free_suffix_reads_as_no():
    assert "sugar" in {w[:5] for scope in read_slots("The syrup is sugar-free.", ENGLISH).negation_scopes for w in scope}
    unit = "The syrup contains no sugar and no alcohol."
    kept = judge("The syrup is sugar-free.", unit)
    assert kept.label is not FactLabel.contradicted, kept.mismatch
    unit = "The syrup contains sugar and a little alcohol."
    assert judge("The syrup is sugar-free.", unit).label is FactLabel.contradicted


def test_a_negated_comparative_bound_restated_as_a_maximum_is_no_flip():
    # "one sachet" is no quantity the reader takes (a bare "one" is too often a pronoun), so the bound
    # is not consumed with a value: the negation itself must be read as the bound
    unit = "Do not use more than one sachet in a day."
    kept = judge("The most you should use is one sachet in a day.", unit)
    assert kept.label is not FactLabel.contradicted, kept.mismatch
    # a claim that lifts the bound still says the opposite
    assert judge("You should use more than one sachet in a day.", unit).label is FactLabel.contradicted


def test_a_leading_exception_ends_at_its_comma():
    words = excepted_words("Other than guide dogs and hearing dogs, no animals are allowed in the cafe.")
    assert {"guid", "hear"} <= words and "cafe" not in words


def test_a_claim_that_denies_the_exception_is_contradicted():
    unit = "Visitors may not bring food into the gallery, except bottled water for children."
    found = judge("Visitors may not bring bottled water for children into the gallery.", unit)
    assert found.label is FactLabel.contradicted, found
    unit = "Other than guide dogs and hearing dogs, no animals are allowed in the cafe."
    assert judge("Guide dogs are not allowed in the cafe.", unit).label is FactLabel.contradicted


def test_a_claim_that_restates_the_rule_with_its_exception_stands():
    unit = "Visitors may not bring food into the gallery, except bottled water for children."
    for claim in (
        "Apart from bottled water for children, visitors may not bring food into the gallery.",
        "Visitors may not bring food into the gallery unless it is bottled water for children.",
    ):
        kept = judge(claim, unit)
        assert kept.label is not FactLabel.contradicted, (claim, kept.mismatch)


def test_a_claim_about_another_item_than_the_exception_is_left_alone():
    # "small stud earrings" are excepted; "hoop earrings" names one word of it, not the exception
    unit = "Jewellery is not allowed, other than a watch and small stud earrings."
    kept = judge("Hoop earrings are not allowed.", unit)
    assert kept.label is not FactLabel.contradicted, kept.mismatch
