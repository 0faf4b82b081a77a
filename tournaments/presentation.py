"""What a result says in words: a match's outcome, a record game by game, a dispute's reason (issue 14).

Presentation, not workflow: the pages, the exports and the selectors call these in the reader's language; the
services call them under ``translation.override("en")`` for what they store (the audit log's result before and
after: ``services.results.result_summary``). Nothing here writes or reads the database.

Terms: a *record* is a ``ResultSubmission.record`` (``{"games": [...]}`` with seats numbered from 1,
``{"placements": [...]}`` or a duel's ``{"score": {"wins", "draws"}}``); an *outcome* is ``tournaments.outcomes.Outcome`` (games won and place per seat
in seat order, drawn games).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from rules.results import COUNT_ORDER

from tournaments.models import ResultSubmission, Seat, person_name
from tournaments.outcomes import Outcome
from tournaments.rule_texts import clause_separator, label_separator

__all__ = ["COUNT_NAMES", "DIFFERENT_RESULT", "describe_record", "dispute_reason_text", "outcome_text", "outcome_text_of",
           "score_only_text"]


#: The dispute reason ``services.results.result_report`` writes itself when a second report differs (stored in
#: English; :func:`dispute_reason_text` says it again in the reader's language).
DIFFERENT_RESULT = "%(name)s reported a different result."


def dispute_reason_text(submission: ResultSubmission) -> str:
    """A submission's ``dispute_reason`` in the active language: the one ``services.results.result_report`` writes
    itself when two reports differ ("bob reported a different result.", stored in English) said again; a player's
    own reason as they wrote it. ``submission.responded_by`` should be loaded (select_related)."""
    by = submission.responded_by
    if by is not None and submission.dispute_reason == DIFFERENT_RESULT % {"name": by.get_username()}:
        return gettext("%(name)s reported a different result.") % {"name": person_name(by)}
    return submission.dispute_reason


def outcome_text(seats: list[Seat], outcome: Outcome) -> str:
    """"alice 2-1 bob" for a duel (with "-d" drawn games), "alice: bye", "alice: late, loss (no opponent)" (one
    seat with no game won: ``Match.opponentless_loss``), "1. alice (2 won), 2. bob (1 won),
    ...; 1 drawn" for a table: in the active language (the score itself stays numeric). What a service stores
    is English: call it under ``translation.override("en")`` (``services.results.result_summary``)."""
    return outcome_text_of([s.registration.display_name for s in seats], outcome)


def outcome_text_of(names: list[str], outcome: Outcome) -> str:
    """:func:`outcome_text` from the players' names in seat order."""
    if len(names) == 1 and outcome.wins and outcome.wins[0] == 0:  # an opponentless loss (a bye wins its games)
        return gettext("%(name)s: late, loss (no opponent)") % {"name": names[0]}
    if len(names) == 1:
        return gettext("%(name)s: bye") % {"name": names[0]}
    if len(names) == 2:
        text = f"{names[0]} {outcome.wins[0]}-{outcome.wins[1]}"
        return (f"{text}-{outcome.draws}" if outcome.draws else text) + f" {names[1]}"
    order = sorted(range(len(names)), key=lambda i: (outcome.placements[i], i))
    text = ", ".join(
        ngettext("%(place)s. %(name)s (%(count)s won)", "%(place)s. %(name)s (%(count)s won)", outcome.wins[i])
        % {"place": outcome.placements[i], "name": names[i], "count": outcome.wins[i]} for i in order)
    if outcome.draws:
        text = ngettext("%(places)s; %(count)s drawn", "%(places)s; %(count)s drawn", outcome.draws) % {
            "places": text, "count": outcome.draws}
    return text


#: The end-of-game counts (``rules.results.COUNT_ORDER``) as a game's line names them.
COUNT_NAMES = {
    "unrazed_realms": _("unrazed realms"),
    "razed_realms": _("razed realms"),
    "holdings": _("holdings"),
    "champions": _("champions"),
    "champion_levels": _("champion levels"),
    "draw_pile": _("draw pile"),
}


def _and(names: list[str]) -> str:
    """"alice", "alice and bob", "alice and bob and carol" (the winners who share a game)."""
    text = names[0]
    for name in names[1:]:
        text = gettext("%(names)s and %(last)s") % {"names": text, "last": name}
    return text


def describe_record(record: dict[str, Any], names: dict[int, str]) -> list[str]:
    """One line of text per game of a stored record (or the placements), with the players' names:
    ``["Game 1: alice won", "Game 2: two-draw mulligan declared by bob", ...]`` or ``["Placements: alice 1,
    bob 2, ..."]``, in the active language (stored text: under ``translation.override("en")``)."""
    if "placements" in record:
        return [gettext("Placements: %(placements)s") % {
            "placements": ", ".join(f"{names.get(n, n)} {p}" for n, p in enumerate(record["placements"], start=1))}]
    if "score" in record:
        return [score_only_text(record["score"], names)]
    lines = []
    for number, game in enumerate(record.get("games", []), start=1):
        if game.get("mulligan_by"):
            text = gettext("two-draw mulligan declared by %(name)s") % {"name": names.get(game["mulligan_by"])}
        elif game.get("drawn"):
            text = pgettext("game result", "drawn")
        elif game.get("winners"):
            text = ngettext("%(names)s won", "%(names)s won", len(game["winners"])) % {
                "names": _and([names.get(s, str(s)) for s in game["winners"]])}
        else:
            text = gettext("no outcome")
        if game.get("unfinished"):
            text = (gettext("unfinished at time (%(outcome)s)") % {"outcome": text} if game.get("winners")
                    else gettext("unfinished at time"))
        if game.get("deck_out"):
            text = (gettext("a draw pile ran out (%(outcome)s)") % {"outcome": text} if game.get("winners")
                    else gettext("a draw pile ran out"))
        counts = game.get("counts")
        if counts:
            # COUNT_ORDER, not the stored order: PostgreSQL's jsonb does not keep the keys' order.
            text = gettext("%(outcome)s; counts %(counts)s") % {"outcome": text, "counts": clause_separator().join(
                f"{names.get(int(seat), seat)}{label_separator()}" + ", ".join(
                    f"{COUNT_NAMES.get(k, k)} {values[k]}" for k in COUNT_ORDER if k in values)
                for seat, values in sorted(counts.items(), key=lambda item: int(item[0])))}
        if game.get("first"):
            text = gettext("%(outcome)s; %(name)s went first") % {"outcome": text,
                                                                  "name": names.get(game["first"], game["first"])}
        lines.append(gettext("Game %(number)s: %(text)s") % {"number": number, "text": text})
    return lines


def score_only_text(score: dict[str, Any], names: dict[int, str]) -> str:
    """A result reported as a score only (``{"wins": [a, b], "draws": d}``, seat order): "Score: alice 2-1 bob
    (the order of the games was not recorded)", "2-1-1" with drawn games."""
    wins = score.get("wins") or [0, 0]
    text = f"{wins[0]}-{wins[1]}" + (f"-{score['draws']}" if score.get("draws") else "")
    return gettext("Score: %(a)s %(score)s %(b)s (the order of the games was not recorded)") % {
        "a": names.get(1, "1"), "score": text, "b": names.get(2, "2")}
