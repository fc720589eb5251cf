"""Prompt templates (text files in this folder) and the functions that fill them.

Retrieved passages, drafts and questions are untrusted: they are delimited and defused
(see :mod:`prompts.delimiting`) before they enter a prompt, and the system prompts say
that passage content is data, never instructions.
"""

from prompts.delimiting import format_passages, neutralise
from prompts.messages import (
    ANSWER_MAX_TOKENS,
    ANSWER_STOP,
    ClaimFeedback,
    build_answer_messages,
    build_regenerate_messages,
    build_rewrite_messages,
)
from prompts.templates import TEMPLATE_DIR, Message, render, template_fields

__all__ = [
    "ANSWER_MAX_TOKENS",
    "ANSWER_STOP",
    "TEMPLATE_DIR",
    "ClaimFeedback",
    "Message",
    "build_answer_messages",
    "build_regenerate_messages",
    "build_rewrite_messages",
    "format_passages",
    "neutralise",
    "render",
    "template_fields",
]
