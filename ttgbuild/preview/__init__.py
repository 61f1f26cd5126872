"""The review gallery: every printed piece of every locale as a picture, side by side.

`gallery.write_gallery` builds the kit with the normal incremental build,
rasterises its PDFs (`raster`), so the pictures are what prints, and writes a
static `index.html` (`page`) with each piece's problems linked to line-anchored
views of the content and catalog files (`sourceview`). It keeps to its own
folder and what it drew there (`record`), and writes and prunes there never
through a link (`beneath`). `watch` serves the gallery, only its own files
(`servefile`) and only to plain loopback requests (`requestcheck`).
"""
