"""The round clock's arithmetic: what ``Round.started_at``, ``clock_paused_at``, ``clock_paused_seconds``,
``clock_extra_minutes`` and ``Match.extra_minutes`` mean at a given instant. Pure (no query, the time passed in);
read through ``tournaments.selectors`` by pages and the API, and by ``tournaments.services.results`` to know whether
time has been called at a table (the end-of-round procedure). Written by ``tournaments.services.clock``.

Terms: the *round clock* runs from the start of the round for ``Tournament.round_minutes``; the organiser may pause
it (the time stands still for every table), *extend* the round (every table) or give one table a *time extension*
(after a deck check or a judge call); *time is up* at a table when its own clock reaches zero ("Time" is called);
the round's clock *ends* when every table has a confirmed result (``Round.ended_at``, set by
``tournaments.services.results``), and any round of a finished event has ended: neither counts down again.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from tournaments.models import Match, Round


@dataclass(frozen=True)
class ClockState:
    """The round clock at one instant, for the whole round or for one table (``clock_at``).

    ``state``: "not_started" (no start time), "running", "paused", "time_up" (no time left: "Time" is called, the
    end-of-round procedure applies, ``Tournament.end_of_round``, rules/results.py ``END_OF_ROUND_RULE``), "ended"
    (the whole round: every table has a confirmed result, or the event is finished; ``ended_at`` says when) or
    "finished" (one table: its result is confirmed, its clock no longer matters). ``ends_at``: when time runs out (an aware datetime;
    while paused, the end if the clock were resumed at that instant; None before the start); ``remaining_seconds``:
    whole seconds left, 0 once time is up (None before the start); ``minutes``: the time allowed in all
    (``Tournament.round_minutes`` + the round's extension + the table's); ``extra_minutes``: the round's extension;
    ``table_extra_minutes``: the table's own extension (0 for the whole round); ``ended_at``: when an "ended" round
    ended (None otherwise, or when an ended round's clock never started and no end is recorded)."""

    state: str
    ends_at: datetime.datetime | None
    remaining_seconds: int | None
    minutes: int
    extra_minutes: int = 0
    table_extra_minutes: int = 0
    ended_at: datetime.datetime | None = None

    @property
    def started(self) -> bool:
        return self.state != "not_started"

    @property
    def paused(self) -> bool:
        return self.state == "paused"

    @property
    def time_up(self) -> bool:
        return self.state == "time_up"

    @property
    def finished(self) -> bool:
        return self.state == "finished"

    @property
    def ended(self) -> bool:
        return self.state == "ended"

    @property
    def counting(self) -> bool:
        """True while a countdown is meaningful: running or paused with time left (never once time is up, the
        table is finished or the round ended)."""
        return self.state in ("running", "paused")

    @property
    def remaining_text(self) -> str:
        """The time left as "12:34" (minutes:seconds) or "1:02:03"; "" before the start."""
        if self.remaining_seconds is None:
            return ""
        hours, rest = divmod(self.remaining_seconds, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def clock_at(rnd: Round, round_minutes: int, *, now: datetime.datetime, match: Match | None = None,
             over: bool = False) -> ClockState:
    """The round clock of ``rnd`` at the instant ``now`` (no query: pure arithmetic on the round's clock fields and,
    for one table, ``match.extra_minutes`` and ``match.status``). ``over``: the caller knows the round is over
    whatever its tables say (its tournament is finished).

    The clock runs from ``Round.started_at`` for ``round_minutes`` (``Tournament.round_minutes``) plus
    ``Round.clock_extra_minutes`` plus, for a table, ``Match.extra_minutes``; the time it stood paused
    (``clock_paused_seconds``, and the current pause since ``clock_paused_at``) does not count. A confirmed match is
    "finished" whatever the time; the whole round is "ended" once ``Round.ended_at`` is set (every table confirmed)
    or ``over``, at ``ended_at`` (else, over without a recorded end, when its time ran out if it did); a table
    whose time ran out is "time_up" even if the clock was paused afterwards.
    Example: started 14:00, 50 minutes, paused 14:10-14:15, table extended by 5: at 14:30 it is "running" with 30
    minutes left and ends at 15:00."""
    table_extra = match.extra_minutes if match is not None else 0
    minutes = round_minutes + rnd.clock_extra_minutes + table_extra

    def state_of(state: str, ends_at: datetime.datetime | None = None, remaining: int | None = None,
                 ended_at: datetime.datetime | None = None) -> ClockState:
        return ClockState(state=state, ends_at=ends_at, remaining_seconds=remaining, minutes=minutes,
                          extra_minutes=rnd.clock_extra_minutes, table_extra_minutes=table_extra, ended_at=ended_at)

    if match is not None and match.status == Match.Status.CONFIRMED:
        return state_of("finished")
    ends_at = None
    paused_at = rnd.clock_paused_at
    if rnd.started_at is not None:
        stopped = datetime.timedelta(seconds=rnd.clock_paused_seconds)
        if paused_at is not None:
            stopped += max(now - paused_at, datetime.timedelta(0))
        ends_at = rnd.started_at + stopped + datetime.timedelta(minutes=minutes)
    if over or (match is None and rnd.ended_at is not None):
        ended_at = rnd.ended_at or (ends_at if ends_at is not None and ends_at <= now else None)
        return state_of("ended", ends_at, None, ended_at)
    if ends_at is None:
        return state_of("not_started")
    remaining = max(0, int((ends_at - now).total_seconds()))
    state = "time_up" if remaining == 0 else "paused" if paused_at is not None else "running"
    return state_of(state, ends_at, remaining)


def table_time_up(match: Match, *, now: datetime.datetime) -> bool:
    """Whether time has been called at ``match``'s table (its round's clock with pauses, the round's and the table's
    extensions, ``clock_at``): the end-of-round procedure (``Tournament.end_of_round``) applies to its unfinished
    games. A round without a clock never calls time. Reads ``match.round.tournament`` (select_related it)."""
    rnd = match.round
    return clock_at(rnd, rnd.tournament.round_minutes, now=now, match=match).state == "time_up"
