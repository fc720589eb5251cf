"""The stacked detector's features: what it reads from a verified response and its claims.

Response features (:func:`response_features`) and claim features (:func:`claim_features`)
are listed, with why each is there and what it is worth, in docs/DETECTION.md ("The stacked
detector"). An undefined value (EGC on an answer with no long claim, a generator none of the
known ones matches) is NaN: the artifact's heads impute it with the training mean.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from guard.errors import VerifierError
from guard.facts.types import FactLabel
from guard.verifiers.support import COS_FLOOR
from guard.verifiers.types import GroundingProbabilities, SupportLabel, Verification

if TYPE_CHECKING:
    from guard.verifiers.lexical import Vocabulary
    from guard.verifiers.types import ClaimVerdict, VerificationInput

__all__ = ["REQUIRES", "claim_features", "input_kind", "is_generator_feature", "response_features"]

REQUIRES = ("support", "egc", "grounding")  # the verifiers every feature together needs
GROUNDING_PREFIX = "grounding_"
FAMILIES = ("llama-2", "gpt", "mistral", "other")
# RAGTruth's six generators by name (generator_name calls any other one "other").
GENERATORS = ("gpt-4", "gpt-3.5", "mistral-7b", "llama-2-7b", "llama-2-13b", "llama-2-70b")
# What the answer is asked to do, inferred from the input (see input_kind); each kind may have its own head.
KINDS = ("qa", "summary", "data2txt")
# A claim whose best evidence sentence is less similar than this counts as weakly supported
# (the support verifier's cosine floor: below it its cosine term is 0).
LOW_COSINE = COS_FLOOR
EGC_FEATURES = ("egc_cov", "egc_sup", "egc_agr", "egc_conn", "egc_iso", "egc_probability")
_GROUNDING_FEATURES = (
    "grounding_max_not_supported",
    "grounding_mean_not_supported",
    "grounding_max_contradicted",
    "grounding_not_supported_share",
)
BASE_FEATURES = (
    "novel_word_share",
    "novel_numbers_log",
    "novel_term_claim_share",
    "novel_terms_log",
    "cosine_min",
    "cosine_mean",
    "overlap_min",
    "overlap_mean",
    "low_support_share",
    *EGC_FEATURES,
    "egc_defined",
    *_GROUNDING_FEATURES,
    "log_claims",
    "log_answer_chars",
    "log_passages",
    "log_context_chars",
    *(f"family_{family}" for family in FAMILIES),
)
# Added in format 2 (measured in training.stacking.fit): novel word pairs, absence phrasing,
# the context's shape and the generator by name rather than family. Absolute novelty counts
# were tried and left out: no better within the CV's noise, and they tie the score to length
# (a one-sentence fabrication has few novel words).
NOVELTY_FEATURES = (
    "novel_bigram_share",
    "absence_phrase",
    "structured_share",
    "summary_instruction",
    "answer_context_ratio",
)
# Added in format 3 (training.stacking.fit: "judge" candidates): what the claim verdict (the fact
# layer and the support judge, guard.verifiers.verdict) concluded, as shares of the claims so the
# figure does not grow with the answer's length. Unlike the generator they separate the answers of
# one generator: a contradicted slot or an unsupported claim is wrong whoever wrote it.
MISMATCH_KINDS = ("quantity", "date", "entity", "polarity")
JUDGE_FEATURES = (
    "judge_contradicted_share",
    "judge_unsupported_share",
    "judge_any_contradicted",
    "judge_support_min",
    "judge_support_mean",
    "judge_mismatch_share",
    *(f"judge_mismatch_{kind}" for kind in MISMATCH_KINDS),
    "judge_inferred_share",
    "novel_numbers_per_claim",
)
# Added for issue 11's RAGTruth item (artifact format unchanged; training.stacking.fit: the
# "claims" candidates): where in the answer the unsupported content sits. RAGTruth's
# hallucinations are mostly baseless additions and conflicts inside long answers, so an average
# over claims (or over the whole answer) dilutes the one bad sentence; the worst claim does not.
# Each is a share or a maximum, never a count, so it does not grow with the answer's length
# (length says who wrote an answer, not whether it is true). "unit": the claim's aligned evidence
# units (ClaimVerdict.evidence, best first) plus the question; "facts": the fact layer's own
# verdict per claim (ClaimVerdict.facts) before the support judge combines it.
CLAIM_SIGNAL_FEATURES = (
    "claim_novel_share_max",
    "unit_novel_share_max",
    "unit_novel_share_mean",
    "unit_novel_claim_share",
    "unit_novel_number_share",
    "facts_supported_share",
    "facts_unsupported_share",
    "facts_abstain_share",
    "facts_contradicted_share",
)
# A claim counts towards unit_novel_claim_share when at least this share of its content words is
# in no aligned unit (nor the question): most of the sentence says something its evidence does not.
UNIT_NOVEL_CUT = 0.5
# Features that say who wrote an answer more than whether it is true (training.stacking.audit on
# RAGTruth QA train: each alone tells the generators apart better than it ranks the answers of one
# generator). The "lean" candidates leave them out.
AUTHOR_FEATURES = (
    "log_claims",
    "log_answer_chars",
    "answer_context_ratio",
    "novel_terms_log",
    "novel_numbers_log",
)
_FACT_SHARES = (FactLabel.supported, FactLabel.unsupported, FactLabel.abstain, FactLabel.contradicted)
# The claim head's features (claim_features), plus the response head's logit for the whole answer.
RESPONSE_LOGIT = "response_logit"
CLAIM_FEATURES = (
    "claim_cosine",
    "claim_overlap",
    "claim_novel_terms_log",
    "claim_novel_words_log",
    "claim_novel_word_share",
    "claim_chars_log",
    "claim_position",
    "claim_is_first",
    "claim_is_last",
    "claim_addition",
    "claim_not_supported",
    "claim_contradicted",
    "claim_support",
    "claim_mismatch",
    # Issue 11 (RAGTruth item): the claim against its own aligned evidence units, and the fact
    # layer's verdict.
    "claim_unit_novel_share",
    "claim_unit_novel_number",
    "claim_facts_unsupported",
    "claim_facts_abstain",
    "log_claims",
    RESPONSE_LOGIT,
    *(f"kind_{kind}" for kind in KINDS),
)
EXTENDED_FEATURES = (
    *BASE_FEATURES,
    *NOVELTY_FEATURES,
    *(f"generator_{name}" for name in GENERATORS),
    *(f"kind_{kind}" for kind in KINDS),
)
JUDGE_EXTENDED_FEATURES = (*EXTENDED_FEATURES, *JUDGE_FEATURES, *CLAIM_SIGNAL_FEATURES)


def is_generator_feature(name: str) -> bool:
    """Whether ``name`` reads who wrote the answer (a generator or family one-hot, or a product of one).

    The default heads read none of them: an application has one generator, so a probability
    that leans on the generator ranks answers by author, not by truth (issue 11).
    """
    return name.startswith(("family_", "generator_"))


def interaction_name(family: str, feature: str) -> str:
    return f"family_{family}*{feature}"


def known_features() -> tuple[str, ...]:
    """Every feature name :func:`response_features` computes."""
    products = tuple(interaction_name(f, e) for f in FAMILIES for e in EGC_FEATURES)
    return (*JUDGE_EXTENDED_FEATURES, *products)


def generator_family(generator: str | None) -> str:
    """The generator's family: llama-2, gpt, mistral, or other (unknown included)."""
    name = (generator or "").lower()
    if "llama" in name:
        return "llama-2"
    if "gpt" in name:
        return "gpt"
    if "mistral" in name:
        return "mistral"
    return "other"


_GENERATOR_MARKS = (
    ("gpt-4", ("gpt-4",)),
    ("gpt-3.5", ("gpt-3.5",)),
    ("mistral-7b", ("mistral", "7b")),
    ("llama-2-70b", ("llama", "70b")),
    ("llama-2-13b", ("llama", "13b")),
    ("llama-2-7b", ("llama", "7b")),
)


def generator_name(generator: str | None) -> str:
    """The RAGTruth generator ``generator`` names (see GENERATORS), or "other"."""
    name = (generator or "").lower().replace("_", "-")
    for known, marks in _GENERATOR_MARKS:
        if all(mark in name for mark in marks):
            return known
    return "other"


# "key: value" lines (or a bare "key:" that opens a nested block): a record, not prose.
_RECORD_LINE = re.compile(r"^\s*[\w\- ]{1,40}:(\s|$)")
# An instruction to summarise, not a question about one ("Summary judgment requires ...?" is QA).
_SUMMARY_INSTRUCTION = re.compile(
    r"\s*(summari[sz]e\b|(write|give|provide) a (short |brief )?summary\b)", re.IGNORECASE
)
# The answer says something is absent from the passages (often true, and then faithful).
_ABSENCE = re.compile(
    r"\b(unable to|not (?:provided|mentioned|specified|available|include)|no (?:information|mention)"
    r"|does not (?:mention|provide|specify|say|include)|cannot (?:be determined|answer))",
    re.IGNORECASE,
)
# A sentence that opens like an add-on to the answer (where RAGTruth's generators often go
# beyond the passages).
_ADDITION = re.compile(
    r"^\s*(additionally|furthermore|moreover|overall|in summary|in conclusion|it is important"
    r"|it's important|however|note that|please note)\b",
    re.IGNORECASE,
)
# A context is a record (data-to-text) when this share of its non-empty lines are "key: value".
RECORD_SHARE = 0.7
RECORD_MIN_LINES = 3  # one "Rule 56: ..." line is prose that opens with a label, not a record


def _context_lines(inp: VerificationInput) -> list[str]:
    return [line for p in inp.passages for line in p.text.splitlines() if line.strip()]


def _record_share(lines: list[str]) -> float:
    return sum(bool(_RECORD_LINE.match(line)) for line in lines) / len(lines) if lines else 0.0


def input_kind(inp: VerificationInput) -> str:
    """What the answer was asked to do: "data2txt" (the context is a record), "summary", or "qa".

    Inferred, since callers do not say: on RAGTruth train it matches the task for all Summary
    and Data2txt responses and all but a handful of QA ones (tests/verifiers/test_stacked.py).
    """
    if _SUMMARY_INSTRUCTION.match(inp.question):  # before the record test: articles hold "Key: value" lists
        return "summary"
    lines = _context_lines(inp)
    if len(lines) >= RECORD_MIN_LINES and _record_share(lines) >= RECORD_SHARE:
        return "data2txt"
    return "summary" if not inp.question.strip() else "qa"


# --- features -------------------------------------------------------------------------------------


def response_features(
    inp: VerificationInput,
    report: Verification,
    requires: Sequence[str] = REQUIRES,
    *,
    interactions: bool = True,
) -> dict[str, float]:
    """Every known feature of one response; NaN where a value is undefined.

    Reads the verdicts and scores the ``requires`` verifiers left in ``report``; raises
    :class:`VerifierError` when one of them did not run or failed. Without ``grounding``
    among them the grounding features are NaN. ``interactions=False`` leaves out the
    family x EGC products (the verifier asks for them only when its artifact reads them).
    """
    from guard.verifiers.lexical import vocabulary

    check_requirements(report, requires)
    passages, question = vocabulary(p.text for p in inp.passages), vocabulary([inp.question])
    features = {
        **_lexical(inp, report, passages, question),
        **_support(report),
        **_egc(report),
        **(_grounding(report) if "grounding" in requires else _no_grounding()),
        **_structure(inp, report),
        **_judge(report),
        **_claim_signals(report, passages | question, question),
    }
    features.update(_novelty(inp))
    features["novel_numbers_per_claim"] = features["novel_numbers_log"] / max(features["log_claims"], math.log(2))
    kind = input_kind(inp)
    features.update(_generator_one_hots(inp.generator))
    for name in KINDS:
        features[f"kind_{name}"] = float(name == kind)
    if interactions:
        for name in FAMILIES:
            for egc_feature in EGC_FEATURES:
                product = features[f"family_{name}"] * features[egc_feature]
                features[interaction_name(name, egc_feature)] = product
    return features


def _generator_one_hots(generator: str | None) -> dict[str, float]:
    """The generator's name and family one-hots, each group all NaN when it is not a known one.

    NaN is imputed with the training mean (z = 0), so an unknown generator (or a known family
    with an unknown size, "llama-3-8b") gets the average effect of the known ones instead of
    an all-zero pattern no training row had.
    """
    name, family = generator_name(generator), generator_family(generator)
    return {
        **{f"generator_{n}": math.nan if name == "other" else float(n == name) for n in GENERATORS},
        **{f"family_{n}": math.nan if family == "other" else float(n == family) for n in FAMILIES},
    }


def check_requirements(report: Verification, requires: Sequence[str] = REQUIRES) -> None:
    """Raise :class:`VerifierError` naming what to fix when a required verifier's output is missing."""
    order = ", ".join(repr(n) for n in (*requires, "stacked"))
    failed_names = {f.verifier for f in report.failures}
    missing = [name for name in requires if name not in report.completed and name not in failed_names]
    if missing:
        raise VerifierError(
            f"the stacked detector reads the outputs of {', '.join(missing)}, which did not run "
            f"before it: list the verifiers in this order: {order}"
        )
    failed = [f for f in report.failures if f.verifier in requires]
    if failed:
        raise VerifierError(
            f"the stacked detector cannot score: verifier {failed[0].verifier!r} failed "
            f"({failed[0].message})"
        )
    if report.egc is None:
        raise VerifierError(f"the egc verifier left no EGC report: list the verifiers in this order: {order}")
    unscored = any(v.scores.grounding is None for v in report.claims)
    if "grounding" in requires and unscored:
        raise VerifierError(
            f"some claims carry no grounding probabilities: list the verifiers in this order: {order}"
        )


def claim_features(inp: VerificationInput, report: Verification) -> list[dict[str, float]]:
    """One feature row per claim for the claim head, all of CLAIM_FEATURES but the response logit."""
    from guard.verifiers.lexical import content_words, vocabulary

    known = vocabulary([*(p.text for p in inp.passages), inp.question])
    question = vocabulary([inp.question])
    n = len(report.claims)
    shared = {"log_claims": math.log1p(n)}
    kind = input_kind(inp)
    shared.update({f"kind_{name}": float(name == kind) for name in KINDS})
    rows = []
    for i, verdict in enumerate(report.claims):
        text = verdict.claim.text
        content = content_words(text)
        novel = [w for w in content if w not in known.words]
        unit_share, unit_number = _claim_novelty(text, _unit_vocabulary(verdict) | question)
        rows.append({
            **shared,
            "claim_cosine": _measured(verdict.scores.cosine, "cosine"),
            "claim_overlap": _measured(verdict.scores.overlap, "overlap"),
            "claim_novel_terms_log": math.log1p(verdict.scores.novel_terms or 0),
            "claim_novel_words_log": math.log1p(len(novel)),
            "claim_novel_word_share": len(novel) / len(content) if content else 0.0,
            "claim_chars_log": math.log1p(len(text)),
            "claim_position": i / (n - 1) if n > 1 else 0.0,
            "claim_is_first": float(i == 0),
            "claim_is_last": float(i == n - 1),
            "claim_addition": float(bool(_ADDITION.match(text))),
            # "unsupported" or "contradicted": a grounding verifier only turns one into the other.
            "claim_not_supported": float(verdict.label is not SupportLabel.supported),
            "claim_contradicted": float(verdict.label is SupportLabel.contradicted),
            "claim_support": verdict.support,
            "claim_mismatch": float(verdict.mismatch is not None),
            "claim_unit_novel_share": unit_share,
            "claim_unit_novel_number": float(unit_number),
            "claim_facts_unsupported": float(verdict.facts is FactLabel.unsupported),
            "claim_facts_abstain": float(verdict.facts is FactLabel.abstain),
        })
    return rows


def _lexical(
    inp: VerificationInput, report: Verification, passages: Vocabulary, question: Vocabulary
) -> dict[str, float]:
    from guard.verifiers.lexical import content_overlap, numbers_in

    known_numbers = passages.numbers | question.numbers
    novel_numbers = {n for n in numbers_in(inp.answer) if n not in known_numbers}
    novel = [v.scores.novel_terms or 0 for v in report.claims]
    return {
        "novel_word_share": 1.0 - content_overlap(inp.answer, passages),
        "novel_numbers_log": math.log1p(len(novel_numbers)),
        "novel_term_claim_share": _share(n > 0 for n in novel),
        "novel_terms_log": math.log1p(sum(novel)),
    }


def _novelty(inp: VerificationInput) -> dict[str, float]:
    from guard.verifiers.lexical import words

    context_bigrams = {pair for p in inp.passages for pair in itertools.pairwise(words(p.text))}
    answer_bigrams = list(itertools.pairwise(words(inp.answer)))
    context_chars = sum(len(p.text) for p in inp.passages)
    return {
        "novel_bigram_share": _share(pair not in context_bigrams for pair in answer_bigrams),
        "absence_phrase": float(bool(_ABSENCE.search(inp.answer))),
        "structured_share": _record_share(_context_lines(inp)),
        "summary_instruction": float(bool(_SUMMARY_INSTRUCTION.match(inp.question))),
        "answer_context_ratio": math.log((len(inp.answer) + 1) / (context_chars + 1)),
    }


def _support(report: Verification) -> dict[str, float]:
    # The support verifier's own scores: a later verifier (grounding) may relabel a claim and
    # overwrite its support score, and that must not leak grounding into these features.
    cosine = [_measured(v.scores.cosine, "cosine") for v in report.claims]
    overlap = [_measured(v.scores.overlap, "overlap") for v in report.claims]
    return {
        "cosine_min": min(cosine, default=math.nan),
        "cosine_mean": float(np.mean(cosine)) if cosine else math.nan,
        "overlap_min": min(overlap, default=math.nan),
        "overlap_mean": float(np.mean(overlap)) if overlap else math.nan,
        "low_support_share": _share(c < LOW_COSINE for c in cosine),
    }


def _judge(report: Verification) -> dict[str, float]:
    """The claim verdicts as shares of the claims (NaN for an answer without claims)."""
    claims = report.claims
    support = [v.support for v in claims]
    kinds = [v.mismatch.kind.value for v in claims if v.mismatch is not None]
    return {
        "judge_contradicted_share": _share(v.label is SupportLabel.contradicted for v in claims),
        "judge_unsupported_share": _share(v.label is SupportLabel.unsupported for v in claims),
        "judge_any_contradicted": float(any(v.label is SupportLabel.contradicted for v in claims)),
        "judge_support_min": min(support, default=math.nan),
        "judge_support_mean": float(np.mean(support)) if support else math.nan,
        "judge_mismatch_share": _share(v.mismatch is not None for v in claims),
        **{f"judge_mismatch_{kind}": float(kind in kinds) for kind in MISMATCH_KINDS},
        "judge_inferred_share": _share(v.inference is not None for v in claims),
    }


def _claim_novelty(text: str, known: Vocabulary) -> tuple[float, bool]:
    """Share of ``text``'s content words ``known`` lacks, and whether one of its numbers is missing."""
    from guard.verifiers.lexical import content_words, numbers_in

    content = content_words(text)
    share = sum(w not in known.words for w in content) / len(content) if content else 0.0
    return share, any(n not in known.numbers for n in numbers_in(text))


def _unit_vocabulary(verdict: ClaimVerdict) -> Vocabulary:
    """The words and numbers of the claim's aligned units (its best sentence when none was aligned)."""
    from guard.verifiers.lexical import vocabulary

    units = [u.text for u in verdict.evidence] or ([verdict.best_sentence] if verdict.best_sentence else [])
    return vocabulary(units)


def _claim_signals(report: Verification, context: Vocabulary, question: Vocabulary) -> dict[str, float]:
    """CLAIM_SIGNAL_FEATURES: the worst claim's novelty against its own evidence, and the fact verdicts.

    ``context``: the passages' and the question's vocabulary. NaN for an answer without
    claims. A claim aligned to no unit is compared with its best sentence, and with the
    question alone when it has none.
    """
    claims = report.claims
    if not claims:
        return dict.fromkeys(CLAIM_SIGNAL_FEATURES, math.nan)
    against_context = [_claim_novelty(v.claim.text, context)[0] for v in claims]
    against_units = [_claim_novelty(v.claim.text, _unit_vocabulary(v) | question) for v in claims]
    shares = [share for share, _ in against_units]
    facts = [v.facts for v in claims]
    return {
        "claim_novel_share_max": max(against_context),
        "unit_novel_share_max": max(shares),
        "unit_novel_share_mean": float(np.mean(shares)),
        "unit_novel_claim_share": _share(share >= UNIT_NOVEL_CUT for share in shares),
        "unit_novel_number_share": _share(missing for _, missing in against_units),
        **{f"facts_{label.value}_share": _share(f is label for f in facts) for label in _FACT_SHARES},
    }


def _egc(report: Verification) -> dict[str, float]:
    egc = report.egc
    features = egc.features.model_dump() if egc is not None and egc.features is not None else {}
    names = ("cov", "sup", "agr", "conn", "iso")
    out = {f"egc_{name}": float(features.get(name, math.nan)) for name in names}
    probability = egc.probability if egc is not None else None
    out["egc_probability"] = math.nan if probability is None else float(probability)
    out["egc_defined"] = float(bool(egc is not None and egc.defined))
    return out


def _no_grounding() -> dict[str, float]:
    return dict.fromkeys(_GROUNDING_FEATURES, math.nan)


def _grounding(report: Verification) -> dict[str, float]:
    rows = [[g.supported, g.unsupported, g.contradicted] for g in _grounding_scores(report)]
    if not rows:
        return _no_grounding()
    probs = np.array(rows, dtype=np.float64)
    not_supported = probs[:, 1] + probs[:, 2]
    return {
        "grounding_max_not_supported": float(not_supported.max()),
        "grounding_mean_not_supported": float(not_supported.mean()),
        "grounding_max_contradicted": float(probs[:, 2].max()),
        "grounding_not_supported_share": float(np.mean(np.argmax(probs, axis=1) != 0)),
    }


def _structure(inp: VerificationInput, report: Verification) -> dict[str, float]:
    return {
        "log_claims": math.log1p(len(report.claims)),
        "log_answer_chars": math.log1p(len(inp.answer)),
        "log_passages": math.log1p(len(inp.passages)),
        "log_context_chars": math.log1p(sum(len(p.text) for p in inp.passages)),
    }


def _grounding_scores(report: Verification) -> list[GroundingProbabilities]:
    scores = [v.scores.grounding for v in report.claims]
    return [s for s in scores if s is not None]  # check_requirements saw that none is missing


def _measured(value: float | None, name: str) -> float:
    """A support score the support verifier must have written (check_requirements saw it ran)."""
    if value is None:
        raise VerifierError(f"a claim carries no {name} score: list 'support' before 'stacked'")
    return value


def _share(flags) -> float:
    flags = list(flags)
    return sum(flags) / len(flags) if flags else math.nan
