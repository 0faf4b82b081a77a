"""The documentation: every relative link in README.md and docs/*.md points to a file or directory that exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# [text](target) and [text](target "title"); the target stops at a space, ')' or '#'
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>#]*)")


def _documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _relative_links(doc: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [t for t in LINK.findall(text) if t and not re.match(r"^[a-z][a-z0-9+.-]*:", t, re.IGNORECASE)]


def test_the_docs_directory_has_the_moved_sections():
    names = {p.name for p in _documents()}
    assert {"operations.md", "api.md", "architecture.md", "rules.md", "testing.md", "cli.md"} <= names


def test_every_relative_link_points_to_an_existing_file():
    broken = [f"{doc.relative_to(ROOT)}: {target}"
              for doc in _documents() for target in _relative_links(doc)
              if not (doc.parent / target).exists()]
    assert broken == []


def test_the_readme_links_every_document_in_docs():
    readme = set(_relative_links(ROOT / "README.md"))
    assert {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")} <= readme
