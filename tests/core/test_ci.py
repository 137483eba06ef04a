"""The release workflow runs the CI steps, so what CI checks is what every OS builds.

actionlint checks the workflow's syntax where it is installed; this test
checks what a syntax checker cannot: that the Linux job is exactly .ci/run's
steps, that every OS runs the tests and the bundle's smoke test, and that
the README's test command is the one CI runs.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
OSES = ("Linux", "Windows", "macOS")


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def ci_steps() -> list[str]:
    """The step names .ci/steps runs for `all`, in order."""
    match = re.search(r"^STEPS=\(([^)]*)\)", (ROOT / ".ci" / "steps").read_text("utf-8"), re.M)
    assert match, "STEPS=(…) not found in .ci/steps"
    return match.group(1).split()


def runs_on(step: dict, system: str) -> bool:
    """Whether a workflow step runs on ``system``, from its `if:` (the forms used here)."""
    condition = step.get("if")
    if condition is None:
        return True
    named = re.findall(r"runner\.os\s*(==|!=)\s*'(\w+)'", condition)
    assert named, f"unexpected condition {condition!r}: teach this test to read it"
    return all((os_ == system) == (op == "==") for op, os_ in named)


def run_commands(job: dict, system: str) -> list[str]:
    return [step["run"].strip() for step in job["steps"] if "run" in step and runs_on(step, system)]


def test_workflow_triggers_and_matrix(workflow):
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert set(triggers) >= {"push", "pull_request"}
    assert triggers["push"]["tags"] == ["v*"]
    matrix = workflow["jobs"]["build"]["strategy"]["matrix"]["os"]
    assert sorted(matrix) == ["macos-latest", "ubuntu-latest", "windows-latest"]
    assert workflow["jobs"]["build"]["runs-on"] == "${{ matrix.os }}"


def test_the_linux_job_runs_exactly_the_steps_of_ci_run(workflow):
    assert (ROOT / ".ci" / "run").read_text("utf-8").rstrip().endswith('steps" all')
    commands = run_commands(workflow["jobs"]["build"], "Linux")
    expected = [f"bash .ci/steps {name}" for name in ci_steps()]
    assert [c.removeprefix("sudo ") for c in commands] == expected


@pytest.mark.parametrize("system", ["Windows", "macOS"])
def test_windows_and_macos_run_the_same_steps_but_apt_and_sign(workflow, system):
    commands = run_commands(workflow["jobs"]["build"], system)
    steps = [c for c in commands if c.startswith("bash .ci/steps ")]
    assert steps == [f"bash .ci/steps {n}" for n in ci_steps() if n != "system-packages"]
    signing = [c for c in commands if c.startswith("bash .ci/sign ")]
    prefix = "windows-" if system == "Windows" else "macos-"
    assert len(signing) == 2 and all(c.split()[-1].startswith(prefix) for c in signing)
    # signing comes after the smoke-tested bundle, around packing
    assert commands.index(signing[0]) > commands.index("bash .ci/steps bundle")
    assert commands.index(signing[0]) < commands.index("bash .ci/steps archive") < commands.index(
        signing[1]
    )


def test_signing_is_skipped_without_its_secrets(workflow):
    build = workflow["jobs"]["build"]
    for step in build["steps"]:
        if "run" in step and step["run"].startswith("bash .ci/sign"):
            needed = re.search(r"env\.(\w+) != ''", step["if"])
            assert needed, step["if"]
            assert build["env"][needed.group(1)] == f"${{{{ secrets.{needed.group(1)} }}}}"


def test_every_action_is_pinned_to_a_major_version(workflow):
    for job in workflow["jobs"].values():
        for step in job["steps"]:
            if "uses" in step:
                assert re.fullmatch(r"[\w-]+/[\w-]+@v\d+", step["uses"]), step["uses"]


def test_downloads_are_uploaded_and_released_on_tags(workflow):
    upload = [s for s in workflow["jobs"]["build"]["steps"] if "upload-artifact" in s.get("uses", "")]
    assert upload and upload[0]["with"]["path"] == "dist/release/*"
    release = workflow["jobs"]["release"]
    assert release["needs"] == "build"
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert release["permissions"] == {"contents": "write"}


def test_the_readme_test_command_is_the_one_ci_runs():
    readme = (ROOT / "README.md").read_text("utf-8")
    commands = re.findall(r"^    (python3 -m venv .*)$", readme, re.M)
    assert len(commands) >= 2, "the README's first two commands (start, tests)"
    test_line = next(
        line.strip()
        for line in (ROOT / ".ci" / "steps").read_text("utf-8").splitlines()
        if "-m venv .venv" in line
    )
    on_linux = test_line.removesuffix("|| exit $?").strip()
    on_linux = on_linux.replace('"$PYTHON"', "python3").replace('"$BIN/', '".venv/bin/')
    assert shlex.split(on_linux) == shlex.split(commands[1])
