"""Rule checks: the registry a pack fills with its codes and checks (`Checks` collects
them), what a check yields (`Finding`) and what it is given (`Context`).
"""

from ttgbuild.validate.registry import Checks, Finding, Registry
from ttgbuild.validate.runner import Context

__all__ = ["Checks", "Context", "Finding", "Registry"]
