"""Turn tournament rows into ``rules`` dataclasses (and nothing else).

The ``rules`` package decides; this module only translates. Player ids in a
``rules.history.History`` are registration primary keys as strings.
"""

from __future__ import annotations

from typing import Any

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.results import COUNT_ORDER, Game, GameCounts
from rules.structures import ForbiddenPair as RulesForbiddenPair
from rules.structures import StructureSettings

from tournaments.models import Match, MatchSeat, Round, Tournament


def history_for(tournament: Tournament) -> History:
    """The tournament's match history: every non-withdrawn registration and every confirmed match.

    Matches without a confirmed result are left out; byes are included. A confirmed
    multiplayer table (``Match.multiplayer``) is a record of its seats in seat order with each
    seat's games won and placement (``table_record``; a table whose seats have no stored result
    is left out). Player order is registration order.
    Disqualified registrations are in ``History.disqualified`` (they leave the standings;
    their matches still count for their opponents). Queries: 4 (registrations, rounds,
    matches, seats), read as plain rows: no model instances, so a 4,096-player event of 12
    rounds (about 24,000 matches) reads in a fraction of a second.
    """
    registrations = list(tournament.registrations.filter(withdrawn=False).order_by("registered_at", "id")
                         .values_list("pk", "player__username", "dropped_after_round", "disqualified"))
    players = tuple(PlayerEntry(id=str(pk), name=name) for pk, name, _, _ in registrations)
    rounds = list(tournament.rounds.order_by("number").values_list("pk", "number", "kind"))
    matches: dict[int, list[tuple]] = {pk: [] for pk, _, _ in rounds}
    for row in (Match.objects.filter(round__tournament=tournament).order_by("table")
                .values_list("pk", "round_id", "player_a_id", "player_b_id", "status", "wins_a", "wins_b", "draws",
                             "multiplayer")):
        matches[row[1]].append(row)
    seats: dict[int, list[tuple]] = {}
    for match_id, seat, registration_id, placement, wins in (
            MatchSeat.objects.filter(match__round__tournament=tournament, match__multiplayer=True)
            .values_list("match_id", "seat", "registration_id", "placement", "wins")):
        seats.setdefault(match_id, []).append((seat, registration_id, placement, wins))
    confirmed = Match.Status.CONFIRMED
    records_by_round = []
    for round_pk, number, kind in rounds:
        records = []
        for pk, _, player_a, player_b, status, wins_a, wins_b, draws, multiplayer in matches[round_pk]:
            if multiplayer:
                table = sorted(seats.get(pk, []))
                if status == confirmed and table and all(wins is not None for *_, wins in table):
                    placements = tuple(placement for _, _, placement, _ in table)
                    records.append(MatchRecord(
                        players=tuple(str(reg) for _, reg, _, _ in table),
                        wins=tuple(wins or 0 for *_, wins in table),
                        draws=draws or 0,
                        placements=placements if all(p is not None for p in placements) else (),
                    ))
            elif player_b is None:
                records.append(MatchRecord(players=(str(player_a),), bye=True))
            elif status == confirmed:
                records.append(MatchRecord(players=(str(player_a), str(player_b)),
                                           wins=(wins_a or 0, wins_b or 0), draws=draws or 0))
        records_by_round.append(RoundRecord(number=number, matches=tuple(records),
                                            elimination=kind == Round.Kind.ELIMINATION))
    drops = {str(pk): last for pk, _, last, _ in registrations if last is not None}
    disqualified = tuple(str(pk) for pk, _, _, dq in registrations if dq)
    return History(players=players, rounds=tuple(records_by_round), drops=drops, disqualified=disqualified)


def table_record(match: Match, seats: list[MatchSeat]) -> MatchRecord:
    """A confirmed multiplayer table as ``rules``: players in seat order, games won per seat, drawn games
    and placements (left empty, so derived from the wins, if any seat has none stored)."""
    seats = sorted(seats, key=lambda s: s.seat)
    placements = tuple(s.placement for s in seats)
    return MatchRecord(
        players=tuple(str(s.registration_id) for s in seats),
        wins=tuple(s.wins or 0 for s in seats),
        draws=match.draws or 0,
        placements=placements if all(p is not None for p in placements) else (),
    )


def standings_options(tournament: Tournament) -> dict[str, Any]:
    """The tournament's tiebreaker options as keyword arguments of ``rules.standings.compute_standings``.

    Only options the organiser set are given (blank means the system's own default), so
    ``compute_standings(history, tournament.tiebreakers, **standings_options(tournament))``.
    """
    options: dict[str, Any] = {}
    if tournament.tiebreaker_floor.strip():
        options["floor"] = tournament.tiebreaker_floor.strip()
    if tournament.placement_points.strip():
        options["placement_points"] = parse_placement_points(tournament.placement_points)
    return options


def parse_placement_points(text: str) -> list[str]:
    """"5,3,2,1" (or "5 3 2 1") -> ["5", "3", "2", "1"]; ``rules.tiebreakers.check_placement_points`` judges them."""
    return [part for part in text.replace(",", " ").split() if part]


SEATS = {"a": 0, "b": 1}


def counts_to_rules(counts: Any, number: int) -> tuple[GameCounts, GameCounts] | None:
    """A stored game's ``counts`` (``{"a": {name: int}, "b": {...}}``, names from ``COUNT_ORDER``) to rules form.

    None stays None. Raises ValueError when a seat or one of the six counts is missing or a
    name is unknown; the values themselves (whole numbers of 0 or more) are judged by ``rules``.
    """
    if counts is None:
        return None
    if not isinstance(counts, dict) or set(counts) != {"a", "b"}:
        raise ValueError(f"Game {number}: give the end-of-game counts of both players, 'a' and 'b'.")
    seats = []
    for seat in ("a", "b"):
        values = counts[seat]
        if not isinstance(values, dict):
            raise ValueError(f"Game {number}: the counts of player {seat.upper()} must be an object.")
        missing = [name for name in COUNT_ORDER if name not in values]
        unknown = sorted(set(values) - set(COUNT_ORDER))
        if missing or unknown:
            raise ValueError(
                f"Game {number}: the counts of player {seat.upper()} need exactly {', '.join(COUNT_ORDER)}"
                + (f" (missing {', '.join(missing)})" if missing else "")
                + (f" (unknown {', '.join(unknown)})" if unknown else "") + "."
            )
        seats.append(GameCounts(**{name: values[name] for name in COUNT_ORDER}))
    return seats[0], seats[1]


def games_to_rules(games: list[dict]) -> list[Game]:
    """Stored/submitted games to ``rules.results.Game``.

    A game dict: ``winner``/``mulligan_by`` 'a', 'b' or None; ``drawn``, ``unfinished`` (time was
    called), ``deck_out`` (a draw pile ran out) booleans; ``counts`` None or both players'
    end-of-game counts (``counts_to_rules``). A ``penalty`` key (a game loss) is ignored here:
    such a game is an ordinary win for the opponent. Raises ValueError on a seat other than
    'a', 'b' or None, or malformed counts.
    """
    result = []
    for number, game in enumerate(games, start=1):
        winner, mulligan_by = game.get("winner"), game.get("mulligan_by")
        for seat in (winner, mulligan_by):
            if seat not in (None, "a", "b"):
                raise ValueError(f"A seat must be 'a' or 'b', not {seat!r}")
        result.append(
            Game(
                winner=SEATS[winner] if winner else None,
                drawn=bool(game.get("drawn")),
                mulligan_by=SEATS[mulligan_by] if mulligan_by else None,
                unfinished=bool(game.get("unfinished")),
                deck_out=bool(game.get("deck_out")),
                counts=counts_to_rules(game.get("counts"), number),
            )
        )
    return result


def normalised_game(game: dict) -> dict:
    """A game dict with every key present (the stored form): winner, drawn, mulligan_by, unfinished,
    deck_out, counts, plus ``penalty`` when the game is a game loss."""
    stored = {
        "winner": game.get("winner") or None,
        "drawn": bool(game.get("drawn")),
        "mulligan_by": game.get("mulligan_by") or None,
        "unfinished": bool(game.get("unfinished")),
        "deck_out": bool(game.get("deck_out")),
        "counts": game.get("counts") or None,
    }
    if game.get("penalty"):
        stored["penalty"] = game["penalty"]
    return stored



def structure_settings(tournament: Tournament, *, roster: dict[str, list[str]] | None = None) -> StructureSettings:
    """The tournament's structure as ``rules.structures.StructureSettings`` (for ``next_round``).

    ``roster``: team name -> member registration ids (as str) for a team event, or None.
    Forbidden pairs keep their last round (``ForbiddenPair.until_round``); awarded byes are
    rounds 1..n; a bracket drawn at random uses the tournament's id as the draw key (the same
    draw every round). The top cut applies to the Swiss and pods structures only; random
    seeding to the brackets played from round 1. Swiss pairs with the fewest rematches rather
    than refusing (``allow_rematches``). Queries: 2 (forbidden pairs, awarded byes).
    Raises ``rules.structures.StructureError`` for settings the rules refuse.
    """
    structure = tournament.structure
    cut = structure in (Tournament.Structure.SWISS, Tournament.Structure.PODS)
    forbidden = tuple(RulesForbiddenPair(str(a), str(b), until)
                      for a, b, until in tournament.forbidden_pairs.values_list("player_a_id", "player_b_id",
                                                                                "until_round"))
    awarded = {str(pk): frozenset(range(1, n + 1))
               for pk, n in tournament.registrations.filter(withdrawn=False, awarded_byes__gt=0)
               .values_list("pk", "awarded_byes")}
    return StructureSettings(
        structure=str(structure),
        swiss_rounds=tournament.swiss_rounds,
        top_cut=tournament.top_cut if cut else 0,
        third_place_match=tournament.third_place_match,
        random_seeding=tournament.random_seeding and not cut,
        seed_draw=tournament.pk,
        bracket_reset=tournament.bracket_reset,
        double_round_robin=tournament.double_round_robin,
        table_size=tournament.table_size,
        teams={team: tuple(members) for team, members in roster.items()} if roster is not None else None,
        team_sizes=(tournament.team_size,),
        forbidden=forbidden,
        awarded_byes=awarded,
        allow_rematches=True,
        tiebreakers=tournament.tiebreakers,
        tiebreaker_options=standings_options(tournament),
    )
