"""Numbers as written: digits with thousands separators or decimal commas, and number words.

Why a module of its own: every quantity, range and date starts with reading a number, and
the two ways of writing 1000.5 ("1,000.5" and "1.000,5") must not be read as 1 or 1.0005.
Digits are read here; number words ("six", "twenty-five", "one hundred and five") go to
``text2num`` (a library built for it, compiled, sub-microsecond per call).

Reading rules (English first): a comma followed by exactly three digits groups thousands
("1,000"); a comma followed by one or two digits is a decimal comma ("2,5 ml"); dots that
group threes with a decimal comma after them ("1.000,5") or in two or more groups
("1.000.000") are thousands separators; a single dot is a decimal point ("1.000" is 1.0).
"""

from __future__ import annotations

import re
from functools import lru_cache
from types import MappingProxyType

__all__ = ["DOZENS", "NUMBER", "NUMBER_WORD_RUN", "ORDINAL_WORDS", "read_number", "read_ordinal"]

NUMBER = (
    r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!,\d|\d)"
    r"|\d{1,3}(?:\.\d{3})+,\d+"
    r"|\d{1,3}(?:\.\d{3}){2,}(?![.\d])"
    r"|\d+,\d{1,2}(?![\d])"
    r"|\d+(?:\.\d+)?"
    r"|\.\d+)"
)

_WORDS = (
    "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
    "hundred|thousand|million|billion"
)
NUMBER_WORD_RUN = rf"(?:(?:{_WORDS})(?:(?:\s+|-)(?:and\s+)?(?:{_WORDS}))*)(?![a-z])"
# dozens as a number: "a dozen carcases" (12), "half a dozen panners" (6), "two dozen eggs" (24)
DOZENS = rf"(?:(?:half\s+an?|an?|{NUMBER}|{NUMBER_WORD_RUN})\s+dozen\b)"
_DOZENS = re.compile(r"(?P<half>half\s+)?(?P<n>.+?)\s+dozen", re.I)

_DIGITS = re.compile(NUMBER)
# ordinal words up to a month's last day ("the fifth of October", "each passenger after the fourth")
ORDINAL_WORDS = MappingProxyType({
    w: i + 1 for i, w in enumerate((
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
        "nineteenth", "twentieth", "twenty-first", "twenty-second", "twenty-third", "twenty-fourth", "twenty-fifth",
        "twenty-sixth", "twenty-seventh", "twenty-eighth", "twenty-ninth", "thirtieth", "thirty-first",
    ))
})
_ORDINAL_DIGITS = re.compile(r"(\d[\d,]*)(?:st|nd|rd|th)", re.I)
_SPECIAL = {"once": 1.0, "twice": 2.0, "thrice": 3.0, "a": 1.0, "an": 1.0, "half": 0.5, "dozen": 12.0}


@lru_cache(maxsize=4096)
def read_number(surface: str) -> float | None:
    """The value of a number as written, or None when it is not one."""
    text = surface.strip().lower()
    if not text:
        return None
    if text in _SPECIAL:
        return _SPECIAL[text]
    dozens = _DOZENS.fullmatch(text)
    if dozens:
        times = read_number(dozens.group("n"))  # "a" is one; "half a dozen" is half of one
        return None if times is None else times * 12.0 * (0.5 if dozens.group("half") else 1.0)
    if _DIGITS.fullmatch(text):
        return _read_digits(text)
    return _read_words(text)


def read_ordinal(surface: str) -> int | None:
    """The position an ordinal names ("80th": 80, "fourth": 4), or None when it is not one."""
    text = surface.strip().lower()
    digits = _ORDINAL_DIGITS.fullmatch(text)
    return int(digits.group(1).replace(",", "")) if digits else ORDINAL_WORDS.get(text)


def _read_digits(text: str) -> float:
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+,\d+", text):  # 1.000,5
        return float(text.replace(".", "").replace(",", "."))
    if re.fullmatch(r"\d{1,3}(?:\.\d{3}){2,}", text):  # 1.000.000
        return float(text.replace(".", ""))
    if re.fullmatch(r"\d+,\d{1,2}", text):  # 2,5
        return float(text.replace(",", "."))
    return float(text.replace(",", ""))


def _read_words(text: str) -> float | None:
    from text_to_num import text2num

    words = text.replace("-", " ")
    try:
        return float(text2num(words, "en"))
    except ValueError:
        return None
