"""Balancing in a spreadsheet: content exported as sheets, edits written back into the YAML.

Designers tune numbers in spreadsheets; the YAML stays the one source of truth.
`ttgbuild sheet export` writes one sheet per record kind (an .xlsx workbook or
one CSV file per sheet) and `ttgbuild sheet import` reads it back, validates
the content as it would be, and only then edits the YAML files in place,
keeping their comments and formatting (ruamel.yaml round trip).
"""
