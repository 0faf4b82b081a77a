"""Score a result record for a match of any number of seats (a translation to ``rules``; no rule lives here).

A *record* is what a submission holds (``ResultSubmission.record``):

* ``{"games": [game, ...]}``: the games as played at the table, in order. A game (stored form,
  ``normalised_game``) is ``{"winners": [seat, ...], "drawn": bool, "mulligan_by": seat | None,
  "unfinished": bool, "deck_out": bool, "counts": {"1": {...}, "2": {...}} | None}``; seats are
  numbered from 1 in the match's seat order. In a duel a game has one winner, or is drawn, a
  two-draw mulligan, unfinished at time or a deck-out (with both seats' end-of-game counts);
  at a multiplayer table a game has one or more winners (a shared win), is drawn, unfinished at time
  (with every seat's counts: the best counts win it, ``_at_time_winners``), or was restarted
  by a two-draw mulligan a seat declared (``mulligan_by``; no winner: it counts as no game, and
  ``rules.results.check_table_mulligan`` refuses a seat's third in a row).
* ``{"placements": [int, ...]}``: a multiplayer table's finishing places in seat order (1 = won,
  equal numbers share), for a table that played one game.
* ``{"score": {"wins": [int, int], "draws": int}}``: a duel reported as its score only ("2-1", the
  one-tap result of the slip and the results desk: ``tournaments.result_choices``). The games' order is
  not known and not invented: the record keeps the score, and ``score`` checks it with
  ``rules.results.check_match_score`` and scores it with ``score_match`` over the games
  ``rules.results.games_of_score`` gives.

A game may also say who went first (``"first": seat``; optional): the player who won the first-player
draw, or the draw made again after a two-draw mulligan (``rules.game_start.FIRST_PLAYER_RULE``). Given as
the draws themselves (``"first_draws": [{seat: card number, ...}, ...]``, every later draw by the players
tied before), ``rules.game_start.first_player`` decides it and both are stored.

Input may also use the duel letters of the slip (``"winner": "a"``, ``"mulligan_by": "b"``, counts
keyed ``"a"``/``"b"``): seat 1 is "a", seat 2 is "b". ``normalised_game`` turns them into seats.

``score`` adds the match's penalties (``PenaltyEffect``), then scores: a duel by
``rules.results.score_match`` (best of N, the two-draw mulligan, the end-of-round procedure,
elimination matches played until decided), a table by games won (``rules.history.derived_placements``,
checked by ``rules.history.validate_history``). The result is an ``Outcome``: games won and place
per seat, and drawn games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from rules.errors import RulesError
from rules.history import History, MatchRecord, PlayerEntry, RoundRecord, derived_placements, validate_history
from rules.pairings.elimination import table_winner
from rules.results import (
    COUNT_ORDER,
    ELIMINATION_AT_TIME_RULE,
    Game,
    GameCounts,
    check_elimination_draws,
    check_report_length,
    check_table_mulligan,
    games_of_score,
    decide_table_by_counts,
    score_match,
)
from rules.game_start import FIRST_PLAYER_RULE, first_player

from tournaments.errors import Text, UserError
from tournaments.outcomes import Outcome
from tournaments.rule_texts import cite

LETTERS = {"a": 1, "b": 2}

#: A rule's citation in the reader's language, rendered when the message is read (``rule_texts.cite``).
_cited = lazy(cite, str)
GAME_KEYS = {"winner", "winners", "drawn", "mulligan_by", "unfinished", "deck_out", "counts", "first", "first_draws"}


@dataclass(frozen=True)
class PenaltyEffect:
    """A penalty that changes a match's result: ``kind`` "game_loss" or "match_loss" for the player at
    ``seat`` (1..n). Game losses come first, in the order issued (Penalty rows)."""

    kind: str
    seat: int


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, seats: int, number: int, what: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and value in LETTERS and seats == 2:
        return LETTERS[value]
    if _is_int(value) and 1 <= value <= seats:
        return value
    message = (_("Game %(game)s: %(what)s must be 'a' or 'b' (or seat 1 or 2), not %(value)s.") if seats == 2
               else _("Game %(game)s: %(what)s must be a seat number from 1 to %(seats)s, not %(value)s."))
    raise UserError(message, code="seat", params={"game": number, "seats": seats, "what": what,
                                                  "value": repr(value)})


def _counts(counts: Any, seats: int, number: int) -> dict[str, dict[str, int]] | None:
    if counts is None:
        return None
    if not isinstance(counts, dict):
        raise UserError(_("Game %(game)s: the end-of-game counts must be an object with one entry per player."),
                        code="counts", params={"game": number})
    stored: dict[str, dict[str, int]] = {}
    for key, values in counts.items():
        seat = _seat(int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else key, seats,
                     number, _("a counts key"))
        if not isinstance(values, dict):
            raise UserError(_("Game %(game)s: the counts of seat %(seat)s must be an object."), code="counts",
                            params={"game": number, "seat": seat})
        missing = [name for name in COUNT_ORDER if name not in values]
        unknown = sorted(set(values) - set(COUNT_ORDER))
        if missing or unknown:
            params = {"game": number, "seat": seat, "names": ", ".join(COUNT_ORDER),
                      "missing": ", ".join(missing), "unknown": ", ".join(unknown)}
            raise UserError(Text(
                (_("Game %(game)s: the counts of seat %(seat)s need exactly %(names)s"), params),
                (_(" (missing %(missing)s)"), params) if missing else "",
                (_(" (unknown %(unknown)s)"), params) if unknown else "", "."),
                code="counts", params=params)
        stored[str(seat)] = dict(values)
    if set(stored) != {str(n) for n in range(1, seats + 1)}:
        raise UserError(_("Game %(game)s: give the end-of-game counts of every player at the table."),
                        code="counts", params={"game": number})
    return stored


def normalised_game(game: Any, seats: int, number: int = 1) -> dict[str, Any]:
    """One game in the stored form (module docstring), from the stored form or the slip's duel letters.

    Raises UserError (not an object, an unknown key, a seat not at the table, malformed counts).
    """
    if not isinstance(game, dict):
        raise UserError(_("Game %(game)s must be an object."), code="games", params={"game": number})
    unknown = sorted(set(game) - GAME_KEYS)
    if unknown:
        raise UserError(_("Game %(game)s: unknown field(s) %(fields)s."), code="games",
                        params={"game": number, "fields": ", ".join(unknown)})
    if seats > 2 and "winner" in game:  # the slip's single "winner" is duel input only
        raise UserError(_("Game %(game)s: at a multiplayer table give \"winners\", a list of seats, not "
                          "\"winner\"."), code="games", params={"game": number})
    winners_in = game.get("winners")
    if winners_in is None:
        winners_in = [] if game.get("winner") in (None, "") else [game.get("winner")]
    if not isinstance(winners_in, list):
        raise UserError(_("Game %(game)s: \"winners\" must be a list of seats."), code="games",
                        params={"game": number})
    winners = sorted({s for s in (_seat(w, seats, number, _("a winner")) for w in winners_in) if s is not None})
    if len(winners) != len(winners_in):
        raise UserError(_("Game %(game)s: a seat is listed twice among the winners."), code="games",
                        params={"game": number})
    flags = {}
    for key in ("drawn", "unfinished", "deck_out"):
        value = game.get(key, False)
        if value is None:
            value = False
        if not isinstance(value, bool):
            raise UserError(_("Game %(game)s: \"%(field)s\" must be true or false."), code="games",
                            params={"game": number, "field": key})
        flags[key] = value
    stored = {"winners": winners, "drawn": flags["drawn"],
              "mulligan_by": _seat(game.get("mulligan_by"), seats, number, _("the mulligan's player")),
              "unfinished": flags["unfinished"], "deck_out": flags["deck_out"],
              "counts": _counts(game.get("counts"), seats, number)}
    stored.update(_first(game, seats, number))
    return stored


def _first(game: dict[str, Any], seats: int, number: int) -> dict[str, Any]:
    """Who went first in a game (module docstring): ``{}`` when not given, else ``{"first": seat}`` and, when
    the draws were given, ``"first_draws"`` with seat keys. Raises UserError (code ``first_player``): a seat not
    at the table, a malformed draw, a draw still tied, a draw that disagrees with ``first``."""
    draws_in = game.get("first_draws")
    first = _seat(game.get("first"), seats, number, _("the first player"))
    if draws_in is None:
        return {} if first is None else {"first": first}
    if not isinstance(draws_in, list) or not all(isinstance(d, dict) for d in draws_in):
        raise UserError(_("Game %(game)s: \"first_draws\" must be a list of draws, each {seat: card number}."),
                        code="first_player", params={"game": number})
    draws = [{str(_seat(int(k) if isinstance(k, str) and k.isascii() and k.isdigit() else k, seats, number,
                        _("a first-player draw's seat"))): v for k, v in d.items()} for d in draws_in]
    try:
        drawn_first = int(first_player(draws))
    except RulesError as exc:
        raise UserError(_("Game %(game)s: the first-player draw does not say who goes first (%(detail)s) — "
                          "%(rule)s."), code="first_player",
                        params={"game": number, "detail": exc.message, "rule": _cited(FIRST_PLAYER_RULE)}) from exc
    if first is not None and first != drawn_first:
        raise UserError(_("Game %(game)s: the draws give seat %(drawn)s the first turn, not seat %(first)s."),
                        code="first_player", params={"game": number, "drawn": drawn_first, "first": first})
    return {"first": drawn_first, "first_draws": draws}


def normalised_score(score: Any) -> dict[str, Any]:
    """A duel's score as sent (``{"wins": [a, b], "draws": d}``, draws optional, or the text "2-1" / "2-1-1")
    in the stored form ``{"wins": [a, b], "draws": d}``; whether the score can happen is ``score``'s to say.
    Raises UserError (code ``score``) for any other shape."""
    if isinstance(score, str):
        score = parse_score_text(score)
    if isinstance(score, dict) and set(score) <= {"wins", "draws"}:
        wins, draws = score.get("wins"), score.get("draws", 0)
        if (isinstance(wins, list) and len(wins) == 2 and all(_is_int(w) and w >= 0 for w in wins)
                and _is_int(draws) and draws >= 0):
            return {"wins": list(wins), "draws": draws}
    raise UserError(_("Give the score as {\"wins\": [games won by seat 1, by seat 2], \"draws\": drawn games}, "
                      "e.g. {\"wins\": [2, 1], \"draws\": 0}."), code="score")


def parse_score_text(text: str) -> dict[str, Any] | None:
    """"2-1" (seat 1's game wins, seat 2's) or "2-1-1" (and drawn games) as ``{"wins", "draws"}``; None when the
    text is not written that way (a dash, an en dash or a colon between ASCII digits)."""
    parts = text.strip().replace("–", "-").replace(":", "-").split("-")
    if len(parts) not in (2, 3) or not all(p.strip().isascii() and p.strip().isdigit() and len(p.strip()) <= 2
                                           for p in parts):
        return None
    numbers = [int(p) for p in parts]
    return {"wins": numbers[:2], "draws": numbers[2] if len(numbers) == 3 else 0}


def normalised_record(*, seats: int, games: Any = None, placements: Any = None, best_of: int = 5,
                      elimination: bool = True, score: Any = None) -> dict[str, Any]:
    """The stored record from a submission's ``games``, ``placements`` or ``score`` (one of them; placements only
    at a multiplayer table, a score only in a duel: ``normalised_score``). Raises UserError.

    First of all, a ``games`` list longer than ``rules.results.max_games(best_of, elimination)`` is refused
    (code ``too_many_games_reported``), before any game is normalised, scored or stored; the defaults give
    the loosest bound (a best of 5 in an elimination round: 120 games), ``score`` then applies the match's own.
    """
    if isinstance(games, (list, tuple)):
        try:
            check_report_length(len(games), best_of, elimination)
        except RulesError as exc:
            raise _user_error(exc) from exc
    if score is not None:
        if games is not None or placements is not None:
            raise UserError(_("Give the result either as games or as a score, not both."), code="games")
        if seats != 2:
            raise UserError(_("A score (\"2-1\") is a duel's result; at a table of %(seats)s give the placements."),
                            code="score", params={"seats": seats})
        return {"score": normalised_score(score)}
    if (games is None) == (placements is None):
        raise UserError(_("Give the result either as games or as placements, not both (and not neither)."),
                        code="table_result" if seats > 2 else "games")
    if placements is not None:
        if seats <= 2:
            raise UserError(_("A duel is reported game by game, not by placements."), code="games")
        if not isinstance(placements, (list, tuple)) or not all(_is_int(p) for p in placements):
            raise UserError(_("Give the placements as a list of whole numbers, one per seat in seat order "
                              "(1 = won; equal numbers share a place, e.g. [1, 1, 3, 4])."), code="placements",
                            params={"seats": seats})
        if len(placements) != seats:
            raise UserError(_("This table has %(seats)s seats: give %(seats)s placements in seat order, not "
                              "%(given)s."), code="seat_count", params={"seats": seats, "given": len(placements)})
        return {"placements": list(placements)}
    if not isinstance(games, (list, tuple)) or not all(isinstance(g, dict) for g in games):
        raise UserError(_("Give the games as a list, one entry per game."), code="games")
    if seats > 2 and not games:
        raise UserError(_("Give the games as a list, one entry per game: {\"winners\": [seat, ...]} or "
                          "{\"drawn\": true}."), code="games", params={"seats": seats})
    return {"games": [normalised_game(g, seats, n) for n, g in enumerate(games, start=1)]}


def _rules_game(game: dict[str, Any]) -> Game:
    counts = game.get("counts")
    return Game(
        winner=game["winners"][0] - 1 if game["winners"] else None,
        drawn=game["drawn"],
        mulligan_by=game["mulligan_by"] - 1 if game["mulligan_by"] else None,
        unfinished=game["unfinished"],
        deck_out=game["deck_out"],
        counts=None if counts is None else (GameCounts(**counts["1"]), GameCounts(**counts["2"])),
    )


def _user_error(exc: RulesError) -> UserError:
    """The rule's refusal as a UserError: its code and (JSON) params, its text in the reader's language
    (``tournaments.rule_texts.ERROR_TEXTS``) and in English the rule's own message. Raise it ``from exc``."""
    params = {k: v for k, v in exc.params.items() if isinstance(v, (str, int, float, bool, list, type(None)))}
    return UserError.from_rules(exc, params=params)


def _duel(record: dict[str, Any], penalties: Sequence[PenaltyEffect], *, best_of: int, end_of_round: str,
          elimination: bool, deck_out: str) -> Outcome:
    losers = [p.seat for p in penalties if p.kind == "match_loss"]
    needed = best_of // 2 + 1
    if losers:
        winner = 2 if losers[0] == 1 else 1
        return Outcome(wins=(needed, 0) if winner == 1 else (0, needed),
                       placements=(1, 2) if winner == 1 else (2, 1), draws=0)
    penalty_games: list[dict[str, Any]] = [{"winners": [2 if p.seat == 1 else 1], "drawn": False, "mulligan_by": None,
                      "unfinished": False, "deck_out": False, "counts": None}
                     for p in penalties if p.kind == "game_loss"]
    played = record.get("games", [])
    try:
        games = [_rules_game(g) for g in penalty_games] + (
            games_of_score(record["score"]["wins"], record["score"]["draws"], best_of, elimination=elimination)
            if "score" in record else [_rules_game(g) for g in played])
        score = score_match(games, best_of, end_of_round=end_of_round, elimination=elimination, deck_out=deck_out)
    except RulesError as exc:
        if exc.code == "no_games" and penalty_games and not played:
            counted = [0, 0]
            for g in penalty_games:
                counted[g["winners"][0] - 1] += 1
            return Outcome(wins=(counted[0], counted[1]), placements=_places(counted), draws=0,
                           decided=max(counted) >= needed)
        raise _user_error(exc) from exc
    # A match stopped at time is over: its games won (then, when level, the counts) decided it.
    return Outcome(wins=score.wins, placements=_places(score.wins), draws=score.draws,
                   decided=score.decided or score.at_time)


def _places(wins: Sequence[int]) -> tuple[int, ...]:
    return tuple(1 + sum(1 for other in wins if other > mine) for mine in wins)


def _check_table(seats: int, wins: Sequence[int], draws: int, placements: Sequence[int] = ()) -> None:
    record = MatchRecord(players=tuple(str(n) for n in range(1, seats + 1)), wins=tuple(wins), draws=draws,
                         placements=tuple(placements))
    history = History(players=tuple(PlayerEntry(p, p) for p in record.players),
                      rounds=(RoundRecord(number=1, matches=(record,)),))
    try:
        validate_history(history)
    except RulesError as exc:
        # the one-match history is ours, not the reporter's: the rule's text without its place in it
        where = "rounds[0].matches[0]."
        params = {**exc.params}
        if isinstance(params.get("field"), str):
            params["field"] = params["field"].replace(where, "")
        rule = UserError.from_rules(RulesError(exc.code, exc.message.replace(where, ""), params))
        raise UserError(Text((_("Not a valid result for %(seats)s seats:"), {"seats": seats}), " ", rule.text),
                        code="placements" if exc.code == "bad_placements" else "table_result",
                        params={"seats": seats, "placements": list(placements)}) from exc


def _check_draws(draws: int, number: int, elimination: bool) -> None:
    """Raise UserError past the one cap on drawn games of an elimination match (``check_elimination_draws``)."""
    if elimination:
        try:
            check_elimination_draws(draws, number)
        except RulesError as exc:
            raise _user_error(exc) from exc


def _at_time_winners(game: dict[str, Any], seats: int, number: int, *, end_of_round: str,
                     elimination: bool) -> list[int]:
    """The winner seats (1..n) of a table's game unfinished at time: none (a drawn game) under the
    ``unfinished_is_draw`` procedure outside elimination, else the best end-of-game counts
    (``rules.results.decide_table_by_counts``; shared when equal; a drawn game when every seat is equal). Raises UserError without every seat's counts."""
    if game["deck_out"] or game["drawn"] or game["winners"] or game["mulligan_by"]:
        raise UserError(_("Game %(game)s needs exactly one outcome: its winner seat(s), a draw, unfinished at "
                          "time, or the seat that declared a two-draw mulligan."), code="games",
                        params={"game": number})
    if not elimination and end_of_round == "unfinished_is_draw":
        return []
    if game["counts"] is None:
        raise UserError(_("Game %(game)s was unfinished at time: give every player's end-of-game counts to "
                          "decide it — %(rule)s."), code="counts_missing",
                        params={"game": number, "rule": _cited(ELIMINATION_AT_TIME_RULE)})
    by_seat = [GameCounts(**game["counts"][str(seat)]) for seat in range(1, seats + 1)]
    best = decide_table_by_counts(by_seat)
    return [] if len(best) == seats else [seat + 1 for seat in best]


def _table(record: dict[str, Any], penalties: Sequence[PenaltyEffect], seats: int, *, best_of: int,
           elimination: bool, end_of_round: str = "unfinished_is_draw") -> Outcome:
    """A table of three or more seats. A game loss is a game won by every other seat (a shared win); a
    match loss places the player last, below every seat without one (the others keep their order). A game
    unfinished at time is won by the best end-of-game counts (``_at_time_winners``)."""
    losers = {p.seat for p in penalties if p.kind == "match_loss"}
    if "placements" in record:
        places = list(record["placements"])
        drawn = all(p == 1 for p in places)
        wins = [0 if drawn else int(p == 1) for p in places]
        draws = 1 if drawn else 0
        _check_table(seats, wins, draws, places)
    else:
        games = record["games"]
        played = [g for g in games if not g["mulligan_by"]]
        if len(played) > best_of and not elimination:
            raise UserError(_("A best of %(best_of)s has at most %(best_of)s games, not %(given)s (restarts after "
                              "a two-draw mulligan not counted)."), code="games",
                            params={"best_of": best_of, "given": len(played)})
        wins, draws = [0] * seats, 0
        declared: list[int | None] = []
        for number, game in enumerate(games, start=1):
            if game["unfinished"]:
                declared.append(None)
                at_time = _at_time_winners(game, seats, number, end_of_round=end_of_round, elimination=elimination)
                for seat in at_time:
                    wins[seat - 1] += 1
                draws += not at_time
                _check_draws(draws, number, elimination)
                continue
            if game["deck_out"] or game["counts"]:
                raise UserError(_("Game %(game)s: at a multiplayer table give each game's winner seat(s), a "
                                  "draw, or the seat that declared a two-draw mulligan."), code="games",
                                params={"game": number})
            if game["mulligan_by"]:
                if game["drawn"] or game["winners"]:
                    raise UserError(_("Game %(game)s was restarted by a two-draw mulligan: it has no winner and "
                                      "is not drawn."), code="games", params={"game": number})
                try:
                    check_table_mulligan(declared, game["mulligan_by"] - 1, seats)
                except RulesError as exc:
                    raise UserError(_("Game %(game)s: a player may declare a two-draw mulligan only twice in a "
                                      "row; seat %(seat)s must play the game on — %(rule)s."),
                                    code=exc.code, params={"game": number, "seat": game["mulligan_by"],
                                                           "rule": _cited(exc.params["rule"])}) from exc
                declared.append(game["mulligan_by"] - 1)
                continue
            declared.append(None)
            if game["drawn"] == bool(game["winners"]):
                raise UserError(_("Game %(game)s needs exactly one outcome: its winner seat(s) or a draw."),
                                code="games", params={"game": number})
            for seat in game["winners"]:
                wins[seat - 1] += 1
            draws += game["drawn"]
            _check_draws(draws, number, elimination)
        if games and not played and not penalties:
            raise UserError(_("Every game reported was restarted by a two-draw mulligan: report the game played "
                              "after them."), code="no_games", params={"seats": seats})
        for p in penalties:
            if p.kind == "game_loss":
                for seat in range(1, seats + 1):
                    if seat != p.seat:
                        wins[seat - 1] += 1
        _check_table(seats, wins, draws)
        places = list(derived_placements(MatchRecord(players=tuple(str(n) for n in range(seats)), wins=tuple(wins),
                                                     draws=draws)))
    if losers:
        key = [(seat in losers, place) for seat, place in zip(range(1, seats + 1), places)]
        places = [1 + sum(1 for other in key if other < mine) for mine in key]
    # Penalties alone never decide a table: the other players still play for their places.
    decided = "placements" in record or any(not g["mulligan_by"] for g in record.get("games", []))
    return Outcome(wins=tuple(wins), placements=tuple(places), draws=draws, decided=decided)


def score(record: dict[str, Any], *, seats: int, penalties: Sequence[PenaltyEffect] = (), best_of: int = 3,
          end_of_round: str = "unfinished_is_draw", elimination: bool = False,
          deck_out: str = "game_ends") -> Outcome:
    """The outcome of ``record`` (stored form) for a match of ``seats`` seats, with its ``penalties``.

    ``deck_out``: the tournament's running-out-of-cards setting (``rules.results.DECK_OUT_SETTINGS``):
    under ``reshuffle`` a duel game reported as a deck-out is refused (code ``deck_out_not_allowed``,
    citing ``rules.results.DECK_OUT_RULES``).

    Raises UserError (impossible games, a third mulligan in a row, counts missing, an elimination
    match or table without a single winner).
    """
    if seats == 1:
        return Outcome(wins=(best_of // 2 + 1,), placements=(1,), draws=0)
    if seats == 2:
        outcome = _duel(record, penalties, best_of=best_of, end_of_round=end_of_round, elimination=elimination,
                        deck_out=deck_out)
        if elimination and not outcome.decided:
            # Drawn games do not count toward best of N: play goes on until a player has won the games
            # needed (rules.results.score_match, elimination=True).
            raise UserError(ngettext_lazy(
                "An elimination match goes on until one player has won %(count)s game (this result is "
                "%(score)s); play on, then report every game. When time is called, report the game in "
                "progress as unfinished, with the counts if the games won are level.",
                "An elimination match goes on until one player has won %(count)s games (this result is "
                "%(score)s); play on, then report every game. When time is called, report the game in "
                "progress as unfinished, with the counts if the games won are level.", "count"),
                code="elimination_undecided",
                params={"wins": list(outcome.wins), "needed": best_of // 2 + 1, "count": best_of // 2 + 1,
                        "score": f"{outcome.wins[0]}-{outcome.wins[1]}"})
        return outcome
    outcome = _table(record, penalties, seats, best_of=best_of, elimination=elimination, end_of_round=end_of_round)
    if elimination:
        record_ = MatchRecord(players=tuple(str(n) for n in range(seats)), wins=outcome.wins, draws=outcome.draws,
                              placements=outcome.placements)
        if table_winner(record_) is None:
            raise UserError(_("An elimination table needs a single winner (the winner advances): this result "
                              "has a shared first place. Play on until one player has won, then report that."),
                            code="elimination_draw", params={"placements": list(outcome.placements)})
    return outcome
