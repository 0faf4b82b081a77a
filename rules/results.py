"""Games and matches (duels), and the two-draw mulligan.

Terms
-----
seat
    0 or 1: the position of a player in a duel, in the order the match lists them.
game
    One game of a match.  It ends in exactly one way: a win for a seat
    (``winner``), a draw (``drawn``), a *two-draw mulligan* declared by a seat
    (``mulligan_by``): the game is stopped and started over, and no one wins
    or loses (spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan); or,
    before it is scored, *unfinished* when time is called (``unfinished``) or
    ended by a *deck-out* (``deck_out``, a draw pile ran out).
end-of-game counts
    ``GameCounts`` for each seat, taken when an unfinished or decked-out game
    stops: unrazed realms, razed realms, holdings, champions, champion levels
    and cards left in the draw pile (``COUNT_ORDER``).  They decide the game
    by comparing the counts in that order, more is better, the first
    difference wins; equal on all six is a drawn game (``decide_by_counts``).
    Sources: a game is won by unrazed realms in the formation
    (spellfire-tournament-rules-2.0.txt, the victory conditions after
    Two-Draw Mulligan: "six unrazed realms"); "The game ends when the draw pile
    of a player is emptied" (spellfire-special-circumstances-guide.txt,
    Running out of cards), and then "the player with the most unrazed realms
    wins" (spellfire-regras-pt-br.txt, VENCENDO, "Exceção").  The further
    counts and their order after unrazed realms are this project's choice
    (no rules text found gives them); razed realms still count as realms in
    play (spellfire-tournament-rules-2.0.txt: "Razed realms are considered
    to be in play").
end-of-round procedure
    What an unfinished game becomes when the round's time is over, set per
    tournament (``END_OF_ROUND_PROCEDURES``): ``unfinished_is_draw`` (a drawn
    game, as the MTR treat unfinished games) or ``decide_by_counts`` (the
    end-of-game counts decide it).  A decked-out game is always decided by
    the counts (the rules texts above), whatever the procedure.
running out of cards
    Set per tournament (``DECK_OUT_SETTINGS``, ``DECK_OUT_RULES``):
    ``reshuffle`` (Tournament Rules 2.0, which "supersede any other published
    rules": the discard pile is reshuffled into a new draw pile and play goes
    on, so no game ends in a deck-out) or ``game_ends`` (the special
    circumstances guide, and the Brazilian rules: the game ends and the counts
    decide it, most unrazed realms first).  ``default_deck_out`` gives the
    setting of a format's rules text.  Under the Brazilian rules the game ends
    when a player puts down his last card, at the end of that turn
    (``BRAZIL_DECK_OUT_RULE``, ``ends_at_last_card``): recorded as a deck-out
    all the same.
victory condition
    Six unrazed realms with 55- and 75-card decks, ten with 110-card decks
    (``victory_realms``, ``VICTORY_RULE``).
counted game
    A game won or drawn.  Mulligans are not counted games.
best of N
    A match of at most N counted games (N = 1, 3 or 5); the first player to win
    ceil(N/2) games wins the match.  A match cut short by time is won by the
    player with more game wins; equal game wins is a drawn match.
elimination match
    A match of an elimination (playoff) round cannot end drawn: drawn games
    (and unfinished games that resolve to a draw) do not count toward the N
    games, and play goes on until a player has won ceil(N/2) games
    (``score_match(..., elimination=True)``).  Sources: ``ELIMINATION_RULE``:
    spell-battle-rules.txt, "8. Tournaments" (matches of one game, "two out of
    three" or "three out of five"; in single elimination "players who lose a
    match are eliminated ... until only a single winner remains", and when time
    runs out a winner is still determined), and the Magic Tournament Rules,
    "Match Structure" (2.1: games are played until one side has won a set
    number of games; "Drawn games do not count toward this goal"; at time the
    player with more game wins wins) and "End-of-Match Procedure" ("In
    single-elimination rounds, matches may not end in a draw").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RulesError

__all__ = [
    "Game",
    "GameCounts",
    "MatchScore",
    "ResultError",
    "CountDecision",
    "score_match",
    "check_mulligan",
    "check_match_score",
    "decide_by_counts",
    "resolve_game",
    "MULLIGAN_RULE",
    "COUNTS_RULE",
    "COUNT_ORDER",
    "END_OF_ROUND_PROCEDURES",
    "ELIMINATION_RULE",
    "END_OF_ROUND_RULE",
    "check_table_mulligan",
    "DECK_OUT_SETTINGS",
    "DECK_OUT_RULES",
    "default_deck_out",
    "BRAZIL_DECK_OUT_RULE",
    "plays_brazilian_rules",
    "ends_at_last_card",
    "deck_out_rule",
    "VICTORY_RULE",
    "victory_realms",
    "max_games",
    "check_report_length",
    "MAX_RESTARTS_BEFORE_GAME",
    "MAX_ELIMINATION_DRAWN_GAMES",
    "REPORT_BOUND_RULE",
    "games_of_score",
    "ELIMINATION_AT_TIME_RULE",
    "decide_table_by_counts",
    "check_elimination_draws",
]

MULLIGAN_RULE = "spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan"
COUNTS_RULE = (
    "spellfire-tournament-rules-2.0.txt, victory conditions (six unrazed realms); "
    "spellfire-special-circumstances-guide.txt, Running out of cards; spellfire-regras-pt-br.txt, VENCENDO"
)
COUNT_ORDER = ("unrazed_realms", "razed_realms", "holdings", "champions", "champion_levels", "draw_pile")
END_OF_ROUND_PROCEDURES = ("unfinished_is_draw", "decide_by_counts")
#: No rules text covers a game unfinished when time is called: the tournament's end-of-round
#: procedure does (this project's choice, set per tournament).
END_OF_ROUND_RULE = (
    "the tournament's end-of-round procedure decide_by_counts (this project's choice: no rules text covers a "
    "game unfinished when time is called; the end-of-game counts decide it in the order "
    + ", ".join(COUNT_ORDER) + ")"
)
#: What happens when a player's draw pile runs out, set per tournament (``score_match(..., deck_out=...)``).
DECK_OUT_SETTINGS = ("reshuffle", "game_ends")
#: The rule behind each setting, cited where a result is refused and on the match slip.
DECK_OUT_RULES = {
    "reshuffle": (
        "spellfire-tournament-rules-2.0.txt, the list of major changes (\"When a player runs out of cards, he "
        "reshuffles his discard pile to form a new draw pile at the end of the current turn\") and the "
        "running-out-of-cards paragraph (\"When a player's draw pile is depleted, the discard pile is reshuffled "
        "to form a new draw pile at the end of the current turn\"); these rules \"supersede any other published "
        "rules\": play goes on, a game never ends because a draw pile ran out"
    ),
    "game_ends": (
        "spellfire-special-circumstances-guide.txt, Running out of cards (\"The game ends when the draw pile of a "
        "player is emptied\"; the reshuffle is its optional rule); spellfire-regras-pt-br.txt, VENCENDO, "
        "\"Exceção\" (the game ends when a player plays their last card; \"Vence o jogador com o maior numero de "
        "reinos não-destruidos\": the most unrazed realms wins): the end-of-game counts decide the game"
    ),
}
#: How many unrazed realms win a game, by deck size.
VICTORY_RULE = (
    "spellfire-tournament-rules-2.0.txt, the victory conditions after Two-Draw Mulligan (\"The standard victory "
    "conditions for 55- and 75-card decks are when one player has six unrazed realms in his formation\"; \"Decks "
    "composed of 110 cards end when one player has 10 unrazed realms\"; \"Certain 75-card variants also require "
    "10 realms to win, but these are clearly stated in the tournament guidelines\")"
)


def victory_realms(deck_size: int) -> int:
    """Unrazed realms that win a game with decks of ``deck_size`` cards: 10 for 110-card decks (and larger),
    6 otherwise (``VICTORY_RULE``; an organiser may announce 10 for another size)."""
    return 10 if deck_size >= 110 else 6


#: Running out of cards in the Brazilian rules, which govern a Brazilian (``55-br``) event: the game ends when a
#: player puts down his last card, at the end of that turn, not when a draw pile runs out; the most unrazed realms
#: win (the end-of-game counts decide it).
BRAZIL_DECK_OUT_RULE = (
    'spellfire-regras-pt-br.txt, VENCENDO ("Exceção: se qualquer jogador baixar sua ultima carta, o jogo acaba '
    'assim que seu turno terminar. Vence o jogador com o maior numero de reinos não-destruidos.")'
)


def plays_brazilian_rules(format_source: str) -> bool:
    """Whether a deck format is one of the Brazilian rules (its ``source`` cites spellfire-regras-pt-br.txt, as
    ``55-br`` does): such an event plays the Brazilian text (its copies rule, its running out of cards)."""
    return "spellfire-regras-pt-br.txt" in format_source


def default_deck_out(format_source: str) -> str:
    """The ``DECK_OUT_SETTINGS`` value a deck format's rules give, from the format's ``source`` citation:
    ``game_ends`` for a format of the Brazilian rules (spellfire-regras-pt-br.txt, VENCENDO), else
    ``reshuffle`` (Tournament Rules 2.0, which supersede any other published rules)."""
    return "game_ends" if plays_brazilian_rules(format_source) else "reshuffle"


def ends_at_last_card(deck_out: str, format_source: str) -> bool:
    """Whether a game of an event ends the Brazilian way when cards run out: ``deck_out`` is ``game_ends`` and the
    format is of the Brazilian rules, whose text says the game ends at the end of the turn in which a player puts
    down his last card ("se qualquer jogador baixar sua ultima carta, o jogo acaba assim que seu turno terminar":
    ``BRAZIL_DECK_OUT_RULE``), not when a draw pile runs out. The result is recorded the same way (a deck-out,
    decided by the end-of-game counts, unrazed realms first); only what the players are told differs."""
    return deck_out == "game_ends" and plays_brazilian_rules(format_source)


def deck_out_rule(deck_out: str, format_source: str = "") -> str:
    """The rule behind an event's running-out-of-cards setting ``deck_out`` (``DECK_OUT_SETTINGS``) for its deck
    format's ``source``: ``BRAZIL_DECK_OUT_RULE`` when the game ends the Brazilian way (``ends_at_last_card``),
    else ``DECK_OUT_RULES[deck_out]`` ("" for an unknown setting)."""
    if ends_at_last_card(deck_out, format_source):
        return BRAZIL_DECK_OUT_RULE
    return DECK_OUT_RULES.get(deck_out, "")


ELIMINATION_RULE = (
    "spell-battle-rules.txt, 8. Tournaments (two out of three, three out of five; losers are eliminated until "
    "a single winner remains); Magic Tournament Rules, Match Structure (drawn games do not count) and "
    "End-of-Match Procedure (single-elimination matches may not end in a draw)"
)

#: An elimination match (a duel or a table) when time is called: decided by games won, then by the
#: end-of-game counts of the game in progress; only a true tie plays on.
ELIMINATION_AT_TIME_RULE = (
    "spell-battle-rules.txt, 8. Tournaments (\"If there is no winner in the limited time, then the winner is the "
    "player that has the highest life total\": a timed match still has a winner, read from the game in "
    "progress); the end-of-game counts of that game decide it (" + ", ".join(COUNT_ORDER) + ", unrazed realms "
    "first: spellfire-tournament-rules-2.0.txt, victory conditions); only equal games won and equal counts "
    "play on"
)


#: Most two-draw mulligans (restarts) reported before one counted game, or after the last one.
#: The Two-Draw Mulligan text only stops *one* player's third mulligan in a row ("A mulligan can
#: only be declared by the same player twice in a row"), and ``check_mulligan`` reads it that way: a
#: mulligan by the other player breaks the run, so two players alternating may restart without end
#: (seat 0, seat 1, seat 0, ...).  The text thus gives no maximum; if each player's run were not
#: broken by the other's, two players could restart at most 2 + 2 = 4 times.  We allow 10, a
#: practical limit: a mulligan needs a player without a realm to play by the end of his second turn,
#: i.e. none among 11 cards (5 + 3 + 3) of a 55-card deck holding the 8 realms the format requires
#: at least: 14.6 % for one player (hypergeometric), about 27 % that either player has to, so ten
#: restarts in a row happen about once in 500,000 game starts, even for decks with the fewest realms
#: allowed (more realms, or 75/110-card games, make it far rarer).  Ten restarts of two turns each
#: also fill most of a round's time.
MAX_RESTARTS_BEFORE_GAME = 10
#: Most drawn games reported in a match of an elimination round, on top of the won games.  Drawn
#: games do not count toward the best of N there (``ELIMINATION_RULE``), so the rules set no
#: maximum; a drawn game is a game played to time or to a deck-out with equal counts, so more than
#: five in one match cannot fit in a round.  A practical limit (this project's choice).
MAX_ELIMINATION_DRAWN_GAMES = 5
REPORT_BOUND_RULE = (
    "at most best_of counted games (plus at most "
    f"{MAX_ELIMINATION_DRAWN_GAMES} drawn games in an elimination match), each preceded by at most "
    f"{MAX_RESTARTS_BEFORE_GAME} two-draw mulligans, and at most {MAX_RESTARTS_BEFORE_GAME} more after the last "
    f"(this project's practical limit: {MULLIGAN_RULE} stops one player's third mulligan in a row, not two "
    "players alternating)"
)


def check_elimination_draws(draws: int, game: int) -> None:
    """Refuse the ``draws``-th drawn game (game number ``game``) of an elimination match, duel or table, past
    ``MAX_ELIMINATION_DRAWN_GAMES`` (the one cap, whatever the best of): ``ResultError("too_many_drawn_games")``
    with ``params`` ``game``, ``max`` and ``rule`` (``REPORT_BOUND_RULE``)."""
    if draws > MAX_ELIMINATION_DRAWN_GAMES:
        raise ResultError(
            "too_many_drawn_games",
            f"Game {game} is drawn game {draws} of an elimination match; a match has at most "
            f"{MAX_ELIMINATION_DRAWN_GAMES} — {REPORT_BOUND_RULE}.",
            game=game,
            max=MAX_ELIMINATION_DRAWN_GAMES,
            rule=REPORT_BOUND_RULE,
        )


def max_games(best_of: int, elimination: bool = False) -> int:
    """The most games (counted games and mulligans together) a report of one match can hold.

    Counted games: ``best_of`` (a best of N has at most N counted games, ``score_match``), and in an
    elimination match ``best_of + MAX_ELIMINATION_DRAWN_GAMES`` (won games still at most N: the
    first to ceil(N/2) wins; drawn games do not count, so they get a practical cap).  Each counted
    game, and the end of the report (time called during restarts), may come after at most
    ``MAX_RESTARTS_BEFORE_GAME`` mulligans.  Best of 3: 3 + 4 * 10 = 43; best of 5 in elimination:
    10 + 11 * 10 = 120.  A ``best_of`` other than 1, 3 or 5 gets the bound of a best of 5 (the caller
    refuses it on its own).  Source: ``REPORT_BOUND_RULE``.
    """
    valid = best_of in (1, 3, 5) and not isinstance(best_of, bool)
    counted = (best_of if valid else 5) + (MAX_ELIMINATION_DRAWN_GAMES if elimination else 0)
    return counted + (counted + 1) * MAX_RESTARTS_BEFORE_GAME


def check_report_length(count: int, best_of: int, elimination: bool = False) -> None:
    """Refuse a report of ``count`` games (mulligans included) longer than ``max_games(best_of, elimination)``.

    Cheap, and meant to run before anything else looks at the games, so that a report of 40,000
    games costs nothing.  Raises ``ResultError("too_many_games_reported")`` with ``params``
    ``count``, ``max`` and ``rule`` (``REPORT_BOUND_RULE``).
    """
    limit = max_games(best_of, elimination)
    if count > limit:
        raise ResultError(
            "too_many_games_reported",
            f"The report lists {count:,} games; a match{' of an elimination round' if elimination else ''} "
            f"played as a best of {best_of} has at most {limit} (counted games and two-draw mulligans "
            f"together) — {REPORT_BOUND_RULE}.",
            count=count,
            max=limit,
            rule=REPORT_BOUND_RULE,
        )


@dataclass(frozen=True)
class GameCounts:
    """One seat's counts when a game stops early, compared in ``COUNT_ORDER`` (more is better).

    ``unrazed_realms`` and ``razed_realms`` in the formation, ``holdings``
    attached to realms, ``champions`` in play (the pool), the sum of their
    ``champion_levels``, and ``draw_pile``: cards left in the draw pile.
    """

    unrazed_realms: int = 0
    razed_realms: int = 0
    holdings: int = 0
    champions: int = 0
    champion_levels: int = 0
    draw_pile: int = 0

    def key(self) -> tuple[int, ...]:
        """The counts in ``COUNT_ORDER``."""
        return tuple(getattr(self, name) for name in COUNT_ORDER)


@dataclass(frozen=True)
class Game:
    """One game: exactly one of ``winner`` (seat 0/1), ``drawn``, ``mulligan_by`` (seat 0/1),
    ``unfinished`` (time was called) or ``deck_out`` (a draw pile ran out).

    ``counts``: optional ``(GameCounts for seat 0, GameCounts for seat 1)``,
    needed to decide an unfinished game under ``decide_by_counts`` and any
    decked-out game.
    """

    winner: int | None = None
    drawn: bool = False
    mulligan_by: int | None = None
    unfinished: bool = False
    deck_out: bool = False
    counts: tuple[GameCounts, GameCounts] | None = None


@dataclass(frozen=True)
class CountDecision:
    """How the counts decided a game: ``winner`` (seat, or None for a draw) and ``deciding`` count name or None."""

    winner: int | None
    deciding: str | None


@dataclass(frozen=True)
class MatchScore:
    """The score of a match.

    ``wins``: games won by seat 0 and seat 1; ``draws``: drawn games;
    ``mulligans``: two-draw mulligans declared; ``winner``: the winning seat or
    None for a drawn match; ``games_played``: counted games (mulligans
    excluded); ``decided``: a player reached the game wins needed;
    ``at_time``: the report ends with a game unfinished when time was called.
    """

    wins: tuple[int, int]
    draws: int
    mulligans: int
    winner: int | None
    games_played: int
    decided: bool
    at_time: bool = False


class ResultError(RulesError):
    """A match report the user entered cannot be right.

    ``code`` names the problem, ``params`` the details, ``str()`` says what to do.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(code, message, params)


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
    outcomes = (
        (game.winner is not None) + bool(game.drawn) + (game.mulligan_by is not None)
        + bool(game.unfinished) + bool(game.deck_out)
    )
    bad = outcomes != 1
    bad = bad or (game.winner is not None and game.winner not in seat_ok)
    bad = bad or (game.mulligan_by is not None and game.mulligan_by not in seat_ok)
    bad = bad or isinstance(game.winner, bool) or isinstance(game.mulligan_by, bool)
    if bad:
        raise ResultError(
            "game_outcome",
            f"Game {number} must have exactly one outcome: a winner (seat 0 or 1), a draw, "
            "a mulligan declared by seat 0 or 1, unfinished at time, or a deck-out.",
            game=number,
        )
    if game.counts is not None:
        _check_counts(game.counts, number)


def _check_counts(counts: Any, number: int) -> None:
    ok = isinstance(counts, tuple) and len(counts) == 2 and all(isinstance(c, GameCounts) for c in counts)
    if ok:
        for seat_counts in counts:
            for name in COUNT_ORDER:
                value = getattr(seat_counts, name)
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    ok = False
    if not ok:
        raise ResultError(
            "bad_counts",
            f"Game {number}: the end-of-game counts must be two GameCounts (seat 0, seat 1) of whole numbers "
            "of 0 or more.",
            game=number,
        )


def decide_by_counts(counts: tuple[GameCounts, GameCounts]) -> CountDecision:
    """Decide a stopped game from both seats' counts.

    Compares ``COUNT_ORDER`` (unrazed realms, razed realms, holdings,
    champions, champion levels, cards left in the draw pile) in that order;
    the seat with more of the first count that differs wins; equal on all six
    is a draw (``winner=None``).  Sources: ``COUNTS_RULE`` (see the module
    docstring: the first count is sourced, the rest of the order is ours).
    Raises ``ResultError("bad_counts")`` for malformed counts.
    """
    _check_counts(counts, 0)
    a, b = counts
    for name in COUNT_ORDER:
        x, y = getattr(a, name), getattr(b, name)
        if x != y:
            return CountDecision(winner=0 if x > y else 1, deciding=name)
    return CountDecision(winner=None, deciding=None)


def decide_table_by_counts(counts: Sequence[GameCounts]) -> tuple[int, ...]:
    """The seats (0-based, ascending) that win a table's game stopped at time: those with the best counts,
    compared in ``COUNT_ORDER`` as ``decide_by_counts`` does for a duel; equal best counts share the win.

    ``counts``: one ``GameCounts`` per seat, in seat order (two or more).  Raises
    ``ResultError("bad_counts")`` for anything else.  Source: ``ELIMINATION_AT_TIME_RULE`` and ``COUNTS_RULE``.
    """
    if len(counts) < 2 or not all(isinstance(c, GameCounts) for c in counts):
        raise ResultError("bad_counts", "Give one GameCounts per seat, for two or more seats.", game=0)
    for pair in zip(counts, counts[1:]):
        _check_counts(pair, 0)
    best = max(c.key() for c in counts)
    return tuple(seat for seat, c in enumerate(counts) if c.key() == best)


def resolve_game(game: Game, end_of_round: str = "unfinished_is_draw", number: int = 1) -> Game:
    """The scored form of ``game``: a won, drawn or mulligan game (other games are returned unchanged).

    An ``unfinished`` game becomes a drawn game under ``unfinished_is_draw``
    and is decided by ``decide_by_counts`` under ``decide_by_counts``; a
    ``deck_out`` game is always decided by the counts.  The counts are kept
    on the returned game.  Raises ``ResultError`` with code
    "end_of_round" (an unknown procedure), "counts_missing" (counts needed
    but absent; ``params["rule"]`` is ``COUNTS_RULE`` for a deck-out and
    ``END_OF_ROUND_RULE`` for a game unfinished at time, which no rules text
    covers), "bad_counts" or "game_outcome".
    """
    if end_of_round not in END_OF_ROUND_PROCEDURES:
        raise ResultError(
            "end_of_round",
            f"The end-of-round procedure must be one of {', '.join(END_OF_ROUND_PROCEDURES)}, not {end_of_round!r}.",
            end_of_round=end_of_round,
        )
    _check_game(game, number)
    by_counts = game.deck_out or (game.unfinished and end_of_round == "decide_by_counts")
    if game.unfinished and not by_counts:
        return Game(drawn=True, counts=game.counts)
    if not by_counts:
        return game
    if game.counts is None:
        reason = "a deck-out" if game.deck_out else "an unfinished game under decide_by_counts"
        rule = COUNTS_RULE if game.deck_out else END_OF_ROUND_RULE
        raise ResultError(
            "counts_missing",
            f"Game {number} is {reason}: report both players' end-of-game counts ({', '.join(COUNT_ORDER)}) "
            f"to decide it — {rule}.",
            game=number,
            rule=rule,
        )
    decision = decide_by_counts(game.counts)
    if decision.winner is None:
        return Game(drawn=True, counts=game.counts)
    return Game(winner=decision.winner, counts=game.counts)


def check_match_score(wins: tuple[int, int] | Sequence[int], draws: int, best_of: int, *,
                      elimination: bool = False) -> None:
    """Refuse a reported match score (game wins per seat, drawn games) that cannot happen in a best of ``best_of``.

    ``elimination=True`` (a match of an elimination round; ``ELIMINATION_RULE``):
    drawn games do not count toward the ``best_of`` games, so "too_many_games"
    is not raised for them, and equal game wins raise "elimination_undecided"
    (the match is not over: play on until one player wins).

    With ``needed = best_of // 2 + 1`` game wins to take the match: a seat
    cannot win more than ``needed`` games ("too_many_wins": a best of 3 cannot
    be 3-0), both seats cannot reach ``needed`` ("both_won"), and there are at
    most ``best_of`` counted games ("too_many_games": 1-1 with 2 draws in a
    best of 3).  A match cut short by time may have fewer games.  Also raises
    "best_of" (not 1, 3 or 5), "bad_number" (negative or not whole numbers,
    or not two seats) and "no_games" (0-0 with no draws).
    """
    if best_of not in (1, 3, 5) or isinstance(best_of, bool):
        raise ResultError("best_of", f"Matches are best of 1, 3 or 5 games, not {best_of!r}.", best_of=best_of)
    values = [*wins, draws]
    if len(values) != 3 or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
        raise ResultError(
            "bad_number",
            f"A match score is two game-win counts and a number of drawn games, all whole numbers of 0 or more; "
            f"got wins={list(wins)!r}, draws={draws!r}.",
        )
    a, b = wins
    needed = best_of // 2 + 1
    if max(a, b) > needed:
        raise ResultError(
            "too_many_wins",
            f"{a}-{b} cannot happen in a best of {best_of}: the match ends when a player wins {needed} games.",
            wins=[a, b],
            best_of=best_of,
        )
    if a == needed and b == needed:
        raise ResultError(
            "both_won",
            f"{a}-{b} cannot happen in a best of {best_of}: only one player can win {needed} games.",
            wins=[a, b],
            best_of=best_of,
        )
    if a + b + draws == 0:
        raise ResultError("no_games", "The score has no won or drawn game; report at least one game.")
    if elimination:
        if a == b:
            raise _undecided_error(a, b, draws, best_of)
        return
    if a + b + draws > best_of:
        raise ResultError(
            "too_many_games",
            f"{a}-{b} with {draws} drawn game(s) is {a + b + draws} games; a best of {best_of} has at most "
            f"{best_of}.",
            wins=[a, b],
            draws=draws,
            best_of=best_of,
        )


def _undecided_error(a: int, b: int, draws: int, best_of: int) -> ResultError:
    needed = best_of // 2 + 1
    return ResultError(
        "elimination_undecided",
        f"{a}-{b} with {draws} drawn game(s) does not decide an elimination match: it cannot end drawn, and "
        f"drawn games do not count toward the {best_of}. Play on until a player has won {needed} game(s) "
        f"(or has more game wins when time is called), then report every game — {ELIMINATION_RULE}.",
        wins=[a, b],
        draws=draws,
        best_of=best_of,
        rule=ELIMINATION_RULE,
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


def check_table_mulligan(declared_by: Sequence[int | None], declaring_seat: int, seats: int) -> None:
    """Refuse a two-draw mulligan at a table of ``seats`` players that would be one seat's third in a row.

    ``declared_by``: the games of the table so far, in order, each the seat (0 ..
    seats-1) that declared a two-draw mulligan to restart it, or None for a game played
    to its end; ``declaring_seat``: the seat declaring now.  Raises
    ``ResultError("mulligan_limit")`` when the last two games were both restarted by
    ``declaring_seat`` (a game restarted by another seat, or played out, breaks the
    run, as in a duel: ``check_mulligan``), ``ResultError("seat")`` for a seat outside
    the table and ``ResultError("seats")`` for fewer than two seats.  After a restart
    the players determine again who goes first (``rules.game_start``).  Source:
    spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan ("A mulligan can only be
    declared by the same player twice in a row. On the third game, that player is
    forced to continue play").
    """
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 2:
        raise ResultError("seats", f"A table has 2 or more seats, not {seats!r}.", seats=seats)
    for seat in [declaring_seat, *(s for s in declared_by if s is not None)]:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise ResultError("seat", f"A seat at this table is 0 to {seats - 1}, not {seat!r}.", seat=seat)
    run = 0
    for declared in reversed(declared_by):
        if declared != declaring_seat:
            break
        run += 1
    if run >= 2:
        raise _mulligan_error(declaring_seat, len(declared_by) + 1)


def score_match(games: Sequence[Game], best_of: int, *, end_of_round: str = "unfinished_is_draw",
                elimination: bool = False, deck_out: str = "game_ends") -> MatchScore:
    """Score a duel from its games, in the order played.

    Unfinished and decked-out games are first turned into drawn or won games
    by ``resolve_game(game, end_of_round)`` (``end_of_round``: one of
    ``END_OF_ROUND_PROCEDURES``; default ``unfinished_is_draw``).

    ``best_of`` is 1, 3 or 5 (else ``ResultError("best_of")``).  Raises
    ``ResultError`` with the codes of ``resolve_game`` ("end_of_round",
    "counts_missing", "bad_counts"), "game_outcome" (a game without exactly one
    outcome), "game_after_decision" (a game after a player already won
    ceil(best_of/2) games), "too_many_games" (more counted games than
    ``best_of``), "mulligan_limit" (a seat's third consecutive two-draw
    mulligan; spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan) or
    "no_games" (no won or drawn game: mulligans alone are not a result), and first of
    all "too_many_games_reported" (more games than ``max_games(best_of, elimination)``,
    refused before any game is looked at).
    A match ended early by time is accepted: more game wins wins the match,
    equal game wins is a drawn match (``winner=None``).

    ``elimination=True``: a match of an elimination round, which cannot end
    drawn (``ELIMINATION_RULE``: spell-battle-rules.txt, "8. Tournaments";
    Magic Tournament Rules, Match Structure and End-of-Match Procedure).
    Drawn games (also unfinished games resolved to a draw) do not count toward
    ``best_of``, so "too_many_games" only limits won games (win A, win B,
    drawn, win A scores 2-1 with 1 draw and decides a best of 3); a record
    that ends with equal game wins raises "elimination_undecided" (play on).
    When time is called (the report ends with an ``unfinished`` game; ``at_time``) the match is decided
    by games won, the unfinished game counting as none, whatever ``end_of_round`` says; when those are
    level, by the end-of-game counts of the unfinished game (``decide_by_counts``; that game becomes
    the leader's win); only equal counts play on ("elimination_undecided"), and missing counts raise
    "counts_missing" (``ELIMINATION_AT_TIME_RULE``: spell-battle-rules.txt, 8. Tournaments).
    An elimination match has at most ``MAX_ELIMINATION_DRAWN_GAMES`` drawn games, whatever ``best_of``
    ("too_many_drawn_games").
    Games after a player reached ceil(best_of/2) wins are still refused
    ("game_after_decision").

    ``deck_out``: what running out of cards does (``DECK_OUT_SETTINGS``; default
    ``game_ends``, this function's behaviour before the setting existed): under
    ``game_ends`` a ``deck_out`` game is decided by the counts; under ``reshuffle``
    (Tournament Rules 2.0) no game ends that way, so a ``deck_out`` game raises
    "deck_out_not_allowed" (``params["rule"]`` is ``DECK_OUT_RULES["reshuffle"]``).
    An unknown setting raises "deck_out".
    """
    _check_match_settings(games, best_of, end_of_round, elimination, deck_out)
    played = [game for game in games if game.mulligan_by is None]
    at_time = bool(played) and played[-1].unfinished
    # In elimination a game unfinished at time is no game won: it decides only a level match (below).
    procedure = "unfinished_is_draw" if elimination else end_of_round
    resolved = [resolve_game(game, procedure, index + 1) for index, game in enumerate(games)]
    tally = _tally_games(resolved, best_of, elimination)
    wins = tally.wins
    if tally.counted == 0:
        raise ResultError(
            "no_games",
            "The report has no won or drawn game (mulligans are restarted games, not results); "
            "report at least one game.",
        )
    if elimination and wins[0] == wins[1] and at_time:
        seat = _decide_at_time(played[-1], len(games) - games[::-1].index(played[-1]))
        if seat is not None:
            wins[seat] += 1
            tally.draws -= 1
    if elimination and wins[0] == wins[1]:
        raise _undecided_error(wins[0], wins[1], tally.draws, best_of)
    winner: int | None
    if wins[0] > wins[1]:
        winner = 0
    elif wins[1] > wins[0]:
        winner = 1
    else:
        winner = None
    return MatchScore(
        wins=(wins[0], wins[1]),
        draws=tally.draws,
        mulligans=tally.mulligans,
        winner=winner,
        games_played=tally.counted,
        decided=max(wins) >= best_of // 2 + 1,
        at_time=at_time,
    )


def _decide_at_time(game: Game, number: int) -> int | None:
    """The seat whose counts lead in ``game`` (game ``number``, unfinished at time), or None for equal counts.
    Raises ``ResultError("counts_missing")`` (rule ``ELIMINATION_AT_TIME_RULE``) without counts."""
    if game.counts is None:
        raise ResultError(
            "counts_missing",
            f"Game {number} was unfinished at time with the games won level: report both players' end-of-game "
            f"counts ({', '.join(COUNT_ORDER)}) to decide the match — {ELIMINATION_AT_TIME_RULE}.",
            game=number,
            rule=ELIMINATION_AT_TIME_RULE,
        )
    return decide_by_counts(game.counts).winner


def _check_match_settings(
    games: Sequence[Game], best_of: int, end_of_round: str, elimination: bool, deck_out: str
) -> None:
    """Refuse, in this order: a bad ``best_of``, too many games reported, an unknown ``end_of_round`` or
    ``deck_out`` setting, and a ``deck_out`` game when the setting is ``reshuffle`` (see :func:`score_match`)."""
    if best_of not in (1, 3, 5) or isinstance(best_of, bool):
        raise ResultError("best_of", f"Matches are best of 1, 3 or 5 games, not {best_of!r}.", best_of=best_of)
    check_report_length(len(games), best_of, elimination)
    if end_of_round not in END_OF_ROUND_PROCEDURES:
        raise ResultError(
            "end_of_round",
            f"The end-of-round procedure must be one of {', '.join(END_OF_ROUND_PROCEDURES)}, not {end_of_round!r}.",
            end_of_round=end_of_round,
        )
    if deck_out not in DECK_OUT_SETTINGS:
        raise ResultError(
            "deck_out",
            f"Running out of cards is one of {', '.join(DECK_OUT_SETTINGS)}, not {deck_out!r}.",
            deck_out=deck_out,
        )
    if deck_out == "reshuffle":
        for index, game in enumerate(games):
            if game.deck_out:
                raise ResultError(
                    "deck_out_not_allowed",
                    f"Game {index + 1} cannot end because a draw pile ran out: in this tournament the player "
                    "reshuffles their discard pile to form a new draw pile at the end of the turn and play goes "
                    f"on. Report how the game ended — {DECK_OUT_RULES['reshuffle']}.",
                    game=index + 1,
                    rule=DECK_OUT_RULES["reshuffle"],
                )


@dataclass
class _Tally:
    """Game wins per seat, drawn games, mulligans and counted (won or drawn) games of a match so far."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    mulligans: int = 0
    counted: int = 0


def _tally_games(games: list[Game], best_of: int, elimination: bool) -> _Tally:
    """Count resolved ``games`` in order, refusing "game_outcome", "game_after_decision", "mulligan_limit"
    and (outside elimination) "too_many_games" as :func:`score_match` describes."""
    needed = best_of // 2 + 1
    tally = _Tally()
    wins = tally.wins
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
            tally.mulligans += 1
            continue
        tally.counted += 1
        if not elimination and tally.counted > best_of:
            raise ResultError(
                "too_many_games",
                f"Game {number} is counted game {tally.counted} of a best of {best_of}; a match has at most "
                f"{best_of} counted games. Remove the extra games.",
                game=number,
                best_of=best_of,
            )
        if game.drawn:
            tally.draws += 1
            if elimination:
                check_elimination_draws(tally.draws, number)
        else:
            assert game.winner is not None
            wins[game.winner] += 1
    return tally


def games_of_score(wins: tuple[int, int] | Sequence[int], draws: int, best_of: int, *,
                   elimination: bool = False) -> list[Game]:
    """Games that give a reported match score (game wins per seat, drawn games), for a result reported as a
    score only ("2-1"), so that it is scored by :func:`score_match` like a report game by game.

    The score is first checked by :func:`check_match_score` (its ``ResultError`` codes: "best_of",
    "bad_number", "too_many_wins", "both_won", "too_many_games", "no_games", "elimination_undecided").
    The games are in an order chosen only so that none comes after the match was decided: the trailing
    seat's wins, then the drawn games, then the leading seat's wins. The order is not a record of play: a
    caller stores the score, never these games (``tournaments.services.scoring``, ``score_only`` records).
    """
    check_match_score(wins, draws, best_of, elimination=elimination)
    a, b = wins
    leader, trailer = (0, 1) if a >= b else (1, 0)
    return ([Game(winner=trailer)] * min(a, b) + [Game(drawn=True)] * draws
            + [Game(winner=leader)] * max(a, b))
