"""Shared test set-up: Qt runs offscreen, so the suite needs no display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the app's own language detection must not depend on the machine running the tests
os.environ.setdefault("WORKBENCH_LANG", "en")
