"""Evidence-first answering, round 5: the documents' own wording (defined codes, per-passage
wording, the verb of a wh-question) and the neighbouring case (another age band, another year)."""

from guard.answering import plan_answer, plan_from_passages
from guard.answering_terms import defined_names, predicate_terms, with_definitions
from guard.answering_values import asked_age_band, qualifier_fit, year_fit
from guard.facts.types import EvidenceUnit, UnitKind
from retrievers.types import Passage


def _unit(passage: Passage, index: int, text: str, kind: UnitKind = UnitKind.sentence) -> EvidenceUnit:
    return EvidenceUnit(passage_id=passage.id, index=index, kind=kind, text=text, start=0, end=len(text))


# --- codes the documents define ----------------------------------------------------------------------

CATALOGUE = Passage(
    id="catalogue", title="Lease templates > Templates", source="leases.md",
    text="Use the current template:\n- **PLA-2022:** Parking Lease Agreement for tenants renting a bay.\n"
    "- **SLA-2019:** Storage Lease Agreement for units.",
)
TERMS = Passage(
    id="terms", title="Lease templates > Key terms in PLA-2022", source="leases.md",
    text="- **Duration:** an initial term of 6 months.\n- **Deposit:** one month of rent.",
)


def test_a_defined_code_stands_for_its_definition_and_its_stem_too():
    defined = defined_names([CATALOGUE])
    assert defined["PLA-2022"].startswith("Parking Lease Agreement")
    assert defined["PLA"] == defined["PLA-2022"]  # "the PLA" names the same template
    assert "Parking Lease Agreement" in with_definitions("Key terms in PLA-2022", defined)
    assert with_definitions("Key terms in PLA-2022", {}) == ""
    said = "PLA-2022: Parking Lease Agreement for tenants renting a bay"
    assert with_definitions(said, defined) == ""  # the text says it already


def test_a_short_name_in_brackets_is_defined_by_the_words_before_it():
    passage = Passage(id="toil", text="You may take time off in lieu (TOIL) instead of pay.", source="x")
    assert "time off in lieu" in defined_names([passage])["TOIL"]


def test_a_section_headed_by_a_code_answers_for_what_the_code_stands_for():
    """Without the definition, "parking lease" is in no unit of the terms section."""
    question = "How long is the initial term of a parking lease agreement?"
    plan = plan_from_passages(question, [TERMS, CATALOGUE])
    assert plan.answerable, plan.missing
    assert "6 months" in plan.answer and "[1]" in plan.answer


# --- the verb of a question ----------------------------------------------------------------------------


def test_the_verb_of_a_wh_question_is_a_relation_but_in_a_yes_no_question_what_is_asked():
    assert predicate_terms("Which snack must I skip before the operation?", ["snack", "skip", "operation"]) == {"skip"}
    assert predicate_terms("Do I need to fast before a blood test?", ["fast", "blood", "test"]) == {"fast"}
    leaflet = Passage(
        id="ops", title="Operations", source="ops.md",
        text="Do not eat crisps, sweets or chewing gum for 6 hours before an operation under general anaesthetic.",
    )
    units = [_unit(leaflet, 0, leaflet.text)]
    # "skip" is in no passage: the documents say "Do not eat"; the question still asks for a duration
    plan = plan_answer("How long before an operation must I skip sweets?", [leaflet], units, [0.7])
    assert plan.answerable, plan.missing
    assert "6 hours" in plan.answer
    # a yes/no question's predicate missing from the documents still refuses: they do not say
    plan = plan_answer("Should I fast before an operation?", [leaflet], units, [0.6])
    assert not plan.answerable and "'fast'" in (plan.missing or "")


# --- the neighbouring case: another age band, another year --------------------------------------------------


def test_an_age_band_in_the_question_picks_or_rules_out_the_units_band():
    assert asked_age_band("Is the booster free for people under 50?") == (0.0, 600.0)
    assert asked_age_band("What dose for the over-80s?")[0] > 960
    assert asked_age_band("What is the dose for a 7-year-old?") is None  # a point age: qualifier_fit's own case
    offered = "The booster is offered free to adults aged 65 and over."
    assert qualifier_fit("Is the booster free for people under 50?", offered).misfit
    assert not qualifier_fit("Is the booster free for people over 70?", offered).misfit
    assert qualifier_fit("Is the booster free for people over 70?", offered).score > 0


def test_an_asked_band_outside_every_row_refuses_rather_than_answer_the_neighbouring_group():
    leaflet = Passage(id="booster", title="Booster 2024", source="booster.md",
                      text="The Corvax booster is offered free to adults aged 65 and over.")
    units = [_unit(leaflet, 0, leaflet.text)]
    plan = plan_answer("How much does the Corvax booster cost for people under 50?", [leaflet], units, [0.75])
    assert not plan.answerable
    assert "another case" in (plan.missing or "")


def test_a_year_in_the_question_against_the_years_the_unit_states():
    assert year_fit("When are the clinics in 2027?", "Clinic season 2026: every Monday in May 2026") is False
    assert year_fit("When are the clinics in 2026?", "Clinic season 2026: every Monday in May 2026") is True
    assert year_fit("When are the clinics in 2027?", "Clinics run every Monday in May") is None
    assert year_fit("When are the clinics?", "Clinic season 2026") is None
    notice = Passage(id="season", title="Vaccination Season 2026 > Clinics", source="season.md",
                     text="Walk-in clinics run every Monday from 09:00 to 11:00 in May 2026.")
    units = [_unit(notice, 0, notice.text)]
    assert plan_answer("When are the walk-in clinics in 2026?", [notice], units, [0.8]).answerable
    plan = plan_answer("When are the walk-in clinics in 2027?", [notice], units, [0.8])
    assert not plan.answerable


def test_another_strength_of_the_named_product_is_another_product():
    from guard.answering_values import strength_fit

    title = "Patient Leaflet: Corvalin 250 mg Tablets > Dose"
    assert strength_fit("What is the maximum dose of Corvalin 750 mg tablets?", f"{title} Take 1 tablet") is False
    assert strength_fit("What is the maximum dose of Corvalin 250 mg tablets?", f"{title} Take 1 tablet") is True
    # the asked amount written as a dose of this product is no other product
    assert strength_fit("Can I take Corvalin 500 mg a day?", f"{title} The dose may rise to 500 mg a day") is True
    assert strength_fit("What is the dose of Corvalin?", title) is None
    leaflet = Passage(id="corvalin", title="Patient Leaflet: Corvalin 250 mg Tablets > Dose", source="corvalin.md",
                      text="Adults: take 1 tablet twice a day. Do not take more than 4 tablets in 24 hours.")
    units = [_unit(leaflet, 0, "Adults: take 1 tablet twice a day."),
             _unit(leaflet, 1, "Do not take more than 4 tablets in 24 hours.")]
    assert plan_answer("How many Corvalin 250 mg tablets can an adult take in 24 hours?", [leaflet], units, [0.6, 0.8]).answerable
    assert not plan_answer("How many Corvalin 750 mg tablets can an adult take in 24 hours?", [leaflet], units, [0.6, 0.8]).answerable


# --- what is counted, and where a list item's value stands ------------------------------------------------


def test_how_many_counts_the_head_noun_past_a_hyphenated_modifier():
    from guard.answering_values import asked_value, holds_value

    question = "How many wheelchair-accessible rooms does the hotel have?"
    asked = asked_value(question, "quantity")
    assert asked.dims == frozenset({"count:room"})
    assert holds_value(asked, "The hotel has 80 rooms, including 4 wheelchair-accessible rooms.", question)
    assert not holds_value(asked, "The hotel opened in spring.", question)


def test_an_ordinal_is_a_value_not_a_term_the_documents_must_use():
    from guard.answering_question import key_terms

    assert "second" not in key_terms("When is the second Hexavan dose given?")
    assert "given" not in key_terms("When is the second Hexavan dose given?")


def test_a_list_items_time_is_read_from_its_lead_in_even_when_the_lead_in_shares_no_word():
    schedule = Passage(id="s", title="Schedule", source="schedule.md",
                       text="At 8 weeks:\n- Hexavan, dose 1\nAt 12 weeks:\n- Hexavan, dose 2\n- Rotagard, dose 1")
    everything = [
        _unit(schedule, 0, "At 8 weeks:"), _unit(schedule, 1, "Hexavan, dose 1", UnitKind.list_item),
        _unit(schedule, 2, "At 12 weeks:"), _unit(schedule, 3, "Hexavan, dose 2", UnitKind.list_item),
        _unit(schedule, 4, "Rotagard, dose 1", UnitKind.list_item),
    ]
    shortlist = [everything[4]]  # the lead-in "At 12 weeks:" shares no word with the question
    plan = plan_answer("When is the Rotagard dose given?", [schedule], shortlist, [0.8], all_units=everything)
    assert plan.answerable, plan.missing
    assert "12 weeks" in plan.answer and "Rotagard" in plan.answer


def test_an_email_address_answers_a_question_for_one_without_the_word_email():
    desk = Passage(id="desk", title="Booking travel", source="travel.md",
                   text="Book all trains through the Booking Desk (desk@example.org) at least 7 days ahead.")
    units = [_unit(desk, 0, desk.text)]
    plan = plan_answer("What is the email address of the Booking Desk?", [desk], units, [0.6])
    assert plan.answerable, plan.missing
    assert "desk@example.org" in plan.answer
    nothing = Passage(id="n", title="Booking travel", source="travel.md", text="Book all trains through the Booking Desk.")
    refused = plan_answer("What is the email address of the Booking Desk?", [nothing], [_unit(nothing, 0, nothing.text)], [0.6])
    assert not refused.answerable


def test_a_lead_in_point_in_time_does_not_answer_how_long():
    schedule = Passage(id="s", title="Schedule", source="schedule.md", text="At 12 weeks:\n- Rotagard, dose 1")
    everything = [_unit(schedule, 0, "At 12 weeks:"), _unit(schedule, 1, "Rotagard, dose 1", UnitKind.list_item)]
    plan = plan_answer("How long does the Rotagard vaccine protect for?", [schedule], [everything[1]], [0.8],
                       all_units=everything)
    assert not plan.answerable
