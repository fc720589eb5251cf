"""Training the stacked detector (guard/verifiers/stacked.py): the verified training rows
(:mod:`training.stacking.dataset`) and the cross-validated fit that writes the artifact
(:mod:`training.stacking.fit`). Run both with ``ragguard train stacked``."""
