"""How the answer prompt works on the embedded SmolLM2: citations, refusals, right answers.

    python benchmarks/answer_prompt.py [--questions 10] [--show]

HotpotQA dev questions (../shared/data/hotpotqa) with their supporting paragraphs plus one
distractor, then two questions the passages do not answer. Reports the share of answer
sentences that carry a citation marker, how often the unanswerable ones get the refusal
sentence, and how often the gold answer string appears. Greedy decoding, 80 tokens.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from guard.llm import LOCAL_MODEL, complete
from guard.verifiers.citation_markers import find_markers
from prompts import build_answer_messages
from retrievers.types import Passage

HOTPOTQA = REPO / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev_distractor_first100.jsonl"
REFUSAL = "I don't have enough information in the provided documents to answer that."
EIFFEL = Passage(
    id="eiffel",
    title="Eiffel Tower",
    text="The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 and is 330 metres tall.",
)
UNANSWERABLE = ["What is the boiling point of mercury?", "Who was the first emperor of Rome?"]


def hotpotqa_cases(n: int) -> list[tuple[str, list[Passage], str]]:
    cases = []
    for line in HOTPOTQA.read_text().splitlines()[:n]:
        row = json.loads(line)
        gold = {fact["title"] for fact in row["supporting_facts"]}
        paragraphs = [c for c in row["context"] if c["title"] in gold]
        paragraphs += [c for c in row["context"] if c["title"] not in gold][:1]
        passages = [
            Passage(id=c["title"], title=c["title"], text="".join(c["sentences"])) for c in paragraphs
        ]
        cases.append((row["question"], passages, row["answer"]))
    return cases


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])|\n+", text.strip()) if s.strip()]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--show", action="store_true", help="print every question and answer")
    args = parser.parse_args()
    cited = total = correct = refused = 0
    cases = hotpotqa_cases(args.questions)
    for question, passages, gold in cases:
        answer = ask(question, passages, args.show)
        parts = sentences(answer)
        total += len(parts)
        cited += sum(bool(find_markers(part)) for part in parts)
        correct += gold.lower() in answer.lower()
    for question in UNANSWERABLE:
        refused += REFUSAL in ask(question, [EIFFEL], args.show)
    print(
        json.dumps(
            {
                "model": LOCAL_MODEL,
                "questions": len(cases),
                "sentences_with_citation": f"{cited}/{total}",
                "gold_answer_in_text": f"{correct}/{len(cases)}",
                "refusals_on_unanswerable": f"{refused}/{len(UNANSWERABLE)}",
            },
            indent=2,
        )
    )


def ask(question: str, passages: list[Passage], show: bool) -> str:
    answer = complete(build_answer_messages(question, passages, REFUSAL), LOCAL_MODEL, max_tokens=80).text
    if show:
        print(f"Q: {question}\nA: {answer}\n", file=sys.stderr)
    return answer


if __name__ == "__main__":
    main()
