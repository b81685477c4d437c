"""Analysis: metrics from the results tables (polars) and their statistics (scipy).

Every metric table is tidy and uses the columns in `columns.py`."""
