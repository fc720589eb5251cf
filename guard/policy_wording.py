"""What a supported claim says that the evidence it was checked against does not: lexical checks a
policy may ask for before it shows the model's own words (``Policy.confirmation``).

The fact layer confirms a claim when every number, date and name it *binds* is found bound the
same way in an aligned evidence unit. On the labelled dev drafts every wrong draft the default
profile still showed unmarked had its false claim confirmed that way: the fact layer matched the
values it could read and was blind to the rest ("the hotel limit for Lyon is EUR 220": the
EUR 220 of capital cities; "may extend probation as many times as needed": the unit says once).
These checks look at the words the fact layer does not bind, against the same units:

- :func:`missing_terms`: the claim's numbers and names (capitalised words after the first, and
  acronyms) that no aligned unit mentions. A number the fact layer derived by one arithmetic step
  (``FactLabel.inferred``) is its own confirmation and is not asked for.
- :func:`missing_scope_words`: the claim's words of scope (modals, quantifiers, frequency words,
  negation, "only", a leading "yes" or "no") that no aligned unit uses. A claim that says "can",
  "every", "as many times" or "yes" where the documents say "may", "once" or nothing has changed
  what the documents allow, whatever its values.

Both compare words, so they find where a claim goes beyond its evidence, not whether it is
wrong: a paraphrase ("can" for "may") is reported too. Policies act on them as on any other
``unconfirmed_claim`` (default: annotate; strict profiles: quote the evidence instead).
Pure functions of the claim text and its evidence units; no model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.types import EvidenceUnit, FactLabel
from guard.policy import ScopeCheck
from guard.verifiers.lexical import numbers_in, stop_words, vocabulary, words
from guard.verifiers.types import ClaimVerdict

__all__ = ["aligned_units", "missing_scope_words", "missing_terms"]

_TOKEN = re.compile(r"[^\W\d_][\w'’-]*")
# Words that set how far a statement reaches. A claim's word counts as found when an aligned unit
# uses the same word. Quantifiers and frequency words (how many, how often, whether exclusively)
# are rarely paraphrased in an answer; modals and negation often are ("you can give" for "give"),
# so they are checked only at ScopeCheck.all.
QUANTIFIERS = frozenset("all every each any always never once twice whenever many several only".split())
MODALS_AND_NEGATION = frozenset(
    "can cannot could may might must should shall need needs required allowed permitted not no none".split()
)
SCOPE_WORDS = QUANTIFIERS | MODALS_AND_NEGATION

_POLAR = frozenset({"yes", "no"})


def _units_text(units: Sequence[EvidenceUnit]) -> list[str]:
    return [u.text for u in units if u.text.strip()]


def aligned_units(verdict: ClaimVerdict) -> list[EvidenceUnit]:
    """The units the claim was checked against: its aligned evidence and the unit of its mismatch."""
    units = list(verdict.evidence)
    if verdict.mismatch is not None and verdict.mismatch.evidence is not None:
        units.append(verdict.mismatch.evidence)
    return units


def missing_terms(verdict: ClaimVerdict, *, numbers: bool = True, names: bool = True) -> list[str]:
    """The claim's numbers, then names, that none of its aligned units mentions, in claim order.

    Empty when the claim has no aligned unit: there is nothing to compare (the support verdict
    and ``confirmed`` speak for such a claim)."""
    units = _units_text(aligned_units(verdict))
    if not units or not (numbers or names):
        return []
    known = vocabulary(units)
    text = verdict.claim.text
    missing: list[str] = []
    if numbers and verdict.facts is not FactLabel.inferred:  # an inferred value is derived, not quoted
        missing += [n for n in dict.fromkeys(numbers_in(text)) if n not in known.numbers]
    if names:
        missing += [name for name in dict.fromkeys(_names(text)) if any(w not in known.words for w in words(name))]
    return missing


def missing_scope_words(verdict: ClaimVerdict, check: ScopeCheck = ScopeCheck.all) -> list[str]:
    """The claim's scope words (of ``check``) that no aligned unit uses, in claim order."""
    units = _units_text(aligned_units(verdict))
    if check is ScopeCheck.off or not units:
        return []
    known = {w.lower() for text in units for w in _TOKEN.findall(text)}
    tokens = [t.lower() for t in _TOKEN.findall(verdict.claim.text)]
    vocabulary_of_check = SCOPE_WORDS if check is ScopeCheck.all else QUANTIFIERS
    said = [t for t in tokens if t in vocabulary_of_check]
    if check is ScopeCheck.all and tokens and tokens[0] in _POLAR:
        said.insert(0, tokens[0])
    missing = []
    for word in dict.fromkeys(said):
        if word in _POLAR and tokens and word == tokens[0]:
            missing.append(word)  # a polar answer is the model's own verdict: no unit says "yes"
        elif word not in known and not _negation_found(word, known):
            missing.append(word)
    return missing


def _negation_found(word: str, known: set[str]) -> bool:
    """"not", "no", "never", "cannot" and "n't" forms all deny: one denial in the unit covers another."""
    denials = {"not", "no", "never", "cannot", "none"}
    return word in denials and bool(known & denials or any(w.endswith("n't") for w in known))


def _names(text: str) -> list[str]:
    """Capitalised words after the first word, and acronyms (a name the claim commits to)."""
    names = []
    for i, match in enumerate(_TOKEN.finditer(text)):
        token = match.group(0)
        lowered = token.lower()
        if lowered in stop_words() or lowered in SCOPE_WORDS:
            continue
        if token.isupper() and len(token) > 1 or (i > 0 and token[0].isupper()):
            names.append(token)
    return names
