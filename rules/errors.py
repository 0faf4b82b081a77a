"""One base class for every error ``rules`` raises because of what a user asked for.

``RulesError(code, message, params)`` is what the rest of the project may rely on:

``code``
    A short, stable English identifier of the problem (``"unknown_format"``,
    ``"unused_option"``, ``"mulligan_limit"`` ...).  Codes are part of the
    interface: callers may branch on them, translate them or put them in an API
    response; they are not renamed lightly.
``message``
    One or more plain-English sentences for the user: what is wrong and what to
    do about it.  ``str(err) == err.message``.
``params``
    A ``dict`` of JSON-serialisable details (str, int, float, bool, None, lists
    and dicts of them), e.g. ``{"option": "floor", "value": "2"}``; empty when
    there is nothing more to say.  ``json.dumps(err.params)`` always works.

The Django layer catches ``RulesError`` and answers with a 4xx whose body is
``err.to_json()`` (``{"code", "message", "params"}``) or the equivalent; an
exception that is *not* a ``RulesError`` coming out of ``rules`` is a bug (a
5xx), never the user's fault.

No subclass is also a ``ValueError``, ``KeyError`` or ``LookupError`` (they once
were): catch a rule error by its class (``except FormatError``, ``except
RulesError``), never through a builtin base, so that an ``except ValueError`` meant
for ``int()`` cannot swallow one, nor one meant for a rule error swallow a bug.
Each subclass keeps its historical constructor signature (some take ``**params``,
some a ``params`` dict, some their own arguments); they all end up with ``code``,
``message`` and ``params`` set.  Instances
pickle (a Celery task may carry one) whatever the subclass's signature.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["RulesError"]


class RulesError(Exception):
    """A user-facing rule error: ``code`` (stable identifier), ``message`` (what to do), ``params`` (JSON details).

    ``RulesError(code, message, params=None)``; ``params`` is copied into a new
    ``dict``.  ``str(err)`` is ``message``; ``err.args == (message,)``.
    """

    code: str
    message: str
    params: dict[str, Any]

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = dict(params or {})

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r}, {self.params!r})"

    def to_json(self) -> dict[str, Any]:
        """``{"code": str, "message": str, "params": dict}``: the error as an API body."""
        return {"code": self.code, "message": self.message, "params": dict(self.params)}

    def __reduce__(self) -> tuple[Any, ...]:
        # Subclass constructors differ, so rebuild without calling them, then restore the attributes.
        return (_rebuild, (type(self), self.args), self.__dict__)


def _rebuild(cls: type[RulesError], args: tuple[Any, ...]) -> RulesError:
    """Unpickling helper: an instance of ``cls`` with ``args`` and no ``__init__`` call (state is set after)."""
    return cls.__new__(cls, *args)
