"""The fact layer: evidence units, slots read from claims and units, and their comparison.

Layer: below ``guard.verifiers`` (verifiers import it, never the reverse). The types
every layer above shares live in :mod:`guard.facts.types`.
"""
