"""Words more than one Jugger painter prints: one translation call, one catalog entry."""

from __future__ import annotations

from ttgbuild.render.context import RenderContext


def keyword_label(ctx: RenderContext, keyword: str) -> str:
    """A talent keyword in the locale's words (glossary terms)."""
    tr = ctx.tr
    labels = {
        "standard_action": tr.pgettext("talent keyword", "Standard action"),
        "standard_attack": tr.pgettext("talent keyword", "Standard attack"),
        "standard_defence": tr.pgettext("talent keyword", "Standard defence"),
        "dual_action": tr.pgettext("talent keyword", "Dual action"),
        "reaction": tr.pgettext("talent keyword", "Reaction"),
        "passive": tr.pgettext("talent keyword", "Passive"),
    }
    return labels.get(keyword, keyword)
