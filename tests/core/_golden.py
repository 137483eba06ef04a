"""What the workbench computes and writes, captured as plain data, so a change of
structure (modules moved, functions split) can be shown to change no behaviour.

``snapshot(tmp)`` runs ``workbench eval`` in-process on the demo and on the
synthetic fixtures under several settings (JSON to a file, with ``--compare``),
writes the demo's Excel report in both languages and reads back every cell
value of every sheet. Timestamps, the app version and the temporary folder are
replaced by placeholders. ``python tests/core/_golden.py`` stores the snapshot in
``tests/core/golden/`` (only before a restructuring; never to make a test pass).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import tempfile
from pathlib import Path

from openpyxl import load_workbook

HERE = Path(__file__).resolve().parent
STORE = HERE / "golden" / "behaviour.json.gz"
sys.path.insert(0, str(HERE))

_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?(\.\d+)?")


def _clean(value, tmp: str):
    if isinstance(value, str):
        value = value.replace(tmp, "<tmp>")
        value = _STAMP.sub("<time>", value)
        from workbench import __version__

        return value.replace(__version__, "<version>")
    if isinstance(value, float):
        return round(value, 12)
    if isinstance(value, dict):
        return {k: _clean(v, tmp) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v, tmp) for v in value]
    if hasattr(value, "isoformat"):
        return "<time>"
    return value


def _fixture_files(folder: Path) -> tuple[Path, Path]:
    """The report tests' synthetic inputs as files a user could hand over."""
    from test_report_fixtures import make_inputs

    from workbench.core.model import schema as s

    qrels, runs, _questions, _passages = make_inputs(n_questions=15, systems=("BM25", "Vector", "Hybrid"))
    qrels_path = folder / "fixture_qrels.csv"
    runs_path = folder / "fixture_runs.csv"
    qrels[[s.QID, s.PID, s.GRADE]].to_csv(qrels_path, index=False)
    cols = [c for c in (s.QID, s.PID, s.RANK, s.SCORE, s.SYSTEM) if c in runs.columns]
    runs[cols].to_csv(runs_path, index=False)
    return qrels_path, runs_path


def _eval(args: list[str], out: Path) -> dict:
    from workbench.cli import main

    code = main(["eval", *args, "--json", str(out)])
    assert code == 0, (args, code)
    return json.loads(out.read_text(encoding="utf-8"))


def _cells(path: Path) -> dict:
    book = load_workbook(path, read_only=True)
    try:
        return {
            ws.title: [list(row) for row in ws.iter_rows(values_only=True)]
            for ws in book.worksheets
        }
    finally:
        book.close()


def snapshot(tmp: Path) -> dict:
    from workbench.paths import demo_dir

    demo = demo_dir()
    judgments, runs = str(demo / "judgments.xlsx"), str(demo / "runs.xlsx")
    answers = demo / "answers.xlsx"
    fq, fr = _fixture_files(tmp)
    cases = {
        "demo_default": ["--qrels", judgments, "--run", runs, "--compare"],
        "demo_trec": ["--qrels", judgments, "--run", runs, "--order", "trec", "--gain", "linear",
                      "--k", "1,3,5,10,20"],
        "demo_document": ["--qrels", judgments, "--run", runs, "--unit", "document",
                          "--dedup", "document", "--threshold", "2"],
        "demo_adjacent": ["--qrels", judgments, "--run", runs, "--dedup", "adjacent",
                          "--compare", "--test", "t"],
        "fixture_default": ["--qrels", str(fq), "--run", str(fr), "--compare", "--test", "wilcoxon"],
    }
    if answers.exists():
        cases["demo_answers"] = ["--qrels", judgments, "--run", runs, "--answers", str(answers)]
    out: dict = {"eval": {}, "report": {}}
    for name, args in cases.items():
        out["eval"][name] = _eval(args, tmp / f"{name}.json")
    from workbench.cli import main

    for lang in ("ko", "en"):
        report = tmp / f"report_{lang}.xlsx"
        code = main(["eval", "--qrels", judgments, "--run", runs, "--compare", "--lang", lang,
                     "--report", str(report)])
        assert code == 0
        out["report"][lang] = _cells(report)
    return _clean(out, str(tmp))


def stored() -> dict:
    with gzip.open(STORE, "rt", encoding="utf-8") as handle:
        return json.load(handle)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        data = snapshot(Path(folder))
    STORE.parent.mkdir(exist_ok=True)
    with gzip.open(STORE, "wt", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, sort_keys=True, default=str)
    print(f"stored {STORE}")
