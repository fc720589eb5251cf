"""What a question asks: its type (a quantity, a date, a name, yes/no) and its terms.

Evidence-first answering (:mod:`guard.answering`) reads the question's type from its wording,
and splits its content words into the terms that name what it is about (``key_terms``), the
names it capitalises (``named_terms``: another product or place is never the same one), and
the words that describe the asker's case rather than the topic (``situation_terms``).
"""

from __future__ import annotations

import re
from enum import Enum

from guard.verifiers.lexical import content_words, stop_words, words

__all__ = ["CONCEPTS", "WRITTEN_AS_VALUE", "QuestionType", "classify_question", "key_terms", "named_terms", "situation_terms"]


class QuestionType(str, Enum):
    quantity = "quantity"  # how much / how many / what dose / what percentage
    duration = "duration"  # how long
    frequency = "frequency"  # how often
    time = "time"  # when / what time / what date / until when
    person = "person"  # who / whom
    place = "place"  # where
    yes_no = "yes_no"  # can / does / is / should ...
    other = "other"


_LEADS: list[tuple[re.Pattern[str], QuestionType]] = [
    # a name or a number to call is asked for by what it is, whatever the lead word
    (re.compile(r"\b(?:what|which)(?: is|'s|are)? the names? of\b|\bwhat is (?:\w+ ){1,4}called\b"), QuestionType.person),
    (re.compile(r"\b(?:phone|telephone|contact) number\b|\bwhat number\b"), QuestionType.quantity),
    (re.compile(r"\bhow (?:long|soon|quickly|early|far ahead|far in advance|much notice|many (?:days|weeks|months|"
                r"years|hours|minutes|working days))\b"), QuestionType.duration),
    (re.compile(r"\bhow often\b|\bhow frequently\b|\bhow many times\b"), QuestionType.frequency),
    # a superlative asks for the bound of a value: "What is the most annual leave I can get?"
    (re.compile(r"\bwhat(?: is|'s|are) the (?:longest|shortest)\b"), QuestionType.duration),
    (re.compile(r"\bwhat(?: is|'s|are) the (?:most|least|highest|lowest|largest|smallest|fewest)\b"), QuestionType.quantity),
    (re.compile(r"\bhow (?:much|many|old|big|high|large|warm|cold|hot|heavy)\b|\bwhat (?:is the )?(?:dose|amount|"
                r"percentage|price|cost|fee|limit|maximum|minimum|number|rate|allowance|temperature)\b|\bwhat (?:\w+ ){0,4}(?:dose|"
                r"amount|percentage|price|cost|fee|limit|allowance|premium|rate|interest|discount|deposit)\b"),
     QuestionType.quantity),
    (re.compile(r"^\s*(?:when|until when|by when)\b|\bwhat (?:time|date|day|days)\b|\b(?:opening|visiting|"
                r"core|office|working) hours\b|\bwhat hours\b|\bwhich (?:day|date|month|year)\b|\bdeadline\b"),
     QuestionType.time),
    (re.compile(r"^\s*(?:who|whom|whose)\b|\bwho (?:is|are|should|must|can|approves|decides)\b"), QuestionType.person),
    (re.compile(r"^\s*where\b"), QuestionType.place),
    (re.compile(r"^\s*(?:(?:and|so|but)\s+)?(?:i am [^.?]*\.\s*)?(?:can|could|does|do|did|is|are|was|were|should|"
                r"may|must|will|would|am|has|have)\b"), QuestionType.yes_no),
]


# Words a question uses that say nothing about which fact it wants.
_GENERIC = GENERIC_WORDS = frozenset(
    "much many long often usual normal give take get use need want know tell please like would could "
    "allowed allow able one person someone anyone kind type way also still exactly really current "
    "currently time day make made happen happens apply applies available doe offer having refer son "
    "child year old far advance right later shortly coming forgot usually quickly daily dosed soon "
    # participles of the verbs above: "When is the dose given?" asks when, not about giving
    "given taken gotten got "
    # "good for", "okay to": how the asker puts a question, not what it is about ("fine" is a penalty too)
    "good okay ok".split()
)
# Words that name the kind of value asked for, and how the documents write such a value:
# "minimum length" is answered by "at least 14 characters".
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
CONCEPTS: dict[str, re.Pattern[str]] = {
    "minimum": re.compile(r"\bat least\b|\bminimum\b|\bmin\b|\bno fewer\b", re.I),
    "maximum": re.compile(r"\bat most\b|\bup to\b|\b(?:no|not|never) (?:take |give |use )?more than\b|\bmaximum\b|"
                          r"\bmax\b|\bexceed\b|\bhighest\b|\blimit\b|\bmost in\b", re.I),
    "number": re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I),
    "amount": re.compile(r"\d", re.I),
    "deadline": re.compile(r"\bwithin\b|\bby\b|\bbefore\b|\bno later than\b|\bdeadline\b", re.I),
    # "how early / how far in advance": a time before the event ("at least 14 days before departure")
    "advance": re.compile(r"\bbefore\b|\bin advance\b|\bahead\b|\bprior\b|\bnotice\b", re.I),
    "spending": re.compile(r"[£€$]|\beur\b|\bgbp\b|\blimit\b", re.I),
    "phone": re.compile(r"\bphone\b|\btelephone\b|\bcall\b", re.I),
    # an email address is written as one, seldom with the word "email" before it
    "email": re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+|\be-?mail\b", re.I),
    "address": re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+|\b\d+\s+[A-Z][a-z]+\s+(?:Row|Street|St|Road|Rd|Lane|Avenue|Way)\b|"
                          r"\baddress\b"),
    "cost": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b|\bno charge\b", re.I),
    "price": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b", re.I),
    "fee": re.compile(r"[£€$]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b|\bfree\b", re.I),
    "percentage": re.compile(r"%|\bper ?cent\b", re.I),
    # a rate is written as a value per something ("50 beats per minute", "£25 a night", "5%"),
    # seldom with the word: "pulse rate" is "your pulse is below 50 beats per minute"
    "rate": re.compile(
        r"\brates?\b|\bper\b|%|\d\s?(?:[a-z]+\s)?(?:an?|each)\s(?:hour|day|night|week|month|year)\b", re.I
    ),
    # "by what date": the documents write the date ("before 30 September 2025"), seldom the word
    "date": re.compile(
        rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\b|\b{_MONTH}\s+\d{{1,2}}\b|"
        r"\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|"
        r"\b\d{4}-\d{2}-\d{2}\b|\bdates?\b",
        re.I,
    ),
    # "at what temperature": the documents write the value ("below 25°C"), seldom the word
    "temperature": re.compile(r"\d\s?°\s?[CF]?\b|\bdegrees?\b|\b(?:fridge|freezer|room temperature)\b", re.I),
    # a dose is written as an amount of the medicine ("40 mg", "7.5 ml", "2 tablets")
    "dose": re.compile(r"\b\d+(?:[.,]\d+)?\s?(?:mg|ml|g|mcg|micrograms?|tablets?|capsules?|puffs?|drops?)\b", re.I),
}


# Words a user asks with that the documents seldom write, because they write the value itself: "how
# much notice to cancel" is "cancel at least 24 hours before", "do I have to pay for it" is "free",
# "the breakfast allowance" is "up to GBP 10". Unlike CONCEPTS they can name the topic themselves
# ("the notice period"), so they keep their weight and are no sign of an ambiguous question: they
# only count as found where the value is written.
_MONEY_AMOUNT = r"[£€$]\s?\d|\b(?:eur|gbp|usd)\s?\d|\b\d+(?:[.,]\d+)?\s?(?:eur|gbp|usd)\b"
WRITTEN_AS_VALUE: dict[str, re.Pattern[str]] = {
    "notice": re.compile(r"\bnotice\b|\b\d+\s+\w+(?:\s+\w+)?\s+before\b|\bin advance\b", re.IGNORECASE),
    "allowance": re.compile(rf"{_MONEY_AMOUNT}|\ballowances?\b", re.IGNORECASE),
    # whether one pays is also answered by "free" or "at the company's cost"
    "pay": re.compile(rf"{_MONEY_AMOUNT}|\bfree\b|\bno charge\b|\bpa(?:y|id|yable|yment)\b|\bat the \w+'s cost\b", re.IGNORECASE),
    "claim": re.compile(r"\bclaim|\breimburs|\bexpenses\b", re.IGNORECASE),
}


def classify_question(question: str) -> QuestionType:
    """The kind of value the question asks for, read from its wording."""
    text = question.strip().lower()
    for pattern, kind in _LEADS:
        if pattern.search(text):
            return kind
    return QuestionType.other


def key_terms(question: str) -> list[str]:
    """The question's content words that name what it is about (not how it asks); a hyphenated
    compound ("full-time", "half-life") stays one term."""
    # a negated auxiliary ("haven't", "doesn't") says how the question is put, never what about;
    # split, its "haven" / "doesn" would be a term no document holds
    question = _NEGATED_AUXILIARY.sub(" ", question)
    # ... and so do the words of "how far ahead / how far in advance": the "advance" added below is their term
    framed = _IN_ADVANCE.sub(" ", question)
    compounds = [c for c in re.findall(r"[a-z]+(?:-[a-z]+)+", framed.lower()) if not _AGE_WORD.search(c)]
    inside = {w for c in compounds for w in words(c)}
    raw = re.findall(r"[a-z]+", framed.lower())
    stop = {w for w in raw if w in stop_words()}  # "this" is a stop word, not the term "thi"
    singles = [w for w in content_words(framed) if w not in inside and w + "s" not in stop]
    found = [
        w for w in dict.fromkeys([*compounds, *singles])
        if w not in _GENERIC and w not in _ORDINALS and not w.isdigit() and not w.endswith(("ly", "ing")) and w.isascii()
    ]
    # "how early / how far in advance should I order": the answer is a time before something
    if _IN_ADVANCE.search(question) and "advance" not in found:
        found.append("advance")
    # "the most / the highest": the documents write the bound as one ("up to a maximum of 30 days")
    bound = next((c for c, p in _SUPERLATIVE.items() if p.search(question)), None)
    if bound is not None and bound not in found:
        found.append(bound)
    return found


# an ordinal is a number in words, like a digit no term: "the second dose" is "dose 2" in the documents
_ORDINALS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth".split())
_SUPERLATIVE = {
    "maximum": re.compile(r"\bthe (?:most|highest|largest|longest)\b", re.IGNORECASE),
    "minimum": re.compile(r"\bthe (?:least|lowest|smallest|fewest|shortest)\b", re.IGNORECASE),
}
_NEGATED_AUXILIARY = re.compile(r"\b[a-z]+n['\u2019]t\b", re.IGNORECASE)
_IN_ADVANCE = re.compile(r"\bhow (?:early|far ahead|far in advance|long before|soon before)\b|\bin advance\b", re.I)


def named_terms(question: str) -> list[str]:
    """The question's terms written with a capital inside a sentence: names of products, places,
    people or organisations ("Febrilon", "Willow Ward", "Altamira")."""
    found = []
    for sentence in re.split(r"(?<=[.?!])\s+", question.strip()):
        for m in re.finditer(r"(?<!^)(?<![.?!:] )\b[A-Z][a-z][\w-]*", sentence):
            if m.start() > 0 and m.group(0).lower() not in _CALENDAR:  # "December" is a date, no name
                found += words(m.group(0))
    return list(dict.fromkeys(found))


_CALENDAR = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday".split()
)


def situation_terms(question: str) -> set[str]:
    """Terms that describe the asker's case rather than name what is asked about: a statement
    before the question ("My daughter is 11."), a relative clause ("my baby who feels warm",
    "people who got the old allowance"), the words stating a value the qualifier fit judges
    ("worth EUR 500,000"), an age ("6-week-old"). The documents word
    such a case their own way ("children", "a temperature"), so a missing one is no sign that
    they do not answer; the qualifier checks judge the case itself."""
    text = question.strip()
    sentences = [x for x in re.split(r"(?<=[.?!])\s+", text) if x]
    said = [x for x in sentences[:-1] if not x.rstrip().endswith("?")] if len(sentences) > 1 else []
    asked = sentences[-1] if sentences else text
    parts = list(said)
    # a person and the first words of the clause about them ("people who got", "baby who feels warm");
    # a "that" or "which" clause names the thing asked about ("a policy that covers pet insurance")
    parts += [f"{m.group(1)} {m.group(2)}" for m in re.finditer(
        r"(\w+)\s+who\s+((?:\w+\s+){0,1}\w+)", asked, re.IGNORECASE)]
    # the words that state a value ("worth EUR 500,000", "for 45 kg"): the qualifier fit judges the value
    parts += [m.group(0) for m in re.finditer(
        r"\b[a-z]+\s+(?:eur|gbp|usd|[£€$])\s?\d[\d,.]*|\b[a-z]+\s+\d[\d,.]*\s?(?:eur|gbp|usd|euros?|pounds?)\b", asked, re.I)]
    # an age ("6-week-old", "11-year-olds"): the qualifier fit judges it against each unit's range
    parts += [m.group(1) for m in re.finditer(r"\d+[- ]((?:year|month|week|day)s?)[- ]olds?\b", asked, re.IGNORECASE)]
    # a noun naming who is asking or for whom ("my partner", "people on Glucotane"): the documents
    # name the group their own way ("family members", "patients"), and the qualifier fit judges groups
    parts += [m.group(0) for m in _PERSON.finditer(asked)]
    return {t for part in parts for t in key_terms(part)}


_PERSON = re.compile(
    r"\b(?:people|persons?|partners?|husbands?|wives|wife|spouses?|dads?|mums?|moms?|mothers?|fathers?|parents?|"
    r"sons?|daughters?|kids?|friends?|colleagues?|relatives?|family)\b",
    re.IGNORECASE,
)


_AGE_WORD = re.compile(r"\b(?:year|month|week|day|hour)s?-olds?\b|^(?:year|month|week|day|hour)s?$|-(?:year|month|week|day|hour)s?$")

