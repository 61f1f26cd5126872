"""Jugger TTG's painters: one module per kit file, and what they share."""
