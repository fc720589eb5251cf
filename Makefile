# The two commands of the README. Each one does the whole set-up first.
# `make lint` is for development (README, "Development checks"); CI runs `make test` only.
.PHONY: setup demo test lint

setup:
	@bash scripts/setup.sh

demo: setup
	.venv/bin/ragguard demo

test: setup
	.venv/bin/python -m pytest

# ruff (pinned in the dev extra; rule selection in pyproject.toml) over every Python file of the
# checkout, then the import layering of .importlinter (also checked by tests/packaging/test_layers.py).
lint: setup
	.venv/bin/ruff check .
	.venv/bin/lint-imports --no-cache
