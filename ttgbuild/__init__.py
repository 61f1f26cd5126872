"""ttgbuild: builds and checks the Jugger TTG print-and-play kit."""

__version__ = "0.1.0"
