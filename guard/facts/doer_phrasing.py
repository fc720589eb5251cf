"""Who does an act, said without a clause that has the doer as its subject.

Why: "Stopping the patching is the optometrist's decision", "It falls to Ms Whittingham to decide if the
thigh needs scanning again", "Whether the steamer sails is up to the purser", "Hollinsclough Harness Co. is
who checks the cards". The readers of doers and acts (roles.py, act_binding.py, duty_lists.py) take the
doer from a verb's subject; these phrasings put it in a possessive, after "to" or after a copula, where no
verb has it, so a claim that gives the document's act to another party passes unread. :func:`plain_clause`
gives the clause such a phrasing stands for ("The optometrist decides on stopping the patching"); compare.py
reads it with the role readers only, so the rewording can add a doer's clash and nothing else.
"""

from __future__ import annotations

import re

from guard.language import parse

__all__ = ["plain_clause", "without_cleft"]

# a cleft says who does the act ("The audiologist is the one who decides whether ...") as the plain clause does ("The
# audiologist decides whether ..."), which is what the readers of doers and acts parse
_CLEFT = re.compile(r"\b(?:is|are|was|were)\s+the\s+ones?\s+(?:who|that)\s+", re.I)


def without_cleft(text: str) -> str:
    """The claim with its cleft read as the plain clause (every fact rule reads this)."""
    return _CLEFT.sub("", text)


def plain_clause(text: str) -> str | None:
    """The plain clause a claim's doer phrasing stands for, or None when it has none (module's why)."""
    text = text.strip()
    for reading in (_bare_cleft, _it_cleft, _falls_to_doer, _doer_complement):
        plain = reading(text)
        if plain is not None:
            return plain
    return None


# "X is who checks", "X is the firm that rebuilds": the cleft's other forms (the "the one who" form is read by every
# rule, without_cleft)
_BARE_CLEFT = re.compile(
    r"\b(?:is|are|was|were)\s+(?:who|the\s+(?:person|people|firm|company|business|team|body)\s+(?:who|that))\s+", re.I
)


def _bare_cleft(text: str) -> str | None:
    plain = _BARE_CLEFT.sub("", text, count=1)
    return plain if plain != text else None


# "It is the team captain who signs the card": the focus must be a party ("the", "a", a capitalised name), not an
# adjective ("It is important that ...")
_IT_CLEFT = re.compile(r"^It\s+(?:is|was)\s+(?P<doer>(?:the|a|an|[A-Z])\b[^,]*?)\s+(?:who|that)\s+(?P<act>.+)$")


def _it_cleft(text: str) -> str | None:
    found = _IT_CLEFT.match(text)
    return f"{_capital(found['doer'])} {found['act']}" if found else None


# "(In fog,) it falls to the head guide to call off a walk"
_IT_FALLS = re.compile(r"^(?:(?P<setting>[^,]+),\s*)?[Ii]t\s+falls\s+to\s+(?P<doer>.+?)\s+to\s+(?P<act>\w.+)$")


def _falls_to_doer(text: str) -> str | None:
    found = _IT_FALLS.match(text)
    if not found:
        return None
    return _with_setting(found["setting"], f"{_capital(found['doer'])} will {found['act']}")


# "<subject> falls to X", "<subject> is up to X", "<subject> is X's job / decision": the subject names the act; a
# contrast after the doer ("..., not Packhorse's") is left out, as it names no doer of the act
_COMPLEMENT = re.compile(
    r"^(?P<subject>.+)\s+(?:"
    r"(?:falls|fall|fell)\s+to\s+(?P<falls>.+?)"
    r"|(?:is|are|was|were)\s+up\s+to\s+(?P<upto>.+?)"
    r"|(?:is|are|was|were)\s+(?P<owner>.+?)['’]s?\s+(?P<noun>job|task|responsibility|duty|decision|call|choice)"
    r")(?:,?\s+(?:not|rather\s+than|and\s+not)\b.*?)?(?P<end>[.!]?)$"
)
_DECIDING = frozenset({"decision", "call", "choice"})
# a subject that is a clause of choosing ("whether the walk goes ahead", "which finish goes on"): its doer decides it
_CHOICE = re.compile(r"^(?:whether|if|when|where|what|which|who|how)\b", re.I)


def _doer_complement(text: str) -> str | None:
    found = _COMPLEMENT.match(text)
    if not found:
        return None
    doer = _capital(found["falls"] or found["upto"] or found["owner"])
    setting, subject = _setting(found["subject"])
    deciding = found["upto"] is not None or found["noun"] in _DECIDING
    act = _act(subject, deciding)
    return _with_setting(setting, f"{doer} {act}{found['end']}") if act else None


def _act(subject: str, deciding: bool) -> str | None:
    """The verb phrase the subject names: "decides whether ..." for a clause of choosing, the gerund's verb for an
    act ("Passing the tube" -> "will pass the tube"), "decides on ..." for a gerund left to the doer's decision; None
    for a plain noun ("The barriers are Spanwright's job" names no act)."""
    if _CHOICE.match(subject):
        return f"decides {_lower(subject)}"
    doc = parse(subject)
    if doc is None or len(doc) < 2 or doc[0].tag_ != "VBG":
        return None
    if deciding:
        return f"decides on {_lower(subject)}"
    return f"will {doc[0].lemma_.lower()} {subject[doc[1].idx :]}"


# a setting before the subject: "In fog, whether a walk is cancelled ..." (not a list: "Taking the doors off, rubbing
# them down and priming them ...")
_SETTING = re.compile(r"^(?P<setting>(?:in|at|on|during|for|after|before|once|if|when|while)\b[^,]*),\s*(?P<subject>.+)$", re.I)


def _setting(subject: str) -> tuple[str | None, str]:
    found = _SETTING.match(subject)
    return (found["setting"], found["subject"]) if found else (None, subject)


def _with_setting(setting: str | None, clause: str) -> str:
    if not setting:
        return clause
    return f"{setting}, {_ARTICLE.sub(lambda m: m.group(0).lower(), clause)}"


_ARTICLE = re.compile(r"^(?:The|A|An)\b")


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _lower(words: str) -> str:
    return words[:1].lower() + words[1:]
