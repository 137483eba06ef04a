"""Benchmark: loading a large JSON ground-truth file vs ``json.loads`` of the same bytes.

Writes JSON files of a few sizes (a list of ``{"id", "question",
"relevantDocuments": [{"documentId", "relevance"}]}`` items, one per line
group, as the seed article's format), then times, best of N,
``workbench.core.io.load_judgments`` — depth check, parse with duplicate-key
detection, line numbers for every item, id hygiene, grade checks — against
a plain ``json.loads`` of the same bytes (the peer). Prints both times and
the ratio per size: a ratio that stays flat as the size grows means the
reader is linear (line numbers used to be counted from the top for every
item: 10 s at 25 MB, 15 min at 250 MB).

    python tests/benchmarks/bench_json.py [--sizes 5,10,25] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path


def write_json(path: Path, megabytes: float, docs_per_question: int = 10) -> int:
    """A ground-truth file of about ``megabytes`` MB; returns the number of judgments."""
    target = int(megabytes * 1e6)
    parts = ["["]
    size = 1
    n = 0
    q = 0
    while size < target:
        q += 1
        docs = ",\n    ".join(
            json.dumps({"documentId": f"D{q:06d}-{j:02d}", "relevance": (q + j) % 4})
            for j in range(docs_per_question)
        )
        item = (
            ("," if q > 1 else "")
            + f'\n  {{"id": "Q{q:06d}", "question": "질문 {q}: 참사랑의 정의는 어느 강연에서 '
            f'처음 설명되는가?",\n   "relevantDocuments": [\n    {docs}]}}'
        )
        parts.append(item)
        size += len(item.encode("utf-8"))
        n += docs_per_question
    parts.append("\n]\n")
    path.write_text("".join(parts), encoding="utf-8")
    return n


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="5,10,25", help="file sizes in MB, comma-separated")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    from workbench.core.io import load_judgments

    sizes = [float(s) for s in args.sizes.split(",") if s]
    print(f"{'size':>8}  {'judgments':>10}  {'load_judgments':>14}  {'json.loads':>10}  ratio")
    with tempfile.TemporaryDirectory() as tmp:
        for mb in sizes:
            path = Path(tmp) / f"truth_{mb:g}mb.json"
            n = write_json(path, mb)
            data = path.read_bytes()
            js = load_judgments(path)
            assert len(js.judgments) == n, (len(js.judgments), n)
            ours = best_of(lambda path=path: load_judgments(path), args.repeat)
            peer = best_of(lambda data=data: json.loads(data), args.repeat)
            print(
                f"{len(data) / 1e6:6.1f}MB  {n:>10,}  {ours:12.3f} s  {peer:8.3f} s  "
                f"{ours / peer:5.1f}x"
            )
    print("ratio = load_judgments / json.loads of the same bytes (flat across sizes = linear)")


if __name__ == "__main__":
    main()
