"""Creating and editing a tournament: its details, its structure and results settings (checked here).

The other organiser services of a tournament live by topic, each re-exported here for the callers that import
them from this module: opening and closing registration, starting, finishing and reopening
(``tournaments.services.lifecycle``); registration, late entries, the waiting list, drops and reinstatement
(``tournaments.services.entries``); co-organisers (``tournaments.services.staff``)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from rules.formats import OFF_THE_TOP, UnknownFormat, get_format, limited_kind
from rules.history import History
from rules.results import DECK_OUT_SETTINGS, END_OF_ROUND_PROCEDURES, default_deck_out, victory_realms
from rules.standings import TIEBREAKERS, StandingsError, compute_standings

from tournaments.adapters import standings_options
from tournaments.errors import Conflict, NotAllowed, Text, UserError
from tournaments.models import AuditEntry, Tournament
from tournaments.services.event_details import checked_bool, checked_details
from tournaments.services.entries import (  # noqa: F401 (re-exported)
    late_entry_open,
    player_drop,
    player_register,
    player_reinstate,
    waitlist_position,
    waitlist_promote,
)
from tournaments.services.off_the_top import POOL_FIELDS, pool_settings_checked
from tournaments.services.lifecycle import (  # noqa: F401 (re-exported)
    tournament_close_registration,
    tournament_open_registration,
    tournament_reopen,
    tournament_start,
)
from tournaments.services.permissions import (
    can_organise,
    require_not_finished,
    require_organiser,
)
from tournaments.services.staff import co_organiser_add, co_organiser_remove  # noqa: F401 (re-exported)
from tournaments.structure_texts import checked_structure


#: The fields of the event's details: editable until the tournament is finished (``tournament_update``).
DETAIL_FIELDS = ("name", "date", "time_zone", "venue", "description", "capacity", "registration_deadline",
                 "clock_start", "check_in_required", "check_in_deadline", "optional_rules",
                 "optional_rules_text")
#: How the event runs, editable until it is finished (``tournament_update``): ``pairings_as_draft`` (a new round
#: is a draft the organiser publishes; it applies from the next pairing).
WORKFLOW_FIELDS = ("pairings_as_draft",)
#: The structure and results settings: editable only until round 1 is paired (``tournament_update``).
STRUCTURE_FIELDS = ("structure", "swiss_rounds", "top_cut", "third_place_match", "best_of", "table_size",
                    "fixed_table_size", "team_size", "late_entry_rounds", "random_seeding", "bracket_reset", "double_round_robin",
                    "random_draw_each_round", "tiebreakers", "tiebreaker_floor", "placement_points", "end_of_round",
                    "round_minutes")

#: What ``tournament_update`` takes about an off-the-top event's pools, editable until it is finished (they apply
#: from the next pairing): the stored ``POOL_FIELDS`` and a new card list to read (``pool_card_list``, its file
#: name ``pool_card_list_name``); see ``tournaments.services.off_the_top.pool_settings_checked``.
POOL_INPUTS = (*POOL_FIELDS, "pool_card_list", "pool_card_list_name")

#: The structure and results settings as a refusal names them (``structure_locked``), in the reader's language.
STRUCTURE_NAMES = {
    "structure": pgettext_lazy("tournament setting", "structure"),
    "swiss_rounds": pgettext_lazy("tournament setting", "swiss rounds"),
    "top_cut": pgettext_lazy("tournament setting", "top cut"),
    "third_place_match": pgettext_lazy("tournament setting", "third place match"),
    "best_of": pgettext_lazy("tournament setting", "best of"),
    "table_size": pgettext_lazy("tournament setting", "table size"),
    "fixed_table_size": pgettext_lazy("tournament setting", "table size fixed ahead of time"),
    "team_size": pgettext_lazy("tournament setting", "team size"),
    "late_entry_rounds": pgettext_lazy("tournament setting", "late entry rounds"),
    "random_seeding": pgettext_lazy("tournament setting", "random seeding"),
    "bracket_reset": pgettext_lazy("tournament setting", "bracket reset"),
    "double_round_robin": pgettext_lazy("tournament setting", "double round robin"),
    "random_draw_each_round": pgettext_lazy("tournament setting", "random draw each round"),
    "tiebreakers": pgettext_lazy("tournament setting", "tiebreakers"),
    "tiebreaker_floor": pgettext_lazy("tournament setting", "tiebreaker floor"),
    "placement_points": pgettext_lazy("tournament setting", "placement points"),
    "end_of_round": pgettext_lazy("tournament setting", "end of round"),
    "round_minutes": pgettext_lazy("tournament setting", "round minutes"),
}
#: A tiebreaker system's options as a refusal names them (``tiebreakers_unused_option``).
OPTION_NAMES = {"floor": _("a floor"), "placement_points": _("placement points")}


def _either(names: list) -> Text:
    """``names`` (str or lazy) joined by "or", in the reader's language: "a floor or placement points"."""
    text = Text(*names[:1])
    for name in names[1:]:
        text = Text((_("%(first)s or %(second)s"), {"first": text, "second": name}))
    return text


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
    fixed_table_size: bool = False,
    team_size: int = 1,
    late_entry_rounds: int = 0,
    deck_out: str | None = None,
    random_draw_each_round: bool = False,
    time_zone: str = "UTC",
    venue: str = "",
    description: str = "",
    capacity: int | None = None,
    registration_deadline: datetime.datetime | None = None,
    clock_start: str = Tournament.ClockStart.AT_PAIRING,
    check_in_required: bool = False,
    check_in_deadline: datetime.datetime | None = None,
    pairings_as_draft: bool = False,
    optional_rules: Sequence[str] = (),
    optional_rules_text: str = "",
    pool_sets: str | Sequence[str] | None = None,
    pool_card_list: bytes | str | None = None,
    pool_card_list_name: str = "",
    pool_cards_per_player: int | None = None,
) -> Tournament:
    """Create a tournament in draft, freezing a copy of the chosen built-in deck format.

    Event details (see :func:`tournaments.services.event_details.checked_details`): ``time_zone`` (an IANA name, e.g. Europe/Paris; every time on
    the event's pages is shown in it), ``venue``, ``description``, ``capacity`` (players; None: unlimited, further
    players join the waiting list) and ``registration_deadline`` (an aware datetime; None: until registration
    closes). Event day: ``clock_start`` (``Tournament.ClockStart``: "at_pairing", each round's clock starts when it
    is paired, or "by_hand", the organiser starts it, ``tournaments.services.clock``); ``check_in_required``
    (round 1 is not paired while an active player has not checked in, ``tournaments.services.check_in``) and
    ``check_in_deadline`` (an aware datetime, naive ones are read in ``time_zone``: check-in closes then; None:
    when the organiser closes it). ``pairings_as_draft``: pairing a round makes a draft only the staff sees, until the organiser
    publishes it (``tournaments.services.round_publish``). The optional rules posted to players
    (``rules.optional_rules.POSTING_RULE``): ``optional_rules`` (codes of ``rules.optional_rules.OPTIONAL_RULES``, e.g.
    "barbarians_game") and ``optional_rules_text`` (any other, plain text, at most ``MAX_OPTIONAL_RULES_TEXT``
    characters).

    Off-the-top pools (an off-the-top format only; :func:`tournaments.services.off_the_top.pool_settings_checked`):
    ``pool_sets`` (set codes, "4th, 1st" or a list; blank: 4th Edition), or ``pool_card_list`` (the organiser's own
    cards, a text, .cfd or .dek list; ``pool_card_list_name`` its file name) to deal from instead, and
    ``pool_cards_per_player`` (20-150, None: 50).

    Results settings: ``tiebreakers`` (a system of ``rules.standings.TIEBREAKERS``) with its
    options ``tiebreaker_floor`` (e.g. "1/3"; blank: the system's default) and
    ``placement_points`` (e.g. "5,3,2,1", pods only); ``end_of_round`` (one of
    ``rules.results.END_OF_ROUND_PROCEDURES``); ``round_minutes`` (the round clock, 10-240).

    Structure (``Tournament.Structure``): Swiss (``swiss_rounds``, then an optional
    ``top_cut`` of 4, 8, 16 or 32 seeded by Swiss rank, with an optional
    ``third_place_match``), single or double elimination (``random_seeding``,
    ``third_place_match``, ``bracket_reset``), round robin (``double_round_robin``),
    multiplayer pods (``swiss_rounds`` rounds of tables of ``table_size``, then an
    optional top cut by tables; ``fixed_table_size``: every table has exactly ``table_size`` players and
    those left over get byes, spell-battle-rules.txt, 8. Tournaments: table sizes "decided ahead of time") or single elimination by tables. ``team_size`` 2 or 3
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
    end-of-round procedure or a round clock out of range, an unknown time zone or a capacity below 2
    (the error's ``code`` is the field's name); pool settings refused as ``pool_settings_checked`` says
    (``pool_sets``, ``pool_card_list``, ``pool_cards_per_player``, ``not_off_the_top``).
    """
    if not can_organise(actor):
        raise NotAllowed(_("Only organisers may create tournaments."))
    try:
        fmt = get_format(deck_format_id)
    except UnknownFormat as exc:
        raise UserError.from_rules(exc, code="unknown_format") from exc
    details = checked_details(name=name, date=date, time_zone=time_zone, venue=venue, description=description,
                               capacity=capacity, registration_deadline=registration_deadline,
                               clock_start=clock_start, check_in_required=check_in_required,
                               check_in_deadline=check_in_deadline,
                               optional_rules=optional_rules, optional_rules_text=optional_rules_text)
    settings = _checked_structure(
        best_of=best_of, structure=structure, swiss_rounds=swiss_rounds, top_cut=top_cut, tiebreakers=tiebreakers,
        tiebreaker_floor=tiebreaker_floor, placement_points=placement_points, end_of_round=end_of_round,
        round_minutes=round_minutes, random_seeding=random_seeding, third_place_match=third_place_match,
        bracket_reset=bracket_reset, double_round_robin=double_round_robin, table_size=table_size,
        fixed_table_size=fixed_table_size, team_size=team_size, late_entry_rounds=late_entry_rounds,
        random_draw_each_round=random_draw_each_round)
    pools = pool_settings_checked(
        is_off_the_top=limited_kind(fmt.id) == OFF_THE_TOP, pool_sets=pool_sets, pool_card_list=pool_card_list,
        pool_card_list_name=pool_card_list_name, pool_cards_per_player=pool_cards_per_player)
    if not victory_condition:
        victory_condition = (Tournament.Victory.TEN_REALMS if victory_realms(fmt.total) == 10
                             else Tournament.Victory.SIX_REALMS)
    if victory_condition not in Tournament.Victory.values:
        raise UserError(_("Unknown victory condition '%(value)s'."), code="victory_condition",
                        params={"value": victory_condition})
    if not deck_out:
        deck_out = default_deck_out(fmt.source)
    if deck_out not in DECK_OUT_SETTINGS:
        raise UserError(_("Running out of cards is one of %(choices)s, not '%(value)s'."), code="deck_out",
                        params={"valid": list(DECK_OUT_SETTINGS), "choices": ", ".join(DECK_OUT_SETTINGS),
                                "value": deck_out})
    return Tournament.objects.create(
        organiser=actor, deck_format_id=fmt.id, deck_format=fmt.to_dict(), victory_condition=victory_condition,
        deck_out=deck_out, pairings_as_draft=checked_bool(pairings_as_draft, "pairings_as_draft"), **details,
        **settings, **pools)


def _checked_structure(*, best_of: int, structure: str, swiss_rounds: int, top_cut: int, tiebreakers: str,
                       tiebreaker_floor: str, placement_points: str, end_of_round: str, round_minutes: int,
                       random_seeding: bool, third_place_match: bool, bracket_reset: bool, double_round_robin: bool,
                       table_size: int, team_size: int, late_entry_rounds: int,
                       random_draw_each_round: bool, fixed_table_size: bool = False) -> dict:
    """The structure and results settings checked and normalised (see :func:`tournament_create`): the fields of
    ``STRUCTURE_FIELDS`` as the tournament stores them. The structure and its settings are the rules' to judge
    (``tournaments.structure_texts.checked_structure``: ``rules.structures.validate_structure`` and the
    structure's ``StructureSpec``); the results settings, teams and late entries are checked here. Raises
    UserError (``code``: the field)."""
    if best_of not in (1, 3, 5):
        raise UserError(_("Matches are best of 1, 3 or 5 games."), code="best_of")
    spec, checked = checked_structure(
        structure=structure, swiss_rounds=swiss_rounds, top_cut=top_cut, table_size=table_size,
        third_place_match=third_place_match, random_seeding=random_seeding,
        random_draw_each_round=random_draw_each_round, bracket_reset=bracket_reset,
        double_round_robin=double_round_robin, fixed_table_size=fixed_table_size)
    if spec.multiplayer or team_size > 1:
        # Multiplayer tables, and team matches that seat both teams at one table (spell-battle-rules.txt,
        # "8. Tournaments": four-player games with teams of two; teammates share their place), rank players by
        # placement points: the default system of duels becomes pods.
        tiebreakers = "pods" if tiebreakers == "mtg" else tiebreakers
    if spec.multiplayer and tiebreakers != "pods":
        raise UserError(_("Multiplayer tables are ranked with the pods tiebreaker system (placement points)."),
                        code="tiebreakers")
    if team_size not in (1, 2, 3):
        raise UserError(_("Players play alone or in teams of two or three."), code="team_size")
    if team_size > 1 and spec.multiplayer:
        raise UserError(_("Teams play duels of team against team; choose a structure other than multiplayer tables."),
                        code="team_size")
    if team_size > 1 and tiebreakers != "pods":
        raise UserError(_("Team events rank players with the pods tiebreaker system (placement points at the "
                          "team table)."), code="tiebreakers")
    if not 0 <= late_entry_rounds <= 20:
        raise UserError(_("Late entries are accepted for 0 to 20 rounds."), code="late_entry_rounds")
    if late_entry_rounds and not spec.swiss_phase:
        raise UserError(_("Late entries join Swiss or pods rounds with no points; brackets and round robins are "
                          "fixed when they start."), code="late_entry_rounds")
    if end_of_round not in END_OF_ROUND_PROCEDURES:
        raise UserError(_("The end-of-round procedure must be one of %(choices)s, not '%(value)s'."),
                        code="end_of_round",
                        params={"choices": ", ".join(END_OF_ROUND_PROCEDURES), "value": end_of_round})
    if isinstance(round_minutes, bool) or not isinstance(round_minutes, int) or not 10 <= round_minutes <= 240:
        raise UserError(_("The round clock is between 10 and 240 minutes."), code="round_minutes")
    chosen = Tournament(tiebreakers=tiebreakers, tiebreaker_floor=(tiebreaker_floor or "").strip(),
                        placement_points=(placement_points or "").strip())
    _check_tiebreakers(chosen)
    return {**checked, "best_of": best_of, "tiebreakers": chosen.tiebreakers,
            "tiebreaker_floor": chosen.tiebreaker_floor, "placement_points": chosen.placement_points,
            "end_of_round": end_of_round, "round_minutes": round_minutes, "team_size": team_size,
            "late_entry_rounds": late_entry_rounds}


def _check_tiebreakers(tournament: Tournament) -> None:
    """Refuse an unknown system or options it does not use or cannot take, as ``rules.standings`` judges them
    (the options are tried on an empty history)."""
    if tournament.tiebreakers not in TIEBREAKERS:
        raise UserError(_("Unknown tiebreaker system '%(value)s'; choose one of: %(choices)s."), code="tiebreakers",
                        params={"valid": list(TIEBREAKERS), "value": tournament.tiebreakers,
                                "choices": ", ".join(TIEBREAKERS)})
    try:
        compute_standings(History(players=(), rounds=()), tournament.tiebreakers, **standings_options(tournament))
    except StandingsError as exc:
        params = {k: v for k, v in exc.params.items() if isinstance(v, (str, int, list))}
        if exc.code == "unused_option":
            unused = _either([OPTION_NAMES.get(o, o) for o in exc.params.get("options", [])])
            raise UserError(_("The %(system)s tiebreaker system does not use %(unused)s; leave it blank."),
                            code=f"tiebreakers_{exc.code}",
                            params={**params, "system": tournament.tiebreakers, "unused": unused}) from exc
        raise UserError.from_rules(exc, code=f"tiebreakers_{exc.code}", params=params) from exc


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


# --------------------------------------------------------------------------- editing the event


def _logged(name: str, value: object) -> object:
    """A field's value as the audit log keeps it: the organiser's card list as its number of cards, else
    :func:`_shown`."""
    if name == "pool_cards" and isinstance(value, list):
        return f"{len(value)} cards"
    return _shown(value)


def _shown(value: object) -> object:
    """A field's value as the audit log keeps it (JSON: dates and datetimes as ISO text)."""
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


@transaction.atomic
def tournament_update(*, tournament: Tournament, actor, changes: dict, reason: str = "") -> Tournament:
    """Edit the event: its details (``DETAIL_FIELDS``: name, date, time zone, venue, description, capacity,
    registration deadline, when the round clock starts, whether check-in is required and its deadline) and ``WORKFLOW_FIELDS`` (pairings as a draft)
    and an off-the-top event's pool settings (``POOL_INPUTS``: sets, own card list, cards per player; they apply
    from the next pairing) until it is finished, and its structure and results settings (``STRUCTURE_FIELDS``)
    only until round 1 is paired. ``changes`` maps field names to new values (fields left out keep theirs);
    they are checked as :func:`tournament_create` checks them. Raising the capacity (or removing it) moves
    players from the waiting list into the event (:func:`waitlist_promote`).

    Every change is one ``AuditEntry`` (``tournament_edited``) with the changed fields before and after and the
    optional ``reason``; nothing is logged when nothing changed. Returns the tournament.

    Raises NotAllowed (not an organiser or co-organiser), Conflict (finished; a structure field changed once
    round 1 is paired: code ``structure_locked``, ``params["fields"]``), UserError (an unknown field, a value
    ``tournament_create`` refuses; ``code`` is the field).
    """
    tournament = _locked(tournament.pk)
    require_organiser(actor, tournament)
    require_not_finished(tournament)
    unknown = sorted(set(changes) - set(DETAIL_FIELDS) - set(STRUCTURE_FIELDS) - set(WORKFLOW_FIELDS)
                     - set(POOL_INPUTS))
    if unknown:
        raise UserError(_("These fields cannot be edited here: %(names)s."), code="unknown_field",
                        params={"fields": unknown, "names": ", ".join(unknown)})
    editable = (*DETAIL_FIELDS, *STRUCTURE_FIELDS, *WORKFLOW_FIELDS, *POOL_FIELDS)
    current = {name: getattr(tournament, name) for name in editable}
    details = checked_details(**{name: changes.get(name, current[name]) for name in DETAIL_FIELDS})
    structure_asked = {name: changes.get(name, current[name]) for name in STRUCTURE_FIELDS}
    structure_changed = [name for name in STRUCTURE_FIELDS if structure_asked[name] != current[name]]
    if structure_changed and tournament.rounds.exists():
        names = Text(*[part for name in structure_changed for part in (", ", STRUCTURE_NAMES[name])][1:])
        raise Conflict(Text((_("Round 1 is paired: the structure and results settings can no longer change "
                                 "(%(names)s)."), {"names": names})),
                       code="structure_locked", params={"fields": structure_changed})
    settings = _checked_structure(**structure_asked) if structure_changed else {}
    workflow = {name: checked_bool(changes[name], name) for name in WORKFLOW_FIELDS if name in changes}
    pools = {}
    if any(name in changes for name in POOL_INPUTS):
        pools = pool_settings_checked(
            is_off_the_top=tournament.is_off_the_top,
            pool_sets=changes.get("pool_sets", current["pool_sets"]),
            pool_card_list=changes.get("pool_card_list"), pool_card_list_name=changes.get("pool_card_list_name") or "",
            pool_cards=changes.get("pool_cards", current["pool_cards"]),
            pool_cards_per_player=changes.get("pool_cards_per_player", current["pool_cards_per_player"]))
    new = {**current, **details, **settings, **workflow, **pools}
    changed = [name for name in editable if new[name] != current[name]]
    if not changed:
        return tournament
    for name in changed:
        setattr(tournament, name, new[name])
    tournament.save(update_fields=changed)
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.TOURNAMENT_EDITED,
                              reason=(reason or "").strip() or "Event details edited",
                              reason_code="" if (reason or "").strip() else "event_edited",
                              before={name: _logged(name, current[name]) for name in changed},
                              after={name: _logged(name, new[name]) for name in changed})
    if "capacity" in changed and (new["capacity"] is None or (current["capacity"] or 0) < new["capacity"]):
        waitlist_promote(tournament=tournament, actor=actor, reason="A place freed up: the capacity was raised",
                         reason_code="place_freed_capacity")
    return tournament
