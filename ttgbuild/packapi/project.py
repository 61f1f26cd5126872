"""Whole-project services: validating a project from a pack's command (and the codes
a book comparison reports), and the placeholders a translatable text declares.

Heavier than `checks` (templates): import it inside the command that needs it.
"""

from ttgbuild.validate.book import COMPARE_CODES
from ttgbuild.validate.declared_kinds import placeholder_names
from ttgbuild.validate.project import validate_project

__all__ = ["COMPARE_CODES", "placeholder_names", "validate_project"]
