"""Hex geometry of the field: the grid and its layout (hexgrid), arcs (arcs), line of sight
and range (sight). Board, tokens and the rules diagrams all draw from it."""
