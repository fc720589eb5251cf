"""An act a claim adds to what the document says someone or something does: "Before the assessment, Ruth
Hallam takes a health history, checks blood pressure and takes a blood sample" where the leaflet names the
history and the blood pressure and no blood sample.

Why: the claim's other acts restate the document, so its words, its doer and its cosine all pass, and the
added act is one verb phrase among them. A claim that joins two or more acts with "and", one of them on a
thing the document names and another on a thing it names nowhere (the object's head noun, by stem, in no
unit, and a noun WordNet gives a thing's sense: an artifact, a food, a substance ...), adds that act.
Alternatives ("have the money back or pick another date") add nothing; acts of a clause inside another
("whose car checks in late and loses its place") are the condition, not the addition.

An act can also be new in its verb alone: a named person's second act, with an object of its own, whose
verb the document says in no way (by stem, WordNet synonym, derived form or broader word) while the
person's first act is said ("Megan Rowe packs the fleeces into wool sacks and weighs every sack").

A named party's one act can add a thing too: "Megan Shaw sharpens knives", "Saltings Solar installs air source
heat pumps", "Hatherleigh Foot Clinic has a ground-floor treatment room", where the document names no knife, pump
or room. The act is the sentence's main verb or one joined to it, its subject a proper name (its own or that of
the act it is joined to); its object (or a noun
the object is built of, or one of a list of objects) is new to the document by stem and every way of saying it
above, and its usual sense is a thing, not a document or message (WordNet's communication file: "the notice",
"the protocol" are how a paraphrase names a letter the document calls otherwise) and not, in its next sense, an
act or an event ("won two more matches").

A thing can also be added without a second act: given ("every player gets a free drink after the game"),
included ("which includes coffee and a bacon roll ... and a two-course dinner") or brought along with
("films from the air with a drone", "with pizza for every player"). A noun in one of those places that
names a thing the document names nowhere, by stem or by a one-word WordNet synonym, is added too.
"""

from __future__ import annotations

from guard.facts.align import Alignment
from guard.facts.mismatches import not_found
from guard.facts.outcome import Outcome
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, stem, value_spans
from guard.facts.types import FactLabel, SlotKind
from guard.language import parse
from guard.wordnet import THING_FILES, WordNet, load_wordnet

__all__ = ["added_act"]

_OBJECTS = ("dobj", "attr", "oprd")


def added_act(claim: Slots, aligned: list[Alignment], known: frozenset[str]) -> Outcome | None:
    """The act, of the claim's acts joined by "and", whose object the document names nowhere, or the
    thing the claim gives, includes or brings along "with" that the document names nowhere (``known``:
    the stems of every word of the document)."""
    doc = parse(claim.text)
    wordnet = load_wordnet()
    if doc is None or wordnet is None:
        return None  # which nouns name things is WordNet's to say; without it, silent
    spans = value_spans(claim)
    item = (
        _new_object(doc, known, wordnet, spans)
        or _added_thing(doc, known, wordnet)
        or _named_partys_new_thing(doc, known, wordnet, spans)
        or _also_new_object(doc, known, wordnet, spans)
    )
    if item is not None:
        phrase = doc[item.left_edge.i : item.i + 1].text
    else:
        act = _new_verb(doc, known, wordnet)
        if act is None:
            return None
        phrase = doc[act.i : max(c.right_edge.i for c in act.children if c.dep_ in _OBJECTS) + 1].text
    unit = aligned[0].unit if aligned else None
    return Outcome(
        FactLabel.unsupported,
        not_found(SlotKind.entity, phrase, f"the evidence does not mention {phrase}", unit),
        rule=FactRule.name_added_term,
    )


def _new_object(doc, known: frozenset[str], wordnet: WordNet, spans: list[tuple[int, int]]):
    """The object, new to the document, of one of two or more acts joined by "and" when another
    act's object is one the document names."""
    acts = _joined_acts(doc)
    if len(acts) < 2:
        return None
    objects = [(verb, obj) for verb in acts for obj in verb.children if obj.dep_ in _OBJECTS and obj.pos_ == "NOUN"]
    said = [o for _, o in objects if stem(o.lower_) in known]
    new = [
        o for verb, o in objects
        if _new_thing(o, known, wordnet) or _unsaid(verb, o, known, wordnet, spans) or _new_beside_said(o, known, wordnet, spans)
    ]
    return new[0] if said and new else None


# WordNet's lexicographer files of nouns a second act may add beside a said one besides things: an act, an
# attribute, a cognition, an event ("signs a waiver", "measures their grip strength", "leaves a training plan")
_ADDED_BESIDE = frozenset({4, 7, 9, 11})


def _new_beside_said(noun, known: frozenset[str], wordnet: WordNet, spans: list[tuple[int, int]]) -> bool:
    """An object new to the document in every way, beside another act's object the document names: a noun
    whose usual sense is an act, an attribute, a cognition or an event, or one WordNet does not have (a
    British spelling, "moisturiser"; a compound, "stairlift"). A person, a group, a quantity or a time is
    how a paraphrase names the document's own ("each owner", "the family", "an hour")."""
    if not _new_word(noun, known, spans) or _said_another_way(noun, known, wordnet):
        return False
    files = wordnet.sense_files(noun.lemma_, "n", senses=1)
    return (files[0] in _ADDED_BESIDE) if files else (noun.is_alpha and len(noun.text) >= 5)


def _new_verb(doc, known: frozenset[str], wordnet: WordNet):
    """The act, of a named person's acts joined by "and", that the document says in no way: its verb, by
    stem, synonym, derived form or broader word, is in no unit ("Megan Rowe packs the fleeces into wool
    sacks and weighs every sack"), while the person's first act is said. Only an act with an object of its
    own and no subject of its own: "and the police tell the control room" is another person's act."""
    acts = _joined_acts(doc)
    if not acts or not any(c.dep_ == "nsubj" and c.pos_ == "PROPN" for c in acts[0].children):
        return None
    # the parser may hang the second verb on the first act's object ("cleans every wound and photographs it")
    acts += [t for t in doc if t.pos_ == "VERB" and t.dep_ == "conj" and t.head.dep_ in _OBJECTS and t.head.head == acts[0]]
    if len(acts) < 2 or not _verb_said(acts[0], known, wordnet):
        return None
    for verb in acts[1:]:
        if any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
            continue
        if any(c.dep_ in _OBJECTS for c in verb.children) and not _verb_said(verb, known, wordnet):
            return verb
    return None


# WordNet's lexicographer files: a message or document (communication), an act, an event
_COMMUNICATION = 10
_ACT_OR_EVENT = frozenset({4, 11})


def _named_partys_new_thing(doc, known: frozenset[str], wordnet: WordNet, spans: list[tuple[int, int]]):
    """The thing, new to the document, that a named party's one act is on (module's why)."""
    for noun in doc:
        if noun.pos_ != "NOUN" or not _new_word(noun, known, spans):
            continue
        verb = _verb_of_object(noun)
        if verb is None or not _plain(verb) or not _named_subject(verb):
            continue
        files = wordnet.sense_files(noun.lemma_, "n")
        if not files or files[0] not in THING_FILES or files[0] == _COMMUNICATION or set(files[1:]) & _ACT_OR_EVENT:
            continue
        if not _said_another_way(noun, known, wordnet):
            return noun
    return None


def _also_new_object(doc, known: frozenset[str], wordnet: WordNet, spans: list[tuple[int, int]]):
    """The object, new to the document, of an act the claim says is done "also" ("Seawatch will also teach
    children's swimming lessons", "Brookmere also fits a meter").

    Why apart from a named party's new thing: "also" says the act comes on top of what the document has the
    doer do, so its object cannot be a paraphrase's abstraction or a thing the document says another way;
    the claim names it as more. Any sense but a message or document (WordNet's communication file: "also sends
    the notice" may be the letter the document calls otherwise); new by stem and every way of saying it."""
    for noun in doc:
        if noun.pos_ != "NOUN" or not _new_word(noun, known, spans):
            continue
        verb = _verb_of_object(noun)
        if verb is None or not _plain(verb) or not any(c.dep_ == "advmod" and c.lower_ == "also" for c in verb.children):
            continue
        files = wordnet.sense_files(noun.lemma_, "n")
        if not files or files[0] == _COMMUNICATION or _said_another_way(noun, known, wordnet):
            continue
        return noun
    return None


def _verb_of_object(noun):
    """The verb whose object the noun is, or is part of: the object itself, a noun it is built of ("heat
    pumps"), or an item of a list of objects ("knives and scissors")."""
    head = noun.head if noun.dep_ == "compound" else noun
    while head.dep_ == "conj" and head.head.pos_ == "NOUN":
        head = head.head
    return head.head if head.dep_ == "dobj" and head.head.pos_ == "VERB" else None


def _named_subject(verb) -> bool:
    """The act is the sentence's own (its main verb, or one joined to it: not an act a clause asks about,
    "unable to say whether the diet restricts dairy products"), and its subject is a proper name: its own,
    or that of the act it is joined to."""
    named = None
    while True:
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        if subjects and named is None:
            named = subjects[0].pos_ == "PROPN"
        if verb.dep_ == "ROOT":
            return bool(named)
        if verb.dep_ != "conj" or verb.head.pos_ != "VERB":
            return False
        verb = verb.head


def _verb_said(verb, known: frozenset[str], wordnet: WordNet) -> bool:
    if stem(verb.lemma_) in known or stem(verb.lower_) in known:
        return True
    links = wordnet.links(verb.lemma_, "v")
    other_ways = links.synonyms | {w for w, _ in links.derived} | links.broader
    return any(stem(w) in known for w in other_ways if " " not in w)


def _unsaid(verb, noun, known: frozenset[str], wordnet: WordNet, spans: list[tuple[int, int]]) -> bool:
    """An object the document says in no way that names a thing in one of its two usual senses ("prescribes
    medicines", "changes the smoke alarm batteries": WordNet's most frequent sense of "medicine" is the
    profession, of "battery" a unit of guns; the next is the drug, the cell): new by stem, by its synonyms,
    derived forms and usual sense's broader words; not a value ("takes about an hour": values are the
    quantity checks'), nor half of a verb WordNet writes whole ("takes place"). An abstraction a paraphrase
    brings ("a great way", "distinct locations") names no thing in either sense."""
    if not _new_word(noun, known, spans) or not wordnet.names_a_thing(noun.lemma_, senses=2):
        return False
    if wordnet.first_sense_file(f"{verb.lemma_}_{noun.lemma_}", "v"):
        return False
    return not _said_another_way(noun, known, wordnet)


def _new_word(noun, known: frozenset[str], spans: list[tuple[int, int]]) -> bool:
    """A word of three letters or more that the document has in no unit, by stem or lemma, and that is no
    part of one of the claim's values."""
    if len(noun.text) <= 2 or stem(noun.lower_) in known or stem(noun.lemma_) in known:
        return False
    return not any(a <= noun.idx < b for a, b in spans)


def _said_another_way(noun, known: frozenset[str], wordnet: WordNet) -> bool:
    """A word the document says another way ("a flashlight" for "a torch", "embroidery" for "embroidered",
    "with a meal" for "with food": a broader word of its usual sense)."""
    links = wordnet.links(noun.lemma_, "n")
    other_ways = links.synonyms | {w for w, _ in links.derived} | wordnet.first_sense_broader(noun.lemma_, "n")
    return any(stem(w) in known for w in other_ways if " " not in w)


def _new_thing(noun, known: frozenset[str], wordnet: WordNet) -> bool:
    """The noun is new to the document (by stem) and names a thing, not an abstraction a paraphrase brings
    ("repeat the process", "a great way")."""
    return len(noun.text) > 2 and stem(noun.lower_) not in known and wordnet.names_a_thing(noun.lemma_)


def _added_thing(doc, known: frozenset[str], wordnet: WordNet):
    """A thing the claim gives, includes or brings along "with" that the document names nowhere."""
    for token in doc:
        if token.pos_ != "NOUN" or not _adds(token) or not _new_thing(token, known, wordnet):
            continue
        if _said_another_way(token, known, wordnet):
            continue  # no addition
        if not _denied_or_hedged(token):
            return token
    return None


def _adds(noun) -> bool:
    """The noun (or the first item of the list it ends) is an object of giving or including, or is
    brought along "with" something."""
    head = noun
    while head.dep_ == "conj" and head.head.pos_ == "NOUN":
        head = head.head
    if head.dep_ == "pobj" and head.head.lower_ == "of" and head.head.head.lemma_ in _MEASURES:
        # "a pair of crutches", "a bottle of oil": the thing given is what the measure holds
        head = head.head.head
    if head.dep_ == "pobj":
        return head.head.lower_ == "with"
    return head.dep_ in ("dobj", "dative") and head.head.pos_ == "VERB" and head.head.lemma_ in _GIVING


# verbs whose object is a thing handed over or part of what is sold; not "provide" or "offer", whose
# objects are as often a reply's words ("provide a definitive answer", "offer any guidance")
_GIVING = frozenset({"give", "get", "include", "lend", "receive", "serve", "hand", "fit", "send"})
# nouns that count or hold the thing given
_MEASURES = frozenset({"pair", "set", "box", "bottle", "pack", "packet", "tube", "jar", "bag", "kit", "tin", "can", "sheet"})


def _denied_or_hedged(noun) -> bool:
    """Under a verb that is denied or hedged ("we do not lend towels", "may come with a case"), or in a
    sentence that only guesses ("It's possible that there is an issue with the fan circuitry")."""
    if any(t.lower_ in _GUESSES for t in noun.doc):
        return True
    verb = next((t for t in noun.ancestors if t.pos_ in ("VERB", "AUX")), None)
    return verb is not None and not _plain(verb)


_GUESSES = frozenset({"possible", "possibly", "perhaps", "maybe", "probably", "likely", "might", "could"})


def _joined_acts(doc) -> list:
    """The main verb and the verbs joined to it by "and" (not "or"), none denied or hedged."""
    root = next((t for t in doc if t.dep_ == "ROOT" and t.pos_ == "VERB"), None)
    if root is None:
        return []
    acts, stack = [], [root]
    while stack:
        verb = stack.pop()
        acts.append(verb)
        stack += [c for c in verb.children if c.dep_ == "conj" and c.pos_ == "VERB"]
    if any(c.dep_ == "cc" and c.lower_ != "and" for v in acts for c in v.children):
        return []
    if not all(_plain(v) for v in acts):
        return []
    return acts


def _plain(verb) -> bool:
    """Neither denied nor hedged: a denied or hedged act adds nothing the document must say."""
    return not any(c.dep_ in ("neg", "aux") and c.lower_ in _NOT_PLAIN for c in verb.children)


_NOT_PLAIN = frozenset({"not", "n't", "never", "may", "might", "could", "can", "should", "would"})
