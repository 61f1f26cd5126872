"""The public pack interface: everything of the engine a game pack may import.

A pack (the four shipped under `ttgbuild.packs`, or a third party's) imports the
engine only from these submodules; `lint-imports` holds the shipped packs to it
(pyproject.toml, "Packs use only the public pack interface"). What is named here
is what the engine keeps stable; every other engine module may change without
notice. The submodules only re-export engine names, grouped by what a pack uses
them for:

- `pack`: declaring a pack (`Pack`, its components, print plan, data folder).
- `commands`, `console`: a pack's own commands, their options, exit statuses, output.
- `diagnostics`: origins of fields, located diagnostics, a pack's own codes.
- `checks`: the registry of rule checks and what a check is given and yields.
- `project`: validating a whole project from a command; a text's placeholders.
- `content`: YAML documents, records by kind, schemas, art paths.
- `hexgrid`: hex geometry.
- `colours`: the engine's colours by name and the contrast of two colours.
- `drawing`: the render context and pieces, canvas and PDF, paper, label boxes, icons.
- `kit`: whole files of a kit: print plan, a data sheet's page, variants, guide templates.
- `text`, `fonts`, `style`, `shapes`, `ink`: fitted text, fonts, colours, shapes, ink saver.
- `flow`, `booksheet`: text flowed onto pages, prose sheets, books.
- `layouts`, `cutsheet`, `dicenet`, `poster`: parts from layout and sheet data, tokens
  on shared cuts, dice nets, print-shop posters.

This package imports none of them itself: each weighs only what it re-exports, so
a pack's `__init__` and `commands` (imported while `ttgbuild --help` runs) stay light
by importing `pack`, `commands`, `console` and `diagnostics` only (`checks`, `colours` and
`hexgrid` are as light, for a pack's game logic and checks).
"""

__all__ = [
    "booksheet",
    "checks",
    "colours",
    "commands",
    "console",
    "content",
    "cutsheet",
    "diagnostics",
    "dicenet",
    "drawing",
    "flow",
    "fonts",
    "hexgrid",
    "ink",
    "kit",
    "layouts",
    "pack",
    "poster",
    "project",
    "shapes",
    "style",
    "text",
]
