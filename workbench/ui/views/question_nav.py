"""Moving through a question list (Question review and the Answers page).

Both pages show a :class:`~workbench.ui.models.question_list.QuestionListModel`
in ``self.table`` and remember the open question in ``self.current_qid``;
this mixin gives them the same keyboard steps and the same quiet reselection
after the list is filtered or sorted again.
"""

from __future__ import annotations


class QuestionListNavigation:
    """Next / previous question and the selection that follows the open one.

    Expects ``self.table`` (a table view), ``self.model`` (with ``row_of`` and
    ``rowCount``) and ``self.current_qid``; selecting a row opens its question
    through the page's own ``currentRowChanged`` handler."""

    def next_question(self) -> None:
        self._step(+1)

    def previous_question(self) -> None:
        self._step(-1)

    def _step(self, delta: int) -> None:
        n = self.model.rowCount()
        if not n:
            return
        row = self.model.row_of(self.current_qid) if self.current_qid else -1
        if row < 0:
            row = -1 if delta > 0 else n
        self._select_row(min(max(row + delta, 0), n - 1))

    def _select_row(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            index = self.model.index(row, 0)
            self.table.setCurrentIndex(index)
            self.table.scrollTo(index)

    def _reselect_current(self) -> None:
        """Mark the open question's row again without reopening it (after the
        list was filtered or sorted, the row has moved)."""
        if not self.current_qid:
            return
        row = self.model.row_of(self.current_qid)
        if row < 0:
            return
        index = self.model.index(row, 0)
        sel = self.table.selectionModel()
        sel.blockSignals(True)
        self.table.setCurrentIndex(index)
        sel.blockSignals(False)
        self.table.viewport().update()
        self.table.scrollTo(index)
