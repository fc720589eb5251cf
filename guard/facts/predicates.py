"""Polarity and deontic force of one predicate, read from the dependency parse and compared only
on the same predicate with the same arguments.

Why a parse: the word-window reading of negation (polarity.py) asks whether a "not" sits
within four words of a shared word. It cannot tell "Children who cannot swim may still take
part" (a negated relative clause, a permitted main verb) from "Children who cannot swim will not
be allowed to go" (a forbidden main verb), nor "No one may approve their own claim" (a
prohibition carried by the subject's determiner) from "Managers may approve their own claims",
nor "the manager fails to reply" from "the manager replies". Here each verb of a sentence gets

- its *status*: a plain statement said or denied, or a deontic force (required, advised,
  allowed, optional, advised against, forbidden) from its own modal ("must", "should", "may",
  "need not"), from the control verb above it ("is required to", "is not allowed to", "fails
  to", "refuses to", "avoid"), from a negation ("not", "never", "no one", "none of"), and
  from deontic adjectives ("is optional", "is mandatory", "is prohibited");
- its *arguments*: agent (active subject, passive "by" phrase, the antecedent of a relative
  clause, the controller of an infinitive), patient (object, passive subject) and each
  prepositional object under its preposition ("to the line manager", "with food").

A claim contradicts a unit when one of its predicates meets a unit predicate of the same lemma
(or two light verbs, "go canoeing" / "take part in canoeing", whose complements share a word),
every argument role both fill is filled by overlapping words (a quantified "no one", "anyone"
fills any), at least one role agrees, and the two statuses cannot both hold: said vs denied,
required or allowed vs forbidden, required vs optional, required vs merely allowed. Conditions
and exceptions are left alone (a predicate under "if/unless/when", or a unit whose rule has
"unless/except" against a claim with "if"), and so are questions.

Cost: the parser (10-35 ms a sentence on the 2-core target) runs on the claim and on at most
three strongly aligned units, only when the claim and the unit differ in a polarity or modal
word (otherwise their statuses cannot differ); parses are cached by text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from guard.facts.lexicon import Lexicon
from guard.facts.modal_clash import permits_alternatives
from guard.facts.slots import stem
from guard.language import parse

__all__ = [
    "Agreement", "Predicate", "Status", "same_act", "agrees", "clash", "conflicting", "contrasted_phrase", "describe",
    "predicates", "status_words_differ",
]


class Status(str, Enum):
    said = "said"
    denied = "denied"
    required = "required"
    advised = "advised"
    allowed = "allowed"
    optional = "optional"  # not required: "need not", "is optional", "does not have to"
    advised_against = "advised against"
    forbidden = "forbidden"


_POSITIVE = frozenset({Status.said, Status.required, Status.advised, Status.allowed})
_NEGATIVE = frozenset({Status.denied, Status.advised_against, Status.forbidden})
NEGATIVE_STATUSES = _NEGATIVE  # statuses that say no to the act (roles.py reads them)


class Predicate(BaseModel):
    """One verb of a text with its status and its arguments (stems per role)."""

    model_config = ConfigDict(frozen=True)

    lemma: str  # stem of the lemma
    status: Status
    explicit: bool  # the force comes from a modal word or a deontic verb/adjective, not an imperative
    args: tuple[tuple[str, frozenset[str]], ...]  # (role, stems of the filler); "*" = anyone
    complement: frozenset[str]  # stems of the words the predicate governs (objects, prep objects)
    conditional: bool  # under "if / unless / when / whether", or a question
    surface: str
    phrase: bool = False  # a verb inside a prepositional phrase ("before changing any treatment")
    main: bool = False  # the sentence's main verb (its root, or a verb joined to it by "and")
    # a gerund that names the act without saying it happens ("mixing it with bleach gives off a toxic
    # gas" neither mixes nor says one may): it may concur with a rule, never clash with one
    named: bool = False
    # the role of a phrase the sentence sets against the verb's own ("at the back, not in the door",
    # "with food, never on an empty stomach"): this predicate is the verb's act with that phrase,
    # denied; None for a predicate read from the verb as it stands
    contrast: str | None = None
    # the verb governs a "before" / "until" clause: denied, it is held off only until that event ("will not take up a
    # stone before the council has shut the verge"), and may happen after it
    until: bool = False

    def role(self, name: str) -> list[frozenset[str]]:
        return [f for r, f in self.args if r == name]


# English words (a language adds its own table; spaCy's parse labels are shared across its models)
_MODALS = {
    "must": Status.required,
    "shall": Status.required,
    "should": Status.advised,
    "ought": Status.advised,
    "may": Status.allowed,
    "might": Status.allowed,
    "can": Status.allowed,
    "ca": Status.allowed,  # "can't" splits into "ca" + "n't"
    "could": Status.allowed,
    "sha": Status.required,  # "shan't"
}
_INSIST = frozenset({"insist", "demand"})  # the act of the clause they govern is required
_NEED = frozenset({"need", "have", "require", "oblige", "compel", "force", "mandate", "expect"})
_PERMIT = frozenset({"allow", "permit", "entitle", "let", "authorise", "authorize", "free"})
_ADVISE = frozenset({"recommend", "advise", "encourage", "urge"})
_FORBID = frozenset({"prohibit", "forbid", "ban", "bar", "prevent"})
_DENY = frozenset({"fail", "refuse", "decline", "avoid", "neglect", "omit", "stop", "cease"})
_BEGIN = frozenset({"start", "begin", "commence"})  # "will not start turning": the act itself is not done
_ABLE = frozenset({"able", "unable"})  # ability said as an adjective: a permission ("can")
# adjectives that are a status of their subject's act ("Attendance is optional")
_DEONTIC_ADJ = {
    "optional": Status.optional,
    "voluntary": Status.optional,
    "mandatory": Status.required,
    "compulsory": Status.required,
    "obligatory": Status.required,
    "required": Status.required,
    "prohibited": Status.forbidden,
    "forbidden": Status.forbidden,
    "allowed": Status.allowed,
    "permitted": Status.allowed,
}
_REFERS = "~"  # the filler of a pronoun: it agrees with any filler of the same role
_PRONOUNS = frozenset({"it", "them", "they", "this", "these", "those"})
_LIGHT = frozenset({"go", "take", "get", "have", "do", "make", "come"})
_NOBODY = frozenset({"nobody", "none", "nothing", "noone"})
_ANYONE = frozenset({"anyone", "anybody", "everyone", "everybody", "all", "any", "someone", "anything"})
_CONDITION_MARKS = frozenset({"if", "unless", "when", "whenever", "while", "whether", "until", "once", "before", "after"})
_EXCEPTION = re.compile(r"\b(?:unless|except|other than|apart from)\b", re.I)
_CONDITION = re.compile(r"\b(?:if|when|provided|as long as)\b", re.I)
_STOP = frozenset("the a an this that these those his her its their your our my of".split())
# words whose difference between two texts can make their statuses differ (cheap gate before parsing)
_STATUS_WORDS = re.compile(
    r"\b(?:not|no|never|none|nobody|cannot|without|must|shall|should|ought|may|might|can|could|need|needs|"
    r"required?|requires|allowed|allow|allows|permitted|permit|optional|mandatory|compulsory|obligatory|"
    r"voluntary|prohibited|forbidden|fails?|refuses?|declines?|avoid|have to|has to)\b|n't\b",
    re.I,
)


def status_words_differ(claim_text: str, unit_text: str) -> bool:
    """The two texts use different polarity or modal words (their statuses may differ)."""
    return _status_words(claim_text) != _status_words(unit_text)


@lru_cache(maxsize=4_096)  # asked for each claim against each rule unit: the same units again and again
def _status_words(text: str) -> frozenset[str]:
    return frozenset(m.group(0).lower().replace("n't", "not") for m in _STATUS_WORDS.finditer(text))


def _filler(token) -> frozenset[str]:
    """Stems of an argument's head and the words naming it with it (compounds, modifiers)."""
    if token.lower_ in _NOBODY or token.lower_ in _ANYONE:
        return frozenset({"*"})
    if token.lower_ == "one" and any(c.lower_ in ("no", "any", "every") for c in token.children):
        return frozenset({"*"})
    if token.lower_ in _PRONOUNS:
        return frozenset({_REFERS})  # "do not crush them": unresolved, it names what its context names
    parts = [token] + [
        c for c in token.children if c.dep_ in ("compound", "amod", "flat", "nmod", "poss") and not c.is_stop
    ]
    return frozenset(stem(t.lower_) for t in parts if t.is_alpha and t.lower_ not in _STOP)


def _negated(token) -> bool:
    return any(
        (c.dep_ == "neg" or (c.dep_ == "advmod" and c.lower_ == "never")) and contrasted_phrase(c) is None
        for c in token.children
    ) or any(_no_longer(c) for c in token.children)


def _no_longer(token) -> bool:
    """"are no longer covered": the parser hangs the "no" on "longer", not on the verb it denies."""
    return token.dep_ == "advmod" and token.lower_ == "longer" and any(
        c.dep_ == "neg" and c.i == token.i - 1 for c in token.children
    )


_CONTRAST_JOINS = frozenset({",", ";", "and", "but", "or"})


def contrasted_phrase(neg):
    """The prepositional phrase a "not" / "never" after a comma or a conjunction sets against the
    verb's own ("Store them in a dry place, not in the bathroom", "..., and never in the freezer"):
    its preposition, or None when the negation is the verb's ("Do not put it in the door")."""
    doc = neg.doc
    if neg.i == 0 or neg.i + 1 >= len(doc) or doc[neg.i - 1].lower_ not in _CONTRAST_JOINS:
        return None
    after = doc[neg.i + 1]
    if after.pos_ != "ADP" or after.dep_ not in ("prep", "conj", "agent"):
        return None
    if neg.head.i == after.i or (after.head.i == neg.head.i and neg.i > neg.head.i):
        return after
    return None


def _contrasts(token) -> list:
    """The prepositions of the phrases set against this verb's own: attached to it, or to a noun it governs."""
    found = []
    for neg in token.subtree:
        if neg.dep_ != "neg" and not (neg.dep_ == "advmod" and neg.lower_ == "never"):
            continue
        phrase = contrasted_phrase(neg)
        verb = _verb_of(phrase) if phrase is not None else None
        if verb is not None and verb.i == token.i and phrase not in found:
            found.append(phrase)
    return found


def _verb_of(token):
    node = token.head
    while node.pos_ != "VERB" and node.head.i != node.i:
        node = node.head
    return node if node.pos_ == "VERB" else None


# the status of an act said one way, said with the contrasted phrase instead ("Pay by card, not in cash")
_CONTRARY = {
    Status.said: Status.denied,
    Status.required: Status.forbidden,
    Status.advised: Status.advised_against,
    Status.allowed: Status.forbidden,
}


def _subject_denies(token) -> bool:
    """ "No one may approve", "No fee applies", "None of the staff may ...": the subject's "no"."""
    for c in _own_subjects(token):
        if any(g.dep_ == "prep" and g.lower_ in ("except", "but") for g in c.children):
            continue  # "No one except the holder can cancel": only the holder can
        if c.lower_ in _NOBODY or any(
            (g.dep_ == "det" and g.lower_ in ("no", "neither"))
            or (g.dep_ == "preconj" and g.lower_ == "neither")
            or _modifier_denied(g)
            for g in c.children
        ):
            return True  # "No one may", "Neither party pays", "Neither the AMA nor the APA recognizes"
    return False


def _own_subjects(token) -> list:
    """The verb's subjects, less a verbless "No dogs in the water," that the parser hung on the next clause's verb as
    a subject with the clause's "and" on it ("No dogs in the water, and dogs on the bank are kept on a lead"); a list
    the parser split ("No rings, bracelets or watches are worn") carries no "and" of its own and stays."""
    subjects = [c for c in token.children if c.dep_ in ("nsubj", "nsubjpass")]
    return [
        s for s in subjects
        if s is subjects[-1] or not any(c.dep_ == "cc" and c.lower_ in ("and", "but") for c in s.children)
    ]


def _modifier_denied(token) -> bool:
    """ "no fibreglass or plastic panel is fitted": the parser hangs the "no" on the first modifier of the noun, not
    on the noun itself."""
    return token.dep_ in ("nmod", "compound", "amod") and any(
        g.dep_ == "det" and g.lower_ == "no" and g.nbor().text != "-" for g in token.children
    )  # not a compound's "no-" ("no-scalpel vasectomies", "a no-claims discount")


def _object_denies(token) -> bool:
    """ "takes no part", "has no effect": the object's "no"."""
    return any(
        c.dep_ == "dobj" and any((g.dep_ == "det" and g.lower_ == "no") or _modifier_denied(g) for g in c.children)
        for c in token.children
    )


def _own_modal(token) -> tuple[Status | None, bool]:
    """(force of the verb's own modal, whether its negation attaches to the modal rather than the verb)."""
    for c in token.children:
        if c.dep_ == "aux" and c.lower_ in _MODALS:
            return _MODALS[c.lower_], False
        if c.dep_ == "aux" and c.lower_ in ("need", "needs"):
            return Status.required, True  # "need not": the requirement is denied
    return None, False


def _compose(force: Status | None, negated: bool, negation_on_modal: bool) -> Status:
    if force is None:
        return Status.denied if negated else Status.said
    if not negated:
        return force
    if negation_on_modal and force is Status.required:
        return Status.optional
    return {
        Status.required: Status.forbidden,  # "must not"
        Status.advised: Status.advised_against,
        Status.allowed: Status.forbidden,  # "may not", "cannot"
        Status.optional: Status.required,
        Status.forbidden: Status.allowed,
    }.get(force, Status.denied)


def _status(token) -> tuple[Status, bool]:
    """The verb's status and whether it is explicit (a modal or deontic word, not an imperative)."""
    if _bare_conjunct(token):
        # "do not chew or crush them", "must never photograph or film staff": the second verb has
        # no subject, auxiliary or negation of its own, so the first verb's "do not" / "must never"
        # governs it too (read alone, "crush" would be a plain statement)
        return _status(token.head)
    negated = _negated(token) or _subject_denies(token) or _object_denies(token)
    force, on_modal = _own_modal(token)
    explicit = force is not None
    if token.lemma_.lower() in ("need", "have") and any(c.dep_ == "xcomp" for c in token.children):
        pass  # the controller itself ("need to", "have to"): its xcomp carries the act
    head = token.head
    if token.dep_ == "xcomp" and head.i != token.i:
        lemma = head.lemma_.lower()
        head_negated = _negated(head) or _subject_denies(head)
        if lemma in _NEED:
            force, on_modal, explicit = Status.required, True, True
            negated = negated != head_negated
            if head_negated and not _negated(token):
                return Status.optional, True  # "does not have to", "is not required to"
        elif lemma in _PERMIT:
            force, explicit = Status.allowed, True
            negated = negated != head_negated
        elif lemma in _ADVISE:
            force, explicit = Status.advised, True
            negated = negated != head_negated
        elif lemma in _FORBID:
            force, explicit = Status.allowed, True
            negated = not (negated != head_negated)
        elif lemma in _DENY:
            negated = not (negated != head_negated)
        elif lemma in _BEGIN:
            negated = negated != head_negated
        elif lemma in _ABLE:
            # "is (not) able to change" is "can (not) change"; the "not" hangs on the copula
            copula = head.head if head.dep_ == "acomp" else head
            force, explicit = Status.allowed, True
            said_not = head_negated or _negated(copula) or _subject_denies(copula)
            negated = negated ^ said_not ^ (lemma == "unable")
        if force is None:
            force, _ = _own_modal(head)
            explicit = force is not None
    elif token.dep_ == "ccomp" and head.lemma_.lower() in _INSIST and not _negated(head):
        force, on_modal, explicit = Status.required, True, True  # "insists that each walker brings a detector"
    elif token.dep_ in ("ROOT",) and token.tag_ == "VB" and not any(
        c.dep_ in ("nsubj", "nsubjpass", "expl") for c in token.children
    ):
        force = Status.required  # an imperative: "Take the whole course", "Do not refrigerate"
    return _compose(force, negated, on_modal), explicit


def _bare_conjunct(token) -> bool:
    """A verb joined by "or" / "and" to a verb, with no subject, auxiliary or negation of its own,
    in the head verb's non-finite form (so the head's auxiliary governs both): "do not chew or
    crush", but not "doesn't hold back and exposes", whose finite "exposes" stands alone."""
    return (
        token.dep_ == "conj"
        and token.head.pos_ in ("VERB", "AUX")
        and ((token.tag_ in ("VB", "VBN") and token.tag_ == token.head.tag_) or _participle_tagged_past(token))
        and not any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass", "neg", "expl") for c in token.children)
        and not any(c.dep_ == "advmod" and c.lower_ == "never" for c in token.children)
    )


def _participle_tagged_past(token) -> bool:
    """A past form joined by "or" to a passive participle ("is never connected to a tank or used to sell fuel"): the
    tagger may call it a past tense ("used" has one form for both), but with no subject of its own it is the
    passive's second participle, under the same auxiliary. Not after "and", which may join an act of its own ("was
    not paid and left")."""
    head = token.head
    return (
        token.tag_ == "VBD"
        and head.tag_ == "VBN"
        and any(c.dep_ == "auxpass" for c in head.children)
        and any(c.dep_ == "cc" and c.lower_ in ("or", "nor") for c in head.children)
    )


def _agent_of(token):
    """The doer when the parse leaves it implicit: a relative clause's antecedent, an infinitive's controller."""
    if token.dep_ == "relcl":
        return token.head
    if token.dep_ == "xcomp":
        head = token.head
        objects = [c for c in head.children if c.dep_ == "dobj"]
        if objects:
            return objects[0]  # "allow staff to work": staff works
        subjects = [c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects:
            return subjects[0]
        return _agent_of(head)
    if token.dep_ == "acl" and token.tag_ == "VBG":
        return token.head
    return None


def _args(token, skip: Sequence = ()) -> tuple[list[tuple[str, frozenset[str]]], frozenset[str]]:
    passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in token.children)
    args: list[tuple[str, frozenset[str]]] = []
    complement: set[str] = set()
    has_agent = False
    for c in token.children:
        if c in skip:
            continue
        targets = [c] + list(c.conjuncts)
        if c.dep_ == "nsubj" and c.lower_ not in ("who", "which", "that"):
            role = "patient" if passive else "agent"
            args += [(role, _filler(t)) for t in targets]
            has_agent |= role == "agent"
        elif c.dep_ == "nsubjpass" and c.lower_ not in ("who", "which", "that"):
            args += [("patient", _filler(t)) for t in targets]
        elif c.dep_ in ("dobj", "attr", "acomp", "oprd"):
            args += [("patient", _filler(t)) for t in targets]
            complement |= {stem(t.lower_) for t in c.subtree if t.is_alpha and not t.is_stop}
        elif c.dep_ == "dative" and c.pos_ == "ADP":
            # "sent to the doctor" parsed as a dative: the preposition's object, as for any "to" phrase
            for o in (g for g in c.children if g.dep_ == "pobj"):
                args += [(f"prep:{c.lower_}", _filler(t)) for t in [o, *o.conjuncts]]
                complement |= {stem(t.lower_) for t in o.subtree if t.is_alpha and not t.is_stop}
        elif c.dep_ == "dative":
            args += [("recipient", _filler(t)) for t in targets]
        elif c.dep_ == "agent":
            for o in (g for g in c.children if g.dep_ == "pobj"):
                args += [("agent", _filler(t)) for t in [o, *o.conjuncts]]
                has_agent = True
        elif c.dep_ == "prep":
            # "by bank transfer or by card": the joined preposition's object fills the same role
            joined = [g for g in c.children if g.dep_ == "conj" and g.lower_ == c.lower_ and g not in skip]
            for o in (g for h in (c, *joined) for g in h.children if g.dep_ in ("pobj", "pcomp")):
                args += [(f"prep:{c.lower_}", _filler(t)) for t in [o, *o.conjuncts]]
                complement |= {stem(t.lower_) for t in o.subtree if t.is_alpha and not t.is_stop}
        elif c.dep_ in ("xcomp", "advcl") and c.pos_ == "VERB":
            complement.add(stem(c.lemma_.lower()))
    if not has_agent:
        implicit = _agent_of(token)
        if implicit is not None and implicit.pos_ in ("NOUN", "PROPN", "PRON"):
            args.append(("agent", _filler(implicit)))
    return [(r, f) for r, f in args if f], frozenset(complement)


# a verb in one of these relations is not asserted: "before using it", "the risk of taking it"
# ... or an infinitive or participle describing a noun ("no evidence to confirm it")
_SUBORDINATE = frozenset({"pcomp", "pobj", "acl"})


def _conditional(token) -> bool:
    """The verb is a condition, a time clause or a prepositional clause, not a statement."""
    node = token
    if node.dep_ in _SUBORDINATE:
        return True
    while node.head.i != node.i:
        if node.dep_ in ("advcl", "ccomp", "csubj") and any(
            c.dep_ == "mark" and c.lower_ in _CONDITION_MARKS for c in node.children
        ):
            return True
        node = node.head
    return False


_UNTIL = frozenset({"before", "until", "till"})


def _until(token) -> bool:
    """The verb, or the verb it is the infinitive of ("will not start turning ... before"), governs a clause
    opened by "before" or "until"."""
    verbs = [token, token.head] if token.dep_ == "xcomp" else [token]
    return any(
        c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in _UNTIL for m in c.children)
        for v in verbs
        for c in v.children
    )


def _after_limit(c: Predicate, u: Predicate) -> bool:
    """The claim holds its act off until an event and the unit says it is done, with no limit of its own: the
    unit's act may be the one after the event ("The masons will not take up a stone before the council has shut
    the verge" against "The council closes the verge on 7 April, and the masons lift the stones on 12 April")."""
    return c.until and c.status in _NEGATIVE and u.status in _POSITIVE and not u.until


def _controls(token) -> bool:
    """A control verb whose infinitive carries the act ("need to", "is allowed to", "fails to")."""
    lemma = token.lemma_.lower()
    return any(c.dep_ == "xcomp" for c in token.children) and (
        lemma in _NEED | _PERMIT | _ADVISE | _FORBID | _DENY
    )


@lru_cache(maxsize=2048)
def predicates(text: str) -> tuple[Predicate, ...]:
    """Every predicate of ``text`` with its status and arguments; empty when no parser is installed."""
    # a leading label ("Your obligations: Report theft ...") would be parsed as the subject and hide
    # the imperative; the statement after it is what is said
    label = _LABEL.match(text)
    if label and _STATUS_WORDS.search(label.group(0)):
        label = None  # "What is not covered: Business equipment ...": the label says the no
    doc = parse(text[label.end():] if label else text)  # the parse roles.py reads too: one parse for both
    if doc is None:
        return ()
    question = text.rstrip().endswith("?")
    out = []
    for token in doc:
        if token.lemma_.lower() == "be" and any(c.dep_ == "expl" for c in token.children):
            found = _existential(token, question)
            if found is not None:
                out.append(found)
            continue
        if token.pos_ == "VERB" and not _controls(token):
            if token.tag_ == "VBG" and token.dep_ in ("csubj", "csubjpass", "nsubj", "nsubjpass"):
                if token.head.lower_ in _DEONTIC_ADJ or any(
                    c.dep_ == "acomp" and c.lower_ in _DEONTIC_ADJ for c in token.head.children
                ):
                    continue  # "Subletting the flat is forbidden": the adjective carries the act
            status, explicit = _status(token)
            gerund_subject = token.tag_ == "VBG" and (
                token.dep_ in ("csubj", "csubjpass", "nsubj", "nsubjpass")
                # a subjectless "-ing" adjunct names an act too ("..., mixing it with bleach gives off
                # gas", which the small parser often reads so)
                or (token.dep_ == "advcl" and not any(c.dep_ in ("nsubj", "nsubjpass", "aux") for c in token.children))
            )
            if gerund_subject and (token.head.lemma_.lower() in _DENY or token.head.lemma_.lower() in _FORBID):
                status = Status.denied  # "Shaking the vial is avoided"
                gerund_subject = False
            against = _contrasts(token)
            args, complement = _args(token, against)
            shut = frozenset(stem(t.lower_) for p in against for t in p.subtree if t.is_alpha)
            base = Predicate(
                lemma=stem(token.lemma_.lower()),
                status=status,
                explicit=explicit,
                args=tuple(args),
                complement=complement - shut,
                conditional=question or _conditional(token),
                named=gerund_subject,
                surface=token.text,
                phrase=token.dep_ in _SUBORDINATE,
                main=_is_main(token),
                until=_until(token),
            )
            out.append(base)
            out += _contrary(base, against)
        elif (
            token.lower_ in _DEONTIC_ADJ
            and token.dep_ in ("acomp", "ROOT", "conj")
            and token.pos_ in ("ADJ", "VERB")
            and not _controls(token)
        ):
            # "Attendance is optional", "Approval is not required": the subject's act has the status
            force = _DEONTIC_ADJ[token.lower_]
            head = token.head if token.dep_ == "acomp" else token
            negated = _negated(head) or _negated(token)
            subjects = [c for c in head.children if c.dep_ in ("nsubj", "nsubjpass", "csubj")]
            if not subjects:
                continue
            status = _compose(force, negated, force is Status.required)
            # the act is the subject ("Attendance is optional": attend), or its infinitive
            acts = [c for c in head.children if c.dep_ == "xcomp" and c.pos_ == "VERB"]
            lemma = stem((acts[0].lemma_ if acts else subjects[0].lemma_).lower())
            args = [] if not acts else [("agent", _filler(s)) for s in subjects]
            complement = frozenset(
                stem(t.lower_)
                for c in head.children
                if c.dep_ == "prep"
                for t in c.subtree
                if t.is_alpha and not t.is_stop
            )
            if not acts and subjects[0].tag_ == "VBG":
                # "Reporting a theft to the police is optional": the gerund's own objects are the act's
                own, governed = _args(subjects[0])
                args, complement = own, complement | governed
            out.append(
                Predicate(
                    lemma=lemma,
                    status=status,
                    explicit=True,
                    args=tuple((r, f) for r, f in args if f),
                    complement=complement,
                    conditional=question or _conditional(head),
                    surface=token.text,
                )
            )
    return tuple(out)


_LABEL = re.compile(r"^[^:.;!?]{1,40}:\s+(?=[A-Z])")


def _contrary(base: Predicate, against: list) -> list[Predicate]:
    """The verb's act with each contrasted phrase in place of its own, said the other way."""
    status = _CONTRARY.get(base.status)
    if status is None:
        return []
    kept = tuple((r, f) for r, f in base.args if not r.startswith("prep:") and r != "agent")
    out = []
    for p in against:
        objects = [o for o in p.children if o.dep_ in ("pobj", "pcomp")]
        role = "agent" if p.dep_ == "agent" else f"prep:{p.lower_}"  # "signed by the tenant, not by the guarantor"
        fillers = [(role, _filler(t)) for o in objects for t in [o, *o.conjuncts]]
        fillers = [(r, f) for r, f in fillers if f]
        if not fillers:
            continue
        words = frozenset(stem(t.lower_) for t in p.subtree if t.is_alpha and not t.is_stop)
        out.append(
            base.model_copy(
                update={"status": status, "args": kept + tuple(fillers), "complement": words, "main": False, "contrast": fillers[0][0]}
            )
        )
    return out


def _is_main(token) -> bool:
    return token.dep_ == "ROOT" or (token.dep_ == "conj" and token.head.dep_ == "ROOT")


def _existential(token, question: bool) -> Predicate | None:
    """ "There is no extended support for 25.10": the act is the thing said to exist."""
    things = [c for c in token.children if c.dep_ in ("attr", "nsubj")]
    if not things:
        return None
    thing = things[0]
    denied = _negated(token) or any(g.dep_ == "det" and g.lower_ == "no" for g in thing.children)
    args = [
        (f"prep:{c.lower_}", _filler(o))
        for c in thing.children
        if c.dep_ == "prep"
        for o in c.children
        if o.dep_ == "pobj"
    ]
    return Predicate(
        lemma=stem(thing.lemma_.lower()),
        status=Status.denied if denied else Status.said,
        explicit=False,
        args=tuple((r, f) for r, f in args if f),
        complement=frozenset(stem(t.lower_) for t in thing.subtree if t.is_alpha and not t.is_stop),
        conditional=question or _conditional(token),
        surface=thing.text,
        main=_is_main(token),
    )


def _same_predicate(c: Predicate, u: Predicate) -> bool:
    if c.lemma == u.lemma:
        return True
    # light verbs meet when what they govern is the same ("go canoeing" / "take part in canoeing")
    light = {"go", "take", "get", "have", "do", "make", "come"}
    return c.lemma in light and u.lemma in light and bool(c.complement & u.complement)


def _arguments_agree(c: Predicate, u: Predicate) -> bool:
    """Every role both fill is filled by overlapping words, and at least one such role agrees."""
    agreed = False
    for role in {r for r, _ in c.args} & {r for r, _ in u.args}:
        mine, theirs = c.role(role), u.role(role)
        if any("*" in f for f in mine + theirs):
            continue  # "no one", "anyone": fills any role
        if any(_REFERS in f for f in mine + theirs):
            agreed = True  # "them" after "the tablets": the sentence's own topic, taken as the same
            continue
        if not any(_same_filler(a, b) for a in mine for b in theirs):
            return False
        agreed = True
    if not agreed:
        # no shared role filled alike: the complements must still speak of the same thing
        return bool(c.complement & u.complement)
    return True


def _same_filler(a: frozenset[str], b: frozenset[str]) -> bool:
    """One names the other ("claim" / "expense claim"), or they share two words; "April release" and
    "October release" share only the head and are two things."""
    return bool(a & b) and (a <= b or b <= a or len(a & b) >= 2)


def clash(claim: Status, unit: Status, claim_explicit: bool, unit_explicit: bool) -> bool:
    """The two statuses cannot both hold of one act."""
    if (claim in _POSITIVE and unit in _NEGATIVE) or (claim in _NEGATIVE and unit in _POSITIVE):
        # a permission against a plain denial ("may work" / "does not work on Mondays") can both hold
        return {claim, unit} != {Status.allowed, Status.denied}
    if Status.optional in (claim, unit) and {claim, unit} & {Status.required, Status.forbidden}:
        return True
    # strength: required vs merely allowed, both said in so many words (an imperative is not a "must")
    return {claim, unit} == {Status.required, Status.allowed} and claim_explicit and unit_explicit


def conflicting(claim_text: str, unit_text: str, lexicon: Lexicon) -> tuple[Predicate, Predicate] | None:
    """(claim predicate, unit predicate) whose statuses clash on the same act; None when none do."""
    return _compare(claim_text, unit_text)[1]


def _overridden(u: Predicate, same: list[Predicate]) -> bool:
    """A rule for anyone ("No one may approve their own claim") beside the same act named for
    someone ("the Chief Executive's claims are approved by the Chair"): the named one governs."""
    wild = {r for r, f in u.args if "*" in f}
    return bool(wild) and any(
        v is not u and any(r in wild and "*" not in f for r, f in v.args) for v in same
    )


_SANS = "prep:without"


class Agreement(str, Enum):
    clash = "clash"  # the same act with statuses that cannot both hold
    concur = "concur"  # the same act, said alike
    unknown = "unknown"  # the parse finds no act the two texts share


def same_act(claim_text: str, unit_text: str) -> Agreement:
    """Whether the parse finds the claim's act in the unit, and with which status.

    The word-window negation check (flip_check.py) asks this before calling a polarity flip: a
    flip stands unless the two texts state one act alike ("Vortexing is avoided" and "Do not
    vortex" concur). "No one died" and "There were no deaths" share no parsed act: unknown.
    """
    verdict = _compare(claim_text, unit_text)[0]
    if verdict is Agreement.unknown and _main_signs_agree(claim_text, unit_text):
        return Agreement.concur
    if verdict is Agreement.concur and _any_sign_change(claim_text, unit_text):
        # one act concurs, but another verb both use changes sign (perhaps in a condition, or with
        # arguments the parse attached elsewhere): the flip may be there, so no veto
        return Agreement.unknown
    return verdict


def _main_signs_agree(claim_text: str, unit_text: str) -> bool:
    """Both texts are single statements whose main verbs say no (or both yes), on no shared verb.

    "A pregnant bitch must not be given Meloxivet" / "Do not use in pregnant bitches", "There were
    no deaths" / "No one died": whatever the word window finds, neither text turns the other
    round. Only with one main verb on each side (a sentence of several rules may deny one of them).
    """
    def sign(text: str) -> bool | None:
        mains = [p for p in predicates(text) if p.main and not p.conditional]
        return (mains[0].status in _POSITIVE) if len(mains) == 1 else None

    claim_sign, unit_sign = sign(claim_text), sign(unit_text)
    return claim_sign is not None and claim_sign == unit_sign and not claim_sign


def _any_sign_change(claim_text: str, unit_text: str) -> bool:
    """A verb of the claim (not one inside a prepositional phrase) whose unit namesake has the
    other sign (a rule for anyone that yields to a named one does not count)."""
    unit_preds = predicates(unit_text)
    for c in predicates(claim_text):
        if c.phrase or c.conditional or c.named:
            continue  # a verb the claim does not assert ("mixing it with bleach gives off gas") changes no sign
        # a unit act under a "without" condition the claim drops is a double negation, not a sign change
        roles = {r for r, _ in c.args}
        mates = [
            u for u in unit_preds
            if u.lemma == c.lemma and not (_SANS in {r for r, _ in u.args} - roles)
            and _names_contrast(c, u)
        ]
        if any(
            (c.status in _POSITIVE) != (u.status in _POSITIVE) and not _overridden(u, mates) and not _after_limit(c, u)
            for u in mates
        ):
            return True
    return False


def _compare(claim_text: str, unit_text: str) -> tuple[Agreement, tuple[Predicate, Predicate] | None]:
    if _CONDITION.search(claim_text) and _EXCEPTION.search(unit_text):
        return Agreement.unknown, None  # "do not X unless Y" restated as "X if Y"
    unit_preds = [p for p in predicates(unit_text) if not p.conditional]
    verdict = Agreement.unknown
    for c in (p for p in predicates(claim_text) if not p.conditional):
        lemma_mates = [u for u in unit_preds if _same_predicate(c, u) and _names_contrast(c, u)]
        if any(_SANS in {r for r, _ in u.args} - {r for r, _ in c.args} for u in lemma_mates):
            # "must not sublet without consent" forbids the act only without its condition: a claim
            # that "subletting requires consent" restates it (a double negation), and one that drops
            # the condition says something the unit leaves open
            verdict = Agreement.concur
            continue
        same = _most_specific([u for u in lemma_mates if _arguments_agree(c, u)])
        if any(_concurs(c, u) for u in same):
            verdict = Agreement.concur  # the unit also says it the claim's way
            continue
        if c.named:
            continue
        if same and all(_after_limit(c, u) for u in same):
            verdict = Agreement.concur  # done after the event the claim holds it off until
            continue
        for u in same:
            if not _overridden(u, lemma_mates) and clash(c.status, u.status, c.explicit, u.explicit):
                if (c.status, u.status) == (Status.allowed, Status.required) and permits_alternatives(claim_text):
                    continue  # the ways a duty leaves open, permitted: entailed (modal_clash.stronger_modal)
                return Agreement.clash, (c, u)
    return verdict, None


def _names_contrast(c: Predicate, u: Predicate) -> bool:
    """A contrasted act is the claim's only when the claim names the contrasted phrase ("pay in cash"
    against "..., but not in cash"); "pay by card" is not it."""
    if u.contrast is None:
        return True
    if u.contrast in {r for r, _ in c.args}:
        return _arguments_agree(c, u)
    # the phrase hangs on the claim's object ("Rinse the probe in boiling water"): named all the same
    return any(f <= c.complement for f in u.role(u.contrast)) and _arguments_agree(c, u)


def _most_specific(same: list[Predicate]) -> list[Predicate]:
    """A contrasted phrase the claim names decides its act ("Put it in the freezer" meets "..., never in
    the freezer", not the "Put them at the back" it was set against). ``same`` holds only contrasted acts
    the claim names (:func:`_names_contrast` chose the lemma mates)."""
    named = [u for u in same if u.contrast is not None]
    return named or same


def _concurs(c: Predicate, u: Predicate) -> bool:
    return c.status is u.status or (
        not clash(c.status, u.status, c.explicit, u.explicit) and (c.status in _POSITIVE) == (u.status in _POSITIVE)
    )


def agrees(claim_predicate: Predicate, unit_text: str) -> bool:
    """Another unit states the claim's predicate with the claim's status (it says it the claim's way)."""
    return any(
        _same_predicate(claim_predicate, u) and _names_contrast(claim_predicate, u)
        and _arguments_agree(claim_predicate, u) and _concurs(claim_predicate, u)
        for u in predicates(unit_text)
        if not u.conditional
    )


def describe(pair: tuple[Predicate, Predicate]) -> str:
    c, u = pair
    return f"the evidence has '{u.surface}' {u.status.value}, the claim has '{c.surface}' {c.status.value}"


def statuses(text: str) -> Sequence[tuple[str, Status]]:
    """(verb, status) pairs of a text: for tests and explanations."""
    return [(p.surface, p.status) for p in predicates(text)]
