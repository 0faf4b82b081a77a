"""Page markup compared the way a browser reads it: a run of whitespace (spaces, newlines, indentation) is one
space. The templates break long lines at whitespace, so a test matching markup squashes both the page and what it
looks for; nothing else is loosened (no whitespace is removed, none is added where there was none)."""

from __future__ import annotations

import re

_WHITESPACE = re.compile(r"[ \t\n\r\f]+")  # HTML whitespace; a no-break space is text and stays


def squash(html: str) -> str:
    """``'<span\\n  class="x">a  b</span>'`` -> ``'<span class="x">a b</span>'``: each run of HTML whitespace
    (space, tab, newline, carriage return, form feed) becomes one space. Only for markup outside <pre> and
    <textarea>, where whitespace shows as typed."""
    return _WHITESPACE.sub(" ", html)
