"""Choice labels in English for what the services store or compare (issue 14).

The models' choice labels are translated for the pages (``gettext_lazy``), but an audit entry, a penalty's
reason or a service's English message must not depend on the language of the person who acted: they are stored
once and read in any language (and compared, e.g. ``penalties.describe_reason``). ``english(label)`` is the label
(a lazy string, or a ``get_FOO_display`` method) in English."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation


def english(label: Any | Callable[[], Any]) -> str:
    """``label`` (a lazy translated string, or a callable returning one, e.g. ``match.get_status_display``) in
    English."""
    with translation.override("en"):
        return str(label() if callable(label) else label)
