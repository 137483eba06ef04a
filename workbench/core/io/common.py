"""Shared pieces of the readers: cancellation, progress, problem collection, slices.

Long passes over a column are done in slices of :data:`CHUNK_ROWS` rows. A
single numpy/pandas call over half a million cells holds the GIL for 50–200
ms; when a load runs on a worker thread, the GUI thread cannot run meanwhile
and the window stalls. Over a slice each call takes a few milliseconds, so the
interpreter can hand the GIL to the GUI thread between slices; :func:`breathe`
counts the slice towards the progress of the current step and checks for
cancellation.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.problems import (
    MAX_PROBLEMS_PER_FILE,
    InputError,
    Problem,
    error,
    info,
    warning,
)

#: Rows per slice of a long column pass (each call over a slice: ~1–8 ms).
CHUNK_ROWS = 20_000

#: errors about one data row's cells: leaving that row out of the load removes them
#: (header, sheet and file problems are not among them)
ROW_ERROR_CODES = frozenset(
    {
        "blank_question_id",
        "blank_passage_id",
        "grade_invalid",
        "grade_blank",
        "role_invalid",
        "rank_invalid",
        "score_invalid",
        "duplicate_conflict",
        "excel_error_cell",
        "csv_row_malformed",
    }
)


@dataclass
class FileErrors(InputError):
    """A file's errors, and what a user can do about them without editing it.

    ``failed_grades``: every distinct grade value not taken (``recover.FailedGrade``,
    counted over the whole column, not only the listed errors); ``error_rows``:
    sheet (``""`` for a text file) → the Excel rows that have a row-level error
    (:data:`ROW_ERROR_CODES`), so they can be left out.
    """

    failed_grades: list = field(default_factory=list)
    error_rows: dict = field(default_factory=dict)


@dataclass
class Steps:
    """Calls ``progress`` and checks ``cancelled`` between the steps of a load."""

    progress: Progress | None = None
    cancelled: CancelCheck | None = None

    def __call__(self, fraction: float, text: str) -> None:
        if self.cancelled is not None and self.cancelled():
            raise Cancelled()
        if self.progress is not None:
            self.progress(min(max(float(fraction), 0.0), 1.0), text)

    def check(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise Cancelled()

    @contextmanager
    def span(self, start: float, end: float, units: int, text: str) -> Iterator[None]:
        """Progress from ``start`` to ``end`` as :func:`breathe` counts ``units`` of work.

        ``units`` is an estimate (rows × passes); the fraction never passes
        ``end``. Spans nest per thread (a :class:`ContextVar`), so two loads on
        two worker threads do not mix their progress.
        """
        self(start, text)
        token = _SPAN.set(_Span(self, start, end, max(int(units), 1), text))
        try:
            yield
        finally:
            _SPAN.reset(token)


@dataclass
class _Span:
    steps: Steps
    start: float
    end: float
    units: int
    text: str
    done: int = 0

    def advance(self, units: int) -> None:
        self.done += units
        share = min(self.done / self.units, 1.0)
        self.steps(self.start + (self.end - self.start) * share, self.text)


_SPAN: ContextVar[_Span | None] = ContextVar("workbench_io_span", default=None)


def breathe(units: int = 0) -> None:
    """Between two slices: progress for ``units`` rows done, and the cancel check.

    No sleep is needed to let the GUI thread run: the interpreter hands the
    GIL to a waiting thread every few milliseconds (``sys.getswitchinterval``)
    between bytecodes, so keeping each C call short is what keeps the window
    responsive. (A ``time.sleep(0)`` here cost a system call per slice.)
    """
    span = _SPAN.get()
    if span is not None:
        span.advance(units)


def slices(n: int, size: int | None = None) -> Iterator[slice]:
    """``slice`` objects covering ``range(n)`` (``size`` rows each, default
    :data:`CHUNK_ROWS`); :func:`breathe` after each one.

    A short column (one slice) costs no hand-over at all.
    """
    size = size or CHUNK_ROWS
    if n <= size:
        yield slice(0, n)
        return
    for a in range(0, n, size):
        b = min(a + size, n)
        yield slice(a, b)
        breathe(b - a)


@dataclass
class Collector:
    """Gathers the problems of one file, at most ``MAX_PROBLEMS_PER_FILE`` of each severity."""

    file: str
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    dropped_errors: int = 0
    dropped_warnings: int = 0
    #: text files have no sheets: problems then name only the file and the line
    text_file: bool = False
    #: (sheet, value) → recover.FailedGrade, every grade value the check refused
    failed_grades: dict = field(default_factory=dict)
    #: sheet ("" for a text file) → rows with a row-level error (ROW_ERROR_CODES)
    error_rows: dict = field(default_factory=dict)

    def _where(self, where: dict) -> dict:
        where.setdefault("file", self.file)
        if self.text_file:
            where["sheet"] = None
        return where

    def error(self, code: str, en: str, ko: str, **where) -> None:
        where = self._where(where)
        if code in ROW_ERROR_CODES and where.get("row") is not None:
            rows = self.error_rows.setdefault(where.get("sheet") or "", set())
            rows.add(int(where["row"]))
        if len(self.errors) < MAX_PROBLEMS_PER_FILE:
            self.errors.append(error(code, en, ko, **where))
        else:
            self.dropped_errors += 1

    def warning(self, code: str, en: str, ko: str, **where) -> None:
        where = self._where(where)
        if len(self.warnings) < MAX_PROBLEMS_PER_FILE:
            self.warnings.append(warning(code, en, ko, **where))
        else:
            self.dropped_warnings += 1

    def info(self, code: str, en: str, ko: str, **where) -> None:
        """A normal event worth telling (what was read, as expected or as confirmed):
        kept with the warnings, shown and counted as info (never as a warning)."""
        where = self._where(where)
        if len(self.warnings) < MAX_PROBLEMS_PER_FILE:
            self.warnings.append(info(code, en, ko, **where))
        else:
            self.dropped_warnings += 1

    def add(self, problem: Problem) -> None:
        bucket = self.errors if problem.is_error else self.warnings
        if len(bucket) < MAX_PROBLEMS_PER_FILE:
            bucket.append(problem)
        elif problem.is_error:
            self.dropped_errors += 1
        else:
            self.dropped_warnings += 1

    @property
    def has_errors(self) -> bool:
        return bool(self.errors)

    def problems(self) -> list[Problem]:
        out = list(self.errors) + list(self.warnings)
        if self.dropped_errors:
            out.append(
                error(
                    "more_errors",
                    f"{self.dropped_errors} more errors are not listed; fix the ones above and "
                    "load the file again.",
                    f"오류 {self.dropped_errors}개가 더 있지만 표시하지 않았습니다. 위의 오류를 "
                    "고친 뒤 다시 불러오세요.",
                    file=self.file,
                )
            )
        if self.dropped_warnings:
            out.append(
                warning(
                    "more_warnings",
                    f"{self.dropped_warnings} more warnings are not listed.",
                    f"경고 {self.dropped_warnings}개가 더 있지만 표시하지 않았습니다.",
                    file=self.file,
                )
            )
        return out

    def warnings_list(self) -> list[Problem]:
        return [p for p in self.problems() if not p.is_error]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise FileErrors(
                self.problems(),
                failed_grades=list(self.failed_grades.values()),
                error_rows={k: sorted(v) for k, v in self.error_rows.items()},
            )
