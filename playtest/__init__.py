"""playtest: a board-game designer's playtest and balance toolkit."""

__version__ = "0.1.0"
