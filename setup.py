"""Build hook: compile the simulation hot path to C with mypyc (pyproject.toml holds the rest).

The modules listed in playtest/_build.py are ordinary typed Python; mypyc compiles them to C
extensions that run the same code faster (README, "Speed"). `PLAYTEST_PURE=1 pip install -e .`
skips the compilation: the package then runs the same modules as plain Python, only slower.
"""

import json
import os
import runpy
import shutil
import sys
from pathlib import Path

from setuptools import setup


def ext_modules() -> list:
    if os.environ.get("PLAYTEST_PURE", "").lower() in ("1", "true", "yes"):
        return []
    compiler = os.environ.get("CC", "cc").split()[0]
    if shutil.which(compiler) is None:
        print(f"playtest: no C compiler ({compiler}) found: installing without compiling the hot path "
              "(the same code, about half as fast; `make bench` says which build runs)", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    build = runpy.run_path(os.path.join("playtest", "_build.py"))  # not `import playtest`: not installed yet
    sources = [build["source_path"](m) for m in build["COMPILED"]]
    # What is compiled, so that an edit made afterwards is noticed (playtest/_build.py: stale).
    with open(build["RECORD"], "w", encoding="utf-8") as f:
        json.dump(build["source_hashes"](Path(".")), f, indent=1)
    # The build runs in pip's isolated environment, without the runtime dependencies: their
    # types are unknown there (Any), and only the compiled modules' own errors stop the build.
    flags = ["--ignore-missing-imports", "--follow-imports=silent"]
    return mypycify([*flags, *sources], opt_level="3", debug_level="0")


setup(ext_modules=ext_modules())
