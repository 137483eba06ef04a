"""Command line: the desktop app is the default; ``eval``, ``agreement``,
``judgments``, ``pool``, ``template`` and ``screenshots`` serve researchers,
scripts and tests. Every command builds the same :class:`~workbench.core.study.Study` the
app does, so both give the same grades, names, warnings and numbers.

Exit codes: 0 success, 2 usage error, 3 bad input (a clear message on
stderr, never a traceback). An unexpected failure is logged and reported in
one sentence with exit code 1.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from workbench import __version__
from workbench.core.model.choices import (
    DEDUPS,
    GAINS,
    ONE_ASSESSOR,
    ORDERS,
    RESOLUTIONS,
    SIGNIFICANCE_TESTS,
    UNITS,
    Choices,
)
from workbench.core.model.number_text import ids_text
from workbench.core.model.problems import (
    NAME_CHARS,
    InputError,
    excerpt,
    shown_message,
    shown_name,
    visible,
)

if TYPE_CHECKING:
    from workbench.core.model.schema import EvalSettings
    from workbench.core.study import Study

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_BAD_INPUT = 3

COMMANDS = ("eval", "agreement", "judgments", "pool", "template", "screenshots")

#: ``screenshots --font-size`` → the app's font-size setting
SCREENSHOT_FONT_SIZES = {"normal": "normal", "large": "large", "largest": "very_large"}

log = logging.getLogger("workbench")


class UsageError(Exception):
    """A command-line argument that makes no sense (exit code 2)."""


def default_lang() -> str:
    for var in ("WORKBENCH_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ko" if value.lower().startswith("ko") else "en"
    return "en"


# -- parsers --------------------------------------------------------------------
def app_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="workbench",
        description="Retrieval Evaluation Workbench — 검색 평가 워크벤치. "
        f"Commands: {', '.join(COMMANDS)} (workbench COMMAND --help).",
    )
    parser.add_argument("--version", action="version", version=f"workbench {__version__}")
    parser.add_argument("--demo", action="store_true", help="open the app on the bundled demo data")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="offscreen: demo → metrics → report, exit 0 when all is well",
    )
    parser.add_argument("--lang", choices=["ko", "en"], help="user-interface language")
    parser.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("files", nargs="*", help="project or data files to open in the app")
    return parser


def _add_grade_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--read-grade",
        action="append",
        default=[],
        metavar="VALUE=GRADE",
        help="read a grade typed another way as this grade, e.g. --read-grade 3점=3 "
        "(repeatable; listed in the warnings and the report)",
    )


_QRELS_HELP = (
    "judgments: Excel, CSV, TREC qrels or JSON; several files (one per assessor) may follow "
    "--qrels or --qrels may be repeated: a file without an assessor column takes its file name "
    "as the assessor's"
)


def _add_qrels(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--qrels", required=True, action="extend", nargs="+", metavar="FILE", help=_QRELS_HELP
    )


def _add_choice(p: argparse.ArgumentParser, flag: str, choices: Choices, what: str) -> None:
    """An option whose values, default and help come from the registry of choices."""
    explained = choices.help_text("en").format(name="the --adjudicator assessor")
    p.add_argument(
        flag,
        choices=list(choices.keys),
        default=choices.default,
        help=f"{what} (default {choices.default}) — {explained}",
    )


def _add_order_options(p: argparse.ArgumentParser) -> None:
    _add_choice(p, "--order", ORDERS, "how each ranked list is put in order")
    _add_choice(p, "--dedup", DEDUPS, "repeated passages")
    p.add_argument("--window", type=int, default=1, help="± chunks for --dedup adjacent")


def _add_eval_options(p: argparse.ArgumentParser) -> None:
    _add_qrels(p)
    _add_grade_option(p)
    p.add_argument("--run", action="append", required=True, help="a run file (repeatable)")
    p.add_argument("--k", default="1,3,5,10", help="cutoffs, comma-separated (default 1,3,5,10)")
    p.add_argument("--threshold", type=int, default=1, help="relevance threshold θ (default 1)")
    _add_choice(p, "--gain", GAINS, "nDCG gain")
    _add_order_options(p)
    _add_choice(p, "--unit", UNITS, "what is evaluated")
    p.add_argument("--score-floor", type=float, default=None, help="abstention score floor")
    p.add_argument(
        "--trec-compat",
        action="store_true",
        help="trec_eval's conventions: questions without relevant judgments stay in the means "
        "(scoring 0); a negative grade in TREC qrels is unjudged for Judged@K",
    )
    p.add_argument(
        "--depth",
        type=int,
        default=None,
        metavar="N",
        help="evaluate the first N of each list (trec_eval -M)",
    )
    p.add_argument(
        "--measures",
        default=None,
        help="measures to report, by name, comma-separated (e.g. nDCG,MAP,P@10; default: all for --k)",
    )
    _add_choice(p, "--resolution", RESOLUTIONS, "how several assessors' grades become one")
    p.add_argument(
        "--adjudicator", default=None, help=f"the assessor who decides (--resolution {ONE_ASSESSOR})"
    )
    p.add_argument("--json", metavar="PATH|-", help="write the results as JSON ('-' = stdout)")
    p.add_argument("--report", metavar="PATH.xlsx", help="write the Excel report")
    p.add_argument("--compare", action="store_true", help="paired significance tests")
    p.add_argument("--baseline", default=None, help="baseline system (default: the first)")
    _add_choice(p, "--test", SIGNIFICANCE_TESTS, "the paired significance test")
    p.add_argument(
        "--seed", type=int, default=20261129, help="random seed (bootstrap, randomization)"
    )
    p.add_argument("--lang", choices=["ko", "en"], default=None, help="message and report language")
    p.add_argument(
        "--answers",
        action="append",
        metavar="FILE",
        help="what the systems answered (Excel, CSV or JSON; repeatable): adds the citation "
        "checks and the answer ratings to the report and to the JSON under 'answers'",
    )
    p.add_argument(
        "--ratings",
        action="append",
        metavar="FILE",
        help="ratings of the answers (a 답변평가 sheet, optionally a 루브릭 sheet; repeatable)",
    )
    p.add_argument(
        "--diagnosis",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a diagnosis threshold, e.g. candidate_k=10 or recall_high=0.85 (repeatable; "
        "names: " + ", ".join(_threshold_names()) + ")",
    )


def _threshold_names() -> list[str]:
    from workbench.core.protocol.diagnosis_settings import THRESHOLDS

    return [t.name for t in THRESHOLDS]


def command_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="workbench")
    sub = parser.add_subparsers(dest="command", required=True)
    _add_eval_options(sub.add_parser("eval", help="evaluate runs against judgments"))
    jd = sub.add_parser(
        "judgments",
        help="write the resolved judgments as TREC qrels (.txt/.qrels) or the extended workbook (.xlsx)",
    )
    _add_qrels(jd)
    _add_grade_option(jd)
    _add_choice(jd, "--resolution", RESOLUTIONS, "how several assessors' grades become one")
    jd.add_argument("--adjudicator", default=None, help="the assessor who decides")
    jd.add_argument(
        "--out",
        required=True,
        metavar="PATH",
        help=".txt/.qrels: TREC qrels of the grades used; .xlsx: the judgments with the "
        "sheets 평가/질문/문단/조정/이견, which read back to the same grades",
    )
    jd.add_argument("--lang", choices=["ko", "en"], default=None, help="workbook headers")
    ag = sub.add_parser("agreement", help="assessor agreement (kappa, alpha)")
    _add_qrels(ag)
    _add_grade_option(ag)
    ag.add_argument(
        "--run",
        action="append",
        default=None,
        help="a run file (repeatable): ranks its systems by each assessor's grades alone "
        "(by_assessor)",
    )
    ag.add_argument(
        "--seed", type=int, default=20261129, help="random seed of the bootstrap intervals"
    )
    ag.add_argument(
        "--replicates",
        type=int,
        default=1000,
        metavar="B",
        help="bootstrap resamples of the items for each interval (default 1000)",
    )
    ag.add_argument("--json", metavar="PATH|-")
    ag.add_argument("--lang", choices=["ko", "en"], default=None)
    pl = sub.add_parser(
        "pool",
        help="write a judging pool for one assessor as an Excel workbook to fill in "
        "(no system names, ranks or scores)",
    )
    _add_qrels(pl)
    _add_grade_option(pl)
    pl.add_argument("--run", action="append", required=True, help="a run file (repeatable)")
    pl.add_argument(
        "--assessor",
        action="append",
        default=None,
        help="who judges the pool (with --calibration: repeatable, one workbook per assessor)",
    )
    pl.add_argument(
        "--assessors",
        default=None,
        help="with --calibration: the assessors, comma-separated (with or instead of --assessor)",
    )
    pl.add_argument(
        "--depth", type=int, default=None, help="top passages per system (default: the largest K)"
    )
    pl.add_argument("--k", default="1,3,5,10", help="cutoffs; the default depth is the largest")
    pl.add_argument(
        "--questions", default=None, help="question ids, comma-separated (default: all)"
    )
    pl.add_argument("--systems", default=None, help="system names, comma-separated (default: all)")
    pl.add_argument(
        "--seed", type=int, default=None, help="order seed (default: from the assessor's name)"
    )
    _add_order_options(pl)
    pl.add_argument(
        "--next",
        type=int,
        default=None,
        metavar="N",
        help="instead of the top passages: the N unjudged passages that weigh most on the "
        "comparisons not yet decided (every pair of systems, the Compare page's measures)",
    )
    pl.add_argument(
        "--calibration",
        type=int,
        default=None,
        metavar="N",
        help="a calibration round instead: the same N passages (spread over question types and "
        "grades, in one seeded order) for every assessor, one workbook each in the folder --out; "
        "their grades are practice for aligning the manual",
    )
    pl.add_argument(
        "--out",
        required=True,
        metavar="PATH.xlsx",
        help="the pool workbook (with --calibration: the folder for the round's workbooks)",
    )
    pl.add_argument("--lang", choices=["ko", "en"], default=None, help="workbook headers")
    tp = sub.add_parser("template", help="write blank Excel templates")
    tp.add_argument("directory")
    sc = sub.add_parser("screenshots", help="render every main screen on the demo data")
    sc.add_argument("directory")
    sc.add_argument("--lang", choices=["ko", "en", "both"], default="both")
    sc.add_argument(
        "--font-size",
        choices=list(SCREENSHOT_FONT_SIZES),
        default="normal",
        help="font size of the screens (largest = the app's 'Very large')",
    )
    return parser


# -- helpers --------------------------------------------------------------------
#: the deepest cutoff --k takes: the tables hold a value per question and cutoff,
#: and a run deeper than this is not read by a person (stated in the README)
MAX_K = 10_000
#: bytes of an output path (Linux's PATH_MAX), checked before any work is done (a name
#: too long for its folder is the writer's message, as other write errors are)
MAX_PATH_BYTES = 4095


def parse_ks(text: str) -> tuple[int, ...]:
    parts = [part for part in text.replace(" ", "").split(",") if part]
    if any(len(part) > 12 for part in parts):
        raise UsageError(f"--k takes cutoffs up to {MAX_K:,}, got '{text[:40]}'")
    try:
        ks = sorted({int(part) for part in parts})
    except ValueError:
        raise UsageError(f"--k expects whole numbers separated by commas, got '{text}'") from None
    if not ks or ks[0] < 1:
        raise UsageError(f"--k expects cutoffs of 1 or more, got '{text}'")
    if ks[-1] > MAX_K:
        raise UsageError(
            f"--k takes cutoffs up to {MAX_K:,} (a cutoff past the deepest run only repeats its "
            f"value), got {ks[-1]:,}"
        )
    return tuple(ks)


def check_output_paths(args: argparse.Namespace) -> None:
    """An output path the system cannot hold is a usage error before any work,
    not an "Unexpected error (OSError)" after it."""
    for option in ("json", "report", "out"):
        value = getattr(args, option, None)
        if not value or value == "-":
            continue
        raw = os.fsencode(value)
        if len(raw) > MAX_PATH_BYTES:
            raise UsageError(
                f"--{option}: the path is {len(raw):,} bytes long; the system takes at most "
                f"{MAX_PATH_BYTES:,}. Choose a shorter path."
            )


def parse_measures(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    from workbench.core.measures.metrics import parse_measure_list

    try:
        return parse_measure_list(text)
    except ValueError as exc:
        raise UsageError(
            f"--measures expects measure names such as nDCG,MAP,P@10 ({exc})"
        ) from None


def _write_json(data: dict, target: str) -> None:
    from workbench.core.model.results import json_text

    text = json_text(data)
    if target == "-":
        sys.stdout.write(text + "\n")
        return
    from workbench.core.io.atomic import atomic_write_text

    atomic_write_text(Path(target), text + "\n")


def _print_table(rows: list[list[str]], out=None) -> None:
    """Monospace table; Hangul counts double width so columns line up in a terminal."""
    import unicodedata

    out = out or sys.stdout

    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    widths = [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        cells = [cell + " " * (w - width(cell)) for cell, w in zip(row, widths)]
        out.write("  ".join(cells).rstrip() + "\n")
        if n == 0:
            out.write("  ".join("-" * w for w in widths) + "\n")


def _fmt(value) -> str:
    return "–" if value is None or value != value else f"{value:.4f}"


# -- commands -------------------------------------------------------------------
def _settings(args: argparse.Namespace) -> EvalSettings:
    from workbench.core.model.schema import EvalSettings

    if args.threshold < 1:
        raise UsageError("--threshold must be 1 or more (a grade of 0 is never relevant)")
    if args.resolution == ONE_ASSESSOR and not args.adjudicator:
        raise UsageError(f"--resolution {ONE_ASSESSOR} needs --adjudicator NAME")
    if args.depth is not None and args.depth < 1:
        raise UsageError("--depth must be 1 or more")
    return EvalSettings(
        ks=parse_ks(args.k),
        threshold=args.threshold,
        gain=args.gain,
        order=args.order,
        dedup=args.dedup,
        window=args.window,
        unit=args.unit,
        score_floor=args.score_floor,
        resolution=args.resolution,
        adjudicator=args.adjudicator,
        trec_compat=args.trec_compat,
        depth=args.depth,
        measures=parse_measures(args.measures),
    )


def _diagnosis_settings(pairs: list[str]):
    """``NAME=VALUE`` pairs on top of the default thresholds (a usage error names
    the bad one)."""
    from workbench.core.protocol.diagnosis_settings import DiagnosisSettings

    st = DiagnosisSettings()
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or name not in _threshold_names():
            raise UsageError(
                f"--diagnosis expects NAME=VALUE with NAME one of {', '.join(_threshold_names())}; "
                f"got '{pair}'"
            )
        try:
            value = float(text)
            st = st.with_value(name, int(value) if value.is_integer() else value)
        except ValueError as exc:
            raise UsageError(f"--diagnosis {pair}: {exc}") from None
    return st


def _grade_conversions(values: list[str]) -> dict[str, int]:
    """``--read-grade VALUE=GRADE`` options as value → grade (0–3)."""
    out: dict[str, int] = {}
    for item in values or []:
        value, sep, grade = str(item).rpartition("=")
        if not sep or not value.strip() or grade.strip() not in ("0", "1", "2", "3"):
            raise UsageError(
                f"--read-grade expects VALUE=GRADE with a grade 0-3 (e.g. 3점=3), got '{item}'"
            )
        out[value.strip()] = int(grade)
    return out


def _study(args: argparse.Namespace, settings: EvalSettings) -> Study:
    """The study of the files named on the command line (as the app would build it):
    :func:`_judged_study`, then :func:`_add_runs_and_answers`."""
    study = _judged_study(args, settings)
    _add_runs_and_answers(study, args)
    return study


def _judged_study(args: argparse.Namespace, settings: EvalSettings) -> Study:
    """A study of the judgments files named on the command line.

    With several ``--qrels`` files each one's rows without an assessor take the
    assessor name its file name suggests (what the app proposes in the import
    preview); the files are merged, an assessor grading one item differently
    in two files is an error naming both."""
    from workbench.core.io import assessor_from_file_name
    from workbench.core.io.options import ReadOptions, load
    from workbench.core.study import Study

    study = Study(settings)
    conversions = _grade_conversions(getattr(args, "read_grade", None) or [])
    paths = list(args.qrels)
    for path in paths:
        options = ReadOptions(
            conversions=conversions,
            assessor=assessor_from_file_name(path) if len(paths) > 1 else "",
        )
        judgments = load("judgments", path, options)
        if study.judgment_set is None:
            study.set_judgments(judgments, options)
        else:
            study.add_judgments(judgments, options)
    return study


def _add_runs_and_answers(study: Study, args: argparse.Namespace) -> None:
    """The run files, then the answers and ratings files, named on the command line."""
    from workbench.core.io.options import load

    for path in getattr(args, "run", None) or []:
        study.add_runs(load("runs", path))
    answer_files = [
        *(getattr(args, "answers", None) or []),
        *(getattr(args, "ratings", None) or []),
    ]
    if getattr(args, "ratings", None) and not getattr(args, "answers", None):
        raise UsageError("--ratings needs --answers FILE (the answers the ratings are of)")
    for path in answer_files:
        add_answer_file(study, path)


def add_answer_file(study: Study, path: str) -> None:
    """Read an answers or ratings file into the study, its systems matched to the
    runs by name (the same name, else the same name ignoring case and spaces)."""
    from workbench.core.io.answers import load_answer_file
    from workbench.core.protocol.answers import auto_names

    file = load_answer_file(path, rubric=study.answers.rubric_in_force())
    names, refs = auto_names(study, file)
    study.answers.add_source(file, {}, names, refs)


def cmd_eval(args: argparse.Namespace, lang: str) -> int:
    # the report's modules (openpyxl among them) only when a report is written:
    # they cost a plain evaluation ~0.1 s of start-up
    from workbench.core.io.outputs import refuse_output_onto_inputs
    from workbench.core.model.results import results_to_json

    inputs = [*args.qrels, *args.run, *(args.answers or []), *(args.ratings or [])]
    for output in (args.json, args.report):  # before any work: no output onto an input
        refuse_output_onto_inputs(output, inputs)
    thresholds = _diagnosis_settings(args.diagnosis)
    study = _judged_study(args, _settings(args))
    # the grades are resolved while the runs read ahead are still being scanned
    # (on a second core): ~0.07 s of a 2M-line run's evaluation that would
    # otherwise wait for the scan to end
    qrels = study.qrels()
    _add_runs_and_answers(study, args)
    study.diagnosis_settings = thresholds
    results = study.evaluate(qrels=qrels)
    from workbench.core.protocol.diagnosis import diagnose, diagnosis_to_json

    diagnosis = diagnose(results, thresholds)

    answers = None
    # _study read every --answers file into the study (asking study.answers would
    # import the answers' modules for an evaluation without any)
    if args.answers:
        from workbench.core.protocol.answer_results import answer_report

        answers = answer_report(study, results, lang=lang, seed=args.seed)

    comparisons = None
    if args.compare:
        if args.baseline and args.baseline not in results.systems:
            raise UsageError(
                f"--baseline '{args.baseline}' is not one of the systems: {', '.join(results.systems)}"
            )
        from workbench.core.export import run_comparisons

        comparisons = run_comparisons(
            results, test=args.test, seed=args.seed, baseline=args.baseline
        )

    if args.json:
        from workbench.core.measures.unjudged_bounds import bounds_to_json

        data = results_to_json(results, comparisons)
        data["diagnosis"] = diagnosis_to_json(diagnosis, lang)
        data["unjudged_bounds"] = bounds_to_json(study.unjudged_bounds(results))
        if comparisons is not None and "comparisons" in data:
            add_decided(data["comparisons"], results)
        data["by_assessor"] = study.by_assessor(results).to_dict()
        if answers is not None:
            from workbench.core.protocol.answer_results import answers_to_json

            data["answers"] = answers_to_json(answers, results)
        _write_json(data, args.json)
    if args.report:
        from workbench.core.export import report_task
        from workbench.core.report import SHEET_KEYS

        # without --compare the report has no significance sheet (it would cost minutes)
        sheets = None if args.compare else [k for k in SHEET_KEYS if k != "significance"]
        report_task(
            Path(args.report),
            study,
            results,
            lang=lang,
            sheets=sheets,
            comparisons=comparisons,
            comparison_test=args.test if args.compare else None,
            comparison_seed=args.seed if args.compare else None,
            answers=answers,
            interval_seed=args.seed,
        )
    if args.json != "-":
        _print_eval_summary(results, comparisons, lang, diagnosis)
        if answers is not None:
            _print_answer_summary(answers, lang)
    # on stderr, so also beside JSON on stdout
    print_problems(results.warnings, lang)
    return EXIT_OK


def add_decided(records: list[dict], results) -> None:
    """Each comparison record gains whether some grading of the unjudged passages
    could reverse it (core.measures.decisive): ``decided`` (None: the measure is
    not assessed), ``unjudged_range`` (the lowest and highest mean difference
    over the gradings), ``unjudged_that_matter`` and ``decided_method``."""
    from workbench.core.measures.decisive import decide

    pairs = list(dict.fromkeys((str(r["system"]), str(r["baseline"])) for r in records))
    measures = list(dict.fromkeys(str(r["metric"]) for r in records))
    found = decide(results, pairs, measures).set_index(["measure", "system", "baseline"])
    for rec in records:
        key = (str(rec["metric"]), str(rec["system"]), str(rec["baseline"]))
        row = found.loc[key] if key in found.index else None
        decided = None if row is None else row["decided"]
        rec["decided"] = None if decided is None else bool(decided)
        if row is None or rec["decided"] is None:
            rec["unjudged_range"] = None
            rec["unjudged_that_matter"] = 0
            rec["decided_method"] = None
            continue
        rec["unjudged_range"] = [float(row["low"]), float(row["high"])]
        rec["unjudged_that_matter"] = int(row["holes_that_matter"])
        rec["decided_method"] = str(row["method"])


def _print_answer_summary(report, lang: str) -> None:
    """Per system: answers, citation precision, unknown / not retrieved citations,
    and the mean of each criterion."""
    rubric = report.rubric
    keys = [*rubric.keys, "rating"]
    label = "평가 평균" if lang == "ko" else "mean rating"
    header = ["system" if lang == "en" else "시스템", "answers" if lang == "en" else "답변"]
    header += ["cit. prec." if lang == "en" else "인용 정밀도"]
    header += [rubric.name_of(k) if k != "rating" else label for k in keys]
    rows = [header]
    rates = report.checks.systems
    means = report.by_system
    for system in report.systems:
        rec = rates.loc[system]
        cells = [system, str(int(rec["answers"])), _fmt(rec["citation_precision"])]
        for k in keys:
            hit = means[(means["system"] == system) & (means["criterion"] == k)]
            cells.append(_fmt(hit.iloc[0]["mean"]) if len(hit) and int(hit.iloc[0]["n"]) else "–")
        rows.append(cells)
    print()
    _print_table(rows)


def _print_diagnosis(diagnosis, lang: str) -> None:
    """The diagnosis after the table: each system's sentences, then what could
    not be checked (and which K to add)."""
    print()
    print("Diagnosis" if lang == "en" else "진단")
    for system in diagnosis.systems:
        for f in diagnosis.for_system(system):
            n = len(f.question_ids)
            where = (
                f" [{n} questions: {ids_text(f.question_ids, shown=5)}]"
                if lang == "en"
                else f" [질문 {n}개: {ids_text(f.question_ids, shown=5)}]"
            )
            print(f"- {f.sentence(lang)}{where if n else ''}")
    if diagnosis.not_checked:
        print("Not checked:" if lang == "en" else "확인하지 못한 규칙:")
        for note in diagnosis.not_checked:
            print(f"- {note.reason(lang)}")


def _print_eval_summary(results, comparisons, lang: str, diagnosis=None) -> None:
    header = ["system" if lang == "en" else "시스템", "n", *results.measures]
    rows = [header]
    for system in results.systems:
        agg = results.aggregates.loc[system]
        rows.append([system, str(int(agg["n"])), *(_fmt(agg[m]) for m in results.measures)])
    _print_table(rows)
    if results.unanswerable:
        label = "unanswerable questions" if lang == "en" else "답변 불가 질문"
        print(
            f"\n{label}: {len(results.unanswerable)} ({', '.join(results.unanswerable[:10])}"
            f"{' …' if len(results.unanswerable) > 10 else ''})"
        )
    if comparisons is not None and len(comparisons):
        from workbench.core.measures.stats import describe_comparison

        print()
        for row in comparisons.to_dict("records"):
            print(describe_comparison(row, lang=lang))
    if diagnosis is not None:
        _print_diagnosis(diagnosis, lang)


def print_problems(problems, lang: str) -> None:
    """Each problem on stderr after its level (오류 / 경고 / 정보: error / warning /
    info), then the three counts apart: a normal event is no warning."""
    from workbench.core.model.problems import level_word, levels_text

    problems = list(problems)
    if not problems:
        return
    for problem in problems:
        print(f"{level_word(problem.severity, lang)}: {problem.message(lang)}", file=sys.stderr)
    print(f"({levels_text(problems, lang)})", file=sys.stderr)


def cmd_agreement(args: argparse.Namespace, lang: str) -> int:
    from workbench.core.io.outputs import refuse_output_onto_inputs
    from workbench.core.measures.agreement import agreement_table, kappa_band
    from workbench.core.measures.agreement_intervals import agreement_json, assessor_standards
    from workbench.core.model.schema import EvalSettings

    if args.replicates < 1:
        print(
            "--replicates must be at least 1."
            if lang == "en"
            else "--replicates는 1 이상이어야 합니다.",
            file=sys.stderr,
        )
        return EXIT_USAGE
    refuse_output_onto_inputs(args.json, [*args.qrels, *(args.run or [])])
    study = _study(args, EvalSettings())
    print_problems(study.warnings(), lang)  # as eval does: what was read, and how
    judgments = study.judgments_in_force()
    summary = agreement_table(judgments)
    standards = assessor_standards(judgments, seed=args.seed, replicates=args.replicates)
    data = agreement_json(summary.to_dict(), standards)
    # the systems per assessor need runs: without --run there is nothing to rank
    by_assessor = study.by_assessor() if args.run else None
    data["by_assessor"] = by_assessor.to_dict() if by_assessor is not None else None
    if args.json:
        _write_json(data, args.json)
    if args.json != "-":
        if len(data["assessors"]) < 2:
            print(
                "Fewer than two assessors: nothing to compare."
                if lang == "en"
                else "평가자가 두 명 미만이라 일치도를 계산할 수 없습니다."
            )
            return EXIT_OK
        rows = [["a", "b", "n", "exact", "kappa", "kappa_quadratic", ""]]
        for pair in data["pairs"]:
            rows.append(
                [
                    pair["a"],
                    pair["b"],
                    str(pair["n"]),
                    _fmt(pair["exact"]),
                    _fmt(pair["kappa"]),
                    _fmt(pair["kappa_quadratic"]),
                    kappa_band(pair["kappa"], lang) if pair["kappa"] is not None else "",
                ]
            )
        _print_table(rows)
        print(f"\nKrippendorff alpha (ordinal): {_fmt(data['alpha_ordinal'])}")
        print(("disagreements: " if lang == "en" else "불일치 항목: ") + str(data["disagreements"]))
        print()
        _print_standards(standards, lang)
        if by_assessor is not None:
            print()
            print(by_assessor.sentence(lang))
    return EXIT_OK


def _print_standards(standards, lang: str) -> None:
    """Each assessor's mean and grades, each pair's sentence, and the intervals with
    their readings and seed (``workbench agreement`` without ``--json -``)."""
    from workbench.core.model.readings import ALPHA, WEIGHTED_KAPPA

    ko = lang == "ko"
    head = ["평가자" if ko else "assessor", "항목" if ko else "items", "평균" if ko else "mean"]
    rows = [head + [f"{g}" for g in standards.scale]]
    for a in standards.assessors:
        rows.append(
            [a.assessor, str(a.items), _fmt(a.mean)]
            + [f"{a.counts[g]} ({a.shares[g]:.0%})" for g in standards.scale]
        )
    _print_table(rows)
    print()
    for pair in standards.pairs:
        print(pair.sentence(lang))
    ci_name = "95% 구간" if ko else "95% interval"
    kappa_name = "가중 카파(이차)" if ko else "weighted kappa (quadratic)"
    alpha_name = "크리펜도르프 알파(순서형)" if ko else "Krippendorff alpha (ordinal)"
    for pair in standards.pairs:
        ci = pair.kappa_quadratic_ci
        print(
            f"{pair.a}–{pair.b} {kappa_name} {_fmt(pair.kappa_quadratic)}, {ci_name} "
            f"{ci.text()}: {ci.reading(WEIGHTED_KAPPA, lang)}. {ci.caveat(lang)}".rstrip()
        )
    ci = standards.alpha_ci
    print(
        f"{alpha_name} {_fmt(standards.alpha_ordinal)}, {ci_name} {ci.text()}: "
        f"{ci.reading(ALPHA, lang)}. {ci.caveat(lang)}".rstrip()
    )
    print(
        f"(부트스트랩: 항목 재표본 {standards.replicates}회, 시드 {standards.seed})"
        if ko
        else f"(bootstrap: {standards.replicates} resamples of the items, seed {standards.seed})"
    )


def cmd_judgments(args: argparse.Namespace, lang: str) -> int:
    """The judgments as the scores use them: TREC qrels of the resolved grades, or
    the extended workbook (every assessor's grade, hand resolutions, dissent)."""
    from workbench.core.export import judgments_task, refuse_inputs
    from workbench.core.io.atomic import atomic_write_text
    from workbench.core.model.schema import EvalSettings

    if args.resolution == ONE_ASSESSOR and not args.adjudicator:
        raise UsageError(f"--resolution {ONE_ASSESSOR} needs --adjudicator NAME")
    target = Path(args.out)
    suffix = target.suffix.lower()
    if suffix not in (".txt", ".qrels", ".xlsx"):
        raise UsageError("--out must end in .txt or .qrels (TREC qrels) or .xlsx (workbook)")
    settings = EvalSettings(resolution=args.resolution, adjudicator=args.adjudicator)
    study = _study(args, settings)
    print_problems(study.warnings(), lang)  # as eval does: what was read, and how
    if suffix == ".xlsx":
        judgments_task(target, study, lang=lang)
    else:
        refuse_inputs(target, study.sources())
        qrels = study.qrels()
        _refuse_unwritable_ids(target, qrels)
        lines = [
            f"{q} 0 {p} {int(g)}\n"
            for q, p, g in zip(qrels["question_id"], qrels["passage_id"], qrels["grade"])
        ]
        atomic_write_text(target, "".join(lines))
    print(visible(target))
    return EXIT_OK


def _refuse_unwritable_ids(target: Path, qrels) -> None:
    """TREC qrels split a line at white space and skip a line starting with ``#``:
    an id holding a space, a tab or a line break, or a question id starting with
    ``#``, would not read back as written, so it is refused with the ids named
    (the .xlsx workbook keeps every id as it is)."""
    from workbench.core.io.ids import display_text
    from workbench.core.model.problems import InputError, error

    def unwritable(value: str) -> bool:
        return not value or any(ch.isspace() for ch in value)

    bad = sorted(
        {str(q) for q in qrels["question_id"].unique() if unwritable(str(q)) or str(q)[:1] == "#"}
        | {str(p) for p in qrels["passage_id"].unique() if unwritable(str(p))}
    )
    if not bad:
        return
    shown = ", ".join(repr(display_text(x))[:60] for x in bad[:10]) + (" …" if len(bad) > 10 else "")
    raise InputError(
        [
            error(
                "qrels_id_unwritable",
                f"{len(bad)} id(s) hold a space, tab or line break (or a question id starts "
                f"with #), which TREC qrels cannot hold: {shown}. The file would not read back "
                f"as written, so {target.name} was not written. Write the judgments as .xlsx, "
                "or change those ids in the inputs.",
                f"TREC qrels에 쓸 수 없는 ID가 {len(bad)}개 있습니다(공백·탭·줄바꿈이 들었거나 "
                f"질문ID가 #로 시작): {shown}. 다시 읽으면 적은 대로 읽히지 않으므로 "
                f"{target.name} 파일을 쓰지 않았습니다. 평가 결과를 .xlsx로 쓰거나 입력의 그 ID를 "
                "바꾸세요.",
                file=target.name,
            )
        ]
    )


def _id_list(text: str | None) -> list[str] | None:
    if text is None:
        return None
    from workbench.core.io import normalize_id

    out = [normalize_id(part) for part in text.split(",") if part.strip()]
    return out or None


def cmd_pool(args: argparse.Namespace, lang: str) -> int:
    """A judging pool for one assessor (core.pool), written as the workbook to
    fill in; prints the path and how many passages it holds."""
    from workbench.core.io.outputs import refuse_output_onto_inputs
    from workbench.core.model.schema import EvalSettings
    from workbench.core.protocol.pool import build_pool, write_pool_workbook
    from workbench.core.study import now_text

    target = Path(args.out)
    names = [a.strip() for a in args.assessor or []] + (_id_list(args.assessors) or [])
    if args.calibration is not None:
        return _calibration_round(args, names, lang)
    if target.suffix.lower() != ".xlsx":
        raise UsageError("--out must end in .xlsx (the pool workbook)")
    if args.depth is not None and args.depth < 1:
        raise UsageError("--depth must be 1 or more")
    if args.assessors is not None or len(args.assessor or []) > 1:
        raise UsageError("--assessor takes one name; several assessors only with --calibration")
    if not names or not names[0]:
        raise UsageError("--assessor needs a name")
    assessor = names[0]
    refuse_output_onto_inputs(str(target), [*args.qrels, *args.run])
    settings = EvalSettings(
        ks=parse_ks(args.k), order=args.order, dedup=args.dedup, window=args.window
    )
    study = _study(args, settings)
    systems = _id_list(args.systems)
    if systems is not None:
        unknown = [x for x in systems if x not in study.systems]
        if unknown:
            raise UsageError(
                f"--systems: no system is called {', '.join(unknown)}; the systems are "
                f"{', '.join(study.systems)}"
            )
    questions = _id_list(args.questions)
    if questions is not None:
        in_runs = set(study.runs()["question_id"].astype(str))
        unknown = [q for q in questions if q not in in_runs]
        if unknown:
            raise UsageError(f"--questions: no run has the question(s) {', '.join(unknown)}")
    if args.next is not None:
        if args.next < 1:
            raise UsageError("--next must be 1 or more")
        pool = _next_pool(study, args, assessor, systems)
    else:
        pool = build_pool(
            study,
            assessor,
            depth=args.depth,
            questions=questions,
            systems=systems,
            seed=args.seed,
            time=now_text(),
        )
    write_pool_workbook(target, study, pool, lang=lang)
    n = len(pool.items)
    print(
        f"{visible(target)}: {n} passages for {visible(pool.assessor)} (depth {pool.depth}, "
        f"seed {pool.seed})"
        if lang == "en"
        else f"{visible(target)}: {visible(pool.assessor)}의 판정 풀, 문단 {n}개 "
        f"(깊이 {pool.depth}, 시드 {pool.seed})"
    )
    return EXIT_OK


def _calibration_round(args: argparse.Namespace, names: list[str], lang: str) -> int:
    """``pool --calibration N``: one workbook per assessor in the folder ``--out``,
    every one with the same N passages in the same order (core.calibration)."""
    from workbench.core.io.outputs import refuse_output_onto_inputs
    from workbench.core.model.schema import EvalSettings
    from workbench.core.protocol.calibration import build_round, round_edit
    from workbench.core.protocol.pool import write_pool_workbook
    from workbench.core.study import now_text

    if args.calibration < 1:
        raise UsageError("--calibration must be 1 or more")
    names = list(dict.fromkeys(n for n in names if n))
    if len(names) < 2:
        raise UsageError(
            "--calibration needs two or more assessors (--assessor A --assessor B, or "
            "--assessors A,B)"
        )
    for option in ("next", "depth", "questions", "systems"):
        if getattr(args, option) is not None:
            raise UsageError(f"--{option} does not go with --calibration")
    folder = Path(args.out)
    if folder.suffix.lower() == ".xlsx" or (folder.exists() and not folder.is_dir()):
        raise UsageError("with --calibration, --out is a folder (one workbook per assessor)")
    targets = {name: folder / f"calibration_{_file_part(name)}.xlsx" for name in names}
    if len({t.name.lower() for t in targets.values()}) < len(targets):
        raise UsageError("two assessors' names give the same file name; rename one")
    for target in targets.values():
        refuse_output_onto_inputs(str(target), [*args.qrels, *args.run])
    settings = EvalSettings(
        ks=parse_ks(args.k), order=args.order, dedup=args.dedup, window=args.window
    )
    study = _study(args, settings)
    edit = round_edit(
        study, build_round(study, names, args.calibration, seed=args.seed, time=now_text())
    )
    folder.mkdir(parents=True, exist_ok=True)
    for pool in edit.pools:
        write_pool_workbook(targets[pool.assessor], study, pool, lang=lang)
    n = len(edit.pools[0].items)
    seed = edit.pools[0].seed
    print(
        f"{visible(folder)}: a calibration round of {n} passages (seed {seed}) for "
        f"{', '.join(visible(x) for x in names)}"
        if lang == "en"
        else f"{visible(folder)}: 보정 라운드, 문단 {n}개 (시드 {seed}), 평가자 "
        f"{', '.join(visible(x) for x in names)}"
    )
    for name, target in targets.items():
        print(f"  {visible(name)}: {visible(target.name)}")
    return EXIT_OK


def _file_part(name: str) -> str:
    """An assessor's name as part of a file name: characters no file system takes
    (and control characters) become "_"."""
    part = "".join("_" if c in '\\/:*?"<>|' or ord(c) < 32 else c for c in name).strip(" .")
    return part or "_"


def _next_pool(study: Study, args: argparse.Namespace, assessor: str, systems: list[str] | None):
    """``pool --next N``: the N heaviest unjudged passages for every pair of the
    chosen systems on the measures the Compare page shows by default."""
    from workbench.core.measures.chart_data import default_metrics
    from workbench.core.measures.decisive import all_pairs
    from workbench.core.protocol.pool import build_next_pool, passage_results
    from workbench.core.study import now_text

    results = passage_results(study)
    return build_next_pool(
        study,
        assessor,
        args.next,
        pairs=all_pairs(systems or results.systems),
        measures=default_metrics(results),
        seed=args.seed,
        results=results,
        time=now_text(),
    )


def cmd_template(args: argparse.Namespace, lang: str) -> int:
    from workbench.core.export.templates import write_templates

    for path in write_templates(Path(args.directory)):
        print(path)
    return EXIT_OK


def cmd_screenshots(args: argparse.Namespace, lang: str) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from workbench.ui.screenshots import render_all

    langs = ["ko", "en"] if args.lang == "both" else [args.lang]
    for lang_code in langs:
        for path in render_all(
            Path(args.directory), lang_code, font_size=SCREENSHOT_FONT_SIZES[args.font_size]
        ):
            print(path)
    return EXIT_OK


HANDLERS = {
    "eval": cmd_eval,
    "agreement": cmd_agreement,
    "judgments": cmd_judgments,
    "pool": cmd_pool,
    "template": cmd_template,
    "screenshots": cmd_screenshots,
}


def run_command(argv: list[str]) -> int:
    args = command_parser().parse_args(argv)  # exits 2 on a usage error
    lang = getattr(args, "lang", None) or default_lang()
    if lang not in ("ko", "en"):
        lang = default_lang()
    from workbench.core.model.cancel import Cancelled
    from workbench.core.model.memory import gc_paused
    try:
        check_output_paths(args)
        with gc_paused:  # as the app's tasks run: no full collections over millions of rows
            return HANDLERS[args.command](args, lang)
    except UsageError as exc:
        print(f"workbench {args.command}: {shown_message(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except InputError as exc:
        print(exc.summary(lang), file=sys.stderr)
        hint = _read_grade_hint(exc, lang)
        if hint:
            print(hint, file=sys.stderr)
        return EXIT_BAD_INPUT
    except FileNotFoundError as exc:
        name = shown_name(exc.filename or str(exc))
        print(
            f"File not found: {name}" if lang == "en" else f"파일을 찾을 수 없습니다: {name}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    except Cancelled:
        return EXIT_INTERNAL
    except Exception as exc:  # a bug: log the traceback, tell the user in one sentence
        log_path = _log_exception(exc)
        print(
            f"Unexpected error ({type(exc).__name__}: {excerpt(exc, NAME_CHARS)}). Details were "
            f"written to {log_path}."
            if lang == "en"
            else f"예기치 못한 오류가 났습니다 ({type(exc).__name__}: {excerpt(exc, NAME_CHARS)}). "
            f"자세한 내용: {log_path}",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _read_grade_hint(exc: Exception, lang: str) -> str:
    """The command line's own way to take a grade typed another way: the
    messages say "check the conversion in the import preview" (they are the
    app's too); here each value that plainly means a grade gets its option."""
    from workbench.core.io.recover import propose_grade_conversions

    failed = getattr(exc, "failed_grades", None) or []
    options = [
        f"--read-grade '{c.value}={c.grade}'" for c in propose_grade_conversions(failed)
    ]
    if not options:
        return ""
    shown = " ".join(options)
    return (
        f"On the command line, read these grades as proposed with: {shown}"
        if lang == "en"
        else f"명령줄에서는 다음 옵션으로 제안대로 읽을 수 있습니다: {shown}"
    )


def _log_exception(exc: BaseException) -> Path:
    import tempfile
    import traceback

    path = Path(tempfile.gettempdir()) / "workbench-error.log"
    with open(path, "a", encoding="utf-8") as fh:
        fh.write("".join(traceback.format_exception(exc)))
    return path


def _read_inputs_ahead(argv: list[str]) -> None:
    """Start reading the TREC files named by ``--run`` / ``--qrels`` in the background.

    A 2M-line run takes about as long to read as Python takes to import pandas
    and the workbench; with the C scanner (which runs outside the GIL) the two
    overlap on a second core. Only the plain spellings are looked for: an
    abbreviated option just starts later. The files' SHA-256 is left out
    unless a report (which names it) is asked for, in any spelling argparse
    takes."""
    from workbench.core.io import trec_scan

    digest = any(_spells_report(word) for word in argv)
    for i, word in enumerate(argv):
        for option in ("--run", "--qrels"):
            if word == option and i + 1 < len(argv):
                trec_scan.read_ahead_if_trec(argv[i + 1], digest)
            elif word.startswith(option + "="):
                trec_scan.read_ahead_if_trec(word[len(option) + 1 :], digest)


def _spells_report(word: str) -> bool:
    """``--report``, or a prefix argparse takes for it (``--rep`` on: ``--re``
    could be ``--resolution``), with or without ``=PATH``."""
    option = word.split("=", 1)[0]
    return len(option) >= len("--rep") and "--report".startswith(option)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "eval":
        from workbench.core.io import trec_scan

        _read_inputs_ahead(argv)
        try:
            return run_command(argv)
        finally:  # an input the command did not get to (a usage error, say)
            trec_scan.discard_read_aheads()
    if argv and argv[0] in COMMANDS:
        return run_command(argv)
    args = app_parser().parse_args(argv)
    if args.smoke_test:
        from workbench.smoke import smoke_test

        return smoke_test()
    # before Qt starts: on a bare Linux desktop Qt aborts without its X11
    # libraries; say which packages to install instead
    from workbench.system_libraries import check

    problem = check()
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_INTERNAL
    from workbench.ui.app import run_app

    return run_app(args)


#: the commands after which the process may end at once (see :func:`entry`);
#: not ``screenshots``, whose Qt objects are left to tear down as usual
ENDS_AT_ONCE = ("eval", "agreement", "judgments", "pool", "template")


def entry() -> None:
    """The ``workbench`` program (and ``python -m workbench``, and the bundle):
    :func:`main`, then the process ends.

    After a command the process ends without the interpreter freeing every
    object one by one: the command has closed what it wrote and its output is
    flushed here, and freeing the million passage ids of a 2M-line run took
    ~0.05 s of the command's time. Where the flush fails (a closed pipe, say)
    the interpreter ends as usual and reports it.

    Before numpy loads, its OpenBLAS threads are told to sleep as soon as they
    have no work (unless the user said otherwise): by default each spins ~0.1 s
    of CPU when numpy is imported (and after each matrix product), on the core
    the file being read ahead needs. The number of threads is left alone, so
    every matrix product gives the same numbers as before."""
    os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")  # 2**4 cycles, its least
    argv = sys.argv[1:]
    code = main(argv)
    if argv and argv[0] in ENDS_AT_ONCE:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            sys.exit(code)
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    entry()
