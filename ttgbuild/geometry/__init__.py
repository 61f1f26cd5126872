"""Hex geometry of the field, shared by renderers and (later) rules diagrams."""
