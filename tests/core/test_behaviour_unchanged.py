"""The structure may change; what the workbench computes and writes may not.

The snapshot in ``golden/`` was taken before the core was reorganised into
layers (see ``_golden.py``): the JSON of ``workbench eval`` on the demo and the
synthetic fixtures under several settings, and every cell of the demo's report
in Korean and English. Today's output must equal it, value for value.
"""

from __future__ import annotations

import json

from _golden import snapshot, stored


def _normal(data):
    return json.loads(json.dumps(data, ensure_ascii=False, sort_keys=True, default=str))


def test_eval_json_and_report_cells_equal_the_snapshot_taken_before_the_restructuring(tmp_path):
    now = _normal(snapshot(tmp_path))
    before = stored()
    assert sorted(now["eval"]) == sorted(before["eval"])
    for case in before["eval"]:
        assert now["eval"][case] == before["eval"][case], case
    for lang in before["report"]:
        assert sorted(now["report"][lang]) == sorted(before["report"][lang]), lang
        for sheet, rows in before["report"][lang].items():
            assert now["report"][lang][sheet] == rows, (lang, sheet)
