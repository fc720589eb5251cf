"""The producers of every artifact ragguard ships: not part of the installed package.

Each module fits one artifact from labelled data and writes it to an explicit ``--out``;
``ragguard train ...`` runs them from a checkout of the repository (see training/README.md).
The runtime (``guard``, ``retrievers``) only reads the artifacts and never imports this tree.
"""
