"""Evidence-first answering, round 10 (branch s10-answer): the asker's case in words the documents do not
use, and a period or product form the documents state only for a neighbouring case.

Over text written here (fictional products and places). Each test failed before its change unless it says
it guards what must stay."""

from guard.answering import plan_from_passages
from guard.answering_question import condition_terms, situation_terms
from guard.answering_values import month_fit, months_stated, strength_fit
from retrievers.types import Passage

VISITING = Passage(
    id="visiting", title="Aldwick Clinic > Visiting hours on Rowan Ward", source="aldwick.md",
    text=(
        "Visiting hours on Rowan Ward are 15:00 to 19:00. No more than 2 visitors per bed at any one time. "
        "Children under 12 may visit only when accompanied by an adult."
    ),
)
CLINICS = Passage(
    id="clinics", title="Aldwick Clinic > Walk-in clinics", source="aldwick.md",
    text="Walk-in blood test clinics run every Wednesday from 08:00 to 10:00 in January and February 2026.",
)


def test_a_relative_the_documents_do_not_name_is_the_askers_case():
    """"grandad" is who the asker visits, not what is asked: its absence is no refusal."""
    assert "grandad" in situation_terms("Can my son visit his grandad on Rowan Ward?")
    assert "coworker" in situation_terms("Could I be dismissed for hitting a coworker?")
    plan = plan_from_passages("Is my 10-year-old allowed to visit his grandad on Rowan Ward on his own?", [VISITING])
    assert plan.answerable
    assert "accompanied by an adult" in plan.answer


def test_a_conditional_clause_opening_the_question_is_read_apart():
    terms = condition_terms("If I'm a few weeks into my job and want to quit, how much notice do I give?")
    assert {"job", "quit"} <= terms and "notice" not in terms
    assert condition_terms("How much notice do I give if I quit?") == set()


PROBATION = Passage(
    id="probation", title="Corvel Ltd: Probation Policy > Notice during probation", source="corvel.md",
    text="During probation, the notice period is 1 week on either side, whatever your grade.",
)
REVIEWS = Passage(
    id="reviews", title="Aldwick Clinic > Medication reviews", source="aldwick-rx.md",
    text=(
        "A doctor reviews your repeat medicines regularly: most patients need a medication review every 12 months. "
        "If your review is overdue, we may issue a short supply of 14 days only."
    ),
)


def test_a_condition_in_the_askers_own_words_is_their_case():
    """"quit" is in no passage: the clause tells the asker's case, and "job" is no topic to hold a duration."""
    plan = plan_from_passages(
        "If I'm a few weeks into my probation and want to quit, how much notice do I give?", [PROBATION]
    )
    assert plan.answerable and "1 week" in plan.answer


def test_a_condition_in_the_documents_words_stays_a_term():
    """Guards what must stay: "overdue" is the documents' own condition and picks the unit."""
    plan = plan_from_passages("If my medication review is overdue, how much medicine will I be given?", [REVIEWS])
    assert plan.answerable and "14 days" in plan.answer


def test_a_month_stated_as_a_period_is_another_period_than_the_asked_one():
    assert months_stated("in October and November 2025") == {"october", "november"}
    assert months_stated("call before 30 September 2025") == set()  # a day's date, no period
    assert months_stated("from October to January") == {"october", "november", "december", "january"}
    assert month_fit("Is the walk-in clinic open in December?", "Walk-in clinics run in October and November.") is False
    assert month_fit("Is the walk-in clinic open in November?", "Walk-in clinics run in October and November.") is True
    assert month_fit("Is the walk-in clinic open?", "Walk-in clinics run in October and November.") is None


def test_a_walk_in_clinic_asked_for_another_month_is_refused():
    plan = plan_from_passages("When are the walk-in blood test clinics in June?", [CLINICS])
    assert not plan.answerable


def test_the_same_clinic_in_its_own_month_still_answers():
    """Guards what must stay."""
    plan = plan_from_passages("When are the walk-in blood test clinics in February?", [CLINICS])
    assert plan.answerable and "Wednesday" in plan.answer


def test_another_form_named_before_its_strength_is_another_product():
    question = "What is the most Veltrin 500 mg a 15-year-old can take in a day?"
    assert strength_fit(question, "Patient Leaflet: Veltrin Children's Suspension 120 mg/5 ml > Dose") is False
    # the 500 mg leaflet pointing at the suspension is still the 500 mg product
    assert strength_fit(question, "Veltrin 500 mg Tablets. Use Veltrin Children's Suspension 120 mg/5 ml instead.")
