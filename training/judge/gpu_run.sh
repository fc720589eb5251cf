#!/bin/bash
# The judge's accelerator run (session 18 plan; see training/judge/results/MODEL_CARD.md, "GPU run (session 18)").
# Run from the root of the tree the device tool sends, after training/judge/gpu_stage.sh filled .gpu/:
#   run(command="bash .gpu/run.sh", carry=[".gpu"], timeout_s=450)
# One pre-registered main run whose fp16 weights come back in 15 MB parts ($OUT/model.safetensors.part-*),
# then a small sweep that only prints dev figures (its weights are not kept).
set -o pipefail
ROOT=$(pwd)
export PYTHONUNBUFFERED=1
G="${G:-$ROOT/.gpu}"
BASE="${BASE:-$ROOT/guard/grounding/model}"
OUT="${OUT:-/tmp/judge_gpu_out}"
mkdir -p "$OUT"
cd "$G/src" || exit 1  # python -m from here: this copy of guard/ and training/, not the sent tree's
COMMON="--base $BASE --paired-batches --pair-margin 1.0 --eval --response-labels $G/dev_response_labels.json --log-every 100"
{
  date -u; nvidia-smi; ls -la "$BASE" "$G"
  python3 -c "import torch, transformers, sklearn, safetensors, numpy; print('torch', torch.__version__, 'transformers', transformers.__version__, 'cuda', torch.cuda.is_available())" || exit 1
  sha256sum "$BASE/model.safetensors" "$G"/*.gz
  echo "=== main (pre-registered)"
  python3 -m training.judge.gpu_train --pairs "$G/pairs400.jsonl.gz" --out /tmp/model_gpu --name main $COMMON \
      --pair-margin-weight 1.0 --batch-size 64 --learning-rate 5e-5 --epochs 5 --seed 13 --max-seconds 200 || exit 1
  sha256sum /tmp/model_gpu/*
  cp /tmp/model_gpu/train_summary.json "$OUT/train_summary.json"
  (cd /tmp/model_gpu && split -b 15M model.safetensors "$OUT/model.safetensors.part-") && ls -la "$OUT"
  echo "=== sweep (figures only, not returned)"
  python3 -m training.judge.gpu_train --pairs "$G/pairs400.jsonl.gz" --name seed14 $COMMON --pair-margin-weight 1.0 --batch-size 64 --learning-rate 5e-5 --epochs 5 --seed 14 --max-seconds 70
  python3 -m training.judge.gpu_train --pairs "$G/pairs40.jsonl.gz" --name data40 $COMMON --pair-margin-weight 1.0 --batch-size 64 --learning-rate 5e-5 --epochs 5 --seed 13 --max-seconds 40
  python3 -m training.judge.gpu_train --pairs "$G/pairs400.jsonl.gz" --name nohinge $COMMON --pair-margin-weight 0.0 --batch-size 64 --learning-rate 5e-5 --epochs 5 --seed 13 --max-seconds 70
  python3 -m training.judge.gpu_train --pairs "$G/pairs400.jsonl.gz" --name epochs10 $COMMON --pair-margin-weight 1.0 --batch-size 64 --learning-rate 5e-5 --epochs 10 --seed 13 --max-seconds 90
  date -u; nvidia-smi --query-gpu=name,memory.used,utilization.gpu --format=csv
} 2>&1 | tee "$OUT/log.txt"
