"""`ismcts`: single-observer information-set MCTS for games that hide something (Oh-Seven).

Every iteration draws a fresh determinisation from ``rules.sample_state(view, rng=...)``: a full
state consistent with what the searching seat may know and nothing else. All determinisations
share one tree keyed by actions, with availability counts (see tree.py), so the statistics at
the root average over the hidden cards the seat cannot tell apart instead of trusting one
guess. The game's sampler decides what is known; the bot never sees the true state.
"""

from __future__ import annotations

from playtest.search.mcts import SearchBot


class ISMCTSBot(SearchBot):
    """Single-observer ISMCTS: one determinisation per iteration, one shared tree."""

    resample_each_iteration = True
