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

import re
from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import contradiction
from guard.facts.predicates import NEGATIVE_STATUSES, predicates
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch
from guard.language import parse
from guard.wordnet import inflection_bases, load_wordnet

__all__ = [
    "AGENT",
    "NOT_PARTIES",
    "PATIENT",
    "PRO_VERB",
    "Frame",
    "abbreviates",
    "act_denied",
    "actor_replaced",
    "frames",
    "is_actor",
    "person_like",
    "role_conflict",
    "role_mismatch",
]


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
    # "either party", "each tenant", "neither side": every member of a set, not one party
    quantified: bool = False
    # words that narrow the filler without naming it: "lead" in "the lead tenant"
    modifiers: frozenset[str] = frozenset()
    aliases: frozenset[str] = frozenset()  # the filler's words and its apposition's
    # the verb's token index: frames of one act share it ("the Bookings Team deals with bookings, and
    # the Centre Manager deals with refunds": two acts of one verb, each with its own doer)
    at: int | None = None


def _filler_tokens(token) -> list:
    """The head and the words that name it with it: compounds, flat names, "Head of Security"."""
    out = [token]
    for child in token.children:
        if child.dep_ in ("compound", "flat", "nmod") and child.pos_ in ("PROPN", "NOUN"):
            out.append(child)
        elif child.dep_ == "prep" and child.lower_ == "of" and token.pos_ == "PROPN":
            out += [g for g in child.children if g.dep_ == "pobj" and g.pos_ == "PROPN"]
    return out


def _frame(verb: str, role: str, token, at: int | None = None) -> Frame | None:
    if token.pos_ in ("PRON", "NUM") or token.lower_ in _RELATIVE:
        return None  # "which", "it", "you": the filler is elsewhere; no claim on it here
    tokens = [t for t in _filler_tokens(token) if not _clause_number(t)]
    if not tokens:
        return None  # the filler is the label itself ("1. Parking"): no party
    if any(t.pos_ == "NUM" or t.lower_ in _CALENDAR for t in tokens) or any(
        c.pos_ == "NUM" and not _clause_number(c) for c in token.children
    ):
        return None  # "used by 31 March": a date or a number, compared as such elsewhere
    start = min(t.i for t in tokens)
    end = max(t.i for t in tokens) + 1
    surface = token.doc[start:end].text
    words = frozenset(stem(t.lower_) for t in tokens)
    # an apposition names the same party twice ("Carys Penhale, the Independent Reviewer")
    appos = frozenset(stem(t.lower_) for a in token.children if a.dep_ == "appos" for t in _filler_tokens(a))
    return Frame(
        verb=verb,
        role=role,
        filler=words - _HONORIFICS if words - _HONORIFICS else words,
        surface=surface,
        # the tagger calls a lowercase noun after a name a proper noun ("the building control surveyor"): a
        # name is written with a capital
        proper=token.pos_ == "PROPN" and not token.text.islower(),
        quantified=any(c.dep_ in ("det", "preconj") and c.lower_ in _SET_WORDS for c in token.children),
        modifiers=frozenset(stem(c.lower_) for c in token.children if c.dep_ in ("amod", "compound")),
        aliases=(words | appos) - _HONORIFICS,
        at=at,
    )


# a numbered clause's label ("1.1 The club's secretary ...", "3. The tenant ..."): the parse hangs it on the
# subject as a number, yet it counts nothing
_CLAUSE_NUMBER = re.compile(r"\(?\d+(?:\.\d+)*[.)]?|\(?[a-z]\)")


def _clause_number(token) -> bool:
    return token.i == 0 and bool(_CLAUSE_NUMBER.fullmatch(token.text))


_SET_WORDS = frozenset({"either", "each", "both", "any", "every", "all", "neither"})


# prepositions whose object is a participant or a place of the act; compared only when named
_PARTICIPANT_PREPS = frozenset({"to", "from", "with", "for", "after", "in", "at", "into", "towards"})


_PARTY_PREPS = frozenset({"to", "for", "from"})


def _prep_frames(verb: str, prep, common: bool = False) -> list[Frame | None]:
    """Named objects of a preposition, as the role ``prep:<word>`` (common nouns are left out:
    "the footage" / "the incident" paraphrase each other too often, unless ``common``)."""
    # a common noun is a party after a preposition of a recipient, beneficiary or source ("give it to
    # the tenant", "find for the tenant"); after "with", "in", "at" it is an instrument or a place
    kinds = ("PROPN", "NOUN") if common and prep.lower_ in _PARTY_PREPS else ("PROPN",)
    objects = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ in kinds]
    return [
        _frame(verb, f"prep:{prep.lower_}", t) for o in objects for t in _with_conjuncts(o) if t.pos_ in kinds
    ]


def _nominal(frame: Frame | None) -> Frame | None:
    return frame.model_copy(update={"nominal": True}) if frame else None


def _with_conjuncts(token) -> list:
    return [token] + [c for c in token.conjuncts]


@lru_cache(maxsize=2048)
def frames(text: str, common: bool = False, acts: bool = False) -> tuple[Frame, ...]:
    """Every (verb, role, filler) of ``text``; empty when no parser is installed.

    ``common``: common nouns after a participant preposition and indirect objects ("give the
    tenant a copy" = "to the tenant") are participants too (for :func:`actor_replaced`, which
    compares parties the document sets apart).
    ``acts`` (with ``common``, for act_binding's "who does this?"): what an act is about when the
    verb has no object (:func:`_act_frames`), the party a cleft sentence names, and the subject a
    verb shares with a copula it is joined to.
    """
    doc = parse(_BOLD.sub(_blank, text))  # the parse predicates.py reads too (one parse for both) unless bold
    if doc is None:
        return ()
    out: list[Frame | None] = []
    for token in doc:
        if _acts_as_verb(token):
            verb = stem(token.lemma_.lower())
            passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in token.children)
            if common:  # the party checks (actor_replaced, act_binding): see _shared_subject
                out += [_frame(verb, AGENT, t, token.i) for t in _shared_subject(token, passive, acts)]
            if common and acts:
                out += _act_frames(verb, token, passive)
                out += _passive_doers(verb, token, passive)
            for child in token.children:
                # "the Council, which sets the fares": the relative pronoun stands for its antecedent
                filler = token.head if child.lower_ in _RELATIVE and token.dep_ == "relcl" else child
                if common and acts and child.lower_ in _RELATIVE and child.dep_ == "nsubj":
                    filler = _cleft_focus(token) or filler
                if child.dep_ == "nsubj" and not passive:
                    out += [_frame(verb, AGENT, t, token.i) for t in _with_conjuncts(filler)]
                elif child.dep_ == "nsubjpass" or child.dep_ == "dobj":
                    out += [_frame(verb, PATIENT, t, token.i) for t in _with_conjuncts(filler)]
                elif child.dep_ == "agent":
                    for by in [child] + [c for c in child.children if c.dep_ == "conj"]:
                        objects = [_one_of(g) if acts else g for g in by.children if g.dep_ == "pobj"]
                        out += [_frame(verb, AGENT, t, token.i) for o in objects for t in _with_conjuncts(o)]
                elif child.dep_ == "prep" and child.lower_ in _PARTICIPANT_PREPS:
                    # "speak to Mrs Adeyemi", "named after the district in London": named participants
                    out += _prep_frames(verb, child, common)
                elif child.dep_ == "dative" and common and child.pos_ in ("NOUN", "PROPN"):
                    out += [_frame(verb, "prep:to", t) for t in _with_conjuncts(child)]
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


# a bold name ("**Keldholme Motor Engineers** service the engine"): the parser reads a "*" as the verb's subject and
# hangs the name on it, so a rule giving the act to the name reads as given to "*"; its markup blanked, the name is
# the subject. A bold label ("**People:** the parks officer inspects ...") is left as it is: what follows it may have
# a subject of its own
_BOLD = re.compile(r"(\*\*|__)([^*_:]+)\1(?!\s*:)")


def _blank(bold: re.Match[str]) -> str:
    marks = " " * len(bold.group(1))  # the same length: fillers' surfaces are read at their offsets
    return f"{marks}{bold.group(2)}{marks}"


# what only a verb governs: a subject, an object, a passive's auxiliary or its "by" phrase
_VERB_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "auxpass", "agent"})


def _acts_as_verb(token) -> bool:
    """A verb, or a verb the tagger read as a noun or an adjective: the small English tagger calls
    "lights", "deals" or "checks" after a subject a plural noun ("The officer lights every fire
    prop") and a participle after "is" an adjective ("the gate is unlocked by the ranger"), while
    its parser still hangs the subject, the object or the "by" phrase on the word. A noun never
    takes those; only a verb does."""
    if token.pos_ == "VERB":
        return True
    return token.pos_ in ("NOUN", "ADJ") and any(c.dep_ in _VERB_DEPS for c in token.children)


# prepositions that take the patient of a verb without an object ("deals with refunds", "looks after
# the keys", "pays for the damage")
_PATIENT_PREPS = frozenset({"with", "after", "for"})
# words that open a clause a verb decides, checks or says ("decides whether a band may ...")
_CLAUSE_OPENERS = frozenset({"whether", "if", "which", "what", "who", "how", "when", "where"})


def _act_frames(verb: str, token, passive: bool) -> list[Frame | None]:
    """What a party's act is about, for the party checks: the object of a preposition when the verb
    has none ("deals with refunds and complaints"), and the things of the clause the verb decides
    ("decides whether a band may plug in its own gear": the band, the gear)."""
    children = list(token.children)
    out: list[Frame | None] = []
    if not passive and not any(c.dep_ == "dobj" for c in children):
        for prep in children:
            if prep.dep_ == "prep" and prep.lower_ in _PATIENT_PREPS:
                objects = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN")]
                out += [_frame(verb, PATIENT, t, token.i) for o in objects for t in _with_conjuncts(o)]
    for clause in children:
        if not _decided_clause(clause, children):
            continue
        things = [c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass", "dobj") and c.pos_ in ("NOUN", "PROPN")]
        out += [_frame(verb, PATIENT, t, token.i) for o in things for t in _with_conjuncts(o)]
    return out


def _decided_clause(clause, siblings: list) -> bool:
    """The clause is what the verb decides, checks or says: a complement clause with an opener
    ("decides where a load can be tipped"), or, when the verb has no object of its own, a clause the
    parser hangs on it as an adverbial or an infinitive but that its own opener marks as the
    question decided ("decides when the cast can come off", "decides whether to add desmopressin").
    A time clause of a verb with an object ("checks the tyres when the car arrives") is not one."""
    if clause.dep_ == "ccomp":
        return any(t.lower_ in _CLAUSE_OPENERS for t in clause.subtree)
    if clause.dep_ not in ("advcl", "xcomp") or any(c.dep_ == "dobj" for c in siblings):
        return False
    return any(c.dep_ in ("mark", "advmod") and c.lower_ in _CLAUSE_OPENERS for c in clause.children)


def _one_of(token):
    """ "carried out by one of our vets": the party is the vets, one of whom does the act."""
    if token.lower_ != "one":
        return token
    of = next((c for c in token.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    return next((g for g in of.children if g.dep_ == "pobj"), token) if of is not None else token


def _passive_doers(verb: str, token, passive: bool) -> list[Frame | None]:
    """The doer and subject a passive verb's parse leaves elsewhere: a doer hung on a noun of its phrase
    (:func:`_misplaced_doers`), and two passive verbs sharing one subject and one doer ("your flow rate is
    set and reviewed by the respiratory nurse": the parse gives the subject to "set" and the doer to
    "reviewed" only; each is both verbs')."""
    out: list[Frame | None] = []
    if passive and not any(c.dep_ == "agent" for c in token.children):
        out += [_frame(verb, AGENT, t, token.i) for t in _misplaced_doers(token)]
        for joined in token.children:
            if joined.dep_ != "conj" or joined.pos_ != "VERB" or joined.tag_ != "VBN":
                continue
            if any(c.dep_ in ("nsubj", "nsubjpass") for c in joined.children):
                continue
            for by in (c for c in joined.children if c.dep_ == "agent"):
                objects = [_one_of(g) for g in by.children if g.dep_ == "pobj"]
                out += [_frame(verb, AGENT, t, token.i) for o in objects for t in _with_conjuncts(o)]
    head = token.head
    if token.dep_ == "conj" and token.tag_ == "VBN" and head.pos_ == "VERB" and not any(
        c.dep_ in ("nsubj", "nsubjpass") for c in token.children
    ):
        subjects = [c for c in head.children if c.dep_ == "nsubjpass" and c.lower_ not in _RELATIVE]
        out += [_frame(verb, PATIENT, t, token.i) for s in subjects for t in _with_conjuncts(s)]
    return out


def _misplaced_doers(verb) -> list:
    """The doer of a passive verb that the parse hangs on a noun of the verb's own phrase: "attached with a
    paste by a clinical physiologist", "collected for silver recovery by the darkroom technician"."""
    out = []
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ == "by":
            continue
        for noun in (g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"):
            for by in (c for c in noun.children if c.dep_ == "prep" and c.lower_ == "by"):
                out += [t for g in by.children if g.dep_ == "pobj" for t in _with_conjuncts(_one_of(g))]
    return out


def _cleft_focus(verb):
    """The party a cleft sentence puts in focus: "It's the shop manager who decides" (the parse hangs
    "who decides" on "'s" as a clause, not on "manager")."""
    head = verb.head
    if verb.dep_ != "ccomp" or head.lemma_ != "be" or not any(c.lower_ == "it" for c in head.children):
        return None
    return next((c for c in head.children if c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN")), None)


def _shared_subject(verb, passive: bool, copula: bool = False) -> list:
    """The subject a coordinated verb shares with the verb it is joined to: in "The specialist
    starts Castrelin and decides the dose" the parse hangs "specialist" on "starts" only, yet it
    is the doer of "decides" too. Active verbs on both sides only (a passive changes the role);
    a verb with a subject of its own keeps it. Read for the party checks only (``common``): the
    name-against-name check (:func:`role_conflict`) kept its frames, as news sentences joining two
    events of one subject ("X supports ISIS and has taken over parts of Iraq") flagged a clean
    RAGTruth sentence once the second verb got the subject."""
    head = verb.head
    # with ``copula``: "The engineer is in charge of the equipment and decides ...", a copula's subject too
    if verb.dep_ != "conj" or head.pos_ not in (("VERB", "AUX") if copula else ("VERB",)) or passive:
        return []
    if any(c.dep_ in ("nsubj", "nsubjpass", "csubj", "expl") for c in verb.children):
        return []
    relative = _relative_before(verb)
    if relative is not None:
        return _with_conjuncts(relative)
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in head.children):
        return []
    subjects = [c for c in head.children if c.dep_ == "nsubj" and c.lower_ not in _RELATIVE]
    return [t for s in subjects for t in _with_conjuncts(s)]


def _relative_before(verb):
    """The antecedent of a relative clause the verb continues: "Grace Tallis, who examines each item and
    writes the estimate" (joined to "examines", whose subject is "who"), and "run by Grace Tenby, who
    signs agreements, sets the fees and sends invoices", where the parse joins "sets" to "run" across the
    relative clause. The relative verb must stand between the verb's head and the verb, or be its head."""
    for other in verb.doc[verb.head.i : verb.i]:
        if other.dep_ == "relcl" and other.pos_ == "VERB" and any(
            c.dep_ == "nsubj" and c.lower_ in _RELATIVE for c in other.children
        ):
            return other.head
    # "sets the fees and sends invoices": a verb joined to one that continues the relative clause
    return _relative_before(verb.head) if verb.head.dep_ == "conj" and verb.head.i < verb.i else None


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


def abbreviates(a: str, b: str) -> bool:
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
        if not rivals or any((u.aliases or u.filler) & (f.aliases or f.filler) for u in rivals for f in mine):
            continue  # the claim gives the unit's filler too ("X and Y were arrested"), or names it otherwise
        other = AGENT if c.role == PATIENT else PATIENT
        # the claim's name is nowhere in the passage: the claim is unsupported for it already, and the
        # unit naming someone else in the role makes it a contradiction (no closeness needed)
        absent = not (c.filler <= passage_words)
        for u in rivals:
            if abbreviates(c.surface, u.surface):
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
            return role_mismatch(c, u, unit, f" (roles {how})")
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
                and not abbreviates(c.surface, u.surface)
                and _same_thing_done(claim_frames, unit_frames, unit.text, c.verb, other)
            ]
        if rivals:
            unit, u = rivals[0]
            return role_mismatch(c, u, unit)
    return None


def role_mismatch(c: Frame, u: Frame, unit: EvidenceUnit, why: str = "") -> SlotMismatch:
    """Claim filler ``c`` where the unit gives ``u`` in the same role of the same verb."""
    explanation = f"the evidence gives {u.surface} as the {c.role} of '{c.verb}', not {c.surface}{why}"
    return contradiction(SlotKind.entity, c.surface, u.surface, unit, explanation, anchor=c.role)


# the unit must say nearly all the claim says for a common-noun actor to be compared: unlike a
# name, a common noun ("the team", "staff") is often a paraphrase of another one
_ACTOR_LEXICAL = 0.6
# heads of a "by" phrase that give a time or a means, not a doer ("returned by the end of the
# month", "paid by direct debit", "sent by post"): never compared as parties
NOT_PARTIES = frozenset(
    stem(w)
    for w in "end start beginning close deadline time date day week month year noon midnight hand post "
    "mail email e-mail phone telephone cheque card transfer debit order bank courier fax".split()
)


def actor_replaced(
    claim: Slots, unit: EvidenceUnit, lexical: float, units: Sequence[EvidenceUnit]
) -> SlotMismatch | None:
    """The unit's act given to another of the document's actors.

    "The tenant pays the buildings insurance" against "The landlord pays the buildings
    insurance"; "the incident commander approves every rollback" against "the on-call engineer
    approves every rollback". The act is the same verb with the same object (or none on either
    side), the claim never mentions the unit's doer, and the two doers are two parties:

    - both common nouns, one reading as a person's role, the unit never naming the claim's doer,
      which is itself a doer somewhere in the document (a noun the document never uses as a
      doer is more likely a paraphrase, or unsupported, not a swap); or
    - the document itself sets the two apart: some sentence gives both a part in one act ("The
      landlord must pay the deposit to Fairlet", "the landlord and the tenant should agree";
      :func:`_distinct_parties`). Then a name against a description counts ("appointed by the
      landlord" / "appointed by Fairlet"), a participant after a preposition counts ("find for the
      landlord" / "find for the tenant"), and the unit may name the claim's doer in another act
      ("The landlord must provide evidence ...; the tenant is not required to ...").

    A unit doer that stands for a set ("either party may ask", "neither party pays") is not
    another party: the claim names one of its members.
    """
    if lexical < _ACTOR_LEXICAL:
        return None
    claim_frames, unit_frames = frames(claim.text, True), frames(unit.text, True)
    claim_stems, unit_stems = all_stems(claim.text), all_stems(unit.text)
    for c in claim_frames:
        if c.role == PATIENT or c.nominal or c.filler & NOT_PARTIES:
            continue
        mine = [f.filler for f in claim_frames if f.verb == c.verb and f.role == c.role]
        rivals = [u for u in unit_frames if u.verb == c.verb and u.role == c.role and not u.nominal]
        if not rivals or any(u.filler & m for u in rivals for m in mine):
            continue
        for u in rivals:
            if u.quantified or u.filler & NOT_PARTIES or (u.filler | u.modifiers) <= claim_stems:
                continue
            if not _same_patient(claim_frames, unit_frames, c.verb) or _same_word(c.surface, u.surface):
                continue
            if _accompanies(c, unit.text):
                continue  # "Children under 12 must walk the trail with an adult": the adult walks it too
            apart = _distinct_parties(c.filler, u.filler, units) or _named_apart(
                unit.text, c.filler, u.filler
            )
            # a denied act ("A guarantor cannot raise a dispute") gives its doer no part in the unit's
            in_act = _in_act(c, claim_frames, unit_frames)
            if apart and _a_party(c, u) and not in_act and not act_denied(claim.text, c.verb):
                return role_mismatch(c, u, unit, " (another party of the document)")
            if _two_roles(c, u, unit_stems, claim_stems) and is_actor(c.filler, units):
                return role_mismatch(c, u, unit, " (another party of the document)")
    return None


# "with an adult", "with their carer": the party a unit has share the act
_WITH = r"\bwith\s+(?:(?:a|an|the|their|his|her|its|your|our)\s+)?"


def _accompanies(c: Frame, unit_text: str) -> bool:
    """The unit has the claim's doer take part in the act with its own doer ("walk the trail with an
    adult"), so a claim that names it as the doer ("if an adult walks with her") gives it no other
    party's act."""
    head = c.surface.split()[-1] if c.surface.split() else ""
    return bool(head) and re.search(_WITH + re.escape(head) + r"\b", unit_text, re.I) is not None


def _two_roles(c: Frame, u: Frame, unit_stems: frozenset[str], claim_stems: frozenset[str]) -> bool:
    """Two common-noun doers, one a person's role ("the attack" / "the blast" are one event),
    neither text naming the other's doer."""
    if c.role != AGENT or c.proper or u.proper or c.filler <= unit_stems or u.filler <= claim_stems:
        return False
    return person_like(c.surface) or person_like(u.surface)


def act_denied(text: str, verb: str) -> bool:
    """The text denies or forbids the act ("cannot raise", "does not pay")."""
    return any(p.lemma == verb and p.status in NEGATIVE_STATUSES and p.contrast is None for p in predicates(text))


def _a_party(c: Frame, u: Frame) -> bool:
    """One of the two is a name or a person's role: "the storm" / "the forecast projection", "videos"
    / "a series" fill one act's role in two sentences without being parties to anything."""
    return c.proper or u.proper or person_like(c.surface) or person_like(u.surface)


def _in_act(c: Frame, claim_frames, unit_frames) -> bool:
    """The unit gives the claim's filler a part in the act itself, or the claim's role in another act
    on the same object (the unit's "an agent may do so" restates the act; "the landlord covers the
    insurance" restates "pays" it): then the claim moved no one.

    Not the claim's role in an act on another object: "The posts are set in concrete by Haldon
    Groundworks. ... the motors wired by Ironmere's own installers" gives Haldon the posts, and a claim
    that Haldon wires the motors moved the wiring to it.
    """
    for f in unit_frames:
        if not f.filler & c.filler:
            continue
        if f.verb in (c.verb, PRO_VERB):
            return True
        if f.role == c.role and _objects_meet(claim_frames, c.verb, unit_frames, f.verb):
            return True
    return False


def _objects_meet(claim_frames, verb: str, unit_frames, other: str) -> bool:
    """The unit's other act takes the claim's object, or none the parse found (it may have hung the
    doer on the wrong word: "checked before each trip by the equipment officer")."""
    mine = [f.filler for f in claim_frames if f.verb == verb and f.role == PATIENT]
    theirs = [f.filler for f in unit_frames if f.verb == other and f.role == PATIENT]
    if not theirs:
        return True
    return any(a & b for a in mine for b in theirs)


PRO_VERB = "do"  # "an agent may do so", "the tenant does": the act of the sentence said again


def _named_apart(text: str, a: frozenset[str], b: frozenset[str]) -> bool:
    """The unit itself names both as nouns of their own, neither an apposition nor a part of the
    other ("Where the landlord's evidence does not show ..., the adjudicator will usually find for
    the tenant"): a sentence that reuses its words with one put in the other's place moved a party."""
    doc = parse(text)
    if doc is None:
        return False
    nouns = [t for t in doc if t.pos_ in ("NOUN", "PROPN") and t.dep_ not in ("compound", "appos")]
    has_a = [t for t in nouns if stem(t.lower_) in a]
    has_b = [t for t in nouns if stem(t.lower_) in b]
    return any(x.i != y.i and x.head is not y and y.head is not x for x in has_a for y in has_b)


def _distinct_parties(a: frozenset[str], b: frozenset[str], units: Sequence[EvidenceUnit]) -> bool:
    """Some sentence of the document gives ``a`` and ``b`` each a part in one act: two parties.

    Why one act: two fillers of one verb are two participants ("The landlord must pay the deposit
    to Fairlet"; "the landlord or the tenant can raise a dispute"), while two words for one party
    fill roles of different verbs ("Acme hires staff; the company pays them").
    """
    for unit in units:
        stems = all_stems(unit.text)
        if not (a <= stems and b <= stems):
            continue
        found = [f for f in frames(unit.text, True) if f.filler & (a | b)]
        for f in found:
            if a <= f.filler and not (b & f.filler) and any(
                g.verb == f.verb and b <= g.filler and not (a & g.filler) for g in found
            ):
                return True
    return False


# endings of nouns for people by what they do (tenant, engineer, pharmacist, employee, doctor,
# librarian, secretary): one of the two doers must read as a person's role, so that two words for
# one event ("the attack" / "the blast targeted") are not taken for two parties
_PERSON_ENDINGS = (
    "er", "ers", "or", "ors", "ist", "ists", "ant", "ants",
    "ent", "ents", "ee", "ees", "ian", "ians", "ary", "aries",
)


# nouns for a person or a body by its role that the endings above miss (a closed class: care and
# health roles, officials, groups and bodies that act in a document's rules): "the specialist nurse"
# against "your GP", "the harbour office" against "the harbour master", "the triage team"
_PARTY_NOUNS = frozenset(
    "nurse gp gps midwife surgeon vet vets coach captain chair chairperson steward stewards lifeguard "
    "guard guards parent parents carer child pupil staff police council committee board panel team "
    "office authority agency department court tribunal bank company firm charity union school clinic "
    "pharmacy mechanic mechanics registrar registrars paralegal paralegals clerk clerks crew".split()
)


def person_like(surface: str) -> bool:
    head = surface.split()[-1].lower() if surface.split() else ""
    return (
        (len(head) > 4 and head.endswith(_PERSON_ENDINGS))
        or head in _PARTY_NOUNS
        or _names_a_person(head)
    )


_PERSON_FILE = 18  # WordNet's lexicographer file noun.person


@lru_cache(maxsize=4096)
def _names_a_person(word: str) -> bool:
    """WordNet's most frequent sense of the word (of its singular, for a plural WordNet knows as such) is a
    person: "warden", "marshals", "the site foreman", "the tour guide", the "user" (words no ending marks). Not
    the word's other senses ("lead" is first a lead in a race) nor a surname a plural spells ("parks")."""
    wordnet = load_wordnet()
    if wordnet is None or not word.isalpha():
        return False
    for base in sorted(inflection_bases(word) - {word}) + [word]:
        files = wordnet.sense_files(base, "n", senses=1)
        if files:
            return files[0] == _PERSON_FILE
    return False


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


def is_actor(filler: frozenset[str], units: Sequence[EvidenceUnit]) -> bool:
    """Some unit of the document has ``filler`` do something or have something done to it ("ask
    your pharmacist"): a party of the document (parsed only where its words are)."""
    for unit in units:
        if filler <= all_stems(unit.text) and (
            any(f.role in (AGENT, PATIENT) and filler <= f.filler for f in frames(unit.text))
            or _opens_sentence(unit.text, filler)
        ):
            return True
    return False


def _opens_sentence(text: str, filler: frozenset[str]) -> bool:
    """The filler is the subject of a sentence whose verb the small parser read as a noun ("The
    lesson coordinator, Dana Whitlock, handles bookings" parsed with "handles" as a compound): the
    sentence's root is the filler's head noun, with the rest hanging on it. A party all the same."""
    doc = parse(text)
    if doc is None:
        return False
    for token in doc:
        if token.dep_ in ("ROOT", "nsubj", "nsubjpass") and token.pos_ in ("NOUN", "PROPN"):
            # the nouns before the head ("Your community pharmacist checks", read as one noun phrase)
            # and an apposition ("The lesson coordinator, Dana Whitlock,")
            named = [token] + [c for c in token.children if c.dep_ == "appos"]
            words = frozenset(
                stem(t.lower_)
                for n in named
                for t in n.subtree
                if (t.i <= n.i or n is not token) and t.pos_ in ("NOUN", "PROPN")
            )
            if filler <= words and (token.dep_ != "ROOT" or token.i <= 3):
                return True
    return False
