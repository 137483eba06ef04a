"""Draw the app icon (rising bars under a magnifier) into resources/icons/ as PNG, ICO and ICNS.

Run once after changing the drawing: ``python scripts/make_icon.py``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen  # noqa: E402

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
BARS = ["#d54541", "#caab39", "#52b262", "#58aadc"]  # the grade colours, low to high


def draw(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 256
    p.setBrush(QColor("#1f3b57"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawRoundedRect(QRectF(8 * s, 8 * s, 240 * s, 240 * s), 44 * s, 44 * s)
    for i, colour in enumerate(BARS):
        height = (60 + 36 * i) * s
        p.setBrush(QColor(colour))
        p.drawRoundedRect(QRectF((40 + 44 * i) * s, 212 * s - height, 32 * s, height), 6 * s, 6 * s)
    pen = QPen(QColor("white"), 16 * s)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(QPointF(150 * s, 96 * s), 50 * s, 50 * s)
    p.drawLine(QPointF(186 * s, 132 * s), QPointF(224 * s, 170 * s))
    p.end()
    return image


def main() -> int:
    QGuiApplication(sys.argv)
    ICONS.mkdir(parents=True, exist_ok=True)
    draw(256).save(str(ICONS / "app.png"))
    draw(256).save(str(ICONS / "app.ico"))
    draw(512).save(str(ICONS / "app.icns"))
    for name in ("app.png", "app.ico", "app.icns"):
        print(ICONS / name, (ICONS / name).stat().st_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
