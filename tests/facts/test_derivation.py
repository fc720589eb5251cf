"""One-step derivations over the units a claim is about (guard/facts/derivation.py, issue 11)."""

from __future__ import annotations

from guard.facts.compare import judge_facts
from guard.facts.derivation import derived_step, says_combined
from guard.facts.lexicon import ENGLISH
from guard.facts.slots import read_slots
from guard.facts.types import FactLabel
from guard.verifiers.claim_judge import units_of

PRICES = """# Lessons

| Lesson | Length | Fee per lesson |
|---|---|---|
| Individual | 30 minutes | £22 |
| Individual | 45 minutes | £31 |
| Individual | 60 minutes | £40 |

| Term | Weeks of lessons |
|---|---|
| Autumn | 13 |
| Spring | 11 |

A tray of 12 tomato plugs costs £9.00. A tray of 24 lettuce plugs costs £6.00.

| Service | Labour price |
|---|---|
| Brake adjustment (per brake) | £9 |
| Gear tune | £18 |
"""


def _facts(claim: str):
    result = units_of("1", PRICES)
    return judge_facts(claim, getattr(result, "units", result))


def _slots(text: str, table: bool = False):
    return read_slots(text, ENGLISH, table)


def test_a_difference_of_two_rows_the_claim_names_is_inferred():
    verdict = _facts("A 60-minute individual lesson costs £18 more than a 30-minute one.")
    assert verdict.label is FactLabel.inferred
    assert "£40" in verdict.inference and "£22" in verdict.inference


def test_a_difference_with_a_row_the_claim_does_not_name_is_not_inferred():
    # £40 - £31 = £9, but the claim compares with the 30-minute lesson
    assert _facts("A 60-minute individual lesson costs £9 more than a 30-minute one.").label is not FactLabel.inferred


def test_a_count_from_one_row_times_a_price_from_another():
    assert _facts("A term of 30-minute individual lessons in the autumn costs £286.").label is FactLabel.inferred
    # 11 weeks is the spring term's: not an operand for an autumn claim
    assert _facts("A term of 30-minute individual lessons in the autumn costs £242.").label is not FactLabel.inferred


def test_a_per_item_price_is_inferred_only_over_the_named_items():
    assert _facts("Each tomato plug works out at 75p when you buy the tray.").label is FactLabel.inferred
    assert _facts("Lettuce plugs cost 25p each when bought by the tray.").label is FactLabel.inferred
    # £6.00 ÷ 12 tomato plugs is not what a lettuce plug costs
    assert _facts("Lettuce plugs cost 50p each when bought by the tray.").label is not FactLabel.inferred


def test_a_multiplying_word_is_an_operand_even_when_another_row_writes_the_result():
    assert _facts("Adjusting both brakes costs £18 in labour.").label is FactLabel.inferred


def test_says_combined_reads_a_difference_not_a_bound():
    claim = _slots("A caravan pitch costs £10 a night more in high season than in low season.")
    assert says_combined(claim.quantities[0], claim)
    bound = _slots("The stay lasts more than 3 nights.")
    assert not says_combined(bound.quantities[0], bound)


def test_a_percentage_changes_a_price_only():
    unit = _slots("A vehicle booking cancelled between 48 and 24 hours before departure gets a 50 % refund.")
    claim = _slots("Cancelling 36 hours before departure gets you a full refund.")
    assert derived_step(claim.quantities[0], claim, [unit], ENGLISH) is None
    price = _slots("Members get 15 % off seed packets. A packet of tomato seed costs £2.80.")
    member = _slots("A member pays £2.38 for a packet of tomato seed.")
    found = derived_step(member.quantities[0], member, [price], ENGLISH)
    assert found is not None and "15 %" in found[0]


def test_a_value_written_elsewhere_needs_the_claim_to_say_it_combines():
    unit = _slots("Tomato seed costs £2.80 a packet and courgette seed £3.20 a packet. Lettuce plugs cost £6.")
    copied = _slots("A packet of tomato seed costs £6.")
    assert derived_step(copied.quantities[0], copied, [unit], ENGLISH) is None


def test_a_window_of_days_counts_both_ends():
    unit = _slots("Runner bean | Sow indoors: 1 May to 30 June | Germination: 10 to 14 days", table=True)
    right = _slots("The sowing window, from 1 May to 30 June, lasts 61 days.")
    wrong = _slots("The sowing window, from 1 May to 30 June, lasts 51 days.")
    assert derived_step(right.quantities[0], right, [unit], ENGLISH) is not None
    assert derived_step(wrong.quantities[0], wrong, [unit], ENGLISH) is None
