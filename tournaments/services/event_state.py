"""Where an event stands and what the organiser can do next: the manage page's status header, its action buttons
and the blockers of the next step. Reads only (no write, no lock).

Terms: the *actions* are the organiser's workflow steps valid now (open registration, close registration, start,
pair round N -- or the top cut, or the next elimination round --, finish, reopen); a *blocker* is what keeps the
next step from being taken, with concrete data ("3 tables still playing: 4, 9, 12"). The steps themselves are the
services in ``tournaments.services.tournaments`` and ``tournaments.services.rounds``; this module asks them nothing
that writes: what the structure says comes next is ``rules.structures.next_round`` on the confirmed history
(``tournaments.services.rounds.next_step``), computed only once the latest round is complete.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from rules.structures import Finished

from tournaments.errors import UserError
from tournaments.models import Match, Round, Tournament
from tournaments.services.rounds import next_step

S = Tournament.Structure

#: A state's badge colour (Bootstrap ``text-bg-*``).
BADGES = {
    Tournament.Status.DRAFT: "secondary",
    Tournament.Status.REGISTRATION: "info",
    Tournament.Status.CLOSED: "warning",
    Tournament.Status.RUNNING: "primary",
    Tournament.Status.FINISHED: "success",
}


@dataclass(frozen=True)
class Action:
    """One workflow step valid now. ``code``: ``open``, ``close``, ``start``, ``pair``, ``finish`` or ``reopen``;
    ``label``: the button's text; ``confirm``: the question an irreversible step asks first (empty: none);
    ``number``: the round ``pair`` pairs (None for the others); ``primary``: the main step (one at most)."""

    code: str
    label: str
    confirm: str = ""
    number: int | None = None
    primary: bool = False


@dataclass
class EventState:
    """The event's state for its organiser.

    ``status`` / ``status_label`` / ``badge``: the tournament's status, in words, and its badge colour;
    ``rounds_paired``: rounds paired so far; ``rounds_planned``: rounds the structure plans (Swiss or pods rounds
    plus the top cut's; None where it depends on the players, e.g. brackets and round robins);
    ``phase``: "Round 2 of 4", "Top cut, round 5 of 6", ...; ``next_step``: what comes next, in one sentence;
    ``actions``: the steps valid now (``Action``); ``blockers``: what keeps the next step from being taken, one
    sentence each with the data (tables, players); ``open_tables``: the latest round's tables without a confirmed
    result; ``complete``: the structure has no round left (finish it); ``waitlisted``: players on the waiting list.
    """

    status: str
    status_label: str
    badge: str
    rounds_paired: int = 0
    rounds_planned: int | None = None
    phase: str = ""
    next_step: str = ""
    actions: list[Action] = field(default_factory=list)
    blockers: list[str] = field(default_factory=list)
    open_tables: list[int] = field(default_factory=list)
    complete: bool = False
    waitlisted: int = 0

    @property
    def action_codes(self) -> list[str]:
        return [a.code for a in self.actions]


def _names(names: list[str], limit: int = 10) -> str:
    shown = ", ".join(sorted(names)[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _tables(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


def planned_rounds(tournament: Tournament) -> int | None:
    """Rounds the structure plans: Swiss or pods rounds plus the top cut's single-elimination rounds
    (log2 of the cut; a pods cut by tables is not counted); None for brackets and round robins, whose length
    depends on the players."""
    if tournament.structure == S.SWISS:
        return tournament.swiss_rounds + (int(math.log2(tournament.top_cut)) if tournament.top_cut else 0)
    if tournament.structure == S.PODS and not tournament.top_cut:
        return tournament.swiss_rounds
    return None


def _phase(tournament: Tournament, last: Round | None, planned: int | None) -> str:
    if last is None:
        return "No round paired yet"
    of = f" of {planned}" if planned else ""
    if last.is_elimination and tournament.structure in (S.SWISS, S.PODS):
        return f"Top cut, round {last.number}{of}"
    return f"Round {last.number}{of}"


def _done(tournament: Tournament, last: Round | None) -> str:
    """"Swiss round 3 of 3 is complete: " (empty before round 1)."""
    if last is None:
        return ""
    if last.is_elimination and tournament.structure in (S.SWISS, S.PODS):
        return f"Top-cut round {last.number} is complete: "
    if tournament.structure == S.SWISS:
        return f"Swiss round {last.number} of {tournament.swiss_rounds} is complete: "
    if tournament.structure == S.PODS:
        return f"Round {last.number} of {tournament.swiss_rounds} is complete: "
    return f"Round {last.number} is complete: "


def event_state(tournament: Tournament) -> EventState:
    """The event's state, its valid actions and the blockers of its next step (module docstring).

    Queries: 2 to 4 before the event runs (players, decklists, waiting list), 3 while a round is played; once the
    latest round is complete, also the history that ``rules.structures.next_round`` reads (4) to know whether a
    round or the finish comes next. Raises nothing: a pairing the rules refuse becomes a blocker.
    """
    status = tournament.status
    state = EventState(status=status, status_label=tournament.get_status_display(),
                       badge=BADGES.get(status, "secondary"))  # type: ignore[call-overload]
    T = Tournament.Status
    if status in (T.DRAFT, T.REGISTRATION, T.CLOSED):
        entered = [(walk_in or username, legal) for username, walk_in, legal in tournament.registrations.entered()
                   .values_list("player__username", "walk_in_name", "has_legal_deck")]  # a walk-in has no account
        state.waitlisted = tournament.registrations.waitlisted().count()
        state.rounds_planned = planned_rounds(tournament)
        state.phase = "Not started"
        blockers = []
        if len(entered) < 2:
            blockers.append(f"{len(entered)} player{'' if len(entered) == 1 else 's'} registered: at least 2 are "
                            "needed to start.")
        missing = [name for name, legal in entered if not legal]
        if missing:
            blockers.append(f"{len(missing)} player{' has' if len(missing) == 1 else 's have'} no legal decklist: "
                            f"{_names(missing)}. They submit one, or you drop them, before the start.")
        if status == T.DRAFT:
            state.actions.append(Action("open", "Open registration", primary=True))
            state.next_step = "Open registration so players can register and submit their decklists."
            return state
        if status == T.REGISTRATION:
            state.actions.append(Action("close", "Close registration"))
        else:
            state.actions.append(Action("open", "Reopen registration"))
        state.blockers = blockers
        if blockers:
            state.next_step = "The tournament cannot start yet."
        else:
            state.actions.append(Action("start", "Start the tournament", primary=True,
                                        confirm=f"Start with {len(entered)} players? Registration closes and "
                                                "decklists lock; this cannot be undone."))
            state.next_step = f"{len(entered)} players with legal decklists: start the tournament to lock decklists."
        return state
    if status == T.FINISHED:
        winner = tournament.winner.display_name if tournament.winner else "nobody"
        state.rounds_paired = tournament.rounds.count()
        state.rounds_planned = planned_rounds(tournament)
        state.phase = f"{state.rounds_paired} round{'' if state.rounds_paired == 1 else 's'} played"
        state.next_step = f"The tournament is finished. Winner: {winner}."
        state.actions.append(Action("reopen", "Reopen the tournament",
                                    confirm="Reopen the finished tournament? Its results become editable again "
                                            "(logged)."))
        return state
    # running
    last = tournament.rounds.order_by("-number").first()
    state.rounds_paired = last.number if last else 0
    state.rounds_planned = planned_rounds(tournament)
    state.phase = _phase(tournament, last, state.rounds_planned)
    if last is not None:
        open_rows = list(last.matches.exclude(status=Match.Status.CONFIRMED).order_by("table")
                         .values_list("table", "status"))
        state.open_tables = [table for table, _ in open_rows]
        if open_rows:
            n = len(open_rows)
            state.blockers.append(f"{n} table{' is' if n == 1 else 's'} still playing: {_tables(state.open_tables)}.")
            disputed = [table for table, st in open_rows if st == Match.Status.DISPUTED]
            if disputed:
                state.blockers.append(f"{len(disputed)} disputed result{'' if len(disputed) == 1 else 's'} to "
                                      f"settle: table {_tables(disputed)}.")
            state.next_step = (f"Round {last.number} is being played: every table needs a confirmed result before "
                               "the next step.")
            return state
    try:
        nxt = next_step(tournament)
    except UserError as exc:
        state.blockers.append(exc.message)
        state.next_step = "The next round cannot be paired yet."
        return state
    done = _done(tournament, last)
    if isinstance(nxt, Finished):
        state.complete = True
        state.next_step = f"{done}finish the tournament to make the standings final." if done else \
            "Finish the tournament to make the standings final."
        state.actions.append(Action("finish", "Finish the tournament", primary=True,
                                    confirm="Finish the tournament? The standings become final and every result "
                                            "read-only (the organiser can reopen it, logged)."))
        return state
    top_cut_starts = (nxt.kind == Round.Kind.ELIMINATION and tournament.structure in (S.SWISS, S.PODS)
                      and (last is None or not last.is_elimination))
    if top_cut_starts:
        label = f"Pair the top {tournament.top_cut} (round {nxt.number})"
        state.next_step = f"{done}pair the top cut."
    elif nxt.kind == Round.Kind.ELIMINATION and tournament.structure in (S.SWISS, S.PODS):
        label = f"Pair top-cut round {nxt.number}"
        state.next_step = f"{done}pair the next elimination round."
    else:
        label = f"Pair round {nxt.number}"
        state.next_step = f"{done}pair round {nxt.number}." if done else "Pair round 1."
    state.actions.append(Action("pair", label, number=nxt.number, primary=True,
                                confirm=f"Pair round {nxt.number}? Players see their tables at once."))
    return state
