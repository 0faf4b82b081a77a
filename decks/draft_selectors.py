"""Reads about a draft (issue 23): a drafter's seat now (the pack they hold, their picks) and each pod's progress.

Terms as in ``rules.draft`` and ``decks.draft_services``. Seats, pods, packs and picks are shown 1-based.
"""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass, field
from typing import Any

from rules.cards import Card
from rules.draft import LEFT, PodDraft, direction, pack_holder

from decks.models import Draft, DraftSeat
from tournaments.catalogue import get_catalogue
from tournaments.models import Registration, Tournament


@dataclass
class SeatState:
    """A seat now: ``pod``, ``seat`` (1-based), ``pack`` and ``pick`` (1-based; the last ones once ``done``),
    ``packs`` and ``pack_size``; ``ready`` (the pack has arrived), ``cards`` (the pack's cards when ready),
    ``picks`` (the cards taken), ``made`` and ``total`` (picks), ``passing`` ("left" or "right"), ``seconds_left``
    (of the pick timer: None without one or while waiting), ``late`` (the timer ran out)."""

    registration: Registration
    pod: int
    seat: int
    pack: int
    pick: int
    packs: int
    pack_size: int
    ready: bool
    done: bool
    made: int
    total: int
    passing: str
    cards: list[Card] = field(default_factory=list)
    picks: list[Card] = field(default_factory=list)
    seconds_left: int | None = None
    late: bool = False

    def to_dict(self, *, with_cards: bool = True) -> dict[str, Any]:
        """JSON-safe: the numbers, and with ``with_cards`` the pack's and the picks' card keys."""
        data: dict[str, Any] = {
            "registration": self.registration.pk,
            "player": self.registration.display_name,
            "pod": self.pod,
            "seat": self.seat,
            "pack": self.pack,
            "pick": self.pick,
            "packs": self.packs,
            "pack_size": self.pack_size,
            "ready": self.ready,
            "done": self.done,
            "made": self.made,
            "total": self.total,
            "passing": self.passing,
            "seconds_left": self.seconds_left,
            "late": self.late,
        }
        if with_cards:
            data["cards"] = [card.key for card in self.cards]
            data["picks"] = [card.key for card in self.picks]
        return data


def pick_arrived_at(
    seat: DraftSeat, pod: list[DraftSeat], state: PodDraft, started_at: datetime.datetime
) -> float:
    """When ``seat``'s current pack reached it (Unix seconds): its own last pick (or the draft's start) or, later,
    the upstream neighbour's pick that passed it the pack. ``pod``: the pod's seats in seat order, ``state`` their
    draft."""
    index = seat.seat - 1
    times = [seat.pick_times[-1] if seat.pick_times else started_at.timestamp()]
    turn = state.turn(index)
    if turn is not None and turn.pick > 0:
        upstream = pod[pack_holder(turn.origin, turn.pack_round, turn.pick - 1, state.seats)]
        number = turn.pack_round * state.pack_size + turn.pick - 1
        if number < len(upstream.pick_times):
            times.append(upstream.pick_times[number])
    return max(times)


def draft_of(tournament: Tournament) -> Draft | None:
    """The tournament's draft in the app, or None (not seated, or a paper draft)."""
    return Draft.objects.filter(tournament=tournament).first()


def _states(draft: Draft, pod_rows: list[DraftSeat], now: float) -> list[SeatState]:
    state = PodDraft([row.packs for row in pod_rows], [row.picks for row in pod_rows])
    catalogue = get_catalogue()
    states = []
    for index, row in enumerate(pod_rows):
        turn = state.turn(index)
        made = len(row.picks)
        if turn is None:
            pack, pick = state.rounds, state.pack_size
        else:
            pack, pick = turn.pack_round + 1, turn.pick + 1
        seconds_left = None
        late = False
        if turn is not None and turn.ready and draft.pick_seconds:
            waited = now - pick_arrived_at(row, pod_rows, state, draft.started_at)
            seconds_left = max(0, int(draft.pick_seconds - waited))
            late = waited >= draft.pick_seconds
        states.append(
            SeatState(
                registration=row.registration,
                pod=row.pod,
                seat=row.seat,
                pack=pack,
                pick=pick,
                packs=state.rounds,
                pack_size=state.pack_size,
                ready=bool(turn and turn.ready),
                done=turn is None,
                made=made,
                total=state.total_picks,
                passing="left" if direction(pack - 1) == LEFT else "right",
                cards=[catalogue.get(key) for key in (turn.cards if turn else ()) if key in catalogue],
                picks=[catalogue.get(key) for key in row.picks if key in catalogue],
                seconds_left=seconds_left,
                late=late,
            )
        )
    return states


def seat_state(registration: Registration, *, now: float | None = None) -> SeatState | None:
    """``registration``'s seat now (:class:`SeatState`), or None when they have no seat in a draft."""
    seat = DraftSeat.objects.select_related("draft").filter(registration=registration).first()
    if seat is None:
        return None
    pod_rows = list(
        DraftSeat.objects.filter(draft_id=seat.draft_id, pod=seat.pod)
        .select_related("registration__player")
        .order_by("seat")
    )
    return _states(seat.draft, pod_rows, time.time() if now is None else now)[seat.seat - 1]


def draft_progress(tournament: Tournament, *, now: float | None = None) -> list[list[SeatState]]:
    """Every pod's seats now, pod by pod (seat order); empty without a draft in the app."""
    draft = draft_of(tournament)
    if draft is None:
        return []
    rows = list(draft.seats.select_related("registration__player").order_by("pod", "seat"))
    pods: dict[int, list[DraftSeat]] = {}
    for row in rows:
        pods.setdefault(row.pod, []).append(row)
    moment = time.time() if now is None else now
    return [_states(draft, pod_rows, moment) for _pod, pod_rows in sorted(pods.items())]
