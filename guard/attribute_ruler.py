"""spaCy's attribute ruler with the same matches for a fraction of the CPU.

The fact layer's parse pipeline ends with ``attribute_ruler`` (tag map and morphology rules:
179 Matcher patterns in ``en_core_web_sm``), whose Matcher cost 0.46 ms a RAGTruth claim, a
fifth of the whole parse (tok2vec 0.86, parser 0.49). All but a few of its patterns match one
token, and whether a one-token pattern matches depends only on that token's lower-cased text,
tag, dependency label and whether it is a space: the attributes the patterns test. So the
one-token matches are kept per token *kind* (those four, the text reduced to what any pattern
can tell of it) and the Matcher runs only on documents holding a kind not seen before; the
multi-token patterns keep a Matcher of their own (8 patterns). The match list, and so what
``set_annotations`` writes, is the stock one (``tests/verifiers/test_attribute_ruler.py`` compares both
on RAGTruth text); patterns of another kind (any other attribute, an operator) leave the
stock matcher in place.
"""

from __future__ import annotations

import re
import threading
from typing import Any

from guard.observability import get_logger

__all__ = ["speed_up_attribute_ruler"]

_TESTED = frozenset({"LOWER", "TAG", "DEP", "IS_SPACE"})
_ATTRS = ["LOWER", "TAG", "DEP", "IS_SPACE"]  # a token's kind, read with Doc.to_array
_MAX_KINDS = 65_536  # a few thousand in practice (literal words x tags x labels); bounded all the same
_log = get_logger(__name__)


def speed_up_attribute_ruler(nlp: Any) -> bool:
    """Give ``nlp``'s ``attribute_ruler`` (if any) the cached matcher; True when it was installed."""
    if "attribute_ruler" not in nlp.pipe_names:
        return False
    ruler = nlp.get_pipe("attribute_ruler")
    try:
        fast = _KindMatcher(ruler)
    except _Unsupported as exc:
        _log.info("attribute_ruler_stock_matcher", reason=str(exc))
        return False
    ruler.match = fast.match  # an instance attribute: __call__ reads self.match
    return True


class _Unsupported(Exception):
    pass


class _KindMatcher:
    """``AttributeRuler.match`` computed from per-kind one-token matches plus a small Matcher."""

    def __init__(self, ruler: Any):
        from spacy.matcher import Matcher

        self._strings = ruler.vocab.strings
        self._single = Matcher(ruler.vocab)
        self._multi = Matcher(ruler.vocab)
        literals: set[str] = set()
        regexes: list[str] = []
        for attr_id in range(len(ruler.attrs)):
            key = str(attr_id)
            _, patterns = ruler.matcher.get(key)
            single = [p for p in patterns if len(p) == 1]
            multi = [p for p in patterns if len(p) != 1]
            for pattern in patterns:
                for spec in pattern:
                    _collect(spec, literals, regexes)
            if single:
                self._single.add(key, single)
            if multi:
                self._multi.add(key, multi)
        self._literals = frozenset(literals)
        self._regexes = [re.compile(r) for r in dict.fromkeys(regexes)]
        self._kinds: dict[tuple, tuple[tuple[int, int], ...]] = {}
        self._words: dict[int, Any] = {}
        self._lock = threading.Lock()

    def match(self, doc: Any) -> list[tuple[int, int, int, int]]:
        # the four attributes as one array: no Token object per token (they were half the cost)
        strings = doc.vocab.strings
        rows = doc.to_array(_ATTRS).tolist()
        kinds = [(self._text_kind(lower, strings), tag, dep, space) for lower, tag, dep, space in rows]
        known = self._kinds
        if any(kind not in known for kind in kinds):
            known = self._learn(doc, kinds)
        matches = [
            (attr_id, match_id, i, i + 1) for i, kind in enumerate(kinds) for attr_id, match_id in known[kind]
        ]
        matches += [(int(self._strings[m]), m, s, e) for m, s, e in self._multi(doc, allow_missing=True)]
        matches.sort()
        return matches

    def _text_kind(self, lower: int, strings: Any) -> Any:
        """What a pattern can tell of a word (its lower-cased text's hash): which literal it is,
        or which regexes it meets."""
        kind = self._words.get(lower)
        if kind is None:
            text = strings[lower]
            kind = text if text in self._literals else tuple(r.search(text) is not None for r in self._regexes)
            if len(self._words) > _MAX_KINDS:
                self._words = {}
            self._words[lower] = kind
        return kind

    def _learn(self, doc: Any, kinds: list[tuple]) -> dict[tuple, tuple[tuple[int, int], ...]]:
        found: list[list[tuple[int, int]]] = [[] for _ in kinds]
        for match_id, start, _ in self._single(doc, allow_missing=True):
            found[start].append((int(self._strings[match_id]), match_id))
        with self._lock:
            if len(self._kinds) > _MAX_KINDS:
                self._kinds = {}
            learned = dict(self._kinds)
            for kind, matched in zip(kinds, found, strict=True):
                learned[kind] = tuple(sorted(matched))
            self._kinds = learned  # replaced whole: readers in other threads see one or the other
        return learned


def _collect(spec: dict, literals: set[str], regexes: list[str]) -> None:
    """Note the words and regexes a token spec tests; refuse specs the kind cannot stand for."""
    for attr, value in spec.items():
        if attr not in _TESTED:
            raise _Unsupported(f"a pattern tests {attr}")
        if attr != "LOWER":
            continue
        if isinstance(value, str):
            literals.add(value)
        elif isinstance(value, dict) and set(value) <= {"IN", "NOT_IN", "REGEX"}:
            literals.update(value.get("IN", ()), value.get("NOT_IN", ()))
            if "REGEX" in value:
                regexes.append(value["REGEX"])
        else:
            raise _Unsupported(f"a LOWER condition of another form: {value!r}")
