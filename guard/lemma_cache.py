"""spaCy's rule lemmatizer with the same lemmas for a fraction of the CPU.

The fact layer's parse pipeline ends with ``lemmatizer`` (``en_core_web_sm``: rule mode, the
English ``is_base_form``). Its ``__call__`` works token by token in Python: it builds the
token's cache key, and spaCy's ``rule_lemmatize`` fills its cache only at its end, so a token
that returns earlier (a base form, "noun" with ``Number=Sing``, "verb" with ``VerbForm=Inf``...:
most tokens of RAGTruth text; a proper noun) is worked out again every time, reading the POS as a
string and the morphology as a dict; then ``token.lemma_`` adds the string to the store (its
share of a ``verify_batch`` worker's time: benchmarks/README.md, "Issue 15, fifteenth session").

What ``rule_lemmatize`` returns depends on the token's text, POS and morphology only (the
lookup tables are fixed once loaded; ``EnglishLemmatizer.is_base_form`` reads the POS and the
morphology): the key spaCy's own cache uses. So :func:`speed_up_lemmatizer` gives the component
a ``pipe`` (what ``nlp.pipe`` calls) that reads those three and the lemma of every token with
one ``Doc.to_array``, looks each (text, POS, morphology) up in a table of lemma hashes, asks the
stock ``lemmatize`` only for one not seen before, and writes the lemmas back with one
``Doc.from_array``. The Doc is the stock one byte for byte (``Doc.to_bytes``);
``tests/verifiers/test_lemma_cache.py`` compares them on RAGTruth text. Tokens without a POS
(spaCy's W108 warning) are never kept, so they warn as before. ``nlp(text)`` keeps the stock
``__call__``. Another lemmatizer class or mode (lookup, a subclass with rules of its own)
keeps the stock code.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["speed_up_lemmatizer"]

_MAX_ENTRIES = 200_000  # (text, POS, morphology) triples: tens of thousands in practice; bounded all the same


def speed_up_lemmatizer(nlp: Any) -> bool:
    """Give ``nlp``'s rule ``lemmatizer`` (if any) the table-driven ``pipe``; True when installed."""
    if "lemmatizer" not in nlp.pipe_names:
        return False
    from spacy.lang.en.lemmatizer import EnglishLemmatizer
    from spacy.pipeline import Lemmatizer

    lemmatizer = nlp.get_pipe("lemmatizer")
    if type(lemmatizer) not in (Lemmatizer, EnglishLemmatizer) or getattr(lemmatizer, "mode", None) != "rule":
        return False
    if "pipe" not in vars(lemmatizer):
        lemmatizer.pipe = _TableLemmatizer(lemmatizer).pipe  # an instance attribute: spaCy's _pipe reads proc.pipe
    return True


class _TableLemmatizer:
    """``Lemmatizer.pipe`` with each (text, POS, morphology) lemmatised once."""

    def __init__(self, lemmatizer: Any):
        from spacy.attrs import LEMMA, MORPH, ORTH, POS

        self._stock = lemmatizer
        self._read = [ORTH, POS, MORPH, LEMMA]
        self._write = [LEMMA]
        # -> the lemma's hash in the vocab's strings; shared by threads (one dict get or set is atomic)
        self._lemmas: dict[tuple[int, int, int], int] = {}

    def pipe(self, stream: Iterable[Any], *, batch_size: int = 128) -> Iterator[Any]:
        error_handler = self._stock.get_error_handler()
        for doc in stream:
            try:
                yield self._lemmatize(doc)
            except Exception as e:  # noqa: BLE001 - as Lemmatizer.__call__ does
                error_handler(self._stock.name, self._stock, [doc], e)

    def _lemmatize(self, doc: Any) -> Any:
        stock = self._stock
        if not stock._validated:
            from spacy.errors import Errors

            stock._validate_tables(Errors.E1004)
        if not len(doc):
            return doc
        array = doc.to_array(self._read)
        lemmas = array[:, 3].copy()
        overwrite = stock.overwrite
        table = self._lemmas
        strings = doc.vocab.strings
        changed = False
        for i, (orth, pos, morph, lemma) in enumerate(array.tolist()):
            if not (overwrite or lemma == 0):
                continue
            key = (orth, pos, morph)
            found = table.get(key)
            if found is None:
                found = strings.add(stock.lemmatize(doc[i])[0])
                if pos != 0 and len(table) < _MAX_ENTRIES:  # no POS: spaCy warns (W108); left to warn again
                    table[key] = found
            lemmas[i] = found
            changed = True
        if changed:
            doc.from_array(self._write, lemmas)
        return doc
