"""A duty a "who does what" list gives one party, moved by the claim to another party of the list.

Why: letters and contracts list who does what as a definition list or labelled lines, one party to an
item, its duties written without a subject ("<dt>Haulgate Removals</dt> <dd>Carries the jukebox into the
venue ...</dd> <dt>Spinwheel's engineer</dt> <dd>Sets the jukebox up ...</dd>"), or one act to an item with
its doer after "by" ("<dt>Nasendoscopy</dt><dd>done by an ENT surgeon</dd>"). A wrong answer gives one
party's duty to another party of the list. The parse finds no doer in a subjectless duty, so
:func:`guard.facts.roles.actor_replaced` has none to compare.

Conservative by construction (a false contradiction costs more than a miss):
- the claim names one doer of one act (its agent, active or passive);
- duties by party: exactly one item's duties hold the claim's verb (and, if the claim names an object, a word
  of it); its party is not the claim's doer; another item's party is (by its last word), and that item's
  duties do not hold the verb;
- acts by item: exactly one item's label shares a word with the claim's act; its doer (after "by") is not
  the claim's, another item's doer is.

A verb that only says a party brings a thing about ("Crawick Sawmill makes the chain" against "**Euchan Smithy:**
forges ... the chain"), or none ("X is in charge of the photographers' mornings"), is matched by its thing: the one
party whose duties hold every word of one of the claim's objects, when the claim's party's duties hold none. An act
the parse gives no doer ("Gritting the car park is a job for X") or only a cleft's noun ("X is the one who shows ...")
is given to the one party the claim names by its label's last word as written.

A claim may name more than one doer ("Fenstock Marionettes sews the costumes the puppets wear"): each doer that is a
party (a name, or a noun for a person or body) is compared with its acts, and the claim is contradicted only when
exactly one of them is another party's duty. A label may give a party's name and its role ("**Tam Pilling,
handler**"); either names the party.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.facts.lexicon import Lexicon
from guard.facts.mismatches import contradiction
from guard.facts.polarity import words
from guard.facts.roles import AGENT, PATIENT, Frame, frames, person_like
from guard.facts.slots import Slots, all_stems, stem
from guard.facts.tables import without_markup
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch, UnitKind
from guard.wordnet import inflection_bases, load_wordnet

__all__ = ["duty_swaps"]

_DEFINITION = re.compile(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", re.I | re.S)
# a bold label, its opening asterisks perhaps one short where a list marker took one ("*The foreman** teaches")
_BOLD_LABEL = re.compile(r"\*{1,2}([^*\n]{2,60}?)[:.]?\*\*[:.]?\s*([^*\n<]+)")
# an HTML block opening with its bold label: "<li><strong>Conductors</strong> sell the tickets on board</li>"
_HTML_LABEL = re.compile(
    r"<(p|li|dd)>\s*<(strong|b)>(.*?)</\2>\s*(.*?)(?=</\1>|<(?:p|li|dd)>|$)", re.I | re.S
)
# an aside between the label and its duties: "**Selside Angling Trust**, which owns the lake, tests ...",
# "**Mrs Morag Fasney**, the group's archivist, supplies ...", "**Mrs Isla Tennent**, of Dalserf Skepmakers, makes ..."
_ASIDE_FIRST = re.compile(r"^\s*,[^,]*,\s*")
# a doer after a participle: "done by an ENT surgeon", "made and scored by a speech and language therapist"
_DONE_BY = re.compile(r"^\s*[a-z]+(?:\s+(?:and|or)\s+[a-z]+)?(?:\s+(?:in|out|up|off|on|down))?\s+by\s+([^,;.]+)", re.I)


class _Item:
    def __init__(self, label: str, body: str, unit: EvidenceUnit) -> None:
        self.label, self.body, self.unit = label, body, unit
        self.label_stems = all_stems(label)
        self.body_stems = all_stems(body)


def _items(units: Sequence[EvidenceUnit]) -> list[_Item]:
    found: dict[tuple[str, str], _Item] = {}
    for unit in units:
        for label, body in _labelled(unit.text) + _defined(unit):
            label, body = without_markup(label).rstrip(":"), _ASIDE_FIRST.sub("", without_markup(body))
            if label and body:
                found.setdefault((label, body), _Item(label, body, unit))
    return list(found.values())


def _labelled(text: str) -> list[tuple[str, str]]:
    pairs = [(m.group(1), m.group(2)) for pattern in (_DEFINITION, _BOLD_LABEL) for m in pattern.finditer(text)]
    return pairs + [(m.group(3), m.group(4)) for m in _HTML_LABEL.finditer(text)]


def _defined(unit: EvidenceUnit) -> list[tuple[str, str]]:
    """A definition list's item, which the units give as "Term: what it says" with the term as the anchor."""
    lead = f"{unit.anchor}: "
    if unit.kind is UnitKind.list_item and unit.anchor and unit.text.startswith(lead):
        return [(unit.anchor, unit.text[len(lead) :])]
    return []


def _head(text: str) -> str:
    found = [w for _, w in words(text) if w != "s"]
    return stem(found[-1]) if found else ""


def _heads(label: str) -> frozenset[str]:
    """The label's party by each of its parts: "Tam Pilling, handler" is Pilling and the handler."""
    return frozenset(h for part in label.split(",") if (h := _head(part)))


def _duty(body: str) -> bool:
    """A duty written without its subject: the body opens with a verb, in the third person for one party
    ("Carries", "Sets", "decides") or plain for several ("The tower stewards: Lead the tours", "Claverdon
    Bellhangers take down the old ropes"), by WordNet when installed; never with a determiner or a number."""
    first = next((w for _, w in words(body)), "")
    if len(first) < 3 or first in _NOT_VERBS:
        return False
    wordnet = load_wordnet()
    if wordnet is None:
        return False
    return any(wordnet.sense_files(base, "v", senses=1) for base in inflection_bases(first))


# words that open a definition without being its verb
_NOT_VERBS = frozenset({"the", "a", "an", "all", "any", "each", "every", "our", "your", "their", "its", "one", "two"})


def _doer_of(body: str) -> str | None:
    m = _DONE_BY.match(body)
    return m.group(1) if m else None


class _Act:
    """One doer of the claim with the acts it does ("start and stop") and the words of their objects."""

    def __init__(self, agent: Frame, verbs: frozenset[str], things: tuple[frozenset[str], ...]) -> None:
        self.agent, self.verbs, self.things = agent, verbs, things
        self.objects = frozenset().union(*things)


def _claim_acts(claim: Slots, items: list[_Item]) -> list[_Act]:
    found = frames(claim.text, True)
    agents = [f for f in found if f.role == AGENT and not f.nominal and not f.quantified]
    acts = []
    for filler in dict.fromkeys(f.filler for f in agents):
        verbs = frozenset(f.verb for f in agents if f.filler == filler)
        # a person the act is done to is "you" in a letter's list ("shows you how to use the brush")
        things = tuple(f.filler for f in found if f.verb in verbs and f.role == PATIENT and not f.proper)
        acts.append(_Act(next(f for f in agents if f.filler == filler), verbs, things))
    acts = [a for a in acts if not _when(a.agent, claim.text)]
    if len(acts) >= 2:
        # of several doers only parties count: a misparse of a labelled line makes doers of topics ("Key terms:
        # **Late payment:** interest accrues ...")
        acts = [a for a in acts if a.agent.proper or person_like(a.agent.surface)]
    if any(_heads(i.label) & a.agent.filler for a in acts for i in items):
        return acts
    cleft = _cleft_nouns(claim.text)
    party = _named_party(claim, items, [a.agent for a in acts], cleft)
    return [_party_act(claim, party, found, cleft)] if party is not None else acts


# "Kirsty Spartleton is the one who shows ...", "Buchanan Stage Rigging is the firm that dyes ...": the doer the
# parse finds is the noun the party is said to be
_CLEFT = re.compile(r"\b(?:is|are)\s+(?:the|a|an)\s+(?:[\w'-]+\s+){0,2}?([\w'-]+)\s+(?:who|that|which)\b", re.I)


def _cleft_nouns(text: str) -> set[str]:
    return {stem(m.group(1).lower()) for m in _CLEFT.finditer(text)}


def _named_party(claim: Slots, items: list[_Item], agents: list[Frame], cleft: set[str]) -> _Item | None:
    """The one party of the list the claim names, when the parse gives its act no other doer: no doer at all
    ("Gritting the car park is a job for Nithside Outdoor Hire"), or only the noun of a cleft."""
    if any(not (a.filler <= cleft) for a in agents):
        return None
    named = [i for i in items if _duty(i.body) and _party(i.label) and _names(claim.text, i.label)]
    return named[0] if len({i.label for i in named}) == 1 else None


def _names(text: str, label: str) -> bool:
    """The claim names the label's party by its last word as written ("Pask" for "Mr Owen Pask, the verger",
    "guides" for "Volunteer guides"): a word of the same stem is not enough ("Restoring" is not "Globe Restorers")."""
    last = label.split(",")[0].split()[-1]
    return re.search(rf"(?<![\w-]){re.escape(last)}(?![\w-])", text) is not None


def _party_act(claim: Slots, party: _Item, found: tuple[Frame, ...], cleft: set[str]) -> _Act:
    """The claim's acts given to the party it names: the verbs with no doer of their own and their objects; or what
    the party is said to be in charge of ("Volunteer guides are in charge of the photographers' mornings")."""
    heads = _heads(party.label)
    # only acts with no doer of their own: "Which herbs go into the blends is up to X" gives X no going
    done = {f.verb for f in found if f.role == AGENT and not f.filler <= cleft}
    acts = [f for f in found if not f.nominal and f.role in (AGENT, PATIENT) and f.verb not in done]
    acts = [f for f in acts if not (f.filler & heads)]
    verbs = frozenset(f.verb for f in acts)
    things = tuple(f.filler for f in acts if f.role == PATIENT and not f.proper)
    charge = _IN_CHARGE.search(claim.text)
    if charge and not verbs:
        things = (all_stems(_PREPOSITION.split(charge.group(1))[0]) & claim.content,)
    agent = Frame(verb="", role=AGENT, filler=heads, surface=party.label, proper=True)
    return _Act(agent, verbs, things)


_TIME_CLAUSE = r"(?:before|after|until|till|once|when|whenever|while|as\s+soon\s+as)"


def _when(agent: Frame, text: str) -> bool:
    """The doer of a clause that only says when ("before the dykers start"): the claim gives it no duty."""
    return re.search(rf"\b{_TIME_CLAUSE}\s+(?:the\s+|a\s+|an\s+)?{re.escape(agent.surface)}\b", text, re.I) is not None



_IN_CHARGE = re.compile(r"\b(?:in\s+charge\s+of|responsible\s+for)\s+([^,.;]+)", re.I)
_PREPOSITION = re.compile(r"\s(?:at|in|on|for|from|with|by|during)\s", re.I)
# verbs that say only that a party brings a thing about ("makes the chain", "provides the hay", "hands over the
# drops"): the list may say it with a verb of its own ("forges the chain", "supplies the hay"), so the thing decides
_GIVING = frozenset(stem(w) for w in "make provide supply give hand bring deliver produce prepare source".split())


def _party(label: str) -> bool:
    """A label that names a party (a name, or a noun for a person or body), not a topic ("Salt water drops")."""
    first = label.split(",")[0]
    named = any(w[:1].isupper() for w in label.split()[1:])
    return named or label[:1].isupper() and (person_like(first) or stem(first.split()[-1].lower()) == _PARTY)


_PARTY = stem("party")  # "**Ring party:** builds the courses": a group by its task


def duty_swaps(claim: Slots, units: Sequence[EvidenceUnit], lexicon: Lexicon) -> list[SlotMismatch]:
    """The claim's doer is another item's party than the one whose duty its act is."""
    items = _items(units)
    if len(items) < 2:
        return []
    swaps = [
        (act.agent, found)
        for act in _claim_acts(claim, items)
        if (found := _by_party(act, items) or _by_act(act.agent, claim, items)) is not None
    ]
    if len(swaps) != 1:
        return []
    agent, (owner, _, named) = swaps[0]
    explanation = f'the evidence gives this to {owner} ("{named.label}: {named.body}"), not {agent.surface}'
    return [contradiction(SlotKind.entity, agent.surface, owner, named.unit, explanation, anchor=AGENT)]


def _by_party(act: _Act, items: list[_Item]) -> tuple[str, str, _Item] | None:
    duties = [i for i in items if _duty(i.body)]
    mine = [i for i in duties if _heads(i.label) & act.agent.filler]
    if len(mine) != 1 or not (act.verbs or act.objects) or not _party(mine[0].label):
        return None  # a topic's label ("**Payment terms:** invoices are payable ...") is no party
    owners = [i for i in duties if act.verbs <= i.body_stems and (not act.objects or act.objects & i.body_stems)]
    if (not owners or not act.verbs) and act.objects and act.verbs <= _GIVING:
        # a giving verb or none: the one party whose duties hold the thing, every word of it
        owners = [i for i in duties if _party(i.label) and any(t and t <= i.body_stems for t in act.things)]
        if act.objects & mine[0].body_stems:
            return None
    if len(owners) != 1 or owners[0] is mine[0] or act.verbs & mine[0].body_stems:
        return None
    return owners[0].label, mine[0].label, owners[0]


def _by_act(agent: Frame, claim: Slots, items: list[_Item]) -> tuple[str, str, _Item] | None:
    acts = [(i, doer) for i in items if (doer := _doer_of(i.body)) is not None]
    about = [(i, doer) for i, doer in acts if i.label_stems & claim.content]
    mine = [(i, doer) for i, doer in acts if _head(doer) in agent.filler]
    if len(about) != 1 or len(mine) != 1 or about[0][0] is mine[0][0]:
        return None
    item, doer = about[0]
    if _head(doer) in agent.filler:
        return None
    return doer, mine[0][1], item
