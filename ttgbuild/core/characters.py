"""Characters with a meaning of their own in translated text, named once for every layer.

The translators' checks (i18n) and the text layout and canvas (render) must agree
on them: a soft hyphen the checks accept is one the layout hides.
"""

SOFT_HYPHEN = "\u00ad"  # U+00AD: where a word may break; printed only where a line breaks
