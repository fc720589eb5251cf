"""``python -m guard.cli``: the ``ragguard`` command without its console script."""

from guard.cli import main

main()
