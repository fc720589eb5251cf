"""Evidence-first answering, round 6: the case a question names in words (a hyphenated modifier,
a group of people) and the bound a superlative asks for. Synthetic documents, not the golden set."""

from guard.answering import QuestionType, classify_question, plan_from_passages
from guard.answering_question import key_terms
from guard.answering_values import asked_group, compound_fit
from retrievers.types import Passage

HOLIDAYS = Passage(
    id="holidays", title="Ferncliff Builders holiday policy > Entitlement", source="holidays.md",
    text="Full-time staff are entitled to 28 days of paid holiday each year, including bank holidays. "
    "Part-time staff receive the same entitlement pro rata to their contracted hours. "
    "Holiday requests must be made at least 2 weeks in advance. "
    "After 10 years of service, staff receive 1 extra day for each further year, up to a maximum of 33 days a year.",
)
ALLOWANCES = Passage(
    id="allowances", title="Ferncliff Builders site allowances", source="allowances.md",
    text="Site workers in bands B1 to B3 receive a travel allowance of GBP 12 per day on site. "
    "Staff in band B4 and above, and supervisors, receive no travel allowance; their salary covers travel. "
    "Travel claims must be approved by the site office before payment.",
)


def test_a_hyphenated_modifier_rules_out_its_sibling_and_keeps_its_own_case():
    assert compound_fit("How many days do part-time staff get?", "Full-time staff are entitled to 28 days") is False
    assert compound_fit("How many days do part-time staff get?", "Part-time staff receive it pro rata") is True
    assert compound_fit("How many days do part-time staff get?", "Staff are entitled to 28 days") is None
    assert compound_fit("How many days do staff get?", "Full-time staff are entitled to 28 days") is None
    # an age is judged by the age fit, not as a modifier
    assert compound_fit("What dose for my 6-year-old?", "For a 10-year-old child: 5 ml") is None


def test_part_time_staff_get_the_pro_rata_rule_not_the_full_time_figure():
    plan = plan_from_passages("How many days of holiday do part-time staff get?", [HOLIDAYS])
    assert plan.answerable, plan.missing
    assert "pro rata" in plan.answer and "28 days" not in plan.answer


def test_the_group_a_question_asks_about_is_read_from_for_or_its_subject():
    assert asked_group("What is the travel allowance for supervisors?") == "supervisors"
    assert asked_group("How much leave do part-time employees get?") == "employees"
    assert asked_group("What is the dose for children?") is None  # a patient group: the qualifier fit's
    assert asked_group("What is the charge for 3 hours?") is None
    assert asked_group("How much does a taxi cost?") is None


def test_a_group_stated_without_a_value_is_the_asker_s_case():
    """The allowance sentence has the value but is another group's; the supervisors' sentence says they get none."""
    plan = plan_from_passages("What is the travel allowance for supervisors?", [ALLOWANCES])
    assert plan.answerable, plan.missing
    assert "supervisors, receive no travel allowance" in plan.answer
    assert "GBP 12" not in plan.answer


def test_a_superlative_asks_for_the_bound():
    assert classify_question("What is the most holiday I can get?") is QuestionType.quantity
    assert classify_question("What's the longest I can borrow a DVD?") is QuestionType.duration
    assert "maximum" in key_terms("What is the most holiday a long-serving employee can get?")
    assert "minimum" in key_terms("What is the lowest fare?")
    plan = plan_from_passages("What is the most holiday long-serving staff can get in a year?", [HOLIDAYS])
    assert plan.answerable, plan.missing
    assert "33 days" in plan.answer


def test_an_amount_relative_to_pay_answers_how_much_is_paid():
    from guard.answering_values import asked_value, holds_value

    question = "How much is paid for night shifts?"
    asked = asked_value(question, "quantity")
    assert asked is not None and "money" in asked.dims
    assert holds_value(asked, "Night shifts attract a premium of 20% of the normal hourly rate.", question)
    assert holds_value(asked, "Sundays: 2 times your normal hourly rate.", question)
    assert holds_value(asked, "Children under 16 pay half the adult fare.", question)
    assert not holds_value(asked, "Night shifts run from 22:00 to 06:00.", question)
    assert not holds_value(asked, "About 20% of staff work night shifts.", question)


STORAGE = Passage(
    id="storage", title="Keeping medicines > General rules", source="storage.md",
    text="Most tablets should be kept below 25°C, in a cool, dry place. "
    "Opened bottles of Calmira Syrup are thrown away 3 months after opening.",
)


def test_a_temperature_question_is_answered_by_a_temperature_not_the_word():
    plan = plan_from_passages("At what temperature should I keep tablets?", [STORAGE])
    assert plan.answerable, plan.missing
    assert "25°C" in plan.answer


def test_good_for_is_how_the_question_is_put_not_its_topic():
    assert "good" not in key_terms("How long is Calmira Syrup good for after opening?")
    plan = plan_from_passages("How long is Calmira Syrup good for after opening?", [STORAGE])
    assert plan.answerable, plan.missing
    assert "3 months" in plan.answer


def test_an_ing_or_ly_word_adds_to_the_units_that_have_it_without_being_a_key_term():
    from guard.answering import ScoredUnit, _soft_bases, _soft_terms_bonus
    from guard.facts.types import EvidenceUnit, UnitKind

    question = "How many days before running out should I order my repeat medicine?"
    assert "running" not in key_terms(question)
    assert _soft_bases(question) == ["run"]
    assert _soft_bases("Do I pay if I accidentally damage it?") == ["accident"]
    assert _soft_bases("What is the usual dose when taking it?") == []  # generic: usual, taking

    def scored(index: int, text: str) -> ScoredUnit:
        unit = EvidenceUnit(passage_id="p", index=index, kind=UnitKind.sentence, text=text, start=0, end=len(text))
        return ScoredUnit(unit=unit, citation=1, score=0.5, covered=1.0, has_type=True)

    review = scored(0, "Most patients need a review of their repeat medicine every 12 months.")
    order = scored(1, "Order at least 7 days before you will run out.")
    _soft_terms_bonus(question, [review, order])
    assert order.score > review.score == 0.5
