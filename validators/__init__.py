"""Validators: pure helpers that judge what players write (answers, tags); used by engines and views alike."""
