"""Policy profiles: the YAML schema, its actions and conditions, and the loader.

A policy says what the guard checks (verifiers, thresholds) and how it reacts to
each problem it finds (one :class:`Action` per :class:`Condition`). Profiles are
YAML files; ``extends: <profile>`` inherits from another profile (deep merge:
mappings merge key by key, lists and scalars are replaced). Packaged profiles
live in the ``policies`` package; bare names in ``extends`` name packaged
profiles, anything with a ``/`` or a ``.yaml`` suffix is a path relative to the
file that extends it.

Every problem in a file is a :class:`ConfigError` naming the file, the dotted key,
the value and what is allowed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator, Sequence
from enum import Enum
from functools import lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from guard.config_file import describe_errors, read_mapping
from guard.errors import ConfigError
from guard.verifiers.registry import DEFAULT_VERIFIERS
from retrievers.config import RetrievalConfig

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationSettings

__all__ = [
    "Action",
    "Condition",
    "Thresholds",
    "AutoCitationSettings",
    "ConfirmationSettings",
    "ScopeCheck",
    "RegenerateSettings",
    "Actions",
    "Policy",
    "DEFAULT_REFUSAL",
    "QUOTE_FALLBACK",
    "available_profiles",
    "load_policy",
]

DEFAULT_REFUSAL = "I don't have enough information in the provided documents to answer that."
DEFAULT_HOLDING = (
    "This question has been passed to a human reviewer, who will follow up. "
    "No answer is shown until it has been checked."
)
DEFAULT_LABEL = "⚠ Caution: parts of this answer could not be verified against the provided documents"
DEFAULT_QUOTE_LEAD = "The documents say"
# The label of a doubtful_answer: its values are the documents' own, so the generic label ("could
# not be verified") would say the wrong thing; what is in doubt is which case the question means.
DEFAULT_DOUBTFUL_LABEL = (
    "⚠ The documents give different values for cases your question does not tell apart; "
    "both are shown with their sources."
)

# The verifier that measures each optional threshold: a threshold whose verifier is not listed
# could never be met, so load_policy refuses it.
MEASURED_BY: dict[str, str] = {
    "min_citation_recall": "citations",
    "min_citation_precision": "citations",
    "max_hallucination_probability": "stacked",
    "min_hit_rate": "cross_route",
    "max_isolation": "egc",
    "min_franq": "franq",
    "min_learned_support": "grounding",
}
_PACKAGE = "policies"
_IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]*$")


class Action(str, Enum):
    """What the guard does with a draft. Declared from mildest to strictest.

    ``escalate`` is the strictest: the user gets a holding answer (no more than a
    refusal tells them) *and* a human must look, so when one condition asks for a
    refusal and another for a human, the human wins. ``regenerate`` sits below
    ``refuse`` because a refusal is final and a new draft cannot undo it, and above
    ``strip`` and ``quote`` because a new draft may fix what they would throw away.

    ``quote`` replaces each failing claim with the evidence unit it was checked against,
    verbatim and cited (``The documents say: "Age: 2 to 4 years | Dose: 7.5 ml" [1]``);
    answer-level, it quotes every unsupported or contradicted claim. A claim with no
    evidence unit to quote is removed as ``strip`` removes it (:data:`QUOTE_FALLBACK`),
    and an answer left with neither claims nor quotes is the refusal. It sits above
    ``strip``: it does what strip does and adds what the documents say.
    """

    pass_ = "pass"
    annotate = "annotate"
    strip = "strip"
    quote = "quote"
    regenerate = "regenerate"
    refuse = "refuse"
    escalate = "escalate"

    @property
    def severity(self) -> int:
        return _SEVERITY[self]


_SEVERITY = {action: rank for rank, action in enumerate(Action)}
# What quote does with a claim that has no evidence unit to quote (guard.decide.resolve_quotes).
QUOTE_FALLBACK = Action.strip


class Condition(str, Enum):
    """A problem ``decide`` can find; the policy maps each one to an action."""

    insufficient_context = "insufficient_context"
    invalid_citation = "invalid_citation"
    unsupported_claim = "unsupported_claim"
    contradicted_claim = "contradicted_claim"
    low_faithfulness = "low_faithfulness"
    verifier_error = "verifier_error"
    low_citation_recall = "low_citation_recall"
    low_citation_precision = "low_citation_precision"
    high_hallucination_probability = "high_hallucination_probability"
    low_hit_rate = "low_hit_rate"
    isolated_claim = "isolated_claim"  # too many claims have no evidence neighbour (EGC)
    low_franq = "low_franq"  # FRANQ's calibrated P(claim true) below the minimum
    # A claim judged supported whose facts the fact layer did not confirm: it found no number,
    # date or name to compare (or could not read them), so "supported" rests on wording alone.
    unconfirmed_claim = "unconfirmed_claim"
    declined = "declined"  # the model replied with the refusal sentence (or nothing)
    model_error = "model_error"  # no model produced a draft, after retries and the fallback
    prompt_injection = "prompt_injection"  # a passage holds instruction-like text (never used as evidence)
    # Evidence-first answering chose its unit on a close call: another case, nearly as likely,
    # states another value (guard/answering_doubt.py). Verification cannot see it: the quote is supported.
    doubtful_answer = "doubtful_answer"


_ALL = tuple(Action)
_NO_STRIP = tuple(a for a in Action if a not in (Action.strip, Action.quote))
_FINAL = tuple(a for a in Action if a is not Action.regenerate)
# Strip and quote remove (or replace) claims, so they only fit conditions that point at
# claims (or, for low faithfulness, at the unsupported claims that caused it).
# Regenerating cannot bring missing evidence or mend a broken verifier.
_ALLOWED: dict[Condition, tuple[Action, ...]] = {
    Condition.insufficient_context: (Action.pass_, Action.annotate, Action.refuse, Action.escalate),
    Condition.invalid_citation: _ALL,
    Condition.unsupported_claim: _ALL,
    Condition.contradicted_claim: _ALL,
    Condition.low_faithfulness: _ALL,
    Condition.verifier_error: (Action.pass_, Action.annotate, Action.refuse, Action.escalate),
    Condition.low_citation_recall: _NO_STRIP,
    Condition.low_citation_precision: _NO_STRIP,
    Condition.high_hallucination_probability: _NO_STRIP,
    Condition.low_hit_rate: _ALL,
    Condition.isolated_claim: _ALL,
    Condition.low_franq: _ALL,
    Condition.unconfirmed_claim: _ALL,
    Condition.declined: (Action.pass_, Action.refuse, Action.escalate),
    # Without a draft there is nothing to pass, mark, strip or redraft.
    Condition.model_error: (Action.refuse, Action.escalate),
    # The text was already left out of the evidence; redrafting or stripping claims cannot change it.
    Condition.prompt_injection: (Action.pass_, Action.annotate, Action.refuse, Action.escalate),
    # About the choice of quote, not a claim: nothing to strip, and a redraft quotes the same units.
    Condition.doubtful_answer: (Action.pass_, Action.annotate, Action.refuse, Action.escalate),
}


def _not_allowed(allowed: Collection[Action]) -> PydanticCustomError:
    names = ", ".join(a.value for a in allowed)
    return PydanticCustomError("action_not_allowed", "use one of: {allowed}", {"allowed": names})


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Thresholds(_Section):
    """Numeric limits; ``None`` means the metric is not checked."""

    min_support: float = Field(0.5, ge=0.0, le=1.0, description="P(supported) a claim needs")
    min_faithfulness: float | None = Field(None, ge=0.0, le=1.0)
    min_citation_recall: float | None = Field(None, ge=0.0, le=1.0)
    min_citation_precision: float | None = Field(None, ge=0.0, le=1.0)
    max_hallucination_probability: float | None = Field(None, ge=0.0, le=1.0)
    min_hit_rate: float | None = Field(None, ge=0.0, le=1.0)
    # The largest share of claims the EGC graph may leave isolated; above it, each isolated
    # claim is a finding (an answer too short for the graph is not checked).
    max_isolation: float | None = Field(None, ge=0.0, le=1.0)
    min_franq: float | None = Field(None, ge=0.0, le=1.0, description="calibrated FRANQ P(true) per claim")
    # The P(supported) a claim the fact layer did not confirm (no number, date or name to check:
    # "supported" rests on wording) needs to stand as written; below it, unconfirmed_claim.
    min_unconfirmed_support: float | None = Field(None, ge=0.0, le=1.0)
    # The learned judge's (grounding model's) P(supported) a supported claim needs to stand as
    # written; below it, unconfirmed_claim too. It never changes the claim's verdict (one judge):
    # it only asks a strict profile to show the evidence's words instead of the model's.
    min_learned_support: float | None = Field(None, ge=0.0, le=1.0)


class ScopeCheck(str, Enum):
    """Which words of scope a supported claim must share with its evidence
    (:func:`guard.policy_wording.missing_scope_words`)."""

    off = "off"
    quantifiers = "quantifiers"  # how many, how often, whether exclusively ("every", "once", "only")
    all = "all"  # and modals, negation and a leading yes/no (a polar answer no unit states)


class ConfirmationSettings(_Section):
    """Lexical checks a supported claim must also pass to stand in the model's words
    (:mod:`guard.policy_wording`); a claim that fails one is an ``unconfirmed_claim``.
    Off by default: each costs alterations of correct answers (README, "Policies")."""

    # Every number of the claim is in the evidence units it was checked against (a value the fact
    # layer derived by arithmetic excepted), and every name (a capitalised word after the first,
    # an acronym).
    numbers_in_evidence: bool = False
    names_in_evidence: bool = False
    # Every person or body the claim gives a role ("your line manager", "the police") is named by
    # the evidence units of the answer (guard.policy_wording.missing_actors).
    actors_in_evidence: bool = False
    # The claim's words of scope are used by those units too: off, quantifiers (how many, how
    # often, "only"), or all (modals, negation and a leading yes/no as well).
    scope_words_in_evidence: ScopeCheck = ScopeCheck.off


class AutoCitationSettings(_Section):
    """Whether the guard may cite a passage for an uncited claim it clearly supports."""

    enabled: bool = True
    min_support: float = Field(0.8, ge=0.0, le=1.0)


class RegenerateSettings(_Section):
    max_attempts: int = Field(1, ge=0, le=5, description="new drafts before the fallback applies")
    on_exhausted: Action = Action.annotate

    @field_validator("on_exhausted")
    @classmethod
    def _final(cls, value: Action) -> Action:
        if value is Action.regenerate:
            raise _not_allowed(_FINAL)
        return value


class Actions(_Section):
    """One action per condition (field names are the :class:`Condition` values)."""

    insufficient_context: Action = Action.refuse
    invalid_citation: Action = Action.regenerate
    unsupported_claim: Action = Action.annotate
    contradicted_claim: Action = Action.strip
    low_faithfulness: Action = Action.regenerate
    verifier_error: Action = Action.annotate
    low_citation_recall: Action = Action.annotate
    low_citation_precision: Action = Action.annotate
    high_hallucination_probability: Action = Action.annotate
    low_hit_rate: Action = Action.annotate
    isolated_claim: Action = Action.annotate
    low_franq: Action = Action.annotate
    unconfirmed_claim: Action = Action.annotate  # only found under its thresholds or `confirmation` checks
    declined: Action = Action.refuse
    model_error: Action = Action.refuse
    prompt_injection: Action = Action.annotate
    doubtful_answer: Action = Action.annotate

    @field_validator("*")
    @classmethod
    def _fits_condition(cls, value: Action, info: ValidationInfo) -> Action:
        allowed = _ALLOWED[Condition(info.field_name)]
        if value not in allowed:
            raise _not_allowed(allowed)
        return value

    def for_condition(self, condition: Condition) -> Action:
        return getattr(self, condition.value)


class Policy(_Section):
    name: str = Field(min_length=1)
    description: str = ""
    extends: str | None = None
    refusal_text: str = Field(DEFAULT_REFUSAL, min_length=1)
    holding_text: str = Field(DEFAULT_HOLDING, min_length=1)
    annotation_label: str = Field(DEFAULT_LABEL, min_length=1)
    strip_notice: str | None = None  # appended when strip removed something
    # Shown for an annotated doubtful_answer instead of its detail under annotation_label
    # (guard.actions.caution_labels).
    doubtful_label: str = Field(DEFAULT_DOUBTFUL_LABEL, min_length=1)
    # What introduces a quote (the quote action): '<lead>: "<evidence unit>" [n]'.
    quote_lead: str = Field(DEFAULT_QUOTE_LEAD, min_length=1)
    retrieval: RetrievalConfig = Field(default_factory=RetrievalConfig)
    # How the draft is made: "generate" asks the model; "evidence" answers with the evidence
    # unit(s) that answer the question, quoted with their citation, and refuses (saying what
    # was looked for) when no unit does: no model call (guard/answering.py); "auto" is
    # evidence for the embedded local model (which rarely writes the fact it is given) and
    # generate for any other model (README, "Evidence-first answering").
    answering: Literal["generate", "evidence", "auto"] = "auto"
    # Run in this order (guard.verifiers.registry; default DEFAULT_VERIFIERS): support labels
    # claims, citations reads the judge, types reads the labels. Claim splitting always runs.
    verifiers: list[str] = Field(default_factory=lambda: list(DEFAULT_VERIFIERS))
    # Keyword settings per verifier, given to its factory once (e.g. stacked: {path: my.json}).
    verifier_settings: dict[str, dict[str, Any]] = Field(default_factory=dict)
    # Seconds one verification may take; past it the remaining verifiers count as failed
    # (verifier_error), so a pathological input cannot hold a worker.
    verification_deadline_s: float = Field(10.0, gt=0.0, le=600.0)
    thresholds: Thresholds = Field(default_factory=Thresholds)
    confirmation: ConfirmationSettings = Field(default_factory=ConfirmationSettings)
    auto_citation: AutoCitationSettings = Field(default_factory=AutoCitationSettings)
    regenerate: RegenerateSettings = Field(default_factory=RegenerateSettings)
    actions: Actions = Field(default_factory=Actions)

    @field_validator("verifiers")
    @classmethod
    def _verifier_names(cls, names: list[str]) -> list[str]:
        for name in names:
            if not _IDENTIFIER.match(name):
                raise PydanticCustomError(
                    "verifier_name",
                    "'{name}' is not a verifier name; use lower-case identifiers such as "
                    "support, citations, types",
                    {"name": name},
                )
        if len(set(names)) != len(names):
            raise PydanticCustomError("verifier_duplicate", "list each verifier once", {})
        return names

    def verification_settings(self, verifiers: Sequence[str] | None = None) -> VerificationSettings:
        """Verify under this policy: its verifiers built (and their models loaded) once, its support
        threshold, deadline and refusal sentence. The one call the pipeline, ``ragguard verify``
        and ``/v1/verify`` make; ``verifiers`` replaces the policy's list (a request's own)."""
        names = tuple(self.verifiers if verifiers is None else verifiers)
        options = {name: self.verifier_settings[name] for name in names if name in self.verifier_settings}
        return _settings(
            names,
            json.dumps(options, sort_keys=True),
            self.thresholds.min_support,
            self.verification_deadline_s,
            self.refusal_text,
        )

    def action_for(self, condition: Condition, *, attempt: int = 0) -> Action:
        """The action for ``condition``; regenerate turns into the fallback once attempts run out.

        The one regenerate-budget rule: ``attempt`` counts the drafts already regenerated."""
        action = self.actions.for_condition(condition)
        if action is Action.regenerate and attempt >= self.regenerate.max_attempts:
            return self.regenerate.on_exhausted
        return action


@lru_cache(maxsize=32)
def _settings(
    names: tuple[str, ...], options: str, support: float, deadline_s: float, refusal_text: str
) -> VerificationSettings:
    """Built once per distinct policy content (a frozen policy's copies share them)."""
    from guard.verifiers.stage import build_settings
    from guard.verifiers.types import VerifyThresholds

    return build_settings(
        names,
        VerifyThresholds(support=support),
        deadline_s=deadline_s,
        options=json.loads(options),
        refusal_text=refusal_text,
    )


# --- loading -------------------------------------------------------------------------------------


class _Source:
    """A YAML file to read: a packaged profile or a path on disk."""

    def __init__(self, resource: Traversable | Path, display: str, stem: str, packaged: bool) -> None:
        self.resource = resource
        self.display = display
        self.stem = stem
        self.packaged = packaged

    @property
    def key(self) -> str:
        return f"package:{self.stem}" if self.packaged else str(Path(self.resource).resolve())


def available_profiles() -> list[str]:
    """Names of the profiles shipped in the ``policies`` package."""
    return sorted(
        entry.name.removesuffix(".yaml")
        for entry in files(_PACKAGE).iterdir()
        if entry.name.endswith(".yaml")
    )


def _packaged(name: str) -> _Source | None:
    resource = files(_PACKAGE).joinpath(f"{name}.yaml")
    if not resource.is_file():
        return None
    return _Source(resource, f"policies/{name}.yaml", name, packaged=True)


def _looks_like_path(value: str) -> bool:
    return "/" in value or "\\" in value or value.endswith((".yaml", ".yml"))


def _from_path(path: Path) -> _Source:
    if not path.is_file():
        raise ConfigError(
            f"policy file not found: {path}; give an existing YAML file or a profile name "
            f"({', '.join(available_profiles())})"
        )
    return _Source(path, str(path), path.stem, packaged=False)


def _top_source(name_or_path: str | Path) -> _Source:
    if isinstance(name_or_path, Path) or _looks_like_path(name_or_path):
        return _from_path(Path(name_or_path))
    source = _packaged(name_or_path)
    if source is None:
        raise ConfigError(
            f"unknown policy profile {name_or_path!r}; available: {', '.join(available_profiles())} "
            "(or give a path to a YAML file)"
        )
    return source


def _parent_source(child: _Source, target: Any) -> _Source:
    if not isinstance(target, str) or not target:
        raise ConfigError(
            f"{child.display}: extends = {target!r} is not allowed; "
            "use a profile name or a path to a YAML file"
        )
    if not _looks_like_path(target):
        source = _packaged(target)
        if source is None:
            raise ConfigError(
                f"{child.display}: extends = {target!r} names no profile; available: "
                f"{', '.join(available_profiles())} (or a path such as ./{target}.yaml)"
            )
        return source
    if child.packaged:
        return _Source(files(_PACKAGE).joinpath(target), f"policies/{target}", Path(target).stem, True)
    path = Path(target) if Path(target).is_absolute() else Path(child.resource).parent / target
    if not path.is_file():
        raise ConfigError(f"{child.display}: extends = {target!r}: file not found ({path})")
    return _Source(path, str(path), path.stem, packaged=False)


def _read(source: _Source) -> dict[str, Any]:
    return read_mapping(source.resource, source.display, Policy.model_fields)


def _chain(top: _Source) -> Iterator[tuple[_Source, dict[str, Any]]]:
    """The file and its ancestors, child first; stops with an error on a cycle."""
    seen: list[_Source] = []
    source: _Source | None = top
    while source is not None:
        if source.key in {s.key for s in seen}:
            path = " -> ".join(s.display for s in [*seen, source])
            raise ConfigError(f"{top.display}: extends forms a cycle: {path}; remove one of the extends")
        seen.append(source)
        data = _read(source)
        yield source, data
        source = _parent_source(source, data["extends"]) if "extends" in data else None


def _deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def load_policy(
    name_or_path: str | Path | Policy, *, known_verifiers: Collection[str] | None = None
) -> Policy:
    """Load a packaged profile by name, or a YAML file by path, resolving ``extends``.

    ``known_verifiers``: the verifier names the policy may list (default: the registry's).
    Besides the schema, the verifier list is checked here, so a bad one is a
    :class:`ConfigError` at load, not a ``verifier_error`` on every request: every name is
    known, each verifier's ``requires`` come before it, some verifier judges support, every
    set threshold's verifier is listed, and ``verifier_settings`` names listed verifiers.
    """
    if isinstance(name_or_path, Policy):
        return name_or_path
    files_data = list(_chain(_top_source(name_or_path)))
    for source, data in files_data:
        _validate(source, _own(source, data))  # errors name the file that holds them
    leaf, leaf_data = files_data[0]
    merged: dict[str, Any] = {}
    for _, data in reversed(files_data):
        merged = _deep_merge(merged, data)
    # Name, description and extends describe one file: never inherit them.
    merged.update(name=leaf_data.get("name", leaf.stem), extends=leaf_data.get("extends"))
    merged["description"] = leaf_data.get("description", "")
    policy = _validate(leaf, merged)
    _check_verifiers(leaf, policy, known_verifiers)
    from guard.policy_safety import check_fail_open  # it reads Policy: imported here, not at the top

    check_fail_open(policy, where=leaf.display)  # strict profiles may not fail open; others are warned
    return policy


def _own(source: _Source, data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "name": data.get("name", source.stem), "extends": data.get("extends")}


def _check_verifiers(source: _Source, policy: Policy, known: Collection[str] | None) -> None:
    from guard.verifiers.registry import available_verifiers, build_verifier
    from guard.verifiers.stage import requirements

    known = available_verifiers() if known is None else known
    names = policy.verifiers
    for index, name in enumerate(names):
        if name not in known:
            raise ConfigError(
                f"{source.display}: verifiers[{index}] = {name!r} is not allowed; "
                f"use one of: {', '.join(sorted(known))}"
            )
    for name in policy.verifier_settings:
        if name not in names:
            raise ConfigError(
                f"{source.display}: verifier_settings.{name} names a verifier the policy does not list; "
                f"use one of: {', '.join(names)}"
            )
    try:
        built = [build_verifier(name, **policy.verifier_settings.get(name, {})) for name in names]
    except ConfigError as exc:
        raise ConfigError(f"{source.display}: verifier_settings: {exc}") from None
    for index, verifier in enumerate(built):
        missing = [r for r in requirements(verifier) if r not in names[:index]]
        if missing:
            order = ", ".join([*missing, verifier.name])
            raise ConfigError(
                f"{source.display}: verifiers[{index}] = {verifier.name!r} reads the output of "
                f"{', '.join(missing)}, which must be listed before it (e.g. [{order}])"
            )
    if not any(v.judges_support for v in built):
        raise ConfigError(
            f"{source.display}: verifiers = {names} has no verifier that judges support; "
            "list support or grounding first"
        )
    for key, verifier_name in MEASURED_BY.items():
        if getattr(policy.thresholds, key) is not None and verifier_name not in names:
            raise ConfigError(
                f"{source.display}: thresholds.{key} is set but verifier {verifier_name!r}, which "
                f"measures it, is not in verifiers; add it or set thresholds.{key}: null"
            )


def _validate(source: _Source, data: dict[str, Any]) -> Policy:
    try:
        return Policy.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(describe_errors(source.display, exc, Policy)) from None
