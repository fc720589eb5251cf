"""Evaluation on labelled data (RAGTruth)."""
