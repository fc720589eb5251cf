"""Turn a format-2 stacked artifact (heads that read the generator) into a format-3 one.

    python -m training.stacking.marginalise OLD.json NEW.json

Format 3's default heads read no generator identity (issue 11: an application has one
generator). This keeps a format-2 fit's heads as the opt-in ``generator_heads`` (with its
threshold) and makes the default heads the same heads without their generator one-hots,
which is what reading them at the training mean (z = 0) gives: :func:`training.stacking.fit.without_generator`.
Within one generator the two rank answers identically (a one-hot adds a constant per
generator and input kind); across generators the default heads no longer separate who
wrote an answer. The claim heads lose their generator one-hots the same way. What was
done is recorded in the artifact's ``trained_on["derived"]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from guard.verifiers.stacked import StackedHead, StackedModel
from training.stacking.fit import without_generator

__all__ = ["marginalise"]


def marginalise(old: dict) -> StackedModel:
    """The format-3 artifact from a format-2 artifact's JSON data (see the module docstring)."""
    if old.get("format") != "ragguard-stacked/2":
        raise ValueError(f"expected a ragguard-stacked/2 artifact, got {old.get('format')!r}")
    heads = {kind: StackedHead(**head) for kind, head in old["heads"].items()}
    claims = old.get("claims")
    if claims is not None:
        claims = {**claims, "heads": {k: without_generator(StackedHead(**h)) for k, h in claims["heads"].items()}}
    trained_on = {
        **old.get("trained_on", {}),
        "derived": (
            "format-2 fit (the command above, commit 38278d5) converted by training.stacking.marginalise: "
            "default and claim heads = its heads without the generator one-hots (read at the training "
            "mean); generator_heads = its heads unchanged; both thresholds = its threshold (F1-optimal "
            "on the out-of-fold predictions of the heads with the generator)"
        ),
    }
    return StackedModel.model_validate({
        **old,
        "format": "ragguard-stacked/3",
        "heads": {kind: without_generator(head) for kind, head in heads.items()},
        "generator_heads": heads,
        "generator_threshold": old["threshold"],
        "claims": claims,
        "trained_on": trained_on,
        "cv": {**old.get("cv", {}), "chosen_generator": old.get("cv", {}).get("chosen")},
    })


def main(argv: list[str] | None = None) -> int:
    old, new = (Path(a) for a in (argv if argv is not None else sys.argv[1:]))
    model = marginalise(json.loads(old.read_text(encoding="utf-8")))
    new.write_text(model.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
