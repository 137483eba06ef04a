"""Memory housekeeping for big loads and evaluations."""

from __future__ import annotations


def give_back_memory() -> None:
    """Return freed heap memory to the system after a big load (glibc only; else nothing).

    numpy temporaries below glibc's mmap threshold (up to 32 MB) come from the
    heap; once freed, the heap keeps them, so a 7M-row load would hold a few
    hundred MB it no longer uses while the evaluation allocates afresh.
    """
    global _TRIM
    if _TRIM is None:
        try:
            import ctypes

            # the symbols already loaded into the process: glibc's on Linux
            # (ctypes.util.find_library would start a subprocess to look)
            process = ctypes.CDLL(None)
            _TRIM = getattr(process, "malloc_trim", False)
        except (OSError, AttributeError, TypeError):
            _TRIM = False
    if _TRIM:
        _TRIM(0)


_TRIM = None


#: glibc's mallopt parameter for the size from which memory is mapped, not heap
_M_MMAP_THRESHOLD = -3
#: arrays from this size on are mapped (and unmapped when freed) once asked
MAPPED_FROM = 4 << 20


def prefer_mapped_memory() -> None:
    """Map every allocation of 4 MB or more straight from the system (glibc only).

    glibc takes arrays below its mmap threshold — which grows to 32 MB as big
    arrays are freed — from the heap, where freed ones leave holes the next
    arrays do not fit, so a 7M-row evaluation held ~100 MB more than it used.
    Mapped memory goes back the moment it is freed. The price is a page fault
    per page of each new array (~10 % slower at 7M rows), so only files too
    big to be comfortable in memory ask for it; the setting then stays.
    """
    global _MAPPED
    if _MAPPED:
        return
    _MAPPED = True
    try:
        import ctypes

        mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
        if mallopt is not None:
            mallopt(_M_MMAP_THRESHOLD, MAPPED_FROM)
    except (OSError, AttributeError, TypeError):
        pass


_MAPPED = False
