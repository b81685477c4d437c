"""Seed streams: one independent, reproducible random stream per (root seed, game, purpose).

Streams depend only on the root seed, the game index and the stream's purpose, never on the
worker that plays the game, so results are identical for any number of processes. Dealing and
every seat's bot get separate streams: two variants played with the same root seed see the same
deals and the same bot dice (common random numbers).
"""

from __future__ import annotations

import random

import numpy as np

DEAL = 0
"""Stream id of the rules' chance events (shuffles, deals)."""


def bot_stream(seat: int) -> int:
    """Stream id of the bot sitting in `seat`."""
    return 1 + seat


def stream_seed(root: int, game: int, stream: int) -> int:
    """A 64-bit seed for one stream, derived with numpy's SeedSequence (well mixed, stable)."""
    state = np.random.SeedSequence([root, game, stream]).generate_state(2, dtype=np.uint32)
    return int(state[0]) << 32 | int(state[1])


def stream(root: int, game: int, stream_id: int) -> random.Random:
    """An independent `random.Random` instance (never the global one) for one stream.

    `random.Random` is used rather than `numpy.random.Generator` because engines draw one small
    integer at a time, where it is about ten times faster per draw.
    """
    return random.Random(stream_seed(root, game, stream_id))
