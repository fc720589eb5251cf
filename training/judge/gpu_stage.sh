#!/bin/bash
# Fill TREE/.gpu with what training/judge/gpu_run.sh needs on an accelerator machine that has torch and
# transformers but not ragguard's environment: this checkout's network, schedule, batches and gpu_train modules, the
# pairs files (gzip) and the RAGTruth dev response labels. Run from this checkout's root, after
#   PYTHONPATH=. python -m training.judge.perturb --out .cache/judge/pairs400.jsonl --train-sources-per-task 400
#   PYTHONPATH=. python -m training.judge.perturb --out .cache/judge/pairs40.jsonl
# Usage: training/judge/gpu_stage.sh TREE   (TREE: the checkout the device tool sends; .gpu/ must be ignored there,
# e.g. `echo /.gpu/ >> TREE/.git/info/exclude`). It changes nothing else in TREE: making the sent tree fit under
# 64 MiB (the card lists what was emptied for the call and restored with git checkout) is left to the caller.
set -euo pipefail
TREE=$1
S="$TREE/.gpu/src"
mkdir -p "$S/guard/grounding" "$S/training/grounding" "$S/training/judge"
cp guard/__init__.py "$S/guard/"
cp guard/grounding/__init__.py guard/grounding/network.py "$S/guard/grounding/"
cp training/__init__.py "$S/training/"
cp training/grounding/__init__.py training/grounding/schedule.py "$S/training/grounding/"
cp training/judge/__init__.py training/judge/batches.py training/judge/gpu_train.py "$S/training/judge/"
cp training/judge/gpu_run.sh "$TREE/.gpu/run.sh"
gzip -9 -c .cache/judge/pairs400.jsonl > "$TREE/.gpu/pairs400.jsonl.gz"
gzip -9 -c .cache/judge/pairs40.jsonl > "$TREE/.gpu/pairs40.jsonl.gz"
PYTHONPATH=. .venv/bin/python - "$TREE/.gpu/dev_response_labels.json" <<'PY'
import json, sys
from guard.eval.ragtruth import load_ragtruth
ids = {json.loads(line)["pair_id"].split(":")[1] for line in open(".cache/judge/pairs400.jsonl")
       if '"split":"dev"' in line and '"corpus":"ragtruth"' in line}
labels = {r.id: bool(r.label) for r in load_ragtruth("../shared/data/ragtruth") if r.id in ids}
json.dump(labels, open(sys.argv[1], "w"))
print(len(labels), "dev responses,", sum(labels.values()), "hallucinated")
PY
du -sb "$TREE/.gpu"
