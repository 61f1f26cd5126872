"""The names of the translators' tables under `locales/`, apart from the code that reads them.

The catalog-check cache hashes these files on every `validate` and `build`;
importing the glossary and style checks only for their file names cost a few
milliseconds of every run whose answer is remembered.
"""

GLOSSARY_FILE = "glossary.tsv"  # locales/glossary.tsv
STYLE_FILE = "style.tsv"  # locales/<locale>/style.tsv
