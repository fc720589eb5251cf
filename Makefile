# The two commands of the README. Each one does the whole set-up first.
.PHONY: setup demo test

setup:
	@bash scripts/setup.sh

demo: setup
	.venv/bin/ragguard demo

test: setup
	.venv/bin/python -m pytest
