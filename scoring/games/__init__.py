"""One module per game; each registers its engine with `scoring.core.register` when imported."""
