"""The upload guards the deck page (``decks.pages.views``) and the deck API (``decks.api.views``) share: the
refusal of a request body too large to be a decklist, read from Content-Length before anything reads the body,
and the 413 error both raise. A CrossFire .cfd or LackeyCCG .dek file is a few kilobytes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils.formats import number_format
from django.utils.translation import gettext

from tournaments.errors import UserError

MB = 1024 * 1024


class UploadTooLarge(UserError):
    """A decklist upload over the size limit (HTTP 413)."""

    status = 413

    def __init__(self, message: Any, *, code: str = "too_large", params: dict | None = None) -> None:
        super().__init__(message, code=code, params=params)


def max_request_bytes() -> int:
    """The largest request body a decklist upload may have (``DECKLIST_MAX_REQUEST_BYTES``, by default four
    times ``DECKLIST_MAX_BYTES``: room for a form's other fields and the multipart framing)."""
    return int(getattr(settings, "DECKLIST_MAX_REQUEST_BYTES", 4 * settings.DECKLIST_MAX_BYTES))


def megabytes(size: float, digits: int = 1) -> str:
    """``size`` bytes in megabytes with the active language's decimal mark ("50.0"; "50,0" in pt-br)."""
    return number_format(size / MB, digits)


def limit_megabytes() -> str:
    """The decklist size limit (``DECKLIST_MAX_BYTES``) in megabytes, as short as it goes ("1"; "0,5" in pt-br)."""
    limit = settings.DECKLIST_MAX_BYTES / MB
    return number_format(limit, 0 if limit == int(limit) else None)


def upload_refusal(request: HttpRequest) -> str:
    """A message in the active language when the request body is too large to be a decklist (from
    Content-Length, before anything reads the body), else "". A CrossFire or LackeyCCG file is a few kilobytes."""
    try:
        size = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return ""
    if size <= max_request_bytes():
        return ""
    return gettext("The upload is %(size)s MB; a decklist may be at most %(limit)s MB (a CrossFire .cfd or "
                   "LackeyCCG .dek file is a few kilobytes). Check that you chose the right file.") % {
        "size": megabytes(size), "limit": limit_megabytes()}
