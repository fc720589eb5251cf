"""A compound's shorter tails as the passage's phrases, and a count of a noun the documents word
their own way ("how many parking places" / "40 spaces")."""

from guard.answering_terms import _tails
from guard.answering_values import AskedValue, counted_otherwise, holds_value


def test_a_compound_is_also_its_shorter_compounds():
    assert _tails(["clinic", "car", "park"]) == ["clinic car park", "car park"]
    assert _tails(["car", "park"]) == ["car park"]  # the head alone names too broad a class
    assert _tails(["spaces"]) == ["spaces"]


def test_a_count_of_a_noun_worded_otherwise_is_any_count():
    asked = AskedValue("a number of places", dims=frozenset({"count:place"}))
    assert counted_otherwise(asked, set()) is asked
    assert counted_otherwise(asked, {"clinic"}) is asked
    loose = counted_otherwise(asked, {"place"})
    assert loose.any_count and not loose.dims and loose.label == asked.label
    assert counted_otherwise(None, {"place"}) is None


def test_any_count_is_held_by_a_count_only():
    loose = AskedValue("a number of places", any_count=True)
    question = "How many parking places does the clinic have?"
    assert holds_value(loose, "The clinic car park has 40 spaces.", question)
    assert not holds_value(loose, "The car park opens at 07:00.", question)
