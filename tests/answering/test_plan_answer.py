"""Evidence-first answering on hand-built units: the asked value, the right row, and refusals."""

from guard.answering import QuestionType, classify_question, plan_answer
from guard.facts.types import EvidenceUnit, UnitKind
from retrievers.types import Passage

LEAFLET = Passage(id="febrilon", text="Febrilon Children's Suspension dose by age ...", title="Febrilon Children's Suspension")
TRAVEL = Passage(id="travel", text="Business travel insurance covers staff on trips abroad.", title="Business travel")


def _unit(passage: Passage, index: int, text: str, kind: UnitKind = UnitKind.sentence) -> EvidenceUnit:
    return EvidenceUnit(passage_id=passage.id, index=index, kind=kind, text=text, start=0, end=len(text))


ROWS = [
    _unit(LEAFLET, 0, "Age: 3 to 6 months (and weighing over 5 kg) | Dose: 2.5 ml", UnitKind.table_row),
    _unit(LEAFLET, 1, "Age: 2 to 4 years | Dose: 7.5 ml", UnitKind.table_row),
    _unit(LEAFLET, 2, "Age: 4 to 6 years | Dose: 10 ml", UnitKind.table_row),
]


def test_question_types():
    assert classify_question("How much Febrilon should I give?") is QuestionType.quantity
    assert classify_question("How long is probation?") is QuestionType.duration
    assert classify_question("When are the walk-in flu clinics?") is QuestionType.time
    assert classify_question("Who is the Data Protection Officer?") is QuestionType.person
    assert classify_question("Does Altamira offer pet insurance?") is QuestionType.yes_no


def test_the_row_whose_age_range_holds_the_child_is_chosen_even_if_another_row_is_closer():
    question = "How much Febrilon Children's Suspension should I give my 3-year-old?"
    plan = plan_answer(question, [LEAFLET], ROWS, similarities=[0.70, 0.60, 0.60])
    assert plan.answerable
    assert "7.5 ml" in plan.answer and "2.5 ml" not in plan.answer
    assert plan.answer.endswith("[1]")


def test_a_term_no_passage_mentions_is_a_refusal_that_names_it():
    units = [_unit(TRAVEL, 0, TRAVEL.text)]
    plan = plan_answer("Does Altamira offer pet insurance?", [TRAVEL], units, similarities=[0.55])
    assert not plan.answerable
    assert plan.missing is not None and "'pet'" in plan.missing


def test_a_how_much_question_without_any_amount_in_the_evidence_is_refused():
    text = "Febrilon Children's Suspension relieves pain and fever in children."
    passage = Passage(id="about", text=text, title="Febrilon Children's Suspension")
    plan = plan_answer("How much Febrilon Children's Suspension relieves pain?", [passage], [_unit(passage, 0, text)], [0.8])
    assert not plan.answerable
    assert "no amount" in (plan.missing or "") or "give no" in (plan.missing or "")
