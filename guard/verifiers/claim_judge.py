"""The one claim judge: evidence units, the fact layer and the embedding score, read together.

Every verifier that asks "does this evidence support this claim?" asks this judge: the
support verifier for each claim's verdict, ALCE citation recall and precision (the cited
passages, alone and together), and cross-route hit rates (each route's passages). So a
citation counts as supporting exactly when the claim's own verdict would be supported
against it, and two models that disagree never both decide (issue 12, "one judge").

For a claim and some passages the judge

1. cuts each passage into evidence units (:func:`guard.facts.evidence_units`: sentences,
   table rows with their headers, list items with their lead-in), leaving out
   instruction-like text ("ignore previous instructions", fake delimiters): that text is
   reported as an injection and is never evidence, for the embedding score either;
2. scores the claim against the remaining text with the embedding + lexical judge
   (:class:`guard.verifiers.support.EmbeddingJudge`);
3. reads the claim's facts against its aligned units (:func:`guard.facts.judge_facts`,
   with the claim-to-unit cosines), and
4. combines both into one label (:func:`guard.verifiers.verdict.combine`), and
5. only when given a calibrator (opt-in; the verification stage does not pass one, see
   docs/DETECTION.md), lets it decide true vs false from all of these signals together, where
   the fact layer holds no hard finding (:func:`guard.verifiers.verdict.learned_scope`: a
   contradicted slot or a value no unit gives stands; a wide-scope artifact may also clear a
   hard finding above the safety floor, a value written in no unit, at high confidence); the
   fact layer's label still names the kind of a false claim (:mod:`guard.verifiers.claim_calibrator`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from guard.facts import FactVerdict, InjectionWarning, UnitsResult, evidence_units, judge_facts
from guard.facts.align import unit_slots
from guard.facts.dates import same_date
from guard.facts.entities import name_tokens
from guard.facts.lexicon import lexicon_for
from guard.facts.matching import accepts
from guard.facts.slots import read_slots
from guard.facts.types import EvidenceUnit, FactLabel
from guard.verifiers.claim_calibrator import ClaimCalibrator
from guard.verifiers.claim_features import claim_features
from guard.verifiers.lexical import Vocabulary, content_words, numbers_in
from guard.verifiers.support import Assessment, EmbeddingJudge, cosine_to_support
from guard.verifiers.types import SupportLabel
from guard.verifiers.verdict import JudgedClaim, LearnedScope, combine, learned_scope

__all__ = ["ClaimJudge", "ClaimJudgement", "credited_support", "judge_read", "restated_by_one_unit", "units_of"]


class ClaimJudgement(NamedTuple):
    label: SupportLabel
    support: float
    fact: FactVerdict
    assessment: Assessment
    reason: str | None
    judged: bool = True  # False: the judge abstained (text the fact layer cannot read)
    rule: str | None = None  # what decided a label other than supported (JudgedClaim.rule)

    @property
    def verdict(self) -> JudgedClaim:
        """The verdict alone (label, support, reason, judged, rule), as `verdict.combine` gives it."""
        return JudgedClaim(self.label, self.support, self.reason, self.judged, self.rule)


@lru_cache(maxsize=1024)  # ~6.5 KB a passage measured: at most ~7 MB (4,096 held 26 MB in a server)
def units_of(passage_id: str, text: str) -> UnitsResult:
    """A passage's evidence units, cached by content: retrieval serves the same passages again."""
    return evidence_units(passage_id, text)


def without_injections(text: str, warnings: Sequence[InjectionWarning]) -> str:
    """``text`` less the instruction-like stretches (blanked, so nothing else moves)."""
    if not warnings:
        return text
    chars = list(text)
    for warning in warnings:
        chars[warning.start : warning.end] = " " * (warning.end - warning.start)
    return "".join(chars)


class ClaimJudge:
    """Judges claims against passages for one request (its embedding caches are the request's).

    A verdict is a pure function of the claim's text and the (id, text) pairs judged, so each
    is kept for the request: the ALCE citation judge asking about a claim's cited passages
    gets the verdict the support verifier already gave against the same passages, not a
    second run of the fact layer (issue 12, "one judge").
    """

    def __init__(self, evidence: EmbeddingJudge, threshold: float, calibrator: ClaimCalibrator | None = None) -> None:
        self.evidence = evidence
        self.threshold = threshold
        self.calibrator = calibrator  # None: the rules of verdict.combine decide alone
        self._judged: dict[tuple[str, tuple[tuple[str, str], ...]], ClaimJudgement] = {}

    def judge(self, claim_text: str, passages: Sequence[tuple[str, str]]) -> ClaimJudgement:
        """The claim's verdict against ``passages`` given as (passage id, text) pairs."""
        key = (claim_text, tuple(passages))
        judged = self._judged.get(key)
        if judged is None:
            judged = self._judged[key] = self._judge(claim_text, key[1])
        return judged

    def entails(self, claim_text: str, passages: Sequence[tuple[str, str]]) -> float:
        """ALCE's entailment question on cited passages: 1.0 when the claim's verdict against them
        is supported, else 0.0 (the same verdict, and the same kept judgement, as ``support``)."""
        return 1.0 if self.judge(claim_text, passages).label is SupportLabel.supported else 0.0

    def _judge(self, claim_text: str, passages: Sequence[tuple[str, str]]) -> ClaimJudgement:
        found = [units_of(pid, text) for pid, text in passages]
        clean = [without_injections(text, f.warnings) for (_, text), f in zip(passages, found, strict=True)]
        assessment = self.evidence.assess(claim_text, clean)
        units: list[EvidenceUnit] = [u for f in found for u in f.units]
        similarities = self.evidence.cosines(claim_text, [u.text for u in units])
        return judge_read(
            claim_text, units, similarities, assessment, self.evidence.known(clean), self.evidence.novelty_penalty,
            self.threshold, self.calibrator,
        )

    def __call__(self, claim_text: str, evidence_text: str) -> float:
        """The entailment question on one evidence text (cross-route hit rates): 1.0 when the
        verdict is supported, else 0.0."""
        return self.entails(claim_text, [("evidence", evidence_text)])

    def injections(self, passages: Sequence[tuple[str, str]]) -> list[InjectionWarning]:
        return [w for pid, text in passages for w in units_of(pid, text).warnings]


# where a calibrator reads the claim's features at all (elsewhere the rules' verdict stands)
_DECIDED = frozenset({LearnedScope.open, LearnedScope.overrulable})


def judge_read(
    claim_text: str,
    units: Sequence[EvidenceUnit],
    similarities: Sequence[float],
    assessment: Assessment,
    known: Vocabulary,
    novelty_penalty: float,
    threshold: float,
    calibrator: ClaimCalibrator | None = None,
) -> ClaimJudgement:
    """The verdict from what was read and embedded (no model call: the hard-case loop replays it)."""
    fact = judge_facts(claim_text, units, similarities)
    support = assessment.support
    if fact.label in (FactLabel.supported, FactLabel.inferred):
        support = credited_support(claim_text, fact, assessment, known, novelty_penalty)
    restated = fact.label is FactLabel.supported and restated_by_one_unit(claim_text, fact, units, similarities)
    judged = combine(fact, support, threshold, restated=restated)
    if calibrator is not None and learned_scope(fact, judged, units, calibrator.overrules) in _DECIDED:
        features = claim_features(claim_text, units, similarities, assessment, known, fact, judged)
        judged = calibrator.decide(judged, fact, features, threshold, units)
    return ClaimJudgement(
        judged.label, judged.support, fact, assessment, judged.reason, judged.judged,
        judged.rule if judged.label is not SupportLabel.supported else None,
    )


# A claim-to-unit cosine from which the unit restates the claim: MiniLM gives same-topic
# sentences 0.3-0.6 and restatements 0.7 and more (guard/verifiers/support.py); between the two.
RESTATED_COSINE = 0.65


def restated_by_one_unit(
    claim_text: str, fact: FactVerdict, units: Sequence[EvidenceUnit], similarities: Sequence[float]
) -> bool:
    """Every value, date and name of the claim is in its best unit, and the unit restates the claim.

    Why: "its values match, but the evidence does not say the rest" flagged true paraphrases whose
    other words the lexical half of the score cannot match ("380 mm wide, 120 mm deep" against
    "Dimensions (W x D x H): 380 x 120 x 410 mm"). When one unit holds every checkable slot of
    the claim and embeds as its restatement, the rest is wording. Values gathered from two units,
    or a unit that is only on the topic, still need the embedding score.
    """
    if not fact.units or len(similarities) != len(units):
        return False
    best = fact.units[0]
    cosine = next((s for u, s in zip(units, similarities, strict=True) if u is best or u == best), None)
    lexicon = lexicon_for(fact.language)
    if cosine is None or cosine < RESTATED_COSINE or lexicon is None:
        return False
    claim, unit = read_slots(claim_text, lexicon), unit_slots(best, lexicon)
    if not (claim.quantities or claim.dates):
        return False
    return (
        all(any(accepts(q, e) for e in unit.quantities) for q in claim.quantities)
        and all(any(same_date(d, e) for e in unit.dates) for d in claim.dates)
        and all(name_tokens(n) <= unit.name_tokens for n in claim.names)
    )


def credited_support(
    claim_text: str, fact: FactVerdict, assessment: Assessment, known: Vocabulary, novelty_penalty: float
) -> float:
    """The embedding score with the claim's values counted as found, once the fact layer matched them.

    Why: the lexical half of the score compares numbers as written, so a restatement in other
    units or words ("1.5 g" for "1,500 mg", "3 years" for "36 months", "six" for "6", "every 12
    hours" for "twice a day") loses overlap and takes the novelty penalty for every such number,
    and a correct paraphrase fell under the bar. The fact layer has read those values and found
    them equal (or one arithmetic step away), so only the claim's other words are left to the score.
    """
    lexicon = lexicon_for(fact.language)
    if lexicon is None:
        return assessment.support
    slots = read_slots(claim_text, lexicon)
    spans = [(q.start, q.end) for q in slots.quantities] + [(d.start, d.end) for d in slots.dates]
    # the names the fact layer vetted (found in a unit, or the excerpt's unstated subject) count as found too
    spans += [(at, at + len(n)) for n in slots.names if (at := claim_text.find(n)) >= 0]
    if not spans:
        return assessment.support
    chars = list(claim_text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    rest = "".join(chars)
    content, numbers = content_words(rest), numbers_in(rest)
    matched = len(content_words(claim_text)) + len(numbers_in(claim_text)) - len(content) - len(numbers)
    total = len(content) + len(numbers) + matched
    found = sum(w in known.words for w in content) + sum(n in known.numbers for n in numbers) + matched
    overlap = found / total if total else 1.0
    left = set(numbers)
    # a name the fact layer let stand (found in a unit, or the excerpt's unstated subject) is no novelty
    # measured values only: a bare number inside a tagged term is more often a version or a code
    # of a name ("Tessera 26.04") than the value the term was tagged for
    measured = [(q.start, q.end) for q in slots.quantities if q.dim != "number"] + [(d.start, d.end) for d in slots.dates]
    novel = [
        t
        for t in assessment.novel
        if (t in left if t in numbers_in(claim_text) else _outside(t, claim_text, spans, measured))
        and not (slots.names and name_tokens(t) <= frozenset().union(*(name_tokens(n) for n in slots.names)))
    ]
    credited = (cosine_to_support(assessment.best.cosine) + overlap) / 2 * novelty_penalty ** len(novel)
    return max(assessment.support, credited)


def _outside(
    term: str, text: str, spans: Sequence[tuple[int, int]], measured: Sequence[tuple[int, int]] = ()
) -> bool:
    """A novel term that touches no matched value.

    The tagger's spans do not follow the fact layer's: "Frozen at −20" and "Roughly 0.8 ml" are
    tagged as one term each around a value the fact layer matched ("−20 °C", "0.8 ml" = "800 µl");
    what made them novel is that value written another way, so they are not novel either.
    """
    at = text.find(term)
    if at < 0:
        return True
    inside = any(s <= at and at + len(term) <= e for s, e in spans)
    return not inside and not any(at < e and s < at + len(term) for s, e in measured)
