"""Builds the optional C module (workbench/core/io/_fastids.c and _fastids_positions.c)
and puts a copy of ``resources/`` in the built package.

Everything else is declared in pyproject.toml. The extension is optional: where
no C compiler is found the install goes on, and the numpy reader does the job.

``resources/`` (demo data, translations, fonts, icons, the guide) lives beside
the package in the checkout, where an editable install and the bundles read it.
A wheel (``pip install .`` without ``-e``) carries only the package, so the
build copies the folder into it as ``workbench/_resources``, which
:func:`workbench.paths.resources_dir` prefers when it is there.
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithResources(build_py):
    def run(self):
        super().run()
        if self.editable_mode:  # the checkout's own resources/ are read in place
            return
        target = Path(self.build_lib) / "workbench" / "_resources"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(ROOT / "resources", target)


setup(
    cmdclass={"build_py": BuildWithResources},
    ext_modules=[
        Extension(
            "workbench.core.io._fastids",
            sources=["workbench/core/io/_fastids.c", "workbench/core/io/_fastids_positions.c"],
            depends=["workbench/core/io/_fastids.h"],
            optional=True,
        )
    ],
)
