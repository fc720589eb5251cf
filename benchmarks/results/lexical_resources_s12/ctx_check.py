"""Strict WordNet bridges kept only when the passage sentence holding the linked word shares
another key term of the question (context agreement)."""
import importlib.util
import json
import re
import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[3])
sys.path.insert(0, ROOT)
spec = importlib.util.spec_from_file_location('lb', ROOT + '/benchmarks/lexical_bridge.py'); lb = importlib.util.module_from_spec(spec); spec.loader.exec_module(lb)
from guard.answering_question import key_terms
from guard.answering_scoring import has_term

S = json.load(open(sys.argv[1]))
level = sys.argv[2]
docs = lb.documents(Path(ROOT + '/examples/kb'))
sents = {n: [s for s in re.split(r'(?<=[.!?:])\s+|\n+', t) if s.strip()] for n, t in docs.items()}
svoc = {n: [lb.vocabulary(s) for s in ss] for n, ss in sents.items()}
def kept(row, t, names):
    others = [k for k in key_terms(row['question']) if k != t['term']]
    out = {}
    for n in names:
        for w in t['found'][level].get(n, []):
            for s, v in zip(sents[n], svoc[n]):
                if lb.in_text(w, v, s) and any(has_term(o, v) for o in others):
                    out.setdefault(w, []).append(f"{n[:18]}: {s.strip()[:90]}")
    return out
for grp in ('answerable_refused', 'must_refuse'):
    n = nb = 0
    for row in S[grp]:
        for t in row['terms']:
            names = row['sources'] if row['sources'] else list(docs)
            k = kept(row, t, [x for x in names if x in docs])
            n += 1; nb += bool(k)
            for w, ss in k.items():
                print(grp[:6], row['id'], t['term'], '->', w, '|', ss[0])
    print(grp, 'terms', n, 'with a context-agreeing bridge', nb)
