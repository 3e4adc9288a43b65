"""The Flet app: the shell (home, new session, session frame, history, settings), shared components, game views."""
