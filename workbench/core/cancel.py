"""Cancellation shared by every long core operation (load, evaluate, report)."""


class Cancelled(Exception):
    """The user cancelled; nothing was written and nothing half-done is kept."""
