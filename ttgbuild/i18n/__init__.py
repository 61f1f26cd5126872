"""Translation: extraction, catalogs, checks and the run-time translator."""
