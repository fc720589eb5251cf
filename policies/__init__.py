"""Packaged policy profiles (YAML); ``guard.policy.load_policy`` reads them by name."""
