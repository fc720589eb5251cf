"""Training data, fine-tuning and dev measurement of the grounding model (``ragguard train grounding``)."""
