"""Game packs shipped with ttgbuild; each is announced under the `ttgbuild.packs` entry points."""
