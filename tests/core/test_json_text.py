"""json_text: ``json.dumps(indent=2)``'s layout with one record per line, to the byte."""

from __future__ import annotations

import json
import math
import random

from workbench.core.model.results import json_text


def _json_text_by_dumps(data: dict) -> str:
    """The layout written with a fresh ``json.dumps`` per record and per block."""

    def block(value, level: int) -> str:
        text = json.dumps(value, ensure_ascii=False, indent=2)
        return text.replace("\n", "\n" + " " * level)

    parts = []
    for key, value in data.items():
        head = f"  {json.dumps(key, ensure_ascii=False)}: "
        if key in ("per_question", "missing", "run_only") and isinstance(value, list) and value:
            rows = ",\n    ".join(json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(head + "[\n    " + rows + "\n  ]")
        else:
            parts.append(head + block(value, 2))
    return "{\n" + ",\n".join(parts) + "\n}" if parts else "{}"


_ODD_VALUES = [
    None, True, False, 0, -1, 2**70, 0.0, -0.0, 1e-300, 1e300, 0.1 + 0.2, math.nan, math.inf,
    -math.inf, "", "질문 1", 'quote " and \\ backslash', "tab\tnew\nline", "\x00\x1f", "é", "😀",
]  # fmt: skip


def _value(rng: random.Random, depth: int = 0):
    if depth < 3 and rng.random() < 0.3:
        if rng.random() < 0.5:
            return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
        keys = rng.sample(["a", "P@10", "질문", "", "x y", '"k"'], rng.randrange(4))
        return {k: _value(rng, depth + 1) for k in keys}
    return rng.choice(_ODD_VALUES)


def test_json_text_is_the_layout_of_one_dumps_per_record():
    rng = random.Random(3)
    for _ in range(150):
        data = {}
        for key in rng.sample(["settings", "per_question", "missing", "run_only", "워닝", "x"], 4):
            if key in ("per_question", "missing", "run_only") and rng.random() < 0.8:
                data[key] = [_value(rng) for _ in range(rng.randrange(5))]  # empty too
            else:
                data[key] = _value(rng)
        assert json_text(data) == _json_text_by_dumps(data)
    assert json_text({}) == "{}"
