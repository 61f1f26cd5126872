"""The validation floor: parse every YAML file of a project's content with libyaml, nothing else.

What no validator can beat: PyYAML's C loader (CSafeLoader) reading each
file once. No schemas, no positions, no rule checks, no messages.

Usage: python -m bench.floor_validate CONTENT_FOLDER
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml


def main(folder: Path) -> int:
    """Parse every .yaml file under `folder`; print how many were read, 1 if one fails."""
    read = 0
    for path in sorted(folder.rglob("*.yaml")):
        with path.open(encoding="utf-8") as stream:
            try:
                yaml.load(stream, Loader=yaml.CSafeLoader)
            except yaml.YAMLError as exc:
                print(f"{path}: {exc}")
                return 1
        read += 1
    print(f"{read} files parsed")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
