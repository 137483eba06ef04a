"""One module per report sheet; each has ``write(ctx)`` taking a
:class:`~workbench.core.report.context.ReportContext`."""
