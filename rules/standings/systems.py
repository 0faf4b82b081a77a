"""The ``pokemon``, ``buchholz`` and ``pods`` tiebreaker systems of ``rules.standings``.

Call them through ``rules.standings.compute_standings(history, NAME, ...)``,
which checks the options (``rules.standings.registry``); the functions here
assume checked options.  Terms (match points, byes, rounds, drops,
disqualified players) are those of ``rules.standings.core`` and
``rules.history``.  Sources: PAIRINGS.md §2.2 (Pokémon), §2.3 (chess), §2.4
(pods), and the documents named there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.history import History, MatchRecord, derived_placements
from rules.standings.core import (
    Entry,
    PlayerRecord,
    StandingRow,
    StandingsError,
    mean_over,
    mtg_columns,
    player_records,
    rank_entries,
    swiss_rounds,
)

__all__ = [
    "POKEMON_FLOOR",
    "POKEMON_TIE_VALUE",
    "POKEMON_DROPPED_CAP",
    "DEFAULT_PLACEMENT_POINTS",
    "pokemon_standings",
    "frozen_resistance",
    "buchholz_standings",
    "pods_standings",
    "check_tie_value",
    "check_placement_points",
    "check_draw_points",
]

POKEMON_FLOOR = Fraction(1, 4)
POKEMON_TIE_VALUE = Fraction(1, 2)
POKEMON_DROPPED_CAP = Fraction(3, 4)
DEFAULT_PLACEMENT_POINTS: tuple[int, ...] = (5, 3, 2, 1)


def _fraction(value: Any, option: str) -> Fraction:
    try:
        return Fraction(value)
    except (TypeError, ValueError) as exc:
        raise StandingsError("bad_option", f"{option} must be a number, not {value!r}.",
                             option=option, value=str(value)) from exc


def check_tie_value(value: Any) -> Fraction:
    """The Pokémon tie value as a Fraction in [0, 1], else ``StandingsError("bad_option")``."""
    tie = _fraction(value, "tie_value")
    if not 0 <= tie <= 1:
        raise StandingsError("bad_option", f"tie_value must be between 0 and 1, not {value}.",
                             option="tie_value", value=str(value))
    return tie


def check_placement_points(points: Sequence[Any]) -> tuple[Fraction, ...]:
    """Placement points (1st, 2nd, ...) as Fractions: at least one, none negative, never increasing, 1st > 0.

    Raises ``StandingsError("bad_option")`` otherwise.
    """
    values = tuple(_fraction(p, "placement_points") for p in points)
    ok = bool(values) and values[0] > 0 and all(v >= 0 for v in values)
    ok = ok and all(a >= b for a, b in zip(values, values[1:]))
    if not ok:
        raise StandingsError(
            "bad_option",
            f"placement_points {list(map(str, points))} must be one or more numbers of 0 or more, first "
            "place worth more than 0 and no place worth more than a better one (e.g. 5,3,2,1).",
            option="placement_points",
        )
    return values


def check_draw_points(value: Any) -> Fraction:
    """Points for each seat of a drawn table, a Fraction of 0 or more, else ``StandingsError("bad_option")``."""
    points = _fraction(value, "draw_points")
    if points < 0:
        raise StandingsError("bad_option", f"draw_points must be 0 or more, not {value}.",
                             option="draw_points", value=str(value))
    return points


# --------------------------------------------------------------------------------------
# Pokémon


def pokemon_standings(history: History, *, floor: Fraction, tie_value: Fraction) -> list[StandingRow]:
    """Pokémon TCG standings: match points, OWP (resistance), OOWP, head to head.

    Sources: Play! Pokémon Tournament Rules Handbook as summarised in
    PAIRINGS.md §2.2 [S] (rk9.gg "All about tiebreakers in the Pokémon TCG",
    2021; TRH §5.3.3.1 / §5.5.1.1 as quoted by two implementations).

    * Match points: 3 per win (a bye is a win), 1 per tie, 0 per loss.
    * WP(p) = (match wins + ``tie_value`` x ties) / matches, over the rounds
      p played (an opponentless loss is one, lost): byes are excluded from
      numerator and denominator.  WP is raised to ``floor`` (default 25 %) and, for a player
      who dropped (in ``History.drops``) or was disqualified, capped at 75 %.
      A player with no played match has WP = ``floor``.
    * OWP(p) ("resistance") = mean of WP(o) over the opponents p played, one
      entry per round (a rematch counts twice; byes skipped); 0 with none.
    * OOWP(p) = mean of OWP(o) over the same opponents.
    * Head to head: when exactly two players are still tied on points, OWP
      and OOWP (after the disqualified are removed) and they met, the one who
      won more of their matches against the other ranks first; otherwise they
      stay tied (shared rank, seeding order).  Pokémon's last step, a random
      draw, is left to the organiser (``rules`` uses no randomness here).

    Opponentless losses (TOM's "LATE"; rk9.gg, "All about tiebreakers in the
    Pokémon TCG", 2021: "Late Penalty", the "zeroth tiebreaker"): such a loss
    is a round played and lost, so it is in the player's record and in WP's
    denominator (it is not a bye: TRH §5.3.3.1 leaves out only byes), and it
    adds no opponent to anyone's OWP/OOWP.  A player with an opponentless loss
    ranks below every player with the same match points who has none ("If
    someone shows up late, then that person will appear below all others
    with the same number of match points"), before OWP is compared.

    Drops (TOM's behaviour): the OWP and OOWP of a player who dropped after
    round d are frozen at round d: computed on the history of rounds 1..d
    (those who had dropped before round d capped as dropped), as the
    standings printed after round d showed them, not on the final records
    of their opponents.  Sources: OpenTourney issue #102 (a TOM export ranks
    a dropped entry with OWP 0.33 above active entries with 0.59 and 0.56,
    which no final-data formula explains; "TOM freezes a dropped
    competitor's standing using data available at drop-time"), and the
    reproduction of a Regional's published standings noted in this
    project's issue 24 (frozen values match the published ones far better).
    Their match points and record are final anyway (they play no more).

    Tie value (a documented choice): ``tie_value`` defaults to 1/2, so an
    opponent who finished 3-1-1 contributes (3 + 1/2) / 5 = 70 % (the rk9
    example).  Some implementations count a tie as 0 wins; pass
    ``tie_value=0`` for that.

    Row extras, in order: ``owp``, ``oowp`` and ``h2h`` (1: ranked above a
    tied player by head to head, -1: below, 0: not used).  The sort key is
    (match points, no opponentless loss, OWP, OOWP).  ``omwp``/``gwp``/
    ``ogwp`` are the MTG values (information only).
    """
    records = player_records(history)
    owp, oowp = _resistance(history, records, floor, tie_value)
    for pid, (owp_d, oowp_d) in frozen_resistance(history, floor=floor, tie_value=tie_value).items():
        owp[pid], oowp[pid] = owp_d, oowp_d
    mtg = mtg_columns(history, records)
    entries: list[Entry] = []
    for index, (pid, rec) in enumerate(records.items()):
        omwp, gwp, ogwp = mtg[pid]
        entries.append(
            Entry(
                key=(rec.points, 0 if rec.opponentless_losses else 1, owp[pid], oowp[pid]),
                index=index,
                fields={
                    "player": pid, "points": rec.points, "wins": rec.wins, "losses": rec.losses,
                    "draws": rec.draws, "omwp": omwp, "gwp": gwp, "ogwp": ogwp, "byes": rec.byes,
                    "extra": (("owp", owp[pid]), ("oowp", oowp[pid]), ("h2h", 0)),
                },
            )
        )

    def head_to_head(group: list[Entry]) -> list[Entry] | None:
        if len(group) != 2:
            return None
        first, second = group
        a, b = first.fields["player"], second.fields["player"]
        a_wins = sum(1 for _, opp, half in records[a].results if opp == b and half == 2)
        b_wins = sum(1 for _, opp, half in records[b].results if opp == a and half == 2)
        if a_wins == b_wins:
            return None
        winner, loser = (first, second) if a_wins > b_wins else (second, first)
        for entry, mark in ((winner, 1), (loser, -1)):
            extra = entry.fields["extra"]
            entry.fields["extra"] = (extra[0], extra[1], ("h2h", mark))
        return [winner, loser]

    return rank_entries(entries, history, head_to_head)


def _win_percentage(won: int, drew: int, played: int, floor: Fraction, tie_value: Fraction, capped: bool) -> Fraction:
    """WP: (wins + ``tie_value`` x ties) / rounds played (byes out), floored, capped at 75% when ``capped``."""
    value = (Fraction(won * tie_value.denominator + tie_value.numerator * drew, tie_value.denominator * played)
             if played else Fraction(0))
    value = max(value, floor)
    return min(value, POKEMON_DROPPED_CAP) if capped else value


def _resistance(history: History, records: dict[str, PlayerRecord], floor: Fraction,
                tie_value: Fraction) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """(OWP, OOWP) of every player of ``history`` (``pokemon_standings``): WP over the rounds played
    (opponentless losses included, byes not), floored, capped for the dropped and disqualified."""
    dropped = set(history.drops) | set(history.disqualified)
    wp = {pid: _win_percentage(rec.wins - rec.byes, rec.draws, rec.rounds - rec.byes, floor, tie_value,
                               pid in dropped)
          for pid, rec in records.items()}
    groups = {pid: rec.opponents for pid, rec in records.items()}
    owp = mean_over(groups, wp)
    return owp, mean_over(groups, owp)


def frozen_resistance(history: History, *, floor: Fraction = POKEMON_FLOOR,
                      tie_value: Fraction = POKEMON_TIE_VALUE) -> dict[str, tuple[Fraction, Fraction]]:
    """The (OWP, OOWP) of each player who dropped before the last Swiss round, frozen at their drop round d (TOM;
    ``pokemon_standings``): the values the standings after round d showed, i.e. computed on rounds 1..d with the
    players who had dropped before round d (and the disqualified) capped at 75%.

    One pass over the rounds: WP of everyone at each drop round, OWP of the droppers and their opponents, OOWP of
    the droppers (the same values as ``pokemon_standings`` on the history cut after round d, much faster). Keyed
    by player id; players who did not drop, or dropped after the last Swiss round, are not in it.
    """
    swiss = [r for r in history.rounds if not r.elimination]
    if not swiss:
        return {}
    last = swiss[-1].number
    droppers_at: dict[int, list[str]] = {}
    for pid, d in history.drops.items():
        if d < last:
            droppers_at.setdefault(d, []).append(pid)
    if not droppers_at:
        return {}
    ids = [p.id for p in history.players]
    played = dict.fromkeys(ids, 0)
    won = dict.fromkeys(ids, 0)
    drew = dict.fromkeys(ids, 0)
    opponents: dict[str, list[str]] = {pid: [] for pid in ids}
    out: dict[str, tuple[Fraction, Fraction]] = {}

    def freeze(d: int) -> None:
        capped = {pid for pid, n in history.drops.items() if n < d} | set(history.disqualified)
        wp = {pid: _win_percentage(won[pid], drew[pid], played[pid], floor, tie_value, pid in capped) for pid in ids}
        droppers = droppers_at[d]
        needed = set(droppers).union(*(opponents[pid] for pid in droppers))
        owp = mean_over({pid: opponents[pid] for pid in needed}, wp)
        oowp = mean_over({pid: opponents[pid] for pid in droppers}, owp)
        for pid in droppers:
            out[pid] = (owp[pid], oowp[pid])

    pending = sorted(droppers_at)
    for rnd in swiss:
        while pending and pending[0] < rnd.number:
            freeze(pending.pop(0))
        for match in rnd.matches:
            if match.bye:
                continue
            if match.loss:
                played[match.players[0]] += 1
                continue
            if len(match.wins) != 2 or len(match.players) != 2:
                continue  # not reported (tables of three or more: player_records refused them already)
            a, b = match.players
            wa, wb = match.wins
            played[a] += 1
            played[b] += 1
            opponents[a].append(b)
            opponents[b].append(a)
            if wa > wb:
                won[a] += 1
            elif wb > wa:
                won[b] += 1
            else:
                drew[a] += 1
                drew[b] += 1
    return out


# --------------------------------------------------------------------------------------
# Chess: Buchholz and friends


def buchholz_standings(history: History) -> list[StandingRow]:
    """Chess-style standings: score, Buchholz, Buchholz cut 1, median Buchholz, Sonneborn-Berger, progressive.

    Sources: FIDE Tie-Break Regulations (handbook.fide.com, C.07, 2023 and
    1 August 2024 editions; PAIRINGS.md §2.3), with the handling of
    unplayed rounds as the 2023 regulations are read by a third-party
    implementation [S] (a FIDE_2023 "unplayed rounds adjustment": opponents
    who withdrew count their rounds after the withdrawal as draws; a
    player's own unplayed rounds count as a game against an opponent with the
    player's own final score; unplayed rounds are cut first, Art. 14.6).

    Let R be the Swiss (non-elimination) rounds of the history.

    * Score s(p): 1 per match won, 1/2 per match drawn, 0 per match lost,
      1 for a bye (a pairing-allocated bye is a full point, as in the MTR);
      0 for a round without a result (not paired, dropped, or unreported).
      The chess score, not match points, ranks first: 3/1/0 would rank a win
      plus a loss above two draws, which chess scoring ties.  The ``points``
      column still shows match points (3/1/0).
    * Unplayed rounds of p: byes (not voluntary) and rounds without a result
      (voluntarily unplayed: absent, after a drop, unreported).  An
      opponentless loss (a late player's, ``rules.history``) is a forfeit
      lost: score 0 and a voluntarily unplayed round (C.07, unplayed rounds:
      a forfeit loss is not a game played).
    * Adjusted score of an opponent o, used in every sum below:
      s'(o) = s(o) + 1/2 x (rounds of R after o's drop round).
    * Buchholz BH(p) = sum over the rounds of R of a contribution c_r:
      s'(o) for a round played against o; s(p) for an unplayed round (the
      "dummy opponent" with the player's own score).
    * Buchholz cut 1 (BH-C1) = BH minus the least significant contribution,
      where voluntarily unplayed rounds are cut first (Art. 14.6).
    * Median Buchholz (BH-M1) = BH-C1 minus the highest contribution (0
      with fewer than two contributions left).
    * Sonneborn-Berger SB(p) = sum of c_r x (p's score in round r): a win
      counts s'(o), a draw s'(o)/2, a loss 0; a bye counts s(p); an unplayed
      round without points 0.
    * Progressive score PS(p) = sum over k of p's cumulative score after the
      k-th round of R (1, 1.5, 1.5, 2 -> 6).

    Order: score, BH, BH-C1, BH-M1, SB, PS, all descending.  Row extras in
    that order: ``score``, ``bh``, ``bh_c1``, ``bh_m1``, ``sb``, ``ps``.
    ``omwp``/``gwp``/``ogwp`` are the MTG values (information only).
    """
    records = player_records(history)
    numbers = swiss_rounds(history)
    total_rounds = len(numbers)
    # a result in the k-th Swiss round (0-based) counts in the cumulative score of R - k rounds
    weight = {number: total_rounds - k for k, number in enumerate(numbers)}
    # half-point units throughout: 2 = 1 point
    score2 = {pid: sum([half for _, _, half in rec.results]) for pid, rec in records.items()}
    adjusted2 = dict(score2)
    for pid, last in history.drops.items():
        adjusted2[pid] += sum(1 for n in numbers if n > last)
    mtg = mtg_columns(history, records)
    fractions: dict[tuple[int, int], Fraction] = {}

    def exact(numerator: int, denominator: int) -> Fraction:
        value = fractions.get((numerator, denominator))
        if value is None:
            value = fractions[numerator, denominator] = Fraction(numerator, denominator)
        return value

    entries: list[Entry] = []
    for index, (pid, rec) in enumerate(records.items()):
        own = score2[pid]
        played: list[int] = []
        sb4 = 0  # quarter points
        byes = 0
        ps2 = 0
        for number, opp, half in rec.results:
            ps2 += half * weight[number]
            if opp is None and half == 0:
                continue  # an opponentless loss: a voluntarily unplayed round (forfeit), counted below
            if opp is None:
                byes += 1
                sb4 += own * half
            else:
                value = adjusted2[opp]
                played.append(value)
                sb4 += value * half
        voluntary = total_rounds - len(rec.results) + rec.opponentless_losses
        bh2 = sum(played) + own * (byes + voluntary)
        if voluntary:
            remaining = played + [own] * (byes + voluntary - 1)
        else:
            remaining = played + [own] * byes
            if remaining:
                remaining.remove(min(remaining))
        c1 = sum(remaining)
        m1 = c1 - max(remaining) if len(remaining) > 1 else 0
        values = (exact(own, 2), exact(bh2, 2), exact(c1, 2), exact(m1, 2), exact(sb4, 4), exact(ps2, 2))
        omwp, gwp, ogwp = mtg[pid]
        entries.append(
            Entry(
                key=(own, bh2, c1, m1, sb4, ps2),
                index=index,
                fields={
                    "player": pid, "points": rec.points, "wins": rec.wins, "losses": rec.losses,
                    "draws": rec.draws, "omwp": omwp, "gwp": gwp, "ogwp": ogwp, "byes": rec.byes,
                    "extra": tuple(zip(("score", "bh", "bh_c1", "bh_m1", "sb", "ps"), values)),
                },
            )
        )
    return rank_entries(entries, history)


# --------------------------------------------------------------------------------------
# Multiplayer pods


def pods_standings(
    history: History,
    *,
    placement_points: tuple[Fraction, ...],
    draw_points: Fraction | None,
    floor: Fraction,
) -> list[StandingRow]:
    """Standings for multiplayer tables (pods of 3-4, duels allowed too).

    Sources: PAIRINGS.md §2.4 [S]: TopDeck-style cEDH scoring (win 5, draw 1,
    bye 5; placement variants 5/3/2/1 for a 4-pod, 5/3/2 for a 3-pod), VTES
    (vtes-archon ``scoring.py``: tied players share the average of the places
    they occupy), and the recommended generalisation of OMW% (opponents = all
    other seats; MW% = points / (max points per round x rounds); floor; byes
    ignored).  There is no industry standard; these are our choices:

    * Places at a table: ``rules.history.derived_placements`` (the optional
      ``"placements"`` of the match, else by games won, equal wins sharing
      the better place; a table where nobody won a game is everyone sharing
      first).
    * Points: the k-th place earns ``placement_points[k-1]`` (0 beyond the
      list; default 5, 3, 2, 1).  Seats sharing a place share the average of
      the points of the places they jointly occupy: a shared win at a 4-pod
      with 5/3/2/1 gives each winner (5+3)/2 = 4.  A table where every seat
      shares first is a drawn table: each seat gets ``draw_points`` when
      given (``--placement-points 3,0,0,0 --draw-points 1`` is "win 3,
      draw 1"), else the shared average.  A bye earns first-place points.
    * wins / losses / draws: first place alone is a win, a shared first
      place (a drawn table included) a draw, anything else a loss; a bye is a
      win.  An opponentless loss (``rules.history``) is a round played for 0
      points and a loss, with no games and no opponents (this project's
      choice, the mirror of a bye).
    * Points percentage PP(p) = points / (placement_points[0] x rounds
      played, byes included), floored at ``floor`` (default 1/3).
    * Game-win percentage GW(p) = (3 x games won + drawn games) / (3 x games
      played at p's tables), games played = the table's total wins + draws; a
      bye is one game won; floored like MTG's GW%, 0 with no games.
    * OMW% (``omwp``) = mean of PP(o) over every other seat o at each of p's
      tables (one entry per seat per round; byes skipped); OGW% (``ogwp``)
      the same mean of GW(o); 0 with no opponents.

    Order: points, omwp, gwp, ogwp, all descending (the MTG order).  No
    extras.
    """
    scorer = _PodScorer.for_history(history, placement_points, draw_points)
    records = {p.id: _PodRecord() for p in history.players}
    for rnd in history.rounds:
        if rnd.elimination:
            continue
        for match in rnd.matches:
            if match.bye:
                records[match.players[0]].add_bye(scorer.first)
            elif match.loss:
                records[match.players[0]].add_loss()
            elif match.reported:
                _record_table(records, match, scorer)
    return rank_entries(_pod_entries(records, scorer, floor), history)


@dataclass
class _PodRecord:
    """One player's pods tally; ``points`` in units of 1/scale (see :class:`_PodScorer`)."""

    points: int = 0
    rounds: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    games: int = 0
    game_points: int = 0
    opponents: list[str] = field(default_factory=list)

    def add_loss(self) -> None:
        """An opponentless loss: a round played for no points, a loss, no games and no opponents."""
        self.rounds += 1
        self.losses += 1

    def add_bye(self, first_points: int) -> None:
        """A bye: first-place points, a win and one game won."""
        self.points += first_points
        self.rounds += 1
        self.wins += 1
        self.byes += 1
        self.games += 1
        self.game_points += 3


@dataclass
class _PodScorer:
    """Placement points as integers in units of 1/``scale`` (exact: every share of a place divides it).

    ``first``: scaled first-place points; ``draw``: scaled ``draw_points`` (None: a
    drawn table shares the average like any other shared place).
    """

    placement_points: tuple[Fraction, ...]
    scale: int
    first: int
    draw: int | None
    _cache: dict[tuple[int, int], int] = field(default_factory=dict)

    @classmethod
    def for_history(
        cls, history: History, placement_points: tuple[Fraction, ...], draw_points: Fraction | None
    ) -> _PodScorer:
        """A scorer whose scale divides every placement value, draw value and share (1 to the largest table)."""
        max_seats = max((len(m.players) for r in history.rounds for m in r.matches), default=1)
        scale = math.lcm(*(p.denominator for p in placement_points), *range(1, max_seats + 1),
                         draw_points.denominator if draw_points is not None else 1)
        draw = int(draw_points * scale) if draw_points is not None else None
        return cls(placement_points, scale, int(placement_points[0] * scale), draw)

    def seat(self, place: int, shared: int, drawn_table: bool) -> int:
        """Scaled points of a seat at ``place`` shared by ``shared`` seats (``draw`` at a drawn table, if set)."""
        if drawn_table and self.draw is not None:
            return self.draw
        if (place, shared) not in self._cache:
            covered = [self.placement_points[k] if k < len(self.placement_points) else Fraction(0)
                       for k in range(place - 1, place - 1 + shared)]
            self._cache[place, shared] = int(sum(covered, Fraction(0)) * self.scale / shared)
        return self._cache[place, shared]


def _record_table(records: dict[str, _PodRecord], match: MatchRecord, scorer: _PodScorer) -> None:
    """Add a reported table's places, points, games and opponents to each seat's record."""
    places = derived_placements(match)
    drawn_table = all(place == 1 for place in places)
    games = sum(match.wins) + match.draws
    for seat, pid in enumerate(match.players):
        rec = records[pid]
        place = places[seat]
        shared = places.count(place)
        rec.points += scorer.seat(place, shared, drawn_table)
        rec.rounds += 1
        if place == 1 and shared == 1:
            rec.wins += 1
        elif place == 1:
            rec.draws += 1
        else:
            rec.losses += 1
        rec.games += games
        rec.game_points += 3 * match.wins[seat] + match.draws
        rec.opponents.extend(other for other in match.players if other != pid)


def _pod_entries(records: dict[str, _PodRecord], scorer: _PodScorer, floor: Fraction) -> list[Entry]:
    """Rows keyed (points, omwp, gwp, ogwp) with PP and GW floored at ``floor`` for the opponents' means."""

    def floored(value: Fraction) -> Fraction:
        return value if value > floor else floor

    pp = {pid: floored(Fraction(rec.points, scorer.first * rec.rounds) if rec.rounds else Fraction(0))
          for pid, rec in records.items()}
    raw_gw = {pid: Fraction(rec.game_points, 3 * rec.games) if rec.games else Fraction(0)
              for pid, rec in records.items()}
    gw_opp = {pid: floored(value) for pid, value in raw_gw.items()}
    groups = {pid: rec.opponents for pid, rec in records.items()}
    omwp = mean_over(groups, pp)
    ogwp = mean_over(groups, gw_opp)
    entries: list[Entry] = []
    for index, (pid, rec) in enumerate(records.items()):
        points = Fraction(rec.points, scorer.scale)
        shown: int | Fraction = points.numerator if points.denominator == 1 else points
        gwp = gw_opp[pid] if rec.games else Fraction(0)
        entries.append(
            Entry(
                key=(points, omwp[pid], gwp, ogwp[pid]),
                index=index,
                fields={
                    "player": pid, "points": shown, "wins": rec.wins, "losses": rec.losses,
                    "draws": rec.draws, "omwp": omwp[pid], "gwp": gwp, "ogwp": ogwp[pid],
                    "byes": rec.byes,
                },
            )
        )
    return entries
