"""Benchmark: ``workbench eval`` end to end against pytrec_eval and C trec_eval.

Writes a TREC run (one system, N questions × 1,000 retrieved passages) and
its qrels (60 judgments per question, a few questions without any relevant
one) into a temporary folder, then times three separate processes on the same
files, interleaved (the order rotates each round) after one untimed run of each
(bytecode caches written as on a user's machine, files in the page cache), and
prints the median wall time of each, its ratio to pytrec_eval and to
trec_eval, and each process's peak resident memory (``os.wait4`` rusage of that child alone):

- ``workbench eval --qrels Q --run R --order trec --gain linear
  --k 1,3,5,10,20,50,100 --json OUT`` (per-question JSON);
- pytrec_eval: the files parsed in Python (the usual way, a dict of dicts),
  evaluated in C, per-question results written as JSON;
- trec_eval (C) ``-q`` with the same measures, output to a file. With
  ``--trec-eval-source DIR`` (or ``TREC_EVAL_SOURCE``), a trec_eval source
  tree, it is built with ``make`` and -O2 in a temporary folder (skipped with
  a message when there is no compiler); else the binary is taken from
  ``--trec-eval PATH``, the ``TREC_EVAL`` environment variable, or
  ``trec_eval`` on PATH; without one that peer is skipped.

Targets: at 2M rows ≤ 0.6 × pytrec_eval and ≤ 0.8 × trec_eval; at 7M rows
≤ 1 GB peak RSS for the workbench.

    python tests/benchmarks/bench_cli.py [--sizes 0.5M,2M,7M] [--repeat 3]
                                         [--trec-eval-source DIR | --trec-eval PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np

KS = (1, 3, 5, 10, 20, 50, 100)
DEPTH = 1000
JUDGED = 60

PYTREC_SCRIPT = textwrap.dedent(
    """
    import json, sys
    import pytrec_eval

    qrels_path, run_path, out_path, cut = sys.argv[1:5]
    qrels = {}
    with open(qrels_path) as fh:
        for line in fh:
            qid, _, docid, rel = line.split()
            qrels.setdefault(qid, {})[docid] = int(rel)
    run = {}
    with open(run_path) as fh:
        for line in fh:
            qid, _, docid, _, score, _ = line.split()
            run.setdefault(qid, {})[docid] = float(score)
    measures = {f"P.{cut}", f"recall.{cut}", f"success.{cut}", f"ndcg_cut.{cut}",
                f"map_cut.{cut}", "recip_rank", "map", "Rprec"}
    result = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
    with open(out_path, "w") as fh:
        json.dump(result, fh)
    """
)


def parse_size(text: str) -> int:
    text = text.strip().upper()
    scale = 1
    if text.endswith("M"):
        scale, text = 1_000_000, text[:-1]
    elif text.endswith("K"):
        scale, text = 1_000, text[:-1]
    return int(float(text) * scale)


def docno(d: int) -> str:
    """Document numbers shaped like TREC's own collections (``FR940202-2-00150``)."""
    day, rest = divmod(d, 20_000)
    return f"FR94{day // 28 + 1:02d}{day % 28 + 1:02d}-{rest // 10_000 + 1}-{rest % 10_000:05d}"


def write_files(folder: Path, rows: int, seed: int = 11) -> tuple[Path, Path]:
    """A TREC run of ``rows`` lines (1,000 per question) and its qrels; vectorised."""
    rng = np.random.default_rng(seed)
    n_q = max(rows // DEPTH, 1)
    corpus = 2_000_000
    qids = np.array([f"{301 + i}" for i in range(n_q)], dtype=object)
    docs = rng.integers(0, corpus, size=(n_q, DEPTH))
    # distinct passages within a list: add the position times a prime, mod corpus
    docs = (docs[:, :1] + np.arange(DEPTH) * 7919) % corpus
    scores = np.sort(rng.random((n_q, DEPTH)), axis=1)[:, ::-1] * 20
    run_path = folder / "bench.run"
    with open(run_path, "w", encoding="ascii") as fh:
        ranks = [str(r) for r in range(1, DEPTH + 1)]
        for i in range(n_q):
            q = qids[i]
            lines = [
                f"{q} Q0 {docno(d)} {r} {s:.6f} bm25\n"
                for d, r, s in zip(docs[i].tolist(), ranks, scores[i].tolist())
            ]
            fh.write("".join(lines))
    qrels_path = folder / "bench.qrels"
    with open(qrels_path, "w", encoding="ascii") as fh:
        for i in range(n_q):
            # half of the judged passages from the top 200 retrieved, half from elsewhere
            top = rng.choice(200, JUDGED // 2, replace=False)
            judged = np.unique(np.r_[docs[i, top], rng.integers(0, corpus, JUDGED // 2)])
            if i % 50 == 7:  # a question without any relevant passage (R = 0)
                grades = np.zeros(judged.size, dtype=np.int64)
            else:
                grades = rng.choice([0, 1, 2, 3], judged.size, p=[0.5, 0.25, 0.15, 0.1])
            fh.write(
                "".join(f"{qids[i]} 0 {docno(d)} {g}\n" for d, g in zip(judged.tolist(), grades))
            )
    return qrels_path, run_path


# The children run as on a user's machine: Python keeps its bytecode caches (a
# sandbox or CI may set PYTHONDONTWRITEBYTECODE, which makes every start of the
# workbench compile its own modules again, ~0.2 s, while the peers' few modules
# come precompiled from site-packages).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one child process (its own rusage via wait4)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=CHILD_ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed ({proc.returncode}): {err[-2000:]}")
    return wall, usage.ru_maxrss / 1024  # ru_maxrss is in KB on Linux


def find_trec_eval(given: str | None) -> str | None:
    for candidate in (given, os.environ.get("TREC_EVAL"), shutil.which("trec_eval")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def build_trec_eval(source: Path, into: Path) -> str | None:
    """trec_eval built from its source tree (a copy in ``into``, ``make`` with -O2).

    None, with the reason printed, when there is no compiler or the build fails:
    that peer is then skipped. The source is only read (the build runs in a copy).
    """
    if not (source / "Makefile").is_file():
        print(f"trec_eval: {source} holds no Makefile; that peer is skipped.")
        return None
    if shutil.which("make") is None or not (shutil.which("cc") or shutil.which("gcc")):
        print("trec_eval: no make or C compiler; that peer is skipped.")
        return None
    work = into / "trec_eval_src"
    shutil.copytree(source, work, ignore=shutil.ignore_patterns(".git", "*.o", "trec_eval"))
    # the Makefile's own flags have no optimisation; -O2 is a fair peer
    cflags = '-O2 -I. -DVERSIONID=\\"bench\\"'
    done = subprocess.run(
        ["make", "-s", f"CFLAGS={cflags}", "trec_eval"], cwd=work, capture_output=True, text=True
    )
    binary = work / "trec_eval"
    if done.returncode != 0 or not binary.is_file():
        print(f"trec_eval: the build failed; that peer is skipped.\n{done.stderr[-1500:]}")
        return None
    print(f"trec_eval: built from {source.name} with -O2")
    return str(binary)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="0.5M,2M,7M", help="run rows per size (default all three)")
    ap.add_argument("--repeat", type=int, default=3, help="rounds per size (median; ≥ 3)")
    ap.add_argument("--trec-eval", default=None, help="path of a trec_eval binary")
    ap.add_argument(
        "--trec-eval-source",
        default=os.environ.get("TREC_EVAL_SOURCE"),
        help="a trec_eval source tree to build with make -O2 in a temporary folder",
    )
    args = ap.parse_args()
    sizes = [parse_size(s) for s in args.sizes.split(",") if s.strip()]
    repeat = max(args.repeat, 3)
    cut = ",".join(str(k) for k in KS)

    build_dir = tempfile.TemporaryDirectory()
    trec_eval = None
    if args.trec_eval_source:
        trec_eval = build_trec_eval(Path(args.trec_eval_source), Path(build_dir.name))
    trec_eval = trec_eval or find_trec_eval(args.trec_eval)
    if trec_eval is None:
        print(
            "trec_eval: no binary found (--trec-eval PATH, TREC_EVAL, or PATH); "
            "that peer is skipped."
        )
    try:
        import pytrec_eval  # noqa: F401

        have_pytrec = True
    except ImportError:
        have_pytrec = False
        print("pytrec_eval is not installed; that peer is skipped.")

    table = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        script = folder / "pytrec_peer.py"
        script.write_text(PYTREC_SCRIPT)
        for rows in sizes:
            t0 = time.perf_counter()
            qrels, run = write_files(folder, rows)
            print(
                f"\n{rows:,} run rows ({run.stat().st_size / 1e6:.0f} MB), qrels "
                f"{qrels.stat().st_size / 1e6:.1f} MB, written in {time.perf_counter() - t0:.1f} s"
            )
            tools: dict[str, list[str]] = {
                "workbench eval": [
                    sys.executable, "-m", "workbench", "eval", "--qrels", str(qrels),
                    "--run", str(run), "--order", "trec", "--gain", "linear", "--k", cut,
                    "--json", str(folder / "wb.json"),
                ],
            }  # fmt: skip
            if have_pytrec:
                tools["pytrec_eval"] = [
                    sys.executable, str(script), str(qrels), str(run),
                    str(folder / "pytrec.json"), cut,
                ]  # fmt: skip
            if trec_eval:
                measures = []
                for m in ("P", "recall", "success", "ndcg_cut", "map_cut"):
                    measures += ["-m", f"{m}.{cut}"]
                measures += ["-m", "recip_rank", "-m", "map", "-m", "Rprec"]
                tools["trec_eval"] = [
                    "sh", "-c",
                    " ".join([trec_eval, "-q", *measures, str(qrels), str(run)])
                    + f" > {folder / 'trec_eval.out'}",
                ]  # fmt: skip
            walls: dict[str, list[float]] = {name: [] for name in tools}
            peaks: dict[str, list[float]] = {name: [] for name in tools}
            names = list(tools)
            for name in names:  # not timed: bytecode caches written, files in the page cache
                timed(tools[name])
            for round_no in range(repeat):
                turn = names[round_no % len(names) :] + names[: round_no % len(names)]
                for name in turn:
                    wall, peak = timed(tools[name])
                    walls[name].append(wall)
                    peaks[name].append(peak)
                    print(f"  round {round_no + 1} {name:15s} {wall:7.2f} s {peak:7.0f} MB")
            check_agreement(
                folder / "wb.json",
                folder / "pytrec.json" if have_pytrec else None,
                folder / "trec_eval.out" if trec_eval else None,
            )
            med = {name: statistics.median(v) for name, v in walls.items()}
            for name in names:
                table.append(
                    (
                        rows,
                        name,
                        med[name],
                        med[name] / med["pytrec_eval"] if "pytrec_eval" in med else None,
                        med[name] / med["trec_eval"] if "trec_eval" in med else None,
                        max(peaks[name]),
                    )
                )
            os.remove(run)
            os.remove(qrels)

    print(f"\nmedian of {repeat} interleaved rounds; peak RSS of each process")
    print(f"{'rows':>10}  {'tool':15s}  {'wall s':>7}  {'× pytrec':>8}  {'× trec_eval':>11}  {'peak MB':>8}")
    for rows, name, wall, r_py, r_te, peak in table:
        py = f"{r_py:8.2f}" if r_py is not None else f"{'–':>8}"
        te = f"{r_te:11.2f}" if r_te is not None else f"{'–':>11}"
        print(f"{rows:>10,}  {name:15s}  {wall:7.2f}  {py}  {te}  {peak:8.0f}")
    print(
        "targets: at 2M rows workbench ≤ 0.6 × pytrec_eval and ≤ 0.8 × trec_eval; "
        "at 7M rows peak ≤ 1024 MB"
    )
    return 0


def check_agreement(workbench_json: Path, pytrec_json: Path | None, trec_out: Path | None) -> None:
    """The numbers must agree, or the timing compares different work.

    Against C trec_eval (4 decimals printed) every value must match. pytrec_eval
    embeds an older trec_eval that keeps scores as 32-bit floats, so two scores
    that differ in the 8th digit tie there and may be ordered by id instead:
    its disagreements are counted, not fatal.
    """
    ours = json.loads(workbench_json.read_text())
    pairs = {"P@10": "P_10", "MAP": "map", "nDCG@10": "ndcg_cut_10", "MRR": "recip_rank"}
    records = ours["per_question"][:500]
    if trec_out is not None and trec_out.exists():
        theirs: dict = {}
        for line in trec_out.read_text().splitlines():
            name, qid, value = line.split()
            theirs.setdefault(qid, {})[name] = float(value)
        checked = 0
        for rec in records:
            for mine, te in pairs.items():
                a, b = rec["metrics"][mine], theirs[rec["question_id"]][te]
                if abs(a - b) > 5e-5 + 1e-9:  # printed with 4 decimals
                    raise SystemExit(f"disagreement with trec_eval on {rec['question_id']} {mine}")
                checked += 1
        print(f"  agreement with trec_eval checked on {checked} values")
    if pytrec_json is not None and pytrec_json.exists():
        theirs = json.loads(pytrec_json.read_text())
        off = sum(
            abs(rec["metrics"][mine] - theirs[rec["question_id"]][te]) > 1e-9
            for rec in records
            for mine, te in pairs.items()
        )
        print(f"  pytrec_eval: {off} of {len(records) * len(pairs)} values differ (float32 scores)")


if __name__ == "__main__":
    sys.exit(main())
