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
- :func:`missing_scope_words`: the claim's words of scope (modals, quantifiers, frequency words
  and periods such as "per month" or "weekly", negation, "only", a leading "yes" or "no") that no
  aligned unit uses. A claim that says "can", "every", "as many times", "per month" or "yes" where
  the documents say "may", "once", "one-off" or nothing has changed what the documents allow,
  whatever its values.
- :func:`missing_actors`: the people and bodies the claim gives a role ("approved by your line
  manager", "the police will inform ...") that none of the answer's evidence units names. The
  fact layer binds names it can read as names; a role written as a common noun ("line manager"
  for "the HR Director") or an actor moved in from another sentence of the passage passes it.

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

__all__ = ["aligned_units", "missing_actors", "missing_scope_words", "missing_terms"]

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

# How often, at the quantifiers level too: a period the claim puts on a value ("EUR 450 per month"
# for a one-off EUR 450) changes the amount as much as a changed number. A period counts as found
# when a unit names it in any form ("a day" / "daily" / "per day" / "in 24 hours").
_PERIOD = r"(day|week|fortnight|month|year|night|hour)s?"
_FREQUENCY = re.compile(
    rf"\b(?:per|a|an|every|each)\s+(?:(?:working|calendar|leave|school)\s+)?{_PERIOD}\b"
    r"|\b(daily|weekly|fortnightly|monthly|yearly|annually|nightly|hourly)\b",
    re.IGNORECASE,
)
_ADVERB_PERIOD = {"daily": "day", "weekly": "week", "fortnightly": "fortnight", "monthly": "month",
                  "yearly": "year", "annually": "year", "annual": "year", "nightly": "night", "hourly": "hour"}

# Who acts: nouns that name a person or a body given a role in an organisation, a clinic or the
# law (singular, lower case). Subjects every answer addresses ("you", "employees", "patients")
# and places ("clinic", "pharmacy") are not roles and are left out.
ACTORS = frozenset("""
    manager director officer committee board panel team desk department agency supervisor chair
    chairperson president ceo cfo coo cto dpo secretary administrator coordinator receptionist
    registrar doctor gp nurse pharmacist midwife consultant surgeon dentist clinician physician
    specialist paramedic police court judge tribunal authority regulator ombudsman council auditor
    inspector assessor lawyer solicitor arbitrator mediator notary union representative employer
    contractor insurer landlord trustee reviewer
""".split())


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
    periods = _periods_named(units)
    missing += [phrase for phrase, period in dict.fromkeys(_periods(verdict.claim.text)) if period not in periods]
    return missing


def _periods(text: str) -> list[tuple[str, str]]:
    """(as written, lower case; the period) for each frequency or period phrase of ``text``."""
    out = []
    for match in _FREQUENCY.finditer(text):
        period = (match.group(1) or _ADVERB_PERIOD[match.group(2).lower()]).lower()
        out.append((" ".join(match.group(0).lower().split()), period))
    return out


def _periods_named(units: Sequence[str]) -> set[str]:
    """The periods the units name in any form: the noun, its adverb, or "24 hours" for a day."""
    found: set[str] = set()
    for text in units:
        for token in words(text):
            found.add(_ADVERB_PERIOD.get(token, token))
        if re.search(r"\b24\s*(?:hours?|h)\b", text, re.IGNORECASE):
            found.add("day")
    return found


def missing_actors(verdict: ClaimVerdict, answer_units: Sequence[EvidenceUnit] = ()) -> list[str]:
    """The people and bodies (:data:`ACTORS`) the claim names that no evidence unit of the answer
    names, in claim order, as written in the claim ("line manager", "Compliance Officer").

    The reference is the claim's aligned units and ``answer_units`` (those of the answer's other
    claims): a claim that joins two sentences of a passage ("report it to the IT Service Desk and
    to the police") is often aligned with one of them, while its neighbour claim brings the other.
    An acronym counts as naming its expansion and the other way round ("DPO" / "Data Protection
    Officer"). Empty when the claim has no aligned unit: there is nothing to compare.
    """
    own = _units_text(aligned_units(verdict))
    if not own:
        return []
    units = own + _units_text(answer_units)
    known = vocabulary(units).words
    acronyms = {t.lower() for text in units for t in _TOKEN.findall(text) if t.isupper() and len(t) > 1}
    acronyms |= {a for text in units for a in _initialisms(text)}
    missing = []
    for phrase, actor, initials in _actors(verdict.claim.text):
        if actor in known or actor in acronyms or (initials and initials in acronyms):
            continue
        missing.append(phrase)
    return list(dict.fromkeys(missing))


def _actors(text: str) -> list[tuple[str, str, str]]:
    """(the actor as written with its name words or modifier, its lower-cased singular, the
    initials of its capitalised name) for each actor noun of ``text``."""
    tokens = _TOKEN.findall(text)
    out = []
    for i, token in enumerate(tokens):
        actor = next(iter(words(token)), "")
        if actor.endswith("ie") and token.lower().endswith("ies"):  # words() drops the s: "authoritie"
            actor = actor[:-2] + "y"
        if actor not in ACTORS:
            continue
        start = i
        if token[0].isupper():  # a capitalised role names a post: take its whole name, but not
            while start > 1 and tokens[start - 1][0].isupper():  # the sentence's first word
                start -= 1
        elif i > 0 and tokens[i - 1].lower() not in stop_words():
            start = i - 1  # "line manager", "operations manager": the modifier says which
        phrase = " ".join(tokens[start : i + 1])
        name = tokens[start : i + 1]
        initials = "".join(t[0] for t in name).lower() if len(name) > 1 and all(t[0].isupper() for t in name) else ""
        out.append((phrase, actor, initials))
    return out


def _initialisms(text: str) -> set[str]:
    """The initials of each run of 2-5 capitalised words of ``text`` ("Data Protection Officer": "dpo")."""
    tokens = _TOKEN.findall(text)
    out: set[str] = set()
    run: list[str] = []
    for token in [*tokens, ""]:
        if token and token[0].isupper() and not token.isupper():
            run.append(token)
            continue
        for i in range(len(run)):
            for j in range(i + 2, min(len(run), i + 5) + 1):
                out.add("".join(t[0] for t in run[i:j]).lower())
        run = []
    return out


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
