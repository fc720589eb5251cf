"""Labelled drafts through the real pipeline, and what the user ends up seeing of them.

A labelled draft (examples/drafts.jsonl; fields: :class:`LabelledDraft`) is a question,
its contexts, a fixed draft answer and the truth of each of its claims. It is run
through the guard's own stages, as ``guarded_completion(question=..., contexts=[...],
model=<scripted model returning the draft>, policy=P)`` runs them: retrieval and the
relevance gate over the contexts, prompt-echo removal, verification (with
auto-citation), :func:`~guard.decide.decide` and the regenerate loop,
:func:`~guard.decide.apply_action`.

**Regenerate cannot launder a draft.** The scripted model returns the *same* draft on
every call, so a regenerate asks again and gets the wrong claim again; the loop ends
in the policy's ``on_exhausted`` action, as it would with a model that keeps making
the same mistake. Because the draft and the evidence do not change between attempts,
the verification of a draft is computed once (per ``min_support``, the one threshold
the verifiers themselves read) and the loop re-runs only the pure ``decide()``.
:func:`run_draft` is tested to give the same decision and answer as
``guarded_completion`` with such a scripted model.

**Outcomes** (what the *user* sees; ``answer`` is the text shown):

- ``refused``: the answer is the policy's refusal sentence (a refuse action, a gate
  refusal, or a strip that removed every claim). ``gate_refused`` marks the refusals
  the relevance gate made before any model call.
- ``escalated``: the escalate action; the user sees the holding text.

Otherwise the answer is shown. For a *wrong* draft each false claim (and each span
labelled ``echo``, prompt text copied into the draft) is

- *gone* when its text, markers stripped and normalised (lower case, runs of
  non-word characters as one space), is no longer a substring of the normalised answer
  (strip removed it, or quote put the evidence's own words in its place: a quote that
  still holds the claim's words leaves it *shown*);
- *marked* when it is shown with a caution in the answer text: a ⚠ mark after it
  (a claim-level reason with action annotate on a claim of the verification that
  overlaps it) or the answer's caution label carrying a response-level problem
  (annotate reason with no claim, e.g. low citation recall), which casts doubt on
  the whole answer. The cautions are the ones the answer shows
  (:func:`guard.actions.shown_cautions`: a response-level figure is recounted over the
  answer left after strip or quote, and one that no longer holds is not shown);
- *unmarked* otherwise. Whether it also lies in ``Verification.unsupported_spans``
  (shown only by clients that render span metadata) is recorded separately
  (``unmarked_in_spans``), never counted as marked.

and the wrong draft's outcome is ``stripped_gone`` when every false claim is gone
(removed by strip, or, for echo, cut before verification), else ``stripped_shown``
when the action was strip, else ``annotated`` when every shown false claim is marked,
else ``unmarked``. For a *correct* draft: ``unchanged`` (the
answer shown is the draft as verified; the guard may have added a citation),
``altered`` (any other text shown: a caution, a removed claim the user did not need, or
a claim replaced by the evidence's own words), ``refused``, ``escalated``. A draft with no
claim is the refusal sentence for a question its contexts do not answer
(``refusal_draft``): refused is right for it, and it is counted apart from the correct
answers (it is no reviewer load and no gate refusal of an answerable question).
"""

from __future__ import annotations

import re
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from guard.actions import apply_action, shown_cautions
from guard.decide import Action, Decision, confirmed, decide
from guard.eval.jsonl import read_records
from guard.llm.testing import SCRIPTED_PROVIDER
from guard.pipeline import retrieve_evidence, verify_draft
from guard.policy import Condition, Policy
from guard.verifiers.api import as_passages
from guard.verifiers.citation_markers import strip_markers
from guard.verifiers.echo import EchoRemoval, remove_template_echo
from guard.verifiers.types import SupportLabel, Verification
from prompts import build_answer_messages, build_regenerate_messages
from retrievers.types import RetrievalResult

__all__ = [
    "DraftClaim",
    "DraftContext",
    "DraftOutcome",
    "DraftRun",
    "HELD_SPLITS",
    "LabelledDraft",
    "Outcome",
    "ShownCause",
    "classify",
    "load_drafts",
    "prepare_draft",
    "run_draft",
]

# dev: open (tune on it). test and val11h: held, figures only; val11h was written after the test
# part had been measured, over dev documents, as a second held part for a change tuned on dev
# (examples/README.md, "Dev and test parts").
Split = Literal["dev", "test", "val11h"]
HELD_SPLITS: tuple[Split, ...] = ("test", "val11h")
# The verification deadline of an evaluation run (the policy's own is for serving).
EVAL_DEADLINE_S = 600.0
# The generator name the verifiers see; stacked heads differ by family, and a scripted draft has none.
_GENERATOR = f"{SCRIPTED_PROVIDER}/labelled-draft"


class DraftContext(BaseModel):
    source: str
    text: str = Field(min_length=1)


class DraftClaim(BaseModel):
    text: str = Field(min_length=1)
    truth: Literal["true", "false", "echo"]  # echo: text copied from the prompt, not a claim
    category: str | None = None
    evidence: str | None = None


class LabelledDraft(BaseModel):
    id: str
    question: str = Field(min_length=1)
    contexts: list[DraftContext] = Field(min_length=1)
    draft: str
    claims: list[DraftClaim] = Field(default_factory=list)  # none: the draft is the refusal sentence
    kind: Literal["correct", "wrong"]
    category: str
    split: Split
    notes: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> LabelledDraft:
        missing = [c.text for c in self.claims if c.text not in self.draft]
        if missing:
            raise ValueError(f"claim text not found in the draft: {missing[0]!r}")
        if (self.kind == "wrong") != bool(self.false_claims):
            raise ValueError("kind 'wrong' needs at least one false or echo claim, 'correct' none")
        return self

    @property
    def is_refusal_draft(self) -> bool:
        """A draft with no claim: the model's (correct) refusal of a question the contexts do not answer."""
        return not self.claims

    @property
    def false_claims(self) -> list[DraftClaim]:
        """The claims the user must not be shown as fact: false ones and prompt echo."""
        return [c for c in self.claims if c.truth != "true"]


class Outcome(str, Enum):
    """What the user sees of a draft (module docstring: the exact rules)."""

    unmarked = "unmarked"  # wrong draft: a false claim shown with no caution
    annotated = "annotated"  # wrong draft: every false claim shown carries a caution
    stripped_gone = "stripped_gone"  # wrong draft: every false claim removed, the rest shown
    stripped_shown = "stripped_shown"  # wrong draft: strip ran but a false claim is still shown
    unchanged = "unchanged"  # correct draft shown as written
    altered = "altered"  # correct draft annotated or partly stripped
    refused = "refused"
    escalated = "escalated"


WRONG_OUTCOMES = (
    Outcome.unmarked, Outcome.annotated, Outcome.stripped_shown, Outcome.stripped_gone,
    Outcome.refused, Outcome.escalated,
)
CORRECT_OUTCOMES = (Outcome.unchanged, Outcome.altered, Outcome.refused, Outcome.escalated)


class ShownCause(str, Enum):
    """Why a false claim was still shown: what the verdict of the claim covering it said."""

    confirmed = "confirmed"  # judged supported and confirmed by the fact layer (guard.decide.confirmed)
    unconfirmed = "unconfirmed"  # judged supported; the fact layer did not confirm it
    flagged = "flagged"  # judged unsupported or contradicted, shown (marked or not) all the same
    no_claim = "no_claim"  # no claim of the verification covers it


class DraftOutcome(BaseModel):
    """One labelled draft under one policy: the decision and what the user was shown."""

    id: str
    kind: Literal["correct", "wrong"]
    category: str
    split: Split
    policy: str
    action: Action
    outcome: Outcome
    gate_refused: bool
    refusal_draft: bool = False  # the draft is a refusal (no claim): refused is the right outcome
    false_claims_unmarked: int = 0  # false claims shown with no caution in the answer text
    unmarked_in_spans: int = 0  # of those, how many lie in unsupported_spans (metadata only)
    template_echo: int = 0
    conditions: list[Condition] = Field(default_factory=list)
    # Per false claim still shown: (its error category, why the verdict let it through).
    shown_causes: list[tuple[str, ShownCause]] = Field(default_factory=list)
    answer: str


class DraftRun(BaseModel):
    """A draft's policy-independent work: its retrieval (gate) and verification per min_support."""

    draft: LabelledDraft
    retrieval: RetrievalResult
    # (echo-free draft text, min_support) -> (draft as verified, with guard-added citations; verification)
    verified: dict[tuple[str, float], tuple[str, Verification]] = Field(default_factory=dict)
    # (regenerate prompt?, refusal text, min_support) -> echo removal; the prompt is fixed by these.
    echoes: dict[tuple[bool, str, float], EchoRemoval] = Field(default_factory=dict)


def load_drafts(path: str | Path, split: Split | Literal["all"] = "all") -> list[LabelledDraft]:
    """Read labelled drafts; a bad line is an error naming its number and what is wrong."""
    file = Path(path)
    drafts = read_records(
        file, LabelledDraft, what="a labelled draft",
        missing=f"Labelled drafts {file} do not exist: give a JSONL file (see examples/drafts.jsonl).",
        empty=f"Labelled drafts {file} hold no draft.",
    )
    return [d for d in drafts if split == "all" or d.split == split]


def prepare_draft(draft: LabelledDraft, policy: Policy) -> DraftRun:
    """Retrieval and the relevance gate over the draft's contexts, as the pipeline runs them."""
    passages = as_passages([c.text for c in draft.contexts])
    retrieval = retrieve_evidence(draft.question, passages, policy, _GENERATOR)
    return DraftRun(draft=draft, retrieval=retrieval)


def run_draft(run: DraftRun, policy: Policy) -> tuple[Decision, str, str, Verification]:
    """(decision, answer shown, draft as verified, verification) as the pipeline would give them.

    Only ``decide()`` and ``apply_action()`` run per call; verification runs on the
    first call for each (echo-free text, ``policy.thresholds.min_support``) and is
    reused after, so a threshold grid costs one verification per support value.
    """
    gate = run.retrieval.gate
    if not gate.passed:
        empty = Verification(claims=[], verifiers=[])
        decision = decide(empty, gate, policy)
        return decision, apply_action(decision, "", empty, policy), "", empty
    attempt, shown = 0, ""
    while True:
        echo = _echo(run, shown, attempt > 0, policy)
        shown, verification = _verified(run, echo.text, policy)
        decision = decide(verification, gate, policy, attempt=attempt)
        decision.template_echo = echo.count
        if decision.action is not Action.regenerate:  # decide spent the budget (Policy.action_for)
            break
        attempt += 1
    return decision, apply_action(decision, shown, verification, policy), shown, verification


def _echo(run: DraftRun, previous: str, regenerating: bool, policy: Policy) -> EchoRemoval:
    """The draft's echo removal against the answer prompt, or the regenerate prompt after ``previous``."""
    key = (regenerating, policy.refusal_text, policy.thresholds.min_support)
    if key not in run.echoes:
        draft, passages = run.draft, run.retrieval.passages
        if regenerating:
            # The feedback only fills the <feedback> element, which echo removal treats as
            # evidence, not template: the same draft comes back whatever the feedback says.
            messages = build_regenerate_messages(draft.question, passages, previous, [], policy.refusal_text)
        else:
            messages = build_answer_messages(draft.question, passages, policy.refusal_text)
        run.echoes[key] = remove_template_echo(draft.draft, messages, policy.refusal_text)
    return run.echoes[key]


def _verified(run: DraftRun, text: str, policy: Policy) -> tuple[str, Verification]:
    key = (text, policy.thresholds.min_support)
    if key not in run.verified:
        # Operating points measure what the verdicts lead to, not latency: on a busy machine
        # the policy's deadline would turn verdicts into verifier_error and the figures into noise.
        unhurried = policy.model_copy(update={"verification_deadline_s": EVAL_DEADLINE_S})
        run.verified[key] = verify_draft(run.draft.question, text, run.retrieval, unhurried, _GENERATOR)
    return run.verified[key]


def classify(run: DraftRun, policy: Policy) -> DraftOutcome:
    """Run the draft under ``policy`` and name what the user sees (module docstring)."""
    decision, answer, shown, verification = run_draft(run, policy)
    draft = run.draft
    gate_refused = Condition.insufficient_context in decision.conditions and not verification.claims
    unmarked, in_spans, causes = 0, 0, []
    if decision.action is Action.escalate:
        outcome = Outcome.escalated
    elif answer.strip() == policy.refusal_text.strip():
        outcome = Outcome.refused
    elif draft.kind == "correct":
        # what the user reads, not the action's name: an action that leaves the text as verified
        # (the guard's own added citations included) alters nothing
        outcome = Outcome.unchanged if answer == shown else Outcome.altered
    else:
        outcome, unmarked, in_spans = _wrong_outcome(draft, decision, answer, shown, verification, policy)
        causes = _shown_causes(draft, answer, shown, verification)
    return DraftOutcome(
        id=draft.id,
        kind=draft.kind,
        category=draft.category,
        split=draft.split,
        policy=policy.name,
        action=decision.action,
        outcome=outcome,
        gate_refused=gate_refused,
        refusal_draft=draft.is_refusal_draft,
        false_claims_unmarked=unmarked,
        unmarked_in_spans=in_spans,
        template_echo=decision.template_echo,
        conditions=sorted(decision.conditions, key=lambda c: c.value),
        shown_causes=causes,
        answer=answer,
    )


def _wrong_outcome(
    draft: LabelledDraft,
    decision: Decision,
    answer: str,
    shown: str,
    verification: Verification,
    policy: Policy,
) -> tuple[Outcome, int, int]:
    said = normalise(answer)
    cautions = shown_cautions(decision, verification, policy)  # as the answer shows them
    whole_answer_caution = any(r.claim_index is None for r in cautions)
    annotated = {r.claim_index for r in cautions if r.claim_index is not None}
    visible = [c for c in draft.false_claims if normalise(c.text) in said]
    unmarked = in_spans = 0
    for claim in visible:
        indices = _overlapping_claims(claim.text, shown, verification)
        if whole_answer_caution or indices & annotated:
            continue
        unmarked += 1
        in_spans += any(s.claim_index in indices for s in verification.unsupported_spans)
    if not visible:
        return Outcome.stripped_gone, 0, 0
    if decision.action in (Action.strip, Action.quote):  # quote removes the claims it replaces
        return Outcome.stripped_shown, unmarked, in_spans
    return (Outcome.unmarked if unmarked else Outcome.annotated), unmarked, in_spans


def _shown_causes(
    draft: LabelledDraft, answer: str, shown: str, verification: Verification
) -> list[tuple[str, ShownCause]]:
    """For each false claim the answer still shows, why its verdict let it through."""
    said = normalise(answer)
    verdicts = {v.claim.index: v for v in verification.claims}
    out = []
    for claim in draft.false_claims:
        if normalise(claim.text) not in said:
            continue
        covering = [verdicts[i] for i in _overlapping_claims(claim.text, shown, verification) if i in verdicts]
        if not covering:
            cause = ShownCause.no_claim
        elif all(confirmed(v) for v in covering):
            cause = ShownCause.confirmed
        elif all(v.label is SupportLabel.supported for v in covering):
            cause = ShownCause.unconfirmed
        else:
            cause = ShownCause.flagged
        out.append((claim.category or draft.category, cause))
    return out


def _overlapping_claims(text: str, shown: str, verification: Verification) -> set[int]:
    """Indices of the verification's claims whose span overlaps ``text`` in the verified draft."""
    spans = _find(shown, text)
    return {
        v.claim.index for v in verification.claims
        if any(v.claim.start < end and start < v.claim.end for start, end in spans)
    } or {
        # The guard added a citation inside the sentence: fall back to the normalised text.
        v.claim.index for v in verification.claims
        if normalise(v.claim.text) and (normalise(v.claim.text) in normalise(text)
                                        or normalise(text) in normalise(v.claim.text))
    }


def _find(haystack: str, needle: str) -> list[tuple[int, int]]:
    needle = strip_markers(needle).strip().rstrip(".")
    return [(m.start(), m.end()) for m in re.finditer(re.escape(needle), haystack)] if needle else []


@lru_cache(maxsize=8192)
def normalise(text: str) -> str:
    """Markers stripped, lower case, every run of non-word characters one space."""
    return " ".join(re.findall(r"\w+", strip_markers(text).lower()))
