"""Errors a user caused (shown to them) as opposed to bugs (logged, a 500).

Services raise these; pages turn them into form errors or messages, the API into 4xx
responses with ``{"code": ..., "detail": ...}``. Nothing a service changed before it
raised is kept: every service runs in one transaction.

**Languages (issue 14).** A message is written once, in English, marked for translation and
rendered in whatever language is active *when it is read*, not when it is raised::

    raise Conflict(gettext_lazy("Round %(round)s has started."), code="round_started",
                   params={"round": rnd.number})

* ``message`` is a ``gettext_lazy`` / ``pgettext_lazy`` string whose ``%(name)s`` placeholders are filled
  from ``params``, an ``ngettext_lazy(singular, plural, "count")`` string (the plural form is chosen by
  ``params["count"]``), a :class:`Text` (parts joined, each rendered on reading), or
  :func:`from_rules` for a ``rules.errors.RulesError`` (rendered from its code and params by
  ``tournaments.rule_texts.error_text``). A plain ``str`` is shown as it is, in every language: only
  for text that is not ours to translate (a user's input, a library's message).
* ``exc.message``: the text in the active language (a page's form error, the API's ``detail``).
* ``exc.english`` and ``str(exc)``: the text in English (what a service stores in an audit entry or a log,
  so that stored text never depends on the language of the person who acted).
* ``params``: the values, also the API's ``params`` (JSON-safe ones; a lazy value as text). The ``code``
  is English and stable in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import formats, translation
from django.utils.functional import Promise, lazy
from rules.errors import RulesError

from tournaments.rule_texts import error_text


class Text:
    """Text rendered on reading: ``parts`` (str, lazy strings, other :class:`Text` or :class:`UserError`
    messages) joined. ``Text(gettext_lazy("Round %(round)s: "), exc.text)``; a part with placeholders is
    given its values as ``(lazy, {"round": 3})``."""

    def __init__(self, *parts: Any) -> None:
        self.parts = parts

    def __str__(self) -> str:
        return "".join(_render(p[0], p[1]) if isinstance(p, tuple) else str(p) for p in self.parts)


def _short_datetime(value: Any) -> str:
    return formats.date_format(value, "SHORT_DATETIME_FORMAT")


#: ``local_datetime(aware_local_datetime)``: a param value that reads as the date and time in the reader's
#: locale (``SHORT_DATETIME_FORMAT``: "25/11/2026 18:00" in fr and pt-BR, "11/25/2026 6 p.m." in en).
local_datetime = lazy(_short_datetime, str)


class _RulesText:
    """A rule error's text in the active language, from its code and params."""

    def __init__(self, error: RulesError) -> None:
        self.error = error

    def __str__(self) -> str:
        return error_text(self.error)


def _render(message: Any, params: Mapping[str, Any]) -> str:
    if isinstance(message, Promise):
        return message % dict(params)  # gettext_lazy: fills %(name)s; ngettext_lazy: picks the plural form too
    return str(message)


class UserError(Exception):
    """A request the rules or the workflow refuse. HTTP 400 unless a subclass says otherwise.

    ``message``: see the module docstring (a lazy translatable string filled from ``params``);
    ``code``: stable English identifier; ``params``: the values (JSON-safe ones reach the API)."""

    status = 400

    def __init__(self, message: Any, *, code: str = "invalid", params: Mapping[str, Any] | None = None) -> None:
        self.params = dict(params or {})
        self.code = code
        self._message = message
        super().__init__(self.english)

    @property
    def text(self) -> Text:
        """The message, unrendered: a part of another message (``Text(prefix, exc.text)``)."""
        return Text((self._message, self.params))

    @property
    def message(self) -> str:
        """The message in the active language."""
        return _render(self._message, self.params)

    @property
    def english(self) -> str:
        """The message in English (for what is stored or logged)."""
        with translation.override("en"):
            return self.message

    def __str__(self) -> str:
        return self.english

    @classmethod
    def from_rules(cls, error: RulesError, *, code: str | None = None,
                   params: Mapping[str, Any] | None = None) -> UserError:
        """This error for a rule's refusal: its code and params (unless given), its text in the reader's
        language (``tournaments.rule_texts.error_text``) and in English the rule's own message. Raise it
        ``from error``."""
        return cls(_RulesText(error), code=code or error.code,
                   params=error.params if params is None else params)


class NotAllowed(UserError):
    """The acting user may not do this (HTTP 403)."""

    status = 403

    def __init__(self, message: Any, *, code: str = "not_allowed", params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, code=code, params=params)


class Conflict(UserError):
    """The request clashes with the tournament's current state, e.g. a second report of a confirmed match (409)."""

    status = 409
