"""Evidence-first answering, session 11: three answerer bugs seen on open golden dev rows, over text
written here. Each test failed before its change (branch s11-bugs) unless it says it guards a
behaviour that must stay."""

from guard.answering import plan_from_passages
from guard.answering_question import key_terms, situation_terms
from guard.answering_scoring import SensedUnit, focus_term
from guard.answering_terms import framing_verbs
from guard.answering_values import asked_age_months, qualifier_fit
from guard.facts.name_check import coded_bands, in_coded_band
from guard.facts.types import EvidenceUnit, UnitKind
from retrievers.types import Passage

# --- (b) a grade code against the bands of codes a unit gives -------------------------------------

PAID = "Paid overtime applies to employees in grades G1 to G4, which covers most warehouse roles."
UNPAID = "Employees in grades G5 and above, and managers, do not receive paid overtime."


def test_a_grade_code_falls_in_an_open_band_of_codes():
    assert coded_bands("G6", f"{PAID} {UNPAID}") == [(1.0, 4.0), (5.0, float("inf"))]
    assert coded_bands("B2", "Band B3 or below") == [(0.0, 3.0)]
    assert in_coded_band("G6", UNPAID) is True
    assert in_coded_band("G6", PAID) is False
    assert in_coded_band("G6", "Annual leave is 25 days.") is None  # no band of its prefix: undecided
    assert coded_bands("G6", "Band 3 to 5") == []  # another prefix


def test_the_askers_grade_picks_the_band_that_holds_it():
    question = "I'm a G6 - do I get paid for overtime?"
    own = qualifier_fit(question, UNPAID)
    other = qualifier_fit(question, PAID)
    assert own.score > 0 and not own.misfit
    assert other.misfit and other.score < 0


# --- (c) plural ages ----------------------------------------------------------------------------------

def test_a_plural_age_is_an_age_not_a_term():
    question = "Do 11-year-olds get their flu vaccine through school?"
    assert asked_age_months(question) == 132.0
    assert "year-olds" not in key_terms(question)
    assert asked_age_months("Can 2-year-olds have it?") == 24.0
    # the singular stays read as before
    assert asked_age_months("Can my 11-year-old have it?") == 132.0


def test_a_plural_age_outside_the_programmes_band_is_refused_as_another_case():
    school = Passage(
        id="school", title="Flu Vaccination 2025 > Children", source="flu.md",
        text="Children aged 4 to 10 get the flu vaccine at school as a nasal spray.",
    )
    plan = plan_from_passages("Do 11-year-olds get their flu vaccine through school?", [school])
    assert not plan.answerable
    assert "year-olds" not in (plan.missing or "")


# --- (d) the focus on a verb or a particle -----------------------------------------------------------

def _unit(pid: str, index: int, text: str) -> EvidenceUnit:
    return EvidenceUnit(passage_id=pid, index=index, kind=UnitKind.sentence, text=text, start=0, end=len(text))


def test_a_verb_before_the_verb_of_the_act_frames_it():
    question = "How far ahead do I need to ask to work abroad?"
    assert framing_verbs(question, key_terms(question)) == {"ask"}
    # guards what must stay: the verb of the act itself is no framing verb
    assert framing_verbs("Who pays when I accidentally break my laptop?", ["pay", "break", "laptop"]) == set()
    assert framing_verbs("How many days of holiday can I carry over?", ["holiday", "carry"]) == set()


def test_a_framing_verb_is_not_the_focus_when_another_term_names_the_topic():
    units = [
        SensedUnit(_unit("r", 0, "Ask your line manager before you book anything."), 0.45, False),
        SensedUnit(_unit("r", 1, "Requests to work abroad must be made at least 4 weeks before travel."), 0.6, True),
    ]
    terms, weights = ["ask", "work", "abroad"], {"ask": 3.0, "work": 0.4, "abroad": 1.0}
    question = "How far ahead do I need to ask to work abroad?"
    assert focus_term(terms, weights, set(), units, {}, question, frozenset({"ask"})) == "abroad"
    # guards what must stay: a framing verb alone is still the focus
    assert focus_term(["ask"], {"ask": 1.0}, set(), units, {}, "Who do I ask?", frozenset({"ask"})) == "ask"


def test_a_question_whose_every_term_is_the_askers_case_has_no_focus():
    question = "I came out in spots after starting Pravacillin. Should I keep taking it?"
    terms = key_terms(question)
    situation = situation_terms(question)
    assert set(terms) <= situation
    weights = dict.fromkeys(terms, 1.0)
    assert focus_term(terms, weights, situation) is None


def test_a_question_with_a_rare_verb_is_answered_from_the_unit_holding_its_topic():
    remote = Passage(
        id="remote", title="Remote Work Policy > Working abroad", source="remote.md",
        text="Working abroad is allowed for up to 20 days a year. Requests must be made at least 4 weeks before travel.",
    )
    it = Passage(
        id="it", title="IT Help > Passwords", source="it.md",
        text="Ask the IT Service Desk to reset a password. The desk answers requests within 1 working day.",
    )
    plan = plan_from_passages("How far ahead do I need to ask to work abroad?", [remote, it])
    assert plan.answerable, plan.missing
    assert "4 weeks" in plan.answer
