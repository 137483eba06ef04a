"""The questions the main window asks about the study's lifecycle: a new study
or these judgments in place of the loaded ones, close the demo, keep the work
when the judgments are replaced, systems with names the study has, save before
closing. Every question is a message box with an object name (tests answer by
it) and returns a key, never a button."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QInputDialog, QMessageBox

from workbench.core.model.korean import Word


class LifecycleQuestions:
    """The main window's questions (a part of
    :class:`~workbench.ui.main_window.MainWindow`, which holds the state)."""

    def ask(
        self,
        name: str,
        title: str,
        text: str,
        choices: list[tuple[str, str, QMessageBox.ButtonRole]],
        info: str = "",
        escape: str | None = None,
    ) -> str | None:
        """A question with buttons: ``choices`` are (key, label, role), the first one
        the default; returns the key clicked (None: the box was closed). ``name``
        is the box's object name (tests answer by it)."""
        box = QMessageBox(self)
        box.setObjectName(name)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(title)
        box.setText(text)
        if info:
            box.setInformativeText(info)
        buttons = {box.addButton(label, role): key for key, label, role in choices}
        box.setDefaultButton(next(iter(buttons)))
        if escape is not None:
            box.setEscapeButton(next(b for b, key in buttons.items() if key == escape))
        box.exec()
        return buttons.get(box.clickedButton())

    def ask_new_study_or_replace(self, file_name: str) -> str:
        """Judgments opened while a study with system results is open: ``"new"`` (a
        new study with these judgments), ``"replace"`` (the judgments of this study;
        its system results stay, and the preview says whether the new judgments
        judge them) or ``"cancel"``."""
        systems = self.state.study.systems
        shown = ", ".join(systems[:4]) + (" …" if len(systems) > 4 else "")
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "newStudyOrReplace",
            self.tr("Start a new study?"),
            self.tr("A study with system results ({systems}) is open. What is {file} for?").format(
                systems=shown, file=Word(file_name)
            ),
            [
                ("new", self.tr("Start a new study with it"), role.AcceptRole),
                ("replace", self.tr("Replace this study's judgments"), role.DestructiveRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            self.tr(
                "A new study closes this one (its work is kept in its project file, or you "
                "are asked to save it). Replacing keeps the system results and scores them "
                "with the new judgments; the preview says before loading whether the new "
                "judgments judge the same questions."
            ),
            escape="cancel",
        )
        return clicked or "cancel"

    def ask_close_demo(self) -> bool:
        """Opening one's own files while the demo is loaded: close the demo first?
        True when the user agrees (the demo's files, and any grades or notes given
        on them, are then closed); the demo and one's own files never mix."""
        info = self.tr(
            "The demo's files and systems are closed, so your files start a study of "
            "their own (no demo systems, no renamed duplicates, no comparison with the "
            "demo's systems)."
        )
        if self.state.study.has_work:
            info += " " + self.tr("The grades and notes given in the demo are not kept.")
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "closeDemo",
            self.tr("Close the demo?"),
            self.tr("Close the demo and open your file?"),
            [
                ("close", self.tr("Close the demo and open"), role.AcceptRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            info,
            escape="cancel",
        )
        return clicked == "close"

    def ask_replace_judgments(self, file_name: str) -> str:
        """A new judgments file while judgments are loaded: ``"keep"`` (replace, keep
        the grades, resolutions and notes given in the app), ``"drop"`` (replace and
        drop them) or ``"cancel"``. Asked only when there is such work."""
        grades, resolutions, notes = self.state.study.judgment_work()
        if not (grades or resolutions or notes):
            return "drop"
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "replaceJudgments",
            self.tr("Replace the judgments?"),
            self.tr("Replace the judgments with {file}?").format(file=file_name),
            [
                ("keep", self.tr("Replace, keep my work"), role.AcceptRole),
                ("drop", self.tr("Replace and drop my work"), role.DestructiveRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            self.tr(
                "On the current judgments you gave {grades} grades, resolved {resolutions} "
                "items by hand and wrote {notes} notes or flags. Keep them (for a corrected "
                "copy of the same file), or drop them (for other judgments)?"
            ).format(grades=grades, resolutions=resolutions, notes=notes),
            escape="cancel",
        )
        return clicked or "cancel"

    def ask_same_names(
        self, systems: list[str], file_stem: str
    ) -> tuple[dict[str, str], list[str]] | None:
        """New system results whose names the study has: replace those systems, keep
        both (the new ones named ``NAME (2)``) or rename the new ones. Returns
        ``(names, replaced)`` — the names chosen for the file's systems and the
        study's systems to take out first — or None (cancelled)."""
        taken = set(self.state.study.systems)
        same = [name for name in systems if name in taken]
        if not same:
            return {}, []
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "sameSystemNames",
            self.tr("Systems with the same names"),
            self.tr("The study already has systems named {names}.").format(
                names=", ".join(same)
            ),
            [
                ("replace", self.tr("Replace them"), role.DestructiveRole),
                ("both", self.tr("Keep both"), role.AcceptRole),
                ("rename", self.tr("Rename the new ones…"), role.ActionRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            self.tr(
                "Replace: the systems loaded before are taken out and these take their place. "
                "Keep both: the new ones are named like “{example} (2)”. Rename: you name "
                "the new ones."
            ).format(example=same[0]),
            escape="cancel",
        )
        if clicked in (None, "cancel"):
            return None
        if clicked == "replace":
            return {}, same
        if clicked == "both":
            return {}, []
        names: dict[str, str] = {}
        for name in same:
            new = self.ask_system_name(name, f"{name} ({file_stem})", taken)
            if new is None:
                return None
            names[name] = new
            taken.add(new)
        return names, []

    def ask_system_name(self, name: str, suggestion: str, taken: set[str]) -> str | None:
        """A new name for the file's system ``name`` (None: cancelled); a taken name
        is asked again."""
        text = suggestion
        while True:
            dialog = QInputDialog(self)
            dialog.setObjectName("systemNameDialog")
            dialog.setWindowTitle(self.tr("Name the new system"))
            dialog.setLabelText(
                self.tr("A new name for “{name}” of the new file:").format(name=name)
            )
            dialog.setTextValue(text)
            dialog.setOkButtonText(self.tr("OK"))
            dialog.setCancelButtonText(self.tr("Cancel"))
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            text = " ".join(dialog.textValue().split())
            dialog.deleteLater()
            if not accepted:
                return None
            if text and text not in taken:
                return text
            QMessageBox.information(
                self,
                self.tr("Name the new system"),
                self.tr("“{name}” is taken or empty; choose another name.").format(name=text),
            )

    def ask_save_before_closing(self) -> str:
        """``"save"``, ``"discard"`` or ``"cancel"``."""
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "saveBeforeClosing",
            self.tr("Save the work?"),
            self.tr(
                "Save the work as a project before closing? Without a project file, the files "
                "you opened, the settings, grades and notes are not kept."
            ),
            [
                ("save", self.tr("Save project…"), role.AcceptRole),
                ("discard", self.tr("Close without saving"), role.DestructiveRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            escape="cancel",
        )
        return clicked or "cancel"
