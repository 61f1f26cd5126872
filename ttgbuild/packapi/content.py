"""Reading a game's files: YAML documents, the records of a data pack by kind, a
pack's JSON Schemas, and the art paths a record names (checked to stay inside the
content folder).
"""

from ttgbuild.source.artpaths import path_problem, shown
from ttgbuild.source.records import Record, kinds
from ttgbuild.source.schema import schemas_at
from ttgbuild.source.yamlsource import Document, load_document

__all__ = ["Document", "Record", "kinds", "load_document", "path_problem", "schemas_at", "shown"]
