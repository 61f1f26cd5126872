"""Benchmarks: ttgbuild against a plain floor and a peer route; `python -m bench`."""
