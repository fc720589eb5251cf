"""Operating points: what each profile does to wrong and to correct drafts, and thresholds fitted to a target.

The outcomes of one draft are defined in :mod:`guard.eval.drafts`. Per profile and
split they are summed into :class:`Metrics`, the figures a target can name:

- ``wrong_unmarked``: share of wrong drafts with a false claim shown and no caution in
  the answer text (``unmarked``, or ``stripped_shown`` with the false claim unmarked);
- ``wrong_kept_from_user``: share of wrong drafts refused, escalated, or stripped with
  every false claim gone;
- ``correct_altered`` / ``correct_refused`` / ``correct_escalated``: shares of correct
  drafts annotated or partly stripped / refused / escalated;
- ``correct_withheld``: share of correct drafts refused or escalated (no answer shown);
- ``reviewer_load``: share of correct drafts not shown unchanged (the sum of those three);
- ``gate_refusals``: share of the correct answer drafts (their contexts answer the
  question, by construction) refused by the relevance gate before any model call. Wrong
  drafts are left out: many answer a question their contexts do not cover (a fabricated
  bonus scheme, a CFO never named), where a gate refusal is right, not a miss.

Refusal drafts (no claim) are summarised apart (``refusal_drafts``).

**Fit.** ``fit()`` searches a grid of the profile's numeric thresholds on the *dev*
drafts only, keeps the points that meet the target, and picks the one with the lowest
reviewer load (ties: more wrong drafts kept from the user, then fewer unmarked, then
the point closest to the profile's current thresholds). The grid holds, for each
threshold whose verifier the profile runs, "not checked" (null) and a few values
(``GRID``); ``min_support`` is gridded only over the values asked for, because the
verifiers read it (each value costs one verification per draft), while every other
threshold is read by ``decide()`` alone and costs nothing to vary. When the product of
the axes is over ``FULL_GRID_LIMIT`` points, the search moves one threshold at a time from
the profile's own point (``_coordinate_search``) instead of measuring every combination.
The chosen point is then measured once on the *test* drafts, which the search never saw.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from guard.errors import InputError
from guard.eval.drafts import (
    CORRECT_OUTCOMES,
    WRONG_OUTCOMES,
    DraftOutcome,
    DraftRun,
    LabelledDraft,
    Outcome,
    ShownCause,
    classify,
    normalise,
)
from guard.policy import Policy, Thresholds

__all__ = [
    "ChoiceRule",
    "Constraint",
    "CrossValidation",
    "FitResult",
    "FitSettings",
    "GRID",
    "Metric",
    "Metrics",
    "OutcomeShares",
    "ProfileReport",
    "assign_folds",
    "draft_groups",
    "fit",
    "parse_target",
    "summarise_outcomes",
    "threshold_grid",
    "write_fitted_profile",
]

# Candidate values per threshold (None = not checked). Chosen to span each figure's range
# in steps a reviewer can reason about, not tuned on any split.
GRID: dict[str, tuple[float | None, ...]] = {
    "min_unconfirmed_support": (None, 0.6, 0.7, 0.8, 0.9, 1.0),
    "min_learned_support": (None, 0.3, 0.4, 0.5, 0.6),
    "min_faithfulness": (None, 0.5, 0.75, 0.9, 1.0),
    "min_citation_recall": (None, 0.5, 0.8, 1.0),
    "min_citation_precision": (None, 0.5, 0.8),
    "max_hallucination_probability": (None, 0.3, 0.44, 0.6),
    "min_hit_rate": (None, 0.25, 0.5, 0.75),
    "max_isolation": (None, 0.5),
    "min_franq": (None, 0.3, 0.5, 0.7),
}
# Above this many grid points the fit searches one threshold at a time (_coordinate_search).
FULL_GRID_LIMIT = 500
# A threshold is only measurable when its verifier runs (else decide() reports verifier_error).
_NEEDS = {
    "min_learned_support": "grounding",
    "max_hallucination_probability": "stacked",
    "min_hit_rate": "cross_route",
    "max_isolation": "egc",
    "min_franq": "franq",
    "min_citation_recall": "citations",
    "min_citation_precision": "citations",
}


class Metric(str, Enum):
    wrong_unmarked = "wrong_unmarked"
    wrong_kept_from_user = "wrong_kept_from_user"
    correct_altered = "correct_altered"
    correct_refused = "correct_refused"
    correct_escalated = "correct_escalated"
    correct_withheld = "correct_withheld"
    reviewer_load = "reviewer_load"
    gate_refusals = "gate_refusals"


class Metrics(BaseModel):
    wrong_unmarked: float | None
    wrong_kept_from_user: float | None
    correct_altered: float | None
    correct_refused: float | None
    correct_escalated: float | None
    correct_withheld: float | None  # refused or escalated: the user got no answer
    reviewer_load: float | None
    gate_refusals: float | None

    def value(self, metric: Metric) -> float | None:
        return getattr(self, metric.value)


class OutcomeShares(BaseModel):
    """Counts of each outcome over one kind of draft (wrong or correct)."""

    total: int
    counts: dict[Outcome, int]

    def share(self, outcome: Outcome) -> float:
        return self.counts.get(outcome, 0) / self.total if self.total else 0.0


class ProfileReport(BaseModel):
    policy: str
    split: str
    drafts: int
    wrong: OutcomeShares
    correct: OutcomeShares
    refusal_drafts: OutcomeShares  # drafts that are the refusal sentence (unanswerable from their contexts)
    metrics: Metrics
    gate_refused: int  # correct answer drafts refused by the gate
    unmarked_in_spans: int  # wrong drafts whose unmarked false claim is at least in unsupported_spans
    template_echo: int
    by_category: dict[str, dict[Outcome, int]]
    # The wrong drafts not kept from the user, bucketed: why the verdict let each false claim
    # still shown through -> its error category -> count (guard.eval.drafts.ShownCause).
    not_kept_causes: dict[ShownCause, dict[str, int]] = Field(default_factory=dict)


class Constraint(BaseModel):
    metric: Metric
    op: Literal[">=", "<="]
    value: float

    def met(self, metrics: Metrics, margin: float = 0.0) -> bool:
        """Whether the figure is within the bound, ``margin`` inside it."""
        got = metrics.value(self.metric)
        if got is None:
            return False
        if self.op == ">=":
            return got - margin >= self.value - 1e-12
        return got + margin <= self.value + 1e-12

    def shortfall(self, metrics: Metrics) -> float:
        got = metrics.value(self.metric)
        if got is None:
            return 1.0
        return max(0.0, self.value - got) if self.op == ">=" else max(0.0, got - self.value)

    def __str__(self) -> str:
        return f"{self.metric.value}{self.op}{self.value:g}"


class GridPoint(BaseModel):
    thresholds: dict[str, float | None]
    metrics: Metrics
    met: bool
    shortfall: float


# --- summaries ------------------------------------------------------------------------------------


def summarise_outcomes(outcomes: Sequence[DraftOutcome], policy: str, split: str) -> ProfileReport:
    wrong = [o for o in outcomes if o.kind == "wrong"]
    correct = [o for o in outcomes if o.kind == "correct" and not o.refusal_draft]
    refusals = [o for o in outcomes if o.refusal_draft]
    by_category: dict[str, dict[Outcome, int]] = {}
    for o in outcomes:
        counts = by_category.setdefault(o.category, {})
        counts[o.outcome] = counts.get(o.outcome, 0) + 1
    return ProfileReport(
        policy=policy,
        split=split,
        drafts=len(outcomes),
        wrong=_shares(wrong, WRONG_OUTCOMES),
        correct=_shares(correct, CORRECT_OUTCOMES),
        refusal_drafts=_shares(refusals, CORRECT_OUTCOMES),
        metrics=metrics_of(outcomes),
        gate_refused=sum(o.gate_refused for o in correct),
        unmarked_in_spans=sum(o.unmarked_in_spans > 0 for o in wrong),
        template_echo=sum(o.template_echo for o in outcomes),
        by_category=dict(sorted(by_category.items())),
        not_kept_causes=_not_kept_causes(wrong),
    )


def _not_kept_causes(wrong: list[DraftOutcome]) -> dict[ShownCause, dict[str, int]]:
    kept = (Outcome.refused, Outcome.escalated, Outcome.stripped_gone)
    causes: dict[ShownCause, dict[str, int]] = {}
    for o in wrong:
        if o.outcome in kept:
            continue
        for category, cause in o.shown_causes:
            counts = causes.setdefault(cause, {})
            counts[category] = counts.get(category, 0) + 1
    return {c: dict(sorted(v.items())) for c, v in sorted(causes.items(), key=lambda kv: kv[0].value)}


def metrics_of(outcomes: Iterable[DraftOutcome]) -> Metrics:
    outcomes = list(outcomes)
    wrong = [o for o in outcomes if o.kind == "wrong"]
    correct = [o for o in outcomes if o.kind == "correct" and not o.refusal_draft]
    kept = (Outcome.refused, Outcome.escalated, Outcome.stripped_gone)
    return Metrics(
        wrong_unmarked=_share(wrong, lambda o: o.false_claims_unmarked > 0),
        wrong_kept_from_user=_share(wrong, lambda o: o.outcome in kept),
        correct_altered=_share(correct, lambda o: o.outcome is Outcome.altered),
        correct_refused=_share(correct, lambda o: o.outcome is Outcome.refused),
        correct_escalated=_share(correct, lambda o: o.outcome is Outcome.escalated),
        correct_withheld=_share(correct, lambda o: o.outcome in (Outcome.refused, Outcome.escalated)),
        reviewer_load=_share(correct, lambda o: o.outcome is not Outcome.unchanged),
        gate_refusals=_share(correct, lambda o: o.gate_refused),
    )


def _share(items: list[DraftOutcome], test: Callable[[DraftOutcome], bool]) -> float | None:
    return sum(test(o) for o in items) / len(items) if items else None


def _shares(items: list[DraftOutcome], order: tuple[Outcome, ...]) -> OutcomeShares:
    return OutcomeShares(total=len(items), counts={k: sum(o.outcome is k for o in items) for k in order})


# --- targets and the grid -------------------------------------------------------------------------

_TERM = re.compile(r"^\s*([a-z_]+)\s*(>=|<=)\s*([0-9]*\.?[0-9]+)\s*$")


def parse_target(text: str) -> list[Constraint]:
    """``"wrong_unmarked<=0.10,correct_altered<=0.10"`` as constraints; errors list the metric names."""
    names = ", ".join(m.value for m in Metric)
    constraints = []
    for term in filter(None, (t.strip() for t in text.split(","))):
        match = _TERM.match(term)
        if not match or match.group(1) not in Metric.__members__:
            raise InputError(
                f"--target term {term!r} is not METRIC>=VALUE or METRIC<=VALUE; metrics: {names}"
            )
        metric, op, value = Metric(match.group(1)), match.group(2), float(match.group(3))
        constraints.append(Constraint(metric=metric, op=op, value=value))
    if not constraints:
        raise InputError(f"--target is empty; e.g. \"wrong_kept_from_user>=0.95\"; metrics: {names}")
    return constraints


def threshold_axes(
    policy: Policy, support_values: Sequence[float] = ()
) -> dict[str, tuple[float | None, ...]]:
    """The candidate values of each threshold the profile can measure (one value: held fixed)."""
    axes: dict[str, tuple[float | None, ...]] = {
        "min_support": tuple(sorted(set(support_values) | {policy.thresholds.min_support}))
    }
    for name, values in GRID.items():
        needs = _NEEDS.get(name)
        if needs is None or needs in policy.verifiers:
            current = getattr(policy.thresholds, name)  # the profile's own point is always a candidate
            axes[name] = (None, *sorted({v for v in (*values, current) if v is not None}))
        else:
            axes[name] = (getattr(policy.thresholds, name),)
    return axes


def threshold_grid(policy: Policy, support_values: Sequence[float] = ()) -> list[dict[str, float | None]]:
    """Every combination of candidate thresholds the profile can measure."""
    axes = threshold_axes(policy, support_values)
    names = list(axes)
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*axes.values())]


def with_thresholds(policy: Policy, values: dict[str, float | None]) -> Policy:
    thresholds = Thresholds.model_validate(policy.thresholds.model_dump() | values)
    return policy.model_copy(update={"thresholds": thresholds})


def current_thresholds(policy: Policy) -> dict[str, float | None]:
    return {name: getattr(policy.thresholds, name) for name in ["min_support", *GRID]}


# --- folds ---------------------------------------------------------------------------------------


def draft_groups(drafts: Sequence[LabelledDraft]) -> list[str]:
    """A group key per draft: drafts that share a question or a main document are one group.

    Why: drafts written on the same passage share its wording and its traps, so a fold that
    holds one of them and trains on its sibling measures memory, not generalisation. The key
    is the connected component (union-find) over "same question" and "same main document"
    (the draft's first context: a draft that brings several documents, as a distractor set,
    would otherwise glue every document it names into one group), named by its alphabetically
    first document.
    """
    parent: dict[str, str] = {}

    def root(node: str) -> str:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for d in drafts:
        a, b = root(f"doc:{d.contexts[0].source}"), root(f"question:{normalise(d.question)}")
        if a != b:
            parent[max(a, b)] = min(a, b)  # "doc:" sorts before "question:": a document names the group
    return [root(f"doc:{d.contexts[0].source}").removeprefix("doc:") for d in drafts]


def assign_folds(drafts: Sequence[LabelledDraft], folds: int) -> list[int]:
    """A fold index per draft, whole groups (:func:`draft_groups`) per fold.

    Deterministic: groups go, largest first (ties by name), to the fold with the fewest wrong
    drafts, then the fewest drafts, so every fold holds a similar number of the drafts the
    strict targets count.
    """
    if folds < 2:
        raise InputError(f"--folds {folds}: cross-validation needs at least 2 folds.")
    keys = draft_groups(drafts)
    members: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        members.setdefault(key, []).append(i)
    if len(members) < folds:
        raise InputError(
            f"--folds {folds}: the dev drafts form only {len(members)} groups (by question and document)."
        )
    wrong = [0] * folds
    total = [0] * folds
    fold_of = [0] * len(drafts)
    for key in sorted(members, key=lambda k: (-len(members[k]), k)):
        fold = min(range(folds), key=lambda f: (wrong[f], total[f], f))
        for i in members[key]:
            fold_of[i] = fold
        wrong[fold] += sum(drafts[i].kind == "wrong" for i in members[key])
        total[fold] += len(members[key])
    return fold_of


# --- the fit --------------------------------------------------------------------------------------


class ChoiceRule(str, Enum):
    """When a grid point counts as meeting the target on the dev drafts.

    - ``pooled``: on all dev drafts together (the rule before cross-validation: it rewards
      points that happen to fit dev, so the dev figure overstates the held one);
    - ``margin``: on all dev drafts with a margin, each figure at least ``margin_z`` times its
      standard deviation over the folds inside its bound. The fold deviation is how far the
      figure moves from one fold-sized set of documents to the next, which is what a held
      part of new documents sees; a point whose figure swings needs more room, a point that
      holds in every fold alike needs none. (The standard error of the dev mean, std /
      sqrt(folds), measured 0.02 for medical and let the old point, 97 % dev / 89 % test,
      through: it bounds the dev estimate, not a new set's figure.)
    - ``every_fold``: in every fold on its own.
    """

    pooled = "pooled"
    margin = "margin"
    every_fold = "every_fold"


class FitSettings(BaseModel):
    """How the fit chooses and checks itself: folds of the dev drafts, the rule, the margin."""

    folds: int = Field(default=5, ge=2)
    rule: ChoiceRule = ChoiceRule.margin
    margin_z: float = Field(default=1.0, ge=0.0)


class FoldFigures(BaseModel):
    """One fold of the cross-validation: thresholds fitted on the other folds, measured on this one."""

    fold: int
    groups: list[str]
    drafts: int
    wrong: int
    chosen: dict[str, float | None]
    met_on_rest: bool
    held: Metrics


class CrossValidation(BaseModel):
    """How well the fit generalises, estimated on dev alone.

    Each fold's thresholds are fitted (same grid, same rule) on the other folds and measured on
    the fold; ``estimate`` pools those held outcomes: the figure to expect on drafts the fit
    never saw, to read beside the dev figure of the point fitted on all of dev.
    """

    folds: int
    grouping: str = "drafts sharing a question or a context document stay in one fold"
    estimate: Metrics
    met: bool  # the target met by the pooled held outcomes
    per_fold: list[FoldFigures]


class FitResult(BaseModel):
    profile: str
    target: list[Constraint]
    rule: ChoiceRule = ChoiceRule.pooled
    margin_z: float = 0.0
    grid_points: int
    dev_drafts: int
    test_drafts: int
    met: bool  # a grid point met the target on dev (under ``rule``)
    chosen: dict[str, float | None]  # the fitted thresholds (or, if none met it, the closest point)
    before: dict[str, float | None]  # the profile's thresholds before the fit
    dev_before: Metrics
    dev: Metrics
    # The chosen point's figures per fold (its margin comes from their spread).
    dev_folds: list[Metrics] = Field(default_factory=list)
    cv: CrossValidation | None = None
    test_before: Metrics | None
    test: Metrics | None
    test_met: bool | None
    command: str
    date: str
    # The dev trade-off over the whole grid: points no other point beats on both wrong drafts
    # kept from the user and reviewer load (lowest load first), so a reader sees what a target costs.
    frontier: list[GridPoint] = Field(default_factory=list)


def evaluate(runs: Sequence[DraftRun], policy: Policy) -> list[DraftOutcome]:
    return [classify(run, policy) for run in runs]


class _Measure:
    """Grid points measured on a subset of the dev drafts under a choice rule.

    Outcomes are computed once per threshold point over every dev draft and cached: a draft's
    outcome does not depend on which other drafts are measured, so the outer fit and every
    fold's fit read the same outcomes.
    """

    def __init__(self, policy: Policy, dev: Sequence[DraftRun], target: list[Constraint],
                 progress: Callable[[int], None] | None) -> None:
        self.policy, self.dev, self.target, self.progress = policy, dev, target, progress
        self._outcomes: dict[tuple, list[DraftOutcome]] = {}

    def outcomes(self, values: dict[str, float | None]) -> list[DraftOutcome]:
        key = tuple(sorted(values.items()))
        if key not in self._outcomes:
            self._outcomes[key] = evaluate(self.dev, with_thresholds(self.policy, values))
            if self.progress is not None:
                self.progress(1)
        return self._outcomes[key]

    def point(self, values: dict[str, float | None], members: Sequence[int], fold_of: Sequence[int],
              rule: ChoiceRule, z: float) -> GridPoint:
        outcomes = self.outcomes(values)
        metrics = metrics_of(outcomes[i] for i in members)
        per_fold = _fold_metrics(outcomes, members, fold_of)
        met = _met(self.target, metrics, per_fold, rule, z)
        return GridPoint(thresholds=values, metrics=metrics, met=met,
                         shortfall=sum(c.shortfall(metrics) for c in self.target))

    def search(self, axes: dict[str, tuple[float | None, ...]], start: dict[str, float | None],
               members: Sequence[int], fold_of: Sequence[int], rule: ChoiceRule, z: float) -> list[GridPoint]:
        def measure(values: dict[str, float | None]) -> GridPoint:
            return self.point(values, members, fold_of, rule, z)

        if math.prod(len(v) for v in axes.values()) <= FULL_GRID_LIMIT:
            names = list(axes)
            return [measure(dict(zip(names, combo, strict=True))) for combo in itertools.product(*axes.values())]
        return _coordinate_search(axes, start, measure)


def _fold_metrics(outcomes: Sequence[DraftOutcome], members: Sequence[int], fold_of: Sequence[int]) -> list[Metrics]:
    folds = sorted({fold_of[i] for i in members})
    return [metrics_of(outcomes[i] for i in members if fold_of[i] == f) for f in folds]


def margin_of(constraint: Constraint, per_fold: Sequence[Metrics], z: float) -> float:
    """``z`` standard deviations of the figure over the folds (sample deviation)."""
    values = [v for v in (m.value(constraint.metric) for m in per_fold) if v is not None]
    if len(values) < 2 or z <= 0:
        return 0.0
    mean = sum(values) / len(values)
    return z * math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def _met(target: list[Constraint], metrics: Metrics, per_fold: Sequence[Metrics], rule: ChoiceRule,
         z: float) -> bool:
    if rule is ChoiceRule.every_fold:
        return all(c.met(m) for c in target for m in per_fold)
    if rule is ChoiceRule.margin:
        return all(c.met(metrics, margin=margin_of(c, per_fold, z)) for c in target)
    return all(c.met(metrics) for c in target)


def fit(
    policy: Policy,
    dev: Sequence[DraftRun],
    test: Sequence[DraftRun],
    target: list[Constraint],
    *,
    support_values: Sequence[float] = (),
    settings: FitSettings | None = None,
    command: str = "",
    progress: Callable[[int], None] | None = None,
) -> tuple[FitResult, list[GridPoint]]:
    """Search ``policy``'s thresholds on ``dev`` for ``target`` under ``settings.rule``,
    cross-validate the search on ``dev`` (``settings.folds`` folds by question and document) and
    measure the choice on ``test`` (pass none to leave the held drafts unseen)."""
    settings = settings or FitSettings()
    folds, rule, margin_z = settings.folds, settings.rule, settings.margin_z
    if not dev:
        raise InputError("--fit needs dev drafts: the labelled drafts hold none with split 'dev'.")
    before = current_thresholds(policy)
    axes = threshold_axes(policy, support_values)
    drafts = [r.draft for r in dev]
    # Fewer groups than folds (a small file): one group per fold; a single group cannot be
    # cross-validated, and the rule falls back to the pooled figure.
    folds = min(folds, len(set(draft_groups(drafts))))
    fold_of = assign_folds(drafts, folds) if folds >= 2 else [0] * len(dev)
    measure = _Measure(policy, dev, target, progress)
    everyone = list(range(len(dev)))
    points = measure.search(axes, before, everyone, fold_of, rule, margin_z)
    best = min(points, key=lambda p: _rank(p, before))
    cv = _cross_validate(measure, axes, before, fold_of, folds, rule, margin_z, drafts) if folds >= 2 else None
    chosen = with_thresholds(policy, best.thresholds)
    test_metrics = metrics_of(evaluate(test, chosen)) if test else None
    result = FitResult(
        profile=policy.name,
        target=target,
        rule=rule,
        margin_z=margin_z if rule is ChoiceRule.margin else 0.0,
        grid_points=len(points),
        dev_drafts=len(dev),
        test_drafts=len(test),
        met=best.met,
        chosen=best.thresholds,
        before=before,
        dev_before=metrics_of(measure.outcomes(before)),
        dev=best.metrics,
        dev_folds=_fold_metrics(measure.outcomes(best.thresholds), everyone, fold_of),
        cv=cv,
        test_before=metrics_of(evaluate(test, policy)) if test else None,
        test=test_metrics,
        test_met=all(c.met(test_metrics) for c in target) if test_metrics else None,
        command=command,
        date=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        frontier=_frontier(points, before),
    )
    return result, points


def _cross_validate(
    measure: _Measure,
    axes: dict[str, tuple[float | None, ...]],
    before: dict[str, float | None],
    fold_of: list[int],
    folds: int,
    rule: ChoiceRule,
    z: float,
    drafts: list[LabelledDraft],
) -> CrossValidation:
    """Each fold held out in turn: the search on the rest (its folds are the inner folds the rule
    reads), the chosen point's outcomes on the held fold; the held outcomes pooled."""
    keys = draft_groups(drafts)
    held_outcomes: list[DraftOutcome] = []
    per_fold = []
    for fold in range(folds):
        rest = [i for i, f in enumerate(fold_of) if f != fold]
        held = [i for i, f in enumerate(fold_of) if f == fold]
        points = measure.search(axes, before, rest, fold_of, rule, z)
        best = min(points, key=lambda p: _rank(p, before))
        outcomes = measure.outcomes(best.thresholds)
        held_outcomes += [outcomes[i] for i in held]
        per_fold.append(FoldFigures(
            fold=fold, groups=sorted({keys[i] for i in held}), drafts=len(held),
            wrong=sum(drafts[i].kind == "wrong" for i in held), chosen=best.thresholds,
            met_on_rest=best.met, held=metrics_of(outcomes[i] for i in held),
        ))
    estimate = metrics_of(held_outcomes)
    return CrossValidation(folds=folds, estimate=estimate, met=all(c.met(estimate) for c in measure.target),
                           per_fold=per_fold)


def _coordinate_search(
    axes: dict[str, tuple[float | None, ...]],
    start: dict[str, float | None],
    measure: Callable[[dict[str, float | None]], GridPoint],
    sweeps: int = 3,
) -> list[GridPoint]:
    """Every point visited by a coordinate search: from the profile's own thresholds, each
    threshold in turn takes the value that ranks best with the others held, until a sweep
    changes nothing. Used when the full product is too large to measure (``FULL_GRID_LIMIT``);
    it may miss an optimum only reachable by moving two thresholds at once."""
    seen: dict[tuple, GridPoint] = {}

    def at(values: dict[str, float | None]) -> GridPoint:
        key = tuple(values[name] for name in axes)
        if key not in seen:
            seen[key] = measure(values)
        return seen[key]

    current = {name: start.get(name) if start.get(name) in vals else vals[0] for name, vals in axes.items()}
    best = at(current)
    for _ in range(sweeps):
        moved = False
        for name, values in axes.items():
            for value in values:
                point = at(current | {name: value})
                if _rank(point, start) < _rank(best, start):
                    best, current, moved = point, current | {name: value}, True
        if not moved:
            break
    return list(seen.values())


def _frontier(points: list[GridPoint], before: dict[str, float | None], limit: int = 12) -> list[GridPoint]:
    """Pareto points on (reviewer load down, wrong kept from the user up), one per figure pair."""
    best: dict[tuple[float, float], GridPoint] = {}
    for point in sorted(points, key=lambda p: _rank(p, before)[2:]):
        key = (_or(point.metrics.reviewer_load, 1.0), _or(point.metrics.wrong_kept_from_user, 0.0))
        best.setdefault(key, point)
    frontier, top = [], -1.0
    for (load, kept), point in sorted(best.items(), key=lambda item: (item[0][0], -item[0][1])):
        if kept > top:
            frontier.append(point)
            top = kept
    return frontier[:limit]


def _rank(point: GridPoint, before: dict[str, float | None]) -> tuple:
    m = point.metrics
    distance = sum(
        abs((v if v is not None else 1.5) - (before.get(k) if before.get(k) is not None else 1.5))
        for k, v in point.thresholds.items()
    )
    return (
        not point.met,
        point.shortfall if not point.met else 0.0,
        _or(m.reviewer_load, 1.0),
        -_or(m.wrong_kept_from_user, 0.0),
        _or(m.wrong_unmarked, 1.0),
        distance,
    )


def _or(value: float | None, default: float) -> float:
    return default if value is None else value


# --- writing the fitted profile -------------------------------------------------------------------


def write_fitted_profile(source: Path, result: FitResult, destination: Path) -> Path:
    """A copy of the profile YAML ``source`` with the fitted thresholds and how they were chosen."""
    text = source.read_text(encoding="utf-8")
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if re.match(r"^thresholds:\s*(#.*)?$", line)), None)
    if start is None:
        lines += ["", "thresholds:"]
        start = len(lines) - 1
    end = start + 1
    while end < len(lines) and (lines[end].startswith((" ", "\t")) or not lines[end].strip()):
        end += 1
    block = lines[start + 1 : end]
    for name, value in result.chosen.items():
        if value == result.before.get(name) and not any(_is_key(line, name) for line in block):
            continue  # unchanged and inherited: leave the file as it was
        rendered = "null" if value is None else f"{value:g}"
        for i, line in enumerate(block):
            if _is_key(line, name):
                block[i] = re.sub(r"^(\s*[a-z_]+:\s*)([^#\s]+)", lambda m: m.group(1) + rendered, line)
                break
        else:
            insert_at = max((i + 1 for i, line in enumerate(block) if line.strip()), default=0)
            block.insert(insert_at, f"  {name}: {rendered}")
    lines[start + 1 : end] = block
    # A refit replaces the record of the previous fit rather than stacking records.
    first = start
    while first > 0 and lines[first - 1].startswith(_PROVENANCE):
        first -= 1
    lines[first:start] = _provenance(result)
    destination.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return destination


_PROVENANCE = ("# Thresholds fitted ", "# Target (", "# Chosen ", "# dev:  ", "# cv:   ", "# test (")


def _is_key(line: str, name: str) -> bool:
    return re.match(rf"^\s+{name}:", line) is not None


def _provenance(result: FitResult) -> list[str]:
    target = ",".join(str(c) for c in result.target)
    rule = {
        ChoiceRule.pooled: "on all dev drafts",
        ChoiceRule.margin: f"on all dev drafts with a margin of {result.margin_z:g} standard "
                           "deviation(s) of the figure over the folds",
        ChoiceRule.every_fold: "in every fold",
    }[result.rule]
    out = [
        f"# Thresholds fitted {result.date} by: {result.command}",
        f"# Target ({'met' if result.met else 'NOT met: the closest grid point'} on dev): {target}; "
        f"lowest reviewer load among {result.grid_points} grid points, "
        f"chosen on {result.dev_drafts} dev drafts only.",
        f"# Chosen when the target holds {rule}"
        + (f" ({result.cv.folds} folds, drafts sharing a question or document in one fold)." if result.cv else "."),
        f"# dev:  {_figures(result.dev)}",
    ]
    if result.cv is not None:
        out.append(f"# cv:   (each fold fitted on the others, held outcomes pooled; target "
                   f"{'met' if result.cv.met else 'NOT met'}) {_figures(result.cv.estimate)}")
    if result.test is not None:
        out.append(f"# test ({result.test_drafts} held drafts): {_figures(result.test)}")
    return out


def _figures(m: Metrics) -> str:
    shown = [(k, v) for k, v in m.model_dump().items() if v is not None]
    return ", ".join(f"{k} {v:.2f}" for k, v in shown)
