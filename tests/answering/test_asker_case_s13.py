"""Evidence-first answering (branch s13-case, issue 17): the asker's case against the cases the
chosen unit's document states. "Where does a 12-year-old get the flu vaccine?" was answered with the
walk-in clinic times, a unit silent on cases, while the notice states the flu vaccine for ages 2 and
3, 4 to 10 and 60 and over only; "agency workers" got the employees' overtime rate. Over text written
here (fictional notices). Each test failed before its change unless it says it guards what must stay."""

from guard.answering import plan_from_passages
from guard.answering_case import CaseGap, unnamed_group
from guard.facts.types import EvidenceUnit, UnitKind
from retrievers.types import Passage

FLU = Passage(
    id="flu-who", title="Ostra Flu Notice 2031 > Who can have it", source="flu.md",
    text=(
        "The Ostra flu vaccine is offered free to adults aged 60 and over. "
        "Children aged 4 to 10 receive their flu vaccine at school, not at the surgery."
    ),
)
FLU_HOW = Passage(
    id="flu-how", title="Ostra Flu Notice 2031 > How to get your flu vaccine", source="flu.md",
    text="Walk-in flu clinics run every Saturday from 09:00 to 12:00 in October. No appointment is needed.",
)
OVERTIME = Passage(
    id="ot-rates", title="Vendel Freight: Overtime Policy > Overtime rates", source="overtime.md",
    text=(
        "Paid overtime applies to employees in grades G1 to G4. "
        "On Saturdays, overtime is paid at 1.5 times the normal hourly rate."
    ),
)
CONDUCT = Passage(
    id="conduct", title="Vendel Freight: Code of Conduct > Site rules", source="conduct.md",
    text="Agency workers and visitors must wear a hi-vis vest in the yard.",
)
KB = [FLU, FLU_HOW, OVERTIME, CONDUCT]


def test_an_age_no_unit_of_the_document_states_is_refused_saying_which_cases_it_states():
    plan = plan_from_passages("Where does a 12-year-old get the flu vaccine?", KB)
    assert not plan.answerable and not plan.units
    assert "12-year-old" in plan.missing and "4 to 10" in plan.missing


def test_the_asker_s_own_age_band_is_still_answered():
    """Guards what must stay: the document states the asker's case (a 7-year-old is 4 to 10)."""
    plan = plan_from_passages("Where does a 7-year-old get the flu vaccine?", KB)
    assert plan.answerable
    assert "school" in plan.answer


def test_a_group_the_staff_policy_never_names_is_refused():
    plan = plan_from_passages("What overtime rate do agency workers get on a Saturday?", KB)
    assert not plan.answerable
    assert "'agency'" in plan.missing


def test_a_group_the_staff_policy_names_is_still_answered():
    """Guards what must stay: "employees" in grades G1 to G4 are the policy's own group."""
    plan = plan_from_passages("What overtime rate do employees get on a Saturday?", KB)
    assert plan.answerable
    assert "1.5 times" in plan.answer


def test_a_hyphenated_modifier_is_no_group_word():
    """"long-serving employee": the group is not "serving" (a second part of a compound)."""
    unit = EvidenceUnit(passage_id="p", index=0, kind=UnitKind.sentence, text="Employees receive 1 extra day a year.", start=0, end=37)
    assert unnamed_group("How much leave does a long-serving employee get?", [(unit, "Leave")]) is None


def test_the_gap_says_what_the_documents_state():
    gap = CaseGap(asked="12-year-old", stated=["Children aged 4 to 10 ..."])
    assert gap.missing() == "the documents state this only for other cases ('Children aged 4 to 10 ...'), not for '12-year-old'"
