"""Moving through a question list (Question review and the Answers page).

Both pages show a :class:`~workbench.ui.models.question_list.QuestionListModel`
in ``self.table`` and remember the open question in ``self.current_qid``;
this mixin gives them the same keyboard steps, the same quiet reselection
after the list is filtered or sorted again, and the same width for the
list's pane (``self.list_pane``).
"""

from __future__ import annotations


class QuestionListNavigation:
    """Next / previous question and the selection that follows the open one.

    Expects ``self.table`` (a table view), ``self.model`` (with ``row_of``,
    ``rowCount`` and ``mean_column``), ``self.current_qid`` and
    ``self.list_pane``; selecting a row opens its question through the page's
    own ``currentRowChanged`` handler."""

    #: the question list takes at most this share of the page for its own columns
    LIST_SHARE = 0.4

    def _fit_list_pane(self) -> None:
        """The list pane wide enough for the columns up to the mean (id, flag,
        type, mean; the systems' columns scroll sideways), up to
        :data:`LIST_SHARE` of the page: at the largest font the mean was cut
        off at the pane's edge. Called after the columns are sized."""
        if getattr(self, "list_pane", None) is None:
            return  # a resize while the page is still being built
        header = self.table.horizontalHeader()
        shown = sum(header.sectionSize(c) for c in range(self.model.mean_column() + 1))
        bar = self.table.verticalScrollBar().sizeHint().width()
        needed = shown + bar + 2 * self.table.frameWidth() + 2
        room = int(self.width() * self.LIST_SHARE) if self.width() > 0 else needed
        self.list_pane.setMinimumWidth(min(needed, room))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit_list_pane()  # its cap is a share of the page

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
