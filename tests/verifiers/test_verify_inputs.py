"""verify()'s input checks: duplicate passage ids and text no tokenizer accepts."""

import pytest

from guard.errors import InputError
from guard.verifiers.api import as_passages, verify
from retrievers.types import Passage


def test_duplicate_passage_ids_are_rejected_with_the_positions():
    with pytest.raises(InputError, match=r"contexts\[1\] repeats the passage id 'leaflet' of contexts\[0\]"):
        as_passages([Passage(id="leaflet", text="Take 20 mg."), Passage(id="leaflet", text="Take 40 mg.")])


@pytest.mark.slow
def test_a_lone_surrogate_is_replaced_not_a_verifier_failure():
    report = verify(question="dose?", contexts=["Take 20 mg once a day.\udcff"], answer="Take 20 mg once a day.\ud800",
                    verifiers=["support"])
    assert report.failures == []
    assert report.claims and report.claims[0].claim.text.endswith("\ufffd")
