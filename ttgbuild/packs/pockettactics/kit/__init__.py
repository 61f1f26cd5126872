"""Pocket-Tactics' printed kit drawn in Python: pictures layouts name, and the pages of
hex tiles, tokens, mats, die nets and the reference that card grids cannot place."""
