"""Game packs shipped with ttgbuild; each announces itself under the `ttgbuild.packs` entry points."""
