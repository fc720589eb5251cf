"""Query rewriting for the gate's retries: the protocol and a deterministic rewriter.

A rewriter is anything with ``rewrite(query, attempt) -> str`` (attempt counts
from 1). The retrieval stage calls it with the original query each time; an LLM
rewriter plugs in the same way. It signals that it cannot help by raising a
:class:`GuardError` (the stage then stops retrying and the gate stays failed).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Protocol, runtime_checkable

from retrievers.bm25 import BM25Route
from retrievers.tokenization import keywords, tokenize

__all__ = ["QueryRewriter", "ExpansionRewriter"]


@runtime_checkable
class QueryRewriter(Protocol):
    def rewrite(self, query: str, attempt: int) -> str: ...


class ExpansionRewriter:
    """Keywords first, then pseudo-relevance feedback from the corpus' own vocabulary.

    Attempt 1 drops stop words and punctuation (the dense route then embeds only the
    content words). Attempt n > 1 appends ``terms * (n - 1)`` words that weigh most
    (tf x idf) in the top ``feedback`` BM25 passages of the keyword query, so the
    query borrows the corpus' wording instead of a synonym list. Deterministic: the
    same query and index give the same rewrite.
    """

    def __init__(self, bm25: BM25Route, row_text: Callable[[int], str], feedback: int = 3, terms: int = 5):
        self.bm25 = bm25
        self.row_text = row_text
        self.feedback = feedback
        self.terms = terms

    def rewrite(self, query: str, attempt: int) -> str:
        words = keywords(query)
        base = " ".join(words) if words else query.strip()
        if attempt <= 1:
            return base
        expansion = self._expansion(base, self.terms * (attempt - 1))
        return " ".join([base, *expansion]) if expansion else base

    def _expansion(self, base: str, count: int) -> list[str]:
        query_terms = set(tokenize(base))
        hits = self.bm25.search_tokens(sorted(query_terms), self.feedback)
        weight: Counter[str] = Counter()
        for row in hits.rows.tolist():
            for term, tf in Counter(tokenize(self.row_text(row))).items():
                if term not in query_terms and not term.isdigit():
                    weight[term] += tf * self.bm25.idf(term)
        return [t for t, _ in sorted(weight.items(), key=lambda item: (-item[1], item[0]))[:count]]
