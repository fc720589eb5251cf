"""Queue items with realistic content, and a clock tests can move."""

from __future__ import annotations

from guard.review import NewItem, ReviewClaim, ReviewPassage, ReviewReason

DRAFT = (
    "Zelorin is taken once a day in the morning [1]. "
    "Adults may take up to 80 mg a day [2]. "
    "It must never be taken with food [1]."
)


class FakeClock:
    def __init__(self, start: float = 1_800_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def _span(text: str) -> tuple[int, int]:
    start = DRAFT.index(text)
    return start, start + len(text)


def make_item(
    trace_id: str = "trace-1",
    *,
    policy: str = "medical",
    passage_text: str | None = None,
    conditions: tuple[str, ...] = ("unsupported_claim", "contradicted_claim"),
    rules: tuple[str | None, str | None] = (None, None),
) -> NewItem:
    first, second, third = (
        "Zelorin is taken once a day in the morning [1].",
        "Adults may take up to 80 mg a day [2].",
        "It must never be taken with food [1].",
    )
    claims = [
        ReviewClaim(
            index=0,
            text=first[:-5] + ".",
            start=_span(first)[0],
            end=_span(first)[1],
            label="supported",
            support=0.93,
            citations=[1],
            cited_passage_ids=["zel#0"],
            best_passage_id="zel#0",
            best_sentence="Take one tablet once a day, in the morning.",
        ),
        ReviewClaim(
            index=1,
            text=second[:-5] + ".",
            start=_span(second)[0],
            end=_span(second)[1],
            label="unsupported",
            support=0.12,
            citations=[2],
            cited_passage_ids=["zel#1"],
            best_passage_id="zel#1",
            best_sentence="The usual adult dose is 20 mg a day.",
            hallucination_type="fabrication",
            type_evidence="80 mg occurs in no passage",
            rule=rules[0],
        ),
        ReviewClaim(
            index=2,
            text=third[:-5] + ".",
            start=_span(third)[0],
            end=_span(third)[1],
            label="contradicted",
            support=0.03,
            citations=[1],
            cited_passage_ids=["zel#0"],
            best_passage_id="zel#0",
            best_sentence="It can be taken with or without food.",
            hallucination_type="contradiction",
            rule=rules[1],
        ),
    ]
    passages = [
        ReviewPassage(
            number=1,
            id="zel#0",
            source="clinic-zelorin-20mg.md",
            title="Zelorin 20 mg",
            text="Take one tablet once a day, in the morning. It can be taken with or without food.",
        ),
        ReviewPassage(
            number=2,
            id="zel#1",
            source="clinic-zelorin-20mg.md",
            title="Zelorin 20 mg",
            text=passage_text or "The usual adult dose is 20 mg a day. Do not exceed 40 mg.",
        ),
    ]
    reasons = [
        ReviewReason(condition=c, action="escalate", detail=f"{c} on claim {i + 1}", claim_index=i + 1)
        for i, c in enumerate(conditions)
    ]
    return NewItem(
        trace_id=trace_id,
        question="How should I take Zelorin?",
        draft=DRAFT,
        holding_answer="This question has been passed to a human reviewer.",
        policy=policy,
        reasons=reasons,
        claims=claims,
        passages=passages,
        model="local/smollm2-135m-instruct",
        faithfulness=1 / 3,
        gate_passed=True,
        gate_relevance=0.71,
    )
