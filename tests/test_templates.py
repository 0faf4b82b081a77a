"""The templates: short lines (a reviewer reads a diff without scrolling) and htmx loaded once per page, by the layout.

Pure Python: reads the files, renders nothing."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DIRS = [ROOT / "templates", ROOT / "tournaments" / "templates", ROOT / "decks" / "templates"]
MAX_LINE = 200
LAYOUT = ROOT / "templates" / "layout.html"
HTMX_SCRIPT = re.compile(r"<script\b[^>]*htmx[^>]*\.js", re.IGNORECASE)


def _templates() -> list[Path]:
    return sorted(p for d in TEMPLATE_DIRS for p in d.rglob("*") if p.is_file())


def test_the_template_directories_hold_templates():
    assert len(_templates()) > 50 and LAYOUT in _templates()


def test_no_template_line_passes_200_characters():
    long = [f"{p.relative_to(ROOT)}:{n}: {len(line)} characters"
            for p in _templates()
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1) if len(line) > MAX_LINE]
    assert long == []


def test_the_layout_loads_htmx_once():
    assert len(HTMX_SCRIPT.findall(LAYOUT.read_text(encoding="utf-8"))) == 1


def test_no_page_extending_the_layout_loads_htmx_again():
    """A page that extends the layout (directly or through another template) gets htmx from it; a second script tag
    would load and initialise htmx twice. The projector is a page of its own (no layout: no navigation) and loads it
    once itself."""
    own_pages = {ROOT / "tournaments" / "templates" / "tournaments" / "projector.html"}
    extra = [str(p.relative_to(ROOT)) for p in _templates()
             if p != LAYOUT and p not in own_pages and HTMX_SCRIPT.search(p.read_text(encoding="utf-8"))]
    assert extra == []


def test_the_projector_is_a_page_of_its_own_loading_htmx_once():
    projector = ROOT / "tournaments" / "templates" / "tournaments" / "projector.html"
    text = projector.read_text(encoding="utf-8")
    assert "{% extends" not in text and len(HTMX_SCRIPT.findall(text)) == 1
