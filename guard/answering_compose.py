"""Building the answer from the chosen evidence units, or the refusal that says what is missing.

The best unit is quoted with its citation, with what belongs to it: the runner-up from the
same passage, the rest of its list under the same lead-in ("At 12 weeks:"), the next sentence
when it goes on about the same case, a whole short section for a yes/no question. The text is
the documents' own, so the answer cannot carry a number they do not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guard.answering_scoring import ScoredUnit, context_lead, is_fragment, unit_contexts
from guard.answering_values import AskedValue
from guard.facts.types import EvidenceUnit, UnitKind
from guard.verifiers.lexical import words

__all__ = ["compose_answer"]


def defined_then_valued(on_topic: list[ScoredUnit], scored: list[ScoredUnit], focus: str | None) -> list[ScoredUnit]:
    """On-topic units that name the focus without a value, whose next sentence gives the value
    ("you may choose time off in lieu (TOIL)" then "TOIL must be taken within 3 months"): the
    pair answers, and :func:`chosen_units` adds the next sentence."""
    if focus is None:
        return []
    following = {(s.unit.passage_id, s.unit.index): s for s in scored}
    out = []
    for s in on_topic:
        after = following.get((s.unit.passage_id, s.unit.index + 1))
        if (
            # the focus word itself: a stem match ("compassionate" / "Compass") names no topic
            not s.has_type and s.unit.kind is UnitKind.sentence and focus in set(words(s.unit.text))
            and after is not None and after.has_type and not after.misfit and after.fit == 0
            and after.unit.kind is UnitKind.sentence and _goes_on_about(s.unit.text, after.unit.text, focus)
        ):
            out.append(s)
    return out


_SHORT_NAME = re.compile(r"\(([A-Z]{2,6})\)")  # "time off in lieu (TOIL)"
_ANAPHOR = re.compile(r"^\s*(?:it|this|these|they|such)\b", re.IGNORECASE)


def _goes_on_about(first: str, after: str, focus: str) -> bool:
    """The next sentence is still about the first's topic: it repeats the focus word, uses the
    short name the first one gave it, or refers back to it ("It must be ...")."""
    if focus in set(words(after)) or _ANAPHOR.search(after):
        return True
    return any(re.search(rf"\b{m.group(1)}\b", after) for m in _SHORT_NAME.finditer(first))


_SECTION_UNITS = 4  # a section this short is one answer ("If you miss a dose": two sentences)


def whole_section(
    chosen: list[ScoredUnit], units: Sequence[EvidenceUnit], scored: list[ScoredUnit],
    number: dict[str, int], titles: dict[str, str],
) -> list[ScoredUnit]:
    """The chosen unit's whole passage when that passage is one short section under its own
    heading: the answer to "what should I do" is often its second sentence."""
    best = chosen[0]
    section = sorted((u for u in units if u.passage_id == best.unit.passage_id), key=lambda u: u.index)
    if not (2 <= len(section) <= _SECTION_UNITS) or len({c.unit.passage_id for c in chosen}) > 1:
        return chosen
    if any(u.kind is UnitKind.table_row for u in section):
        return chosen
    known = {(s.unit.passage_id, s.unit.index): s for s in scored}
    contexts = unit_contexts(section, titles)
    whole = [
        known.get((u.passage_id, u.index)) or ScoredUnit(
            unit=u, citation=number[u.passage_id], score=0.0, covered=0.0, has_type=False,
            context=contexts.get((u.passage_id, u.index), ""),
        )
        for u in section
    ]
    return [w for w in whole if not is_fragment(w.unit)]  # a lead-in is quoted with its items



def compose_answer(chosen: Sequence[ScoredUnit]) -> str:
    """The chosen units as the documents word them, each with its citation. Items of one list
    are quoted under their lead-in, as one sentence ("At 12 weeks: Hexavan, dose 2; Rotagard,
    dose 2. [2]"): an item alone ("Hexavan, dose 2.") loses the case it is for, and the judge
    would read it against the items of the other cases."""
    parts: list[str] = []
    index = 0
    while index < len(chosen):
        unit = chosen[index]
        lead = _plain(context_lead(unit.context)) if unit.unit.kind is UnitKind.list_item else ""
        if not lead or _plain(unit.unit.text).startswith(lead.rstrip(": ")):  # the item already says it
            parts.append(f"{_sentence(unit.unit)} [{unit.citation}]")
            index += 1
            continue
        group = [unit]
        while (
            index + len(group) < len(chosen)
            and chosen[index + len(group)].unit.kind is UnitKind.list_item
            and chosen[index + len(group)].context == unit.context
            and chosen[index + len(group)].citation == unit.citation
        ):
            group.append(chosen[index + len(group)])
        if len(group) == 1:  # one item: one sentence under its lead-in
            parts.append(f"{lead.rstrip()} {_plain(unit.unit.text).rstrip('.;,')}. [{unit.citation}]")
            index += 1
            continue
        items = "".join(f"\n- {_plain(g.unit.text).rstrip('.;,')} [{g.citation}]" for g in group)
        parts.append(f"{lead.rstrip()} [{unit.citation}]{items}\n")
        index += len(group)
    return " ".join(parts).strip()


def _plain(text: str) -> str:
    """Text without Markdown emphasis markers ("**Adults:** the usual dose" -> "Adults: the usual dose")."""
    return re.sub(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)", "", text).strip()



def chosen_units(ranked: list[ScoredUnit], everything: list[ScoredUnit]) -> list[ScoredUnit]:
    """The best unit; the runner-up when it is nearly as good and from the same passage; and the
    sentence right after the best one when it goes on about the same case ("Young people aged
    12 to 15: take 1 tablet every 4 to 6 hours." then "Do not take more than 4 tablets in 24
    hours.": no qualifier of its own, a value of the asked kind)."""
    best = ranked[0]
    chosen = [best]
    for other in ranked[1:3]:
        same_place = other.unit.passage_id == best.unit.passage_id
        if same_place and other.score >= best.score - 0.05 and other.unit.text != best.unit.text:
            chosen.append(other)
            break
    after = next(
        (s for s in everything if s.unit.passage_id == best.unit.passage_id and s.unit.index == best.unit.index + 1),
        None,
    )
    if best.unit.kind is UnitKind.list_item:  # the whole list under the lead-in ("At 12 weeks:")
        siblings = {
            s.unit.index: s for s in everything
            if s.unit.passage_id == best.unit.passage_id and s.unit.kind is UnitKind.list_item
        }
        first = best.unit.index  # the list starts at its first item under the same lead-in
        while first - 1 in siblings and siblings[first - 1].context == best.context and not (
            siblings[first - 1].misfit or siblings[first - 1].fit < 0
        ):
            first -= 1
        chosen = [siblings[i] for i in range(first, best.unit.index)] + chosen
        index = best.unit.index + 1
        while index in siblings and len(chosen) < 6 and siblings[index].context == best.context:
            if siblings[index].misfit or siblings[index].fit < 0:  # the next band or group: another case
                break
            if siblings[index] not in chosen:
                chosen.append(siblings[index])
            index += 1
        return sorted(chosen, key=lambda s: (s.citation, s.unit.index))
    if (
        after is not None and after not in chosen and after.has_type and after.fit == 0 and not after.misfit
        and after.unit.kind is UnitKind.sentence and not after.unit.text.lstrip().startswith(("*", "#"))
        and not _OWN_CASE.match(after.unit.text)
    ):
        chosen.append(after)
    before = next(
        (s for s in everything if s.unit.passage_id == best.unit.passage_id and s.unit.index == best.unit.index - 1),
        None,
    )
    for near in (before, after):
        if (
            near is not None and near not in chosen and near.unit.kind is UnitKind.sentence and not near.misfit
            and _same_value(best.unit.text, near.unit.text)
        ):
            chosen.append(near)  # "The 40 mg dose must only be taken under medical supervision." next to "Never take more than 40 mg"
    return sorted(chosen, key=lambda s: (s.citation, s.unit.index))


# a sentence that opens with a case of its own ("After a hip operation, take 20 mg ...", "If you
# weigh less than 50 kg, ..."): it does not go on about the chosen unit's case but states another
_OWN_CASE = re.compile(
    r"\s*(?:after|before|during|if|when|while|unless|once|for|in case of|with)\b[^,.;:]{1,80},", re.IGNORECASE
)


def _same_value(text: str, other: str) -> bool:
    """The neighbouring sentence states a condition on the very value the answer gives: the
    same amount in the same unit ("40 mg" in both)."""
    from guard.answering_values import stated_amounts

    return bool(stated_amounts(text) & stated_amounts(other))


def _sentence(unit: EvidenceUnit) -> str:
    # Markdown emphasis ("**Adults:** the usual dose ...") is layout, not words: shown without it.
    text = re.sub(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)", "", unit.text).strip()
    if unit.kind is UnitKind.table_row:
        return text.rstrip(".") + "."
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def missing_value(
    asked: AskedValue | None, focus: str | None, terms: list[str], on_topic: bool, typed: bool
) -> str:
    """The refusal's reason: what was looked for, and how far the evidence got."""
    about = f"'{focus}'" if focus else (listing(terms) if terms else "this question")
    what = asked.label if asked is not None else "an answer"
    if typed:
        return f"the documents give {what} about {about} only for another case than the one asked about"
    if on_topic:
        return f"the documents mention {about} but give no {what.split(' ', 1)[1] if ' ' in what else what} for it"
    return f"no passage gives {what} for {about}"


def listing(items: Sequence[str]) -> str:
    quoted = [f"'{t}'" for t in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


