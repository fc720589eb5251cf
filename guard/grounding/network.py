"""The network of ragguard's grounding model: a MiniLM encoder, mean pooling, a linear head.

Mean pooling rather than BERT's [CLS] pooler: all-MiniLM-L6-v2 was trained as a
mean-pooled sentence encoder, so its pooled vector is meaningful from step one and a
short CPU fine-tune starts from there instead of teaching [CLS] a new job.
"""

from __future__ import annotations

import torch
from torch import nn

__all__ = ["MeanPoolClassifier"]


class MeanPoolClassifier(nn.Module):
    def __init__(self, encoder: nn.Module, num_labels: int = 3, dropout: float = 0.1):
        super().__init__()
        self.encoder = encoder
        self.dropout = nn.Dropout(dropout)
        self.head = nn.Linear(encoder.config.hidden_size, num_labels)

    def forward(self, input_ids, attention_mask, token_type_ids=None) -> torch.Tensor:
        hidden = self.encoder(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        ).last_hidden_state
        weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)
        return self.head(self.dropout(pooled))
