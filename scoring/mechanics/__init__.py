"""Table mechanics several games share: timers, bonus races, votes, chip ledgers, grid regions, players' own lines."""
