"""Shared pieces of the readers: cancellation, progress, problem collection."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from workbench.core.problems import (
    MAX_PROBLEMS_PER_FILE,
    InputError,
    Problem,
    error,
    warning,
)

Progress = Callable[[float, str], None]
CancelCheck = Callable[[], bool]


class Cancelled(Exception):
    """The user cancelled a load; nothing was loaded."""


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

    def _where(self, where: dict) -> dict:
        where.setdefault("file", self.file)
        if self.text_file:
            where["sheet"] = None
        return where

    def error(self, code: str, en: str, ko: str, **where) -> None:
        where = self._where(where)
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
            raise InputError(self.problems())
