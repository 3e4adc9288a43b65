"""Tableside's rules engines: pure Python, no Flet, no files, no clock (see scoring/core.py)."""
