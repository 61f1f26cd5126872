"""The engine's colours by name (ink, paper, rules, headers, cut marks) and the WCAG
contrast of two colours.

Light on purpose (no drawing library): a pack's checks use them while validating.
"""

from ttgbuild.core.colours import ENGINE_COLOURS, contrast_ratio

__all__ = ["ENGINE_COLOURS", "contrast_ratio"]
