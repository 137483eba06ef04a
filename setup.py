"""Builds the optional C module (workbench/core/io/_fastids.c and _fastids_positions.c).

Everything else is declared in pyproject.toml. The extension is optional: where
no C compiler is found the install goes on, and the numpy reader does the job.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "workbench.core.io._fastids",
            sources=["workbench/core/io/_fastids.c", "workbench/core/io/_fastids_positions.c"],
            depends=["workbench/core/io/_fastids.h"],
            optional=True,
        )
    ]
)
