"""An output path that names an input file is refused, on every kind of file system."""

from __future__ import annotations

import os
import unicodedata

import pytest

from workbench.core.io import outputs
from workbench.core.io.outputs import is_case_insensitive, refuse_output_onto_inputs, same_file
from workbench.core.model.problems import InputError

KOREAN = "평가 결과 v2.xlsx"  # Hangul and spaces
NFD = unicodedata.normalize("NFD", KOREAN)  # how macOS may hand the same name over


def refused(output, inputs, **kw) -> InputError:
    with pytest.raises(InputError) as info:
        refuse_output_onto_inputs(output, inputs, **kw)
    return info.value


@pytest.mark.parametrize("case_insensitive", [False, True])
def test_the_same_path_is_refused_naming_both_files(tmp_path, case_insensitive):
    run = tmp_path / KOREAN
    run.write_bytes(b"run")
    err = refused(str(run), [tmp_path / "j.xlsx", run], case_insensitive=case_insensitive)
    problem = err.problems[0]
    assert problem.code == "export_overwrites_input"
    for lang in ("en", "ko"):
        assert problem.text(lang).count(KOREAN) == 2  # the output and the input
    assert run.read_bytes() == b"run"


@pytest.mark.parametrize("exists", [True, False])
@pytest.mark.parametrize(
    ("case_insensitive", "variant", "same"),
    [
        (True, KOREAN.upper(), True),  # Windows, macOS: another case is the same file
        (False, KOREAN.upper(), False),  # Linux: it is another file
        (True, NFD, True),  # macOS: NFD and NFC name one file
        (False, "평가 결과 V2.xlsx", False),
        (True, "평가 결과 v3.xlsx", False),
    ],
)
def test_case_and_unicode_form_per_file_system(tmp_path, case_insensitive, variant, same, exists):
    source = tmp_path / KOREAN
    if exists:
        source.write_bytes(b"x")
    output = tmp_path / variant
    if same:
        refused(output, [source], case_insensitive=case_insensitive)
    else:
        refuse_output_onto_inputs(output, [source], case_insensitive=case_insensitive)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
@pytest.mark.parametrize("case_insensitive", [False, True])
def test_a_link_to_an_input_is_the_input(tmp_path, case_insensitive):
    real = tmp_path / "data" / "qrels.tsv"
    real.parent.mkdir()
    real.write_text("Q1 0 D1 1\n")
    link_dir = tmp_path / "링크 폴더"
    link_dir.symlink_to(real.parent, target_is_directory=True)
    # through a linked folder, and an output that is itself a link to the input
    refused(link_dir / "qrels.tsv", [real], case_insensitive=case_insensitive)
    (tmp_path / "out.json").symlink_to(real)
    refused(tmp_path / "out.json", [real], case_insensitive=case_insensitive)


def test_hard_link_is_the_same_file(tmp_path):
    real = tmp_path / "run.xlsx"
    real.write_bytes(b"x")
    try:
        os.link(real, tmp_path / "also.xlsx")
    except OSError:
        pytest.skip("no hard links here")
    assert same_file(tmp_path / "also.xlsx", real)
    refused(tmp_path / "also.xlsx", [real])


def test_relative_and_absolute_spellings_are_the_same(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "run.xlsx").write_bytes(b"x")
    refused("./sub/../run.xlsx", [str(tmp_path / "run.xlsx")], case_insensitive=False)


def test_stdout_and_missing_outputs_pass(tmp_path):
    refuse_output_onto_inputs("-", [tmp_path / "a"])
    refuse_output_onto_inputs(None, [tmp_path / "a"])
    refuse_output_onto_inputs(tmp_path / "report.xlsx", [tmp_path / "run.xlsx", None, "-"])


def test_detection_on_this_file_system(tmp_path):
    folder = tmp_path / "Probe"
    folder.mkdir()
    swapped_exists = (tmp_path / "pROBE").exists()
    assert is_case_insensitive(folder / "file.xlsx") is swapped_exists


def test_detection_falls_back_on_the_platform(monkeypatch, tmp_path):
    folder = tmp_path / "123"
    folder.mkdir()
    monkeypatch.setattr(outputs.Path, "is_dir", lambda self: False)
    monkeypatch.setattr(outputs.sys, "platform", "darwin")
    assert is_case_insensitive(folder) is True
    monkeypatch.setattr(outputs.sys, "platform", "linux")
    assert is_case_insensitive(folder) is False
