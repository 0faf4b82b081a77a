"""Games and matches (duels), and the two-draw mulligan.

Terms
-----
seat
    0 or 1: the position of a player in a duel, in the order the match lists them.
game
    One game of a match.  It ends in exactly one way: a win for a seat
    (``winner``), a draw (``drawn``: including a game unfinished when time is
    called), or a *two-draw mulligan* declared by a seat (``mulligan_by``): the
    game is stopped and started over, and no one wins or loses
    (spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan).
counted game
    A game won or drawn.  Mulligans are not counted games.
best of N
    A match of at most N counted games (N = 1, 3 or 5); the first player to win
    ceil(N/2) games wins the match.  A match cut short by time is won by the
    player with more game wins; equal game wins is a drawn match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Game", "MatchScore", "ResultError", "score_match", "check_mulligan", "MULLIGAN_RULE"]

MULLIGAN_RULE = "spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan"


@dataclass(frozen=True)
class Game:
    """One game: exactly one of ``winner`` (seat 0/1), ``drawn`` or ``mulligan_by`` (seat 0/1)."""

    winner: int | None = None
    drawn: bool = False
    mulligan_by: int | None = None


@dataclass(frozen=True)
class MatchScore:
    """The score of a match.

    ``wins``: games won by seat 0 and seat 1; ``draws``: drawn games;
    ``mulligans``: two-draw mulligans declared; ``winner``: the winning seat or
    None for a drawn match; ``games_played``: counted games (mulligans
    excluded); ``decided``: a player reached the game wins needed.
    """

    wins: tuple[int, int]
    draws: int
    mulligans: int
    winner: int | None
    games_played: int
    decided: bool


class ResultError(ValueError):
    """A match report the user entered cannot be right.

    ``code`` names the problem, ``params`` the details, ``str()`` says what to do.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params
        self.message = message


def _mulligan_error(seat: int, game_number: int) -> ResultError:
    return ResultError(
        "mulligan_limit",
        f"A player may declare a two-draw mulligan only twice in a row; the third game must be played "
        f"(seat {seat}, game {game_number}) — {MULLIGAN_RULE}.",
        seat=seat,
        game=game_number,
        rule=MULLIGAN_RULE,
    )


def _check_game(game: Game, number: int) -> None:
    seat_ok = (0, 1)
    outcomes = (game.winner is not None) + bool(game.drawn) + (game.mulligan_by is not None)
    bad = outcomes != 1
    bad = bad or (game.winner is not None and game.winner not in seat_ok)
    bad = bad or (game.mulligan_by is not None and game.mulligan_by not in seat_ok)
    bad = bad or isinstance(game.winner, bool) or isinstance(game.mulligan_by, bool)
    if bad:
        raise ResultError(
            "game_outcome",
            f"Game {number} must have exactly one outcome: a winner (seat 0 or 1), a draw, "
            "or a mulligan declared by seat 0 or 1.",
            game=number,
        )


def _trailing_mulligans(games: Sequence[Game], seat: int) -> int:
    count = 0
    for game in reversed(games):
        if game.mulligan_by == seat:
            count += 1
        else:
            break
    return count


def check_mulligan(games_so_far: Sequence[Game], declaring_seat: int) -> None:
    """Refuse a two-draw mulligan that would be the same seat's third in a row.

    ``games_so_far``: the games of the match reported so far, in order;
    ``declaring_seat``: 0 or 1.  Raises ``ResultError("mulligan_limit")`` when
    the last two games were both mulligans declared by ``declaring_seat``, and
    ``ResultError("seat")`` for a seat other than 0 or 1.
    Source: spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan.
    """
    if declaring_seat not in (0, 1) or isinstance(declaring_seat, bool):
        raise ResultError("seat", f"The declaring seat must be 0 or 1, not {declaring_seat!r}.", seat=declaring_seat)
    if _trailing_mulligans(games_so_far, declaring_seat) >= 2:
        raise _mulligan_error(declaring_seat, len(games_so_far) + 1)


def score_match(games: Sequence[Game], best_of: int) -> MatchScore:
    """Score a duel from its games, in the order played.

    ``best_of`` is 1, 3 or 5 (else ``ResultError("best_of")``).  Raises
    ``ResultError`` with code "game_outcome" (a game without exactly one
    outcome), "game_after_decision" (a game after a player already won
    ceil(best_of/2) games), "too_many_games" (more counted games than
    ``best_of``), "mulligan_limit" (a seat's third consecutive two-draw
    mulligan; spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan) or
    "no_games" (no won or drawn game: mulligans alone are not a result).
    A match ended early by time is accepted: more game wins wins the match,
    equal game wins is a drawn match (``winner=None``).
    """
    if best_of not in (1, 3, 5) or isinstance(best_of, bool):
        raise ResultError("best_of", f"Matches are best of 1, 3 or 5 games, not {best_of!r}.", best_of=best_of)
    needed = best_of // 2 + 1
    wins = [0, 0]
    draws = 0
    mulligans = 0
    counted = 0
    for index, game in enumerate(games):
        number = index + 1
        _check_game(game, number)
        if max(wins) >= needed:
            raise ResultError(
                "game_after_decision",
                f"Game {number} was reported after seat {wins.index(max(wins))} had already won the match "
                f"({needed} game wins in a best of {best_of}); remove it.",
                game=number,
            )
        if game.mulligan_by is not None:
            if _trailing_mulligans(games[:index], game.mulligan_by) >= 2:
                raise _mulligan_error(game.mulligan_by, number)
            mulligans += 1
            continue
        counted += 1
        if counted > best_of:
            raise ResultError(
                "too_many_games",
                f"Game {number} is counted game {counted} of a best of {best_of}; a match has at most "
                f"{best_of} counted games. Remove the extra games.",
                game=number,
                best_of=best_of,
            )
        if game.drawn:
            draws += 1
        else:
            assert game.winner is not None
            wins[game.winner] += 1
    if counted == 0:
        raise ResultError(
            "no_games",
            "The report has no won or drawn game (mulligans are restarted games, not results); "
            "report at least one game.",
        )
    winner: int | None
    if wins[0] > wins[1]:
        winner = 0
    elif wins[1] > wins[0]:
        winner = 1
    else:
        winner = None
    return MatchScore(
        wins=(wins[0], wins[1]),
        draws=draws,
        mulligans=mulligans,
        winner=winner,
        games_played=counted,
        decided=max(wins) >= needed,
    )
