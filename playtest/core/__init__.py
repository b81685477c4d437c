"""The game-agnostic core: the Rules and Bot protocols, events, results, the game registry spec."""
