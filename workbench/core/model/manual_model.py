"""The evaluation manual as data: grade rules with their definitions and examples,
θ and the principles. Read by io (the 매뉴얼 sheet), edited by the protocol.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Example:
    """An example passage of a grade: an id from the passages sheet, a text, or both."""

    passage_id: str = ""
    text: str = ""

    @property
    def empty(self) -> bool:
        return not self.passage_id and not self.text

    def to_dict(self) -> dict:
        return {"passage_id": self.passage_id, "text": self.text}

@dataclass(frozen=True)
class GradeRule:
    """What one grade means: the chip's ``label``, its ``definition`` and examples."""

    grade: int
    label: str
    definition: str
    examples: tuple[Example, ...] = ()

    def to_dict(self) -> dict:
        return {
            "grade": self.grade,
            "label": self.label,
            "definition": self.definition,
            "examples": [e.to_dict() for e in self.examples],
        }

@dataclass(frozen=True)
class Manual:
    """The evaluation manual: one rule per grade (0–3, ascending), θ and its
    sentence, and the principles of the protocol (see the module doc)."""

    grades: tuple[GradeRule, ...]
    threshold: int = 1
    threshold_rule: str = ""
    principles: tuple[str, ...] = ()

    def rule(self, grade: int | float | None) -> GradeRule | None:
        """The rule of ``grade`` (None: unjudged or a grade the manual lacks)."""
        if grade is None:
            return None
        try:
            value = int(round(float(grade)))
        except (TypeError, ValueError):
            return None
        return next((r for r in self.grades if r.grade == value), None)

    def label(self, grade: int | float | None) -> str | None:
        """The label of ``grade``, None when the manual gives none (callers fall back)."""
        rule = self.rule(grade)
        return rule.label if rule is not None and rule.label else None

    def definition(self, grade: int | float | None) -> str | None:
        rule = self.rule(grade)
        return rule.definition if rule is not None and rule.definition else None

    def with_rule(self, rule: GradeRule) -> Manual:
        """This manual with ``rule`` replacing the rule of its grade."""
        rules = [rule if r.grade == rule.grade else r for r in self.grades]
        if all(r.grade != rule.grade for r in self.grades):
            rules.append(rule)
        return replace(self, grades=tuple(sorted(rules, key=lambda r: r.grade)))

    def to_dict(self) -> dict:
        return {
            "grades": [r.to_dict() for r in self.grades],
            "threshold": self.threshold,
            "threshold_rule": self.threshold_rule,
            "principles": list(self.principles),
        }
