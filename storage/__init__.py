"""Tableside's data folder on TinyDB: sessions, roster, learned aliases, settings (see `storage.store`)."""

from storage.store import Store

__all__ = ["Store"]
