"""Values bound to another row, column, clause or role (guard/facts/misbinding.py and its parts).

Each passage is written for the mechanism (none comes from the hard-case set), and each wrong
claim has its true twin, so a rule that fires on everything or nothing fails.
"""

from __future__ import annotations

from fact_judge import judge

from guard.facts.types import FactLabel, SlotKind

PARKING = """## Parking permits

| Permit | Vehicles | Price per quarter | Price for a year |
|---|---|---|---|
| Resident | 1 car | £45 | £160 |
| Visitor | 1 car, up to 14 days | £12 | £40 |
| Business | up to 3 vans | £210 | £780 |

Permits are checked by the council's wardens.
"""


def test_value_from_another_row_named_by_a_word_key():
    verdict = judge("A Resident permit costs £12 per quarter.", PARKING)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.kind is SlotKind.quantity
    assert verdict.mismatch.evidence_value == "£45"
    assert verdict.mismatch.anchor == "Resident"
    assert "Resident" in verdict.mismatch.explanation


def test_value_in_the_named_row_is_supported():
    assert judge("A Resident permit costs £45 per quarter.", PARKING).label is FactLabel.supported
    assert judge("A Business permit for a year is £780.", PARKING).label is FactLabel.supported


def test_claim_naming_both_rows_is_a_comparison_not_a_misbinding():
    verdict = judge("A Visitor permit is £12 a quarter, far less than the Business permit.", PARKING)
    assert verdict.label is not FactLabel.contradicted


def test_value_a_sentence_states_outside_the_table_is_that_sentences():
    passage = PARKING + "\nA Resident permit bought in the last month of a quarter costs £12.\n"
    assert judge("A Resident permit bought late in the quarter costs £12.", passage).label is not FactLabel.contradicted


def test_period_in_the_column_header():
    verdict = judge("The Resident permit is £45 a year.", PARKING)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and "Price per quarter" in verdict.mismatch.explanation
    assert judge("The Resident permit is £160 a year.", PARKING).label is FactLabel.supported


# Bands as column headers: a dosing chart by body weight, a price list by size.
DOSING = """## Dose of Calvoren oral solution by body weight

| Dose | 5 to 9 kg | 10 to 19 kg | 20 to 39 kg | 40 kg or more |
|---|---|---|---|---|
| Single dose | 2.5 ml | 5 ml | 10 ml | 15 ml |
| Most in 24 hours | 10 ml | 20 ml | 40 ml | 60 ml |
"""

GROOMING = """<table>
<tr><th>Service</th><th>Up to 10 kg</th><th>10.1 to 30 kg</th><th>Over 30 kg</th></tr>
<tr><td>Full groom</td><td>£35</td><td>£48</td><td>£62</td></tr>
<tr><td>Bath and dry</td><td>£20</td><td>£28</td><td>£36</td></tr>
</table>
"""


def test_value_from_the_band_column_a_claim_value_does_not_fall_in():
    verdict = judge("A child who weighs 12 kg takes a single dose of 10 ml.", DOSING)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.evidence_value == "5 ml"
    assert '"10 to 19 kg"' in verdict.mismatch.explanation
    verdict = judge("A full groom for a 31 kg dog costs £48.", GROOMING)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.evidence_value == "£62"


def test_value_from_the_band_column_a_claim_value_falls_in_is_supported():
    assert judge("A child who weighs 12 kg takes a single dose of 5 ml.", DOSING).label is FactLabel.supported
    assert judge("A child weighing 45 kg can have at most 60 ml in 24 hours.", DOSING).label is FactLabel.supported
    assert judge("A full groom for a 31 kg dog costs £62.", GROOMING).label is FactLabel.supported
    assert judge("Bath and dry for an 8 kg dog is £20.", GROOMING).label is FactLabel.supported


def test_a_band_header_is_not_named_by_a_value_of_another_measure():
    # "10 ml" is no body weight: the claim names no band column, so the column check stays silent
    verdict = judge("The single dose for children is 10 ml.", DOSING)
    assert verdict.mismatch is None or "under" not in verdict.mismatch.explanation


def test_table_without_headers_binds_nothing():
    passage = "| Resident | £45 |\n| Visitor | £12 |\n"
    assert judge("A Resident permit costs £12.", passage).mismatch is None or (
        "another row" not in judge("A Resident permit costs £12.", passage).mismatch.explanation
    )


GRILL = "Grill the fish at 240°C for 4 minutes to crisp the skin, then lower the heat to 180°C to finish it."


def test_two_values_swapped_between_clauses():
    verdict = judge("Grill the fish at 180°C for 4 minutes to crisp the skin, then raise the heat to 240°C.", GRILL)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and "swapped" in verdict.mismatch.explanation


def test_two_values_in_their_clauses_are_supported():
    verdict = judge("Grill the fish at 240°C for 4 minutes to crisp the skin, then lower the heat to 180°C.", GRILL)
    assert verdict.label is FactLabel.supported


def test_a_repeated_sentence_does_not_hide_a_swap():
    verdict = judge(
        "Grill the fish at 180°C for 4 minutes to crisp the skin, then raise the heat to 240°C.", GRILL + " " + GRILL
    )
    assert verdict.label is FactLabel.contradicted


DEADLINES = "Entry forms are due by 4 March 2027, and the entry fee by 18 April 2027."


def test_date_moved_to_another_item_of_a_list():
    verdict = judge("The entry fee is due by 4 March 2027.", DEADLINES)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.kind is SlotKind.date
    assert verdict.mismatch.evidence_value == "18 April 2027"
    assert judge("The entry fee is due by 18 April 2027.", DEADLINES).label is FactLabel.supported


def test_a_claim_with_two_dates_pairs_them_itself():
    passage = "The course runs from Monday 6 July 2026, with a break on 8 July, and ends on Friday 10 July."
    assert judge("The course runs from 6 July to 10 July 2026.", passage).label is not FactLabel.contradicted


def test_temperature_written_with_its_capital_letter():
    from guard.facts.quantities import quantities

    assert [(q.dim, q.lo) for q in quantities("Roast at 200 C, or 392 F.")] == [
        ("temperature_c", 200.0),
        ("temperature_f", 392.0),
    ]
    assert quantities("a grade F pupil") == ()


def test_micron_is_a_length():
    from guard.facts.quantities import quantities

    (q,) = quantities("a pore size of 0.2 micron")
    assert q.dim == "length" and abs(q.lo - 2e-7) < 1e-15
    verdict = judge("The filter's pore size is 0.2 mm.", "Specification: the filter's pore size is 0.2 micron.")
    assert verdict.label is FactLabel.contradicted


SYRUP = "For adults, the dose is 15 ml of syrup. Do not take more than 2,000 mg of the active ingredient in a day."


def test_same_number_in_another_unit():
    verdict = judge("For adults, the dose is 15 mg of syrup.", SYRUP)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and "unit" in verdict.mismatch.explanation
    assert judge("For adults, the dose is 15 ml of syrup.", SYRUP).label is FactLabel.supported


def test_a_prefix_dropped_from_a_limit():
    verdict = judge("The daily limit of the active ingredient is 2 mg.", SYRUP)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.evidence_value.endswith("2,000 mg")
    assert judge("The daily limit of the active ingredient is 2 g.", SYRUP).label is not FactLabel.contradicted


def test_same_number_of_another_unit_inside_an_unrelated_range():
    passage = (
        "Members can pause their membership for 1 to 3 months. "
        "If you miss a booked class, you cannot book another for 24 hours."
    )
    verdict = judge("If you miss a booked class, you cannot book another for 24 days.", passage)
    assert verdict.label is FactLabel.contradicted


def test_a_count_with_the_same_number_is_not_a_unit_slip():
    passage = "Take 2 tablets with water. The course lasts 5 days."
    assert judge("Take 2 tablets with water for 2 weeks.", passage).mismatch is None or (
        "unit" not in judge("Take 2 tablets with water for 2 weeks.", passage).mismatch.explanation
    )


LEAVE = (
    "Carers receive 5 days of paid leave a year, followed by 10 days of unpaid leave. "
    "Attending the annual safety briefing is voluntary. "
    "The lodge is 12 miles northeast of the village."
)


def test_a_prefix_negated_word_turned_round():
    verdict = judge("The further 10 days of leave for carers are paid.", LEAVE)
    assert verdict.label is FactLabel.contradicted
    assert judge("The further 10 days of leave for carers are unpaid.", LEAVE).label is FactLabel.supported
    passage = "Carers' leave beyond the first week is unpaid. Deposits are non-refundable."
    verdict = judge("Carers' leave beyond the first week is paid.", passage)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.kind is SlotKind.polarity
    assert judge("Deposits are refunded.", passage).label is FactLabel.contradicted
    assert judge("Deposits are not refunded.", passage).label is not FactLabel.contradicted


def test_an_antonym_turned_round_and_its_negation_agreeing():
    assert judge("Attending the annual safety briefing is compulsory.", LEAVE).label is FactLabel.contradicted
    assert judge("Attending the annual safety briefing is not compulsory.", LEAVE).label is not FactLabel.contradicted


def test_a_direction_turned_round():
    assert judge("The lodge is 12 miles southwest of the village.", LEAVE).label is FactLabel.contradicted
    assert judge("The lodge lies 12 miles northeast of the village.", LEAVE).label is FactLabel.supported


def test_words_that_only_start_like_a_prefix_are_not_negations():
    passage = "The unit is shipped with a universal adapter and works under 30 degrees."
    assert judge("The unit comes with a universal adapter.", passage).label is not FactLabel.contradicted


WALK = (
    "The sponsored walk is led by Mr Dunn, the PE teacher, with Ms Lowe as deputy leader. "
    "In 1987 the town council bought out the rowing club. "
    "Any change to the route requires the prior approval of the Head of Safety. "
    "Refunds are handled by the Finance Office."
)


def test_subject_and_object_swapped():
    verdict = judge("In 1987 the rowing club bought out the town council.", WALK)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.kind is SlotKind.entity
    assert "swapped" in verdict.mismatch.explanation
    assert judge("In 1987 the town council bought out the rowing club.", WALK).label is FactLabel.supported


def test_agent_of_a_passive_swapped_with_a_name_in_another_role():
    verdict = judge("Ms Lowe leads the sponsored walk, with Mr Dunn as her deputy.", WALK)
    assert verdict.label is FactLabel.contradicted
    assert judge("Mr Dunn leads the sponsored walk, with Ms Lowe as his deputy.", WALK).label is not (
        FactLabel.contradicted
    )


def test_named_agent_replaced_by_another_name_of_the_passage():
    verdict = judge("Any change to the route requires prior approval by the Finance Office.", WALK)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and "Head of Safety" in verdict.mismatch.evidence_value
    ok = judge("Any change to the route requires prior approval by the Head of Safety.", WALK)
    assert ok.label is not FactLabel.contradicted


def test_a_date_after_by_is_not_an_agent():
    from guard.facts.roles import frames

    assert all(f.role != "agent" for f in frames("Unused days must be taken by 31 March."))


INHALER = (
    "Use one puff when needed, leaving at least 3 hours between puffs. "
    "Members may bring up to two guests per visit. "
    "Late checkout is allowed only with the duty manager's approval. "
    "The tablets can be taken with or without food."
)


def test_a_frequency_that_breaks_the_stated_gap():
    verdict = judge("You can use a puff every hour when needed.", INHALER)
    assert verdict.label is FactLabel.contradicted
    # the limit in a sentence the claim shares fewer words with than the one it aligns to
    passage = "Each puff of the blue salbutamol inhaler gives 100 micrograms. Wait at least 3 hours between puffs."
    verdict = judge("A puff of the blue salbutamol inhaler can be taken every hour.", passage)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.kind is SlotKind.quantifier
    assert judge("You can use a puff every 4 hours when needed.", INHALER).label is not FactLabel.contradicted


def test_no_limit_where_the_evidence_sets_one():
    verdict = judge("Members may bring any number of guests per visit.", INHALER)
    assert verdict.label is FactLabel.contradicted
    assert judge("Members may bring two guests per visit.", INHALER).label is not FactLabel.contradicted


def test_always_where_the_evidence_restricts():
    verdict = judge("Late checkout is always allowed.", INHALER)
    assert verdict.label is FactLabel.contradicted
    ok = judge("Late checkout is allowed only with the duty manager's approval.", INHALER)
    assert ok.label is not FactLabel.contradicted


def test_optional_condition_made_required():
    assert judge("The tablets must be taken with food.", INHALER).label is FactLabel.contradicted
    assert judge("The tablets can be taken without food.", INHALER).label is not FactLabel.contradicted


def test_a_date_taken_from_a_sentence_about_something_else():
    passage = (
        "Unused holiday of up to 3 days may be carried over, and it must be taken by 30 April. "
        "The holiday year runs from 1 January to 31 December."
    )
    verdict = judge("Carried-over holiday must be taken by 31 December.", passage)
    assert verdict.label is FactLabel.contradicted
    assert verdict.mismatch is not None and verdict.mismatch.evidence_value == "30 April"
    assert judge("Carried-over holiday must be taken by 30 April.", passage).label is FactLabel.supported


def test_a_bare_year_elsewhere_does_not_hold_a_full_date():
    passage = "The ferry ran until 3 May 1962, when the tunnel opened. The tunnel was widened in 1979."
    assert judge("The ferry ran until 3 May 1979.", passage).label is FactLabel.contradicted
    assert judge("The ferry ran until 3 May 1962.", passage).label is FactLabel.supported


SPEC = "| Item | Value |\n|---|---|\n| Inlet pressure | 2 to 8 bar |\n| Tank volume | 0.5 m3 |\n| Weight | 12 kg |\n"


def test_a_value_outside_the_range_the_evidence_allows():
    verdict = judge("Yes, the inlet pressure can be 10 bar.", SPEC)
    assert verdict.label is FactLabel.contradicted
    assert judge("Yes, the inlet pressure can be 5 bar.", SPEC).label is FactLabel.supported


def test_pressure_and_cubic_metres_are_read():
    from guard.facts.quantities import quantities

    assert [(q.dim, q.lo) for q in quantities("0.5 m3 at 3 bar, or 500 litres")] == [
        ("volume", 500.0),
        ("pressure", 3.0),
        ("volume", 500.0),
    ]
    assert judge("The tank holds 500 litres.", SPEC).label is FactLabel.supported


def test_a_count_taken_from_another_noun():
    passage = "Four coaches will drive the group, one for every twelve pupils on the 48-seat route."
    assert judge("Twelve coaches will drive the group.", passage).label is FactLabel.contradicted
    assert judge("Four coaches will drive the group.", passage).label is FactLabel.supported
