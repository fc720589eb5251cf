"""`ragguard verify`: detect-only verification of a JSONL file of answers, resumable.

Input: one JSON object per line with ``question`` (str), ``contexts`` (list of str;
citation ``[n]`` is ``contexts[n-1]``), ``answer`` (str), and optionally ``model``
(the generator, str) and ``id`` (str or int). Other keys are ignored; blank lines
are skipped.

Output: one JSON line per non-blank input line, in input order, flushed as it is
written: ``{"line": n, "id": ..., "verification": {...}}`` (the whole report, with
``unsupported_spans``: character offsets into the line's ``answer`` to highlight), or
for a line that cannot be verified (invalid JSON, a missing field, a wrong type)
``{"line": n, "id": ... if readable, "error": "..."}``. Line numbers count every
input line from 1, blank ones included. Bad lines are also reported on stderr.

Answers are verified in batches (``--batch-size``, default 32) by
:func:`guard.verifiers.batch.verify_batch`, which works on the passages the answers share
once. The batches are shared by ``--workers`` worker processes (default: one per CPU;
an input of fewer than 64 answers is verified in this process), or with ``--ray`` by
``--workers`` Ray actors (a local Ray, or the cluster at ``--ray-address``). The output
is the same either way.

Resume (default): output lines already present, matched by line number and id,
are kept and their input lines skipped; a line cut short by an interruption is
dropped and redone. An output whose lines do not match the input (another input
file, lines reordered) is an error: nothing is overwritten. ``--no-resume``
starts the output afresh.

Exit status: 0 when every line was verified, 1 when any line was bad (the
others are still written), 2 for a usage error (unknown verifier or policy, missing
input, an output that does not belong to this input).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Optional

import typer
from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from guard.cli import app
from guard.cli.options import comma_names
from guard.verifiers.registry import DEFAULT_VERIFIERS

if TYPE_CHECKING:
    from guard.verifiers.batch import VerifyItem
    from guard.verifiers.stage import VerificationSettings
    from guard.verifiers.types import Verification

__all__ = ["VerifyLine", "verify_command"]


class VerifyLine(BaseModel):
    """One input line."""

    model_config = ConfigDict(extra="ignore")

    question: StrictStr
    contexts: list[StrictStr]
    answer: StrictStr
    model: StrictStr | None = None
    id: StrictStr | StrictInt | None = None


@app.command("verify")
def verify_command(
    input_path: Path = typer.Option(..., "--input", "-i", help="JSONL: question, contexts, answer[, model, id]."),
    output_path: Path = typer.Option(..., "--output", "-o", help="JSONL written line by line."),
    verifiers: Optional[str] = typer.Option(
        None, "--verifiers", help="Comma-separated, run in order, e.g. support,citations,types,egc "
        f"(default: the policy's, else {','.join(DEFAULT_VERIFIERS)})."
    ),
    policy: Optional[str] = typer.Option(
        None, "--policy", help="Profile name or YAML path: its verifiers, support threshold and refusal text."
    ),
    resume: bool = typer.Option(True, "--resume/--no-resume", help="Keep finished output lines, do the rest."),
    batch_size: int = typer.Option(32, "--batch-size", min=1, help="Answers prepared together (shared passages once)."),
    ray: bool = typer.Option(
        False, "--ray", help="Verify on Ray actors, on a local Ray unless --ray-address names a cluster. "
        "Needs the ray extra: pip install 'ragguard\\[ray]'.",
    ),
    ray_address: Optional[str] = typer.Option(
        None, "--ray-address", metavar="ADDRESS",
        help="The Ray cluster to run on (ray://head:10001, or auto for the one this machine belongs to); "
        "implies --ray.",
    ),
    workers: Optional[int] = typer.Option(
        None, "--workers", min=1, help="Worker processes (default: one per CPU), or Ray actors with --ray "
        "(default: one per CPU of the cluster)."
    ),
) -> None:
    """Verify every answer of INPUT against its contexts; write one JSON line per input line."""
    if not input_path.is_file():
        raise typer.BadParameter(f"{input_path} is not a file", param_hint="--input")
    if output_path.exists() and output_path.resolve() == input_path.resolve():
        raise typer.BadParameter(
            "is the same file as --input; write the output elsewhere", param_hint="--output"
        )
    ray = ray or ray_address is not None
    settings = _settings(verifiers, policy)
    try:
        lines = input_path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise typer.BadParameter(
            f"{input_path} is not UTF-8 text ({exc.reason} at byte {exc.start})", param_hint="--input"
        ) from None
    except OSError as exc:
        raise typer.BadParameter(
            f"cannot read {input_path}: {exc.strerror or exc}", param_hint="--input"
        ) from None
    try:
        output_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise typer.BadParameter(
            f"cannot create the folder {output_path.parent}: {exc.strerror or exc}", param_hint="--output"
        ) from None
    done = _finished_lines(output_path, lines) if resume else {}
    bad = _run(lines, output_path, done, settings, _RunOptions(batch_size, ray, ray_address, workers))
    total = sum(1 for text in lines if text.strip())
    typer.echo(f"{total - bad} of {total} lines verified, {bad} bad; output: {output_path}", err=True)
    raise typer.Exit(1 if bad else 0)


def _settings(verifiers: str | None, policy_name: str | None) -> VerificationSettings:
    """The policy's verification settings (``--verifiers`` replacing its list), built once for
    the whole file; without ``--policy``, the default verifiers and thresholds."""
    from guard.errors import ConfigError
    from guard.verifiers.stage import build_settings

    names = None if verifiers is None else _verifier_names(verifiers)
    if policy_name is None:
        return build_settings(names)
    from guard.policy import load_policy

    try:
        return load_policy(policy_name).verification_settings(names)
    except ConfigError as exc:
        raise typer.BadParameter(str(exc), param_hint="--policy") from None


def _verifier_names(text: str) -> list[str]:
    from guard.verifiers.registry import available_verifiers

    return comma_names(text, available_verifiers(), kind="verifier", option="--verifiers")


# --- resume -----------------------------------------------------------------------------------------


def _finished_lines(output_path: Path, lines: list[str]) -> dict[int, str]:
    """Output lines already written, by input line number; a cut last line is dropped.

    They must be the first non-blank input lines, in order (what an interrupted run
    leaves), so the run can append the rest.
    """
    if not output_path.is_file():
        return {}
    raw = output_path.read_bytes()
    data = raw[: raw.rfind(b"\n") + 1]  # a line cut by an interruption is redone
    done: dict[int, str] = {}
    for number, text in enumerate(data.decode("utf-8", errors="replace").splitlines(), start=1):
        try:
            row = json.loads(text)
            line = int(row["line"])
        except (ValueError, KeyError, TypeError, RecursionError):
            raise _not_resumable(f"{output_path}:{number} is not a ragguard verify output line") from None
        if not 1 <= line <= len(lines) or row.get("id") != _line_id(lines[line - 1]):
            raise _not_resumable(
                f"{output_path}:{number} is for input line {line} with id {row.get('id')!r}, "
                "which does not match the input"
            )
        done[line] = text
    written = data.count(b"\n")
    expected = [n for n, text in enumerate(lines, start=1) if text.strip()][:written]
    if list(done) != expected or len(done) != written:
        raise _not_resumable(f"{output_path} holds input lines out of input order")
    if data != raw:
        output_path.write_bytes(data)
    return done


def _not_resumable(problem: str) -> typer.BadParameter:
    return typer.BadParameter(
        f"{problem}: cannot resume; use --no-resume to overwrite it, or choose another --output",
        param_hint="--output",
    )


def _line_id(text: str) -> str | int | None:
    """The id an input line carries, if it can be read (bad lines keep theirs too)."""
    try:
        row = json.loads(text)
    except (ValueError, RecursionError):
        return None
    value = row.get("id") if isinstance(row, dict) else None
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else None


# --- the run ----------------------------------------------------------------------------------------


class _RunOptions(NamedTuple):
    """How the lines are verified: batch size, and whether on Ray (else on this machine)."""

    batch_size: int = 32
    ray: bool = False
    ray_address: str | None = None  # None: a Ray started here
    workers: int | None = None  # None: one per CPU (local processes, or the Ray cluster's)


def _run(
    lines: list[str],
    output_path: Path,
    done: dict[int, str],
    settings: VerificationSettings,
    options: _RunOptions = _RunOptions(),
) -> int:
    from tqdm import tqdm

    todo = [n for n, text in enumerate(lines, start=1) if text.strip() and n not in done]
    bad = sum(1 for text in done.values() if "error" in json.loads(text))
    output_path.parent.mkdir(parents=True, exist_ok=True)
    # Two readers of one lazy stream of parsed lines: the batch verifier runs ahead by at most a
    # few batches (tee keeps only that gap), the writer takes each line's result in input order.
    for_writer, for_verifier = itertools.tee(_parsed(lines, todo))
    results = _verifications((p for _, p in for_verifier if not isinstance(p, str)), settings, options)
    # The finished lines are the file's prefix (checked when read): append the rest after them.
    with output_path.open("a" if done else "w", encoding="utf-8") as out:
        for number, parsed in tqdm(for_writer, total=len(todo), desc="verify", unit="answer", disable=None):
            if isinstance(parsed, str):
                row, ok = _bad(number, lines[number - 1], parsed), False
            else:
                verification = next(results)
                row, ok = {"line": number, "id": parsed.id, "verification": verification.model_dump(mode="json")}, True
            bad += not ok
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            out.flush()
    return bad


class _Parsed(NamedTuple):
    id: str | int | None
    item: VerifyItem


def _parsed(lines: list[str], todo: list[int]) -> Iterator[tuple[int, _Parsed | str]]:
    """Each line to do: its item, or why it cannot be verified."""
    for number in todo:
        yield number, _parse(lines[number - 1])


def _parse(text: str) -> _Parsed | str:
    from guard.errors import GuardError
    from guard.verifiers.batch import VerifyItem

    try:
        line = VerifyLine.model_validate_json(text)
        item = VerifyItem(question=line.question, contexts=line.contexts, answer=line.answer, generator=line.model)
    except ValidationError as exc:
        return _describe(exc)
    except GuardError as exc:
        return str(exc)
    return _Parsed(line.id, item)


def _verifications(
    parsed: Iterator[_Parsed], settings: VerificationSettings, options: _RunOptions
) -> Iterator[Verification]:
    """The reports of the items, lazily, in order (one batch verifier for the whole file)."""
    from guard.verifiers.batch import verify_batch
    from guard.verifiers.batch_pool import default_workers

    workers = options.workers if options.workers is not None or options.ray else default_workers()
    return verify_batch(
        (p.item for p in parsed),
        settings=settings,
        batch_size=options.batch_size,
        executor="ray" if options.ray else "local",
        ray_address=options.ray_address,
        workers=workers,
    )


def _bad(number: int, text: str, message: str) -> dict[str, Any]:
    typer.secho(f"line {number}: {message}", fg=typer.colors.RED, err=True)
    return {"line": number, "id": _line_id(text), "error": message}


def _describe(exc: ValidationError) -> str:
    """Pydantic's errors as one line: 'invalid JSON: ...' or 'contexts.1: Input should be ...'."""
    parts = []
    for error in exc.errors():
        if error["type"] == "json_invalid":
            return f"invalid JSON: {error['ctx'].get('error', error['msg'])}"
        where = ".".join(str(p) for p in error["loc"]) or "(the line)"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)
