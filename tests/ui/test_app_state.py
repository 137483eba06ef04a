"""AppState keeps systems apart when two run files use the same names."""

from workbench.core.io import load_judgments, load_run
from workbench.paths import demo_dir
from workbench.ui.state import AppState


def test_adding_the_same_runs_twice_gives_distinct_systems(qtbot):
    state = AppState()
    runs = load_run(demo_dir() / "runs.xlsx")
    with qtbot.waitSignal(state.results_changed, timeout=60000):
        state.set_judgments(load_judgments(demo_dir() / "judgments.xlsx"))
        state.add_runs(runs)
    with qtbot.waitSignal(state.results_changed, timeout=60000) as blocker:
        state.add_runs(runs)
    results = blocker.args[0]
    assert state.systems == [*runs.systems, *(f"{name} (2)" for name in runs.systems)]
    assert results.systems == state.systems
    # the copy scores exactly like the original
    for name in runs.systems:
        assert (results.aggregates.loc[f"{name} (2)"] == results.aggregates.loc[name]).all()
    assert any(p.code == "system.renamed" for p in results.warnings)
