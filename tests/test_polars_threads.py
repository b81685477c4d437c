"""conftest.py sets polars' thread count (one, unless the environment says otherwise) before
polars is first imported; set after that, polars would silently ignore it."""

import os

import polars as pl


def test_the_polars_thread_setting_takes_effect() -> None:
    assert os.environ["POLARS_MAX_THREADS"]
    assert pl.thread_pool_size() == int(os.environ["POLARS_MAX_THREADS"])
