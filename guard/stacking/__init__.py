"""Training the stacked detector (guard/verifiers/stacked.py): the verified training rows
(:mod:`guard.stacking.dataset`) and the cross-validated fit that writes the artifact
(:mod:`guard.stacking.fit`). Run both with ``ragguard train stacked``."""
