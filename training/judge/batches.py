"""Batches that keep each perturbed claim beside its original, and the loss that uses them.

A FactCC-style judge learns the difference between "the claim" and "the claim with one span
changed" best when both sit in the same step: with plain shuffling (5,035 pairs, batch 16)
a variant and its original almost never meet, so the gradient never sees the one-token
difference directly. Here a variant and its supported original form one unit; units are
shuffled per epoch (seeded, so a resumed run sees the same batches) and packed whole into
batches of at most ``batch_size`` examples. :func:`pair_margin_loss` then asks that the
variant's log P(contradicted) exceed its original's by a margin.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for the annotation: training.judge.gpu_train imports this module without pydantic
    from training.judge.pairs import JudgePair

__all__ = ["pair_units", "epoch_batches", "PairedSchedule", "pair_margin_loss"]


def pair_units(pairs: Sequence[JudgePair]) -> list[list[int]]:
    """Indices grouped as [original, variant, ...] for each perturbed claim; every other pair alone.

    A variant whose original is not among ``pairs`` (none in a file the builder wrote) stays alone.
    """
    originals: dict[tuple[str, str], int] = {}
    for index, pair in enumerate(pairs):
        if pair.perturbation is None:
            originals.setdefault((pair.source_id, pair.claim), index)
    variants: dict[int, list[int]] = {}
    for index, pair in enumerate(pairs):
        original = originals.get((pair.source_id, pair.original or ""))
        if pair.perturbation is not None and original is not None:
            variants.setdefault(original, []).append(index)
    grouped = {i for members in variants.values() for i in members} | set(variants)
    alone = [i for i in range(len(pairs)) if i not in grouped]
    return [[original, *members] for original, members in sorted(variants.items())] + [[i] for i in alone]


def epoch_batches(units: Sequence[Sequence[int]], batch_size: int, seed: int) -> list[list[int]]:
    """One epoch: the units in a seeded order, packed whole into batches of <= ``batch_size``."""
    import numpy as np

    batches: list[list[int]] = [[]]
    for position in np.random.default_rng(seed).permutation(len(units)):
        unit = list(units[int(position)])
        if batches[-1] and len(batches[-1]) + len(unit) > batch_size:
            batches.append([])
        batches[-1].extend(unit)
    return [b for b in batches if b]


class PairedSchedule:
    """Step -> batch over successive epochs (epoch ``e`` shuffled with ``seed + e``)."""

    def __init__(self, units: Sequence[Sequence[int]], batch_size: int, seed: int):
        self.units, self.batch_size, self.seed = units, batch_size, seed
        self._epochs: list[list[list[int]]] = []

    def batch(self, step: int) -> list[int]:
        epoch = 0
        while True:
            if epoch == len(self._epochs):  # epochs are packed lazily and kept (a few KB each)
                self._epochs.append(epoch_batches(self.units, self.batch_size, self.seed + epoch))
            if step < len(self._epochs[epoch]):
                return self._epochs[epoch][step]
            step -= len(self._epochs[epoch])
            epoch += 1


def pair_margin_loss(log_contradicted, indices: Sequence[int], partner: dict[int, int], margin: float):
    """Mean hinge max(0, margin - (log P_c(variant) - log P_c(original))) over the batch's pairs.

    ``log_contradicted`` is the batch's log P(contradicted) (a torch vector aligned with
    ``indices``); ``partner`` maps a variant's pair index to its original's. None when the
    batch holds no complete pair.
    """
    import torch

    where = {index: row for row, index in enumerate(indices)}
    rows = [(where[v], where[o]) for v, o in partner.items() if v in where and o in where]
    if not rows:
        return None
    variant = log_contradicted[[v for v, _ in rows]]
    original = log_contradicted[[o for _, o in rows]]
    return torch.clamp(margin - (variant - original), min=0.0).mean()
