"""An act a claim adds to what the document says someone or something does: "Before the assessment, Ruth
Hallam takes a health history, checks blood pressure and takes a blood sample" where the leaflet names the
history and the blood pressure and no blood sample.

Why: the claim's other acts restate the document, so its words, its doer and its cosine all pass, and the
added act is one verb phrase among them. A claim that joins two or more acts with "and", one of them on a
thing the document names and another on a thing it names nowhere (the object's head noun, by stem, in no
unit, and a noun WordNet gives a thing's sense: an artifact, a food, a substance ...), adds that act.
Alternatives ("have the money back or pick another date") add nothing; acts of a clause inside another
("whose car checks in late and loses its place") are the condition, not the addition.
"""

from __future__ import annotations

from guard.facts.align import Alignment
from guard.facts.mismatches import not_found
from guard.facts.outcome import Outcome
from guard.facts.rules import FactRule
from guard.facts.slots import Slots, stem
from guard.facts.types import FactLabel, SlotKind
from guard.language import parse
from guard.wordnet import load_wordnet

__all__ = ["added_act"]

_OBJECTS = ("dobj", "attr", "oprd")


def added_act(claim: Slots, aligned: list[Alignment], known: frozenset[str]) -> Outcome | None:
    """The act, of the claim's acts joined by "and", whose object the document names nowhere (``known``:
    the stems of every word of the document)."""
    doc = parse(claim.text)
    wordnet = load_wordnet()
    if doc is None or wordnet is None:
        return None  # which nouns name things is WordNet's to say; without it, silent
    acts = _joined_acts(doc)
    if len(acts) < 2:
        return None
    objects = [obj for verb in acts for obj in verb.children if obj.dep_ in _OBJECTS and obj.pos_ == "NOUN"]
    said = [o for o in objects if stem(o.lower_) in known]
    # a thing the act is on, not an abstraction a paraphrase brings ("repeat the process", "a great way")
    new = [o for o in objects if stem(o.lower_) not in known and len(o.text) > 2 and wordnet.names_a_thing(o.lemma_)]
    if not said or not new:
        return None
    item = new[0]
    unit = aligned[0].unit if aligned else None
    phrase = doc[item.left_edge.i : item.i + 1].text
    return Outcome(
        FactLabel.unsupported,
        not_found(SlotKind.entity, phrase, f"the evidence does not mention {phrase}", unit),
        rule=FactRule.name_added_term,
    )


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
    if any(c.dep_ in ("neg", "aux") and c.lower_ in _NOT_PLAIN for v in acts for c in v.children):
        return []
    return acts


# a denied or hedged act adds nothing the document must say
_NOT_PLAIN = frozenset({"not", "n't", "never", "may", "might", "could", "can", "should", "would"})
