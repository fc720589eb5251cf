"""The EGC detector's features (cached) and its logistic fit (``ragguard train egc``)."""
