"""The judge's hard-case set: single-claim answers that reuse the passage's own words.

``benchmarks/hardcases/cases.jsonl`` holds one :class:`HardCase` per line (schema and
categories: ``benchmarks/hardcases/README.md``). Each case is one claim sentence checked
against its passages; ``truth`` says whether the claim is right and ``expected`` which
label a correct judge gives (``supported`` for a true claim; ``contradicted`` when the
passage says otherwise; ``unsupported`` when it is silent).

Passages of ``kb`` and ``written`` cases are stored inline and must be verbatim excerpts of
the document named in ``doc`` (a path relative to the repository root), so a case cannot
drift from its document. ``ragtruth`` cases name a RAGTruth QA ``source_id`` instead: the
passages (and, when the case has none, the question) are read at run time from
``source_info.jsonl`` in the shared data folder, never copied into the repository.

:func:`run_cases` calls :func:`guard.verify` on every case and :func:`summarise` turns
the outcomes into the figures issue 11 asks for: balanced accuracy, TPR on false claims,
FPR on true claims, per-category accuracy, the share of expected-``contradicted`` cases
labelled ``contradicted``, and the confusion of expected against predicted labels.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from guard.errors import InputError
from guard.verifiers.types import ClaimVerdict, SupportLabel, Verification

__all__ = [
    "DEFAULT_DATA_DIR",
    "group_metrics",
    "BLIND_SPLITS",
    "CASES_PATH",
    "Category",
    "CaseOutcome",
    "CaseSource",
    "GroupMetrics",
    "HardCase",
    "HardcaseReport",
    "ResolvedCase",
    "Split",
    "Truth",
    "load_hardcases",
    "predicted_label",
    "worst_claim",
    "resolve_cases",
    "run_cases",
    "summarise",
]

REPO_ROOT = Path(__file__).resolve().parents[2]
CASES_PATH = REPO_ROOT / "benchmarks" / "hardcases" / "cases.jsonl"
# Tests and benchmarks read shared data from beside the repository, never from a copy in it.
DEFAULT_DATA_DIR = REPO_ROOT.parent / "shared" / "data"


class CaseSource(str, Enum):
    kb = "kb"  # examples/kb: the fictional clinic and HR / legal knowledge base
    ragtruth = "ragtruth"  # RAGTruth QA passages, referenced by source_id
    written = "written"  # documents written for this set: benchmarks/hardcases/docs


class Truth(str, Enum):
    true = "true"
    false = "false"


class Split(str, Enum):
    dev = "dev"  # tune here
    test = "test"  # report here, once; never tuned on
    # Written after the judge's rules, on documents of its own (specs/val.yaml), to check that a
    # change made on dev generalises before anyone looks at test. Not a report split.
    val = "val"
    # A second, fresh check of the same kind (specs/val2.yaml), written blind to the rules and to the
    # other splits' claims after val had been used to choose changes; measured once, never tuned on.
    val2 = "val2"
    # A third blind check (specs/val3.yaml), on six more documents, written blind to the rules and
    # to every other split's claims; measured once, never tuned on.
    val3 = "val3"
    # A fourth blind check (specs/val4.yaml), on six more documents, written the same way: blind to the
    # rules, their results and every other split's claims; measured once, never tuned on.
    val4 = "val4"
    # Session 9 (issue 11): negation, modality/quantifier and paraphrase claims over six documents of
    # their own, written before the polarity code was read. val5 (three documents) is open: its cases
    # may be read to find why the judge errs; val5h (the other three) is held: aggregate figures only.
    val5 = "val5"
    val5h = "val5h"
    # Session 9 (issue 11, values and alignment): new documents written before the branch's judge
    # change. val6 is open (read and tuned on); val6h, on three more documents written the same way,
    # is held: aggregate figures only, once before the change and once after (specs/val6*.yaml).
    val6 = "val6"
    val6h = "val6h"
    # Session 10 (issue 11, one-step inferences and paraphrases): six more documents written before the
    # branch's judge change. val7 is open (read and tuned on); val7h is held: aggregate figures only,
    # once before the change and once after (specs/val7*.yaml).
    val7 = "val7"
    val7h = "val7h"
    # Session 10 (issue 11, entity/role swaps and ranges): six new documents written before the branch's
    # judge change. val8 is open (read and tuned on); val8h, on three more documents written the same
    # way, is held: aggregate figures only, once before the change and once after (specs/val8*.yaml).
    val8 = "val8"
    val8h = "val8h"
    # Session 10 (issue 11, ranges: bands and bounds): four new documents written before the branch's
    # judge change. val9 is open (read and tuned on); val9h, on two more documents written the same way,
    # is held: aggregate figures only, once before the change and once after (specs/val9*.yaml).
    val9 = "val9"
    val9h = "val9h"
    # Session 11 (issue 11, negation and its traps: dropped "not", a negation moved to another list item,
    # exceptions, negative quantifiers, double negation, and true restatements of a negation): six new
    # documents written before the branch's judge change. val10 is open (read and tuned on); val10h, on
    # three more documents written the same way, is held: aggregate figures only, once before the change
    # and once after (specs/val10*.yaml).
    val10 = "val10"
    val10h = "val10h"
    # Session 11 (issue 11, false alarms on true claims): six short documents written before the
    # branch's judge change, about two thirds true claims of the kinds the judge flags wrongly
    # (paraphrases, restated numbers, two-sentence summaries, one-step inferences, roles named right).
    # val11 is open (read and tuned on); val11h is held: aggregate figures only, once before the change
    # and once after (specs/val11*.yaml).
    val11 = "val11"
    val11h = "val11h"
    # Session 12 (issue 11, a fresh mixed check): every held twin above had been measured before and
    # after a change, so the next judge design had no untouched held measure. Six short documents of
    # their own, every category, about half true claims, written without running the judge on them.
    # val12 is open (read and tuned on); val12h is held: aggregate figures only, measured once on main
    # as a baseline and reserved for the next judge design's single before/after check (specs/val12*.yaml).
    val12 = "val12"
    val12h = "val12h"
    # Session 14 (issue 11, a second fresh mixed check): val12h was measured before and after a change of
    # session 14, so the next judge design needs an untouched held measure again. Six new short documents,
    # every category, a little under half true, written before any judge change and without running the
    # judge on them. val13 is open; val13h is held: aggregate figures only (specs/val13*.yaml).
    val13 = "val13"
    val13h = "val13h"
    # Session 15 (issue 11, a third fresh mixed check): six more short documents in new domains, every
    # category, a little under half true, written before any judge change of session 15 and without
    # running the judge on them. val14 is open; val14h is held: aggregate figures only (specs/val14*.yaml).
    val14 = "val14"
    val14h = "val14h"
    # Session 15 (issue 11, a fourth fresh mixed check): six more short documents in new domains and in
    # varied forms (prose policy, tables, FAQ and bulleted lists), every category, a little under half
    # true, written without running the judge on them. val15 is open; val15h is held: aggregate figures
    # only (specs/val15*.yaml).
    val15 = "val15"
    val15h = "val15h"
    # Session 16 (issue 11, a fifth fresh mixed check): six more short documents in new domains and in
    # varied forms (prose rules, tables, FAQ and bulleted lists), every category, a little under half
    # true, written without running the judge on them. val16 is open; val16h is held: aggregate figures
    # only (specs/val16*.yaml).
    val16 = "val16"
    val16h = "val16h"
    # Session 16, a second pair (issue 11, a sixth fresh mixed check): six more short documents in new
    # domains and varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little
    # under half true, written without running the judge on them. val17 is open; val17h is held: aggregate
    # figures only (specs/val17*.yaml).
    val17 = "val17"
    val17h = "val17h"
    # Session 17 (issue 11, a seventh fresh mixed check): six more short documents in new domains and varied
    # forms (prose terms, tables, FAQ and bulleted lists), every category, a little under half true, written
    # without running the judge on them. val18 is open; val18h is held: aggregate figures only
    # (specs/val18*.yaml).
    val18 = "val18"
    val18h = "val18h"
    # Session 17, a second pair (issue 11, an eighth fresh mixed check): six more short documents in new
    # domains and varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little under
    # half true, written without running the judge on them. val19 is open; val19h is held: aggregate figures
    # only (specs/val19*.yaml).
    val19 = "val19"
    val19h = "val19h"
    # Session 17, a third pair (issue 11, a ninth fresh mixed check): six more short documents in new
    # domains and varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little under
    # half true, written without running the judge on them. val20 is open; val20h is held: aggregate figures
    # only (specs/val20*.yaml).
    val20 = "val20"
    val20h = "val20h"
    # Session 17, a fourth pair (issue 11, a tenth fresh mixed check): six more short documents in new
    # domains and varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little under
    # half true, written without running the judge on them. val21 is open; val21h is held: aggregate figures
    # only (specs/val21*.yaml).
    val21 = "val21"
    val21h = "val21h"
    # Session 17, a fifth pair (an eleventh fresh mixed check, for session 18): six more short documents in
    # new domains (among them a solicitors' wills terms, a hearing centre and a physiotherapy clinic) and
    # varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little under half true,
    # written without running the judge on them. val22 is open; val22h is held: aggregate figures only
    # (specs/val22*.yaml).
    val22 = "val22"
    val22h = "val22h"
    # Session 17, a sixth pair (a twelfth fresh mixed check, for session 18): six more short documents in
    # new domains (among them a family mediation service, a foot clinic and a home care agency) and varied
    # forms (prose terms, tables, FAQ and bulleted lists), every category, a little under half true, written
    # without running the judge on them. val23 is open; val23h is held: aggregate figures only
    # (specs/val23*.yaml).
    val23 = "val23"
    val23h = "val23h"
    # Session 18, a thirteenth fresh mixed pair: six more short documents in new domains (among them a
    # conveyancer, a blood test clinic, a loft conversion firm and a speech and language therapy practice) and
    # varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little under half true,
    # written without running the judge on them. val24 is open; val24h is held: aggregate figures only
    # (specs/val24*.yaml).
    val24 = "val24"
    val24h = "val24h"
    # Session 18, a fourteenth fresh mixed pair: six more short documents in new domains (among them a solar
    # panel installer, a skin clinic, a driveway firm and an allergy clinic) and varied forms (prose terms,
    # tables, FAQ and bulleted lists), every category, a little under half true, written without running the
    # judge on them. val25 is open; val25h is held: aggregate figures only (specs/val25*.yaml).
    val25 = "val25"
    val25h = "val25h"
    # Session 18, another fresh mixed pair (written alongside val26 / val26h, on another branch): six more short
    # documents in new domains (among them a marquee hire firm, a sleep clinic, a scaffolding firm and a private
    # ultrasound clinic) and varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little
    # under half true, written without running the judge on them. val27 is open; val27h is held: aggregate
    # figures only (specs/val27*.yaml).
    val27 = "val27"
    val27h = "val27h"
    # Session 18, a fifteenth fresh mixed pair (written alongside val27 / val27h, on another branch, and merged
    # after them, so its rows follow val27h's in cases.jsonl): six more short documents in new domains (among
    # them a nanny agency, a dietetic clinic, a funeral director and a counselling practice) and varied forms
    # (prose terms, tables, FAQ and bulleted lists), every category, a little under half true, written without
    # running the judge on them. val26 is open; val26h is held: aggregate figures only (specs/val26*.yaml).
    val26 = "val26"
    val26h = "val26h"
    # Session 18, for session 19: a sixteenth fresh mixed pair, written after val26 / val26h (its rows follow
    # val26h's in cases.jsonl): six more short documents in new domains (among them a window cleaner, an
    # acupuncture clinic, a tailor and a day centre for older adults) and varied forms (prose terms, tables, FAQ
    # and bulleted lists), every category, a little under half true, written without running the judge on them.
    # val28 is open; val28h is held: aggregate figures only (specs/val28*.yaml).
    val28 = "val28"
    val28h = "val28h"
    # Session 19: a seventeenth fresh mixed pair, written after val28 / val28h (its rows follow val28h's in
    # cases.jsonl): six more short documents in new domains (among them a livery yard, a pharmacy's stop smoking
    # service, a bridal hair and make-up business and a private GP clinic) and varied forms (prose terms, tables,
    # FAQ and bulleted lists), every category, a little under half true, written without running the judge on them.
    # val29 is open; val29h is held: aggregate figures only (specs/val29*.yaml).
    val29 = "val29"
    val29h = "val29h"
    # Session 19: an eighteenth fresh mixed pair, written after val28 / val28h (its rows follow val28h's in
    # cases.jsonl): six more short documents in new domains (among them a clock and watch repairer, an osteopathy and
    # sports massage clinic, a wine storage cellar and a children's clinic) and varied forms (prose terms, tables,
    # FAQ and bulleted lists), every category, a little under half true, written without running the judge on them.
    # val30 is open; val30h is held: aggregate figures only (specs/val30*.yaml).
    val30 = "val30"
    val30h = "val30h"
    # Session 19: a fresh mixed pair written after val30 / val30h (its rows follow val30h's in cases.jsonl): six more
    # short documents in new domains (among them a hot tub hire business, a hydrotherapy pool, a dog walker and a
    # menopause clinic) and varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little
    # under half true, written without running the judge on them.
    # val32 is open; val32h is held: aggregate figures only (specs/val32*.yaml).
    val32 = "val32"
    val32h = "val32h"
    # Session 19: a fresh mixed pair written at the same time as val32 / val32h and merged after it (its rows follow
    # val32h's in cases.jsonl): six more short documents in new domains (among them a theatrical costume hire
    # business, a clinic's driver medicals, a house let as a filming location and an ADHD clinic) and varied forms
    # (prose terms, tables, FAQ and bulleted lists), every category, a little under half true, written without
    # running the judge on them. val31 is open; val31h is held: aggregate figures only (specs/val31*.yaml).
    val31 = "val31"
    val31h = "val31h"
    # Session 19: a fresh mixed pair written after val31 / val31h (its rows follow val31h's in cases.jsonl): six
    # more short documents in new domains (among them a portrait painter's commissions, a memory clinic, a dog
    # breeder's puppy sales and a tongue-tie and infant feeding clinic) and varied forms (prose terms, tables, FAQ
    # and bulleted lists), every category, a little under half true, written without running the judge on them.
    # val33 is open; val33h is held: aggregate figures only (specs/val33*.yaml).
    val33 = "val33"
    val33h = "val33h"
    # Session 19: a second fresh mixed pair written with val33 / val33h, on the same branch (its rows follow
    # val33h's in cases.jsonl): six more short documents in new domains (among them a function band's bookings, a
    # bone density clinic, an event caterer and a vasectomy clinic) and varied forms (prose terms, tables, FAQ and
    # bulleted lists), every category, a little under half true, written without running the judge on them.
    # val34 is open; val34h is held: aggregate figures only (specs/val34*.yaml).
    val34 = "val34"
    val34h = "val34h"
    # Session 20: a fresh mixed pair written for later designs, without a judge change (its rows follow val34h's in
    # cases.jsonl): six more short documents in new domains (among them a home tuition agency, a heart screening
    # clinic, a genealogist and a lung function and asthma clinic) and varied forms (prose terms, tables, FAQ and
    # bulleted lists), every category, a little under half true, written without running the judge on them.
    # val35 is open; val35h is held: aggregate figures only (specs/val35*.yaml).
    val35 = "val35"
    val35h = "val35h"
    # Session 20: a second fresh mixed pair written with val35 / val35h, on the same branch (its rows follow
    # val35h's in cases.jsonl): six more short documents in new domains (among them an interior designer, an
    # orthodontic practice, a bookkeeper and a vein clinic) and varied forms (prose terms, tables, FAQ and bulleted
    # lists), every category, a little under half true, written without running the judge on them.
    # val36 is open; val36h is held: aggregate figures only (specs/val36*.yaml).
    val36 = "val36"
    val36h = "val36h"
    # Session 20: a third fresh mixed pair written for session 21's designs, without a judge change, on its own
    # branch (its rows follow val36h's in cases.jsonl): six more short documents in new domains (among them a
    # building surveyor, a hand therapy clinic, a house and pet sitting agency and a hair and scalp clinic) and
    # varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little under half true, written
    # without running the judge on them.
    # val37 is open; val37h is held: aggregate figures only (specs/val37*.yaml).
    val37 = "val37"
    val37h = "val37h"
    # Session 20: a fourth fresh mixed pair written with val37 / val37h, on the same branch (its rows follow
    # val37h's in cases.jsonl): six more short documents in new domains (among them a memoir ghostwriter, a sports
    # concussion clinic, a gardening firm and an occupational therapy practice) and varied forms (prose terms,
    # tables, FAQ and bulleted lists), every category, a little under half true, written without running the judge
    # on them.
    # val38 is open; val38h is held: aggregate figures only (specs/val38*.yaml).
    val38 = "val38"
    val38h = "val38h"
    # Session 20: a fifth fresh mixed pair written for session 21's designs, without a judge change, on its own
    # branch (its rows follow val38h's in cases.jsonl): six more short documents in new domains (among them an art
    # gallery's sale or return terms, a migraine and headache clinic, an upholsterer and a music therapy practice)
    # and varied forms (prose terms, tables, FAQ and bulleted lists), every category, a little under half true,
    # written without running the judge on them.
    # val39 is open; val39h is held: aggregate figures only (specs/val39*.yaml).
    val39 = "val39"
    val39h = "val39h"
    # Session 20: a sixth fresh mixed pair written with val39 / val39h, on the same branch (its rows follow
    # val39h's in cases.jsonl): six more short documents in new domains (among them a private investigator, a
    # lymphoedema clinic, a house clearance firm and a chiropractic clinic) and varied forms (prose terms, tables,
    # FAQ and bulleted lists), every category, a little under half true, written without running the judge on them.
    # val40 is open; val40h is held: aggregate figures only (specs/val40*.yaml).
    val40 = "val40"
    val40h = "val40h"
    # Session 21: a first fresh mixed pair written for later designs, without a judge change, on its own
    # branch (its rows follow val40h's in cases.jsonl): six more short documents in new domains (among them an
    # estate agent's sole agency, a respite care home, a web design studio and a diabetes clinic) and varied
    # forms (numbered clauses, prose terms, Markdown and HTML tables, questions in bold, a numbered list),
    # every category, a little under half true, written without running the judge on them.
    # val41 is open; val41h is held: aggregate figures only (specs/val41*.yaml).
    val41 = "val41"
    val41h = "val41h"
    # Session 21: a second fresh mixed pair written with val41 / val41h, on the same branch (its rows follow
    # val41h's in cases.jsonl): six more short documents in new domains (among them a stairlift firm, a birth
    # centre's antenatal classes, a racehorse syndicate and a scoliosis clinic) and varied forms (prose terms,
    # lettered clauses, Markdown and HTML tables, questions as headings, "Q:" and "A:" lines), every category,
    # a little under half true, written without running the judge on them.
    # val42 is open; val42h is held: aggregate figures only (specs/val42*.yaml).
    val42 = "val42"
    val42h = "val42h"
    # Session 21: a third fresh mixed pair written for later designs, without a judge change, on its own branch
    # (its rows follow val42h's in cases.jsonl): six more short documents in new domains (among them a literary
    # agency, a laser eye centre, an architects' practice and a heart rehabilitation service) and varied forms
    # (prose with bold run-in headings, HTML tables with rowspan, numbered paragraphs under capitalised headings,
    # bulleted lists, questions over bulleted answers, a Markdown table of dogs' ages), every category, a little
    # under half true, written without running the judge on them.
    # val43 is open; val43h is held: aggregate figures only (specs/val43*.yaml).
    val43 = "val43"
    val43h = "val43h"
    # Session 21: a fourth fresh mixed pair written with val43 / val43h, on the same branch (its rows follow
    # val43h's in cases.jsonl): six more short documents in new domains (among them a memorial mason, a
    # hospital's self-pay joint replacement, a used car dealer and a community meals service) and varied forms (a
    # Markdown table of clauses, HTML prose with lists, "Length:" and "Price:" lines, an HTML table of a sale's
    # details with an ordered list, an HTML definition list), every category, a little under half true, written
    # without running the judge on them.
    # val44 is open; val44h is held: aggregate figures only (specs/val44*.yaml).
    val44 = "val44"
    val44h = "val44h"
    # Session 21: a fifth fresh mixed pair written for later designs, without a judge change, on its own branch
    # (its rows follow val44h's in cases.jsonl): six more short documents in new domains (among them a hair
    # salon's chair rental, a fertility centre, a solicitors' no win, no fee agreement and a mobility shop's
    # wheelchair hire) and varied forms (numbered clauses with a table inside one, HTML with age bands as column
    # headers, bold questions over answers, headings over lettered clauses, a four-column Markdown table with
    # bulleted lists, an HTML table with "8+" ages), every category, a little under half true, written without
    # running the judge on them.
    # val45 is open; val45h is held: aggregate figures only (specs/val45*.yaml).
    val45 = "val45"
    val45h = "val45h"
    # Session 21: a sixth fresh mixed pair written with val45 / val45h, on the same branch (its rows follow
    # val45h's in cases.jsonl): six more short documents in new domains (among them an engineering firm's training
    # cost repayment, a holiday dialysis unit, a childminder and a hyperbaric oxygen centre) and varied forms
    # (numbered headings over a table of repayments, HTML prose with an ordered list of booking steps, a numbered
    # list of courses, an HTML table with age groups as column headers over an ordered list of terms, a Markdown
    # definition list, a lesson table with bold run-in paragraphs), every category, a little under half true,
    # written without running the judge on them.
    # val46 is open; val46h is held: aggregate figures only (specs/val46*.yaml).
    val46 = "val46"
    val46h = "val46h"
    # Session 21: a seventh fresh mixed pair, written on branch val47 (its rows follow val46h's in cases.jsonl): six
    # more short documents in new domains (among them a party wall agreement, a council's personal alarm service, a
    # van's hire purchase agreement and an event medical cover company) and varied forms (numbered clauses under
    # numbered headings, HTML prose with a table of weekly charges, a Markdown definition list of lessons, a table of
    # key financial information over lists, an HTML table of hourly rates over an ordered list, a numbered list of
    # show classes), every category, a little under half true, written without running the judge on them.
    # val47 is open; val47h is held: aggregate figures only (specs/val47*.yaml).
    val47 = "val47"
    val47h = "val47h"
    # Session 21: an eighth fresh mixed pair written with val47 / val47h, on the same branch (its rows follow
    # val47h's in cases.jsonl): six more short documents in new domains (among them a cycle to work hire agreement, a
    # hospital's accommodation for relatives, an image licence agreement and a prosthetics centre) and varied forms
    # (HTML prose over a table and an ordered list of terms, bold questions over answers, a Markdown table of charges
    # per 24 hours over a bulleted list, numbered clauses with lettered subclauses, an HTML definition list of prices,
    # a bulleted list of show classes by age over paragraphs), every category, a little under half true, written
    # without running the judge on them.
    # val48 is open; val48h is held: aggregate figures only (specs/val48*.yaml).
    val48 = "val48"
    val48h = "val48h"
    # Session 22: a ninth fresh mixed pair, written on branch val49 (its rows follow val48h's in cases.jsonl): six
    # more short documents in new domains (among them a farm's grazing licence, a private patient transport service, a
    # museum's loan agreement for a painting and a private MRI scan centre) and varied forms (a numbered list of licence
    # terms, HTML prose around a table of fares per mile, a Markdown definition list of trees, an HTML definition list
    # of loan particulars over an ordered list of conditions, a Markdown table of scan prices over a bulleted list,
    # prose around a numbered list of bus stops), every category, a little under half true, written without running
    # the judge on them.
    # val49 is open; val49h is held: aggregate figures only (specs/val49*.yaml).
    val49 = "val49"
    val49h = "val49h"
    # Session 22: a tenth fresh mixed pair written with val49 / val49h, on the same branch (its rows follow val49h's in
    # cases.jsonl): six more short documents in new domains (among them a football club's shirt sponsorship agreement,
    # a nurse-led wound care clinic, a holiday park's caravan pitch licence and a pharmacy's prescription delivery
    # service) and varied forms (numbered clauses under numbered headings, HTML prose around a table of appointment
    # prices and a bulleted list, a Markdown table of session prices over a bulleted list of rules, a Markdown table of
    # key terms over numbered clauses, HTML questions over paragraphs, a Markdown definition list of fitting prices),
    # every category, a little under half true, written without running the judge on them.
    # val50 is open; val50h is held: aggregate figures only (specs/val50*.yaml).
    val50 = "val50"
    val50h = "val50h"
    # Session 22: an eleventh fresh mixed pair, on branch val51 (its rows follow val50h's in cases.jsonl): six more
    # short documents in new domains (among them a student house guarantor agreement, a private ear wax clinic, a
    # sheep shearing contract and a denture clinic) and varied forms (a numbered list of clauses, HTML prose around a
    # table of appointment prices and a bulleted list, a Markdown table of box prices over a bulleted list of rules,
    # paragraphs under bold labels, HTML prose around a definition list of prices, Markdown questions and answers),
    # every category, a little under half true, written without running the judge on them.
    # val51 is open; val51h is held: aggregate figures only (specs/val51*.yaml).
    val51 = "val51"
    val51h = "val51h"
    # Session 23: a twelfth fresh mixed pair, on branch pairs52 (its rows follow val51h's in cases.jsonl): six more
    # short documents in new domains (among them a vending machine site agreement, a private continence clinic, a
    # classic wedding car hire agreement and a children's orthoptic clinic) and varied forms (a numbered list of
    # clauses, HTML prose around a definition list of prices, Markdown questions and answers, paragraphs under bold
    # labels, HTML prose around a table of appointment prices and a bulleted list, a Markdown table of classes over a
    # bulleted list of rules), every category, a little under half true, written without running the judge on them.
    # val52 is open; val52h is held: aggregate figures only (specs/val52*.yaml).
    val52 = "val52"
    val52h = "val52h"
    # Session 23: a thirteenth fresh mixed pair, on branch pairs52 with val52 / val52h (its rows follow val52h's in
    # cases.jsonl): six more short documents in new domains (among them a stud's mare covering agreement, a sheltered
    # housing scheme's support and charges, a rooftop mast site lease and a private breast clinic) and varied forms (a
    # Markdown table of key terms over numbered clauses, HTML questions over paragraphs, a Markdown definition list of
    # membership prices, numbered clauses under numbered headings, HTML prose around a table of appointment prices and
    # a bulleted list, paragraphs under bold labels), every category, a little under half true, written without running
    # the judge on them.
    # val53 is open; val53h is held: aggregate figures only (specs/val53*.yaml).
    val53 = "val53"
    val53h = "val53h"
    # Session 23: a fourteenth fresh mixed pair, on branch pairs54 (its rows follow val53h's in cases.jsonl): six more
    # short documents in new domains (among them a pub's tenancy agreement, a private tinnitus clinic, an office copier
    # lease and a council reablement service after hospital) and varied forms (a paragraph over numbered clauses with
    # bold headings, HTML prose around a table of appointment prices and a bulleted list, Markdown questions and
    # answers, paragraphs under bold labels, HTML prose with headings and a bulleted list, a Markdown table of courses
    # over a bulleted list of rules), every category, a little under half true, written without running the judge on
    # them.
    # val54 is open; val54h is held: aggregate figures only (specs/val54*.yaml).
    val54 = "val54"
    val54h = "val54h"
    # Session 23: a fifteenth fresh mixed pair, on branch pairs54 with val54 / val54h (its rows follow val54h's in
    # cases.jsonl): six more short documents in new domains (among them a lodger agreement, a skin centre's
    # phototherapy unit, a domestic cleaning agreement and a carers' sitting service) and varied forms (numbered
    # clauses under numbered headings, HTML prose around a definition list of prices, a Markdown table of tank prices
    # around paragraphs, HTML prose over a numbered list of clauses, Markdown questions and answers, paragraphs under
    # bold labels), every category, a little under half true, written without running the judge on them.
    # val55 is open; val55h is held: aggregate figures only (specs/val55*.yaml).
    val55 = "val55"
    val55h = "val55h"
    # Session 23: a sixteenth fresh mixed pair, on branch pairs56 (its rows follow val55h's in cases.jsonl): six more
    # short documents in new domains (among them a festival's food trader pitch agreement, a weight management clinic's
    # programme, a children's entertainer's booking contract and a cancer support centre's complementary therapies) and
    # varied forms (a numbered list of clauses, HTML prose around a table of prices, Markdown questions and answers, HTML
    # prose over a numbered list of terms, a Markdown table over a bulleted list of rules, paragraphs under bold
    # labels), every category, a little under half true, written without running the judge on them.
    # val56 is open; val56h is held: aggregate figures only (specs/val56*.yaml).
    val56 = "val56"
    val56h = "val56h"
    # Session 23: a seventeenth fresh mixed pair, on branch pairs56 with val56 / val56h (its rows follow val56h's in
    # cases.jsonl): six more short documents in new domains (among them a horse part-loan agreement, a pharmacy's
    # blood pressure checks, a garden share agreement and a Parkinson's exercise group) and varied forms (HTML prose
    # under numbered headings, HTML prose around a definition list, a Markdown table of grotto prices around
    # paragraphs, numbered clauses under numbered headings, HTML prose around a bulleted list of classes, Markdown
    # headings over bulleted lists), every category, a little under half true, written without running the judge on
    # them. val57 is open; val57h is held: aggregate figures only (specs/val57*.yaml).
    val57 = "val57"
    val57h = "val57h"
    # Session 24: an eighteenth fresh mixed pair, on branch pairs58 (its rows follow val57h's in cases.jsonl): six more
    # short documents in new domains (among them a business park's gritting and snow clearing contract, a food
    # company's staff flu vaccination clinics, a rent-a-hen agreement and a minor injuries unit) and varied forms (a
    # Markdown numbered list of clauses, HTML prose around a table of clinic sites and dates, a Markdown bulleted list
    # under bold labels, HTML prose over a numbered list of terms, HTML prose around a definition list, a Markdown table
    # of court prices around paragraphs), every category, a little under half true, written without running the judge
    # on them. val58 is open; val58h is held: aggregate figures only (specs/val58*.yaml).
    val58 = "val58"
    val58h = "val58h"
    # Session 24: a nineteenth fresh mixed pair, on branch pairs58 with val58 / val58h (its rows follow val58h's in
    # cases.jsonl): six more short documents in new domains (among them a roundabout sponsorship agreement, a
    # hospital's discharge lounge, a pop-up shop's meanwhile licence and a macular injection clinic) and varied forms
    # (numbered clauses under Markdown numbered headings, HTML prose under headings, a Markdown table of advert prices
    # around paragraphs, HTML prose around a table of key terms, Markdown headings over bulleted lists, HTML prose
    # around a definition list of courses), every category, a little under half true, written without running the
    # judge on them. val59 is open; val59h is held: aggregate figures only (specs/val59*.yaml).
    val59 = "val59"
    val59h = "val59h"
    # Session 24: a twentieth fresh mixed pair, on branch pairs60 (its rows follow val59h's in cases.jsonl): six more
    # short documents in new domains (among them a shared borehole water supply agreement, a health centre's
    # anticoagulation clinic, a key holding and alarm response agreement and strength and balance classes to prevent
    # falls) and varied forms (a Markdown numbered list of clauses, HTML prose around a definition list, a Markdown
    # table of prizes around paragraphs, HTML prose over a numbered list of terms, Markdown headings over bulleted
    # lists, a Markdown bulleted list under bold labels), every category, a little under half true, written without
    # running the judge on them. val60 is open; val60h is held: aggregate figures only (specs/val60*.yaml).
    val60 = "val60"
    val60h = "val60h"
    # Session 24: a twenty-first fresh mixed pair, on branch pairs60 with val60 / val60h (its rows follow val60h's in
    # cases.jsonl): six more short documents in new domains (among them a hay and straw supply contract, a hospital's
    # stoma care nursing service, a guide dog puppy walker agreement and a pre-operative assessment clinic) and varied
    # forms (numbered clauses under Markdown numbered headings, HTML prose under headings, HTML prose around a table of
    # ticket prices, HTML prose around a table of key terms, Markdown headings over bulleted lists, HTML prose around a
    # definition list), every category, a little under half true, written without running the judge on them. val61 is
    # open; val61h is held: aggregate figures only (specs/val61*.yaml).
    val61 = "val61"
    val61h = "val61h"
    # Session 24: a twenty-second fresh mixed pair, on branch pairs62 (its rows follow val61h's in cases.jsonl): six
    # more short documents in new domains (among them a hive site agreement between an orchard and a beekeeper, a
    # hospital's epilepsy specialist nurse service, a festive lighting contract and an outpatient antibiotic therapy
    # service) and varied forms (a Markdown numbered list of clauses, HTML prose around a definition list, a Markdown
    # table of races around paragraphs, HTML prose over a numbered list of terms, Markdown headings over bulleted lists,
    # a Markdown bulleted list under bold labels), every category, a little under half true, written without running
    # the judge on them. val62 is open; val62h is held: aggregate figures only (specs/val62*.yaml).
    val62 = "val62"
    val62h = "val62h"
    # Session 24: a twenty-third fresh mixed pair, on branch pairs62 with val62 / val62h (its rows follow val62h's in
    # cases.jsonl): six more short documents in new domains (among them a meadow management agreement, a hospital at
    # home service, a hanging basket contract and a hospital's pacemaker clinic) and varied forms (numbered clauses
    # under Markdown numbered headings, HTML prose under headings, HTML prose around a table of workshops, HTML prose
    # around a table of key terms, Markdown headings over bulleted lists, HTML prose around a definition list), every
    # category, a little under half true, written without running the judge on them. val63 is open; val63h is held:
    # aggregate figures only (specs/val63*.yaml).
    val63 = "val63"
    val63h = "val63h"
    # Session 25: a twenty-fourth fresh mixed pair, on branch pairs64 (its rows follow val63h's in cases.jsonl): six
    # more short documents in new domains (among them a cricket club's groundsman contract, a hospital's lithotripsy
    # clinic, a church tower clock care agreement and a hospital's fracture clinic) and varied forms (an HTML numbered
    # list of terms, Markdown prose under headings, a Markdown table of classes around paragraphs, numbered clauses with
    # bold titles in Markdown, HTML prose around a definition list, Markdown headings over bulleted lists), every
    # category, a little under half true, written without running the judge on them. val64 is open; val64h is held:
    # aggregate figures only (specs/val64*.yaml).
    val64 = "val64"
    val64h = "val64h"
    # Session 25: a twenty-fifth fresh mixed pair, on branch pairs64 with val64 / val64h (its rows follow val64h's in
    # cases.jsonl): six more short documents in new domains (among them a hedge laying contract, a hospital's pain
    # management programme, a mural commission agreement and a hospital's TB clinic) and varied forms (a Markdown table
    # of key terms around paragraphs, HTML headings over bulleted lists, HTML prose around a table of classes, HTML prose
    # under headings, Markdown headings over prose and a numbered list, HTML prose around a definition list), every
    # category, a little under half true, written without running the judge on them. val65 is open; val65h is held:
    # aggregate figures only (specs/val65*.yaml).
    val65 = "val65"
    val65h = "val65h"
    # Session 25: a twenty-sixth fresh mixed pair, on branch pairs66 (its rows follow val65h's in cases.jsonl): six
    # more short documents in new domains (among them a cottage thatching contract, a hospital's cataract clinic, a
    # pond dredging contract and a hospital's dizziness and balance clinic) and varied forms (an HTML definition list of
    # terms, Markdown questions over short answers, HTML prose around a table of races, Markdown numbered clauses, HTML
    # prose under headings around a table of visits, a Markdown table of divisions over bulleted rules), every category,
    # a little under half true, written without running the judge on them. val66 is open; val66h is held: aggregate
    # figures only (specs/val66*.yaml).
    val66 = "val66"
    val66h = "val66h"
    # Session 25: a twenty-seventh fresh mixed pair, on branch pairs66 with val66 / val66h (its rows follow val66h's in
    # cases.jsonl): six more short documents in new domains (among them a coppicing licence, a children's hospital's
    # tonsil surgery, a farrier agreement and a hospital's hepatitis C clinic) and varied forms (Markdown bold-labelled
    # bullets of terms over prose duties, an HTML numbered list of steps between prose, HTML prose over a definition
    # list, HTML prose around a table of key terms, Markdown prose under headings and a bulleted list, Markdown
    # headings over prose and numbered rules), every category, a little under half true, written without running the
    # judge on them. val67 is open; val67h is held: aggregate figures only (specs/val67*.yaml).
    val67 = "val67"
    val67h = "val67h"
    # Session 25: a twenty-eighth fresh mixed pair, on branch pairs68 (its rows follow val67h's in cases.jsonl): six
    # more short documents in new domains (among them an organ restoration contract, a hospital's gout clinic, a
    # seaweed harvesting licence and a hospital's hernia repair) and varied forms (Markdown numbered clauses with bold
    # headings, HTML prose under headings around a table of clinic times, HTML questions over short answers, HTML
    # numbered clause headings over prose, Markdown prose under headings over bulleted lists, a Markdown table of
    # classes over numbered rules), every category, a little under half true, written without running the judge on
    # them. val68 is open; val68h is held: aggregate figures only (specs/val68*.yaml).
    val68 = "val68"
    val68h = "val68h"
    # Session 25: a twenty-ninth fresh mixed pair, on branch pairs68 with val68 / val68h (its rows follow val68h's in
    # cases.jsonl): six more short documents in new domains (among them a grape supply agreement, a hospital's keyhole
    # gallbladder removal, a windmill sail repair contract and a hospital's frozen shoulder clinic) and varied forms
    # (HTML headings over a bulleted list and prose, Markdown prose over numbered steps with bold labels, Markdown
    # headings over a bulleted list of races and prose rules, Markdown numbered headings over prose, HTML prose around
    # a table of sessions over a bulleted list, HTML prose around a table of classes), every category, a little under
    # half true, written without running the judge on them. val69 is open; val69h is held: aggregate figures only
    # (specs/val69*.yaml).
    val69 = "val69"
    val69h = "val69h"
    # Session 26: a thirtieth fresh mixed pair, on branch pairs70 (its rows follow val69h's in cases.jsonl): six more
    # short documents in new domains (among them a barn bat survey agreement, a hospital's iron infusion clinic, a
    # cottage lime plastering contract and a hospital's patch testing clinic) and varied forms (HTML headings over a
    # table of visits and prose, Markdown prose over numbered steps with bold labels, Markdown headings over a bulleted
    # list and prose rules, an HTML numbered list of bold-labelled clauses, HTML prose around a table of visits over a
    # bulleted list, Markdown prose over a numbered list of rules), every category, a little under half true, written
    # without running the judge on them. val70 is open; val70h is held: aggregate figures only (specs/val70*.yaml).
    val70 = "val70"
    val70h = "val70h"
    # Session 26: a thirty-first fresh mixed pair, on branch pairs70 with val70 / val70h (its rows follow val70h's in
    # cases.jsonl): six more short documents in new domains (among them a village sign commission, a hospital's
    # flexible cystoscopy, a woodland planting contract and a hospital's carpal tunnel release) and varied forms
    # (Markdown headings over bold-labelled bullets and prose, HTML prose under headings over a bulleted list, HTML
    # prose around a table of classes, Markdown prose around a table of trees, Markdown prose around a table of
    # recovery steps, HTML headings over prose and a numbered list of rules), every category, a little under half
    # true, written without running the judge on them. val71 is open; val71h is held: aggregate figures only
    # (specs/val71*.yaml).
    val71 = "val71"
    val71h = "val71h"
    # Session 26: a thirty-second fresh mixed pair, on branch pairs72 (its rows follow val71h's in cases.jsonl): six
    # more short documents in new domains (among them a weathervane regilding agreement, a hospital's ingrown toenail
    # surgery, a lychgate re-roofing contract and a hospital's wisdom tooth removal) and varied forms (Markdown prose
    # over a numbered list of bold-labelled clauses, HTML headings over prose and a bulleted list, Markdown headings
    # over a bulleted list and prose, HTML prose around a table of priced work items, Markdown prose over a numbered
    # list of bold-labelled steps, HTML headings over prose and a bulleted list of rules), every category, a little
    # under half true, written without running the judge on them. val72 is open; val72h is held: aggregate figures
    # only (specs/val72*.yaml).
    val72 = "val72"
    val72h = "val72h"
    # Session 26: a thirty-third fresh mixed pair, on branch pairs72 with val72 / val72h (its rows follow val72h's in
    # cases.jsonl): six more short documents in new domains (among them a village pump restoration agreement, a
    # hospital's grommets, a bandstand repainting contract and a hospital's bunion surgery) and varied forms (an HTML
    # numbered list of bold-labelled clauses, Markdown headings over prose and a table, HTML prose around a table of
    # rounds, Markdown prose around a bulleted list of bold-labelled terms, HTML prose and headings over a bulleted
    # list, Markdown headings over a numbered list of rules), every category, a little under half true, written
    # without running the judge on them. val73 is open; val73h is held: aggregate figures only (specs/val73*.yaml).
    val73 = "val73"
    val73h = "val73h"
    # Session 27: a thirty-fourth fresh mixed pair, on branch pairs74 (its rows follow val73h's in cases.jsonl): six
    # more short documents in new domains (among them an ice cream concession agreement, a hospital's cardioversion,
    # a tree house build contract and a hospital's broken nose clinic) and varied forms (Markdown prose over a table
    # of monthly fees and a bulleted list of terms, HTML headings over prose and a table, Markdown headings over a
    # specification table and a bulleted list, HTML prose around a table of stage payments, Markdown headings over
    # prose and a numbered list, HTML headings over a bulleted list and a table of leave days), every category, a
    # little under half true, written without running the judge on them. val74 is open; val74h is held: aggregate
    # figures only (specs/val74*.yaml).
    val74 = "val74"
    val74h = "val74h"
    # Session 27: a thirty-fifth fresh mixed pair, on branch pairs74 with val74 / val74h (its rows follow val74h's in
    # cases.jsonl): six more short documents in new domains (among them a traction engine hire agreement, a
    # hospital's lumbar puncture, a lifeguard services contract and a hospital's day-patient blood transfusion) and
    # varied forms (Markdown prose around a table of charges over a numbered list of bold-labelled terms, HTML
    # headings over prose and bulleted lists, HTML prose around a table of classes, Markdown headings over a table of
    # lifeguards by bathers and a bulleted list, HTML prose and headings over bulleted lists, HTML prose around a
    # specification table), every category, a little under half true, written without running the judge on them.
    # val75 is open; val75h is held: aggregate figures only (specs/val75*.yaml).
    val75 = "val75"
    val75h = "val75h"
    # Session 27: a thirty-sixth fresh mixed pair, on branch pairs76 (its rows follow val75h's in cases.jsonl): six
    # more short documents in new domains (among them a school timetabling software site licence, a veterinary
    # surgery's rabbit neutering leaflet, a violin's insurance policy summary and a primary school's medicines policy)
    # and varied forms (Markdown prose over a table of charges, a table of who does each task and a numbered list of
    # bold-labelled terms, HTML prose around a table of prices over headed bulleted lists, Markdown prose around a
    # table of streets and dates over headed bulleted lists, HTML prose around a table of sums insured over headed
    # bulleted lists, Markdown headings over bulleted lists and prose, HTML prose around a table of ingredients over a
    # numbered method and a bulleted list), every category, a little under half true, written without running the
    # judge on them. val76 is open; val76h is held: aggregate figures only (specs/val76*.yaml).
    val76 = "val76"
    val76h = "val76h"
    # Session 27: a thirty-seventh fresh mixed pair, on branch pairs76 with val76 / val76h (its rows follow val76h's in
    # cases.jsonl): six more short documents in new domains (among them a building control note on loft stairs, a
    # respiratory service's home oxygen leaflet, a broadband plan's contract summary and a school's nasal flu vaccine
    # letter) and varied forms (Markdown prose around a table of limits over a numbered list of bold-labelled rules,
    # HTML prose and headings over a bulleted list, HTML prose around a table of memberships over a bulleted list,
    # Markdown prose and headings around a table of speeds and a bulleted list, HTML prose and headings over bulleted
    # lists, Markdown prose around a table of fares over a bulleted list of rules), every category, a little under
    # half true, written without running the judge on them. val77 is open; val77h is held: aggregate figures only
    # (specs/val77*.yaml).
    val77 = "val77"
    val77h = "val77h"
    # Session 28: a thirty-eighth fresh mixed pair, on branch pairs78 (its rows follow val77h's in cases.jsonl): six
    # more short documents in new domains (among them a food hub's shared kitchen hire agreement, a hospital's bone scan
    # letter, a piano shop's rental agreement and a hospital's hydrogen breath test letter) and varied forms (Markdown
    # prose around a table of rates over a numbered list of bold-labelled clauses, HTML prose and headings over bulleted
    # lists, HTML prose around a table of limits and charges over a bulleted list, HTML prose over a definition list,
    # Markdown prose and headings over a numbered list, Markdown prose around a table of motor classes over a bulleted
    # list), every category, a little under half true, written without running the judge on them. val78 is open; val78h
    # is held: aggregate figures only (specs/val78*.yaml).
    val78 = "val78"
    val78h = "val78h"
    # Session 28: a thirty-ninth fresh mixed pair, on branch pairs78 with val78 / val78h (its rows follow val78h's in
    # cases.jsonl): six more short documents in new domains (among them a small press's self-publishing agreement, a
    # milk bank's leaflet for donors, a boatyard's winter lay-up agreement and a birth centre's birthing pool leaflet)
    # and varied forms (Markdown prose around a table of packages over a numbered list of bold-labelled clauses, HTML
    # prose and headings over bulleted lists, Markdown prose over bold-labelled areas and a bulleted list, Markdown
    # prose and headings around a table of charges and a bulleted list, Markdown prose and headings over bulleted lists,
    # HTML prose around a table of tickets over a bulleted list), every category, a little under half true, written
    # without running the judge on them. val79 is open; val79h is held: aggregate figures only (specs/val79*.yaml).
    val79 = "val79"
    val79h = "val79h"
    # Session 28: a fortieth fresh mixed pair, on branch pairs80 (its rows follow val79h's in cases.jsonl): six more
    # short documents in new domains (among them a community darkroom's membership agreement, a hospital's
    # sleep-deprived EEG letter, a classic motorcycle workshop's restoration agreement and a hospital's capsule
    # endoscopy letter) and varied forms (Markdown prose around a table of memberships over a numbered list of
    # bold-labelled clauses, HTML prose and headings over bulleted lists, HTML prose around a table of launch charges
    # over a bulleted list, HTML prose over a definition list, Markdown prose and headings over a numbered list,
    # Markdown prose around a table of river grades over a bulleted list), every category, a little under half true,
    # written without running the judge on them. val80 is open; val80h is held: aggregate figures only
    # (specs/val80*.yaml).
    val80 = "val80"
    val80h = "val80h"
    # Session 28: a forty-first fresh mixed pair, on branch pairs80 with val80 / val80h (its rows follow val80h's in
    # cases.jsonl): six more short documents in new domains (among them a community transport scheme's minibus hire
    # agreement, a hospital's 24-hour heart monitor letter, a taxidermy studio's commission agreement and a hospital's
    # glucose tolerance test letter) and varied forms (Markdown prose around a table of minibuses over a numbered list
    # of bold-labelled clauses, HTML prose and headings over bulleted lists, HTML prose around a table of road types
    # over a bulleted list, HTML prose over a definition list, Markdown prose and headings over a numbered list,
    # Markdown prose around a table of water temperatures over a bulleted list), every category, a little under half
    # true, written without running the judge on them. val81 is open; val81h is held: aggregate figures only
    # (specs/val81*.yaml).
    val81 = "val81"
    val81h = "val81h"
    # Session 28: a forty-second fresh mixed pair, on branch pairs82 (its rows follow val81h's in cases.jsonl): six
    # more short documents in new domains (among them a weaving studio's loom hire agreement, a hospital's nerve
    # conduction study letter, a signwriter's shop sign commission agreement and a hospital's tilt table test letter)
    # and varied forms (Markdown prose around a table of looms over a numbered list of bold-labelled clauses, HTML prose
    # and headings over bulleted lists, HTML prose around a table of vehicles over a bulleted list, HTML prose over a
    # definition list, Markdown prose and headings over a numbered list, Markdown prose around a table of land types
    # over a bulleted list), every category, a little under half true, written without running the judge on them.
    # val82 is open; val82h is held: aggregate figures only (specs/val82*.yaml).
    val82 = "val82"
    val82h = "val82h"
    # Session 28: a forty-third fresh mixed pair, on branch pairs82 with val82 / val82h (its rows follow val82h's in
    # cases.jsonl): six more short documents in new domains (among them a tool library's membership agreement, a
    # hospital's urodynamic study letter, a saddler's made-to-measure saddle agreement and a hospital's bronchoscopy
    # letter) and varied forms (Markdown prose around a table of memberships over a numbered list of bold-labelled
    # clauses, HTML prose and headings over bulleted lists, HTML prose around a table of pitches over a bulleted list,
    # HTML prose over a definition list, Markdown prose and headings over a numbered list, Markdown prose around a table
    # of boats over a bulleted list), every category, a little under half true, written without running the judge on
    # them. val83 is open; val83h is held: aggregate figures only (specs/val83*.yaml).
    val83 = "val83"
    val83h = "val83h"
    # Session 29: a forty-fourth fresh mixed pair, on branch pairs84 (its rows follow val83h's in cases.jsonl): six
    # more short documents in new domains (among them a guitar maker's custom build agreement, a hospital's
    # transoesophageal echocardiogram letter, a cake maker's wedding cake agreement and a hospital's kidney biopsy
    # letter) and varied forms (Markdown prose around a table of guitar models over a numbered list of bold-labelled
    # clauses, HTML prose and headings over bulleted lists, HTML prose around a table of garden waste containers over a
    # bulleted list, HTML prose over a definition list, Markdown prose and headings over numbered and bulleted lists,
    # Markdown prose around a table of caves over a bulleted list), every category, a little under half true, written
    # without running the judge on them. val84 is open; val84h is held: aggregate figures only (specs/val84*.yaml).
    val84 = "val84"
    val84h = "val84h"
    # Session 29: a forty-fifth fresh mixed pair, on branch pairs84 with val84 / val84h (its rows follow val84h's in
    # cases.jsonl): six more short documents in new domains (among them a second-hand clothes shop's consignment
    # agreement, an eye hospital's fluorescein angiogram letter, a furniture maker's oak dresser commission agreement
    # and a hospital's outpatient hysteroscopy letter) and varied forms (Markdown prose around a table of price bands
    # over a numbered list of bold-labelled clauses, HTML prose and headings over bulleted lists, HTML prose around a
    # table of hydrotherapy sessions over a bulleted list, HTML prose over a definition list, Markdown prose and
    # headings over numbered and bulleted lists, Markdown prose around a table of bike routes over a bulleted list),
    # every category, a little under half true, written without running the judge on them. val85 is open; val85h is
    # held: aggregate figures only (specs/val85*.yaml).
    val85 = "val85"
    val85h = "val85h"
    # Session 29: a forty-sixth fresh mixed pair, on branch pairs86 (its rows follow val85h's in cases.jsonl): six more short
    # documents in new domains (among them a pond builder's garden pond building contract, a hospital's barium swallow
    # letter, an ice sculpture studio's ice sculpture agreement and a hospital's thyroid fine needle aspiration letter)
    # and varied forms (Markdown prose around a table of pond sizes over a numbered list of bold-labelled clauses, HTML
    # prose and headings over bulleted lists, HTML prose around a table of pavement café licences over a bulleted list,
    # HTML prose over a definition list, Markdown prose and headings over numbered and bulleted lists, Markdown prose
    # around a table of pigeon races over a bulleted list), every category, a little under half true, written without
    # running the judge on them. val86 is open; val86h is held: aggregate figures only (specs/val86*.yaml).
    val86 = "val86"
    val86h = "val86h"
    # Session 29: a forty-seventh fresh mixed pair, on branch pairs86 with val86 / val86h (its rows follow val86h's in
    # cases.jsonl): six more short documents in new domains (among them a voice studio's voice-over recording
    # agreement, a hospital's bone marrow biopsy letter, a kitchen maker's supply and fitting contract and a hospital's
    # liver FibroScan letter) and varied forms (Markdown prose around a table of recordings over a numbered list of
    # bold-labelled clauses, HTML prose and headings over bulleted lists, HTML prose around a table of floats over a
    # bulleted list, HTML prose over a definition list, Markdown prose and headings over numbered and bulleted lists,
    # Markdown prose around a table of stray dog charges over a bulleted list), every category, a little under half
    # true, written without running the judge on them. val87 is open; val87h is held: aggregate figures only
    # (specs/val87*.yaml).
    val87 = "val87"
    val87h = "val87h"
    # Session 29: a forty-eighth fresh mixed pair, on branch pairs88 (its rows follow val87h's in cases.jsonl): six
    # more short documents in new domains (among them a boatbuilder's wooden dinghy build agreement, a hospital's
    # colposcopy letter, a van converter's camper van conversion agreement and a hospital's skin biopsy letter) and
    # varied forms (Markdown prose around a table of boats over a numbered list of bold-labelled clauses, HTML prose and
    # headings over bulleted lists, HTML prose around a table of dropped kerb charges over a bulleted list, HTML prose
    # over a definition list, Markdown prose and headings over numbered and bulleted lists, Markdown prose around a
    # table of bridge sessions over a bulleted list), every category, a little under half true, written without
    # running the judge on them. val88 is open; val88h is held: aggregate figures only (specs/val88*.yaml).
    val88 = "val88"
    val88h = "val88h"
    # Session 29: a forty-ninth fresh mixed pair, on branch pairs88 with val88 / val88h (its rows follow val88h's in
    # cases.jsonl): six more short documents in new domains (among them a joinery firm's sash window restoration
    # contract, a hospital's gastroscopy letter, a farm's heifer contract rearing agreement and a hospital's coronary
    # angiogram letter) and varied forms (Markdown prose around a table of services over a numbered list of
    # bold-labelled clauses, HTML prose and headings over bulleted lists, HTML prose around a table of frame sizes over
    # a bulleted list, HTML prose over a definition list, Markdown prose and headings over numbered and bulleted lists,
    # Markdown prose around a table of street naming charges over a bulleted list), every category, a little under half
    # true, written without running the judge on them. val89 is open; val89h is held: aggregate figures only
    # (specs/val89*.yaml).
    val89 = "val89"
    val89h = "val89h"
    # Session 30: a fiftieth fresh mixed pair, on branch pairs90 (its rows follow val89h's in cases.jsonl): six more
    # short documents in new domains (among them a fencing firm's farm fencing contract, a hospital's prostate biopsy
    # letter, a vet practice's dairy herd health plan agreement and a hospital's myocardial perfusion scan letter) and
    # varied forms (Markdown prose around a table of fences over a numbered list of bold-labelled clauses, HTML prose
    # and headings over bulleted lists, HTML prose around a table of water connection charges over a bulleted list,
    # HTML prose over a definition list, Markdown prose and headings over numbered and bulleted lists, Markdown prose
    # around a table of judo grades over a bulleted list), every category, a little under half true, written without
    # running the judge on them. val90 is open; val90h is held: aggregate figures only (specs/val90*.yaml).
    val90 = "val90"
    val90h = "val90h"
    # Session 30: a fifty-first fresh mixed pair, on branch pairs90 with val90 / val90h (its rows follow val90h's in
    # cases.jsonl): six more short documents in new domains (among them a sports surfacing firm's tennis court
    # resurfacing contract, a hospital's pleural aspiration letter, a county council's home to school transport
    # contract and a hospital's haemorrhoid banding letter) and varied forms (Markdown prose around a table of surfaces
    # over a numbered list of bold-labelled clauses, HTML prose and headings over bulleted lists, HTML prose around a
    # table of park and ride tickets over a bulleted list, HTML prose over a definition list, Markdown prose and
    # headings over numbered and bulleted lists, Markdown prose around a table of livestock market charges over a
    # bulleted list), every category, a little under half true, written without running the judge on them. val91 is
    # open; val91h is held: aggregate figures only (specs/val91*.yaml).
    val91 = "val91"
    val91h = "val91h"
    # Session 30: a fifty-second fresh mixed pair, on branch pairs92 (its rows follow val91h's in cases.jsonl): six more
    # short documents in new domains (among them a tank firm's rainwater harvesting installation contract, a hospital's
    # knee arthroscopy letter, a hygiene firm's kitchen extract cleaning contract and a hospital's ganglion removal
    # letter) and varied forms (HTML prose around a table of systems over a numbered list of bold-labelled clauses,
    # Markdown prose and headings over numbered and bulleted lists, Markdown prose around a table of curling sessions
    # over a bulleted list, Markdown prose over a bulleted list of bold-labelled clauses, HTML prose and headings over
    # definition lists, HTML prose around a table of toy library memberships over a bulleted list), every category, a
    # little under half true, written without running the judge on them. val92 is open; val92h is held: aggregate
    # figures only (specs/val92*.yaml).
    val92 = "val92"
    val92h = "val92h"
    # Session 31: a fifty-third fresh mixed pair, on branch pairs93 (its rows follow val92h's in cases.jsonl): six more
    # short documents in new domains (among them a flooring firm's underfloor heating installation contract, a
    # hospital's nasal polyp removal letter, an event toilet firm's portable toilet hire agreement and a hospital's
    # epidural steroid injection letter) and varied forms (HTML prose around a table of packages over a definition list
    # of clauses, Markdown prose and headings over bulleted lists, HTML prose around a table of table tennis sessions
    # over a numbered list, Markdown prose around a table of units over a bulleted list of bold-labelled clauses, HTML
    # prose and headings over a numbered and a bulleted list, Markdown prose around a table of community shed
    # memberships over a numbered list), every category, a little under half true, written without running the judge on
    # them. val93 is open; val93h is held: aggregate figures only (specs/val93*.yaml).
    val93 = "val93"
    val93h = "val93h"
    # Session 31: a fifty-fourth fresh mixed pair, on branch pairs93 with val93 / val93h (its rows follow val93h's in
    # cases.jsonl): six more short documents in new domains (among them a glasshouse firm's greenhouse supply and
    # erection contract, a hospital's fistula operation letter, an asbestos firm's garage roof removal contract and an
    # eye hospital's eyelid cyst removal letter) and varied forms (Markdown prose around a table of greenhouses over a
    # numbered list of bold-labelled clauses, HTML prose and headings over definition lists, Markdown prose around a
    # table of community pantry memberships over bulleted lists, HTML prose over a bulleted list of bold-labelled
    # clauses, Markdown prose and headings over numbered and bulleted lists, HTML prose around a table of camera club
    # memberships over a definition list), every category, a little under half true, written without running the judge
    # on them. val94 is open; val94h is held: aggregate figures only (specs/val94*.yaml).
    val94 = "val94"
    val94h = "val94h"
    # Session 31: a fifty-fifth fresh mixed pair, on branch pairs95 (its rows follow val94h's in cases.jsonl): six more
    # short documents in new domains (among them a damp proofing firm's treatment contract, a hospital's trigger finger
    # release letter, a security firm's alarm installation and monitoring agreement and a hospital's loop recorder
    # implant letter) and varied forms (HTML prose around a table of treatments over headed sections of prose, Markdown
    # prose and headings over bulleted lists and a table of aftercare times, HTML prose around a table of badminton
    # sessions over a bulleted list, Markdown prose around a table of alarm packages over bold-labelled paragraphs, HTML
    # prose and headings over a numbered and a bulleted list, Markdown prose around a table of model boat club
    # memberships over a numbered list), every category, a little under half true, written without running the judge on
    # them. val95 is open; val95h is held: aggregate figures only (specs/val95*.yaml).
    val95 = "val95"
    val95h = "val95h"
    # Session 31: a fifty-sixth fresh mixed pair, on branch pairs95 with val95 / val95h (its rows follow val95h's in
    # cases.jsonl): six more short documents in new domains (among them a gate firm's electric gate installation
    # contract, a hospital's liver biopsy letter, an aerial firm's aerial and satellite dish installation terms and a
    # hospital's eardrum repair letter) and varied forms (Markdown prose around a table of gates over a bulleted list of
    # bold-labelled clauses, HTML prose and headings over bulleted lists, HTML prose around a table of pétanque club
    # memberships over a numbered list, HTML prose over a definition list of clauses, Markdown prose and headings over a
    # numbered and a bulleted list, Markdown prose around a table of darts league fees over bulleted lists), every
    # category, a little under half true, written without running the judge on them. val96 is open; val96h is held:
    # aggregate figures only (specs/val96*.yaml).
    val96 = "val96"
    val96h = "val96h"
    # Session 31: a fifty-seventh fresh mixed pair, on branch pairs97 (its rows follow val96h's in cases.jsonl): six more
    # short documents in new domains (among them a door firm's garage door supply and fitting contract, an eye hospital's
    # vitrectomy letter, a bathroom firm's bathroom supply and fitting contract and a heart centre's catheter ablation
    # letter) and varied forms (HTML prose around a table of doors over a bulleted list of clauses, Markdown prose and
    # headings over a numbered list, a table of aftercare times and a bulleted list, Markdown prose around a table of
    # squash club memberships over a numbered list, Markdown prose around a table of bathroom packages over a numbered
    # list of bold-labelled clauses, HTML prose and headings over a numbered and a bulleted list, HTML prose around a
    # table of Scrabble club fees over bulleted lists under headings), every category, a little under half true, written
    # without running the judge on them. val97 is open; val97h is held: aggregate figures only (specs/val97*.yaml).
    val97 = "val97"
    val97h = "val97h"
    # Session 31: a fifty-eighth fresh mixed pair, on branch pairs97 with val97 / val97h (its rows follow val97h's in
    # cases.jsonl): six more short documents in new domains (among them a carpet firm's carpet supply and fitting
    # contract, a skin hospital's Mohs surgery letter, a shutter firm's shutter supply and fitting terms and a hospital's
    # pilonidal sinus operation letter) and varied forms (HTML prose over a definition list of clauses, HTML prose and
    # headings over bulleted lists, Markdown prose around a table of volleyball club sessions over bulleted lists under
    # headings, HTML prose around a table of shutter styles over a numbered list, Markdown prose and headings over a
    # numbered and a bulleted list, HTML prose around a table of running club memberships over a definition list), every
    # category, a little under half true, written without running the judge on them. val98 is open; val98h is held:
    # aggregate figures only (specs/val98*.yaml).
    val98 = "val98"
    val98h = "val98h"
    # Session 31: a fifty-ninth fresh mixed pair, on branch pairs99 (its rows follow val98h's in cases.jsonl): six more
    # short documents in new domains (a gutter firm's gutter replacement contract, a hospital's Dupuytren's release
    # letter, a korfball club's training fees and court rules, a stove firm's stove supply and installation terms, a
    # hospital's lipoma removal letter and a hockey club's memberships and match rules) and varied forms (Markdown,
    # HTML, tables, numbered and bulleted lists, a definition list), every category, a little under half true, written
    # without running the judge on them. val99 is open; val99h is held: aggregate figures only (specs/val99*.yaml).
    val99 = "val99"
    val99h = "val99h"
    # Session 32: a sixtieth fresh mixed pair, on branch pairs100 (its rows follow val99h's in cases.jsonl): six more
    # short documents in new domains (an insulation firm's cavity wall insulation contract, a hospital's Achilles tendon
    # repair letter, a water polo club's sessions and pool rules, an awning firm's awning supply and fitting terms, a
    # hospital's septoplasty letter and a virtual reality arcade's prices and play rules) and varied forms (Markdown,
    # HTML, tables, numbered and bulleted lists, a definition list), every category, a little under half true, written
    # without running the judge on them. val100 is open; val100h is held: aggregate figures only (specs/val100*.yaml).
    val100 = "val100"
    val100h = "val100h"
    # Session 32: a sixty-first fresh mixed pair, on branch pairs101 (its rows follow val100h's in cases.jsonl): six more
    # short documents in new domains (a decking firm's garden deck supply and build contract, a hospital's shoulder
    # decompression letter, a city farm's visits, feeding and farm rules, a decorating firm's painting and decorating
    # contract, a hospital's wrist fracture fixation letter and a park boating lake's boat hire and lake rules) and
    # varied forms (Markdown, HTML, tables, numbered and bulleted lists, definition lists), every category, a little
    # under half true, written without running the judge on them. val101 is open; val101h is held: aggregate figures
    # only (specs/val101*.yaml).
    val101 = "val101"
    val101h = "val101h"
    # Session 32: a sixty-third fresh mixed pair, on branch pairs103 (its rows follow val101h's in cases.jsonl; val102
    # was written beside it on a branch of its own): six more short documents in new domains
    # (a floor firm's floor sanding and refinishing contract, an eye hospital's squint operation letter, a paintball
    # site's game days and field rules, a florist's wedding flowers agreement, a hospital sleep service's letter on
    # starting CPAP and a dog field's bookings and field rules) and varied forms (Markdown, HTML, tables, a timeline
    # table, numbered and bulleted lists, a definition list, question headings), every category, a little under half
    # true, written without running the judge on them. val103 is open; val103h is held: aggregate figures only
    # (specs/val103*.yaml).
    val103 = "val103"
    val103h = "val103h"
    # Session 32: a sixty-second fresh mixed pair, on branch pairs102 (its rows follow val103h's in cases.jsonl): six
    # more short documents in new domains (an artificial grass firm's supply and laying contract, a hospital's ptosis
    # repair letter, a roller derby club's training fees and skating rules, a fitted wardrobe firm's supply and fitting
    # agreement, a hospital's Morton's neuroma removal letter and a dog day care's prices and day rules) and varied
    # forms (Markdown, HTML, tables, an appointments table, numbered, bulleted and ordered lists, bold-labelled
    # paragraphs, a definition list), every category, a little under half true, written without running the judge on
    # them. val102 is open; val102h is held: aggregate figures only (specs/val102*.yaml).
    val102 = "val102"
    val102h = "val102h"
    # Session 32: a sixty-fourth fresh mixed pair, on branch pairs104 (its rows follow val102h's in cases.jsonl): six
    # more short documents in new domains (a log cabin firm's supply and build contract, a hospital's tennis elbow
    # release letter, a boxing gym's memberships and sparring rules, a staircase firm's renovation contract, a
    # hospital's tear duct operation letter and a dance school's classes, prices and floor rules) and varied forms
    # (Markdown, HTML, tables, a recovery timeline table, numbered, bulleted and ordered lists, headed paragraphs,
    # question headings), every category, a little under half true, written without running the judge on them. val104
    # is open; val104h is held: aggregate figures only (specs/val104*.yaml).
    val104 = "val104"
    val104h = "val104h"
    # Session 32: a sixty-fifth fresh mixed pair, on branch pairs105 (its rows follow val104h's in cases.jsonl): six
    # more short documents in new domains (a pool builder's outdoor pool build contract, a hospital's radioactive
    # iodine treatment letter, a velodrome's track sessions and rider rules, a wood-fired oven firm's supply and build
    # agreement, a hospital's shockwave therapy letter for heel pain and a community orchestra's membership and
    # rehearsal rules) and varied forms (Markdown, HTML, tables, a table of precautions, definition lists, numbered,
    # ordered and bulleted lists, headed paragraphs), every category, a little under half true, written without
    # running the judge on them. val105 is open; val105h is held: aggregate figures only (specs/val105*.yaml).
    val105 = "val105"
    val105h = "val105h"
    # Session 32: a sixty-sixth fresh mixed pair, on branch pairs106 (its rows follow val105h's in cases.jsonl): six
    # more short documents in new domains (a wind turbine firm's small turbine supply and installation contract, a
    # hospital's tap-water iontophoresis letter for sweaty hands, a drone club's membership and flying field rules, a hut
    # maker's shepherd's hut build and delivery agreement, a hospital's cochlear implant switch-on letter and a community
    # radio station's rules for volunteer presenters) and varied forms (Markdown, HTML, tables, numbered clauses,
    # definition lists, bold-led paragraphs, numbered and bulleted lists, headed paragraphs), every category, a little
    # under half true, written without running the judge on them. val106 is open; val106h is held: aggregate figures
    # only (specs/val106*.yaml).
    val106 = "val106"
    val106h = "val106h"
    # Session 33: a sixty-seventh fresh mixed pair, on branch pairs107 (its rows follow val106h's in cases.jsonl): six
    # more short documents in new domains (a roofing firm's green roof supply and installation contract, a hospital's
    # botulinum toxin bladder injections letter, a pipe band's membership and practice rules, a heating firm's air source
    # heat pump supply and installation contract, an eye hospital's corneal cross-linking letter and an amateur dramatic
    # society's membership and production rules) and varied forms (Markdown, HTML, tables, numbered lists under
    # headings, bold-lettered clauses, bold-led paragraphs, bulleted lists, headed paragraphs), every category, a little
    # under half true, written without running the judge on them. val107 is open; val107h is held: aggregate figures
    # only (specs/val107*.yaml).
    val107 = "val107"
    val107h = "val107h"
    # Session 33: a sixty-eighth fresh mixed pair, on branch pairs108 (its rows follow val107h's in cases.jsonl): six
    # more short documents in new domains (a roofing firm's green roof supply and installation contract, a hospital's
    # ring pessary fitting letter, a car club's membership and booking rules, a water treatment firm's water softener
    # supply, fitting and service agreement, a children's hospital's Pavlik harness letter and a youth hostel's booking
    # terms and house rules) and varied forms (Markdown, HTML, tables, headed bulleted lists, numbered clauses,
    # definition lists, bold-labelled lists, numbered and bulleted lists, headed paragraphs), every category, a little
    # under half true, written without running the judge on them. val108 is open; val108h is held: aggregate figures
    # only (specs/val108*.yaml).
    val108 = "val108"
    val108h = "val108h"
    # Session 33: a sixty-ninth fresh mixed pair, on branch pairs109 (its rows follow val108h's in cases.jsonl): six
    # more short documents in new domains (a lightning protection firm's installation contract, a hospital's venesection
    # letter for haemochromatosis, a child car seat's user guide, a weed control firm's Japanese knotweed treatment
    # contract, a hospital's salivary gland stone removal letter and a cat café's visits, prices and house rules) and
    # varied forms (Markdown, HTML, tables, numbered clauses under headings, numbered lists under headings, headed
    # paragraphs, bulleted lists, a definition list), every category, a little under half true, written without running
    # the judge on them. val109 is open; val109h is held: aggregate figures only (specs/val109*.yaml).
    val109 = "val109"
    val109h = "val109h"
    # Session 33: a seventieth fresh mixed pair, on branch pairs110 (its rows follow val109h's in cases.jsonl): six
    # more short documents in new domains (an electrician's house rewiring contract, a hospital's oesophageal manometry
    # and 24-hour pH study letter, a robot lawnmower's user guide, a bellfoundry's bell recasting and rehanging
    # contract, a children's hospital's Ponseti clubfoot treatment letter and an aquarium's tickets, tours and visitor
    # rules) and varied forms (Markdown, HTML, tables, numbered clauses under headings, numbered lists under headings,
    # headed paragraphs, bulleted lists, a definition list), every category, a little under half true, written without
    # running the judge on them. val110 is open; val110h is held: aggregate figures only (specs/val110*.yaml).
    val110 = "val110"
    val110h = "val110h"
    # Session 33: a seventy-first fresh mixed pair, on branch pairs111 (its rows follow val110h's in cases.jsonl): six
    # more short documents in new domains (a cooperage's cask supply agreement, a hospital's photodynamic therapy letter
    # for sun-damaged skin, an egg incubator's user guide, a textile studio's tapestry conservation agreement, a
    # hospital's gastrostomy (PEG) feeding tube letter and a tortoise lodge's winter hibernation boarding terms) and
    # varied forms (Markdown, HTML, tables, numbered lists under headings, numbered clauses under headings, headed
    # paragraphs, bulleted and numbered lists, a definition list), every category, a little under half true, written
    # without running the judge on them. val111 is open; val111h is held: aggregate figures only (specs/val111*.yaml).
    val111 = "val111"
    val111h = "val111h"
    # Session 33: a seventy-second fresh mixed pair, on branch pairs112 (its rows follow val111h's in cases.jsonl): six
    # more short documents in new domains (a mosaic studio's floor commission agreement, a hospital's hydrocele repair
    # letter, a bread maker's user guide, a sundial maker's commission agreement, a children's hospital's sweat test
    # letter and a bonsai society's membership and show rules) and varied forms (Markdown, HTML, tables, numbered lists
    # under headings, numbered clauses under headings, headed paragraphs, bulleted and numbered lists), every category, a
    # little under half true, written without running the judge on them. val112 is open; val112h is held: aggregate
    # figures only (specs/val112*.yaml).
    val112 = "val112"
    val112h = "val112h"
    # Session 33: a seventy-third fresh mixed pair, on branch pairs113 (its rows follow val112h's in cases.jsonl): six
    # more short documents in new domains (a chainsaw carver's sculpture commission agreement, an eye hospital's YAG
    # laser capsulotomy letter, a sewing machine's user guide, a rocking horse restorer's agreement, a hospital's letter
    # on removing an ankle plate and screws and a butterfly house's tickets and visitor rules) and varied forms
    # (Markdown, HTML, tables, bulleted lists under headings, a definition list, numbered lists under headings, headed
    # paragraphs), every category, a little under half true, written without running the judge on them. val113 is open;
    # val113h is held: aggregate figures only (specs/val113*.yaml).
    val113 = "val113"
    val113h = "val113h"
    # Session 34: a seventy-fifth fresh mixed pair, on branch pairs115 (its rows follow val113h's in cases.jsonl): six
    # more short documents in new domains (a chandelier restorer's contract, a children's hospital's cleft palate speech
    # assessment letter, a model village's tickets and rules, a marine engineer's inboard engine servicing plan, a
    # hospital's gait laboratory assessment letter and a hedgehog rescue's volunteer rules) and varied forms (Markdown,
    # HTML, tables, bulleted lists under headings, a definition list, numbered lists under headings, bold-headed and
    # headed paragraphs), every category, a little under half true, written without running the judge on them. val115
    # is open; val115h is held: aggregate figures only (specs/val115*.yaml).
    val115 = "val115"
    val115h = "val115h"
    # Session 34: a seventy-fourth fresh mixed pair, on branch pairs114 (its rows follow val115h's in cases.jsonl, since
    # val115 / val115h were merged first): six more short documents in new domains (a narrowboat shared-ownership
    # agreement, a hospital's wasp venom immunotherapy letter, a planetarium's shows and visitor rules, a water borehole
    # drilling contract, a hospital's letter on having an artificial eye made and fitted and a miniature railway's
    # fares and rules) and varied forms (Markdown, HTML, tables, bulleted lists under headings, a definition list,
    # headed paragraphs, numbered lists under headings), every category, a little under half true, written without
    # running the judge on them. val114 is open; val114h is held: aggregate figures only (specs/val114*.yaml).
    val114 = "val114"
    val114h = "val114h"
    # Session 34: a seventy-sixth fresh mixed pair, on branch pairs117 (its rows follow val114h's in cases.jsonl): six
    # more short documents in new domains (a mobile sauna hire agreement, a children's hospital's growth hormone
    # treatment letter, a seed library's borrowing rules, a stone wall repointing contract, a hospital's bone-anchored
    # hearing aid letter and a community orchard's harvest volunteer rules) and varied forms (Markdown, HTML, tables,
    # bulleted lists under headings, a definition list, numbered lists under headings, bold-headed and headed
    # paragraphs), every category, a little under half true, written without running the judge on them. val117 is
    # open; val117h is held: aggregate figures only (specs/val117*.yaml).
    val117 = "val117"
    val117h = "val117h"
    # Session 34: a seventy-seventh fresh mixed pair, on branch pairs116 (its rows follow val117h's in cases.jsonl): six
    # more short documents in new domains (a cider orchard lease, a hospital's leg ulcer compression clinic letter, a
    # fire engine museum's tickets and rules, a pizza van hire agreement, a hospital's oral food challenge letter and a
    # youth orchestra's summer course rules) and varied forms (Markdown, HTML, tables, numbered and bulleted lists under
    # headings, a definition list, headed paragraphs), every category, a little under half true, written without
    # running the judge on them. val116 is open; val116h is held: aggregate figures only (specs/val116*.yaml).
    val116 = "val116"
    val116h = "val116h"
    # Session 34: a seventy-eighth fresh mixed pair, on branch pairs118 (its rows follow val116h's in cases.jsonl): six
    # more short documents in new domains (a church hall kitchen refit contract, a hospital's nosebleed clinic letter on
    # nasal cautery, a bat group's walk booking rules, a piano removal contract, a hospital's gestational diabetes
    # clinic letter and a pottery painting café's prices and rules) and varied forms (Markdown, HTML, tables, numbered
    # and bulleted lists under headings, a definition list, bold-headed and headed paragraphs), every category, a little
    # under half true, written without running the judge on them. val118 is open; val118h is held: aggregate figures
    # only (specs/val118*.yaml).
    val118 = "val118"
    val118h = "val118h"
    # Session 34: a seventy-ninth fresh mixed pair, on branch pairs119 (its rows follow val118h's in cases.jsonl): six
    # more short documents in new domains (a loft ladder installation contract, a hospital's cystic fibrosis airway
    # clearance physiotherapy letter, a kiln-sharing studio's members' rules, a wildflower meadow seeding contract, a
    # hospital voice clinic's letter on vocal cord nodules and a village cinema club's membership rules) and varied forms
    # (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings, bold-headed paragraphs, a
    # bold-labelled bulleted list), every category, a little under half true, written without running the judge on
    # them. val119 is open; val119h is held: aggregate figures only (specs/val119*.yaml).
    val119 = "val119"
    val119h = "val119h"
    # Session 34: an eightieth fresh mixed pair, on branch pairs120 (its rows follow val119h's in cases.jsonl): six more
    # short documents in new domains (a festival bunting hire agreement, a hospital hand therapy and orthotics clinic's
    # letter on a thumb splint, a community fridge's rules, a yurt hire agreement, a hospital urology day unit's letter on
    # bladder instillations and a bike polo club's rules) and varied forms (Markdown, HTML, tables, definition and
    # bulleted lists, numbered lists under headings, bold-headed paragraphs, a bold-labelled bulleted list), every
    # category, a little under half true, written without running the judge on them. val120 is open; val120h is held:
    # aggregate figures only (specs/val120*.yaml).
    val120 = "val120"
    val120h = "val120h"
    # Session 35: an eighty-first fresh mixed pair, on branch pairs121 (its rows follow val120h's in cases.jsonl): six
    # more short documents in new domains (a jukebox hire agreement, a hospital jaw joint clinic's letter, a puppet
    # theatre's booking questions, a custom bicycle frame commission agreement, a hospital keloid scar clinic's letter and
    # a hovercraft experience day's rules) and varied forms (Markdown, HTML, tables, definition and bulleted lists,
    # numbered lists under headings, question headings with short answers, bold-labelled bulleted lists), every
    # category, a little under half true, written without running the judge on them. val121 is open; val121h is held:
    # aggregate figures only (specs/val121*.yaml).
    val121 = "val121"
    val121h = "val121h"
    # Session 35: an eighty-second fresh mixed pair, on branch pairs122 (its rows follow val121h's in cases.jsonl): six
    # more short documents in new domains (a church's stained glass window restoration contract, a children's hospital
    # continence clinic's letter on a bedwetting alarm, a drive-in cinema's rules and prices, a peat-free compost bulk
    # supply contract, a children's hospital cranial orthotics clinic's letter on a helmet for a flattened head and a punt
    # hire firm's rules) and varied forms (Markdown, HTML, tables, definition and bulleted lists, numbered lists under
    # headings, bold-headed paragraphs, bold-labelled bulleted lists), every category, a little under half true, written
    # without running the judge on them. val122 is open; val122h is held: aggregate figures only (specs/val122*.yaml).
    val122 = "val122"
    val122h = "val122h"
    # Session 35: an eighty-third fresh mixed pair, on branch pairs123 (its rows follow val122h's in cases.jsonl): six
    # more short documents in new domains (a popcorn and candyfloss machine hire agreement, a hospital podiatry clinic's
    # letter on cryotherapy for a verruca, a juggling club's rules, a bagpipe restoration agreement, a children's
    # hospital dermatology clinic's letter on wet wraps for eczema and a pub skittle alley's booking rules) and varied
    # forms (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings, bold-headed
    # paragraphs, bold-labelled bulleted lists), every category, a little under half true, written without running the
    # judge on them. val123 is open; val123h is held: aggregate figures only (specs/val123*.yaml).
    val123 = "val123"
    val123h = "val123h"
    # Session 35: an eighty-fourth fresh mixed pair, on branch pairs124 (its rows follow val123h's in cases.jsonl): six
    # more short documents in new domains (a fudge kitchen's wholesale supply agreement, a hospital snoring clinic's
    # letter on a mouth guard, a quoits league's rules, a coffee roastery's wholesale supply contract, a children's
    # hospital reflux clinic's letter on a baby's reflux and a magic club's membership rules) and varied forms
    # (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings, bold-headed paragraphs,
    # bold-labelled bulleted lists), every category, a little under half true, written without running the judge on
    # them. val124 is open; val124h is held: aggregate figures only (specs/val124*.yaml).
    val124 = "val124"
    val124h = "val124h"
    # Session 35: an eighty-fifth fresh mixed pair, on branch pairs125 (its rows follow val124h's in cases.jsonl): six
    # more short documents in new domains (an early keyboard workshop's harpsichord restoration agreement, a hospital
    # glaucoma clinic's letter on eye drops, a hot-air balloon fiesta's visitor rules, a stonemason's memorial bench
    # commission agreement, a hospital shingles vaccination clinic's letter and a reindeer centre's visit rules) and
    # varied forms (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings, bold-labelled
    # bulleted lists), every category, a little under half true, written without running the judge on them. val125 is
    # open; val125h is held: aggregate figures only (specs/val125*.yaml).
    val125 = "val125"
    val125h = "val125h"
    # Session 35: an eighty-sixth fresh mixed pair, on branch pairs126 (its rows follow val125h's in cases.jsonl): six
    # more short documents in new domains (a glazier's shopfront window replacement contract, a dental hospital bruxism
    # clinic's letter on a night splint, a paragliding club's flying rules, a plasterer's fibrous plaster cornice
    # restoration contract, a hospital asthma inhaler technique clinic's letter and a donkey sanctuary's volunteer
    # rules) and varied forms (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings,
    # bold-headed paragraphs, bold-labelled bulleted lists), every category, a little under half true, written without
    # running the judge on them. val126 is open; val126h is held: aggregate figures only (specs/val126*.yaml).
    val126 = "val126"
    val126h = "val126h"
    # Session 35: an eighty-seventh fresh mixed pair, on branch pairs127 (its rows follow val126h's in cases.jsonl): six
    # more short documents in new domains (a letterpress printer's wedding stationery agreement, a hospital podiatry
    # clinic's letter on fungal toenails, a morris side's membership rules, a pewterer's trophy engraving commission
    # agreement, a hospital whiplash physiotherapy clinic's letter and a highland games' entry rules for the heavy
    # events) and varied forms (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings,
    # bold-headed paragraphs, bold-labelled bulleted lists), every category, a little under half true, written without
    # running the judge on them. val127 is open; val127h is held: aggregate figures only (specs/val127*.yaml).
    val127 = "val127"
    val127h = "val127h"
    # Session 35: an eighty-eighth fresh mixed pair, on branch pairs128 (its rows follow val127h's in cases.jsonl): six
    # more short documents in new domains (a ropeworks' bell rope supply agreement, a hospital bursitis injection
    # clinic's letter on a steroid injection, a carillon's visitor rules, a calligraphy studio's certificate-writing
    # commission, a community hospital walking aid clinic's rollator letter and a maypole dancing festival's rules) and
    # varied forms (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings, bold-headed
    # paragraphs, bold-labelled lists), every category, a little under half true, written without running the judge on
    # them. val128 is open; val128h is held: aggregate figures only (specs/val128*.yaml).
    val128 = "val128"
    val128h = "val128h"
    # Session 35: an eighty-ninth fresh mixed pair, on branch pairs129 (its rows follow val128h's in cases.jsonl): six
    # more short documents in new domains (a barometer workshop's restoration agreement, a children's hospital
    # stammering therapy clinic's letter, a shinty club's membership and rules page, an optical coater's telescope
    # mirror re-coating agreement, a hospital dry needling physiotherapy clinic's letter and a stoolball league's rules)
    # and varied forms (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings, bold-headed
    # paragraphs, bold-labelled lists), every category, a little under half true, written without running the judge on
    # them. val129 is open; val129h is held: aggregate figures only (specs/val129*.yaml).
    val129 = "val129"
    val129h = "val129h"
    # Session 35: a ninetieth fresh mixed pair, on branch pairs130 (its rows follow val129h's in cases.jsonl): six
    # more short documents in new domains (an antique globe restorer's agreement, a hospital hearing therapy
    # department's letter on lip-reading classes, a kubb tournament's rules, a boatbuilder's commission to make gig oars,
    # a hospital cancer wellbeing service's reflexology letter and a fives club's court booking rules) and varied forms
    # (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings, bold-headed paragraphs,
    # bold-labelled lists), every category, a little under half true, written without running the judge on them.
    # val130 is open; val130h is held: aggregate figures only (specs/val130*.yaml).
    val130 = "val130"
    val130h = "val130h"
    # Session 36: a ninety-first fresh mixed pair, on branch pairs131 (its rows follow val130h's in cases.jsonl): six
    # more short documents in new domains (a dovecote restoration agreement, a hospital chemotherapy unit's letter on
    # scalp cooling, a dog agility show's entry rules, a kiltmaker's commission for a bespoke kilt, a children's
    # hospital eye clinic's letter on patching for amblyopia and a cribbage league's rules) and varied forms (Markdown,
    # HTML, tables, definition and bulleted lists, numbered lists under headings, bold-headed paragraphs, bold-labelled
    # lists), every category, a little under half true, written without running the judge on them. val131 is open;
    # val131h is held: aggregate figures only (specs/val131*.yaml).
    val131 = "val131"
    val131h = "val131h"
    # Session 36: a ninety-second fresh mixed pair, on branch pairs132 (its rows follow val131h's in cases.jsonl): six
    # more short documents in new domains (a canal painter's roses and castles commission for a narrowboat, a hospital
    # women's health physiotherapy letter on postnatal pelvic floor exercises, a gorge scrambling company's trip rules,
    # a needlework studio's church kneeler commission, a hospital spasticity clinic's splinting and stretching letter
    # and a shove ha'penny league's rules) and varied forms (Markdown, HTML, tables, definition and bulleted lists,
    # numbered lists under headings, bold-headed paragraphs, bold-labelled lists), every category, a little under half
    # true, written without running the judge on them. val132 is open; val132h is held: aggregate figures only
    # (specs/val132*.yaml).
    val132 = "val132"
    val132h = "val132h"
    # Session 36: a ninety-third fresh mixed pair, on branch pairs133 (its rows follow val132h's in cases.jsonl): six
    # more short documents in new domains (a handbell restorer's agreement for a church's set of handbells, a hospital
    # speech and language therapy letter on a swallowing plan for dysphagia, a ceilidh organiser's barn dance booking
    # rules, a wigmaker's commission for a theatre company's wigs, a hospital low vision service's rehabilitation letter
    # and a community orchard's wassail rules) and varied forms (Markdown, HTML, tables, definition and bulleted lists,
    # numbered lists under headings, bold-led paragraphs, bold-labelled lists), every category, a little under half
    # true, written without running the judge on them. val133 is open; val133h is held: aggregate figures only
    # (specs/val133*.yaml).
    val133 = "val133"
    val133h = "val133h"
    # Session 36: a ninety-fourth fresh mixed pair, on branch pairs134 (its rows follow val133h's in cases.jsonl): six
    # more short documents in new domains (a forge's replica sword commission for a re-enactment society, a hospital
    # wheelchair skills service's letter for a new manual wheelchair user, a clog dancing competition's rules, a
    # costume workshop's mummers' play costume commission, a children's hospital fracture clinic's plaster cast care
    # letter and a sea shanty festival's competition rules) and varied forms (Markdown, HTML, tables, definition and
    # bulleted lists, numbered lists under headings, bold-headed paragraphs, bold-labelled lists), every category, a
    # little under half true, written without running the judge on them. val134 is open; val134h is held: aggregate
    # figures only (specs/val134*.yaml).
    val134 = "val134"
    val134h = "val134h"
    # Session 36: a ninety-fifth fresh mixed pair, on branch pairs135 (its rows follow val134h's in cases.jsonl): six
    # more short documents in new domains (a woodcraft firm's agreement to build bird hides on a wildfowl reserve, a
    # hospital eye clinic's letter on a first fitting of scleral contact lenses for keratoconus, a bell-tent glamping
    # site's rules, a marina's houseboat mooring and refit agreement, a hospital wound clinic's letter on larval
    # therapy and a tipi hire firm's terms) and varied forms (Markdown, HTML, tables, definition and bulleted lists,
    # numbered lists under headings, bold-headed paragraphs, a table of who does what), every category, a little
    # under half true, written without running the judge on them. val135 is open; val135h is held: aggregate figures
    # only (specs/val135*.yaml).
    val135 = "val135"
    val135h = "val135h"
    # Session 36: a ninety-sixth fresh mixed pair, on branch pairs136 (its rows follow val135h's in cases.jsonl): six
    # more short documents in new domains (a stage lighting firm's village hall lighting installation contract, a
    # hospital arts therapies service's art therapy group letter for adults with long-term pain, a biplane pleasure
    # flight firm's voucher terms, a drapers' commission to make stage curtains for a playhouse, a children's hospital
    # therapy team's equine-assisted therapy letter and a vineyard's grape-treading day booking rules) and varied forms
    # (Markdown, HTML, tables, definition and bulleted lists, numbered lists under headings, bold-headed paragraphs,
    # bold-labelled lists), every category, a little under half true, written without running the judge on them.
    # val136 is open; val136h is held: aggregate figures only (specs/val136*.yaml).
    val136 = "val136"
    val136h = "val136h"
    # Session 36: a ninety-seventh fresh mixed pair, on branch pairs137 (its rows follow val136h's in cases.jsonl): six
    # more short documents in new domains (a letter carver's commission for a carved slate house name sign, a
    # children's hospital dietetics department's letter starting a child on the ketogenic diet for epilepsy, a farm's
    # duck herding demonstration booking rules, a wood-turner's commission for a set of turned bowls for a restaurant, a
    # children's hospital audiology department's hearing aid trial letter and a disc golf course's rules and prices)
    # and varied forms (Markdown, HTML, tables, definition, numbered and bulleted lists under headings, bold-headed
    # paragraphs, bold-labelled lists), every category, a little under half true, written without running the judge on
    # them. val137 is open; val137h is held: aggregate figures only (specs/val137*.yaml).
    val137 = "val137"
    val137h = "val137h"
    # Session 36: a ninety-eighth fresh mixed pair, on branch pairs138 (its rows follow val137h's in cases.jsonl): six
    # more short documents in new domains (a woodcarver's commission to carve an oak eagle lectern for a parish church,
    # a hospital diabetes centre's continuous glucose monitor starter letter, an off-road model car raceway's track
    # rules, a signwriters' commission to repaint a town hall's clock dials, a day surgery unit's lymph node biopsy
    # letter and a disc golf course's rules) and varied forms (Markdown, HTML, tables, definition and bulleted lists,
    # numbered lists under headings, bold-labelled lists), every category, a little under half true, written without
    # running the judge on them. val138 is open; val138h is held: aggregate figures only (specs/val138*.yaml).
    val138 = "val138"
    val138h = "val138h"
    # Session 37: a ninety-ninth fresh mixed pair, on branch pairs139 (its rows follow val138h's in cases.jsonl): six
    # more short documents in new domains (a children's hospital letter on home nasogastric tube feeding for a baby, a
    # miniatures maker's commission for a replica dolls' house, a pack goat walking firm's booking rules, a children's
    # hospital hip spica cast care letter for a toddler, a puppet maker's commission for a touring theatre's string
    # puppets and a lavender farm's visiting and cutting rules) and varied forms (Markdown, HTML, tables, definition and
    # bulleted lists, numbered lists under headings, bold-labelled lists), every category, a little under half true,
    # written without running the judge on them. val139 is open; val139h is held: aggregate figures only
    # (specs/val139*.yaml).
    val139 = "val139"
    val139h = "val139h"
    # Session 37: a hundredth fresh mixed pair, on branch pairs140 (its rows follow val139h's in cases.jsonl): six more
    # short documents in new domains (a carving studio's commission to carve a chess set for a chess club's centenary,
    # a children's hospital's insulin pump starter letter for a teenager, a zorbing hill's runs, prices and rules, a
    # model shipwrights' commission to build a barque model for a maritime museum, an orthotics clinic's custom insoles
    # letter and a snow tubing park's lanes, prices and rules) and varied forms (Markdown, HTML, tables, definition and
    # bulleted lists, numbered lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a
    # little under half true, written without running the judge on them. val140 is open; val140h is held: aggregate
    # figures only (specs/val140*.yaml).
    val140 = "val140"
    val140h = "val140h"
    # Session 37: a hundred and first fresh mixed pair, on branch pairs141 (its rows follow val140h's in cases.jsonl):
    # six more short documents in new domains (a banner studio's commission to paint a trade union branch's silk
    # banner, a children's hospital's letter on using a nebuliser at home, a wakeboard cable park's sessions, prices and
    # rules, a bowyer's commission to make a yew longbow for an archery club, a hospital dietitian's milk ladder letter
    # for a baby with cow's milk allergy and a BMX pump track's loops and rules) and varied forms (Markdown, HTML,
    # tables, definition and bulleted lists, numbered lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them. val141 is
    # open; val141h is held: aggregate figures only (specs/val141*.yaml).
    val141 = "val141"
    val141h = "val141h"
    # Session 37: a further fresh mixed pair, on branch pairs142 (its rows follow val141h's in cases.jsonl): six more
    # short documents in new domains (a quilting studio's commission to make a patchwork quilt as a wedding gift, a
    # children's hospital's peanut oral immunotherapy letter, a skatepark's sessions, prices and rules, a mint's
    # commission to strike commemorative medals for a town's anniversary, a children's hospital's overnight home oximetry
    # letter and a dodgems track's rides, prices and rules) and varied forms (Markdown, HTML, tables, a definition list,
    # numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a
    # little under half true, written without running the judge on them. val142 is open; val142h is held: aggregate
    # figures only (specs/val142*.yaml).
    val142 = "val142"
    val142h = "val142h"
    # Session 38: a further fresh mixed pair, on branch pairs144 (its rows follow val142h's in cases.jsonl): six more
    # short documents in new domains (an oak framer's commission to build a gazebo for a hotel garden, a health visiting
    # team's letter on starting solid food, a pony-ride field's rides, prices and rules, a model works' commission to
    # build a model railway layout for a museum, a children's physiotherapy letter for a baby's neck exercises for
    # torticollis and a seaside land train's routes, fares and rules) and varied forms (Markdown, HTML, tables, a
    # definition list, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them. val144 is open; val144h is
    # held: aggregate figures only (specs/val144*.yaml).
    val144 = "val144"
    val144h = "val144h"
    # Session 38: a further fresh mixed pair, on branch pairs143 (its rows follow val144h's in cases.jsonl): six more
    # short documents in new domains (a wheelwright's commission to make a pair of cart wheels for a farm museum, a
    # children's hospital's audiology letter on hearing tests and glue ear follow-up, a clifftop putting green's rounds,
    # prices and rules, an oak framer's commission to build a pergola for a village memorial garden, a children's
    # hospital's spirometry and exercise test letter and a seaside carousel's rides, prices and rules) and varied forms
    # (Markdown, HTML, tables, a definition list, numbered and bulleted lists under headings, bold-labelled lists and
    # bold-headed paragraphs), every category, a little under half true, written without running the judge on them.
    # val143 is open; val143h is held: aggregate figures only (specs/val143*.yaml).
    val143 = "val143"
    val143h = "val143h"
    # Session 39: a further fresh mixed pair, on branch pairs146 (its rows follow val143h's in cases.jsonl): six more
    # short documents in new domains (a wood-turner's commission to make serving bowls and boards for a restaurant, an
    # allergy nurse's letter on carrying adrenaline auto-injectors for a child with a peanut allergy, a zip-wire and
    # high-ropes adventure park's prices and rules, a sign-language interpreting agency's booking terms and charges, a
    # dyslexia assessment service's letter to a child's parents and a county record office's reading-room rules and
    # copying fees) and varied forms (Markdown, HTML, tables, a definition list, numbered and bulleted lists under
    # headings, bold-labelled lists and bold-headed paragraphs), every category, a little under half true, written
    # without running the judge on them. val146 is open; val146h is held: aggregate figures only (specs/val146*.yaml).
    val146 = "val146"
    val146h = "val146h"
    # Session 39: a further fresh mixed pair, on branch pairs145 (its rows follow val146h's in cases.jsonl): six more
    # short documents in new domains (a metalwork firm's commission to repair and repaint a wrought-iron footbridge over
    # a mill race, a hospital dietitian's letter on a child's gluten-free diet for coeliac disease, a lake's kayak and
    # canoe hire prices and rules, a tactile studio's commission to make a tactile and braille map of a botanic garden,
    # a speech and language therapy letter on a child's speech sound therapy and a go-kart track's sessions, prices and
    # rules) and varied forms (Markdown, HTML, tables, a definition list, numbered and bulleted lists under headings,
    # bold-labelled lists and bold-headed paragraphs), every category, a little under half true, written without running
    # the judge on them. val145 is open; val145h is held: aggregate figures only (specs/val145*.yaml).
    val145 = "val145"
    val145h = "val145h"
    # Session 39: a further fresh mixed pair, on branch pairs147 (its rows follow val145h's in cases.jsonl): six more
    # short documents in new domains (a joinery and upholstery firm's commission to restore a bowls club's pavilion
    # benches and scoreboard, a children's physiotherapy letter on a 12-year-old's knee rehabilitation after a kneecap
    # dislocation, a bouldering wall's sessions, prices and rules, a piano studio's lesson terms and charges, a
    # hospital orthoptist's letter on a 5-year-old's eye exercises for double vision and a cold-water swimming club's
    # lake swims, rules and fees) and varied forms (Markdown, HTML, tables, a definition list, numbered and bulleted
    # lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a little under half true,
    # written without running the judge on them. val147 is open; val147h is held: aggregate figures only
    # (specs/val147*.yaml).
    val147 = "val147"
    val147h = "val147h"
    # Session 39: a further fresh mixed pair, on branch pairs148 (its rows follow val147h's in cases.jsonl): six more
    # short documents in new domains (a turret clockmaker's commission to restore a village church's tower clock, a
    # hospital speech therapy letter on an adult's voice therapy after vocal-cord nodules, an archery range's sessions,
    # prices and rules, a hearing-aid repair service's terms and charges, a museum's commission for a demonstration
    # weaving loom and a llama-trekking farm's walks, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them. val148 is open; val148h is
    # held: aggregate figures only (specs/val148*.yaml).
    val148 = "val148"
    val148h = "val148h"
    # Session 40: a further fresh mixed pair, on branch pairs149 (its rows follow val148h's in cases.jsonl): six more
    # short documents in new domains (a millwright's commission to restore a village watermill's waterwheel and
    # millstones, a hospital facial therapy letter on an adult's Bell's palsy, a real tennis club's sessions, prices and
    # rules, a typewriter workshop's terms and charges, a carriage museum's commission to restore a bow-top wagon and a
    # tidal sands guide service's walks, prices and rules) and varied forms (Markdown, HTML, tables, definition lists,
    # numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a
    # little under half true, written without running the judge on them. val149 is open; val149h is held: aggregate
    # figures only (specs/val149*.yaml).
    val149 = "val149"
    val149h = "val149h"
    # Session 40: a further fresh mixed pair, on branch pairs150 (its rows follow val149h's in cases.jsonl): six more
    # short documents in new domains (a flue-lining firm's commission to reline a guest house's two chimneys, a
    # community hospital pulmonary rehabilitation letter on a retired man's COPD programme, a riding for the disabled
    # group's sessions, prices and rules, a parish meeting's commission to restore the village's cast-iron fingerposts,
    # a hospital physiotherapy letter on a postman's plantar heel pain and a canal water-bus's routes, fares and rules)
    # and varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings,
    # bold-labelled lists and bold-headed paragraphs), every category, a little under half true, written without
    # running the judge on them. val150 is open; val150h is held: aggregate figures only (specs/val150*.yaml).
    val150 = "val150"
    val150h = "val150h"
    # Session 40: a further fresh mixed pair, on branch pairs151 (its rows follow val150h's in cases.jsonl): six more
    # short documents in new domains (a landscape mason's commission to rebuild a country house's ha-ha, a hospital
    # rheumatology nurse letter on a fishmonger's Raynaud's phenomenon, a dragon boat club's sessions, prices and rules,
    # a lifeboat museum's commission to restore a 1912 pulling and sailing lifeboat, a fracture liaison service letter on
    # a retired cook's osteoporosis and a horse tramway's routes, fares and rules) and varied forms (Markdown, HTML,
    # tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them. val151 is open;
    # val151h is held: aggregate figures only (specs/val151*.yaml).
    val151 = "val151"
    val151h = "val151h"
    # Session 40: a further fresh mixed pair, on branch pairs153 (its rows follow val151h's in cases.jsonl): six more
    # short documents in new domains (a heritage bricklayer's commission to restore a country house's ice house, a
    # community hospital eye clinic nurse letter on a taxi driver's blepharitis, a land yacht club's sessions, prices and
    # rules, a village trust's commission to restore an 1897 cast-iron drinking fountain, a hand therapy letter on a new
    # mother's De Quervain's tenosynovitis and a loch paddle steamer's routes, fares and rules) and varied forms
    # (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and
    # bold-headed paragraphs), every category, a little under half true, written without running the judge on them.
    # val153 is open; val153h is held: aggregate figures only (specs/val153*.yaml).
    val153 = "val153"
    val153h = "val153h"
    # Session 40: a further fresh mixed pair, on branch pairs152 (its rows follow val153h's in cases.jsonl): six more
    # short documents in new domains (a joiner's commission to restore the spinning gallery of a farm's bank barn, a
    # hospital neurology nurse letter on a retired postman's restless legs syndrome, a wrestling club's sessions, prices
    # and rules, an estate's commission to restore a 1798 lime kiln, a haematology nurse letter on a school librarian's
    # pernicious anaemia and a lead mine's tours, prices and rules) and varied forms (Markdown, HTML, tables, definition
    # lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category,
    # a little under half true, written without running the judge on them. val152 is open; val152h is held: aggregate
    # figures only (specs/val152*.yaml).
    val152 = "val152"
    val152h = "val152h"
    # Session 41: a further fresh mixed pair, on branch pairs154 (its rows follow val152h's in cases.jsonl): six more
    # short documents in new domains (a woodcarver's commission to restore a schooner's figurehead for a maritime museum,
    # a children's bowel nurse letter on a 5-year-old's constipation, a creek crabbing jetty's sessions, prices and rules,
    # a farm's commission to restore a staddle-stone granary, a dermatology nurse letter on a postman's plaque psoriasis
    # and a swannery's sessions, prices and rules) and varied forms (Markdown, HTML, tables, definition lists, numbered
    # and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a little under
    # half true, written without running the judge on them. val154 is open; val154h is held: aggregate figures only
    # (specs/val154*.yaml).
    val154 = "val154"
    val154h = "val154h"
    # Session 41: a further fresh mixed pair, on branch pairs155 (its rows follow val154h's in cases.jsonl): six more
    # short documents in new domains (a harbour trust's commission to restore an 1871 hand crane on a quay, a community
    # hospital physiotherapy letter on a lobster fisherman's sciatica, a bushcraft club's sessions, prices and rules, a
    # bothy trust's commission to renovate a shore bothy, a heart failure nurse letter on a retired ferryman and an otter
    # hide's watches, prices and rules) and varied forms (Markdown, HTML, tables, definition lists, numbered and
    # bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a little under
    # half true, written without running the judge on them. val155 is open; val155h is held: aggregate figures only
    # (specs/val155*.yaml).
    val155 = "val155"
    val155h = "val155h"
    # Session 41: a further fresh mixed pair, on branch pairs156 (its rows follow val155h's in cases.jsonl): six more
    # short documents in new domains (a Norfolk hall's commission to restore a 1926 revolving summerhouse, a cottage
    # hospital rheumatology nurse letter on a retired postmistress's polymyalgia rheumatica, a bird observatory's
    # sessions, prices and rules, a heritage railway trust's commission to restore a signal box's lever frame, a
    # community nursing letter on a hotel gardener's cellulitis and a Victorian sea fort's tours, prices and rules) and
    # varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled
    # lists and bold-headed paragraphs), every category, a little under half true, written without running the judge on
    # them. val156 is open; val156h is held: aggregate figures only (specs/val156*.yaml).
    val156 = "val156"
    val156h = "val156h"
    # Session 41: a further fresh mixed pair, on branch pairs157 (its rows follow val156h's in cases.jsonl): six more
    # short documents in new domains (a community council's commission to restore a medieval holy well, a community
    # hospital physiotherapy letter on a postman's ankle sprain, a coasteering club's sessions, prices and rules, a
    # heritage centre's commission for straw-backed chairs and a cradle for a croft house, a dental hygiene and therapy
    # letter on a man's gum disease and an archaeological dig's sessions, prices and rules) and varied forms (Markdown,
    # HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them. val157 is
    # open; val157h is held: aggregate figures only (specs/val157*.yaml).
    val157 = "val157"
    val157h = "val157h"
    # Session 41: a further fresh mixed pair, on branch pairs158 (its rows follow val157h's in cases.jsonl): six more
    # short documents in new domains (a village association's commission to restore a colliery pit wheel memorial, a
    # children's physiotherapy letter on a young footballer's Osgood-Schlatter disease, a fell ski club's sessions,
    # prices and rules, a hop farm's commission to restore the cowl of its round hop kiln, a gastroenterology nurse
    # letter on a school bus driver's irritable bowel syndrome and a Victorian waterworks museum's sessions, prices and
    # rules) and varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings,
    # bold-labelled lists and bold-headed paragraphs), every category, a little under half true, written without running
    # the judge on them. val158 is open; val158h is held: aggregate figures only (specs/val158*.yaml).
    val158 = "val158"
    val158h = "val158h"
    # Session 41: a further fresh mixed pair, on branch pairs159 (its rows follow val158h's in cases.jsonl): six more
    # short documents in new domains (a millwright's commission to restore a hill farm's stone cheese press, a community
    # hospital physiotherapy letter on a gamekeeper's hamstring strain, a fell farm's quad bike treks, prices and rules,
    # a wildfowl trust's commission to restore a duck decoy, a pain management nurse letter on a tractor driver's
    # coccydynia and a willow barn's basket-making sessions, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them. val159 is open; val159h is
    # held: aggregate figures only (specs/val159*.yaml).
    val159 = "val159"
    val159h = "val159h"
    # Session 41: a further fresh mixed pair, on branch pairs160 (its rows follow val159h's in cases.jsonl): six more
    # short documents in new domains (a parish meeting's commission to restore a river sheepwash, a dermatology nurse
    # letter on an agricultural contractor's chronic urticaria, a canicross club's sessions, prices and rules, a village
    # trust's commission to restore a cast-iron telephone kiosk as a book exchange, a thyroid nurse letter on a farm
    # office manager's underactive thyroid and a fen Shire horse centre's sessions, prices and rules) and varied forms
    # (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and
    # bold-headed paragraphs), every category, a little under half true, written without running the judge on them.
    # val160 is open; val160h is held: aggregate figures only (specs/val160*.yaml).
    val160 = "val160"
    val160h = "val160h"
    # Session 42: a further fresh mixed pair, on branch pairs161 (its rows follow val160h's in cases.jsonl): six more
    # short documents in new domains (a parochial church council's commission to conserve a painted oak rood screen, a
    # cardiac nurse letter on a hill sheep farmer's stable angina, a letterboxing club's walks, prices and rules, a marsh
    # trust's commission to restore a timber drainage sluice, a sleep therapy letter on a school cook's chronic insomnia
    # and a sound mirror trust's walks, prices and rules) and varied forms (Markdown, HTML, tables, definition lists,
    # numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a
    # little under half true, written without running the judge on them. val161 is open; val161h is held: aggregate
    # figures only (specs/val161*.yaml).
    val161 = "val161"
    val161h = "val161h"
    # Session 42: a further fresh mixed pair, on branch pairs162 (its rows follow val161h's in cases.jsonl): six more
    # short documents in new domains (a parish meeting's commission to recut a village green's turf maze, an infection
    # nurse letter on a nature reserve warden's early Lyme disease, a Nordic walking club's walks, prices and rules, a
    # village trust's commission to restore a two-cell stone lock-up, an ear care nurse letter on a swimming teacher's
    # otitis externa and a meadow scything group's sessions, prices and rules) and varied forms (Markdown, HTML,
    # tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val162 is open; val162h is held: aggregate figures only (specs/val162*.yaml).
    val162 = "val162"
    val162h = "val162h"
    # Session 42: a further fresh mixed pair, on branch pairs163 (its rows follow val162h's in cases.jsonl): six more
    # short documents in new domains (an iron heritage society's commission to build a working bloomery furnace, a
    # skin care nurse letter on a postwoman's rosacea, a tree climbing club's climbs, prices and rules, a civic
    # society's commission to restore a promenade camera obscura, an infant feeding nurse letter on a veterinary
    # nurse's mastitis and a windsurfing club's sessions, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val163 is open; val163h is held: aggregate figures only (specs/val163*.yaml).
    val163 = "val163"
    val163h = "val163h"
    # Session 42: a further fresh mixed pair, on branch pairs164 (its rows follow val163h's in cases.jsonl): six more
    # short documents in new domains (a parish council's commission to restore the village stocks on a common, a
    # health protection nurse letter on a care home assistant's scabies, a pole-lathe club's sessions, prices and
    # rules, a smack trust's commission to make new sails for an oyster smack, a sports physiotherapy letter on a dog
    # walker's shin splints and an oyster company's tours, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val164 is open; val164h is held: aggregate figures only (specs/val164*.yaml).
    val164 = "val164"
    val164h = "val164h"
    # Session 42: a further fresh mixed pair, on branch pairs165 (its rows follow val164h's in cases.jsonl): six more
    # short documents in new domains (a village society's commission to restore a Jubilee toposcope on a hilltop, an
    # adolescent health nurse letter on a sixth-form student's glandular fever, a model glider club's slope soaring
    # sessions, prices and rules, a ferry trust's commission to build a new punt for a hand-hauled river ferry, a
    # urology nurse letter on a railway signaller's kidney stone and an asparagus farm's sessions, prices and rules)
    # and varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings,
    # bold-labelled lists and bold-headed paragraphs), every category, a little under half true, written without
    # running the judge on them.
    # val165 is open; val165h is held: aggregate figures only (specs/val165*.yaml).
    val165 = "val165"
    val165h = "val165h"
    # Session 42: a further fresh mixed pair, on branch pairs166 (its rows follow val165h's in cases.jsonl): six more
    # short documents in new domains (a village heritage group's commission to restore the village pinfold on a green, a
    # dermatology nurse letter on a sheep shearer's impetigo, a farm museum's harvest days, prices and rules, a marsh
    # trust's commission to restore a cast-iron lighthouse on the sands, a children's community nursing letter on a
    # 6-year-old's threadworms and a cockle walks company's sessions, prices and rules) and varied forms (Markdown,
    # HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val166 is open; val166h is held: aggregate figures only (specs/val166*.yaml).
    val166 = "val166"
    val166h = "val166h"
    # Session 42: a further fresh mixed pair, on branch pairs167 (its rows follow val166h's in cases.jsonl): six more
    # short documents in new domains (a village trust's commission to restore its eight-sided yarn market, a minor
    # injuries nurse letter on a thatcher's broken ribs, a fly fishing school's lessons, prices and rules, a harp
    # society's commission to build a Welsh triple harp, a physiotherapy letter on a lobster fisherman's
    # costochondritis and a sea salt works' sessions, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val167 is open; val167h is held: aggregate figures only (specs/val167*.yaml).
    val167 = "val167"
    val167h = "val167h"
    # Session 42: a further fresh mixed pair, on branch pairs168 (its rows follow val167h's in cases.jsonl): six more
    # short documents in new domains (a rowing club's commission to restore its tidal boathouse on oak piles, a hand
    # therapy letter on a commoner's mallet finger, a deer park's safaris, prices and rules, a pier trust's commission to
    # restore the timber waiting room at the head of a steamer pier, a children's assessment unit letter on a
    # 3-year-old's croup and an island e-bike company's routes, prices and rules) and varied forms (Markdown, HTML,
    # tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val168 is open; val168h is held: aggregate figures only (specs/val168*.yaml).
    val168 = "val168"
    val168h = "val168h"
    # Session 43: a further fresh mixed pair, on branch pairs169 (its rows follow val168h's in cases.jsonl): six more
    # short documents in new domains (a farm museum's commission to restore its 1836 horse gin and round gin house, a
    # minor injuries unit letter on a scalded hand, a dairy farm cheese school's sessions, prices and rules, an island
    # trust's commission to restore a granite coastguard watch house, a respiratory nursing letter on a boatman's
    # pneumonia and an island snorkelling company's sessions, prices and rules) and varied forms (Markdown, HTML,
    # tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val169 is open; val169h is held: aggregate figures only (specs/val169*.yaml).
    val169 = "val169"
    val169h = "val169h"
    # Session 43: a further fresh mixed pair, on branch pairs170 (its rows follow val169h's in cases.jsonl): six more
    # short documents in new domains (a village society's commission to restore a turnpike toll house, a colorectal
    # nurse letter on a drystone waller's diverticulitis, a silver band's learners' sessions, prices and rules, a
    # heritage group's commission to restore a herring smokehouse, an allergy nurse letter on a greenkeeper's hay fever
    # and a geology walks company's walks, prices and rules) and varied forms (Markdown, HTML, tables, definition lists,
    # numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a
    # little under half true, written without running the judge on them.
    # val170 is open; val170h is held: aggregate figures only (specs/val170*.yaml).
    val170 = "val170"
    val170h = "val170h"
    # Session 43: a further fresh mixed pair, on branch pairs172 (its rows follow val170h's in cases.jsonl): six more
    # short documents in new domains (a local history society's commission to conserve a parish tithe map, a fracture
    # clinic nurse letter on a canal boat hire manager's broken collarbone, a hill navigation club's sessions, prices
    # and rules, an old kirk trust's commission to restore an 1828 pine pulpit, an ENT nurse letter on a fish farm
    # worker's chronic sinusitis and a Highland dancing club's classes, prices and rules) and varied forms (Markdown,
    # HTML, tables, definition lists, numbered and bulleted lists under headings and bold-labelled lists), every
    # category, a little under half true, written without running the judge on them.
    # val172 is open; val172h is held: aggregate figures only (specs/val172*.yaml).
    val172 = "val172"
    val172h = "val172h"
    # Session 43: a further fresh mixed pair, on branch pairs171 (its rows follow val172h's in cases.jsonl): six more
    # short documents in new domains (a print room trust's commission to restore a Victorian Columbian hand press, a
    # stroke nurse letter on a retired harbour master's transient ischaemic attack, a beach yoga club's sessions, prices
    # and rules, a beach heritage group's commission to restore a Victorian bathing machine, an early pregnancy nurse
    # letter on a teacher's severe sickness in pregnancy and a basking shark watching company's boat trips, prices and
    # rules) and varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings,
    # bold-labelled lists and bold-headed paragraphs), every category, a little under half true, written without
    # running the judge on them.
    # val171 is open; val171h is held: aggregate figures only (specs/val171*.yaml).
    val171 = "val171"
    val171h = "val171h"
    # Session 43: a further fresh mixed pair, on branch pairs173 (its rows follow val171h's in cases.jsonl): six more
    # short documents in new domains (an observatory trust's commission to build a brass orrery, a minor injuries nurse
    # letter on a postwoman's dog bite to the hand, a geocaching club's guided trails, prices and rules, a township
    # heritage group's commission to conserve a whalebone arch, a bone health nurse letter on a tweed weaver's vitamin D
    # deficiency and an eagle watching company's walks, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val173 is open; val173h is held: aggregate figures only (specs/val173*.yaml).
    val173 = "val173"
    val173h = "val173h"
    # Session 43: a further fresh mixed pair, on branch pairs174 (its rows follow val173h's in cases.jsonl): six more
    # short documents in new domains (a shore pool association's commission to restore an Edwardian tidal bathing pool,
    # an endoscopy nurse letter on a joiner's duodenal ulcer from Helicobacter pylori, a Pictish symbol stone carving
    # workshop's sessions, prices and rules, an island trust's commission to restore an Edwardian fog signal, a public
    # health nurse letter on a fish plant packer's whooping cough and a yoal rowing club's sessions, prices and rules)
    # and varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings,
    # bold-labelled lists and bold-headed paragraphs), every category, a little under half true, written without
    # running the judge on them.
    # val174 is open; val174h is held: aggregate figures only (specs/val174*.yaml).
    val174 = "val174"
    val174h = "val174h"
    # Session 43: a further fresh mixed pair, on branch pairs176 (its rows follow val174h's in cases.jsonl): six more
    # short documents in new domains (a civic society's commission to restore a market town's Victorian gas street
    # lamps, a physiotherapy letter on a plasterer's golfer's elbow, a water-powered bobbin mill's tours, prices and
    # rules, an island heritage group's commission to restore a 1951 Ferguson tractor, a community children's nurse
    # letter on a boy's scalp ringworm and an island fiddle club's sessions, prices and rules) and varied forms
    # (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and
    # bold-headed paragraphs), every category, a little under half true, written without running the judge on them.
    # val176 is open; val176h is held: aggregate figures only (specs/val176*.yaml).
    val176 = "val176"
    val176h = "val176h"
    # Session 43: a further fresh mixed pair, on branch pairs175 (its rows follow val176h's in cases.jsonl): six more
    # short documents in new domains (a village green trust's commission to rebuild the thatched stack of sheep hurdles
    # kept for a sheep fair, a women's health nurse letter on a cheese shop assistant's recurrent cystitis, a handmade
    # paper mill's papermaking sessions, prices and rules, a pier heritage trust's commission to restore a Victorian tide
    # gauge, a thrombosis nurse letter on a lorry driver's deep vein thrombosis and a Gaelic waulking group's sessions,
    # prices and rules) and varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under
    # headings, bold-labelled lists and bold-headed paragraphs), every category, a little under half true, written
    # without running the judge on them.
    # val175 is open; val175h is held: aggregate figures only (specs/val175*.yaml).
    val175 = "val175"
    val175h = "val175h"
    # Session 44: a further fresh mixed pair, on branch pairs177 (its rows follow val175h's in cases.jsonl): six more
    # short documents in new domains (a glen walks trust's commission to restore the timber boardwalk of a gorge walk, a
    # respiratory physiotherapy letter on a school cook's bronchiectasis, a Gaelic football club's sessions, prices and
    # rules, an island statue committee's commission to restore a hillside marble statue, a physiotherapy letter on a
    # crofter's osteoarthritis of the knee and an island dye house's natural dyeing sessions, prices and rules) and
    # varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled
    # lists and bold-headed paragraphs), every category, a little under half true, written without running the judge
    # on them.
    # val177 is open; val177h is held: aggregate figures only (specs/val177*.yaml).
    val177 = "val177"
    val177h = "val177h"
    # Session 44: a further fresh mixed pair, on branch pairs178 (its rows follow val177h's in cases.jsonl): six more
    # short documents in new domains (a village reading room's commission to restore its full-size billiard table, a
    # fracture clinic nurse letter on a shepherd's broken scaphoid, a riverside brewhouse's tours, tastings, prices and
    # rules, an island church's commission to restore its harmonium, an island nurse letter on a crofter's
    # labyrinthitis and an island lobster boat's creel trips, prices and rules) and varied forms (Markdown, HTML,
    # tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val178 is open; val178h is held: aggregate figures only (specs/val178*.yaml).
    val178 = "val178"
    val178h = "val178h"
    # Session 44: a further fresh mixed pair, on branch pairs179 (its rows follow val178h's in cases.jsonl): six more
    # short documents in new domains (a re-enactment society's commission to build a replica medieval trebuchet, a
    # district nursing letter on a retired farmer's heel pressure ulcer, an old town gaol's tours, prices and rules, an
    # island public hall's commission to relay its sprung dance floor, a practice nurse letter on a toddler's
    # gastroenteritis and an island Gaelic circle's classes, prices and rules) and varied forms (Markdown, HTML,
    # tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val179 is open; val179h is held: aggregate figures only (specs/val179*.yaml).
    val179 = "val179"
    val179h = "val179h"
    # Session 44: a further fresh mixed pair, on branch pairs180 (its rows follow val179h's in cases.jsonl): six more
    # short documents in new domains (a show society's commission to restore its set of 1920s fairground swingboats, a
    # hand therapy letter on a joiner's skier's thumb, a river rafting centre's trips, prices and rules, an island hall
    # committee's commission to restore its piano accordion, an island community nurse letter on a crofter's
    # chilblains and an island rope club's abseiling sessions, prices and rules) and varied forms (Markdown, HTML,
    # tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val180 is open; val180h is held: aggregate figures only (specs/val180*.yaml).
    val180 = "val180"
    val180h = "val180h"
    # Session 44: a further fresh mixed pair, on branch pairs181 (its rows follow val180h's in cases.jsonl): six more
    # short documents in new domains (a carriage society's commission to restore a Victorian horse-drawn glass hearse,
    # a podiatry letter on a postwoman's hallux rigidus, a rounders club's sessions, prices and rules, an island village
    # hall committee's commission to restore its 1950s cinema projector, a practice nurse letter on a teenager's acne
    # and an island shore's beachcombing walks, prices and rules) and varied forms (Markdown, HTML, tables, definition
    # lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every
    # category, a little under half true, written without running the judge on them.
    # val181 is open; val181h is held: aggregate figures only (specs/val181*.yaml).
    val181 = "val181"
    val181h = "val181h"
    # Session 44: a further fresh mixed pair, on branch pairs182 (its rows follow val181h's in cases.jsonl): six more
    # short documents in new domains (a mission room trust's commission to restore a hillside corrugated-iron chapel, an
    # upper GI nurse letter on a bus driver's hiatus hernia, a mistletoe orchard's sessions, prices and rules, an
    # island church trust's commission to restore its kirk's box pews, an island nursing letter on a small girl's
    # chickenpox and an island beachcombing group's sessions, prices and rules) and varied forms (Markdown, HTML,
    # tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val182 is open; val182h is held: aggregate figures only (specs/val182*.yaml).
    val182 = "val182"
    val182h = "val182h"
    # Session 45: a further fresh mixed pair, on branch pairs183 (its rows follow val182h's in cases.jsonl): six more
    # short documents in new domains (a village garage trust's commission to restore a hand-cranked petrol pump, a
    # physiotherapy letter on a decorator's rotator cuff tendinopathy, a Highland games heavy events club's sessions,
    # prices and rules, an island heritage trust's commission to restore a Victorian pillar box, a school nurse's letter
    # on a girl's head lice and an island moth group's trap mornings, prices and rules) and varied forms (Markdown,
    # HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed
    # paragraphs), every category, a little under half true, written without running the judge on them.
    # val183 is open; val183h is held: aggregate figures only (specs/val183*.yaml).
    val183 = "val183"
    val183h = "val183h"
    # Session 45: a further fresh mixed pair, on branch pairs184 (its rows follow val183h's in cases.jsonl): six more
    # short documents in new domains (a heritage trust's commission to build a replica Iron Age roundhouse, a children's
    # physiotherapy letter on a girl's joint hypermobility, a village lacrosse club's sessions, prices and rules, an
    # island quarry trust's commission to restore a slate incline and its winding drum, a health visitor's letter on a
    # baby's colic and an island handball club's sessions, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val184 is open; val184h is held: aggregate figures only (specs/val184*.yaml).
    val184 = "val184"
    val184h = "val184h"
    # Session 45: a further fresh mixed pair, on branch pairs185 (its rows follow val184h's in cases.jsonl):
    # six more short documents in new domains (a bell restoration fund's commission to rehang a church's ring
    # of six bells, a physiotherapy letter on a postman's patellar tendinopathy, a heathland's reptile walks,
    # prices and rules, an island grazings committee's commission to build a stone sheep fank, a children's
    # physiotherapy letter on a girl's toe walking and an island felt studio's felting workshops, prices and
    # rules) and varied forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under
    # headings, bold-labelled lists and bold-headed paragraphs), every category, a little under half true,
    # written without running the judge on them.
    # val185 is open; val185h is held: aggregate figures only (specs/val185*.yaml).
    val185 = "val185"
    val185h = "val185h"
    # Session 45: a further fresh mixed pair, on branch pairs186 (its rows follow val185h's in cases.jsonl): six more
    # short documents in new domains (a shire hall trust's commission to restore a courtroom's dock and judge's bench, a
    # physiotherapy letter on a teenage runner's shin splints, a cyclo-cross club's sessions, prices and rules, an
    # island signal station trust's commission to restore its flagstaff, an island nurse's letter on a deckhand's
    # seasickness and an island's seabird photography walks, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val186 is open; val186h is held: aggregate figures only (specs/val186*.yaml).
    val186 = "val186"
    val186h = "val186h"
    # Session 45: a further fresh mixed pair, on branch pairs187 (its rows follow val186h's in cases.jsonl): six more
    # short documents in new domains (a timber floaters' society's commission to build two Spey currachs, a minor
    # injuries nurse's letter on a ski instructor's frostbitten fingers, a burn's gold panning sessions, prices and
    # rules, an island seaside heritage group's commission to restore three mutoscopes, an island physiotherapy letter
    # on a sailing instructor's dislocated shoulder and a seafront's quadricycle rides, prices and rules) and varied
    # forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists
    # and bold-headed paragraphs), every category, a little under half true, written without running the judge on them.
    # val187 is open; val187h is held: aggregate figures only (specs/val187*.yaml).
    val187 = "val187"
    val187h = "val187h"
    # Session 45: a further fresh mixed pair, on branch pairs188 (its rows follow val187h's in cases.jsonl): six more
    # short documents in new domains (a parish trust's commission to restore the granite milestones of a turnpike road,
    # a physiotherapy letter on a calf strain, a woodland charcoal burners' sessions, prices and rules,
    # an island heritage group's commission to restore a battery's two bronze cannon, an island practice nurse's letter
    # on bacterial conjunctivitis and an island botany circle's wild flower walks, prices and rules) and varied forms
    # (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and
    # bold-headed paragraphs), every category, a little under half true, written without running the judge on them.
    # val188 is open; val188h is held: aggregate figures only (specs/val188*.yaml).
    val188 = "val188"
    val188h = "val188h"
    # Session 46: a further fresh mixed pair, on branch pairs189 (its rows follow val188h's in cases.jsonl): six more
    # short documents in new domains (a deer group's commission to build a venison larder, a health centre nurse
    # specialist's letter on gallstones, a crofting township's peat-cutting days, prices and rules, an island walled
    # garden trust's commission to restore a Victorian vinery, an island skin nurse's letter on vitiligo and an island
    # boat company's whirlpool trips, prices and rules) and varied forms (Markdown, HTML, tables, definition lists,
    # numbered and bulleted lists under headings and bold-labelled lists), every category, a little under half true,
    # written without running the judge on them.
    # val189 is open; val189h is held: aggregate figures only (specs/val189*.yaml).
    val189 = "val189"
    val189h = "val189h"
    # Session 46: a further fresh mixed pair, on branch pairs190 (its rows follow val189h's in cases.jsonl): six more
    # short documents in new domains (a village cricket club's commission to restore its horse-drawn pitch roller, a
    # cardiovascular nurse's letter on high cholesterol, a stick dressers' club's sessions, prices and rules, an island
    # weather society's commission to build a Stevenson screen and restore its instruments, a maternity physiotherapy
    # letter on pelvic girdle pain in pregnancy and an island rag rug circle's sessions, prices and rules) and varied
    # forms (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and
    # bold-headed paragraphs), every category, a little under half true, written without running the judge on them.
    # val190 is open; val190h is held: aggregate figures only (specs/val190*.yaml).
    val190 = "val190"
    val190h = "val190h"
    # Session 46: a further fresh mixed pair, on branch pairs191 (its rows follow val190h's in cases.jsonl): six more
    # short documents in new domains (an old school trust's commission to restore the desks, blackboard and stove of a
    # Victorian schoolroom, a health visitor's letter on a baby's nappy rash, a lapidary club's pebble polishing
    # sessions, prices and rules, an island heritage group's commission to restore its manual fire pump, an island
    # nurse's letter on a broken little toe and an island shell art club's sessions, prices and rules) and varied forms
    # (Markdown, HTML, tables, definition lists, numbered and bulleted lists under headings, bold-labelled lists and
    # bold-headed sentences), every category, a little under half true, written without running the judge on them.
    # val191 is open; val191h is held: aggregate figures only (specs/val191*.yaml).
    val191 = "val191"
    val191h = "val191h"
    # Session 46: a further fresh mixed pair, on branch pairs192 (its rows follow val191h's in cases.jsonl): six more
    # short documents in new domains (an eisteddfod committee's commission to carve an oak bardic chair, a community
    # nursing letter on night-time leg cramps, a fungus group's autumn forays, prices and rules, an island heritage
    # group's commission to restore a drontheim fishing boat, an island children's nurse's letter on scarlet fever and
    # an island bodhran club's sessions, prices and rules) and varied forms (Markdown, HTML, tables, definition lists,
    # numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a
    # little under half true, written without running the judge on them.
    # val192 is open; val192h is held: aggregate figures only (specs/val192*.yaml).
    val192 = "val192"
    val192h = "val192h"
    # Session 46: a further fresh mixed pair, on branch pairs193 (its rows follow val192h's in cases.jsonl), on six
    # short documents in new domains (a village players' commission to paint a stage backcloth, a children's
    # physiotherapy letter on Sever's disease, a wildlife trust's red squirrel hide sessions, prices and rules, a sailing
    # club's commission to carve an oak honours board, a colorectal nurse's letter on an anal fissure and a kite school's
    # kitesurfing lessons, prices and rules) and varied forms (Markdown, HTML, tables, definition lists, numbered and
    # bulleted lists under headings and bold-labelled lists), every category, a little under half true, written without
    # running the judge on them.
    # val193 is open; val193h is held: aggregate figures only (specs/val193*.yaml).
    val193 = "val193"
    val193h = "val193h"
    # Session 46: a further fresh mixed pair, on branch pairs194 (its rows follow val193h's in cases.jsonl): six more
    # short documents in new domains (an orchard trust's commission to rebuild a wall of bee boles and fill them with
    # straw skeps, a children's community nursing letter on a baby's bronchiolitis, a jam kitchen's jam-making sessions,
    # prices and rules, a seafront arcade's commission to restore its neon sign, a practice nurse's letter on recurrent
    # cold sores and an island jazz club's sessions, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val194 is open; val194h is held: aggregate figures only (specs/val194*.yaml).
    val194 = "val194"
    val194h = "val194h"
    # Session 46: a further fresh mixed pair, on branch pairs196 (its rows follow val194h's in cases.jsonl): six more
    # short documents in new domains (a village trust's commission to restore a timber water-bucket pumping engine, a
    # community hospital physiotherapy letter on a bruised tailbone, a toboggan club's brae sessions, prices and rules,
    # an island heritage centre's commission to restore a threshing drum, a podiatrist's letter on athlete's foot and a
    # stilt walkers' club's sessions, prices and rules) and varied forms (Markdown, HTML, tables, definition lists,
    # numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a
    # little under half true, written without running the judge on them.
    # val196 is open; val196h is held: aggregate figures only (specs/val196*.yaml).
    val196 = "val196"
    val196h = "val196h"
    # Session 46: a further fresh mixed pair, on branch pairs195 (its rows follow val196h's in cases.jsonl): six more
    # short documents in new domains (a kirk heritage group's commission to restore three funeral hatchments, a health
    # visiting team's letter on a baby's cradle cap, a hill farm's lambing days, sessions, prices and rules, a seaside
    # amusement park's commission to restore its wooden helter-skelter, a practice nurse's letter on a child's molluscum
    # contagiosum and a shore club's rock pooling sessions, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val195 is open; val195h is held: aggregate figures only (specs/val195*.yaml).
    val195 = "val195"
    val195h = "val195h"
    # Session 47: a further fresh mixed pair, on branch pairs198 (its rows follow val195h's in cases.jsonl): six more
    # short documents in new domains (a life-saving heritage group's commission to restore a coastguard rocket apparatus
    # cart, a physiotherapist's letter on a Baker's cyst behind the knee, a sand sculpture school's sessions, prices and
    # rules, a folk collection's commission to restore an oak spinning wheel, a GP's letter on removing a sebaceous cyst
    # and a mountain boarding centre's sessions, prices and rules) and varied forms (Markdown, HTML, tables, definition
    # lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every
    # category, a little under half true, written without running the judge on them.
    # val198 is open; val198h is held: aggregate figures only (specs/val198*.yaml).
    val198 = "val198"
    val198h = "val198h"
    # Session 47: a further fresh mixed pair, on branch pairs197 (its rows follow val198h's in cases.jsonl): six more
    # short documents in new domains (a distillery heritage trust's commission to restore a brass-and-glass spirit
    # safe, a community hospital physiotherapy letter on iliotibial band syndrome, a sea swimming club's sessions,
    # prices and rules, a kirkyard trust's commission to restore two iron mortsafes, a GP's letter on meralgia
    # paraesthetica and a gundog club's training sessions, prices and rules) and varied forms (Markdown, HTML, tables,
    # definition lists, numbered and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs),
    # every category, a little under half true, written without running the judge on them.
    # val197 is open; val197h is held: aggregate figures only (specs/val197*.yaml).
    val197 = "val197"
    val197h = "val197h"
    # Session 47: a further fresh mixed pair, on branch pairs200 (its rows follow val197h's in cases.jsonl): six more
    # short documents in new domains (a heritage society's commission to restore a shepherd's pine box bed, a GP's
    # letter on pityriasis rosea, a map and compass club's sessions, prices and rules, a mining heritage trust's
    # commission to restore an iron lead-mine ore tub, a health centre podiatrist's letter on a hammer toe and a fly
    # casting school's sessions, prices and rules) and varied forms (Markdown, HTML, tables, definition lists, numbered
    # and bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a little under
    # half true, written without running the judge on them.
    # val200 is open; val200h is held: aggregate figures only (specs/val200*.yaml).
    val200 = "val200"
    val200h = "val200h"
    # Session 47: a further fresh mixed pair, on branch pairs199 (its rows follow val200h's in cases.jsonl): six more
    # short documents in new domains (a town museum trust's commission to restore a ship's binnacle, a dental
    # practice's letter on a dry socket, a whippet racing club's sessions, prices and rules, a kirk heritage group's
    # commission to make an oak meal kist, a health centre physiotherapy letter on a sprained wrist and a duathlon
    # club's sessions, prices and rules) and varied forms (Markdown, HTML, tables, definition lists, numbered and
    # bulleted lists under headings, bold-labelled lists and bold-headed paragraphs), every category, a little under
    # half true, written without running the judge on them.
    # val199 is open; val199h is held: aggregate figures only (specs/val199*.yaml).
    val199 = "val199"
    val199h = "val199h"

# Splits a "--split all" run leaves out: val2, val3, val4 and the held twins (val5h ... val32h, val31h, val33h, val34h,
# val35h, val36h, val37h, val38h, val39h, val40h, val41h, val42h, val43h, val44h, val45h, val46h, val47h, val48h,
# val49h, val50h, val51h, val52h, val53h, val54h, val55h, val56h, val57h, val58h, val59h, val60h, val61h, val62h,
# val63h, val64h, val65h, val66h, val67h, val68h, val69h, val70h, val71h, val72h, val73h, val74h, val75h, val76h,
# val77h, val78h, val79h, val80h, val81h, val82h, val83h, val84h, val85h, val86h, val87h, val88h, val89h, val90h,
# val91h, val92h, val93h, val94h, val95h, val96h, val97h, val98h, val99h, val100h, val101h, val103h, val102h, val104h,
# val105h, val106h, val107h, val108h, val109h, val110h, val111h, val112h, val113h, val115h, val114h, val117h, val116h,
# val118h, val119h, val120h, val121h, val122h, val123h, val124h, val125h, val126h, val127h, val128h, val129h, val130h,
# val131h, val132h, val133h, val134h, val135h, val136h, val137h, val138h, val139h, val140h, val141h, val142h, val144h,
# val143h, val146h, val145h, val147h, val148h, val149h, val150h, val151h, val153h, val152h, val154h, val155h,
# val156h, val157h, val158h, val159h, val160h, val161h, val162h, val163h, val164h, val165h, val166h, val167h, val168h,
# val169h, val170h, val172h, val171h, val173h, val174h, val176h, val175h, val177h, val178h, val179h, val180h, val181h,
# val182h, val183h, val184h, val185h, val186h, val187h, val188h, val189h, val190h, val191h, val192h, val193h,
# val194h, val196h, val195h, val198h, val197h, val200h, val199h) are read only when named, so that a run over everything (and its --fails listing) never shows their cases
# to someone tuning the judge.
BLIND_SPLITS = frozenset(
    {
        Split.val2, Split.val3, Split.val4, Split.val5h, Split.val6h, Split.val7h, Split.val8h, Split.val9h,
        Split.val10h, Split.val11h, Split.val12h, Split.val13h, Split.val14h,
        Split.val15h, Split.val16h, Split.val17h, Split.val18h, Split.val19h, Split.val20h, Split.val21h,
        Split.val22h, Split.val23h, Split.val24h, Split.val25h, Split.val27h, Split.val26h,
        Split.val28h, Split.val29h, Split.val30h, Split.val32h, Split.val31h, Split.val33h, Split.val34h,
        Split.val35h, Split.val36h, Split.val37h, Split.val38h, Split.val39h, Split.val40h, Split.val41h,
        Split.val42h, Split.val43h, Split.val44h, Split.val45h, Split.val46h, Split.val47h,
        Split.val48h, Split.val49h, Split.val50h, Split.val51h, Split.val52h, Split.val53h, Split.val54h,
        Split.val55h, Split.val56h, Split.val57h, Split.val58h, Split.val59h, Split.val60h, Split.val61h,
        Split.val62h, Split.val63h, Split.val64h, Split.val65h, Split.val66h, Split.val67h, Split.val68h,
        Split.val69h, Split.val70h, Split.val71h, Split.val72h, Split.val73h, Split.val74h, Split.val75h,
        Split.val76h, Split.val77h, Split.val78h, Split.val79h, Split.val80h, Split.val81h,
        Split.val82h, Split.val83h, Split.val84h, Split.val85h, Split.val86h, Split.val87h,
        Split.val88h, Split.val89h, Split.val90h, Split.val91h, Split.val92h, Split.val93h,
        Split.val94h, Split.val95h, Split.val96h, Split.val97h, Split.val98h, Split.val99h,
        Split.val100h, Split.val101h,
        Split.val103h, Split.val102h,
        Split.val104h, Split.val105h, Split.val106h, Split.val107h,
        Split.val108h, Split.val109h, Split.val110h, Split.val111h,
        Split.val112h, Split.val113h, Split.val115h, Split.val114h, Split.val117h, Split.val116h,
        Split.val118h, Split.val119h,
        Split.val120h,
        Split.val121h,
        Split.val122h,
        Split.val123h,
        Split.val124h,
        Split.val125h,
        Split.val126h,
        Split.val127h,
        Split.val128h,
        Split.val129h,
        Split.val130h,
        Split.val131h,
        Split.val132h,
        Split.val133h,
        Split.val134h,
        Split.val135h,
        Split.val136h,
        Split.val137h,
        Split.val138h,
        Split.val139h,
        Split.val140h,
        Split.val141h,
        Split.val142h,
        Split.val144h,
        Split.val143h,
        Split.val146h,
        Split.val145h,
        Split.val147h,
        Split.val148h,
        Split.val149h,
        Split.val150h,
        Split.val151h,
        Split.val153h,
        Split.val152h,
        Split.val154h,
        Split.val155h,
        Split.val156h,
        Split.val157h,
        Split.val158h,
        Split.val159h,
        Split.val160h,
        Split.val161h,
        Split.val162h,
        Split.val163h,
        Split.val164h,
        Split.val165h,
        Split.val166h,
        Split.val167h,
        Split.val168h,
        Split.val169h,
        Split.val170h,
        Split.val172h,
        Split.val171h,
        Split.val173h,
        Split.val174h,
        Split.val176h,
        Split.val175h,
        Split.val177h,
        Split.val178h,
        Split.val179h,
        Split.val180h,
        Split.val181h,
        Split.val182h,
        Split.val183h,
        Split.val184h,
        Split.val185h,
        Split.val186h,
        Split.val187h,
        Split.val188h,
        Split.val189h,
        Split.val190h,
        Split.val191h,
        Split.val192h,
        Split.val193h,
        Split.val194h,
        Split.val196h,
        Split.val195h,
        Split.val198h,
        Split.val197h,
        Split.val200h,
        Split.val199h,
    }
)


class Category(str, Enum):
    number_misbinding = "number_misbinding"
    unit_scale_change = "unit_scale_change"
    ranges = "ranges"
    entity_swap_role = "entity_swap_role"
    negation = "negation"
    modality_quantifier = "modality_quantifier"
    dates = "dates"
    unsupported_addition = "unsupported_addition"
    yes_no_without_evidence = "yes_no_without_evidence"
    correct_paraphrase = "correct_paraphrase"
    correct_inference = "correct_inference"
    off_topic_fabrication = "off_topic_fabrication"


# Categories whose every case is a true claim, and those whose every case is a false one.
TRUE_ONLY = frozenset({Category.correct_paraphrase, Category.correct_inference})
FALSE_ONLY = frozenset(
    {Category.unsupported_addition, Category.yes_no_without_evidence, Category.off_topic_fabrication}
)


class HardCase(BaseModel):
    """One line of cases.jsonl, as written (ragtruth passages not yet loaded)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    source: CaseSource
    doc: str = Field(min_length=1)  # repo-relative path (kb, written) or the RAGTruth source_id
    passages: list[str] = Field(default_factory=list)
    source_id: str | None = None
    question: str = ""
    claim: str = Field(min_length=1)
    truth: Truth
    expected: SupportLabel
    category: Category
    split: Split
    why: str = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> HardCase:
        if (self.truth is Truth.true) != (self.expected is SupportLabel.supported):
            raise ValueError(
                f"truth {self.truth.value!r} does not fit expected {self.expected.value!r}: a true claim "
                "expects 'supported', a false one 'unsupported' or 'contradicted'"
            )
        if self.category in TRUE_ONLY and self.truth is Truth.false:
            raise ValueError(f"category {self.category.value!r} holds true claims only")
        if self.category in FALSE_ONLY and self.truth is Truth.true:
            raise ValueError(f"category {self.category.value!r} holds false claims only")
        if self.source is CaseSource.ragtruth:
            if self.passages or self.source_id is None:
                raise ValueError(
                    "a ragtruth case names 'source_id' and stores no 'passages' (they load at run time)"
                )
            if self.doc != self.source_id:
                raise ValueError("a ragtruth case's 'doc' is its 'source_id'")
        else:
            if not self.passages or not all(p.strip() for p in self.passages):
                raise ValueError(f"a {self.source.value} case needs non-empty inline 'passages'")
            if self.source_id is not None:
                raise ValueError(f"a {self.source.value} case has no 'source_id'; name its file in 'doc'")
        return self


class ResolvedCase(BaseModel):
    """A case with its passages (and question) in hand, ready for :func:`guard.verify`."""

    case: HardCase
    question: str
    passages: list[str]


def load_hardcases(path: str | Path = CASES_PATH) -> list[HardCase]:
    """Read a hard-case file; a bad line is an error naming the file, the line and the problem."""
    file = Path(path)
    if not file.is_file():
        raise InputError(
            f"Hard-case file {file} does not exist: give a JSONL file (benchmarks/hardcases/cases.jsonl)."
        )
    cases: list[HardCase] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            case = HardCase.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise InputError(f"{file}:{number}: not JSON ({exc.msg} at column {exc.colno}).") from exc
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(p) for p in error["loc"]) or "case"
            raise InputError(f"{file}:{number}: bad hard case ({where}: {error['msg']}).") from exc
        if case.id in seen:
            raise InputError(
                f"{file}:{number}: id {case.id!r} repeats line {seen[case.id]}; ids must be unique."
            )
        seen[case.id] = number
        cases.append(case)
    if not cases:
        raise InputError(f"Hard-case file {file} has no cases.")
    return cases


def resolve_cases(
    cases: Sequence[HardCase],
    *,
    repo_root: str | Path = REPO_ROOT,
    data_dir: str | Path = DEFAULT_DATA_DIR,
) -> list[ResolvedCase]:
    """Attach passages: check inline ones against their document, load RAGTruth ones by source_id."""
    root = Path(repo_root)
    needed = {c.source_id for c in cases if c.source is CaseSource.ragtruth}
    source_info = Path(data_dir) / "ragtruth" / "source_info.jsonl"
    sources = _ragtruth_qa_sources(source_info, needed) if needed else {}
    docs: dict[str, str] = {}
    resolved = []
    for case in cases:
        if case.source is CaseSource.ragtruth:
            question, passages = sources[case.source_id or ""]
            resolved.append(ResolvedCase(case=case, question=case.question or question, passages=passages))
            continue
        if case.doc not in docs:
            docs[case.doc] = _read_doc(root, case)
        text = _squash(docs[case.doc])
        for i, passage in enumerate(case.passages):
            if _squash(passage) not in text:
                raise InputError(
                    f"case {case.id}: passages[{i}] is not a verbatim excerpt of {case.doc} "
                    f"(starts {passage[:60]!r}); copy it from the document."
                )
        resolved.append(ResolvedCase(case=case, question=case.question, passages=list(case.passages)))
    return resolved


def _read_doc(root: Path, case: HardCase) -> str:
    path = root / case.doc
    if not path.is_file():
        raise InputError(f"case {case.id}: doc {case.doc!r} is not a file under {root}.")
    return path.read_text(encoding="utf-8")


def _squash(text: str) -> str:
    # Excerpts may rewrap lines; whitespace runs are not part of what a passage says.
    return " ".join(text.split())


def _ragtruth_qa_sources(path: Path, needed: set[str | None]) -> dict[str, tuple[str, list[str]]]:
    from guard.eval.ragtruth import split_passages

    if not path.is_file():
        raise InputError(
            f"RAGTruth file {path} is missing: the ragtruth hard cases load their passages from it "
            "(pass data_dir pointing at the folder that holds ragtruth/source_info.jsonl)."
        )
    found: dict[str, tuple[str, list[str]]] = {}
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("source_id") not in needed:
                continue
            if row.get("task_type") != "QA":
                raise InputError(
                    f"{path}:{number}: source {row['source_id']} is {row.get('task_type')}, not QA."
                )
            info = row["source_info"]
            found[row["source_id"]] = (info["question"], split_passages(info["passages"]))
    missing = sorted(str(s) for s in needed - set(found))
    if missing:
        raise InputError(
            f"{path}: no RAGTruth source with id {', '.join(missing)}; check the cases' source_id."
        )
    return found


# --- running and scoring -------------------------------------------------------------------------

_SEVERITY = {SupportLabel.supported: 0, SupportLabel.unsupported: 1, SupportLabel.contradicted: 2}


class CaseOutcome(BaseModel):
    id: str
    source: CaseSource
    category: Category
    split: Split
    truth: Truth
    expected: SupportLabel
    predicted: SupportLabel
    support: float | None  # the lowest claim support, None when no claim was judged
    claims: int  # how many claims verify() split the sentence into
    latency_ms: float

    @property
    def predicted_false(self) -> bool:
        return self.predicted is not SupportLabel.supported

    @classmethod
    def of(cls, case: HardCase, verification: Verification, latency_ms: float) -> CaseOutcome:
        """The outcome of ``case`` as ``verification`` judged it."""
        return cls.judged(
            case,
            predicted_label(verification),
            support=min((v.support for v in verification.claims), default=None),
            claims=len(verification.claims),
            latency_ms=latency_ms,
        )

    @classmethod
    def judged(
        cls, case: HardCase, predicted: SupportLabel, support: float | None, claims: int = 1, latency_ms: float = 0.0
    ) -> CaseOutcome:
        """The outcome of ``case`` given a label reached some other way (the judge alone, without ``verify()``)."""
        return cls(
            id=case.id, source=case.source, category=case.category, split=case.split, truth=case.truth,
            expected=case.expected, predicted=predicted, support=support, claims=claims, latency_ms=latency_ms,
        )


def worst_claim(verification: Verification) -> ClaimVerdict | None:
    """The claim verdict that decides the case's label: the first of the most severe; None without claims."""
    return max(verification.claims, key=lambda v: _SEVERITY[v.label], default=None)


def predicted_label(verification: Verification) -> SupportLabel:
    """The case's label: the worst label over its claims; no claim at all counts as unsupported.

    A single-claim answer may still be split into two claims; a wrong half makes it wrong.
    An answer the verifier found nothing to check in was not shown to be supported.
    """
    worst = worst_claim(verification)
    return SupportLabel.unsupported if worst is None else worst.label


E = TypeVar("E", bound=Enum)
VerifyFn = Callable[..., Verification]


def run_cases(
    cases: Iterable[ResolvedCase],
    *,
    verifiers: Sequence[str] | None = None,
    verify_fn: VerifyFn | None = None,
    progress: Callable[[Iterable[ResolvedCase]], Iterable[ResolvedCase]] | None = None,
) -> list[CaseOutcome]:
    """Verify every case's claim against its passages (``verify_fn`` defaults to :func:`guard.verify`)."""
    if verify_fn is None:
        from guard.verifiers.api import verify as verify_fn
    items = progress(cases) if progress is not None else cases
    outcomes = []
    for item in items:
        start = time.perf_counter()
        verification = verify_fn(
            question=item.question, contexts=item.passages, answer=item.case.claim, verifiers=verifiers
        )
        elapsed = (time.perf_counter() - start) * 1000
        outcomes.append(CaseOutcome.of(item.case, verification, elapsed))
    return outcomes


class GroupMetrics(BaseModel):
    """Figures over one group of outcomes; a rate is None when its denominator is empty."""

    cases: int
    false_claims: int
    true_claims: int
    accuracy: float  # predicted false == truth false
    balanced_accuracy: float | None  # mean of TPR on false claims and TNR on true claims
    tpr_false: float | None  # share of false claims predicted not supported
    fpr_true: float | None  # share of true claims predicted not supported
    contradicted_recall: float | None  # share of expected-contradicted labelled contradicted
    # Threshold-free: AUROC of (1 - support) for telling false claims from true ones
    # (cases with a judged claim only; None without both kinds).
    support_auroc: float | None
    # confusion[expected][predicted] = count, every label present.
    confusion: dict[SupportLabel, dict[SupportLabel, int]]


class HardcaseReport(BaseModel):
    verifiers: list[str] | None  # None = verify()'s defaults
    splits: list[Split]
    overall: GroupMetrics
    by_split: dict[Split, GroupMetrics]
    by_category: dict[Category, GroupMetrics]
    by_source: dict[CaseSource, GroupMetrics]
    latency_p50_ms: float
    outcomes: list[CaseOutcome]


def group_metrics(outcomes: Sequence[CaseOutcome]) -> GroupMetrics:
    false = [o for o in outcomes if o.truth is Truth.false]
    true = [o for o in outcomes if o.truth is Truth.true]
    tpr = _share(o.predicted_false for o in false)
    fpr = _share(o.predicted_false for o in true)
    balanced = None if tpr is None or fpr is None else (tpr + (1.0 - fpr)) / 2
    confusion = {e: {p: 0 for p in SupportLabel} for e in SupportLabel}
    for o in outcomes:
        confusion[o.expected][o.predicted] += 1
    return GroupMetrics(
        cases=len(outcomes),
        false_claims=len(false),
        true_claims=len(true),
        accuracy=_share(o.predicted_false == (o.truth is Truth.false) for o in outcomes) or 0.0,
        balanced_accuracy=balanced,
        tpr_false=tpr,
        fpr_true=fpr,
        contradicted_recall=_share(
            o.predicted is SupportLabel.contradicted
            for o in outcomes
            if o.expected is SupportLabel.contradicted
        ),
        confusion=confusion,
        support_auroc=_support_auroc(outcomes),
    )


def _support_auroc(outcomes: Sequence[CaseOutcome]) -> float | None:
    judged = [o for o in outcomes if o.support is not None]
    labels = [o.truth is Truth.false for o in judged]
    if all(labels) or not any(labels):
        return None
    from sklearn.metrics import roc_auc_score

    return float(roc_auc_score(labels, [1.0 - (o.support or 0.0) for o in judged]))


def summarise(outcomes: Sequence[CaseOutcome], verifiers: Sequence[str] | None = None) -> HardcaseReport:
    """Overall, per-split, per-category and per-source figures of a run."""
    if not outcomes:
        raise InputError("No hard-case outcomes to summarise: the selected split holds no cases.")
    latencies = sorted(o.latency_ms for o in outcomes)
    return HardcaseReport(
        verifiers=list(verifiers) if verifiers is not None else None,
        splits=sorted({o.split for o in outcomes}, key=list(Split).index),
        overall=group_metrics(outcomes),
        by_split=_grouped(outcomes, lambda o: o.split, Split),
        by_category=_grouped(outcomes, lambda o: o.category, Category),
        by_source=_grouped(outcomes, lambda o: o.source, CaseSource),
        latency_p50_ms=latencies[len(latencies) // 2],
        outcomes=list(outcomes),
    )


def _grouped(
    outcomes: Sequence[CaseOutcome], key: Callable[[CaseOutcome], E], members: type[E]
) -> dict[E, GroupMetrics]:
    groups: dict[E, GroupMetrics] = {}
    for member in members:
        chosen = [o for o in outcomes if key(o) is member]
        if chosen:
            groups[member] = group_metrics(chosen)
    return groups


def _share(flags: Iterable[bool]) -> float | None:
    values = list(flags)
    return sum(values) / len(values) if values else None
