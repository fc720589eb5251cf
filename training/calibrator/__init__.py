"""A learned claim decision over the claim judge's own signals (issue 11, the calibrator experiment).

The claim judge (`guard/verifiers/claim_judge.py`) decides by fixed precedence: the fact
layer's contradicted / unsupported stand, supported needs an embedding score above a bar,
abstain falls to the embedding score. This package asks whether a small model reading the
same signals (fact-layer outcome and mismatch kind, support scores, alignment, lexical
coverage, slots) decides better on documents the rules were not written on.

- `features.py`: one typed feature vector per claim, from what the judge already computes;
- `data.py`: the rows (hard-case dev / val, optional synthetic pairs), cached in `.cache/calibrator/`;
- `fit.py`: grouped cross-validation on dev, model and threshold chosen on val, figures against the rules.
"""
