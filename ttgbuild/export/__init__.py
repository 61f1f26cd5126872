"""Exports of a game's cards for print shops and for Tabletop Simulator.

Both start from the same pages: each card of every deck the kit prints,
drawn apart by the kit's own painters (`ttgbuild.render.layout.apart`), then
rasterised with pypdfium2 and saved with Pillow. docs/formats/exports.md
describes what is written.
"""
