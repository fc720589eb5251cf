"""The claim judge's precision on true claims (issue 11): causes of false flags, each with a false twin.

Passages are written here, in domains the hard cases do not use.
"""

from __future__ import annotations

from guard.facts.types import FactLabel, FactVerdict
from guard.verifiers.claim_judge import credited_support
from guard.verifiers.lexical import vocabulary
from guard.verifiers.support import Assessment, BestSentence


def _assessment(support: float, cosine: float, overlap: float, novel: list[str]) -> Assessment:
    return Assessment(support, BestSentence(cosine, 0, "x"), overlap, novel)


# --- the tagger's term around a matched value is not novel ------------------------------------


def test_a_tagged_term_around_a_matched_measured_value_takes_no_penalty():
    # the tagger reads "Chilled at 4 °C" as one term; the fact layer matched "4 °C" (and "a week")
    known = vocabulary(["Keep the opened jar at 4 °C for up to 7 days."])
    claim = "Chilled at 4 °C, the opened jar lasts up to a week."
    raw = _assessment(0.3, 0.75, 0.5, ["Chilled at 4"])
    credited = credited_support(claim, FactVerdict(label=FactLabel.supported), raw, known, 0.5)
    assert credited >= 0.5 > raw.support


def test_a_name_around_a_bare_number_keeps_its_penalty():
    # "Orrin 3.2" names a release: the bare number inside it is a version, not a measured value
    known = vocabulary(["Release 3.2 of the Lumen app needs 4 GB of memory."])
    claim = "Orrin 3.2 needs 4 GB of memory."
    raw = _assessment(0.3, 0.75, 0.6, ["Orrin 3.2"])
    credited = credited_support(claim, FactVerdict(label=FactLabel.supported), raw, known, 0.5)
    assert credited < 0.5
