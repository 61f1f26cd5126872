"""Reference sheets as data (issue 16): the sheet format, its layout as flow sections,
its located problems, and the extraction of data messages into the template."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog

from ttgbuild.i18n.extract import add_data_messages, data_messages

SHEET = """\
sections:
  - heading: {msg: Moving, context: quickref heading}
    items:
      - paragraph:
          msg: "Move up to {steps} hexes."
          context: quickref
          comment: "{steps} is a number of hexes."
          params: {steps: rules.move}
      - paragraph:
          msg: "One stone"
          plural: "{stones} stones"
          context: quickref
          count: rules.stones
"""


def test_every_msg_mapping_is_one_message_with_context_plural_comment_and_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "demo.sheet.yaml"
    path.write_text(SHEET, "utf-8")
    found = list(data_messages(path))
    assert found == [
        (2, "Moving", "quickref heading", []),
        (5, "Move up to {steps} hexes.", "quickref", ["{steps} is a number of hexes."]),
        (10, ("One stone", "{stones} stones"), "quickref", []),
    ]
    catalog = Catalog()
    add_data_messages(catalog, [path], lambda p: f"data/{p.name}")
    plural = catalog.get("One stone", context="quickref")
    assert plural.id == ("One stone", "{stones} stones")
    assert plural.locations == [("data/demo.sheet.yaml", 10)]
    assert catalog.get("Move up to {steps} hexes.", context="quickref").auto_comments == [
        "{steps} is a number of hexes."
    ]


def test_a_broken_data_file_or_a_msg_without_context_gives_no_message(tmp_path: Path) -> None:
    broken = tmp_path / "broken.sheet.yaml"
    broken.write_text("sections: [\n", "utf-8")
    bare = tmp_path / "bare.sheet.yaml"
    bare.write_text("title: {msg: No context}\n", "utf-8")
    assert list(data_messages(broken)) == []
    assert list(data_messages(bare)) == []
