"""Multi-route cross-validation: how many retrieval routes back each claim (METHODS.md section 4).

Routes are ``VerificationInput.route_passages`` (route name -> the passages that
route found: "bm25", "dense", and one per rewritten query such as
"bm25@rewrite1"). For claim c and route k, s_k(c) is the highest support of c
over route k's passages, scored by the stage's entailment judge
(``state.judge``: the embedding judge today, the grounding model once plugged
in), and

    HR(c) = mean_k 1[s_k(c) >= tau],   tau = the support threshold.

A route that found none of the passages counts, with s_k = 0: it is a route that
does not back the claim. Writes ``ClaimVerdict.scores.hit_rate`` (what the
policy's ``min_hit_rate`` reads) and ``routes_hit`` (the count), and the
response-level ``Verification.scores.hit_rate_mean`` and ``routes`` (K).

Without routes (detect-only ``verify()``, a retriever that does not report
them), the hit rate cannot be computed: no score is written, a note says why,
and a policy that requires a hit rate sees it as not measured.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import VerificationInput

__all__ = ["CrossRouteVerifier"]

NO_ROUTES_NOTE = (
    "cross_route: no per-route passages in the input (detect-only verify, or a retriever that "
    "does not report its routes), so the retrieval hit rate was not computed"
)


class CrossRouteVerifier:
    """HR(c): the share of retrieval routes whose best passage supports the claim."""

    name = "cross_route"
    judges_support = False
    requires: tuple[str, ...] = ()

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        routes = inp.route_passages
        if not routes:
            state.report.notes.append(NO_ROUTES_NOTE)
            return
        judge, tau = state.judge, state.thresholds.support
        scores: dict[tuple[int, str, str], float] = {}  # a passage found by several routes is scored once
        rates = []
        for verdict in state.report.claims:
            state.check_deadline()
            claim = verdict.claim

            def support(passage) -> float:
                key = (claim.index, passage.id, passage.text)
                if key not in scores:
                    scores[key] = float(judge(claim.text, passage.text))
                return scores[key]

            hits = sum(max((support(p) for p in found), default=0.0) >= tau for found in routes.values())
            verdict.scores.hit_rate, verdict.scores.routes_hit = hits / len(routes), hits
            rates.append(hits / len(routes))
        state.report.scores.routes = len(routes)
        if rates:
            state.report.scores.hit_rate_mean = sum(rates) / len(rates)
