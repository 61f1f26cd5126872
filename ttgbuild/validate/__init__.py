"""Validation: JSON Schema (pass 1) and game rules (pass 2), both yielding diagnostics."""
