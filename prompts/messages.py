"""The three prompts the guard sends: answer, regenerate with feedback, rewrite a query."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from prompts.delimiting import format_passages, neutralise
from prompts.templates import Message, render
from retrievers.types import Passage

__all__ = [
    "ANSWER_MAX_TOKENS",
    "ANSWER_STOP",
    "ClaimFeedback",
    "build_answer_messages",
    "build_regenerate_messages",
    "build_rewrite_messages",
]

_NO_PASSAGES = "(no passages were found)"
# Where an answer has ended and prompt echo begins: a small model that runs on past its
# answer writes our delimiters or the next "Question:" (benchmarks/prompt_echo.py). Stopping
# generation there costs a correct answer nothing. At most 4: OpenAI's limit.
ANSWER_STOP = ("</passage>", "<passage", "\nQuestion:")
# The answer's token cap. The prompt asks for one sentence: on the golden dev split (71 drafts
# of the embedded model, benchmarks/prompt_echo.py) the drafts had 17 tokens at the median and
# at most 59, except one degenerate loop that ran to the old cap of 256 (104 s). 96 leaves every
# other draft as it was (greedy decoding: a cap only truncates) and stops such a loop sooner.
ANSWER_MAX_TOKENS = 96


class ClaimFeedback(BaseModel):
    """A claim of the previous draft that failed verification, and why."""

    claim: str
    reason: str


def build_answer_messages(question: str, passages: Sequence[Passage], refusal_text: str) -> list[Message]:
    """Answer ``question`` from ``passages`` only, citing ``[n]`` for ``passages[n - 1]``."""
    return render(
        "answer",
        question=neutralise(question.strip()),
        passages=format_passages(passages) or _NO_PASSAGES,
        refusal=refusal_text.strip(),
    )


def build_regenerate_messages(
    question: str,
    passages: Sequence[Passage],
    draft: str,
    failures: Sequence[ClaimFeedback | tuple[str, str]],
    refusal_text: str,
) -> list[Message]:
    """Answer again, told which claims of ``draft`` failed and why."""
    items = [f if isinstance(f, ClaimFeedback) else ClaimFeedback(claim=f[0], reason=f[1]) for f in failures]
    return render(
        "regenerate",
        question=neutralise(question.strip()),
        passages=format_passages(passages) or _NO_PASSAGES,
        draft=neutralise(draft.strip()),
        feedback="\n".join(
            f'- "{neutralise(i.claim.strip())}": {neutralise(i.reason.strip())}' for i in items
        )
        or "- (no claim was singled out: the draft as a whole was not supported)",
        refusal=refusal_text.strip(),
    )


def build_rewrite_messages(query: str) -> list[Message]:
    """Rewrite a search query that found too little."""
    return render("rewrite", query=neutralise(query.strip()))
