"""The match slip's and the organiser's result forms read into a result input (``tournaments.result_input``), so
a post is refused as the API refuses the same result sent as JSON (the same ``code`` and message).

The form fields: a duel's game rows ``game-<n>`` (the player's choices "me", "opponent", "mulligan_me" ... or the
organiser's "a", "b", "mulligan_a" ...; ``pages.forms.GAME_CHOICES``) with their end-of-game counts
``counts-<n>-<a|b>-<name>``; a table's ``mode`` ("placements": ``place-<seat>``; "games": per game
``game-<n>-winners`` checkboxes, ``game-<n>-drawn``, ``game-<n>-mulligan``); the slip's ``slip_round`` and
``slip_table``. Refusals (``ResultInputError``): the shared ones (``counts``, ``slip``) and those of the form's own
shape, with the code the API gives the same mistake: ``counts`` (a game's counts only partly filled in),
``games`` (no readable game), ``placements`` (a place that is not a number), ``table_result`` (neither mode).
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext_lazy as _
from rules.results import COUNT_ORDER

from tournaments.result_choices import score_choice
from tournaments.result_input import ResultInputError, read_result
from tournaments.pages.forms import slip_rows



__all__ = ["games_from_post", "result_from_post", "slip_from_post", "table_result_from_post"]

_WHOLE = re.compile(r"-?[0-9]{1,9}")


def _ascii_digits(value: str) -> bool:
    """A whole number written in ASCII digits ("²" and "٣" pass ``str.isdigit()`` but are no slip number)."""
    return value.isascii() and value.isdigit() and len(value) <= 6


def _number(text: str) -> Any:
    """A typed number as the JSON a client would send: an int when it reads as one ("-3" too: the shared check
    says what is wrong with it), else the text as typed (refused by the shared check)."""
    return int(text) if _WHOLE.fullmatch(text) else text


def _counts_from_post(post, n: int) -> dict | None:
    """Game ``n``'s end-of-game counts (``counts-<n>-<a|b>-<name>``): None when every field is blank, else
    ``{"a": {name: value}, "b": {...}}``. Raises ``ResultInputError`` (``counts``) when only some are filled in;
    whether the values are whole numbers of 0 or more is ``result_input.check_counts``'s to say."""
    raw = {(seat, c): (post.get(f"counts-{n}-{seat}-{c}") or "").strip() for seat in ("a", "b") for c in COUNT_ORDER}
    if not any(raw.values()):
        return None
    if not all(raw.values()):
        raise ResultInputError(_("Game %(n)s: fill in all six end-of-game counts for both players, or none of "
                                 "them."), code="counts", params={"n": n})
    counts: dict = {"a": {}, "b": {}}
    for (seat, c), text in raw.items():
        counts[seat][c] = _number(text)
    return counts


#: A duel's game choice as a game of the result input (the player's "me"/"opponent" are made "a"/"b" first).
_GAMES: dict[str, dict[str, Any]] = {"a": {"winner": "a"}, "b": {"winner": "b"}, "drawn": {"drawn": True}, "unfinished": {"unfinished": True},
          "deck_out": {"deck_out": True}, "mulligan_a": {"mulligan_by": "a"}, "mulligan_b": {"mulligan_by": "b"}}


def games_from_post(post, choices_prefix: str, *, seat: str | None) -> list[dict]:
    """The game rows of a duel's report form as the games of a result input (seats "a"/"b").

    ``seat`` is the reporting player's seat (player form) or None (organiser form, A/B choices).
    A game's end-of-game counts (``counts-<n>-<a|b>-<name>``) travel with it. Raises ``ResultInputError``
    (``games``: counts with no outcome, an unknown choice; ``counts``: counts partly filled in).
    """
    other = {"a": "b", "b": "a"}
    games = []
    for key in sorted((k for k in post if k.startswith(choices_prefix) and _ascii_digits(k[len(choices_prefix):])),
                      key=lambda k: int(k[len(choices_prefix):])):
        value = post[key]
        n = int(key[len(choices_prefix):])
        counts = _counts_from_post(post, n)
        if not value:
            if counts is not None:
                raise ResultInputError(_("Game %(n)s has end-of-game counts but no outcome; choose one."),
                                       code="games", params={"n": n})
            continue
        if seat is not None:
            value = {"me": seat, "opponent": other[seat], "mulligan_me": f"mulligan_{seat}",
                     "mulligan_opponent": f"mulligan_{other[seat]}"}.get(value, value)
        if value not in _GAMES:
            raise ResultInputError(f"Unknown game outcome {value!r}", code="games")
        games.extend(_mulligans_before(post.get(f"mull-{n}") or "", seat))
        games.append(dict(_GAMES[value]))
        first = _side(post.get(f"first-{n}") or "", seat)
        if first:
            games[-1]["first"] = first
        if counts is not None:
            games[-1]["counts"] = counts
    return games


def _side(value: str, seat: str | None) -> str:
    """A player named on a game row ("me"/"opponent" on the player's form, "a"/"b" on the organiser's) as the
    slip's letter "a"/"b"; "" for none or anything else."""
    if seat is not None:
        value = {"me": seat, "opponent": {"a": "b", "b": "a"}[seat]}.get(value, "")
    return value if value in ("a", "b") else ""


def _mulligans_before(value: str, seat: str | None) -> list[dict]:
    """A game row's one-tap mulligan record (``mull-<n>``): the two-draw mulligans declared before the game, as
    games restarted (``{"mulligan_by": "a"}``): "me", "me2" (twice: the most in a row,
    spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan), "opponent", "opponent2" (organiser: "a", "a2", "b",
    "b2"); "" none."""
    twice = value.endswith("2")
    who = _side(value[:-1] if twice else value, seat)
    return [{"mulligan_by": who}] * (2 if twice else 1) if who else []


def table_result_from_post(post, seats: int, best_of: int) -> dict:
    """The result a multiplayer table's report or settle form posts: ``{"placements": [...]}``
    (``mode=placements``, fields ``place-<seat>``) or ``{"games": [...]}`` (``mode=games``, per game
    ``game-<n>-winners`` checkboxes of seat numbers, ``game-<n>-drawn`` and ``game-<n>-mulligan``, the seat
    that declared a two-draw mulligan to restart the game; games left blank are skipped).
    Raises ``ResultInputError`` with what to fix; the results service judges the result itself."""
    if post.get("mode") == "placements":
        values = [post.get(f"place-{seat}", "").strip() for seat in range(1, seats + 1)]
        if not all(_ascii_digits(v) for v in values):
            raise ResultInputError(_("Give every seat's place as a number (1 = won; equal numbers share a place)."),
                                   code="placements")
        return {"placements": [int(v) for v in values]}
    if post.get("mode") == "games":
        games = [game for n in range(1, slip_rows(best_of) + 1) if (game := _table_game(post, n)) is not None]
        if not games:
            raise ResultInputError(_("Tick the winner(s) of at least one game, or mark it drawn."), code="games")
        return {"games": games}
    raise ResultInputError(_("Report either the placements or the games."), code="table_result")


def _table_game(post, n: int) -> dict | None:
    """Game ``n`` of a table's games form, None when left blank."""
    winners = post.getlist(f"game-{n}-winners")
    drawn = bool(post.get(f"game-{n}-drawn"))
    mulligan = (post.get(f"game-{n}-mulligan") or "").strip()
    if not winners and not drawn and not mulligan:
        return None
    if not all(_ascii_digits(w) for w in winners):
        raise ResultInputError(_("Game %(n)s: tick the seats that won."), code="games", params={"n": n})
    game: dict = {"winners": [int(w) for w in winners], "drawn": drawn}
    if mulligan:
        if not _ascii_digits(mulligan):
            raise ResultInputError(_("Game %(n)s: choose the seat that declared the two-draw mulligan."),
                                   code="games", params={"n": n})
        game["mulligan_by"] = int(mulligan)
    return game


def _placement_choice(value: str, seats: int) -> list[int]:
    """A table's one-tap result (``result_choices.PlacementChoice.key``: "1 2 2 2") as placements."""
    places = value.split()
    if len(places) != seats or not all(_ascii_digits(p) for p in places):
        raise ResultInputError(_("Give every seat's place as a number (1 = won; equal numbers share a place)."),
                               code="placements")
    return [int(p) for p in places]


def result_from_post(post, seats: int, best_of: int, *, seat: int | None) -> dict:
    """The ``score``, ``games`` or ``placements`` a report or settle form posts, for a match of ``seats`` seats,
    checked as the API checks them (``result_input.read_result``): a duel's one-tap ``score`` ("2-1", from the
    reporting player's side: ``result_choices.score_choice``), a table's one-tap ``placement_choice``
    ("1 2 2 2"), else the duel form (game by game, mulligans, counts; ``seat`` 1 or 2 is the reporting player,
    None the organiser's A/B form) for two seats, the table form for more. Raises ``ResultInputError``
    (``score``: not a score)."""
    if seats == 2 and post.get("score"):
        return {"score": score_choice(post["score"], best_of, seat=seat).as_score()}
    if seats > 2 and post.get("placement_choice"):
        return {"placements": _placement_choice(post["placement_choice"], seats)}
    if seats == 2:
        data: dict = {"games": games_from_post(post, "game-", seat={1: "a", 2: "b"}.get(seat) if seat else None)}
    else:
        data = table_result_from_post(post, seats, best_of)
    result = read_result(data)
    return {key: result[key] for key in data}


def slip_from_post(post) -> dict:
    """The round and table the player wrote on the slip (``slip_round``, ``slip_table``; blank: not given) as the
    results service takes them: ``{"round_number": int | None, "table": int | None}``. Raises
    ``ResultInputError`` (``slip``) as the API does for the same numbers."""
    raw = {"round": (post.get("slip_round") or "").strip(), "table": (post.get("slip_table") or "").strip()}
    result = read_result({key: _number(text) if text else None for key, text in raw.items()})
    return {"round_number": result["round_number"], "table": result["table"]}
