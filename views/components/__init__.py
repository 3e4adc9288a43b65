"""Shared components the session frame and the game views are built from; each module documents its builder."""
