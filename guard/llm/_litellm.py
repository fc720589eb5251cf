"""The only place that imports litellm: lazily, once, with its price map kept offline.

``import litellm`` costs seconds and, unless ``LITELLM_LOCAL_MODEL_COST_MAP`` is set
before the import, first tries to download a price map over the network. Every module
of ``guard.llm`` that needs litellm goes through :func:`import_litellm`.
"""

from __future__ import annotations

import os
import threading
from types import ModuleType

__all__ = ["import_litellm", "transient_errors"]

_lock = threading.Lock()
_module: ModuleType | None = None


def import_litellm() -> ModuleType:
    """The litellm module, imported on first use with the offline price map."""
    global _module
    if _module is None:
        with _lock:
            if _module is None:
                os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
                import litellm

                # Otherwise litellm prints "Give Feedback / Get Help" banners to stdout on errors.
                litellm.suppress_debug_info = True
                _module = litellm
    return _module


def transient_errors() -> tuple[type[BaseException], ...]:
    """litellm errors worth retrying: timeouts, rate limits, 5xx and dropped connections."""
    litellm = import_litellm()
    return (
        litellm.Timeout,
        litellm.RateLimitError,
        litellm.InternalServerError,
        litellm.ServiceUnavailableError,
        litellm.BadGatewayError,
        litellm.APIConnectionError,
    )
