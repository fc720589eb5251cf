"""Typed values of the fact layer, shared by the verifiers, the policy and every shell.

An *evidence unit* is what a claim is checked against: a passage sentence, a table row
joined with its column headers ("Age: 2 to 4 years | Dose: 7.5 ml"), or a list item with
its lead-in sentence. A *slot* is one fact read from a claim or a unit (a quantity, a date,
a named entity with the head it attaches to, the polarity, a modal verb, a quantifier or
bound). A *mismatch* is the slot on which a claim and its aligned unit disagree: the
explanation a reviewer sees ("claim 2.5 ml vs evidence 7.5 ml for 2 to 4 years").
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field

__all__ = [
    "EvidenceUnit",
    "FactLabel",
    "FactVerdict",
    "InjectionWarning",
    "SlotKind",
    "STATEMENT_KINDS",
    "SlotMismatch",
    "UnitKind",
]


class UnitKind(str, Enum):
    sentence = "sentence"
    table_row = "table_row"
    list_item = "list_item"
    heading = "heading"  # a section title: evidence for what it names, never for a negation or modal


# the units that state something in prose (a table row gives values, a heading names a subject)
STATEMENT_KINDS = (UnitKind.sentence, UnitKind.list_item)


class EvidenceUnit(BaseModel):
    """One checkable piece of a passage.

    ``text`` is what claims are compared with (a table row carries its headers, a list item
    its lead-in); ``start``/``end`` locate the unit's own source text in the passage
    (``passage.text[start:end]``), for a UI to highlight.
    """

    passage_id: str
    index: int  # position among the passage's units
    kind: UnitKind
    text: str
    start: int
    end: int
    # what a table row is about: its first cell ("2 to 4 years"); None for other units
    anchor: str | None = None


class InjectionWarning(BaseModel):
    """Instruction-like passage text, kept out of the evidence and reported.

    ``start``/``end`` locate the excluded text in the passage; ``rule`` names the pattern
    that matched ("ignore_instructions", "role_marker", "fake_delimiter", ...).
    """

    passage_id: str
    start: int
    end: int
    text: str
    rule: str


class SlotKind(str, Enum):
    quantity = "quantity"  # a number with its unit, or a range, or a percentage
    date = "date"
    entity = "entity"  # a named person, organisation, place, product...
    polarity = "polarity"  # negation
    modality = "modality"  # must / may / should / can
    quantifier = "quantifier"  # always / never / at least / at most / up to / all / some


class SlotMismatch(BaseModel):
    """The slot on which a claim and its evidence disagree, or that no evidence has."""

    kind: SlotKind
    claim_value: str  # as written in the claim ("2.5 ml")
    evidence_value: str | None = None  # as written in the unit ("7.5 ml"); None: found in no unit
    anchor: str | None = None  # what both values are bound to ("2 to 4 years", "Age")
    evidence: EvidenceUnit | None = None
    explanation: str  # one sentence for a reader: "the leaflet gives 7.5 ml for 2 to 4 years"


class FactLabel(str, Enum):
    supported = "supported"  # every slot of the claim matches its aligned unit(s)
    inferred = "inferred"  # supported by one arithmetic step over the unit's values
    unsupported = "unsupported"  # a slot of the claim is in no unit
    contradicted = "contradicted"  # a slot differs from the value the unit binds to the same head
    abstain = "abstain"  # nothing to compare (no slots), or text the fact layer cannot read


class FactVerdict(BaseModel):
    """What the fact layer concludes for one claim against its aligned units."""

    label: FactLabel
    units: list[EvidenceUnit] = Field(default_factory=list)  # the aligned unit(s), best first, at most 2
    mismatch: SlotMismatch | None = None
    inference: str | None = None  # "10 ml x 4 doses = 40 ml" when label is inferred
    note: str | None = None  # why it abstained, or what it could not read
    language: Literal["en"] | str = "en"
    # the check that decided a contradicted or unsupported label ("quantity.differs",
    # "misbinding.row": a guard.facts.rules.FactRule value); None for the other labels
    rule: str | None = None
