"""The rules page: the rules texts of ../shared/rules-texts as people read them, one anchor per section.

``/rules/`` lists the documents (``rules.rule_documents.DOCUMENTS``: title, language, sections);
``/rules/<slug>/`` shows one document's text, its paragraphs as written, each section's first line carrying the
section's anchor (``id="<section slug>"``), so that every citation on the pages (``{{ rule|rule_cite }}``) links
to ``/rules/<slug>/#<section slug>``. The texts are read from ``settings.SPELLFIRE_RULES_TEXTS_DIR`` (default
``../shared/rules-texts``) once per process and file version (their modification time).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET
from rules.rule_documents import DOCUMENTS, RulesDocument, Section, document_by_slug, section_starts


@dataclass(frozen=True)
class Block:
    """One line of a rules text on the page: ``text``, and ``section`` when a section begins there (its anchor;
    shown as a heading when the line is the section's heading)."""

    text: str
    section: Section | None = None


@functools.lru_cache(maxsize=16)
def _blocks(path: Path, modified: float, document: RulesDocument) -> tuple[Block, ...]:
    lines = [line.rstrip() for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]
    starts = section_starts(document, lines)
    return tuple(Block(line, starts.get(index)) for index, line in enumerate(lines) if line.strip())


def document_blocks(document: RulesDocument) -> tuple[Block, ...]:
    """The document's non-blank lines, each with the section it opens. Raises Http404 when the file is missing."""
    path = Path(settings.SPELLFIRE_RULES_TEXTS_DIR) / document.file
    try:
        return _blocks(path, path.stat().st_mtime, document)
    except OSError as exc:
        raise Http404(gettext("This rules text is not available here.")) from exc


@require_GET
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/rules_index.html", {"documents": list(DOCUMENTS.values())})


@require_GET
def rules_document(request: HttpRequest, slug: str) -> HttpResponse:
    document = document_by_slug(slug)
    if document is None:
        raise Http404(gettext("There is no such rules text."))
    return render(request, "tournaments/rules_document.html",
                  {"document": document, "blocks": document_blocks(document),
                   "documents": list(DOCUMENTS.values())})
