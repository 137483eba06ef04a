"""Where a system comes from, as every systems list shows it: the file and the
sheet, and the folder when two loaded files have the same name (two teams'
``runs.xlsx``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from workbench.core.model.korean import Word
from workbench.core.protocol.system_cards import SystemCard, card_lines
from workbench.core.study import SystemInfo
from workbench.ui.i18n import current_language


def _folder(path: str) -> str:
    return Path(path).parent.name if path else ""


def file_text(info: SystemInfo, infos: Sequence[SystemInfo] = ()) -> str:
    """``runs.xlsx``, or ``runs.xlsx (팀A)`` when another loaded file has the same
    name in another folder."""
    name = info.file or QCoreApplication.translate("Systems", "(no file name)")
    twins = {i.path for i in infos if i.file == info.file and i.path != info.path}
    if twins and info.path:
        return QCoreApplication.translate("Systems", "{file} ({folder})").format(
            file=name, folder=_folder(info.path) or info.path
        )
    return name


def source_text(info: SystemInfo, infos: Sequence[SystemInfo] = ()) -> str:
    """``runs.xlsx, sheet BM25`` (or the file alone for a text file)."""
    where = file_text(info, infos)
    if info.sheet:
        return QCoreApplication.translate("Systems", "{file}, sheet {sheet}").format(
            file=where, sheet=info.sheet
        )
    return where


def system_tooltip(
    info: SystemInfo,
    infos: Sequence[SystemInfo] = (),
    rename_hint: bool = False,
    card: SystemCard | None = None,
) -> str:
    """The system's name, its file and sheet, the folder, and what it is called in
    the file when it goes by another name here (``rename_hint``: how to rename it
    in this list); then its system card (retriever, models, chunking, K, stage),
    one line per filled field."""
    lines = [
        QCoreApplication.translate("Systems", "{name}: from {source}").format(
            name=info.name, source=source_text(info, infos)
        ),
    ]
    if info.path:
        lines.append(
            QCoreApplication.translate("Systems", "Folder: {folder}").format(
                folder=str(Path(info.path).parent)
            )
        )
    if info.name != info.original:
        if info.renamed_by_user:
            lines.append(
                QCoreApplication.translate(
                    "Systems", "Named '{original}' in the file; renamed by you."
                ).format(original=Word(info.original))
            )
        else:
            lines.append(
                QCoreApplication.translate(
                    "Systems",
                    "Named '{original}' in the file; another system has that name, so it is "
                    "called '{name}' here. Rename it to choose another name.",
                ).format(original=Word(info.original), name=Word(info.name))
            )
    filled = card_lines(card, current_language()) if card is not None else []
    if filled:
        lines.append("")
        lines += [f"{label}: {value}" for label, value in filled]
    if rename_hint:
        lines.append(
            QCoreApplication.translate("Systems", "Double-click or right-click to rename.")
        )
    return "\n".join(lines)


def infos_by_name(infos: Sequence[SystemInfo]) -> dict[str, SystemInfo]:
    return {i.name: i for i in infos}
