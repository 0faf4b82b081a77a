"""Issue 14: what a service refuses is said in the reader's language (a page's error, the API's ``detail``),
stored and logged in English, with an English ``code`` that never changes. Every refusal in the code is marked
for translation: a plain or f-string message is a test failure here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext_lazy, ngettext_lazy
from rules.errors import RulesError

from tournaments.errors import Conflict, Text, UserError

ROOT = Path(__file__).resolve().parents[2]


def test_a_message_is_rendered_in_the_language_active_when_it_is_read():
    with translation.override("fr"):  # raised while French is active ...
        exc = Conflict(gettext_lazy("Too few players to pair a round."), code="too_few_players")
    with translation.override("pt-br"):  # ... read in Portuguese
        assert exc.message == "Poucos jogadores para parear uma rodada."
    assert exc.english == str(exc) == "Too few players to pair a round."
    assert exc.code == "too_few_players" and exc.status == 409


def test_placeholders_are_filled_from_the_params_and_plurals_follow_the_count():
    exc = UserError(ngettext_lazy("%(count)s table still has no result.", "%(count)s tables still have no result.",
                                  "count"), params={"count": 2})
    assert exc.english == "2 tables still have no result."
    assert UserError(gettext_lazy("Round %(round)s has started."), params={"round": 3}).english == \
        "Round 3 has started."


def test_a_rules_refusal_is_rendered_from_its_code_and_params():
    error = RulesError("too_few_players", "Too few players (1) to pair a round.", {"players": 1})
    exc = UserError.from_rules(error)
    assert exc.code == "too_few_players" and exc.params == {"players": 1}
    assert exc.english == "Too few players (1) to pair a round."  # the rule's own English message
    with translation.override("fr"):
        assert exc.message != exc.english and "joueurs" in exc.message


def test_parts_compose_and_each_is_rendered_on_reading():
    inner = UserError(gettext_lazy("Round %(round)s has started."), params={"round": 2})
    outer = UserError(Text(gettext_lazy("Not recorded:"), " ", inner.text), code="x")
    assert outer.english == "Not recorded: Round 2 has started."


# The calls whose argument (by position) is a message a person reads: the refusals of the services, the API's
# and the forms' validation errors, the pages' 404/403 and flash messages.
_MESSAGE_ARG = {"UserError": 0, "NotAllowed": 0, "Conflict": 0, "NotFound": 0, "UploadTooLarge": 0,
                "ValidationError": 0, "Http404": 0, "PermissionDenied": 0, "add_error": 1,
                "error": 1, "success": 1, "info": 1, "warning": 1}


def _unmarked(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in ("error", "success", "info", "warning") and getattr(node.func, "value", None) is not None \
                and getattr(node.func.value, "id", "") != "messages":
            continue  # only django.contrib.messages' calls
        index = _MESSAGE_ARG.get(name)
        if index is None or len(node.args) <= index:
            continue
        message = node.args[index]
        plain = isinstance(message, (ast.Constant, ast.JoinedStr)) or (
            isinstance(message, ast.BinOp) and any(isinstance(side, (ast.Constant, ast.JoinedStr))
                                                   for side in (message.left, message.right))) or (
            isinstance(message, ast.Call) and getattr(message.func, "id", "") == "str")
        if plain:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(message)[:80]}")
    return found


@pytest.mark.parametrize("app", ["tournaments", "decks"])
def test_every_refusal_is_marked_for_translation(app):
    sources = [p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts]
    unmarked = [line for path in sorted(sources) for line in _unmarked(path)]
    assert not unmarked, "English-only messages (mark them with gettext_lazy, tournaments/errors.py):\n" + \
        "\n".join(unmarked)
