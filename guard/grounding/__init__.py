"""The grounding model: does the evidence support a claim? (METHODS.md section 8)."""
