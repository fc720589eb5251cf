"""The judge's hard-case set (benchmarks/hardcases) and its runner (guard/eval/hardcases.py).

The real set is only loaded and checked here; running the judge on it is a benchmark
(benchmarks/hardcases.py), not a test. The metrics are checked on tiny synthetic outcomes.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from guard.errors import InputError
from guard.eval.hardcases import (
    BLIND_SPLITS,
    CASES_PATH,
    FALSE_ONLY,
    TRUE_ONLY,
    CaseOutcome,
    CaseSource,
    Category,
    HardCase,
    ResolvedCase,
    Split,
    Truth,
    group_metrics,
    load_hardcases,
    predicted_label,
    resolve_cases,
    run_cases,
    summarise,
)
from guard.verifiers.types import Claim, ClaimVerdict, SupportLabel, Verification
from tests.scripts import load_script

DATA_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_ragtruth = pytest.mark.skipif(
    not (DATA_DIR / "ragtruth" / "source_info.jsonl").is_file(), reason="needs ../shared/data/ragtruth"
)

# every split written after dev and test, in the order build.py appends them (Split's order)
LATER_SPLITS = [s for s in Split if s not in (Split.dev, Split.test)]


@pytest.fixture(scope="module")
def cases() -> list[HardCase]:
    return load_hardcases()


def test_the_set_is_large_enough_and_every_category_is_covered(cases):
    assert len(cases) >= 300
    per_category = Counter(c.category for c in cases)
    assert set(per_category) == set(Category)
    assert min(per_category.values()) >= 20, per_category
    assert len({c.id for c in cases}) == len(cases)


def test_every_source_is_used_and_both_truths_appear_where_a_category_allows(cases):
    assert {c.source for c in cases} == set(CaseSource)
    written_docs = {c.doc for c in cases if c.source is CaseSource.written}
    assert len(written_docs) >= 8
    for category in Category:
        truths = {c.truth for c in cases if c.category is category}
        if category in {Category.correct_paraphrase, Category.correct_inference}:
            assert truths == {Truth.true}
        elif category in {
            Category.unsupported_addition,
            Category.yes_no_without_evidence,
            Category.off_topic_fabrication,
        }:
            assert truths == {Truth.false}
        else:
            assert truths == {Truth.true, Truth.false}, category


def test_the_split_is_by_document_and_about_a_third_is_test(cases):
    splits_of_doc: dict[str, set[Split]] = {}
    for case in cases:
        splits_of_doc.setdefault(case.doc, set()).add(case.split)
    mixed = {doc: s for doc, s in splits_of_doc.items() if len(s) > 1}
    assert not mixed
    dev_and_test = [c for c in cases if c.split in (Split.dev, Split.test)]  # val, val2, val3, val4: own documents
    test_share = sum(c.split is Split.test for c in dev_and_test) / len(dev_and_test)
    assert 0.25 <= test_share <= 0.40
    for category in Category:  # every category can be reported on test
        assert any(c.split is Split.test and c.category is category for c in cases), category


HELD_OUT = [(Split.val, 120), (Split.val2, 300), (Split.val3, 300), (Split.val4, 500)]  # each split, its least number of cases


@pytest.mark.parametrize(("split", "least"), HELD_OUT)
def test_val_is_a_generalisation_check_on_documents_of_its_own(cases, split, least):
    val = [c for c in cases if c.split is split]
    assert len(val) >= least
    val_docs = {c.doc for c in val}
    other_docs = {c.doc for c in cases if c.split is not split}
    assert len(val_docs) >= 5 and not val_docs & other_docs
    assert all(c.source is CaseSource.written for c in val)
    assert {c.category for c in val} == set(Category)  # every category, and both truths where allowed
    for category in set(Category) - TRUE_ONLY - FALSE_ONLY:
        assert {c.truth for c in val if c.category is category} == {Truth.true, Truth.false}, category
    assert sum(c.truth is Truth.true for c in val) / len(val) >= 0.40  # true claims are the FPR check
    assert {c.expected for c in val} == set(SupportLabel)


VALUE_CATEGORIES = {  # what val6 / val6h were written for (issue 11, values and alignment)
    Category.ranges, Category.number_misbinding, Category.entity_swap_role,
    Category.correct_inference, Category.correct_paraphrase,
}


@pytest.mark.parametrize("split", [Split.val6, Split.val6h])
def test_the_value_splits_cover_values_roles_inferences_and_paraphrases(cases, split):
    held = [c for c in cases if c.split is split]
    assert len(held) >= 45 and len({c.doc for c in held}) >= 3
    assert not {c.doc for c in held} & {c.doc for c in cases if c.split is not split}
    assert {c.category for c in held} == VALUE_CATEGORIES
    for category in (Category.ranges, Category.number_misbinding, Category.entity_swap_role):
        assert {c.truth for c in held if c.category is category} == {Truth.true, Truth.false}, category


INFERENCE_CATEGORIES = {Category.correct_inference, Category.correct_paraphrase}


@pytest.mark.parametrize("split", [Split.val7, Split.val7h])
def test_the_inference_splits_pair_true_inferences_with_false_near_misses(cases, split):
    # val7 / val7h (issue 11, one-step inferences): mostly true inferences and paraphrases, balanced by
    # false claims of the same shape, on documents of their own.
    held = [c for c in cases if c.split is split]
    assert len(held) >= 60 and len({c.doc for c in held}) >= 3
    assert not {c.doc for c in held} & {c.doc for c in cases if c.split is not split}
    assert sum(c.category in INFERENCE_CATEGORIES for c in held) / len(held) >= 0.5
    assert 0.4 <= sum(c.truth is Truth.true for c in held) / len(held) <= 0.65


ROLE_RANGE_CATEGORIES = {Category.entity_swap_role, Category.ranges, Category.correct_paraphrase}


@pytest.mark.parametrize("split", [Split.val8, Split.val8h])
def test_the_role_and_range_splits_cover_both_truths(cases, split):
    # val8 / val8h (issue 11, session 10): entity/role swaps and ranges, true counterparts for each
    held = [c for c in cases if c.split is split]
    assert len(held) >= 60 and len({c.doc for c in held}) >= 3
    assert {c.category for c in held} == ROLE_RANGE_CATEGORIES
    for category in (Category.entity_swap_role, Category.ranges):
        assert {c.truth for c in held if c.category is category} == {Truth.true, Truth.false}, category


@pytest.mark.parametrize("split", [Split.val9, Split.val9h])
def test_the_range_splits_cover_both_truths(cases, split):
    # val9 / val9h (issue 11, session 10): ranges only, bands and bounds, true and false in balance
    held = [c for c in cases if c.split is split]
    assert len(held) >= 50 and len({c.doc for c in held}) == 2
    assert {c.category for c in held} == {Category.ranges}
    assert 0.4 <= sum(c.truth is Truth.true for c in held) / len(held) <= 0.6


def _own_split(cases, split, at_least: int, docs: int):
    """The split's cases, after checking it has enough of them on documents no other split uses."""
    held = [c for c in cases if c.split is split]
    assert len(held) >= at_least and len({c.doc for c in held}) == docs
    assert not {c.doc for c in held} & {c.doc for c in cases if c.split is not split}
    return held


NEGATION_CATEGORIES = {Category.negation, Category.correct_paraphrase}


@pytest.mark.parametrize("split", [Split.val10, Split.val10h])
def test_the_negation_splits_balance_true_and_false_negations(cases, split):
    # val10 / val10h (issue 11, session 11): mostly negation claims, both truths, on documents of their own
    held = _own_split(cases, split, at_least=60, docs=3)
    assert {c.category for c in held} == NEGATION_CATEGORIES
    assert sum(c.category is Category.negation for c in held) / len(held) >= 0.8
    assert {c.truth for c in held if c.category is Category.negation} == {Truth.true, Truth.false}
    assert 0.4 <= sum(c.truth is Truth.true for c in held) / len(held) <= 0.6


FALSE_ALARM_CATEGORIES = {Category.correct_paraphrase, Category.correct_inference}


@pytest.mark.parametrize("split", [Split.val11, Split.val11h])
def test_the_false_alarm_splits_are_mostly_true_claims_with_false_twins(cases, split):
    # val11 / val11h (issue 11, session 11): about two thirds true claims of the kinds the judge flags
    # wrongly, the rest false claims of the same shape, so that passing everything cannot win.
    held = _own_split(cases, split, at_least=60, docs=3)
    assert sum(c.category in FALSE_ALARM_CATEGORIES for c in held) / len(held) >= 0.4
    assert 0.55 <= sum(c.truth is Truth.true for c in held) / len(held) <= 0.7
    assert {c.expected for c in held} == set(SupportLabel)


@pytest.mark.parametrize(
    "split",
    [
        Split.val12, Split.val12h, Split.val13, Split.val13h, Split.val14, Split.val14h, Split.val15, Split.val15h,
        Split.val16, Split.val16h, Split.val17, Split.val17h, Split.val18, Split.val18h, Split.val19,
        Split.val19h, Split.val20, Split.val20h, Split.val21, Split.val21h,
        Split.val22, Split.val22h, Split.val23, Split.val23h, Split.val24, Split.val24h,
        Split.val25, Split.val25h, Split.val27, Split.val27h, Split.val26, Split.val26h,
        Split.val28, Split.val28h, Split.val29, Split.val29h, Split.val30, Split.val30h,
        Split.val32, Split.val32h, Split.val31, Split.val31h, Split.val33, Split.val33h,
        Split.val34, Split.val34h, Split.val35, Split.val35h,
        Split.val36, Split.val36h, Split.val37, Split.val37h,
        Split.val38, Split.val38h, Split.val39, Split.val39h, Split.val40, Split.val40h,
        Split.val41, Split.val41h, Split.val42, Split.val42h, Split.val43, Split.val43h,
        Split.val44, Split.val44h, Split.val45, Split.val45h, Split.val46, Split.val46h,
        Split.val47, Split.val47h, Split.val48, Split.val48h, Split.val49, Split.val49h,
        Split.val50, Split.val50h, Split.val51, Split.val51h, Split.val52, Split.val52h, Split.val53, Split.val53h,
        Split.val54, Split.val54h, Split.val55, Split.val55h, Split.val56, Split.val56h,
        Split.val57, Split.val57h, Split.val58, Split.val58h, Split.val59, Split.val59h,
        Split.val60, Split.val60h, Split.val61, Split.val61h,
        Split.val62, Split.val62h, Split.val63, Split.val63h,
        Split.val64, Split.val64h, Split.val65, Split.val65h,
        Split.val66, Split.val66h, Split.val67, Split.val67h,
        Split.val68, Split.val68h, Split.val69, Split.val69h,
        Split.val70, Split.val70h, Split.val71, Split.val71h,
        Split.val72, Split.val72h, Split.val73, Split.val73h,
        Split.val74, Split.val74h, Split.val75, Split.val75h,
        Split.val76, Split.val76h, Split.val77, Split.val77h,
        Split.val78, Split.val78h, Split.val79, Split.val79h,
        Split.val80, Split.val80h, Split.val81, Split.val81h,
        Split.val82, Split.val82h, Split.val83, Split.val83h,
        Split.val84, Split.val84h, Split.val85, Split.val85h,
        Split.val86, Split.val86h, Split.val87, Split.val87h,
        Split.val88, Split.val88h, Split.val89, Split.val89h,
        Split.val90, Split.val90h, Split.val91, Split.val91h,
        Split.val92, Split.val92h, Split.val93, Split.val93h,
        Split.val94, Split.val94h, Split.val95, Split.val95h,
        Split.val96, Split.val96h,
        Split.val97, Split.val97h,
        Split.val98, Split.val98h,
        Split.val99, Split.val99h,
        Split.val100, Split.val100h,
        Split.val101, Split.val101h,
        Split.val103, Split.val103h,
        Split.val102, Split.val102h,
        Split.val104, Split.val104h,
        Split.val105, Split.val105h,
        Split.val106, Split.val106h,
        Split.val107, Split.val107h,
        Split.val108, Split.val108h,
        Split.val109, Split.val109h,
        Split.val110, Split.val110h,
        Split.val111, Split.val111h,
        Split.val112, Split.val112h,
        Split.val113, Split.val113h,
        Split.val115, Split.val115h,
        Split.val114, Split.val114h,
        Split.val117, Split.val117h,
        Split.val116, Split.val116h,
        Split.val118, Split.val118h,
        Split.val119, Split.val119h,
        Split.val120, Split.val120h,
        Split.val121, Split.val121h, Split.val122, Split.val122h,
        Split.val123, Split.val123h, Split.val124, Split.val124h,
        Split.val125, Split.val125h, Split.val126, Split.val126h,
        Split.val127, Split.val127h, Split.val128, Split.val128h,
        Split.val129, Split.val129h, Split.val130, Split.val130h,
        Split.val131, Split.val131h,
        Split.val132, Split.val132h,
        Split.val133, Split.val133h,
        Split.val134, Split.val134h,
        Split.val135, Split.val135h,
        Split.val136, Split.val136h,
        Split.val137, Split.val137h,
        Split.val138, Split.val138h,
        Split.val139, Split.val139h,
        Split.val140, Split.val140h,
        Split.val141, Split.val141h,
        Split.val142, Split.val142h,
        Split.val144, Split.val144h,
        Split.val143, Split.val143h,
        Split.val146, Split.val146h,
        Split.val145, Split.val145h,
        Split.val147, Split.val147h,
        Split.val148, Split.val148h,
        Split.val149, Split.val149h,
        Split.val150, Split.val150h,
        Split.val151, Split.val151h,
        Split.val153, Split.val153h,
        Split.val152, Split.val152h,
        Split.val154, Split.val154h,
        Split.val155, Split.val155h,
        Split.val156, Split.val156h,
        Split.val157, Split.val157h,
        Split.val158, Split.val158h,
        Split.val159, Split.val159h,
        Split.val160, Split.val160h,
        Split.val161, Split.val161h,
        Split.val162, Split.val162h,
        Split.val163, Split.val163h,
        Split.val164, Split.val164h,
        Split.val165, Split.val165h,
        Split.val166, Split.val166h,
        Split.val167, Split.val167h,
        Split.val168, Split.val168h,
        Split.val169, Split.val169h,
        Split.val170, Split.val170h,
        Split.val172, Split.val172h,
        Split.val171, Split.val171h,
        Split.val173, Split.val173h,
        Split.val174, Split.val174h,
        Split.val176, Split.val176h,
        Split.val175, Split.val175h,
        Split.val177, Split.val177h,
        Split.val178, Split.val178h,
        Split.val179, Split.val179h,
        Split.val180, Split.val180h,
        Split.val181, Split.val181h,
        Split.val182, Split.val182h,
        Split.val183, Split.val183h,
        Split.val184, Split.val184h,
        Split.val185, Split.val185h,
        Split.val186, Split.val186h,
        Split.val187, Split.val187h,
        Split.val188, Split.val188h,
        Split.val189, Split.val189h,
        Split.val190, Split.val190h,
        Split.val191, Split.val191h,
        Split.val192, Split.val192h,
        Split.val193, Split.val193h,
        Split.val194, Split.val194h,
        Split.val196, Split.val196h,
        Split.val195, Split.val195h,
        Split.val198, Split.val198h,
        Split.val197, Split.val197h,
        Split.val200, Split.val200h,
        Split.val199, Split.val199h,
    ],
)
def test_the_mixed_splits_cover_every_category_in_balance(cases, split):
    # val12 / val12h (issue 11, session 12), val13 / val13h (session 14), val14 / val14h and val15 / val15h
    # (session 15), val16 / val16h and val17 / val17h (session 16) and val18 / val18h, val19 / val19h,
    # val20 / val20h, val21 / val21h, val22 / val22h and val23 / val23h (session 17) and val24 / val24h,
    # val25 / val25h, val27 / val27h, val26 / val26h and val28 / val28h (session 18) and val29 / val29h,
    # val30 / val30h, val32 / val32h, val31 / val31h, val33 / val33h and val34 / val34h (session 19) and
    # val35 / val35h, val36 / val36h, val37 / val37h, val38 / val38h, val39 / val39h and val40 / val40h
    # (session 20) and val41 / val41h, val42 / val42h, val43 / val43h, val44 / val44h, val45 / val45h,
    # val46 / val46h, val47 / val47h and val48 / val48h (session 21) and val49 / val49h, val50 / val50h and val51 /
    # val51h (session 22) and val52 / val52h, val53 / val53h, val54 / val54h, val55 / val55h, val56 / val56h,
    # val57 / val57h, val58 / val58h and val59 / val59h (session 23) and val60 / val60h, val61 / val61h, val62 /
    # val62h and val63 / val63h (session 24) and val64 / val64h, val65 / val65h, val66 / val66h, val67 / val67h,
    # val68 / val68h and val69 / val69h (session 25) and val70 / val70h, val71 / val71h, val72 / val72h and val73 /
    # val73h (session 26) and val74 / val74h, val75 / val75h, val76 / val76h and val77 / val77h (session 27) and val78 /
    # val78h, val79 / val79h, val80 / val80h, val81 / val81h, val82 / val82h and val83 / val83h (session 28) and val84 /
    # val84h, val85 / val85h, val86 / val86h, val87 / val87h, val88 / val88h and val89 / val89h (session 29) and val90 /
    # val90h, val91 / val91h, val92 / val92h, val93 / val93h and val94 / val94h (session 30) and val95 / val95h, val96 /
    # val96h, val97 / val97h, val98 / val98h and val99 / val99h (session 31) and val100 / val100h, val101 / val101h,
    # val103 / val103h, val102 / val102h, val104 / val104h, val105 / val105h and val106 / val106h (session 32) and
    # val107 / val107h, val108 / val108h, val109 / val109h, val110 / val110h, val111 / val111h, val112 / val112h and
    # val113 / val113h (session 33) and val115 / val115h, val114 / val114h, val117 / val117h, val116 / val116h, val118 /
    # val118h, val119 / val119h and val120 / val120h (session 34) and val121 / val121h, val122 / val122h, val123 /
    # val123h, val124 / val124h, val125 / val125h, val126 / val126h, val127 / val127h, val128 / val128h, val129 /
    # val129h and val130 / val130h (session 35) and val131 / val131h, val132 / val132h, val133 / val133h, val134 /
    # val134h, val135 / val135h, val136 / val136h, val137 / val137h and val138 / val138h (session 36) and val139 /
    # val139h, val140 / val140h, val141 / val141h and val142 / val142h (session 37) and val144 / val144h and val143 /
    # val143h (session 38) and val146 / val146h, val145 / val145h, val147 / val147h and val148 / val148h (session 39) and
    # val149 / val149h, val150 / val150h, val151 / val151h, val153 / val153h and val152 / val152h (session 40) and
    # val154 / val154h, val155 / val155h, val156 / val156h, val157 / val157h, val158 / val158h, val159 / val159h and
    # val160 / val160h (session 41) and val161 / val161h, val162 / val162h, val163 / val163h, val164 / val164h,
    # val165 / val165h, val166 / val166h, val167 / val167h and val168 / val168h (session 42) and val169 / val169h
    # and val170 / val170h and val172 / val172h and val171 / val171h and val173 / val173h and val174 / val174h and
    # val176 / val176h and val175 / val175h (session 43) and val177 / val177h, val178 / val178h, val179 / val179h,
    # val180 / val180h, val181 / val181h and val182 / val182h (session 44) and val183 / val183h, val184 / val184h,
    # val185 / val185h, val186 / val186h, val187 / val187h and val188 / val188h (session 45) and val189 / val189h,
    # val190 / val190h, val191 / val191h, val192 / val192h, val193 / val193h, val194 / val194h, val196 / val196h
    # and val195 / val195h (session 46) and val198 / val198h, val197 / val197h, val200 / val200h and val199 / val199h
    # (session 47): a fresh mixed check on documents of its own, every category, about half true claims, so that no
    # single kind of rule can win it.
    held = _own_split(cases, split, at_least=40, docs=3)
    assert {c.category for c in held} == set(Category)
    for category in set(Category) - TRUE_ONLY - FALSE_ONLY:
        assert {c.truth for c in held if c.category is category} == {Truth.true, Truth.false}, category
    assert 0.4 <= sum(c.truth is Truth.true for c in held) / len(held) <= 0.6
    assert {c.expected for c in held} == set(SupportLabel)


def test_held_out_rows_follow_dev_and_test_in_spec_order(cases):
    # build.py writes val after every dev and test row, val2 after val, val3 after val2 and val4 after
    # val3, so adding a held-out split (or cases to one) never moves or rewrites an earlier row.
    order = LATER_SPLITS
    blocks = [c.split for i, c in enumerate(cases) if i == 0 or c.split is not cases[i - 1].split]
    held_out = [b for b in blocks if b in order]
    assert held_out == order
    assert blocks[-len(order):] == held_out


@pytest.fixture(scope="module")
def spec_docs() -> dict[str, set[str]]:
    """Each spec's documents, read once: each split is checked against every other spec, and reading every spec
    again for each of the 160-odd splits made this one test most of the file's time."""
    return {
        path.stem: {group["doc"] for group in yaml.safe_load(path.read_text(encoding="utf-8"))}
        for path in (CASES_PATH.parent / "specs").glob("*.yaml")
    }


@pytest.mark.parametrize("split", LATER_SPLITS)
def test_val_documents_are_exactly_those_of_the_val_spec(cases, spec_docs, split):
    own = spec_docs[split.value]
    assert {c.doc for c in cases if c.split is split} == own
    for other, docs in spec_docs.items():
        if other != split.value:
            assert not docs & own, f"{other}.yaml"


@pytest.mark.parametrize("split", LATER_SPLITS)
def test_val_resolves_verbatim_without_shared_data(cases, split):
    val = [c for c in cases if c.split is split]
    assert len(resolve_cases(val)) == len(val)  # written cases only: no RAGTruth file needed


def test_the_blind_splits_are_left_out_of_a_run_over_all_splits():
    assert BLIND_SPLITS == {
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


@needs_ragtruth
def test_passages_resolve_verbatim_and_ragtruth_ids_load(cases):
    resolved = resolve_cases(cases, data_dir=DATA_DIR)
    assert len(resolved) == len(cases)
    for item in resolved:
        assert item.passages and all(p.strip() for p in item.passages)
        if item.case.source is CaseSource.ragtruth:
            assert item.question  # the source's own question when the case has none
            assert len(item.passages) >= 2


def _sentences(text: str) -> list[str]:
    return [s.strip().lower() for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


@needs_ragtruth
def test_a_false_claim_is_never_a_passage_sentence_verbatim(cases):
    for item in resolve_cases(cases, data_dir=DATA_DIR):
        if item.case.truth is Truth.false:
            claim = item.case.claim.strip().lower()
            sentences = {s for p in item.passages for s in _sentences(p)}
            assert claim not in sentences, item.case.id


def _row(**overrides) -> dict:
    row = {
        "id": "x-1",
        "source": "written",
        "doc": "benchmarks/hardcases/docs/lease-14-harbour-row.md",
        "passages": ["The rent is £1,150 per calendar month"],
        "claim": "The rent is £1,150 a week.",
        "truth": "false",
        "expected": "contradicted",
        "category": "unit_scale_change",
        "split": "dev",
        "why": "per month",
    }
    row.update(overrides)
    return row


def _write(tmp_path: Path, rows: list[object]) -> Path:
    path = tmp_path / "cases.jsonl"
    lines = [r if isinstance(r, str) else json.dumps(r) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_bad_lines_name_the_file_and_line(tmp_path):
    path = _write(tmp_path, [_row(), "{not json"])
    with pytest.raises(InputError, match=r"cases\.jsonl:2: not JSON"):
        load_hardcases(path)
    path = _write(tmp_path, [_row(), _row(id="x-2", truth="true")])
    with pytest.raises(InputError, match=r"cases\.jsonl:2: .*truth 'true' does not fit expected"):
        load_hardcases(path)
    path = _write(tmp_path, [_row(), _row(category="vibes")])
    with pytest.raises(InputError, match=r"cases\.jsonl:2: bad hard case \(category"):
        load_hardcases(path)
    path = _write(tmp_path, [_row(), _row()])
    with pytest.raises(InputError, match=r"cases\.jsonl:2: id 'x-1' repeats line 1"):
        load_hardcases(path)
    path = _write(tmp_path, [_row(source="ragtruth", doc="gabc", source_id="gabc")])
    with pytest.raises(InputError, match="stores no 'passages'"):
        load_hardcases(path)


def test_a_passage_that_is_not_in_its_document_is_refused(tmp_path):
    case = HardCase.model_validate(_row(passages=["The rent is £950 per calendar month"]))
    with pytest.raises(InputError, match="not a verbatim excerpt of benchmarks/hardcases/docs/lease"):
        resolve_cases([case])
    with pytest.raises(InputError, match="is not a file"):
        resolve_cases([HardCase.model_validate(_row(doc="benchmarks/hardcases/docs/missing.md"))])


def test_a_missing_ragtruth_source_is_named(tmp_path):
    folder = tmp_path / "ragtruth"
    folder.mkdir()
    (folder / "source_info.jsonl").write_text(
        json.dumps(
            {
                "source_id": "g1",
                "task_type": "QA",
                "source_info": {"question": "q?", "passages": "passage 1: a\n\npassage 2: b"},
            }
        )
        + "\n",
        encoding="utf-8",
    )
    ok = HardCase.model_validate(_row(source="ragtruth", doc="g1", source_id="g1", passages=[]))
    [item] = resolve_cases([ok], data_dir=tmp_path)
    assert item.question == "q?" and item.passages == ["a", "b"]
    missing = HardCase.model_validate(_row(source="ragtruth", doc="g2", source_id="g2", passages=[]))
    with pytest.raises(InputError, match="no RAGTruth source with id g2"):
        resolve_cases([missing], data_dir=tmp_path)


def _verification(*labels: SupportLabel) -> Verification:
    return Verification(
        claims=[
            ClaimVerdict(claim=Claim(index=i, text="c", start=0, end=1), label=label, support=0.5)
            for i, label in enumerate(labels)
        ]
    )


def test_predicted_label_is_the_worst_claim_and_nothing_judged_is_unsupported():
    assert predicted_label(_verification(SupportLabel.supported)) is SupportLabel.supported
    mixed = _verification(SupportLabel.supported, SupportLabel.unsupported)
    assert predicted_label(mixed) is SupportLabel.unsupported
    assert (
        predicted_label(_verification(SupportLabel.contradicted, SupportLabel.unsupported))
        is SupportLabel.contradicted
    )
    assert predicted_label(Verification()) is SupportLabel.unsupported


def _outcome(
    i: int,
    category: Category,
    truth: Truth,
    expected: SupportLabel,
    predicted: SupportLabel,
    support: float | None = 0.5,
) -> CaseOutcome:
    return CaseOutcome(
        id=f"c{i}",
        source=CaseSource.written,
        category=category,
        split=Split.dev if i % 2 else Split.test,
        truth=truth,
        expected=expected,
        predicted=predicted,
        support=support,
        claims=1,
        latency_ms=float(i),
    )


def test_metrics_on_a_tiny_synthetic_run():
    S, U, C = SupportLabel.supported, SupportLabel.unsupported, SupportLabel.contradicted
    T, F = Truth.true, Truth.false
    outcomes = [
        _outcome(1, Category.negation, F, C, C),  # caught, right label
        _outcome(2, Category.negation, F, C, U),  # caught, weaker label
        _outcome(3, Category.negation, F, C, S),  # missed
        _outcome(4, Category.off_topic_fabrication, F, U, U),  # caught
        _outcome(5, Category.correct_paraphrase, T, S, S),  # right
        _outcome(6, Category.correct_paraphrase, T, S, C),  # false alarm
        _outcome(7, Category.correct_inference, T, S, S),  # right
        _outcome(8, Category.correct_inference, T, S, S),  # right
    ]
    overall = group_metrics(outcomes)
    assert (overall.cases, overall.false_claims, overall.true_claims) == (8, 4, 4)
    assert overall.tpr_false == pytest.approx(3 / 4)
    assert overall.fpr_true == pytest.approx(1 / 4)
    assert overall.balanced_accuracy == pytest.approx((3 / 4 + 3 / 4) / 2)
    assert overall.accuracy == pytest.approx(6 / 8)
    assert overall.contradicted_recall == pytest.approx(1 / 3)
    assert overall.confusion[C] == {S: 1, U: 1, C: 1}
    assert overall.confusion[S] == {S: 3, U: 0, C: 1}
    assert overall.confusion[U] == {S: 0, U: 1, C: 0}

    report = summarise(outcomes, verifiers=["support"])
    assert report.by_category[Category.negation].accuracy == pytest.approx(2 / 3)
    assert report.by_category[Category.negation].balanced_accuracy is None  # no true claims there
    assert report.by_category[Category.correct_paraphrase].fpr_true == pytest.approx(1 / 2)
    assert report.by_category[Category.correct_paraphrase].tpr_false is None
    assert set(report.by_split) == {Split.dev, Split.test}
    assert report.by_split[Split.dev].cases == 4
    assert report.verifiers == ["support"]
    json.loads(report.model_dump_json())  # the benchmark writes it as JSON


def test_support_auroc_ranks_false_claims_by_low_support():
    S, U = SupportLabel.supported, SupportLabel.unsupported
    T, F = Truth.true, Truth.false
    cat = Category.ranges
    outcomes = [
        _outcome(1, cat, F, U, U, support=0.2),
        _outcome(2, cat, F, U, S, support=0.7),
        _outcome(3, cat, T, S, S, support=0.9),
        _outcome(4, cat, T, S, S, support=0.6),
        _outcome(5, cat, T, S, U, support=None),  # nothing judged: left out of the AUROC
    ]
    # pairs (false, true): (0.2, 0.9) ok, (0.2, 0.6) ok, (0.7, 0.9) ok, (0.7, 0.6) wrong -> 3/4
    assert group_metrics(outcomes).support_auroc == pytest.approx(3 / 4)
    assert group_metrics(outcomes[:2]).support_auroc is None


def test_run_cases_passes_the_case_to_verify_and_records_the_label():
    calls = []

    def fake_verify(*, question, contexts, answer, verifiers):
        calls.append((question, tuple(contexts), answer, verifiers))
        return _verification(SupportLabel.contradicted if "week" in answer else SupportLabel.supported)

    wrong = HardCase.model_validate(_row())
    right = HardCase.model_validate(
        _row(
            id="x-2",
            claim="It is £1,150 a month.",
            truth="true",
            expected="supported",
            category="correct_paraphrase",
        )
    )
    items = [ResolvedCase(case=c, question="Rent?", passages=list(c.passages)) for c in (wrong, right)]
    outcomes = run_cases(items, verifiers=["support"], verify_fn=fake_verify)
    assert [o.predicted for o in outcomes] == [SupportLabel.contradicted, SupportLabel.supported]
    question, contexts, answer, verifiers = calls[0]
    assert (question, answer, verifiers) == ("Rent?", "The rent is £1,150 a week.", ["support"])
    assert contexts == ("The rent is £1,150 per calendar month",)
    report = summarise(outcomes)
    assert report.overall.balanced_accuracy == 1.0 and report.overall.contradicted_recall == 1.0


def test_summarise_refuses_an_empty_run():
    with pytest.raises(InputError, match="no cases"):
        summarise([])


def test_the_shipped_file_is_the_default():
    assert CASES_PATH.is_file() and CASES_PATH.name == "cases.jsonl"


def _build_module():
    return load_script("benchmarks/hardcases/build.py", "hardcases_build")


def test_build_refuses_a_val_document_that_another_spec_uses():
    build = _build_module()
    doc = "benchmarks/hardcases/docs/x.md"
    build._check_val_documents([{"doc": doc, "split": "val"}, {"doc": "other.md"}])  # disjoint: fine
    with pytest.raises(SystemExit, match="x.md: has cases in specs/val.yaml and in another spec"):
        build._check_val_documents([{"doc": doc, "split": "val"}, {"doc": doc}])
    # val2 is checked the same way, against dev, test and val alike.
    with pytest.raises(SystemExit, match="x.md: has cases in specs/val2.yaml and in another spec"):
        build._check_val_documents([{"doc": doc, "split": "val2"}, {"doc": doc, "split": "val"}], "val2")
    # and val3 against every earlier split, val2 included.
    with pytest.raises(SystemExit, match="x.md: has cases in specs/val3.yaml and in another spec"):
        build._check_val_documents([{"doc": doc, "split": "val3"}, {"doc": doc, "split": "val2"}], "val3")
    # and val4 against every earlier split, val3 included.
    with pytest.raises(SystemExit, match="x.md: has cases in specs/val4.yaml and in another spec"):
        build._check_val_documents([{"doc": doc, "split": "val4"}, {"doc": doc, "split": "val3"}], "val4")


@pytest.mark.parametrize("split", [Split.val5, Split.val5h])
def test_val5_covers_negation_modality_and_paraphrase_with_both_truths(cases, split):
    mine = [c for c in cases if c.split is split]
    assert len(mine) >= 70 and len({c.doc for c in mine}) == 3
    assert {c.category for c in mine} == {Category.negation, Category.modality_quantifier, Category.correct_paraphrase}
    for category in (Category.negation, Category.modality_quantifier):
        assert {c.truth for c in mine if c.category is category} == {Truth.true, Truth.false}, category
