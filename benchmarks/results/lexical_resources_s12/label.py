import json
import sys

GOOD = {('g313','dinner','meal'),('g703','quit','leave'),('g711','work','business'),('g713','work','business'),('g801','work','business'),
 ('g812','work','business'),('g732','salary','pay'),('g733','rep','representative'),('g739','ask','request'),('g803','boot','footwear'),
 ('g904','place','space'),('g928','fired','dismiss'),('g928','fired','dismissal'),('g928','fired','discharge'),('g928','coworker','colleague'),
 ('g941','finish','complete'),('g941','finish','completion'),('g990','daughter','child'),('g996','lift','transport'),
 ('g996','lift','transportation'),('g996','pick','collect'),('g801','train','rail')}
r = json.load(open(sys.argv[1]))
for level in ('synonym','derivation','neighbour','hypernym2'):
    good = bad = mixed = 0
    for row in r['answerable_refused']:
        for t in row['terms']:
            ws = {w for s in row['sources'] for w in t['found'][level].get(s, [])}
            if not ws: continue
            g = {w for w in ws if (row['id'], t['term'], w) in GOOD}
            if g: good += 1; mixed += bool(ws - g)
            else: bad += 1
    print(f"{sys.argv[1]} up to {level:10}: terms bridged correctly {good} (of which also to a wrong word {mixed}), only wrongly {bad}")
for level in ('synonym','neighbour','hypernym2'):
    full = []
    for row in r['answerable_refused']:
        if row['terms'] and all(any((row['id'], t['term'], w) in GOOD for s in row['sources'] for w in t['found'][level].get(s, [])) for t in row['terms']):
            full.append(row['id'])
    print(level, 'questions with every gap term correctly bridged', len(full), full)
