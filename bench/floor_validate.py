"""The validation floor: the natural minimal check of hero files, for comparison.

For each file: parse with libyaml (PyYAML's CSafeLoader) and run jsonschema's
Draft 2020-12 validator, built once, over the result. No positions, no rule
checks, no friendly messages: what a few lines of plain Python would do.

Usage: python -m bench.floor_validate HERO_FOLDER
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from ttgbuild.packs.jugger import PACK

SCHEMAS = PACK.schemas


def hero_validator() -> Draft202012Validator:
    """The hero schema's validator, with the shared definitions it refers to."""
    schemas = [json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.schema.json")]
    registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas
    )
    hero = next(s for s in schemas if s["$id"].endswith("/hero.schema.json"))
    return Draft202012Validator(hero, registry=registry)


def main(folder: Path) -> int:
    """Validate every .yaml file in `folder`; print the number of errors found."""
    validator = hero_validator()
    errors = 0
    for path in sorted(folder.glob("*.yaml")):
        with path.open(encoding="utf-8") as stream:
            doc = yaml.load(stream, Loader=yaml.CSafeLoader)
        errors += sum(1 for _ in validator.iter_errors(doc))
    print(f"{errors} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
