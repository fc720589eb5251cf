"""Who did what to whom: a name or noun from the passage put in the wrong role.

Why a parser here: "Ms Lowe leads the walk, with Mr Dunn as her deputy" against "The walk is
led by Mr Dunn, with Ms Lowe as deputy", or "The club bought out the council" against "the
council bought out the club", reuse every word of the unit; only the roles differ. Two earlier
rules without a parse (a name substituted in the unit's frame; a unit word replaced by another
unit's word) flagged 2-5 % of clean RAGTruth sentences and were dropped (docs/FACTS.md). Here
spaCy's dependency parse gives each verb its agent (subject of an active verb, "by" phrase of a
passive one, "approval of/from/by X" for the verb's noun) and its patient (object, subject of
a passive verb); a claim contradicts its unit when, for a verb both use (same lemma stem, so
"approval" meets "approved"), a role is filled by different things and either

- the two fillers are *swapped*: each side names the other's filler somewhere, in another
  role ("the club bought out the council"); or
- a *named* filler was *replaced* by another name: both fillers are proper nouns, the claim
  never mentions the unit's, and the claim's is a name the passage uses elsewhere ("approved by
  the Finance Director" where the unit says "the approval of the Head of Security").

Cost: the parser takes 10-35 ms a sentence on the 2-core target, so it runs only on a claim
and its best-aligned unit when their words already suggest a role change (both name people
or things the other lacks, or the claim reuses nearly all the unit's words), and parses are
cached by text. The pipeline is the verifiers' English one without NER; when it cannot be
loaded the check stays silent.
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import contradiction
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch
from guard.language import parse

__all__ = ["Frame", "actor_replaced", "frames", "role_conflict"]


AGENT, PATIENT = "agent", "patient"
_RELATIVE = frozenset({"which", "who", "that", "whom", "whose"})
_NOMINAL_AGENT_PREPS = frozenset({"by", "from"})
_CALENDAR = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday today tomorrow yesterday".split()
)
# titles are shared by different people ("Mr Okafor" / "Mr Dalton"): not what names the filler
_HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "dr", "prof", "professor", "sir", "dame"})
_CLOSE_EVIDENCE = 1.2  # lexical share + cosine
_SWAP_LEXICAL = 0.6  # a claim reusing this share of its unit's words may have swapped two of them


class Frame(BaseModel):
    """One filler of one role of one verb (or the verb's noun): ``approve``/agent/{head, secur}."""

    model_config = ConfigDict(frozen=True)

    verb: str  # stem of the lemma ("approv" for approve, approved, approval)
    role: str  # AGENT or PATIENT
    filler: frozenset[str]  # stems of the filler's head and its name words ("head", "secur")
    surface: str  # the filler as written ("the Head of Security")
    proper: bool  # the filler's head is a proper noun (a name or a title)
    nominal: bool = False  # the act is a noun ("the approval of X"), not a verb


def _filler_tokens(token) -> list:
    """The head and the words that name it with it: compounds, flat names, "Head of Security"."""
    out = [token]
    for child in token.children:
        if child.dep_ in ("compound", "flat", "nmod") and child.pos_ in ("PROPN", "NOUN"):
            out.append(child)
        elif child.dep_ == "prep" and child.lower_ == "of" and token.pos_ == "PROPN":
            out += [g for g in child.children if g.dep_ == "pobj" and g.pos_ == "PROPN"]
    return out


def _frame(verb: str, role: str, token) -> Frame | None:
    if token.pos_ in ("PRON", "NUM") or token.lower_ in _RELATIVE:
        return None  # "which", "it", "you": the filler is elsewhere; no claim on it here
    tokens = _filler_tokens(token)
    if any(t.pos_ == "NUM" or t.lower_ in _CALENDAR for t in tokens) or any(
        c.pos_ == "NUM" for c in token.children
    ):
        return None  # "used by 31 March": a date or a number, compared as such elsewhere
    start = min(t.i for t in tokens)
    end = max(t.i for t in tokens) + 1
    surface = token.doc[start:end].text
    words = frozenset(stem(t.lower_) for t in tokens)
    return Frame(
        verb=verb,
        role=role,
        filler=words - _HONORIFICS if words - _HONORIFICS else words,
        surface=surface,
        proper=token.pos_ == "PROPN",
    )


# prepositions whose object is a participant or a place of the act; compared only when named
_PARTICIPANT_PREPS = frozenset({"to", "from", "with", "for", "after", "in", "at", "into", "towards"})


def _prep_frames(verb: str, prep) -> list[Frame | None]:
    """Named objects of a preposition, as the role ``prep:<word>`` (common nouns are left out:
    "the footage" / "the incident" paraphrase each other too often)."""
    objects = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "PROPN"]
    return [_frame(verb, f"prep:{prep.lower_}", t) for o in objects for t in _with_conjuncts(o) if t.pos_ == "PROPN"]


def _nominal(frame: Frame | None) -> Frame | None:
    return frame.model_copy(update={"nominal": True}) if frame else None


def _with_conjuncts(token) -> list:
    return [token] + [c for c in token.conjuncts]


@lru_cache(maxsize=2048)
def frames(text: str) -> tuple[Frame, ...]:
    """Every (verb, role, filler) of ``text``; empty when no parser is installed."""
    doc = parse(text)  # the parse predicates.py reads too: one parse for both
    if doc is None:
        return ()
    out: list[Frame | None] = []
    for token in doc:
        if token.pos_ == "VERB":
            verb = stem(token.lemma_.lower())
            passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in token.children)
            for child in token.children:
                # "the Council, which sets the fares": the relative pronoun stands for its antecedent
                filler = token.head if child.lower_ in _RELATIVE and token.dep_ == "relcl" else child
                if child.dep_ == "nsubj" and not passive:
                    out += [_frame(verb, AGENT, t) for t in _with_conjuncts(filler)]
                elif child.dep_ == "nsubjpass" or child.dep_ == "dobj":
                    out += [_frame(verb, PATIENT, t) for t in _with_conjuncts(filler)]
                elif child.dep_ == "agent":
                    for by in [child] + [c for c in child.children if c.dep_ == "conj"]:
                        objects = [g for g in by.children if g.dep_ == "pobj"]
                        out += [_frame(verb, AGENT, t) for o in objects for t in _with_conjuncts(o)]
                elif child.dep_ == "prep" and child.lower_ in _PARTICIPANT_PREPS:
                    # "speak to Mrs Adeyemi", "named after the district in London": named participants
                    out += _prep_frames(verb, child)
        elif token.pos_ == "NOUN":
            # the verb's noun: "the approval of the Head of Security", "approval from the CFO"
            for child in token.children:
                if child.dep_ != "prep":
                    continue
                objects = [g for g in child.children if g.dep_ == "pobj"]
                for o in objects:
                    if child.lower_ in _NOMINAL_AGENT_PREPS or (child.lower_ == "of" and o.pos_ == "PROPN"):
                        out += [_nominal(_frame(stem(token.lemma_.lower()), AGENT, t)) for t in _with_conjuncts(o)]
                    elif child.lower_ in _PARTICIPANT_PREPS:
                        out += [_nominal(f) for f in _prep_frames(stem(token.lemma_.lower()), child)]
    return tuple(f for f in out if f is not None)


def _worth_parsing(claim: Slots, unit: Slots, lexical: float) -> bool:
    """Words suggest a role change: each names something the other lacks, or the claim reuses
    nearly all of the unit's words (a swap keeps the words)."""
    claim_names = frozenset().union(*(stem_set(n) for n in claim.names))
    unit_names = frozenset().union(*(stem_set(n) for n in unit.names))
    substituted = bool(claim_names - unit.name_tokens) and bool(unit_names - claim.name_tokens)
    return substituted or lexical >= _SWAP_LEXICAL


def _same_other_role(claim_frames, unit_frames, verb: str, role: str) -> bool:
    """Where both sides fill the verb's other role, they fill it alike (same act, other actor)."""
    mine = [f.filler for f in claim_frames if f.verb == verb and f.role == role]
    theirs = [f.filler for f in unit_frames if f.verb == verb and f.role == role]
    return not mine or not theirs or any(a & b for a in mine for b in theirs)


def _elsewhere(c: Frame, unit_frames) -> bool:
    """The unit gives the claim's filler a role of another verb ("operated by X ..., which sets")."""
    return any(f.filler & c.filler for f in unit_frames if f.verb != c.verb)


def _abbreviates(a: str, b: str) -> bool:
    """ "CFO" for "the Chief Financial Officer" (either way): initials, not another person."""
    def initials(text: str) -> str:
        return "".join(w[0] for w in text.split() if w[:1].isupper())

    def short(text: str) -> str:
        return "".join(w for w in text.split() if w.isupper() and len(w) >= 2)

    return bool(short(a)) and short(a) == initials(b) or bool(short(b)) and short(b) == initials(a)


def stem_set(name: str) -> frozenset[str]:
    return frozenset(stem(w.lower()) for w in name.split())


def role_conflict(
    claim: Slots,
    unit: EvidenceUnit,
    unit_slots: Slots,
    lexical: float,
    passage_words: frozenset[str],
    lexicon: Lexicon,
    similarity: float | None = None,
) -> SlotMismatch | None:
    """The mismatch when the claim fills a role of one of the unit's verbs otherwise (module's why)."""
    if not _worth_parsing(claim, unit_slots, lexical):
        return None
    claim_frames, unit_frames = frames(claim.text), frames(unit.text)
    if not claim_frames or not unit_frames:
        return None
    claim_words, unit_words = claim.name_tokens, unit_slots.name_tokens
    # the unit says what the claim says but for the role: most of its words, or half and the meaning
    close = lexical >= _SWAP_LEXICAL or lexical + (similarity or 0.0) >= _CLOSE_EVIDENCE
    for c in claim_frames:
        mine = [f for f in claim_frames if f.verb == c.verb and f.role == c.role]
        rivals = [u for u in unit_frames if u.verb == c.verb and u.role == c.role]
        if not rivals or any(u.filler & f.filler for u in rivals for f in mine):
            continue  # the claim gives the unit's filler too ("X and Y were arrested")
        other = AGENT if c.role == PATIENT else PATIENT
        # the claim's name is nowhere in the passage: the claim is unsupported for it already, and the
        # unit naming someone else in the role makes it a contradiction (no closeness needed)
        absent = not (c.filler <= passage_words)
        for u in rivals:
            if _abbreviates(c.surface, u.surface):
                continue
            exchanged = any(
                f.filler & c.filler for f in unit_frames if f.verb == c.verb and f.role == other
            ) and any(f.filler & u.filler for f in claim_frames if f.verb == c.verb and f.role == other)
            names_swapped = (
                close and c.proper and u.proper and c.filler <= unit_words and u.filler <= claim_words
            )
            # a place or participant after a preposition is often named at another grain ("Hickory" /
            # "North Carolina", "NYC" / "New York City"): replaced only when the claim's name is absent
            prep_role = c.role.startswith("prep:")
            replaced = (
                ((close and not prep_role) or absent)
                and c.proper
                and u.proper
                and not (u.filler & claim_words)
                # the claim's name absent from the unit, or moved there from another role of another verb
                and (not (c.filler & unit_words) or (close and _elsewhere(c, unit_frames)))
                and _same_other_role(claim_frames, unit_frames, c.verb, other)
            )
            swapped = exchanged or names_swapped
            if not (swapped or replaced):
                continue
            how = "swapped" if swapped else "replaced"
            return _role_mismatch(c, u, unit, f" (roles {how})")
    return None


_ELSEWHERE_POOL = 5
_LABEL_WORDS = 8  # "Written by Tomás Ibarra (research technician)": a line naming an act and its doer


def _same_thing_done(claim_frames, unit_frames, unit_text: str, verb: str, other: str) -> bool:
    """The unit's act is the claim's: both name the same other role, or the unit is a short label
    line that names only the act and its doer (the document's own subject is implied).

    Why so strict: summaries name several speakers, reporters and actors of one verb ("the Saudis
    say", "Hadi says"); a longer unit filling the verb for someone else is usually another event.
    """
    mine = [f.filler for f in claim_frames if f.verb == verb and f.role == other]
    theirs = [f.filler for f in unit_frames if f.verb == verb and f.role == other]
    if mine and theirs:
        return any(a & b for a in mine for b in theirs)
    return not theirs and len(unit_text.split()) <= _LABEL_WORDS

def role_elsewhere(claim: Slots, candidates: list[EvidenceUnit]) -> SlotMismatch | None:
    """A unit among the best aligned gives the claim's act to another named doer.

    "Protocol LP-07 was written by Dr Helen Marsh" against "Written by Tomás Ibarra" (a unit
    other than the best one, which mentions Dr Marsh as the approver): the verb and role are the
    claim's, the filler another name the claim does not mention, and the unit's other role is
    empty or the claim's. A unit that gives the claim's own filler for the act excuses it.
    """
    claim_frames = frames(claim.text)
    named = [c for c in claim_frames if c.proper and c.role != PATIENT and not c.nominal]
    if not named:
        return None
    claim_words = claim.name_tokens
    for c in named:
        other = AGENT if c.role == PATIENT else PATIENT
        rivals = []
        for unit in candidates[:_ELSEWHERE_POOL]:
            unit_frames = frames(unit.text)
            same = [u for u in unit_frames if u.verb == c.verb and u.role == c.role and not u.nominal]
            if any(u.filler & c.filler for u in same):
                return None  # a unit gives the claim's filler for the act
            rivals += [
                (unit, u)
                for u in same
                if u.proper
                and not (u.filler & claim_words)
                and not _abbreviates(c.surface, u.surface)
                and _same_thing_done(claim_frames, unit_frames, unit.text, c.verb, other)
            ]
        if rivals:
            unit, u = rivals[0]
            return _role_mismatch(c, u, unit)
    return None


def _role_mismatch(c: Frame, u: Frame, unit: EvidenceUnit, why: str = "") -> SlotMismatch:
    """Claim filler ``c`` where the unit gives ``u`` in the same role of the same verb."""
    explanation = f"the evidence gives {u.surface} as the {c.role} of '{c.verb}', not {c.surface}{why}"
    return contradiction(SlotKind.entity, c.surface, u.surface, unit, explanation, anchor=c.role)


# the unit must say nearly all the claim says for a common-noun actor to be compared: unlike a
# name, a common noun ("the team", "staff") is often a paraphrase of another one
_ACTOR_LEXICAL = 0.6
# heads of a "by" phrase that give a time or a means, not a doer ("returned by the end of the
# month", "paid by direct debit", "sent by post"): never compared as parties
_NOT_PARTIES = frozenset(
    stem(w)
    for w in "end start beginning close deadline time date day week month year noon midnight hand post "
    "mail email e-mail phone telephone cheque card transfer debit order bank courier fax".split()
)


def actor_replaced(
    claim: Slots, unit: EvidenceUnit, lexical: float, units: Sequence[EvidenceUnit]
) -> SlotMismatch | None:
    """The unit's act given to another of the document's actors, named by a common noun.

    "The tenant pays the buildings insurance" against "The landlord pays the buildings
    insurance"; "the incident commander approves every rollback" against "the on-call engineer
    approves every rollback". Both doers are common nouns (a name against a description may be
    the same party: "the company" for "Acme"), the act is the same verb with the same object
    (or none on either side), the claim never mentions the unit's doer, the unit never mentions
    the claim's, and the claim's doer is itself a doer somewhere in the document: an actor the
    document knows, moved onto an act it gives to another (a noun the document never uses as a
    doer is more likely a paraphrase, or unsupported, not a swap).
    """
    if lexical < _ACTOR_LEXICAL:
        return None
    claim_frames, unit_frames = frames(claim.text), frames(unit.text)
    claim_stems, unit_stems = all_stems(claim.text), all_stems(unit.text)
    for c in claim_frames:
        if c.role != AGENT or c.proper or c.nominal or c.filler <= unit_stems or c.filler & _NOT_PARTIES:
            continue
        mine = [f.filler for f in claim_frames if f.verb == c.verb and f.role == AGENT]
        rivals = [u for u in unit_frames if u.verb == c.verb and u.role == AGENT and not u.nominal]
        if not rivals or any(u.filler & m for u in rivals for m in mine):
            continue
        for u in rivals:
            if u.proper or u.filler & _NOT_PARTIES or u.filler <= claim_stems:
                continue
            if not _same_patient(claim_frames, unit_frames, c.verb):
                continue
            # a spelling variant ("Protesters" / "Protestors"); an event ("the attack" / "the blast")
            if _same_word(c.surface, u.surface) or not (_person_like(c.surface) or _person_like(u.surface)):
                continue
            if _is_actor(c.filler, units):
                return _role_mismatch(c, u, unit, " (another party of the document)")
    return None


# endings of nouns for people by what they do (tenant, engineer, pharmacist, employee, doctor,
# librarian, secretary): one of the two doers must read as a person's role, so that two words for
# one event ("the attack" / "the blast targeted") are not taken for two parties
_PERSON_ENDINGS = (
    "er", "ers", "or", "ors", "ist", "ists", "ant", "ants",
    "ent", "ents", "ee", "ees", "ian", "ians", "ary", "aries",
)


def _person_like(surface: str) -> bool:
    head = surface.split()[-1].lower() if surface.split() else ""
    return len(head) > 4 and head.endswith(_PERSON_ENDINGS)


def _same_word(a: str, b: str) -> bool:
    """Two spellings of one word ("protesters" / "protestors")."""
    return SequenceMatcher(None, a.lower(), b.lower()).ratio() >= 0.85


def _same_patient(claim_frames, unit_frames, verb: str) -> bool:
    """Both sides give the verb the same object, or one side gives none (the parse may miss it:
    "lower the shingles dose" read as a verb "dose"; the unit's closeness stands for it)."""
    mine = [f.filler for f in claim_frames if f.verb == verb and f.role == PATIENT]
    theirs = [f.filler for f in unit_frames if f.verb == verb and f.role == PATIENT]
    if not mine or not theirs:
        return True
    return any(a & b for a in mine for b in theirs)


def _is_actor(filler: frozenset[str], units: Sequence[EvidenceUnit]) -> bool:
    """Some unit of the document has ``filler`` do something or have something done to it ("ask
    your pharmacist"): a party of the document (parsed only where its words are)."""
    for unit in units:
        if filler <= all_stems(unit.text) and any(
            f.role in (AGENT, PATIENT) and filler <= f.filler for f in frames(unit.text)
        ):
            return True
    return False
