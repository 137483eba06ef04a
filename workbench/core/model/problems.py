"""Problems found in user input: where they are, what was expected, how to fix them.

Every reader collects :class:`Problem` objects instead of stopping at the first
one, so a user can fix a whole file in one pass. Errors stop a load (raised as
:class:`InputError`); warnings travel with the loaded data into the results
and the report. Each problem carries its message in Korean and in English;
the UI picks the language, the CLI prints the one in force.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from workbench.core.model.choices import LEVELS

#: A file with more problems than this reports the first ones and a count of the rest.
MAX_PROBLEMS_PER_FILE = 200

#: the longest text of a file a message quotes
EXCERPT_CHARS = 80
#: the longest file name or path a message shows
NAME_CHARS = 300
#: how many of a file's headers (or other names) a message lists
LISTED_NAMES = 20
#: about the most characters such a list takes in a message
LISTED_CHARS = 200
#: the longest message a problem keeps: a last bound, whatever a message quotes
MESSAGE_CHARS = 2000


def _visible_char(ch: str) -> str:
    if 0xD800 <= ord(ch) <= 0xDFFF:
        return f"\\u{ord(ch):04x}"
    return repr(ch)[1:-1]


def visible(text: object, keep: str = "") -> str:
    """``text`` with control and escape characters made visible (``\\x1b``,
    ``\\x00``) so nothing printed can move the cursor or recolour a terminal;
    the characters of ``keep`` (say a line feed) stay as they are."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or ch == " " or ch in keep else _visible_char(ch) for ch in text
    )


def excerpt(text: object, limit: int = EXCERPT_CHARS) -> str:
    """``text`` as a message may quote it: control and escape characters made
    visible (see :func:`visible`) and at most ``limit`` characters (then "…") —
    a message about ``/proc/self/environ`` must not print the environment."""
    text = str(text)
    cut = len(text) > limit
    return visible(text[:limit]) + ("…" if cut else "")


def shown_name(path: object, limit: int = NAME_CHARS) -> str:
    """A file name or path as a message shows it (see :func:`excerpt`): a name
    holding ``\\x1b[31m`` is printed as those characters, not as red text."""
    return excerpt(str(path), limit)


def shown_message(text: object) -> str:
    """A whole message as printed: its lines and tabs kept, any other control
    character made visible, at most :data:`MESSAGE_CHARS` characters."""
    text = str(text)
    cut = "…" if len(text) > MESSAGE_CHARS else ""
    return visible(text[:MESSAGE_CHARS], keep="\n\t") + cut


def shown_list(names: list | tuple, limit: int = LISTED_NAMES, sep: str = ", ") -> str:
    """The first of ``names`` (headers, say), each an :func:`excerpt`, at most
    ``limit`` of them and about :data:`LISTED_CHARS` characters in all, then how
    many more: a file's header row can be anything, even a whole file."""
    shown: list[str] = []
    total = 0
    for name in names[:limit]:
        if shown and total + len(sep) + min(len(str(name)), EXCERPT_CHARS) > LISTED_CHARS:
            break
        shown.append(excerpt(name))
        total += len(sep) + len(shown[-1])
    rest = len(names) - len(shown)
    return sep.join(shown) + (f"{sep}… (+{rest:,})" if rest > 0 else "")


class Severity(str, Enum):
    """Three levels, counted apart: an error stops a load; a warning asks the user to
    look (a number may be off); an info says what happened as expected (e.g. "both
    judgment sheets were read") and is shown, never counted as a warning."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Problem:
    """One problem in one place of one input file.

    ``row`` is the row number as Excel shows it (1-based, the header row
    included) or the line number of a text file; ``column`` is the header
    as written in the file.
    """

    severity: Severity
    code: str
    message_en: str
    message_ko: str
    file: str = ""
    sheet: str | None = None
    row: int | None = None
    column: str | None = None

    def __post_init__(self) -> None:
        # every message is printed somewhere (a terminal, a report cell): what
        # it quotes from a file can neither recolour the screen nor run on
        for name in ("message_en", "message_ko"):
            text = getattr(self, name)
            if len(text) > MESSAGE_CHARS or not text.isprintable():
                object.__setattr__(self, name, shown_message(text))
        for name in ("file", "sheet", "column"):
            text = getattr(self, name)
            if isinstance(text, str) and (len(text) > NAME_CHARS or not text.isprintable()):
                object.__setattr__(self, name, shown_name(text))

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def is_warning(self) -> bool:
        return self.severity is Severity.WARNING

    @property
    def is_info(self) -> bool:
        return self.severity is Severity.INFO

    def location(self, lang: str = "ko") -> str:
        parts: list[str] = []
        if self.file:
            parts.append(self.file)
        if self.sheet:
            parts.append(f"시트 '{self.sheet}'" if lang == "ko" else f"sheet '{self.sheet}'")
        if self.row is not None:
            parts.append(f"{self.row}행" if lang == "ko" else f"row {self.row}")
        if self.column:
            parts.append(f"열 '{self.column}'" if lang == "ko" else f"column '{self.column}'")
        return ", ".join(parts)

    def text(self, lang: str = "ko") -> str:
        """The message alone, in ``lang`` ("ko" or "en")."""
        return self.message_ko if lang == "ko" else self.message_en

    def message(self, lang: str = "ko") -> str:
        """Location and message, e.g. ``judgments.xlsx, 시트 '평가', 17행, 열 '등급': …``."""
        where = self.location(lang)
        return f"{where}: {self.text(lang)}" if where else self.text(lang)

    def to_dict(self) -> dict:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "file": self.file,
            "sheet": self.sheet,
            "row": self.row,
            "column": self.column,
            "message_en": self.message_en,
            "message_ko": self.message_ko,
        }


def error(code: str, en: str, ko: str, **where) -> Problem:
    return Problem(Severity.ERROR, code, en, ko, **where)


def warning(code: str, en: str, ko: str, **where) -> Problem:
    return Problem(Severity.WARNING, code, en, ko, **where)


def info(code: str, en: str, ko: str, **where) -> Problem:
    return Problem(Severity.INFO, code, en, ko, **where)


def count_levels(problems) -> tuple[int, int, int]:
    """(errors, warnings, infos) among ``problems``: the three are always counted apart."""
    errors = warnings = infos = 0
    for p in problems:
        if p.is_error:
            errors += 1
        elif p.is_info:
            infos += 1
        else:
            warnings += 1
    return errors, warnings, infos


#: each level's word, as every list of problems shows it (Korean, English)
LEVEL_WORDS = {Severity(c.key): (c.label_ko, c.label_en) for c in LEVELS}


def level_word(severity: Severity, lang: str = "ko") -> str:
    """"오류" / "경고" / "정보" ("error" / "warning" / "info")."""
    ko, en = LEVEL_WORDS[severity]
    return ko if lang == "ko" else en


def levels_text(problems, lang: str = "ko") -> str:
    """The three counts apart, e.g. ``오류 0 · 경고 2 · 정보 1`` (``0 errors · 2 warnings · 1 info``)."""
    errors, warnings, infos = count_levels(problems)
    if lang == "ko":
        return f"오류 {errors} · 경고 {warnings} · 정보 {infos}"
    return (
        f"{errors} error{'s' if errors != 1 else ''} · "
        f"{warnings} warning{'s' if warnings != 1 else ''} · {infos} info"
    )


@dataclass
class InputError(Exception):
    """A file could not be used. ``problems`` holds every error found (and the warnings)."""

    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.summary("en"))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    def summary(self, lang: str = "ko", limit: int = 20) -> str:
        shown = self.errors or self.problems
        lines = [p.message(lang) for p in shown[:limit]]
        rest = len(shown) - limit
        if rest > 0:
            lines.append(f"… 그 밖에 {rest}개" if lang == "ko" else f"… and {rest} more")
        return "\n".join(lines)

    def __str__(self) -> str:  # dataclass would otherwise print the field list
        return self.summary("en")
