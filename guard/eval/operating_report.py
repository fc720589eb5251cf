"""The operating-point run written out: metrics JSON, report.md and a stacked-bar plot.

The plot has one row per profile and kind of draft: for wrong drafts the shares shown
unmarked, annotated, stripped with a false claim still shown, stripped with it gone,
refused and escalated; for correct drafts unchanged, altered, refused and escalated.
Drawn on matplotlib's Agg canvas (no pyplot, no display backend).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from guard.eval.drafts import CORRECT_OUTCOMES, WRONG_OUTCOMES, Outcome
from guard.eval.golden import GoldenSummary
from guard.eval.operating_points import FitResult, Metrics, ProfileReport

__all__ = ["GoldenGate", "OperatingPointsReport", "write_outputs"]

_COLOURS = {
    Outcome.unmarked: "#c44e52",
    Outcome.annotated: "#dd8452",
    Outcome.stripped_shown: "#e5ae38",
    Outcome.stripped_gone: "#8172b3",
    Outcome.unchanged: "#55a868",
    Outcome.altered: "#da8bc3",
    Outcome.refused: "#4c72b0",
    Outcome.escalated: "#937860",
}


class GoldenGate(BaseModel):
    """The live golden questions under one profile (embedded model): summary and gate refusals."""

    policy: str
    answerable: int
    gate_refused_answerable: int
    template_echo_drafts: int  # answers whose draft had prompt echo cut out
    summary: GoldenSummary


class OperatingPointsReport(BaseModel):
    drafts_file: str | None = None
    split: str
    profiles: list[ProfileReport] = Field(default_factory=list)
    golden: list[GoldenGate] = Field(default_factory=list)
    fits: list[FitResult] = Field(default_factory=list)


def write_outputs(report: OperatingPointsReport, out: Path) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = {"metrics": out / "metrics.json", "report": out / "report.md"}
    written["metrics"].write_text(report.model_dump_json(indent=2), encoding="utf-8")
    written["report"].write_text(render_markdown(report), encoding="utf-8")
    shown = [p for p in report.profiles if p.split == report.split]
    if shown:
        written["plot"] = write_plot(shown, out / "operating_points.png")
    return written


def render_markdown(report: OperatingPointsReport) -> str:
    lines = ["# Operating points", ""]
    if report.profiles:
        lines += [
            f"Labelled drafts: `{report.drafts_file}`, split `{report.split}`. Outcome rules: "
            "`guard/eval/drafts.py` (module docstring); each draft runs through the pipeline's stages "
            "with a scripted model that returns the same draft on every call.",
            "",
        ]
    for part in dict.fromkeys(p.split for p in report.profiles):
        lines += _profile_tables([p for p in report.profiles if p.split == part], part)
    for g in report.golden:
        s = g.summary
        lines += [
            f"## Golden questions, live embedded model, `{g.policy}`",
            "",
            f"{s.cases} questions; gate refused {g.gate_refused_answerable} of {g.answerable} answerable; "
            f"behaviour accuracy {s.behaviour_accuracy:.2f}; "
            f"answers with prompt echo cut: {g.template_echo_drafts}.",
            "",
        ]
    for fit in report.fits:
        lines += _fit_lines(fit)
    return "\n".join(lines) + "\n"


def _profile_tables(profiles: list[ProfileReport], part: str) -> list[str]:
    lines = [
        f"## Wrong drafts ({part})",
        "",
        "| profile | n | " + " | ".join(o.value for o in WRONG_OUTCOMES)
        + " | wrong_unmarked | kept from user |",
        "|---|---:|" + "---:|" * (len(WRONG_OUTCOMES) + 2),
    ]
    for p in profiles:
        cells = [f"{p.wrong.counts.get(o, 0)}" for o in WRONG_OUTCOMES]
        lines.append(
            f"| {p.policy} | {p.wrong.total} | " + " | ".join(cells)
            + f" | {_pct(p.metrics.wrong_unmarked)} | {_pct(p.metrics.wrong_kept_from_user)} |"
        )
    lines += [
        "",
        f"## Correct drafts ({part}): reviewer load",
        "",
        "| profile | n | " + " | ".join(o.value for o in CORRECT_OUTCOMES) + " | reviewer load | withheld |",
        "|---|---:|" + "---:|" * (len(CORRECT_OUTCOMES) + 2),
    ]
    for p in profiles:
        cells = [f"{p.correct.counts.get(o, 0)}" for o in CORRECT_OUTCOMES]
        lines.append(
            f"| {p.policy} | {p.correct.total} | " + " | ".join(cells)
            + f" | {_pct(p.metrics.reviewer_load)} | {_pct(p.metrics.correct_withheld)} |"
        )
    lines += [
        "", f"## Gate, refusal drafts, spans and echo ({part})", "",
        "| profile | gate refusals of correct answer drafts | refusal drafts shown as refusal | "
        "wrong drafts unmarked but in unsupported_spans | prompt-echo units cut |",
        "|---|---:|---:|---:|---:|",
    ]
    for p in profiles:
        lines.append(
            f"| {p.policy} | {p.gate_refused} of {p.correct.total} "
            f"| {p.refusal_drafts.counts.get(Outcome.refused, 0)} of {p.refusal_drafts.total} "
            f"| {p.unmarked_in_spans} | {p.template_echo} |"
        )
    lines += [
        "", f"## Wrong drafts not kept from the user, by cause ({part})", "",
        "Per false claim still shown: what its verdict said (confirmed: supported and confirmed by the "
        "fact layer; unconfirmed: supported, not confirmed; flagged: unsupported or contradicted but "
        "shown; no_claim: no claim covers it), and its error category.", "",
    ]
    for p in profiles:
        cells = "; ".join(
            f"{cause.value}: " + ", ".join(f"{cat} {n}" for cat, n in counts.items())
            for cause, counts in p.not_kept_causes.items()
        )
        lines.append(f"**{p.policy}**: {cells or 'none'}")
        lines.append("")
    lines += ["", f"## By category ({part})", ""]
    for p in profiles:
        lines.append(f"**{p.policy}**: " + "; ".join(
            f"{cat}: " + ", ".join(f"{o.value} {n}" for o, n in counts.items())
            for cat, counts in p.by_category.items()
        ))
        lines.append("")
    return lines


def _fit_lines(fit: FitResult) -> list[str]:
    target = ", ".join(str(c) for c in fit.target)
    verdict = "met on dev" if fit.met else "NOT met by any grid point on dev; the closest point is shown"
    lines = [
        f"## Fit: `{fit.profile}`, target `{target}` ({verdict})",
        "",
        f"`{fit.command}` ({fit.date}); {fit.grid_points} grid points on {fit.dev_drafts} dev drafts; "
        f"held test drafts: {fit.test_drafts}"
        + ("" if fit.test_met is None else f" (target {'met' if fit.test_met else 'NOT met'} on test)") + ".",
        "",
        "| threshold | before | fitted |",
        "|---|---:|---:|",
    ]
    for name, value in fit.chosen.items():
        lines.append(f"| {name} | {_num(fit.before.get(name))} | {_num(value)} |")
    lines += [
        "", "| figures | dev before | dev fitted | test before | test fitted |", "|---|---:|---:|---:|---:|"
    ]
    for name in Metrics.model_fields:
        row = [getattr(m, name) if m is not None else None
               for m in (fit.dev_before, fit.dev, fit.test_before, fit.test)]
        lines.append(f"| {name} | " + " | ".join(_pct(v) for v in row) + " |")
    lines += _cv_lines(fit)
    if fit.frontier:
        lines += [
            "",
            "Dev trade-off (grid points no other beats on both reviewer load and wrong drafts kept; "
            "thresholds that differ from the profile's):",
            "",
            "| reviewer load | wrong kept from user | wrong unmarked | thresholds changed |",
            "|---:|---:|---:|---|",
        ]
        for point in fit.frontier:
            changed = ", ".join(
                f"{k} {_num(v)}" for k, v in point.thresholds.items() if v != fit.before.get(k)
            ) or "(as before)"
            m = point.metrics
            figures = [_pct(m.reviewer_load), _pct(m.wrong_kept_from_user), _pct(m.wrong_unmarked)]
            lines.append("| " + " | ".join(figures) + f" | {changed} |")
    return lines + [""]


def _cv_lines(fit: FitResult) -> list[str]:
    """The cross-validation estimate beside the dev figure, and what each fold chose."""
    cv = fit.cv
    if cv is None:
        return []
    lines = [
        "",
        f"Chosen under rule `{fit.rule.value}`" + (f" (margin {fit.margin_z:g} fold standard deviations)"
                                                   if fit.rule.value == "margin" else "")
        + f". Cross-validation on dev ({cv.folds} folds; {cv.grouping}): each fold's thresholds fitted "
        f"on the other folds, measured on it; target {'met' if cv.met else 'NOT met'} by the pooled "
        "held outcomes.",
        "",
        "| figure | dev (fitted on all dev) | cv estimate | per fold (held, fitted on the rest) |",
        "|---|---:|---:|---|",
    ]
    for name in Metrics.model_fields:
        folds = " / ".join(_pct(getattr(f.held, name)) for f in cv.per_fold)
        lines.append(f"| {name} | {_pct(getattr(fit.dev, name))} | {_pct(getattr(cv.estimate, name))} | {folds} |")
    lines += ["", "| fold | drafts (wrong) | groups | thresholds changed |", "|---:|---:|---|---|"]
    for f in cv.per_fold:
        changed = ", ".join(f"{k} {_num(v)}" for k, v in f.chosen.items() if v != fit.before.get(k)) or "(as before)"
        lines.append(f"| {f.fold} | {f.drafts} ({f.wrong}) | {', '.join(f.groups)} | {changed} |")
    return lines


def write_plot(profiles: Sequence[ProfileReport], path: Path) -> Path:
    from matplotlib.figure import Figure

    rows = [(f"{p.policy}: wrong (n={p.wrong.total})", p.wrong, WRONG_OUTCOMES) for p in profiles]
    rows += [(f"{p.policy}: correct (n={p.correct.total})", p.correct, CORRECT_OUTCOMES) for p in profiles]
    figure = Figure(figsize=(9, 0.55 * len(rows) + 1.6))
    axes = figure.add_subplot()
    drawn: set[str] = set()
    for y, (label, shares, order) in enumerate(reversed(rows)):
        left = 0.0
        for outcome in order:
            width = shares.share(outcome)
            name = outcome.value
            axes.barh(y, width, left=left, color=_COLOURS[outcome], edgecolor="white",
                      label=name if name not in drawn else None)
            drawn.add(name)
            if width >= 0.06:
                axes.text(left + width / 2, y, f"{width:.0%}", ha="center", va="center",
                          fontsize=8, color="white")
            left += width
    axes.set_yticks(range(len(rows)), [r[0] for r in reversed(rows)])
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of drafts")
    axes.set_title("What the user sees, per profile")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=4, fontsize=8, frameon=False)
    figure.savefig(path, dpi=110, bbox_inches="tight")
    return path


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def _num(value: float | None) -> str:
    return "null" if value is None else f"{value:g}"
