"""Simulation: the one game loop (runner.py) and many games to Parquet (batch.py)."""
