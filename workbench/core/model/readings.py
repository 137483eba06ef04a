"""Plain-language readings of agreement statistics: the one place their words live.

Each statistic is read by the guideline written for it, so the app and the report
say the same words for the same value:

- Cohen's κ and weighted κ — Landis & Koch (1977), "The measurement of observer
  agreement for categorical data", Biometrics 33:159–174: < 0 poor; 0–0.20 slight;
  0.21–0.40 fair; 0.41–0.60 moderate; 0.61–0.80 substantial; 0.81–1 almost perfect.
  Upper bounds are inclusive (0.20 is slight, 0.21 fair).
- Krippendorff's α — Krippendorff (2004), *Content Analysis*, 2nd ed., §11.4.4:
  α ≥ 0.800 supports conclusions; 0.667 ≤ α < 0.800 tentative conclusions only;
  below 0.667 the data should not be relied on. (Landis & Koch's bands were written
  for κ and read α too kindly: α = 0.70 is "substantial" there, "tentative" here.)

A value that is undefined (None or NaN) reads "정의되지 않음" / "undefined".
"""

from __future__ import annotations

import math

KAPPA = "kappa"
WEIGHTED_KAPPA = "kappa_quadratic"
ALPHA = "alpha"
#: the statistics :func:`reading` knows
STATISTICS: tuple[str, ...] = (KAPPA, WEIGHTED_KAPPA, ALPHA)

#: (upper bound inclusive, en, ko) — Landis & Koch (1977); below 0 reads "poor"
KAPPA_BANDS = (
    (0.20, "slight", "미미"),
    (0.40, "fair", "약함"),
    (0.60, "moderate", "보통"),
    (0.80, "substantial", "상당"),
    (math.inf, "almost perfect", "거의 완전"),
)
KAPPA_POOR = ("poor", "나쁨")

#: Krippendorff's thresholds for α
ALPHA_CONCLUSIONS = 0.800
ALPHA_TENTATIVE = 0.667
#: (en, ko) of α at or above 0.800, between 0.667 and 0.800, below 0.667
ALPHA_WORDS = (
    ("reliable enough to draw conclusions (≥ 0.800)", "결론을 내릴 만큼 믿을 만함 (≥ 0.800)"),
    (
        "good enough for tentative conclusions only (0.667–0.800)",
        "잠정적 결론에만 충분함 (0.667–0.800)",
    ),
    ("too low to rely on (below 0.667)", "믿기에는 너무 낮음 (0.667 미만)"),
)
UNDEFINED = ("undefined", "정의되지 않음")


def _words(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "ko" else pair[0]


def _undefined(value: float | None) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def kappa_reading(kappa: float | None, lang: str = "ko") -> str:
    """Landis & Koch's band of a κ or weighted κ (see the module's note)."""
    if _undefined(kappa):
        return _words(UNDEFINED, lang)
    # round so that 0.2000000001 from float arithmetic stays in "slight"
    k = round(float(kappa), 10)
    if k < 0:
        return _words(KAPPA_POOR, lang)
    for upper, en, ko in KAPPA_BANDS:
        if k <= upper:
            return ko if lang == "ko" else en
    raise AssertionError("unreachable")  # pragma: no cover


def alpha_reading(alpha: float | None, lang: str = "ko") -> str:
    """Krippendorff's reading of an α: conclusions, tentative conclusions, or neither."""
    if _undefined(alpha):
        return _words(UNDEFINED, lang)
    a = round(float(alpha), 10)
    if a >= ALPHA_CONCLUSIONS:
        return _words(ALPHA_WORDS[0], lang)
    if a >= ALPHA_TENTATIVE:
        return _words(ALPHA_WORDS[1], lang)
    return _words(ALPHA_WORDS[2], lang)


def reading(statistic: str, value: float | None, lang: str = "ko") -> str:
    """The reading of ``value`` of ``statistic`` (one of :data:`STATISTICS`)."""
    if statistic == ALPHA:
        return alpha_reading(value, lang)
    if statistic in (KAPPA, WEIGHTED_KAPPA):
        return kappa_reading(value, lang)
    raise ValueError(f"no reading for the statistic {statistic!r}")
