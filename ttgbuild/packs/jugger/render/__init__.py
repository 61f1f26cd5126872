"""Jugger TTG's painters: one module per kit file, and what they share."""

from pathlib import Path

# The pack's Jinja2 templates (guide and rulebook), handed to render.templating.
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
