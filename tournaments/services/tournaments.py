"""Creating a tournament, registration, the deck lock, drops."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from rules.formats import UnknownFormat, get_format
from rules.history import History
from rules.results import DECK_OUT_SETTINGS, END_OF_ROUND_PROCEDURES, default_deck_out, victory_realms
from rules.standings import TIEBREAKERS, StandingsError, compute_standings

from tournaments.adapters import standings_options
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Registration, Tournament
from tournaments.services.idempotency import claim_key
from tournaments.services.permissions import can_organise, require_not_finished, require_organiser
from tournaments.services.standings import queue_standings
from tournaments.services.english import english


def tournament_create(
    *,
    actor,
    name: str,
    date: datetime.date,
    deck_format_id: str = "55",
    best_of: int = 3,
    structure: str = Tournament.Structure.SWISS,
    swiss_rounds: int = 3,
    top_cut: int = 0,
    victory_condition: str | None = None,
    tiebreakers: str = "mtg",
    tiebreaker_floor: str = "",
    placement_points: str = "",
    end_of_round: str = Tournament.EndOfRound.UNFINISHED_IS_DRAW,
    round_minutes: int = 50,
    random_seeding: bool = False,
    third_place_match: bool = False,
    bracket_reset: bool = False,
    double_round_robin: bool = False,
    table_size: int = 4,
    team_size: int = 1,
    late_entry_rounds: int = 0,
    deck_out: str | None = None,
    random_draw_each_round: bool = False,
) -> Tournament:
    """Create a tournament in draft, freezing a copy of the chosen built-in deck format.

    Results settings: ``tiebreakers`` (a system of ``rules.standings.TIEBREAKERS``) with its
    options ``tiebreaker_floor`` (e.g. "1/3"; blank: the system's default) and
    ``placement_points`` (e.g. "5,3,2,1", pods only); ``end_of_round`` (one of
    ``rules.results.END_OF_ROUND_PROCEDURES``); ``round_minutes`` (the round clock, 10-240).

    Structure (``Tournament.Structure``): Swiss (``swiss_rounds``, then an optional
    ``top_cut`` of 4, 8, 16 or 32 seeded by Swiss rank, with an optional
    ``third_place_match``), single or double elimination (``random_seeding``,
    ``third_place_match``, ``bracket_reset``), round robin (``double_round_robin``),
    multiplayer pods (``swiss_rounds`` rounds of tables of ``table_size``, then an
    optional top cut by tables) or single elimination by tables. ``team_size`` 2 or 3
    pairs teams as units; ``late_entry_rounds`` accepts late entries until that many
    rounds are paired. Multiplayer structures rank with the ``pods`` tiebreaker system.
    ``random_draw_each_round`` (single elimination only, no third-place match): a new random
    draw among the players still in every round instead of a fixed bracket
    (spell-battle-rules.txt, 8. Tournaments).

    Game rules: ``victory_condition`` (None or blank: the format's, ``rules.results.victory_realms``:
    ten unrazed realms with 110-card decks, six with 55 and 75; the organiser may choose the
    other) and ``deck_out``, what running out of cards does (``rules.results.DECK_OUT_SETTINGS``;
    None or blank: the format's rules text, ``rules.results.default_deck_out``: ``game_ends`` for
    the Brazilian ``55-br``, ``reshuffle`` (Tournament Rules 2.0) for the others).

    Raises NotAllowed for a user who is not an organiser, UserError for an unknown
    format or an impossible structure (best of 1/3/5; top cut 0/4/8/16/32; 1 to 20 Swiss rounds;
    tables of 3 to 6; teams of 1 to 3),
    an unknown tiebreaker system or an option it does not use or cannot take, an unknown
    end-of-round procedure or a round clock out of range.
    """
    if not can_organise(actor):
        raise NotAllowed("Only organisers may create tournaments.")
    try:
        fmt = get_format(deck_format_id)
    except UnknownFormat as exc:
        raise UserError(str(exc), code="unknown_format") from exc
    if best_of not in (1, 3, 5):
        raise UserError("Matches are best of 1, 3 or 5 games.", code="best_of")
    if structure not in Tournament.Structure.values:
        raise UserError(f"Unknown structure {structure!r}.", code="structure")
    S = Tournament.Structure
    if structure in (S.SWISS, S.PODS):
        if not 1 <= swiss_rounds <= 20:
            raise UserError("A Swiss or pods tournament has between 1 and 20 rounds.", code="swiss_rounds")
        if top_cut not in (0, 4, 8, 16, 32):
            raise UserError("The top cut is 4, 8, 16 or 32 players (or none).", code="top_cut")
    else:
        swiss_rounds, top_cut = 0, 0
    if structure in (S.PODS, S.TABLE_ELIMINATION):
        if not 3 <= table_size <= 6:
            raise UserError("A multiplayer table seats 3 to 6 players.", code="table_size")
        if tiebreakers == "mtg":
            tiebreakers = "pods"  # the default system of duels does not rank multiplayer tables
        if tiebreakers != "pods":
            raise UserError("Multiplayer tables are ranked with the pods tiebreaker system (placement points).",
                            code="tiebreakers")
    else:
        table_size = 4
    if team_size not in (1, 2, 3):
        raise UserError("Players play alone or in teams of two or three.", code="team_size")
    if team_size > 1 and structure in (S.PODS, S.TABLE_ELIMINATION):
        raise UserError("Teams play duels of team against team; choose a structure other than multiplayer tables.",
                        code="team_size")
    if team_size > 1:
        # A team match seats both teams at one table (spell-battle-rules.txt, "8. Tournaments": four-player
        # games with teams of two); teammates share their place, so players rank by placement points.
        if tiebreakers == "mtg":
            tiebreakers = "pods"
        if tiebreakers != "pods":
            raise UserError("Team events rank players with the pods tiebreaker system (placement points at the "
                            "team table).", code="tiebreakers")
    if not 0 <= late_entry_rounds <= 20:
        raise UserError("Late entries are accepted for 0 to 20 rounds.", code="late_entry_rounds")
    if late_entry_rounds and structure not in (S.SWISS, S.PODS):
        raise UserError("Late entries join Swiss or pods rounds with no points; brackets and round robins are "
                        "fixed when they start.", code="late_entry_rounds")
    if not name.strip():
        raise UserError("The tournament needs a name.", code="name")
    if not victory_condition:
        victory_condition = (Tournament.Victory.TEN_REALMS if victory_realms(fmt.total) == 10
                             else Tournament.Victory.SIX_REALMS)
    if victory_condition not in Tournament.Victory.values:
        raise UserError(f"Unknown victory condition {victory_condition!r}.", code="victory_condition")
    if end_of_round not in END_OF_ROUND_PROCEDURES:
        raise UserError(
            f"The end-of-round procedure must be one of {', '.join(END_OF_ROUND_PROCEDURES)}, not {end_of_round!r}.",
            code="end_of_round",
        )
    if not deck_out:
        deck_out = default_deck_out(fmt.source)
    if deck_out not in DECK_OUT_SETTINGS:
        raise UserError(f"Running out of cards is one of {', '.join(DECK_OUT_SETTINGS)}, not {deck_out!r}.",
                        code="deck_out", params={"valid": list(DECK_OUT_SETTINGS)})
    if random_draw_each_round and (structure != S.SINGLE_ELIMINATION or third_place_match or random_seeding):
        raise UserError("A random draw each round is a single-elimination option (spell-battle-rules.txt, "
                        "8. Tournaments): choose single elimination, without a third-place match or random seeding "
                        "(every round is drawn at random anyway).", code="random_draw_each_round")
    if isinstance(round_minutes, bool) or not isinstance(round_minutes, int) or not 10 <= round_minutes <= 240:
        raise UserError("The round clock is between 10 and 240 minutes.", code="round_minutes")
    chosen = Tournament(tiebreakers=tiebreakers, tiebreaker_floor=(tiebreaker_floor or "").strip(),
                          placement_points=(placement_points or "").strip())
    _check_tiebreakers(chosen)
    return Tournament.objects.create(
        name=name.strip(),
        date=date,
        organiser=actor,
        deck_format_id=fmt.id,
        deck_format=fmt.to_dict(),
        best_of=best_of,
        structure=structure,
        swiss_rounds=swiss_rounds,
        top_cut=top_cut,
        victory_condition=victory_condition,
        tiebreakers=chosen.tiebreakers,
        tiebreaker_floor=chosen.tiebreaker_floor,
        placement_points=chosen.placement_points,
        end_of_round=end_of_round,
        round_minutes=round_minutes,
        random_seeding=bool(random_seeding),
        third_place_match=bool(third_place_match),
        bracket_reset=bool(bracket_reset),
        double_round_robin=bool(double_round_robin),
        table_size=table_size,
        team_size=team_size,
        late_entry_rounds=late_entry_rounds,
        deck_out=deck_out,
        random_draw_each_round=bool(random_draw_each_round),
    )


def _check_tiebreakers(tournament: Tournament) -> None:
    """Refuse an unknown system or options it does not use or cannot take, as ``rules.standings`` judges them
    (the options are tried on an empty history)."""
    if tournament.tiebreakers not in TIEBREAKERS:
        raise UserError(
            f"Unknown tiebreaker system {tournament.tiebreakers!r}; choose one of: {', '.join(TIEBREAKERS)}.",
            code="tiebreakers", params={"valid": list(TIEBREAKERS)},
        )
    try:
        compute_standings(History(players=(), rounds=()), tournament.tiebreakers, **standings_options(tournament))
    except StandingsError as exc:
        if exc.code == "unused_option":
            names = {"floor": "a floor", "placement_points": "placement points"}
            unused = " or ".join(names.get(o, o) for o in exc.params.get("options", []))
            message = f"The {tournament.tiebreakers} tiebreaker system does not use {unused}; leave it blank."
        else:
            message = exc.message
        raise UserError(message, code=f"tiebreakers_{exc.code}",
                        params={k: v for k, v in exc.params.items() if isinstance(v, (str, int, list))}) from exc


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


@transaction.atomic
def tournament_open_registration(*, tournament: Tournament, actor) -> Tournament:
    """Open registration (from draft or closed). Raises NotAllowed / Conflict."""
    tournament = _locked(tournament.pk)
    require_organiser(actor, tournament)
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.CLOSED):
        raise Conflict("Registration can only be opened before the tournament starts.", code="status")
    tournament.status = Tournament.Status.REGISTRATION
    tournament.save(update_fields=["status"])
    return tournament


@transaction.atomic
def tournament_close_registration(*, tournament: Tournament, actor) -> Tournament:
    """Close registration. Raises NotAllowed / Conflict."""
    tournament = _locked(tournament.pk)
    require_organiser(actor, tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is not open.", code="status")
    tournament.status = Tournament.Status.CLOSED
    tournament.save(update_fields=["status"])
    return tournament


@transaction.atomic
def player_register(*, tournament: Tournament, actor) -> Registration:
    """Register ``actor`` for an open tournament, or as a late entry while a running one takes them.

    A late entrant joins with no points: they submit a decklist (their deck locks once they are
    paired) and are paired from the next round on. A player who withdrew may register again; one the
    organiser dropped or disqualified may not (the organiser reinstates them: ``player_reinstate``).
    Raises Conflict when closed, already registered or removed by the organiser.
    """
    if not actor.is_authenticated:
        raise NotAllowed("Log in to register.")
    tournament = _locked(tournament.pk)
    existing = Registration.objects.filter(tournament=tournament, player=actor).first()
    if existing is not None and existing.removed_by_organiser:
        raise Conflict(f"The organiser {'disqualified' if existing.disqualified else 'removed'} you from this "
                       "tournament; only the organiser can reinstate you. Ask them if you think it is a mistake.",
                       code="removed_by_organiser")
    late = tournament.status == Tournament.Status.RUNNING and late_entry_open(tournament)
    if tournament.status != Tournament.Status.REGISTRATION and not late:
        raise Conflict("Registration for this tournament is not open.", code="registration_closed")
    if existing is not None:
        if existing.withdrawn:
            existing.withdrawn = False
            existing.save(update_fields=["withdrawn"])
            return existing
        raise Conflict("You are already registered for this tournament.", code="already_registered")
    registration = Registration.objects.create(tournament=tournament, player=actor, late_entry=late)
    if late:
        AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.LATE_ENTRY,
                                  reason="Late entry: joins the next round with no points",
                                  before={}, after={"player": registration.display_name,
                                                    "rounds_paired": tournament.rounds.count()})
    return registration


def late_entry_open(tournament: Tournament) -> bool:
    """True while a running tournament still takes late entries (fewer rounds paired than ``late_entry_rounds``)."""
    return (tournament.status == Tournament.Status.RUNNING and tournament.late_entry_rounds > 0
            and tournament.rounds.count() < tournament.late_entry_rounds)


@transaction.atomic
def tournament_start(*, tournament: Tournament, actor) -> Tournament:
    """Start the tournament: registration closes and decklists lock (no later edit).

    Every registered player must have a legal deck; otherwise UserError names them (drop
    them, or have them submit one). At least two players are needed to pair anything.
    """
    tournament = _locked(tournament.pk)
    require_organiser(actor, tournament)
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.CLOSED):
        raise Conflict("Only a tournament whose registration is open or closed can be started.", code="status")
    registrations = list(tournament.registrations.filter(withdrawn=False).select_related("player"))
    if len(registrations) < 2:
        raise UserError(
            f"A tournament needs at least 2 players to pair; {len(registrations)} registered.",
            code="too_few_players",
        )
    missing = [r.display_name for r in registrations if not r.has_legal_deck]
    if missing:
        raise UserError(
            "These players have no legal deck registered: " + ", ".join(sorted(missing))
            + ". Have them submit one, or drop them, before starting.",
            code="decks_missing",
            params={"players": missing},
        )
    tournament.status = Tournament.Status.RUNNING
    tournament.decks_locked_at = timezone.now()
    tournament.save(update_fields=["status", "decks_locked_at"])
    return tournament


@transaction.atomic
def player_drop(*, registration: Registration, actor, reason: str = "", idempotency_key: str = "") -> Registration:
    """Drop a player: the player themself or the organiser (logged with a reason).

    Before the tournament starts this withdraws the registration; after, the player keeps
    their record and is never paired again (``dropped_after_round`` = the last round that
    has been paired). A drop by the organiser stands until the organiser reinstates the player
    (``player_reinstate``). Raises NotAllowed, or Conflict if already dropped or the tournament is
    finished. ``idempotency_key``: a repeat of the same submit returns the first result.
    """
    tournament = _locked(registration.tournament_id)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    is_self = actor.pk == registration.player_id
    if not is_self:
        require_organiser(actor, tournament)
    claim = claim_key(actor, idempotency_key, "player_drop")
    if claim.repeated:
        return claim.first(Registration)
    require_not_finished(tournament)
    if not is_self and not reason.strip():
        raise UserError("Say why the player is dropped; the reason is logged.", code="reason_required")
    if registration.withdrawn or registration.dropped:
        raise Conflict("This player has already dropped.", code="already_dropped")
    if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION, Tournament.Status.CLOSED):
        registration.withdrawn = True
    else:
        last = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
        registration.dropped_after_round = last
    registration.removed_by_organiser = not is_self
    registration.save(update_fields=["withdrawn", "dropped_after_round", "removed_by_organiser"])
    if not is_self:
        AuditEntry.objects.create(
            tournament=tournament,
            actor=actor,
            action=AuditEntry.Action.PLAYER_DROPPED,
            reason=reason.strip(),
            before={"player": registration.display_name, "dropped": False},
            after={"player": registration.display_name, "dropped": True,
                   "dropped_after_round": registration.dropped_after_round},
        )
    claim.done(registration)
    return registration


def _removal(registration: Registration) -> str:
    if registration.disqualified:
        return "disqualified"
    if registration.withdrawn:
        return "withdrawn"
    if registration.dropped:
        return f"dropped after round {registration.dropped_after_round}"
    return "active"


@transaction.atomic
def player_reinstate(*, registration: Registration, actor, reason: str, idempotency_key: str = "") -> Registration:
    """The organiser lifts a drop, withdrawal or disqualification: the player is active again (paired
    from the next round on; a disqualification's ``Penalty`` row stays on record). Logged with the reason.

    Raises NotAllowed (not the organiser), UserError (no reason), Conflict (the player is not removed,
    the tournament is finished).
    """
    tournament = _locked(registration.tournament_id)
    require_organiser(actor, tournament)
    claim = claim_key(actor, idempotency_key, "player_reinstate")
    if claim.repeated:
        return claim.first(Registration)
    require_not_finished(tournament)
    registration = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    if not (registration.withdrawn or registration.dropped or registration.disqualified):
        raise Conflict(f"{registration.display_name} is not removed from the tournament; nothing to reinstate.",
                       code="not_removed")
    if not reason.strip():
        raise UserError("Say why the player is reinstated; the reason is logged.", code="reason_required")
    before = {"player": registration.display_name, "state": _removal(registration)}
    registration.withdrawn = registration.disqualified = registration.removed_by_organiser = False
    registration.dropped_after_round = None
    registration.save(update_fields=["withdrawn", "disqualified", "removed_by_organiser", "dropped_after_round"])
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.PLAYER_REINSTATED,
                              reason=reason.strip(), before=before,
                              after={"player": registration.display_name, "state": _removal(registration)})
    if tournament.status == Tournament.Status.RUNNING:
        queue_standings(tournament)  # a disqualified player returns to the standings
    claim.done(registration)
    return registration


@transaction.atomic
def tournament_reopen(*, tournament: Tournament, actor, reason: str, idempotency_key: str = "") -> Tournament:
    """The organiser reopens a finished tournament to correct it (e.g. disqualify the winner): it is running
    again with no winner until the next "pair" finishes it again. Logged with the reason.

    Raises NotAllowed (not the organiser), Conflict (not finished), UserError (no reason).
    """
    tournament = _locked(tournament.pk)
    require_organiser(actor, tournament)
    claim = claim_key(actor, idempotency_key, "tournament_reopen")
    if claim.repeated:
        return claim.first(Tournament)
    if tournament.status != Tournament.Status.FINISHED:
        raise Conflict("Only a finished tournament can be reopened.", code="status")
    if not reason.strip():
        raise UserError("Say why the tournament is reopened; the reason is logged.", code="reason_required")
    winner = tournament.winner.display_name if tournament.winner is not None else ""
    tournament.status, tournament.winner = Tournament.Status.RUNNING, None
    tournament.save(update_fields=["status", "winner"])
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.TOURNAMENT_REOPENED,
                              reason=reason.strip(),
                              before={"status": english(Tournament.Status.FINISHED.label), "winner": winner},
                              after={"status": english(tournament.get_status_display), "winner": ""})
    claim.done(tournament)
    return tournament
