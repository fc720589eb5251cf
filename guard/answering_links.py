"""Question terms the retrieved passages put as a word WordNet links to them: candidates, not findings.

A term no passage has, nor words otherwise (guard/answering_terms.py), makes evidence-first answering
refuse. Often the documents use a synonym or a broader word: "quit" / "leave", "youngsters" /
"children", "shoes" / "footwear". WordNet 3.0 (guard/wordnet.py, optional) lists such links, but a
link alone is right about as often as wrong on the golden rows (benchmarks/results/
lexical_resources_s12.md): "sabbatical" / "leave" and "bonus" / "payment" are links too, and the
documents answer neither. So a link is only a candidate:

- only the senses of the part of speech the question uses ("quit" the verb), and only synonyms,
  derived forms and direct broader terms;
- the linked word must sit in a given (retrieved) passage, and not be a word of the question itself
  ("sabbatical leave": the document's "leave" is the question's own word, not the sabbatical);
- the passage must use the linked word in the linked part of speech ("quit" the verb is "leave" the
  verb: "when you leave the company", not the noun of "annual leave"; a dog is not the verb "stop");
- a noun modifying another ("*agency* contractors") is not widened: it names a case of its own;
- broader terms freely only in a question asking for a thing or a value ("Which *bag* ...": the
  luggage rule answers it); in a yes/no question the term is often what is asked ("Can I take a paid
  *sabbatical*?", "Is there a cash *reward*?"): that the documents state a rule about leave or
  approval does not say the narrower thing exists. There a broader term counts only with the
  question's own modifier of the term before it ("safety *boots*" / "safety footwear", "union *rep*"
  / "trade union representative": the same kind of thing);
- a linked word counts as a common word of the passage, not inside a name ("the *People* Team");
- the link lets the question past the "not mentioned" check and counts the term as held by the
  units holding the linked word (their own text, not their heading), and the answer stands only if a
  unit the existing scoring chooses holds it (:func:`unlinked`); otherwise the refusal is the one
  without WordNet.

Without WordNet installed, :func:`wordnet_links` finds nothing and answering is as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from guard.answering_scoring import has_term
from guard.answering_terms import lemma_tags, term_senses
from guard.verifiers.lexical import stop_words, words
from guard.wordnet import PartOfSpeech, load_wordnet
from retrievers.types import Passage

__all__ = ["LinkedTerm", "unlinked", "wordnet_links"]

_POS: dict[str, PartOfSpeech] = {"NOUN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}


class LinkedTerm(BaseModel):
    """A question term the given passages word only as words WordNet links to it."""

    model_config = ConfigDict(frozen=True)

    words: frozenset[tuple[str, PartOfSpeech]]  # the linked words the passages hold, in their part of speech
    passages: frozenset[str]  # ids of the given passages holding one

    def held_by(self, text: str) -> bool:
        """``text`` (a unit's own text) holds one of the linked words in its part of speech."""
        return any(_holds(w, pos, text) for w, pos in self.words)


def wordnet_links(
    question: str, terms: Sequence[str], passages: Sequence[Passage], *, broader: bool
) -> dict[str, LinkedTerm]:
    """For each of ``terms`` (the question's terms no given passage has or words otherwise), the
    linked words the given passages hold; terms without one are left out. {} without WordNet.
    ``broader``: direct hypernyms count alone (False for a yes/no question: then only after the
    question's modifier of the term)."""
    wordnet = load_wordnet()
    if wordnet is None or not terms:
        return {}
    own = set(words(question))
    out: dict[str, LinkedTerm] = {}
    for term, sense in term_senses(question, terms).items():
        if sense.pos not in _POS:
            continue
        links = wordnet.links(sense.lemma, _POS[sense.pos])
        # a linked word the question itself uses is the question's own word, not the term's: "sabbatical
        # leave" is not found by the documents' "leave"
        candidates = {
            (w, p) for w, p in links.pairs(broader=broader)
            if w not in stop_words() and not any(has_term(part, own) for part in w.split() if part not in stop_words())
        }
        if not broader:
            candidates |= {(f"{m} {w}", links.pos) for m in sense.modifiers for w in links.broader}
        held = {(w, p): {x.id for x in passages if _holds(w, p, x.text)} for w, p in candidates}
        held = {wp: ids for wp, ids in held.items() if ids}
        if held:
            out[term] = LinkedTerm(words=frozenset(held), passages=frozenset(set().union(*held.values())))
    return out


def unlinked(linked: Mapping[str, LinkedTerm], chosen_texts: Sequence[str]) -> list[str]:
    """The linked terms no chosen unit (its own text) holds a linked word of: for
    them the link found nothing the answer rests on."""
    return [t for t, link in linked.items() if not any(link.held_by(text) for text in chosen_texts)]


def _holds(word: str, pos: PartOfSpeech, text: str) -> bool:
    """A single word by its lemma in the linked part of speech ("children" holds the noun "child"); a
    phrase ("hand luggage") literally."""
    if " " not in word:
        return any((word, tag) in lemma_tags(text) for tag, p in _POS.items() if p == pos)
    return re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE) is not None
