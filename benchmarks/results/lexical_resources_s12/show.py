import json
import sys

r=json.load(open(sys.argv[1]))
grp=sys.argv[2]
for row in r[grp]:
    src=row['sources'] or []
    print(f"{row['id']} {row['question'][:90]}  [{','.join(src)}]")
    for t in row['terms']:
        out=[];prev=set()
        for lvl in ['synonym','derivation','neighbour','hypernym2']:
            if src:
                ws=set(w for s in src for w in t['found'][lvl].get(s,[]))
            else:
                ws=set(w for v in t['found'][lvl].values() for w in v)
            new=ws-prev; prev|=ws
            if new: out.append(f"{lvl[:4]}:{','.join(sorted(new)[:8])}")
        print(f"    {t['term']:12} {'WN' if t['in_wordnet'] else '--'} {'NODOC' if t['in_no_document'] else '     '} | {' '.join(out)}")
