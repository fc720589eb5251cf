"""The fact layer's rules by name, and the switches that turn a rule off or soften it.

Why names: the fact layer is a set of hand-written checks; each contradicted or unsupported
outcome says which check found it (``Outcome.rule``, ``FactVerdict.rule``), so a reader sees
why a claim failed and an audit can count, per rule, how often it decided a true claim and a
false one (benchmarks/rule_audit.py, docs/DETECTION.md "Rule audit").

Why switches: a rule that decides more true claims than false ones on documents it was never
tuned on does more harm than good. :class:`RuleSwitches` drops such a rule's outcomes (the
claim falls through to the other checks and the embedding score) or reads its contradiction
as ``unsupported``. The packaged switches are ``rule_switches.yaml`` beside this module, read
on first use (not on import); :func:`switched` overrides them for a block of code (audits, tests).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from functools import lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from guard.config_file import describe_errors, read_mapping
from guard.errors import ConfigError
from guard.facts.types import FactLabel

if TYPE_CHECKING:
    from guard.facts.outcome import Outcome

__all__ = [
    "RULE_DESCRIPTIONS",
    "FactRule",
    "RuleSwitches",
    "SwitchedRule",
    "active_switches",
    "load_switches",
    "switched",
]


class FactRule(str, Enum):
    """One id per distinct check that can fail a claim; the part before the dot is its family."""

    # quantities (quantity_check.py, quantity_moves.py, premises.py)
    quantity_differs = "quantity.differs"  # the aligned unit gives another value of the same measure
    quantity_not_found = "quantity.not_found"  # no unit gives the value
    quantity_per_for_total = "quantity.per_for_total"  # "per item" for an amount the unit gives in all
    quantity_moved = "quantity.moved"  # the value is in the unit, bound to other words there
    quantity_other_topic = "quantity.other_topic"  # a closer unit gives another value of the measure
    quantity_comparison_false = "quantity.comparison_false"  # "X is within the Y limit", false by arithmetic
    # dates (date_check.py)
    date_part_differs = "date.part_differs"
    date_not_found = "date.not_found"
    date_spans_joined = "date.spans_joined"  # one span of hours over a break between two the passage gives (hours.py)
    date_hours_other_days = "date.hours_other_days"  # one day's hours given for days the passage gives others (hours.py)
    date_weekday_differs = "date.weekday_differs"  # the event's date falls on another weekday (weekdays.py)
    # names and added things (name_check.py)
    name_not_found = "name.not_found"
    name_added_term = "name.added_term"  # "Yes, ... also X" where no unit mentions X
    # no evidence at all to check a claim's values against (compare.py)
    facts_no_evidence = "facts.no_evidence"
    # flips against the best unit (flip_check.py)
    flip_negation = "flip.negation"  # negation turned against the best-aligned unit
    flip_negation_near = "flip.negation_near"  # ... against a near unit sharing fewer of the words
    flip_negation_elsewhere = "flip.negation_elsewhere"  # a sentence anywhere denies the claim's act (denied_acts.py)
    flip_modal = "flip.modal"  # "may" for "must" against the best unit
    flip_modal_elsewhere = "flip.modal_elsewhere"  # a sentence anywhere only allows what the claim requires (allowed_acts.py)
    flip_value_modal = "flip.value_modal"  # the modal the units give a value
    flip_quantifier = "flip.quantifier"  # "always/all" for "some/usually"
    flip_frequency = "flip.frequency"  # "often" for "rarely"
    # values bound to another row, column, clause or band (misbinding.py and its modules)
    misbinding_row = "misbinding.row"
    misbinding_period = "misbinding.period"
    misbinding_band = "misbinding.band"
    misbinding_band_outcome = "misbinding.band_outcome"  # the outcome of another band ("a full refund" 20 days on)
    misbinding_column = "misbinding.column"
    misbinding_swapped_pair = "misbinding.swapped_pair"
    misbinding_moved_date = "misbinding.moved_date"
    misbinding_date_elsewhere = "misbinding.date_elsewhere"
    misbinding_date_row = "misbinding.date_row"
    misbinding_date_item = "misbinding.date_item"  # the date of another item of a list of dates (date_items.py)
    misbinding_cell_row = "misbinding.cell_row"
    misbinding_row_limit = "misbinding.row_limit"
    polarity_free_priced = "polarity.free_priced"
    misbinding_date_column = "misbinding.date_column"
    misbinding_count_moved = "misbinding.count_moved"
    misbinding_rescaled = "misbinding.rescaled"
    misbinding_age_band = "misbinding.age_band"
    misbinding_name_clause = "misbinding.name_clause"
    # words and acts turned round (misbinding.py: opposites, predicates)
    polarity_opposite = "polarity.opposite"
    polarity_status = "polarity.status"
    # roles (roles.py, label_roles.py)
    role_elsewhere = "role.elsewhere"
    role_conflict = "role.conflict"
    role_actor_replaced = "role.actor_replaced"
    role_label_swap = "role.label_swap"
    role_duty_list = "role.duty_list"  # a duty of a "who does what" list given to another party of it (duty_lists.py)
    role_act_elsewhere = "role.act_elsewhere"  # act_binding.py
    # "only", "unless", "not X but Y" (exclusive.py)
    restriction_broken = "restriction.broken"
    restriction_added = "restriction.added"
    restriction_waived = "restriction.waived"
    restriction_contrast = "restriction.contrast"
    # limits and bounds (limits.py, bound_words.py)
    limit_broken = "limit.broken"
    limit_denied = "limit.denied"
    limit_widened = "limit.widened"
    role_title_swap = "role.title_swap"  # a person given the title the document gives someone else
    limit_inside_denial = "limit.inside_denial"  # the claim affirms an act the passage denies beyond a bound, inside it
    limit_hours_denied = "limit.hours_denied"  # "at any time" where a unit sets hours
    limit_short_notice = "limit.short_notice"  # a lead called enough that is shorter than the one asked for (notice.py)
    limit_always_for_may = "limit.always_for_may"  # "always" where the unit says "may"
    limit_generalised_row = "limit.generalised_row"  # "every X" where a table gives it for some rows
    limit_bound_turned = "limit.bound_turned"
    limit_optional_required = "limit.optional_required"
    limit_required_optional = "limit.required_optional"
    # one-slot edits of a unit's wording (edits.py)
    edits_name = "edits.name"
    edits_number = "edits.number"
    edits_modal = "edits.modal"
    edits_quantifier = "edits.quantifier"
    edits_antonym = "edits.antonym"
    edits_word = "edits.word"  # a word the document gives to a parallel thing
    edits_unit_changed = "edits.unit_changed"  # a number with another unit of measure

    @property
    def family(self) -> str:
        return self.value.split(".", 1)[0]


# Each rule in plain words for a human reviewer: the review page shows it beside the claim it
# flagged (guard/review). One entry per rule; tests/facts/test_rules.py keeps the table complete.
RULE_DESCRIPTIONS: dict[FactRule, str] = {
    FactRule.quantity_differs: "The passage gives a different number for this.",
    FactRule.quantity_not_found: "No passage gives this number.",
    FactRule.quantity_per_for_total: "The claim gives a total as an amount for each item (or the reverse).",
    FactRule.quantity_moved: "The number is in the passage, but for something else.",
    FactRule.quantity_other_topic: "A passage closer to the claim's subject gives a different number.",
    FactRule.quantity_comparison_false: "The comparison is false by the passage's own numbers.",
    FactRule.date_part_differs: "The passage gives a different date (day, month or year).",
    FactRule.date_not_found: "No passage gives this date.",
    FactRule.date_spans_joined: "The claim runs one span of hours over a break the passage keeps.",
    FactRule.date_hours_other_days: "The claim gives some days' hours for days the passage gives other hours.",
    FactRule.date_weekday_differs: "The date the passage gives falls on another day of the week than the claim says.",
    FactRule.name_not_found: "No passage mentions this name.",
    FactRule.name_added_term: "The answer adds something no passage mentions.",
    FactRule.facts_no_evidence: "There is no passage to check this claim's facts against.",
    FactRule.flip_negation: "The claim says the opposite (a 'not' added or dropped).",
    FactRule.flip_negation_near: "A nearby passage says the opposite (a 'not' added or dropped).",
    FactRule.flip_negation_elsewhere: "A passage denies in so many words what the claim affirms.",
    FactRule.flip_modal: "The claim changes what is required or allowed (for example 'may' for 'must').",
    FactRule.flip_modal_elsewhere: "A passage only allows, in so many words, what the claim says is required.",
    FactRule.flip_value_modal: "The claim changes whether this amount is required or allowed.",
    FactRule.flip_quantifier: "The claim changes how many or how much (for example 'all' for 'some').",
    FactRule.flip_frequency: "The claim changes how often (for example 'often' for 'rarely').",
    FactRule.misbinding_row: "The number belongs to another row of the table.",
    FactRule.misbinding_period: "The amount is for another period (for example a year instead of a month).",
    FactRule.misbinding_band: "The value comes from another band or range than the one the claim is about.",
    FactRule.misbinding_band_outcome: (
        "The outcome the claim gives is the one the passage gives for another band or range "
        "(for example a full refund for a cancellation past the refund window)."
    ),
    FactRule.misbinding_column: "The number belongs to another column of the table.",
    FactRule.misbinding_swapped_pair: "Two values are swapped: each belongs to the other's item.",
    FactRule.misbinding_moved_date: "The date is in the passage, but for another item.",
    FactRule.misbinding_date_elsewhere: "The date comes from a passage about something else.",
    FactRule.misbinding_date_row: "The date belongs to another row of the table.",
    FactRule.misbinding_date_item: "The date belongs to another event of the list of dates.",
    FactRule.misbinding_cell_row: "The name or words belong to another row of the table.",
    FactRule.misbinding_row_limit: "The value keeps to another row's limit and breaks the limit of the row it names.",
    FactRule.polarity_free_priced: "The claim gives free or includes what the evidence charges for.",
    FactRule.misbinding_date_column: "The date belongs to another column of the table.",
    FactRule.misbinding_count_moved: "The count is of something else in the passage.",
    FactRule.misbinding_rescaled: "The number is the passage's, halved or doubled or in another unit.",
    FactRule.misbinding_age_band: "The age falls outside the age group the claim names.",
    FactRule.misbinding_name_clause: "The name belongs to another part of the sentence.",
    FactRule.polarity_opposite: "The claim uses the opposite word to the passage's.",
    FactRule.polarity_status: "The claim gives the act a status the passage rules out.",
    FactRule.role_elsewhere: "The passage gives this act to someone else.",
    FactRule.role_conflict: "The claim swaps who does what.",
    FactRule.role_actor_replaced: "The claim names a different person or party as doing this.",
    FactRule.role_label_swap: "The claim swaps two labelled parties.",
    FactRule.role_duty_list: "The claim gives a duty the list gives one party to another party of the list.",
    FactRule.role_act_elsewhere: "The passage gives this act to another party than the one the claim names.",
    FactRule.restriction_broken: "The passage allows this only for a party the claim does not name.",
    FactRule.restriction_added: "The claim says 'only' where the passage allows more.",
    FactRule.restriction_waived: "The claim drops a condition the passage requires.",
    FactRule.restriction_contrast: "The claim turns round the passage's 'A, not B'.",
    FactRule.limit_broken: "The claim goes beyond a limit the passage sets.",
    FactRule.limit_denied: "The claim denies a limit the passage sets.",
    FactRule.role_title_swap: "The passage gives this title to someone else.",
    FactRule.limit_inside_denial: "The passage rules the act out beyond this limit; the claim affirms it there.",
    FactRule.limit_widened: "The claim says 'always', 'never' or 'any' where the passage sets conditions.",
    FactRule.limit_hours_denied: "The claim says 'at any time' where the passage sets hours or days.",
    FactRule.limit_short_notice: "The claim calls a notice or lead enough that is shorter than the one the passage asks for.",
    FactRule.limit_always_for_may: "The claim says 'always' where the passage says it may happen.",
    FactRule.limit_generalised_row: "The claim says of every kind what a table gives for some rows only.",
    FactRule.limit_bound_turned: "The claim turns a bound round (for example 'at least' for 'no more than').",
    FactRule.limit_optional_required: "The claim requires what the passage leaves open.",
    FactRule.limit_required_optional: "The claim leaves to choice what the passage requires.",
    FactRule.edits_name: "The passage says the same with another name.",
    FactRule.edits_number: "The passage says the same with another number.",
    FactRule.edits_modal: "The passage says the same, but with 'must', 'may' or 'should' changed.",
    FactRule.edits_quantifier: "The passage says the same, but with 'all', 'some' or 'none' changed.",
    FactRule.edits_antonym: "The passage says the same with the opposite word.",
    FactRule.edits_word: "The passage gives this word to something else.",
    FactRule.edits_unit_changed: "The passage gives this number in another unit.",
}


class SwitchedRule(BaseModel):
    """One rule the switches change, with the audit figures that chose it (kept for the reader)."""

    model_config = ConfigDict(extra="forbid")

    rule: FactRule
    why: str = Field(min_length=1)
    # the audit's counts on its split (benchmarks/rule_audit.py): only recorded, never read
    figures: dict[str, int | float | str] = Field(default_factory=dict)


class RuleSwitches(BaseModel):
    """Rules turned off (their outcomes dropped) and rules whose contradiction reads as unsupported."""

    model_config = ConfigDict(extra="forbid")

    # (not "off": YAML 1.1 reads an unquoted off as false)
    disabled: list[SwitchedRule] = Field(default_factory=list)
    to_unsupported: list[SwitchedRule] = Field(default_factory=list)

    @model_validator(mode="after")
    def _each_rule_once(self) -> RuleSwitches:
        both = self.off_rules & self.unsupported_rules
        if both:
            raise ValueError(f"rule(s) both disabled and to_unsupported: {', '.join(sorted(r.value for r in both))}")
        return self

    @property
    def off_rules(self) -> frozenset[FactRule]:
        return frozenset(s.rule for s in self.disabled)

    @property
    def unsupported_rules(self) -> frozenset[FactRule]:
        return frozenset(s.rule for s in self.to_unsupported)

    def with_off(self, rules: Sequence[FactRule]) -> RuleSwitches:
        """These switches with ``rules`` also off (an audit's "this rule alone switched off")."""
        added = [SwitchedRule(rule=r, why="switched off for an audit") for r in rules if r not in self.off_rules]
        kept = [s for s in self.to_unsupported if s.rule not in set(rules)]
        return RuleSwitches(disabled=[*self.disabled, *added], to_unsupported=kept)

    def apply(self, outcomes: Sequence[Outcome]) -> list[Outcome]:
        """The outcomes the verdict may read: switched-off rules dropped, softened ones unsupported."""
        off, soft = self.off_rules, self.unsupported_rules
        kept = [o for o in outcomes if o.rule not in off]
        return [o.softened() if o.rule in soft and o.label is FactLabel.contradicted else o for o in kept]


PACKAGED = "rule_switches.yaml"
_KEYS = ("disabled", "to_unsupported")


def load_switches(source: Traversable | Path | str, display: str | None = None) -> RuleSwitches:
    """The switches in a YAML file; a :class:`~guard.errors.ConfigError` names the file and the key."""
    source = Path(source) if isinstance(source, str) else source
    display = display or str(source)
    data = read_mapping(source, display, _KEYS)
    odd = [k for k in data if not isinstance(k, str)]
    if odd:  # YAML 1.1 reads an unquoted off, no or yes as a boolean
        raise ConfigError(
            f"{display}: key {odd[0]!r} is not a key here (an unquoted off/no/yes reads as a boolean); "
            f"use {' or '.join(_KEYS)}"
        )
    try:
        return RuleSwitches.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(describe_errors(display, exc, RuleSwitches) + _allowed(exc)) from None


def _allowed(exc: ValidationError) -> str:
    """The valid rule ids, when a rule id was not one."""
    if not any(e["type"] == "enum" for e in exc.errors()):
        return ""
    return "\nknown rules: " + ", ".join(r.value for r in FactRule)


@lru_cache(maxsize=1)
def packaged_switches() -> RuleSwitches:
    """The switches shipped with the package (guard/facts/rule_switches.yaml), read once."""
    return load_switches(files("guard.facts") / PACKAGED, f"guard/facts/{PACKAGED}")


_OVERRIDE: ContextVar[RuleSwitches | None] = ContextVar("fact_rule_switches", default=None)


def active_switches() -> RuleSwitches:
    """The switches in force: an override set by :func:`switched`, else the packaged ones."""
    override = _OVERRIDE.get()
    return override if override is not None else packaged_switches()


@contextmanager
def switched(switches: RuleSwitches) -> Iterator[RuleSwitches]:
    """Judge with ``switches`` instead of the packaged ones inside the block (audits, tests)."""
    token = _OVERRIDE.set(switches)
    try:
        yield switches
    finally:
        _OVERRIDE.reset(token)
