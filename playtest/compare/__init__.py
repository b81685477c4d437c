"""Comparing variants: paired statistics over common random numbers, CI gates, parameter sweeps.

Statistics live in `stats.py`, `jackknife.py`, `compare.py`, `gates.py`, `sweep.py` and return
DataFrames or small dataclasses; `render.py` turns them into Markdown, JSON and HTML; running the
simulations is `runs.py`. The CLI (`playtest compare|diff|sweep`) is a thin layer over these.
"""
