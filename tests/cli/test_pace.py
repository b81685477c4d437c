"""simulate's closing line says how fast the games went, readable at any speed."""

import pytest

from playtest.cli.simulate import pace


@pytest.mark.parametrize(("games", "seconds", "text"), [
    (1000, 1.19, "840 games/s"),
    (20000, 4.0, "5,000 games/s"),
    (17, 5.0, "3.4 games/s"),
    # Search bots at a large budget: 200 six-player Oh-Seven games with ismcts:100 took 1,107 s and
    # the line said "(0 games/s)".
    (200, 1107.3, "5.5 s a game"),
    (1, 90.0, "90.0 s a game"),
    (0, 2.0, "0 games played"),  # a resumed run that had every game already
    (5, 0.0, "5 games played"),
])
def test_pace_is_never_rounded_to_zero(games, seconds, text):
    assert pace(games, seconds) == text
