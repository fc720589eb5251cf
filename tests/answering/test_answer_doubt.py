"""Evidence-first answering, round 8: the guard's own quote chosen on a close call. Another case,
nearly as likely, stating another value is quoted too, and the decision says so
(``doubtful_answer``); a restatement, another edition of the same document, or a case a qualifier
of the question picked is no rival."""

from guard.answering_doubt import CLOSE_RIVAL, close_rival, doubt_detail
from guard.answering_scoring import _LEAD, ScoredUnit
from guard.decide import Decision, Reason, with_doubt
from guard.facts.types import EvidenceUnit, UnitKind
from guard.policy import Action, Actions, Condition, Policy, load_policy


def scored(text: str, score: float, *, title: str = "Leave Policy > Entitlement leave.md", lead: str = "",
           passage: str = "p1", index: int = 0, fit: float = 0.0, citation: int = 1) -> ScoredUnit:
    unit = EvidenceUnit(passage_id=passage, index=index, kind=UnitKind.sentence, text=text, start=0, end=len(text))
    return ScoredUnit(unit=unit, citation=citation, score=score, covered=1.0, has_type=True, fit=fit,
                      context=f"{title}{_LEAD}{lead}")


ENTITLED = scored("Full-time staff get 28 days of paid holiday each year.", 0.97, index=0)
CARRY = scored("You may carry over up to 4 days of unused holiday.", 0.99,
               title="Leave Policy > Carrying over leave.md", passage="p2", citation=2)
TERMS = ["holiday"]  # the question's key terms ("How much holiday do I get?")


def test_a_close_rival_case_with_another_value_is_a_doubt():
    """"How much holiday do I get?": carrying over 4 days won by 0.02 over the 28-day entitlement."""
    rival = close_rival([CARRY], [CARRY, ENTITLED], TERMS)
    assert rival is ENTITLED
    assert "28 days" in doubt_detail(rival) and "[1]" in doubt_detail(rival) and "quoted too" in doubt_detail(rival)


def test_a_rival_less_on_topic_than_the_best_is_none():
    """"maximum daily dose": one glass of juice a day lacks "dose", which the chosen unit holds."""
    dose = scored("Never take more than 40 mg in one day.", 0.90, title="Lanthor > Dose", passage="d")
    juice = scored("With juice, take no more than 20 mg in one day.", 0.89, title="Lanthor > Food", passage="j")
    assert close_rival([dose], [dose, juice], ["dose"]) is None
    assert close_rival([dose], [dose, juice], []) is juice


def test_a_condition_beside_an_amount_is_no_other_value():
    """"within 6 hours" is when to take a missed dose, not another daily dose than "40 mg"."""
    dose = scored("The 40 mg dose is checked within 2 weeks of the increase.", 0.90, title="Lanthor > Dose",
                  passage="d")
    missed = scored("If you remember within 6 hours, take the dose straight away.", 0.89,
                    title="Lanthor > Missed dose", passage="m")
    assert close_rival([dose], [dose, missed], ["dose"]) is None


def test_a_number_in_the_title_names_the_product_not_a_case():
    dose = scored("Never take more than 40 mg in one day.", 0.90, title="Lanthor 20 mg Tablets > Dose", passage="d")
    about = scored("Lanthor 20 mg tablets contain lanthoride.", 0.89, title="Lanthor 20 mg Tablets > About",
                   passage="a")
    assert close_rival([dose], [dose, about], []) is None


def test_a_rival_further_than_the_margin_is_none():
    far = ENTITLED.model_copy(update={"score": CARRY.score - CLOSE_RIVAL - 0.01})
    assert close_rival([CARRY], [CARRY, far], TERMS) is None


def test_a_case_the_question_picked_by_its_qualifier_has_no_rival():
    """"... for a 7-year-old": the row whose age band holds 7 was chosen for it (fit > 0)."""
    picked = CARRY.model_copy(update={"fit": 1.0})
    assert close_rival([picked], [picked, ENTITLED], TERMS) is None


def test_a_restatement_of_the_same_value_is_no_rival():
    """The same 15 minutes in two leaflets, or the same number with more around it, is one answer."""
    wait = scored("Please wait for 15 minutes after the vaccine.", 0.90, title="Flu > After", passage="a")
    again = scored("Wait in the waiting area for 15 minutes after a vaccination.", 0.89, title="Schedule > After",
                   passage="b")
    line = scored("Call the night line on 01632 960 777.", 0.90, title="Help > Night", passage="c")
    longer = scored("Night line: 01632 960 777, from 18:30 to 08:00.", 0.89, title="About > Phones", passage="d")
    assert close_rival([wait], [wait, again], []) is None
    assert close_rival([line], [line, longer], []) is None


def test_another_edition_of_the_same_document_is_no_rival():
    """Version 2.0's 3 days is not a neighbouring case of version 1.0's 2 days: quoting both would
    show the superseded value."""
    new = scored("Staff may work remotely for up to 3 days per week.", 0.95,
                 title="Remote Work Policy (version 2.0) > Days remote-2025.md", passage="n")
    old = scored("Staff may work remotely for up to 2 days per week.", 0.94,
                 title="Remote Work Policy (version 1.0) > Days remote-2023.md", passage="o")
    assert close_rival([new], [new, old], []) is None


def test_a_unit_under_the_same_heading_goes_on_about_the_same_case():
    after = scored("Requests take 5 working days.", 0.98, passage="p2", index=1,
                   title="Leave Policy > Carrying over leave.md")
    assert close_rival([CARRY], [CARRY, after], TERMS) is None


def test_the_plan_quotes_both_cases_and_records_the_doubt():
    """Through plan_answer's own scoring: two sections of one policy answer "how much holiday"."""
    from guard.answering import plan_from_passages
    from retrievers.types import Passage

    entitlement = Passage(id="e", title="Holiday Policy > Entitlement", source="holiday.md",
                          text="Full-time staff get 28 days of paid holiday each year.")
    carry = Passage(id="c", title="Holiday Policy > Carrying over holiday", source="holiday.md",
                    text="You may carry over up to 4 days of unused holiday each year.")
    plan = plan_from_passages("How much holiday do I get each year?", [carry, entitlement])
    assert plan.answerable, plan.missing
    assert plan.doubt is not None and "quoted too" in plan.doubt
    assert "28 days" in plan.answer and "4 days" in plan.answer
    # a qualifier the units do not tell apart: still a close call
    assert plan_from_passages("How much holiday do I get?", [carry, entitlement]).doubt is not None


def test_a_doubt_annotates_a_passing_answer_under_default():
    passing = Decision(action=Action.pass_, policy="default")
    decision = with_doubt(passing, "another case is nearly as likely the answer", load_policy("default"))
    assert decision.action is Action.annotate
    assert [r.condition for r in decision.reasons] == [Condition.doubtful_answer]


def test_a_doubt_follows_the_policy_and_never_softens_a_decision():
    strict = Policy(name="strict", actions=Actions(doubtful_answer=Action.refuse))
    assert with_doubt(Decision(action=Action.pass_, policy="strict"), "close call", strict).action is Action.refuse
    refused = Decision(action=Action.refuse, policy="default", reasons=[
        Reason(condition=Condition.insufficient_context, action=Action.refuse, detail="gate")])
    assert with_doubt(refused, "close call", load_policy("default")) == refused
    assert with_doubt(Decision(action=Action.pass_, policy="default"), None, load_policy("default")).action is Action.pass_
