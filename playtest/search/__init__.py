"""Search bots for every game, through the Rules protocol alone: `mcts` and `ismcts`."""
