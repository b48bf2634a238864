"""Build hook: the project's data stays at the top of the repository (``rules_db/``,
``scenarios/``, ``faq/``: one source of truth) and is copied into the package as
``adjudicator/_data/`` when a wheel is built, so that a pip, pipx or uv install carries
it.  An editable install reads the folders where they are (see adjudicator/paths.py).
Everything else about the package is in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = ("rules_db", "scenarios", "faq")


class BuildWithData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the folders in the checkout
        target = Path(self.build_lib) / "adjudicator" / "_data"
        for name in DATA_FOLDERS:
            destination = target / name
            if destination.exists():
                shutil.rmtree(destination)
            shutil.copytree(ROOT / name, destination, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})
