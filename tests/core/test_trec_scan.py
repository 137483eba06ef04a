"""The C scanner (core/_fastids.c via core/trec_scan.py) against the numpy reader.

The scanner accepts a strict subset of what the numpy reader of
core/io/fast_trec.py accepts, and must give exactly the same columns for it:
the same codes, the same uniques in text order, bit-identical numbers. Where
it refuses, the numpy reader (and the general path after it) takes over;
test_io_fast_paths.py checks that whole chain against the general path.
"""

from __future__ import annotations

import os
import struct

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.core.io import fast_trec, trec_scan

pytestmark = pytest.mark.skipif(
    not trec_scan.available(), reason="the C scanner was not built here (no C compiler at install)"
)


def scan(data: bytes, kinds: str, chunk: int = 1 << 20, **options):
    """The scanner's table of ``data`` fed in chunks; ``options``: the Scanner's."""
    from workbench.core.io import _fastids

    scanner = _fastids.Scanner(kinds, **options)
    for at in range(0, len(data), chunk):
        if not scanner.feed(data[at : at + chunk]):
            break
    found = scanner.finish(array=trec_scan.new_object_array)
    if found is None:
        return None
    rows, ids, numbers = found
    return fast_trec._scanned_table(trec_scan.Scanned("", rows, ids, numbers))


def assert_same_table(a: fast_trec.FastTable, b: fast_trec.FastTable) -> None:
    assert a.ids.keys() == b.ids.keys() and a.numbers.keys() == b.numbers.keys()
    for j in a.ids:
        np.testing.assert_array_equal(a.ids[j].codes, b.ids[j].codes)
        assert a.ids[j].codes.dtype == b.ids[j].codes.dtype
        assert list(a.ids[j].uniques) == list(b.ids[j].uniques)
    for j in a.numbers:  # bit for bit, -0.0 and all
        assert a.numbers[j].tobytes() == b.numbers[j].tobytes()
    np.testing.assert_array_equal(a.lines, b.lines)


_ID = st.text(alphabet="abcXYZ019-_.#!~", min_size=1, max_size=20)
_NUMBER = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
    st.builds(
        lambda m, e, mark: f"{m}{mark}{e}",
        st.integers(min_value=-(10**20), max_value=10**20),
        st.integers(min_value=0, max_value=330),
        st.sampled_from(["e", "E", "e+", "e-", "E-"]),
    ),
    st.sampled_from(["0", "-0", "+0.0", ".5", "5.", "-.25", "007", "0.000", "1e22", "1e23"]),
)
_SPACE = st.sampled_from([" ", "\t", "  ", " \t "])


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(
        st.tuples(
            st.sampled_from(["q1", "q2", "10", "Q-3", "301"]), _ID, _NUMBER, _NUMBER, _ID, _SPACE
        ),
        min_size=1,
        max_size=60,
    ),
    crlf=st.booleans(),
    tail=st.sampled_from(["", "\n", "\n\n", " \n\t\n"]),
    chunk=st.sampled_from([1, 2, 7, 64, 1 << 20]),
)
def test_clean_runs_give_the_numpy_readers_columns(rows, crlf, tail, chunk):
    end = "\r\n" if crlf else "\n"
    text = end.join(f"{q}{sp}Q0{sp}{p}{sp}{r}{sp}{s}{sp}{t} " for q, p, r, s, t, sp in rows)
    data = (text + tail).encode()
    expected = fast_trec.parse(data, "sxsffs")
    assert expected is not None
    got = scan(data, "sxsffs", chunk)
    assert got is not None, "the scanner refused a clean run"
    assert_same_table(got, expected)


TRICKY_NUMBERS = [
    "9007199254740993",  # 2**53 + 1: not exact in a double
    "9007199254740992",
    "0.30000000000000004",
    "1.7976931348623157e308",
    "1.7976931348623159e308",  # rounds to infinity
    "4.9e-324",
    "2.4703282292062328e-324",  # just above half the smallest subnormal
    "2.2250738585072011e-308",
    "123456789012345678901234567890",
    "0.1234567890123456789012345",
    "1e-400",
    "1e400",
    "-0",
    "-0.0e5",
    "12345678901234567890e-40",
    "1" + "0" * 40 + "e-40",
]


@pytest.mark.parametrize("number", TRICKY_NUMBERS)
def test_numbers_are_correctly_rounded(number):
    table = scan(f"q 0 d {number}\n".encode(), "sxsf")
    assert table is not None
    assert struct.pack("<d", table.numbers[3][0]) == struct.pack("<d", float(number))


REFUSED = {
    "nan": "q 0 d nan\n",
    "inf": "q 0 d inf\n",
    "underscore": "q 0 d 1_000\n",
    "hex": "q 0 d 0x10\n",
    "bare_exponent": "q 0 d 1e\n",
    "dot": "q 0 d .\n",
    "lone_cr": "q 0 d 1\rq 0 e 2\r",
    "unit_separator": "q 0 d\x1f1\n",
    "vertical_tab": "q 0 d\x0b1\n",
    "nul": "q 0 d\x001 1\n",
    "not_ascii": "질문 0 d 1\n",
    "comment_line": "q 0 d 1\n  # note\n",
    "indented_first_line": " q 0 d 1\n",
    "blank_first_line": "\nq 0 d 1\n",
    "blank_line_inside": "q 0 d 1\n\nq 0 e 2\n",
    "too_few_fields": "q 0 d 1\nq 0 e\n",
    "too_many_fields": "q 0 d 1\nq 0 e 2 3\n",
    "empty": "",
    "only_blank": " \n\n",
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_anything_unusual_is_left_to_the_numpy_reader(name):
    assert scan(REFUSED[name].encode(), "sxsf") is None
    assert scan(REFUSED[name].encode(), "sxsf", chunk=1) is None


def test_a_hash_inside_an_id_is_an_id():
    table = scan(b"q 0 doc#1 1\nq 0 #2 0\n", "sxsf")
    assert table is not None and list(table.ids[2].uniques) == ["#2", "doc#1"]


def test_many_ids_sharing_long_prefixes_are_in_text_order():
    """Radix sort on deep common prefixes, and values that are prefixes of others."""
    rng = np.random.default_rng(5)
    stems = ["x" * 300, "x" * 300 + "y", "FR940114-", "a", ""]
    ids = sorted({rng.choice(stems) + str(int(v)) for v in rng.integers(0, 50_000, 20_000)})
    ids += ["x" * 300, "x" * 299]
    order = rng.permutation(len(ids))
    data = "".join(f"q 0 {ids[i]} 1\n" for i in order).encode()
    table = scan(data, "sxsf", chunk=4096)
    assert table is not None
    assert list(table.ids[2].uniques) == sorted(ids)
    assert [table.ids[2].uniques[c] for c in table.ids[2].codes] == [ids[i] for i in order]


@pytest.mark.parametrize("shape", ["distinct", "repeats_then_distinct", "distinct_then_repeats"])
def test_id_tables_sized_from_the_rows_so_far_give_the_same_codes(shape):
    """The scanner sizes its id tables from the rows read so far, projected over the
    file's size; a projection too small or too large still codes every id."""
    from workbench.core.io import _fastids

    rng = np.random.default_rng(11)
    n = 120_000
    if shape == "distinct":
        pids = rng.permutation(n)
    elif shape == "repeats_then_distinct":  # the first rows project ~50 ids
        pids = np.r_[rng.integers(0, 50, n // 2), 1_000 + rng.permutation(n // 2)]
    else:  # the first rows project every row distinct, the rest repeat them
        pids = np.r_[rng.permutation(n // 2), rng.integers(0, n // 2, n // 2)]
    data = "".join(
        f"q{i // 1000} Q0 FR94{p:07d} {i % 1000 + 1} {-i} run\n" for i, p in enumerate(pids)
    ).encode()
    scanner = _fastids.Scanner("sxsffs", size_hint=len(data))
    for at in range(0, len(data), 1 << 16):
        assert scanner.feed(data[at : at + (1 << 16)])
    rows, ids, numbers = scanner.finish(array=trec_scan.new_object_array)
    got = fast_trec._scanned_table(trec_scan.Scanned("", rows, ids, numbers))
    assert_same_table(got, fast_trec.parse(data, "sxsffs"))


def _big_run(lines: int, crlf: bool = False, seed: int = 3) -> list[str]:
    """A run of more than a megabyte (two threads read regions from 1 MB on)."""
    rng = np.random.default_rng(seed)
    pids = rng.integers(0, lines // 2, lines)  # some passages repeat, most do not
    end = "\r\n" if crlf else "\n"
    return [
        f"{300 + i // 500} Q0 FR94{p:07d} {i % 500 + 1} {rng.normal():.6f} run{i % 3}{end}"
        for i, p in enumerate(pids)
    ]


@pytest.mark.parametrize("crlf", [False, True])
@pytest.mark.parametrize("chunk", [1 << 20, 3 << 20, 16 << 20])
def test_two_threads_read_a_large_run_exactly_as_one(crlf, chunk):
    data = "".join(_big_run(60_000, crlf)).encode()
    assert len(data) > 2 << 20
    one = scan(data, "sxsffs", chunk, size_hint=len(data), threads=1)
    two = scan(data, "sxsffs", chunk, size_hint=len(data), threads=2)
    assert one is not None and two is not None
    assert_same_table(two, one)
    assert_same_table(two, fast_trec.parse(data, "sxsffs"))


def test_a_chunk_of_many_megabytes_is_read_in_regions_with_the_same_result():
    """A 16 MB chunk is read by two threads a few megabytes at a time (the values of
    a region's lines are held until its ids are coded)."""
    data = "".join(_big_run(240_000, seed=9)).encode()
    assert len(data) > 8 << 20  # two regions of 4 MB and the rest
    one = scan(data, "sxsffs", 16 << 20, size_hint=len(data), threads=1)
    two = scan(data, "sxsffs", 16 << 20, size_hint=len(data), threads=2)
    assert one is not None and two is not None
    assert_same_table(two, one)


@pytest.mark.parametrize(
    "flaw",
    [
        "blank line in the middle",
        "bad number late",
        "missing field early",
        "blank lines at the end",
    ],
)
def test_two_threads_refuse_what_one_refuses_and_keep_a_blank_tail(flaw):
    lines = _big_run(60_000)
    if flaw == "blank line in the middle":
        lines.insert(31_000, "\n")
    elif flaw == "bad number late":
        lines[55_000] = "400 Q0 FR940000001 1 nan run0\n"
    elif flaw == "missing field early":
        lines[2_000] = "300 Q0 FR940000001 1\n"
    else:
        lines += ["\n", "  \n", "\n"]
    data = "".join(lines).encode()
    one = scan(data, "sxsffs", 3 << 20, size_hint=len(data), threads=1)
    two = scan(data, "sxsffs", 3 << 20, size_hint=len(data), threads=2)
    if flaw == "blank lines at the end":
        assert one is not None and two is not None
        assert_same_table(two, one)
    else:
        assert one is None and two is None


def test_reading_ahead_is_taken_only_for_the_same_unchanged_file(tmp_path):
    path = tmp_path / "r.run"
    path.write_text("q1 Q0 d1 1 2.0 bm25\n")
    trec_scan.read_ahead(path, "sxsffs")
    first = trec_scan.scan_file(path, "sxsffs")
    assert first is not None and first.ids[2][1].tolist() == ["d1"]

    trec_scan.read_ahead(path, "sxsffs")
    trec_scan._ahead[os.path.abspath(path)].thread.join()
    path.write_text("q1 Q0 d2 1 2.0 bm25\nq1 Q0 d3 2 1.0 bm25\n")  # changed after the reading
    again = trec_scan.scan_file(path, "sxsffs")
    assert again is not None and again.ids[2][1].tolist() == ["d2", "d3"]

    trec_scan.read_ahead(path, "sxsffs")
    as_qrels = trec_scan.scan_file(path, "sxsf")  # read ahead as a run, asked as qrels
    assert as_qrels is None  # six fields are not four: read again, and refused
    assert os.path.abspath(path) not in trec_scan._ahead


LOCALE_CHECK = """
import locale, sys
from workbench.core.io import _fastids
locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")
assert locale.localeconv()["decimal_point"] == ","
scanner = _fastids.Scanner("sxsf")
scanner.feed(b"q 0 d 0.12345678901234567\\nq 0 e 2.5\\n")
rows, ids, numbers = scanner.finish()
values = memoryview(numbers[3]).cast("d").tolist()
assert values == [0.12345678901234567, 2.5], values
print("ok")
"""


def test_an_error_while_reading_ahead_is_raised_where_the_reading_is_taken(tmp_path, monkeypatch):
    path = tmp_path / "r.run"
    path.write_text("q1 Q0 d1 1 2.0 bm25\n")

    def fail(path, kinds, **options):
        raise MemoryError("no room")

    monkeypatch.setattr(trec_scan, "_scan", fail)
    trec_scan.read_ahead(path, "sxsffs")
    with pytest.raises(MemoryError, match="no room"):
        trec_scan.scan_file(path, "sxsffs")
    assert os.path.abspath(path) not in trec_scan._ahead


def test_the_scanner_reads_in_any_process_locale(tmp_path):
    """Qt sets the user's locale at start-up; a decimal comma must not change the numbers.

    A German locale is compiled into a temporary folder (glibc's localedef) when the
    machine has none installed."""
    import shutil
    import subprocess
    import sys

    env = dict(os.environ)
    localedef = shutil.which("localedef")
    if localedef and os.path.isdir("/usr/share/i18n/locales"):
        done = subprocess.run(
            [localedef, "-i", "de_DE", "-f", "UTF-8", str(tmp_path / "de_DE.UTF-8")],
            capture_output=True,
        )
        if (tmp_path / "de_DE.UTF-8").is_dir():
            env["LOCPATH"] = str(tmp_path)
        del done
    out = subprocess.run(
        [sys.executable, "-c", LOCALE_CHECK], env=env, capture_output=True, text=True
    )
    if "locale.Error" in out.stderr or "unsupported locale" in out.stderr:
        pytest.skip("no locale with a decimal comma can be set up here")
    assert out.stdout.strip() == "ok", out.stderr


_PIECES = st.sampled_from(
    [b"q1", b"Q0", b"d7", b"3", b"-2.5e3", b"1e", b".", b"nan", b" ", b"\t", b"\n", b"\r\n",
     b"\r", b"#", b"\x00", b"\x1f", b"\x0b", "말씀".encode(), b"\xff", b"0" * 30, b"x" * 70]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    data=st.one_of(st.binary(max_size=200), st.lists(_PIECES, max_size=60).map(b"".join)),
    kinds=st.sampled_from(["sxsf", "sxsffs", "s", "f", "xs"]),
    chunk=st.sampled_from([1, 3, 16, 1 << 20]),
)
def test_hostile_bytes_never_crash_and_never_disagree(data, kinds, chunk):
    """Whatever the bytes, the scanner either refuses or gives the numpy reader's columns."""
    got = scan(data, kinds, chunk)
    if got is not None:
        expected = fast_trec.parse(data, kinds)
        assert expected is not None, "the scanner accepted what the numpy reader refuses"
        assert_same_table(got, expected)


def test_a_scanner_is_used_once():
    from workbench.core.io import _fastids

    scanner = _fastids.Scanner("sxsf")
    scanner.feed(b"q 0 d 1\n")
    assert scanner.finish() is not None
    with pytest.raises(RuntimeError):
        scanner.feed(b"q 0 e 1\n")
    with pytest.raises(RuntimeError):
        scanner.finish()
    with pytest.raises(ValueError):
        _fastids.Scanner("sxq")
    with pytest.raises(TypeError):
        _fastids.Scanner("sxsf").feed("text, not bytes")


def test_two_threads_sort_many_distinct_ids_in_text_order():
    """From 65,536 distinct values on, a two-thread scanner sorts them with both
    threads (each takes the buckets of about half of them). Values that are
    prefixes of others, a long shared prefix and one first byte holding most
    values must still come out in text order, with every row's code."""
    rng = np.random.default_rng(11)
    numbers = rng.permutation(90_000)
    pids = []
    for n in numbers.tolist():
        if n % 5 == 0:
            pids.append(f"MSMARCO_passage_{n}")  # a long shared prefix, lengths vary
        elif n % 5 == 1:
            pids.append(f"{n}"[: 1 + n % 6])  # short values, prefixes of one another
        else:
            pids.append(f"D{n:x}")  # most values under one first byte
    lines = [f"q{i % 97} Q0 {p} {i + 1} {1.0 / (i + 1)!r} sys\n" for i, p in enumerate(pids)]
    data = "".join(lines).encode()
    two = scan(data, "sxsffs", 1 << 20, size_hint=len(data), threads=2)
    assert two is not None
    expected = sorted(set(pids))
    assert len(expected) > 65_536
    assert list(two.ids[2].uniques) == expected
    assert [two.ids[2].uniques[c] for c in two.ids[2].codes] == pids
    assert_same_table(two, scan(data, "sxsffs", 1 << 20, size_hint=len(data), threads=1))


def _ids_shaped(shape: str, rng: np.random.Generator, count: int) -> list[str]:
    if shape == "digits":  # MS MARCO: 1-7 digits, numbered from all their bytes
        return [str(n) for n in rng.choice(8_800_000, count, replace=False)]
    if shape == "dated":  # TREC's FR94 documents: ten varying digits in 16 bytes
        days = rng.integers(1, 29, count)
        return list({f"FR9401{d:02d}-{n % 3}-{n % 100_000:05d}" for d, n in zip(days, range(count))})
    if shape == "shared":  # all share more than the numbered bytes: ordered past them
        return [f"{'urn-collection-passage-' * 2}{n:x}" for n in rng.permutation(count)]
    # any printable byte: 64 bits number only the first 14 bytes (13 of 20 heads,
    # then one of 94 bytes), which end inside an eight-byte window, and stretches
    # of ~40 values share them: sorted past them from there
    alphabet = np.array([chr(c) for c in range(33, 127)])
    heads = ["".join(alphabet[rng.integers(0, alphabet.size, 13)]) for _ in range(20)]
    out: set[str] = set()
    while len(out) < count:
        tail = alphabet[rng.integers(0, alphabet.size, int(rng.integers(1, 9)))]
        out.add(heads[int(rng.integers(0, 20))] + "".join(tail))
    return list(out)


@pytest.mark.parametrize("shape", ["digits", "dated", "shared", "printable"])
def test_ids_numbered_by_their_leading_bytes_are_in_text_order(shape):
    """The sort numbers each value by its leading bytes (each byte's rank among
    those seen at its position) and sorts the numbers; values sharing every
    numbered byte are then ordered past them. With one thread or two, every
    shape of id comes out in text order, each row with its value's code."""
    rng = np.random.default_rng(7)
    pids = _ids_shaped(shape, rng, 70_000)
    rng.shuffle(pids)
    data = "".join(f"q{i % 89} Q0 {p} {i + 1} 1.5 s\n" for i, p in enumerate(pids)).encode()
    expected = sorted(set(pids))
    assert len(expected) > 65_536
    tables = [scan(data, "sxsffs", 1 << 20, size_hint=len(data), threads=t) for t in (1, 2)]
    for table in tables:
        assert table is not None
        assert list(table.ids[2].uniques) == expected
        assert [table.ids[2].uniques[c] for c in table.ids[2].codes] == pids
    assert_same_table(*tables)


@pytest.mark.parametrize("seed", range(4))
def test_short_ranges_sorted_on_their_keys_are_in_text_order(seed):
    """The insertion sort of a short range compares the eight bytes each value
    carries before reading the values: ranges that end at every depth, on both
    sides of an eight-byte window, with values ending inside and after it."""
    rng = np.random.default_rng(seed)
    alphabet = np.array(list("ab-9"))
    ids = set()
    while len(ids) < 3_000:
        prefix = "x" * int(rng.integers(0, 12))  # shared stretches end anywhere in a window
        tail = "".join(alphabet[rng.integers(0, 4, int(rng.integers(0, 14)))])
        ids.add(prefix + tail or "z")
    pids = sorted(ids)
    rng.shuffle(pids)
    data = "".join(f"q1 Q0 {p} {i + 1} 1.0 s\n" for i, p in enumerate(pids)).encode()
    for threads in (1, 2):
        got = scan(data, "sxsffs", 1 << 20, size_hint=len(data), threads=threads)
        assert got is not None
        assert list(got.ids[2].uniques) == sorted(ids)


@pytest.mark.parametrize("threads", [1, 2])
def test_values_looked_up_at_the_finish_get_their_codes(threads):
    """finish({field: [str]}) answers where each value is among the field's
    values, from the scan's own tables: present ones get their code in text
    order, absent ones -1 (a non-ASCII one can never be there); a value that is
    not a str leaves that field unanswered, and only lists are taken."""
    from workbench.core.io import _fastids

    rng = np.random.default_rng(5)
    pids = [f"P{n}" for n in rng.permutation(120_000)[:80_000].tolist()]  # both tables, both threads
    data = "".join(f"q{i % 50} Q0 {p} {i + 1} 1.5 s\n" for i, p in enumerate(pids)).encode()
    wanted = [*pids[::97], "P-none", "é", "", pids[0], "q1"]

    def finished(ask):
        scanner = _fastids.Scanner("sxsffs", size_hint=len(data), threads=threads)
        assert scanner.feed(data)
        return scanner.finish(ask)

    rows, ids, numbers, matched = finished({2: wanted, 0: ["q7", "q50"]})
    codes, uniques = ids[2]
    found = np.frombuffer(matched[2], dtype=np.int32)
    assert found.tolist() == [uniques.index(v) if v in uniques else -1 for v in wanted]
    assert np.frombuffer(matched[0], dtype=np.int32).tolist() == [ids[0][1].index("q7"), -1]
    assert finished({2: ["P1", None]})[3] == {2: None}
    with pytest.raises(TypeError, match="list"):
        finished({2: ("P1",)})
    assert len(finished({})) == 4 and len(_fastids.Scanner("sxsf").finish() or ()) == 0


@pytest.mark.parametrize("threads", [1, 2])
def test_the_distinct_values_are_put_in_the_array_asked_for(threads):
    """finish(array=make) puts each field's distinct values, in text order, in the
    object array make(n) gives (numpy's, through its buffer) instead of a list:
    the same values, the same codes. Anything but an array of n objects is
    refused with a TypeError, and the scanner then gives nothing."""
    from workbench.core.io import _fastids

    pids = [f"D{n}" for n in np.random.default_rng(9).permutation(90_000).tolist()]
    data = "".join(f"q{i % 40} Q0 {p} {i + 1} 2.5 s\n" for i, p in enumerate(pids)).encode()

    def finished(**options):
        scanner = _fastids.Scanner("sxsffs", size_hint=len(data), threads=threads)
        assert scanner.feed(data)
        return scanner.finish(**options)

    made = []

    def make(n):
        made.append(np.empty(n, dtype=object))
        return made[-1]

    as_list, in_array = finished(), finished(array=make)
    assert [ids[1] for ids in in_array[1].values()] == made  # the arrays made, filled
    for j, (codes, uniques) in as_list[1].items():
        assert in_array[1][j][1].tolist() == uniques == sorted(set(uniques))
        assert in_array[1][j][0] == codes
    for wrong in (
        lambda n: np.empty(n + 1, dtype=object),
        lambda n: np.empty(n, dtype=np.int64),
        lambda n: bytearray(8 * n),
        lambda n: None,
    ):
        with pytest.raises(TypeError):
            finished(array=wrong)
    with pytest.raises(TypeError):
        finished(array="not callable")


def test_a_qrels_file_read_ahead_has_the_runs_read_ahead_find_its_passages(tmp_path, monkeypatch):
    """The judged passages of a qrels file read ahead are looked up by the runs
    read ahead beside it, while these still hold their tables; the run's
    categories then know where each is. A run already finishing is left alone."""
    import threading

    from workbench.core.io.ids import known_matches
    from workbench.core.io.runs import load_run

    run = tmp_path / "a.run"
    lines = [f"q{q} Q0 d{q * 3 + i} {i + 1} {9 - i}.5 sys\n" for q in range(4) for i in range(5)]
    run.write_text("".join(lines))
    qrels = tmp_path / "a.qrels"
    qrels.write_text("q0 0 d1 1\nq0 0 d99 2\nq2 0 d8 0\nq3 0 d0 1\n")

    done = trec_scan._ReadAhead(run, trec_scan.RUN_KINDS)
    done.thread.join()
    assert done.result is not None and not done.result.matched
    assert not done.want(2, ["d1"])  # finished: too late to ask

    # the run's reading waits until the qrels' reading has finished (and offered)
    real_scan, go = trec_scan._scan, threading.Event()

    def held_back(path, kinds, **options):
        if kinds == trec_scan.RUN_KINDS:
            assert go.wait(30)
        return real_scan(path, kinds, **options)

    monkeypatch.setattr(trec_scan, "_scan", held_back)
    trec_scan.read_ahead(run, trec_scan.RUN_KINDS)
    trec_scan.read_ahead(qrels, trec_scan.QRELS_KINDS)
    trec_scan._ahead[os.path.abspath(qrels)].thread.join()
    go.set()
    frame = load_run(run).runs
    looked_up, positions = known_matches(frame["passage_id"].cat.categories)
    categories = list(frame["passage_id"].cat.categories)
    assert list(looked_up) == ["d0", "d1", "d8", "d99"]
    expected = [categories.index("d0"), categories.index("d1"), categories.index("d8"), -1]
    assert positions.tolist() == expected
    trec_scan.discard_read_aheads()


@pytest.mark.parametrize("compat", [False, True])
def test_an_evaluation_with_the_passages_found_by_the_reader_is_the_same(tmp_path, monkeypatch, compat):
    """The evaluation joins the judged passages with the run's through what the
    run's reader found (judged passages the run holds, those it does not, a
    grade below 0 that trec_eval counts unjudged, judged passages nobody asked
    about): the JSON is byte-identical to the evaluation's own join."""
    from workbench.cli import main

    rng = np.random.default_rng(3)
    run_lines, qrels_lines = [], []
    for q in range(30):
        for i, p in enumerate(rng.choice(400, size=40, replace=False).tolist()):
            run_lines.append(f"{q} Q0 doc-{p} {i + 1} {40 - i + rng.random():.6f} sys{q % 2}\n")
        for p in rng.choice(500, size=25, replace=False).tolist():  # some are in no run
            qrels_lines.append(f"{q} 0 doc-{p} {int(rng.integers(-1, 4))}\n")
    run, qrels = tmp_path / "x.run", tmp_path / "x.qrels"
    run.write_text("".join(run_lines))
    qrels.write_text("".join(qrels_lines))
    judged = sorted({line.split()[2] for line in qrels_lines})
    options = ["--order", "trec", "--k", "1,5,10", *(["--trec-compat"] if compat else [])]

    def evaluate(out, asked):
        real = trec_scan._scan

        def scan(path, kinds, **given):
            if kinds == trec_scan.RUN_KINDS and asked is not None:
                given["wanted"] = lambda: {trec_scan.PASSAGE_FIELD: asked}
            return real(path, kinds, **given)

        monkeypatch.setattr(trec_scan, "_scan", scan)
        assert main(["eval", "--qrels", str(qrels), "--run", str(run), *options, "--json", str(out)]) in (0, 1)
        return out.read_bytes()

    own_join = evaluate(tmp_path / "own.json", None)
    assert evaluate(tmp_path / "found.json", judged) == own_join
    assert evaluate(tmp_path / "part.json", judged[::3]) == own_join  # the rest joined as before
