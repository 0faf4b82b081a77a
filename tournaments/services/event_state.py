"""Where an event stands and what the organiser can do next: the manage page's status header, its action buttons
and the blockers of the next step. Reads only (no write, no lock).

Terms: the *actions* are the organiser's workflow steps valid now (open registration, close registration, start,
pair round N -- or the top cut, or the next elimination round --, finish, reopen); a *blocker* is what keeps the
next step from being taken, with concrete data ("3 tables still playing: 4, 9, 12"). The steps themselves are the
services in ``tournaments.services.tournaments`` and ``tournaments.services.rounds``; this module asks them nothing
that writes: what the structure says comes next is ``rules.structures.next_round`` on the confirmed history
(``tournaments.services.pairing.next_step``), computed only once the latest round is complete.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from django.db.models import Count

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rules.structures import SPELL_BATTLE_MIN_PLAYERS, Finished, NextRound

from tournaments.errors import UserError
from tournaments.models import Match, Round, Tournament
from tournaments.round_names import pair_label, paired_tables, round_label
from tournaments.services.pairing import next_step

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
    """One workflow step valid now. ``code``: ``open``, ``close``, ``start``, ``pair``, ``publish`` (a draft round),
    ``finish`` or ``reopen``;
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
    result; ``complete``: the structure has no round left (finish it); ``waitlisted``: players on the waiting list;
    ``warnings``: what the organiser should know before the next step, which does not block it (fewer than
    ``rules.structures.SPELL_BATTLE_MIN_PLAYERS`` players for Spell Battle's random draw: ``SPELL_BATTLE_MIN_RULE``).
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
    warnings: list[str] = field(default_factory=list)

    @property
    def action_codes(self) -> list[str]:
        return [a.code for a in self.actions]


def _names(names: list[str], limit: int = 10) -> str:
    shown = ", ".join(sorted(names)[:limit])
    if len(names) <= limit:
        return shown
    return _("%(names)s and %(n)s more") % {"names": shown, "n": len(names) - limit}


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
        return _("No round paired yet")
    n = last.number
    if last.is_elimination and tournament.structure_spec.swiss_phase:
        if planned:
            return _("Top cut, round %(n)s of %(planned)s") % {"n": n, "planned": planned}
        return _("Top cut, round %(n)s") % {"n": n}
    if planned:
        return _("Round %(n)s of %(planned)s") % {"n": n, "planned": planned}
    return _("Round %(n)s") % {"n": n}


def _done(tournament: Tournament, last: Round | None) -> str:
    """"Swiss round 3 of 3 is complete" (empty before round 1), in the active language."""
    if last is None:
        return ""
    values = {"n": last.number, "of": tournament.swiss_rounds}
    if last.is_elimination:  # named by its stage ("Semi-finals: complete")
        tables = last.matches.annotate(n=Count("seats")).values_list("pairing_reason", "n", "pairing_reason_params")
        return _("%(round)s: complete") % {"round": round_label(tournament, last.number, last.kind, tables)}
    if tournament.structure == S.SWISS:
        return _("Swiss round %(n)s of %(of)s is complete") % values
    if tournament.structure == S.PODS:
        return _("Round %(n)s of %(of)s is complete") % values
    return _("Round %(n)s is complete") % values


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
        return _before_start(tournament, state)
    if status == T.FINISHED:
        return _finished(tournament, state)
    return _running(tournament, state)


def _before_start(tournament: Tournament, state: EventState) -> EventState:
    """Draft, registration open or closed: open, close or reopen registration, or start once nothing blocks."""
    T = Tournament.Status
    # a walk-in has no account; else the display name, else the username (as Registration.display_name)
    entered = [(walk_in or (shown or "").strip() or username, legal) for username, shown, walk_in, legal
               in tournament.registrations.entered()
               .values_list("player__username", "player__first_name", "walk_in_name", "has_legal_deck")]
    state.waitlisted = tournament.registrations.waitlisted().count()
    state.rounds_planned = planned_rounds(tournament)
    state.phase = _("Not started")
    blockers = []
    if len(entered) < 2:
        blockers.append(ngettext("%(n)s player registered: at least 2 are needed to start.",
                                 "%(n)s players registered: at least 2 are needed to start.",
                                 len(entered)) % {"n": len(entered)})
    if tournament.random_draw_each_round and 2 <= len(entered) < SPELL_BATTLE_MIN_PLAYERS:
        state.warnings.append(ngettext(
            "%(n)s player registered: Spell Battle's tournaments are for %(min)s or more players (Spell Battle "
            "rules, 8. Tournaments). You may still start.",
            "%(n)s players registered: Spell Battle's tournaments are for %(min)s or more players (Spell Battle "
            "rules, 8. Tournaments). You may still start.", len(entered)) % {
                "n": len(entered), "min": SPELL_BATTLE_MIN_PLAYERS})
    # off the top, nobody registers a deck (spell-battle-rules.txt, 8. Tournaments)
    missing = [] if tournament.is_off_the_top else [name for name, legal in entered if not legal]
    if missing:
        blockers.append(ngettext(
            "%(n)s player has no legal decklist: %(names)s. They submit one, or you drop them, before the start.",
            "%(n)s players have no legal decklist: %(names)s. They submit one, or you drop them, before the start.",
            len(missing)) % {"n": len(missing), "names": _names(missing)})
    if tournament.status == T.DRAFT:
        state.actions.append(Action("open", _("Open registration"), primary=True))
        state.next_step = _("Open registration so players can register and submit their decklists.")
        return state
    if tournament.status == T.REGISTRATION:
        state.actions.append(Action("close", _("Close registration")))
    else:
        state.actions.append(Action("open", _("Reopen registration")))
    state.blockers = blockers
    if blockers:
        state.next_step = _("The tournament cannot start yet.")
    else:
        values = {"n": len(entered)}
        state.actions.append(Action("start", _("Start the tournament"), primary=True,
                                    confirm=_("Start with %(n)s players? Registration closes and decklists "
                                              "lock; this cannot be undone.") % values))
        state.next_step = (_("%(n)s players registered: start the tournament; each match gets its shared pool when "
                             "it is paired.") if tournament.is_off_the_top else
                           _("%(n)s players with legal decklists: start the tournament to lock decklists.")) % values
    return state


def _finished(tournament: Tournament, state: EventState) -> EventState:
    """A finished event: its winner, the rounds played, and the reopening."""
    winner = tournament.winner.display_name if tournament.winner else _("nobody")
    state.rounds_paired = tournament.rounds.count()
    state.rounds_planned = planned_rounds(tournament)
    state.phase = ngettext("%(n)s round played", "%(n)s rounds played",
                           state.rounds_paired) % {"n": state.rounds_paired}
    state.next_step = _("The tournament is finished. Winner: %(name)s.") % {"name": winner}
    state.actions.append(Action("reopen", _("Reopen the tournament"),
                                confirm=_("Reopen the finished tournament? Its results become editable again "
                                          "(logged).")))
    return state


def _running(tournament: Tournament, state: EventState) -> EventState:
    """A running event: the tables still playing, else what the structure says comes next (a round or the
    finish), or the rules' refusal as a blocker."""
    last = tournament.rounds.order_by("-number").first()
    state.rounds_paired = last.number if last else 0
    state.rounds_planned = planned_rounds(tournament)
    state.phase = _phase(tournament, last, state.rounds_planned)
    if last is not None and last.is_draft:
        state.next_step = _("Round %(n)s is a draft: review the tables (swap players or pair it again), then "
                            "publish it. Until then players and the public see no pairing.") % {"n": last.number}
        state.actions.append(Action("publish", _("Publish round %(n)s") % {"n": last.number}, number=last.number,
                                    primary=True, confirm=_("Publish round %(n)s? Players see their tables at once.")
                                    % {"n": last.number}))
        return state
    if last is not None and _still_playing(state, last):
        return state
    try:
        nxt = next_step(tournament)
    except UserError as exc:
        state.blockers.append(exc.message)
        state.next_step = _("The next round cannot be paired yet.")
        return state
    done = _done(tournament, last)
    if isinstance(nxt, Finished):
        state.complete = True
        state.next_step = (_("%(done)s: finish the tournament to make the standings final.") % {"done": done}
                           if done else _("Finish the tournament to make the standings final."))
        state.actions.append(Action("finish", _("Finish the tournament"), primary=True,
                                    confirm=_("Finish the tournament? The standings become final and every result "
                                              "read-only (the organiser can reopen it, logged).")))
        return state
    state.actions.append(_pair_action(tournament, state, last, nxt, done))
    return state


def _still_playing(state: EventState, last: Round) -> bool:
    """Whether tables of the latest round have no confirmed result yet; if so they (and the disputes to settle)
    are the blockers and the next step."""
    open_rows = list(last.matches.exclude(status=Match.Status.CONFIRMED).order_by("table")
                     .values_list("table", "status"))
    state.open_tables = [table for table, _ in open_rows]
    if not open_rows:
        return False
    n = len(open_rows)
    state.blockers.append(ngettext("%(n)s table is still playing: %(tables)s.",
                                   "%(n)s tables still playing: %(tables)s.", n)
                          % {"n": n, "tables": _tables(state.open_tables)})
    disputed = [table for table, st in open_rows if st == Match.Status.DISPUTED]
    if disputed:
        state.blockers.append(ngettext("%(n)s disputed result to settle: table %(tables)s.",
                                       "%(n)s disputed results to settle: table %(tables)s.", len(disputed))
                              % {"n": len(disputed), "tables": _tables(disputed)})
    state.next_step = _("Round %(n)s is being played: every table needs a confirmed result before the next "
                        "step.") % {"n": last.number}
    return True


def _pair_action(tournament: Tournament, state: EventState, last: Round | None, nxt: NextRound,
                 done: str) -> Action:
    """The action pairing the next round (the top cut's first round, a top-cut round or a round), and the next
    step that says so."""
    top_cut_starts = (nxt.kind == Round.Kind.ELIMINATION and tournament.structure_spec.swiss_phase
                      and (last is None or not last.is_elimination))
    tables = paired_tables(nxt.pairing)
    label = pair_label(tournament, nxt.number, nxt.kind, tables, top_cut_starts=top_cut_starts)
    if top_cut_starts:
        state.next_step = _("%(done)s: pair the top cut.") % {"done": done}
    elif nxt.kind == Round.Kind.ELIMINATION:
        state.next_step = (_("%(done)s. Next: %(round)s.") % {
            "done": done, "round": round_label(tournament, nxt.number, nxt.kind, tables)} if done
            else _("Pair round 1."))
    else:
        state.next_step = (_("%(done)s: pair round %(n)s.") % {"done": done, "n": nxt.number} if done
                           else _("Pair round 1."))
    confirm = (_("Pair round %(n)s as a draft? Only the staff sees it until you publish it.")
               if tournament.pairings_as_draft else _("Pair round %(n)s? Players see their tables at once."))
    return Action("pair", label, number=nxt.number, primary=True, confirm=confirm % {"n": nxt.number})
