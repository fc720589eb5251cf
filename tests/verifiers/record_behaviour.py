"""Record what the guard does on a fixed set of inputs, so a refactor can prove it changed nothing.

Regenerate the recording (only when behaviour is meant to change, and say why in the commit):

    /work/main/.venv/bin/python tests/verifiers/record_behaviour.py

``tests/verifiers/test_behaviour_recording.py`` runs the same cases and compares them with
``tests/verifiers/recordings/behaviour.json``. The cases: ``verify()`` on example knowledge-base
passages and RAGTruth QA items (``../shared/data/ragtruth``) under the default verifiers and a
few other sets, and guarded_completion with a scripted model under the default, medical and
legal profiles. Scores are rounded to 4 decimal places.

The verification deadline is raised to ``DEADLINE_S`` here: on a loaded machine a strict
profile's verification can pass the default 10 s, and the recording is about what the
verifiers decide, not about how busy the machine was (the deadline has its own tests in
``test_verify_stage.py``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(REPO))

KB = REPO / "examples" / "kb"
RAGTRUTH = REPO.parent / "shared" / "data" / "ragtruth"
RECORDING = Path(__file__).resolve().parent / "recordings" / "behaviour.json"
RAGTRUTH_IDS = ("11858", "11888", "11891", "11856", "11857")
PLAIN = ["support", "citations", "types"]
DEADLINE_S = 600.0
GROUNDED = ["support", "grounding", "citations", "egc", "stacked", "types"]


def _passages(name: str) -> list[str]:
    """A knowledge-base file as paragraph passages (blank-line separated, headings dropped)."""
    text = (KB / name).read_text(encoding="utf-8")
    blocks = [b.strip() for b in text.split("\n\n")]
    return [b for b in blocks if b and not b.startswith("#")]


def verify_cases() -> list[dict[str, Any]]:
    zelorin = _passages("clinic-zelorin-20mg.md")[:6]
    febrilon = _passages("clinic-febrilon-childrens-suspension.md")[:6]
    travel = _passages("hr-business-travel.md")[:6]
    cases: list[dict[str, Any]] = [
        {
            "name": "zelorin-correct",
            "question": "What is the usual adult dose of Zelorin?",
            "contexts": zelorin,
            "answer": (
                "The usual adult dose of Zelorin is 20 mg once a day [2]. It is taken in the morning [2]."
            ),
        },
        {
            "name": "zelorin-fabricated",
            "question": "What is the usual adult dose of Zelorin?",
            "contexts": zelorin,
            "answer": (
                "The usual adult dose of Zelorin is 20 mg once a day [2]. Zelorin was discovered by "
                "Dr. Hans Gruber in Vienna in 1987 and cures migraines in 94% of patients [1]."
            ),
        },
        {
            "name": "febrilon-wrong-row",
            "question": "How much Febrilon Children's Suspension should I give my 3-year-old?",
            "contexts": febrilon,
            "answer": "The dose should be 2.5 ml for a 3-year-old [3]. Give it every hour [4].",
        },
        {
            "name": "febrilon-grounded",
            "question": "How much Febrilon Children's Suspension should I give my 3-year-old?",
            "contexts": febrilon,
            "answer": (
                "Give 7.5 ml for a child of 2 to 4 years [3]. Leave at least 4 hours between doses [4]."
            ),
            "verifiers": GROUNDED,
        },
        {
            "name": "pet-insurance-plain",
            "question": "Does Altamira offer pet insurance?",
            "contexts": travel,
            "answer": "Yes, Altamira offers pet insurance [5]. It covers all business trips [9].",
            "verifiers": PLAIN,
        },
        {
            "name": "zelorin-refusal",
            "question": "Is Zelorin safe for cats?",
            "contexts": zelorin,
            "answer": "I don't have enough information in the provided documents to answer that.",
            "refusal_text": "I don't have enough information in the provided documents to answer that.",
        },
        {
            "name": "zelorin-negation-grounded",
            "question": "Can children take Zelorin?",
            "contexts": zelorin,
            "answer": "Zelorin is recommended for children under 18 [4]. It is recommended in pregnancy.",
            "verifiers": GROUNDED,
        },
    ]
    cases.extend(_ragtruth_cases())
    return cases


def _ragtruth_cases() -> list[dict[str, Any]]:
    from guard.eval.ragtruth import load_ragtruth

    records = {r.id: r for r in load_ragtruth(RAGTRUTH, tasks=["QA"], splits=["train"])}
    cases = []
    for number, record_id in enumerate(RAGTRUTH_IDS):
        record = records[record_id]
        cases.append(
            {
                "name": f"ragtruth-{record_id}",
                "question": record.question,
                "contexts": record.passages,
                "answer": record.answer,
                "generator": record.model,
                # two of the five also under the grounding set, one under the plain set
                **({"verifiers": GROUNDED} if number in (0, 3) else {}),
                **({"verifiers": PLAIN} if number == 4 else {}),
            }
        )
    return cases


ZELORIN_Q = "What is the usual adult dose of Zelorin?"
FABRICATED = (
    "The usual adult dose of Zelorin is 20 mg once a day [1]. "
    "Zelorin was discovered by Dr. Hans Gruber in Vienna in 1987 and cures migraines in 94% of patients [1]."
)
CORRECT = "The usual adult dose of Zelorin is 20 mg once a day [1]. It can be taken with or without food [1]."


def pipeline_cases() -> list[dict[str, Any]]:
    """Runs over the example knowledge base (``"contexts": None``) or fixed contexts."""
    zelorin = _passages("clinic-zelorin-20mg.md")[1:4]
    return [
        {"name": "default-correct", "policy": "default", "drafts": CORRECT, "contexts": None},
        {"name": "default-fabricated", "policy": "default", "drafts": FABRICATED, "contexts": None},
        {"name": "medical-fabricated", "policy": "medical", "drafts": FABRICATED, "contexts": None},
        {"name": "medical-correct", "policy": "medical", "drafts": CORRECT, "contexts": None},
        {
            "name": "legal-bad-citation",
            "policy": "legal",
            "drafts": "The usual adult dose of Zelorin is 20 mg once a day [9].",
            "contexts": None,
        },
        {
            "name": "default-uncited",
            "policy": "default",
            "drafts": "The usual adult dose of Zelorin is 20 mg once a day.",
            "contexts": zelorin,
        },
    ]


def _r(value: float | None) -> float | None:
    return None if value is None else round(float(value), 4)


def summarise_verification(report: Any) -> dict[str, Any]:
    return {
        "claims": [
            {
                "text": v.claim.text,
                "label": v.label.value,
                "support": _r(v.support),
                "type": v.hallucination_type.value if v.hallucination_type else None,
            }
            for v in report.claims
        ],
        "faithfulness": _r(report.faithfulness),
        "citation_recall": _r(report.citation_recall),
        "citation_precision": _r(report.citation_precision),
        "hallucination_probability": _r(report.hallucination_probability),
        "failures": [f.verifier for f in report.failures],
        "unsupported_spans": [
            [s.start, s.end, s.granularity, s.label.value, _r(s.probability)]
            for s in report.unsupported_spans
        ],
    }


def run_verify_case(case: dict[str, Any]) -> dict[str, Any]:
    from guard.verifiers.api import verify
    from guard.verifiers.stage import build_settings

    kwargs = {k: v for k, v in case.items() if k not in ("name", "verifiers")}
    settings = build_settings(case.get("verifiers"), deadline_s=DEADLINE_S)
    return summarise_verification(verify(**kwargs, settings=settings))


def example_kb() -> Any:
    from retrievers.knowledge_base import KnowledgeBase

    return KnowledgeBase.from_directory(KB, show_progress=False)


def run_pipeline_case(case: dict[str, Any], kb: Any) -> dict[str, Any]:
    from guard import guarded_completion
    from guard.llm.testing import register_scripted_model
    from guard.policy import load_policy

    scripted = register_scripted_model(f"record-{case['name']}", case["drafts"])
    source = {"knowledge_base": kb} if case["contexts"] is None else {"contexts": case["contexts"]}
    policy = load_policy(case["policy"]).model_copy(update={"verification_deadline_s": DEADLINE_S})
    response = guarded_completion(question=ZELORIN_Q, model=scripted.model, policy=policy, **source)
    return {
        "action": response.decision.action.value,
        "reasons": [
            [r.condition.value, r.action.value, r.claim_index, r.detail] for r in response.decision.reasons
        ],
        "answer": response.answer,
        "attempts": response.attempts,
        "verification": summarise_verification(response.verification),
    }


def record_all() -> dict[str, Any]:
    kb = example_kb()
    return {
        "verify": {case["name"]: run_verify_case(case) for case in verify_cases()},
        "pipeline": {case["name"]: run_pipeline_case(case, kb) for case in pipeline_cases()},
    }


def main() -> None:
    RECORDING.parent.mkdir(parents=True, exist_ok=True)
    RECORDING.write_text(json.dumps(record_all(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {RECORDING}")


if __name__ == "__main__":
    main()
