"""Seed streams: one independent, reproducible random stream per (root seed, game, purpose).

Streams depend only on the root seed, the game index and the stream's purpose, never on the
worker that plays the game, so results are identical for any number of processes. Dealing and
every seat's bot get separate streams: two variants played with the same root seed see the same
deals and the same bot dice (common random numbers).
"""

from __future__ import annotations

import random
import struct
from hashlib import blake2b

DEAL = 0
"""Stream id of the rules' chance events (shuffles, deals)."""


def bot_stream(seat: int) -> int:
    """Stream id of the bot sitting in `seat`."""
    return 1 + seat


def hint_stream(move: int) -> int:
    """Stream id of the bot that answers `hint` in `playtest play` at the person's `move`-th move
    of the game (game 0 of the session's seed): apart from every seat's stream, and a new one at
    each move, so that asking again at the same move gives the same answer."""
    return (1 << 32) + move


def resumed_stream(seat: int, decision: int) -> int:
    """Stream id of the bot in `seat` of a game `playtest play --resume` goes on with new dice,
    the saved game's bots having answered its `decision`-th decision otherwise when asked again:
    apart from every seat's and every hint's stream (whose draws the game may already have used)."""
    return (2 << 32) + (decision << 8) + seat


_PACK = struct.Struct("<QQQ").pack
_PERSON = b"playtest-rng-v2"
"""Names the derivation: a different one must never reproduce these streams by accident."""


def stream_seed(root: int, game: int, stream: int) -> int:
    """A 64-bit seed for one stream: BLAKE2b of (root, game, stream), each a 64-bit unsigned int.

    A cryptographic hash mixes every input bit into every output bit, so neighbouring games and
    streams get unrelated seeds. It replaced numpy's SeedSequence (same quality of mixing),
    which cost about 13 us per stream, a fifth of a random 4-player Stargate game; this costs
    about 1 us."""
    return int.from_bytes(blake2b(_PACK(root, game, stream), digest_size=8, person=_PERSON).digest(), "little")


def stream(root: int, game: int, stream_id: int) -> random.Random:
    """An independent `random.Random` instance (never the global one) for one stream.

    `random.Random` is used rather than `numpy.random.Generator` because engines draw one small
    integer at a time, where it is about ten times faster per draw.
    """
    return random.Random(stream_seed(root, game, stream_id))
