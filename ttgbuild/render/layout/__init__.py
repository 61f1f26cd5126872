"""Layouts drawn: faces of boxes from data files, printed as decks (docs/formats/layouts.md).

`source/layoutfile.py` reads and checks a `<name>.layout.yaml`; `faces.py`
draws one face for one record; `decks.py` prints a file's decks with their
backs and the duplex alignment test.
"""
