"""Dynamic int8 quantisation of the grounding model vs fp32 on every 8th dev sentence.

    python benchmarks/grounding_int8.py   (~2 min idle; needs `ragguard train grounding --eval-only` run once
                                            for the cached fp32 dev predictions)

Prints the speed-up, the supported-vs-not AUROC of both and how far the probabilities move.
Measured 2026-11-29: 2.1x faster, AUROC 0.753 -> 0.743, argmax agreement 90.6%: not shipped.
"""

import sys, time, json, glob, os
sys.path.insert(0,'.')
import numpy as np, torch
from sklearn.metrics import roc_auc_score
from guard.grounding.model import GroundingModel, DEFAULT_MODEL_DIR
from guard.grounding.evaluate import read_examples, _fingerprint
from guard.grounding.dataset import prepare
torch.set_num_threads(2)
dev_path = prepare(__import__('pathlib').Path('../shared/data/ragtruth'), __import__('pathlib').Path('.cache/grounding/data'), "dev", 192, 0.2)
ex = read_examples(dev_path)
ref = np.load(f".cache/grounding/predictions/dev-{_fingerprint(DEFAULT_MODEL_DIR)}.npy")
idx = list(range(0, len(ex), 8))
sub = [ex[i] for i in idx]
y = np.array([e.label.value != "supported" for e in sub])
m = GroundingModel.load()
t=time.time(); p32 = np.array([[s.supported, s.unsupported, s.contradicted] for s in m.predict([(e.claim,e.evidence) for e in sub], batch_size=32)]); t32=time.time()-t
print("fp32 vs cached max abs diff", np.abs(p32-ref[idx]).max())
q = torch.ao.quantization.quantize_dynamic(m._network, {torch.nn.Linear}, dtype=torch.qint8)
m._network = q
t=time.time(); p8 = np.array([[s.supported, s.unsupported, s.contradicted] for s in m.predict([(e.claim,e.evidence) for e in sub], batch_size=32)]); t8=time.time()-t
print(len(sub), "sentences; fp32 %.1fs int8 %.1fs" % (t32, t8))
print("AUROC not-supported fp32 %.4f int8 %.4f" % (roc_auc_score(y, 1-p32[:,0]), roc_auc_score(y, 1-p8[:,0])))
print("mean |dP(supported)| %.4f, argmax agreement %.4f" % (np.abs(p32[:,0]-p8[:,0]).mean(), (p32.argmax(1)==p8.argmax(1)).mean()))
