"""Presentation: terminal tables, HTML, Markdown, JSON. Reads metric tables; computes nothing."""
