"""`ragguard demo`: the model's draft and the guarded answer side by side, on the example documents.

Each demo question is answered by the embedded model through the full pipeline (retrieval,
relevance gate, generation, verification, decision). A question may instead carry a
*recorded draft*: fixed text the embedded model wrote once, fed through the same pipeline by
a scripted model and labelled as such on screen, so that a behaviour the demo must show does
not depend on what the model happens to write in this run.

For every question the terminal shows the draft and the answer the user gets in two columns,
each claim the guard caught with the evidence it conflicts with (the claim's value against the
evidence's value, and the evidence unit with its citation), the decision with its reasons,
and at the end what the run showed: errors caught, refusals, clean passes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path

from pydantic import BaseModel
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from guard.answering import EVIDENCE_DRAFTER
from guard.decide import Action, Reason
from guard.facts.types import EvidenceUnit
from guard.policy import Policy
from guard.response import GuardedResponse
from guard.verifiers.types import ClaimVerdict, SupportLabel

__all__ = [
    "DEMO", "DemoOutcome", "DemoQuestion", "DemoRow", "outcome_of", "print_demo", "render_row", "render_summary",
    "run_demo",
]


class DemoQuestion(BaseModel):
    question: str
    # Fixed text the embedded model wrote once, used instead of a live draft (labelled on screen).
    recorded_draft: str | None = None


class DemoOutcome(str, Enum):
    """What one question showed, read from the decision (never from what the demo hoped for)."""

    caught = "error caught"  # a claim was removed, replaced by a quote, or the answer withheld
    refused = "refused"  # the user got the refusal sentence
    clean = "clean pass"  # the draft was shown as written
    marked = "shown with a caution"  # doubtful claims marked, nothing removed
    escalated = "held for review"


class DemoRow(BaseModel):
    question: DemoQuestion
    response: GuardedResponse
    outcome: DemoOutcome
    seconds: float


# The questions. The first carries the draft the embedded model wrote to it when asked to
# generate (greedy decoding; measured again on this machine with answering: generate): the
# leaflet gives 7.5 ml for 2 to 4 years. It is recorded because the packaged profiles now answer
# for the embedded model from the evidence (answering: auto), so the model is no longer asked and
# could not show its error live. The second is refused: the documents never mention a pension
# (the relevance gate stops it before any draft). The third is answered live and passes.
# tests/pipeline/test_demo_drafts.py runs these drafts through the pipeline.
FEBRILON_DRAFT = "The dose should be 2.5 ml for 3-year-old."
DEMO: list[DemoQuestion] = [
    DemoQuestion(question="How much Febrilon Children's Suspension should I give my 3-year-old?",
                 recorded_draft=FEBRILON_DRAFT),
    DemoQuestion(question="What is Altamira's employer pension contribution?"),
    DemoQuestion(question="What is the maximum daily dose of Zelorin?"),
]


def run_demo(
    questions: Sequence[DemoQuestion],
    answer: Callable[[DemoQuestion], GuardedResponse],
    policy: Policy,
) -> list[DemoRow]:
    """Answer each question with ``answer`` (the pipeline under ``policy``, live or with the recorded draft)."""
    rows = []
    for item in questions:
        started = time.perf_counter()
        response = answer(item)
        rows.append(DemoRow(question=item, response=response, outcome=outcome_of(response, policy),
                            seconds=time.perf_counter() - started))
    return rows


def outcome_of(response: GuardedResponse, policy: Policy) -> DemoOutcome:
    action = response.decision.action
    if action is Action.escalate:
        return DemoOutcome.escalated
    if response.answer.strip() == policy.refusal_text.strip():
        return DemoOutcome.caught if _removed_claims(response) else DemoOutcome.refused
    if action in (Action.strip, Action.quote):
        return DemoOutcome.caught
    return DemoOutcome.clean if action is Action.pass_ else DemoOutcome.marked


def _removed_claims(response: GuardedResponse) -> bool:
    """A refusal that came from removing failing claims (strip left nothing), not from missing evidence."""
    return any(r.action in (Action.strip, Action.quote) and r.claim_index is not None
               for r in response.decision.reasons)


# --- rendering --------------------------------------------------------------------------------------


def render_row(row: DemoRow, number: int) -> Panel:
    """One question: draft and answer side by side, what was caught, the decision."""
    response = row.response
    table = Table(show_header=True, header_style="bold", expand=True, show_lines=False)
    table.add_column(_draft_header(row), ratio=1)
    table.add_column(f"Guarded answer (policy {response.decision.policy})", ratio=1)
    table.add_row(_draft_text(response), Text(response.answer))
    parts: list[Table | Text] = [table]
    checked = _evidence_lines(response)
    if checked:
        parts.append(checked)
    parts.append(_decision_lines(row))
    title = Text.assemble((f"{number}. ", "bold"), (response.question, "bold"))
    return Panel(Group(*parts), title=title, title_align="left", subtitle=f"{row.outcome.value} · {row.seconds:.1f} s",
                 subtitle_align="right")


def render_summary(rows: Sequence[DemoRow], seconds: float) -> Text:
    counts = {o: sum(r.outcome is o for r in rows) for o in DemoOutcome}
    shown = ", ".join(f"{o.value}: {n}" for o, n in counts.items() if n)
    recorded = sum(r.question.recorded_draft is not None for r in rows)
    note = f" ({recorded} recorded draft{'s' if recorded != 1 else ''}, labelled above)" if recorded else ""
    return Text(f"{len(rows)} questions in {seconds:.1f} s{note}. {shown}.")


def _draft_header(row: DemoRow) -> str:
    if row.question.recorded_draft is not None:
        return ("Recorded draft (fixed text the embedded model wrote to this question when asked to "
                "generate; not generated in this run)")
    if row.response.model == EVIDENCE_DRAFTER:  # answering: evidence (auto, for the embedded model)
        return "Draft quoted from the documents (evidence-first answering, no model call)"
    return f"Model's draft ({row.response.model})"


def _draft_text(response: GuardedResponse) -> Text:
    if not response.draft and response.attempts == 0:
        gate = response.retrieval.gate
        if not gate.passed:
            return Text(
                f"(no draft: retrieval relevance {gate.relevance:.2f} is below the gate's {gate.threshold:.2f}, "
                "so the model was not asked)", style="italic")
        return Text("(no draft)", style="italic")
    text = Text(response.draft)
    for verdict in _failing(response):
        claim = verdict.claim
        text.stylize("red", claim.start, claim.end)
        value = verdict.mismatch.claim_value if verdict.mismatch else None
        at = response.draft.find(value, claim.start, claim.end) if value else -1
        if at >= 0:
            text.stylize("bold red reverse", at, at + len(value))
    if response.decision.template_echo:
        text.append(f"\n({response.decision.template_echo} line(s) copying the prompt cut before checking)",
                    style="italic dim")
    return text


def _failing(response: GuardedResponse) -> list[ClaimVerdict]:
    """Claims a reason other than pass points at, in draft order."""
    flagged = {r.claim_index for r in response.decision.reasons if r.claim_index is not None
               and r.action is not Action.pass_}
    return [v for v in response.verification.claims if v.claim.index in flagged]


def _evidence_lines(response: GuardedResponse) -> Text | None:
    """Each caught claim with the evidence it conflicts with; each passed claim with the unit backing it."""
    numbers = {pid: n for n, pid in enumerate(response.verification.passage_ids, start=1)}
    sources = {p.id: Path(p.source).name if p.source else p.id for p in response.retrieval.passages}
    failing = _failing(response)
    lines = Text()
    for verdict in response.verification.claims:
        unit = _unit(verdict)
        where = ""
        if unit is not None:
            cited = f"[{numbers[unit.passage_id]}] " if unit.passage_id in numbers else ""
            where = f"{cited}{sources.get(unit.passage_id, unit.passage_id)}"
        if verdict in failing:
            _caught(lines, verdict, where)
        elif unit is not None and verdict.label is SupportLabel.supported:
            lines.append("Backed by ", style="bold")
            lines.append(f"{where}: ")
            lines.append(f"\"{_shown(unit)}\"\n", style="green")
    return lines if lines.plain else None


def _caught(lines: Text, verdict: ClaimVerdict, where: str) -> None:
    lines.append("Caught: ", style="bold")
    lines.append(f"\"{verdict.claim.text}\"", style="red")
    lines.append(f" ({verdict.label.value})\n")
    mismatch = verdict.mismatch
    if mismatch is not None and mismatch.evidence_value is not None:
        lines.append("  claim says ")
        lines.append(mismatch.claim_value, style="bold red")
        lines.append(", evidence says ")
        lines.append(mismatch.evidence_value, style="bold green")
        lines.append(f" (for {mismatch.anchor})\n" if mismatch.anchor else "\n")
    elif mismatch is not None:
        lines.append(f"  {mismatch.explanation}\n")
    unit = _unit(verdict)
    if unit is not None:
        lines.append(f"  evidence {where}: ")
        lines.append(f"\"{_shown(unit)}\"\n", style="green")
    elif mismatch is None:
        lines.append("  no passage supports it\n")


def _shown(unit: EvidenceUnit) -> str:
    """The unit's text on one line, without Markdown emphasis marks (display only)."""
    return " ".join(re.sub(r"\*{1,3}", "", unit.text).split())


def _unit(verdict: ClaimVerdict) -> EvidenceUnit | None:
    mismatch = verdict.mismatch
    if mismatch is not None and mismatch.evidence is not None:
        return mismatch.evidence
    return verdict.evidence[0] if verdict.evidence else None


def _decision_lines(row: DemoRow) -> Text:
    decision = row.response.decision
    text = Text()
    text.append("Decision: ", style="bold")
    text.append(decision.action.value, style=_ACTION_STYLE.get(decision.action, "bold"))
    if row.response.attempts > 1:
        text.append(f" after {row.response.attempts} drafts")
    for reason in decision.reasons:
        text.append(f"\n  - {_reason(reason)}")
    return text


def _reason(reason: Reason) -> str:
    return f"{reason.condition.value} → {reason.action.value}: {reason.detail}"


_ACTION_STYLE = {
    Action.pass_: "bold green",
    Action.annotate: "bold yellow",
    Action.strip: "bold magenta",
    Action.quote: "bold magenta",
    Action.refuse: "bold cyan",
    Action.escalate: "bold blue",
}


def print_demo(rows: Sequence[DemoRow], seconds: float, console: Console) -> None:
    for number, row in enumerate(rows, start=1):
        console.print(render_row(row, number))
    console.print(render_summary(rows, seconds))
