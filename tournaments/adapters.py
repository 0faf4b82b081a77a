"""Turn tournament rows into ``rules`` dataclasses (and nothing else).

The ``rules`` package decides; this module only translates. Player ids in a
``rules.history.History`` are registration primary keys as strings.
"""

from __future__ import annotations

from typing import Any

from rules.history import History, MatchRecord, PlayerEntry, Phase, RoundRecord, history_from_json
from rules.structures import ForbiddenPair as RulesForbiddenPair
from rules.structures import StructureSettings

from tournaments.models import Match, Round, Seat, Tournament


def history_for(tournament: Tournament) -> History:
    """The tournament's match history: every non-withdrawn registration and every confirmed match.

    Rounds carry their ``Round.phase`` and the history the tournament's phases (``tournament_phases``).
    A match of one seat is a bye, or an opponentless loss when ``Match.opponentless_loss``; a confirmed match of two or more seats is a record of its
    seats in seat order with each seat's games won, the drawn games and, at a table of three or
    more, the placements. Matches without a confirmed result are left out, and so is a draft round (not yet
    published: ``Round.published_at``). Player order is
    registration order. Disqualified registrations are in ``History.disqualified`` (they leave
    the standings; their matches still count for their opponents). Queries: 4 (registrations,
    rounds, matches, seats), read as plain rows: no model instances, so a 4,096-player event of
    12 rounds (about 24,000 matches) reads in a fraction of a second.
    """
    registrations = list(tournament.registrations.entered().order_by("registered_at", "id")
                         .values_list("pk", "player__username", "dropped_after_round", "disqualified", "walk_in_name",
                                      "player__first_name"))
    # a walk-in's name (kept after a claim), else the display name, else the username: as Registration.display_name
    players = tuple(PlayerEntry(id=str(pk), name=walk_in or (shown or "").strip() or name or "")
                    for pk, name, _, _, walk_in, shown in registrations)
    # every seat names its player with the very string of its PlayerEntry: the rules' dict lookups then hash
    # each id once and compare by identity (a registration that left the event gets its own string)
    ids: dict[int, str] = {pk: player.id for (pk, *_), player in zip(registrations, players)}
    rounds = list(tournament.rounds.filter(published_at__isnull=False).order_by("number")
                  .values_list("pk", "number", "kind", "phase"))
    matches: dict[int, list[tuple]] = {pk: [] for pk, *_ in rounds}
    for row in (Match.objects.filter(round__tournament=tournament).order_by("table")
                .values_list("pk", "round_id", "status", "draws", "opponentless_loss")):
        if row[1] in matches:  # a draft round's (its byes count once it is published)
            matches[row[1]].append(row)
    seats: dict[int, list[tuple]] = {}
    for match_id, number, registration_id, placement, wins in (
            Seat.objects.filter(match__round__tournament=tournament).order_by()  # seat order: sorted below
            .values_list("match_id", "number", "registration_id", "placement", "wins")):
        seats.setdefault(match_id, []).append((number, registration_id, placement, wins))
    confirmed = Match.Status.CONFIRMED
    records_by_round = []
    for round_pk, number, kind, phase in rounds:
        records = []
        for pk, _, status, draws, opponentless_loss in matches[round_pk]:
            table = seats.get(pk)
            if table is None:
                continue
            if len(table) == 1 and opponentless_loss:
                records.append(MatchRecord((ids.get(table[0][1]) or str(table[0][1]),), loss=True))
            elif len(table) == 1:
                records.append(MatchRecord((ids.get(table[0][1]) or str(table[0][1]),), bye=True))
            elif status != confirmed:
                continue
            elif len(table) == 2:
                (na, a, _, wa), (nb, b, _, wb) = table
                if na > nb:
                    a, b, wa, wb = b, a, wb, wa
                records.append(MatchRecord((ids.get(a) or str(a), ids.get(b) or str(b)), (wa or 0, wb or 0),
                                           draws or 0))
            else:
                table.sort()
                placements = tuple(placement for _, _, placement, _ in table)
                records.append(MatchRecord(
                    players=tuple(ids.get(reg) or str(reg) for _, reg, _, _ in table),
                    wins=tuple(wins or 0 for *_, wins in table),
                    draws=draws or 0,
                    placements=placements if len(table) > 2 and all(p is not None for p in placements) else (),
                ))
        elimination = kind == Round.Kind.ELIMINATION
        records_by_round.append(RoundRecord(number=number, matches=tuple(records), elimination=elimination,
                                            phase=1 if elimination else phase))
    drops = {ids[pk]: last for pk, _, last, *_ in registrations if last is not None}
    disqualified = tuple(ids[pk] for pk, _, _, dq, *_ in registrations if dq)
    return History(players=players, rounds=tuple(records_by_round), drops=drops, disqualified=disqualified,
                   phases=tournament_phases(tournament))


def tournament_phases(tournament: Tournament) -> tuple[Phase, ...]:
    """The tournament's phases (``Tournament.phases``, the history format's ``"phases"`` list) as
    ``rules.history.Phase``s; ``()`` for an event of one phase. No query. Raises ``HistoryError`` ("bad_phases",
    "bad_cut") for a stored list the rules refuse (the service stores only lists they accept)."""
    if not tournament.phases:
        return ()
    return history_from_json({"players": [], "phases": tournament.phases}).phases


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
    """"5,3,2,1" (or "5 3 2 1") -> ["5", "3", "2", "1"]; ``rules.standings.systems.check_placement_points`` judges them."""
    return [part for part in text.replace(",", " ").split() if part]


def structure_settings(tournament: Tournament, *, roster: dict[str, list[str]] | None = None) -> StructureSettings:
    """The tournament's structure as ``rules.structures.StructureSettings`` (for ``next_round``).

    ``roster``: team name -> member registration ids (as str) for a team event, or None.
    Forbidden pairs keep their last round (``ForbiddenPair.until_round``); awarded byes are
    rounds 1..n; a bracket drawn at random uses the tournament's id as the draw key (the same
    draw every round). The top cut applies to the Swiss and pods structures only; random
    seeding to the brackets played from round 1; a random draw each round to single elimination
    (drawn from the round's seed). Swiss pairs with the fewest rematches rather
    than refusing (``allow_rematches``). Queries: 2 (forbidden pairs, awarded byes).
    Raises ``rules.structures.StructureError`` for settings the rules refuse.
    """
    structure = tournament.structure
    spec = tournament.structure_spec
    cut = spec.swiss_phase  # a top cut follows a Swiss (or pods) phase only
    forbidden = tuple(RulesForbiddenPair(str(a), str(b), until)
                      for a, b, until in tournament.forbidden_pairs.values_list("player_a_id", "player_b_id",
                                                                                "until_round"))
    awarded = {str(pk): frozenset(range(1, n + 1))
               for pk, n in tournament.registrations.entered().filter(awarded_byes__gt=0)
               .values_list("pk", "awarded_byes")}
    return StructureSettings(
        structure=str(structure),
        swiss_rounds=tournament.swiss_rounds,
        top_cut=tournament.top_cut if cut else 0,
        third_place_match=tournament.third_place_match,
        random_seeding=tournament.random_seeding and not cut,
        seed_draw=tournament.pk,
        random_draw_each_round=tournament.random_draw_each_round and "random_draw_each_round" in spec.options,
        bracket_reset=tournament.bracket_reset,
        double_round_robin=tournament.double_round_robin,
        table_size=tournament.table_size,
        fixed_table_size=tournament.fixed_table_size and "fixed_table_size" in spec.options,
        teams={team: tuple(members) for team, members in roster.items()} if roster is not None else None,
        team_sizes=(tournament.team_size,),
        forbidden=forbidden,
        awarded_byes=awarded,
        allow_rematches=True,
        tiebreakers=tournament.tiebreakers,
        tiebreaker_options=standings_options(tournament),
    )
