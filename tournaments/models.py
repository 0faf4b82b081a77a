"""Tournaments, registrations, rounds, matches (tables), result reports, audit log, standings.

Terms (the field's standard ones):

* *round*: one round of pairings; Swiss rounds come first, then the *top cut*
  (single elimination seeded by Swiss rank), or single elimination from the start.
* *match*: two players at a numbered *table* in a round, best of 1, 3 or 5 games;
  a *bye* is a match with one player, scored as a 2-0 win (Magic Tournament Rules, Appendix C);
  an *opponentless loss* is a match with one player marked ``Match.opponentless_loss``: a late player's
  loss for a round they missed (TOM's "LATE"), no opponent, counted per tiebreaker system as
  ``rules.history`` says (``tournaments.services.late_losses``).
* *result report*: a player's game-by-game account of a match; the opponent confirms or
  disputes it. A confirmed result bumps the tournament's ``results_version`` and the
  standings are recomputed for that version (``StandingsSnapshot``).
* *override*: an organiser entering or correcting a result or settling a dispute; every
  one is an ``AuditEntry`` saying who, when, why, and the result before and after.
* *drop*: a player leaves; they are never paired again but keep their record.
* *penalty*: a warning, game loss, match loss or disqualification the organiser issues to
  a player (``Penalty``), always logged. A game loss is a game won by the opponent, added
  before the games played at that table; a match loss makes the match lost for the player;
  a disqualified player is dropped and leaves the standings, while the matches they played
  still count for their opponents (``rules.history.History.disqualified``).
* *results settings*: per tournament, the tiebreaker system (``rules.standings.TIEBREAKERS``)
  and its options, the end-of-round procedure for games unfinished at time
  (``rules.results.END_OF_ROUND_PROCEDURES``), what running out of cards does
  (``rules.results.DECK_OUT_RULES``) and the round clock.
"""

from __future__ import annotations

import datetime
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Greatest, Least
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rules.formats import OFF_THE_TOP, limited_kind
from rules.results import deck_out_rule, ends_at_last_card
from rules.standings import SYSTEMS, TiebreakerSystem
from rules.structures import STRUCTURE_REGISTRY, StructureSpec, get_structure



def validate_time_zone(value: str) -> None:
    """Raises ValidationError unless ``value`` names an IANA time zone this machine knows (``zoneinfo``)."""
    if value not in available_timezones():
        raise ValidationError(_("'%(value)s' is not a time zone: use an IANA name such as Europe/Paris or "
                                "America/Sao_Paulo."), code="time_zone", params={"value": value})


#: The longest display name sign-up and the account page accept (characters, after trimming).
DISPLAY_NAME_MAX_LENGTH = 40


def person_name(user) -> str:
    """A person's name for people to read (str): the display name they chose at sign-up or on their account page,
    else their username (accounts made before display names existed, the organiser's command-line account).

    The display name is stored in Django's own ``User.first_name`` column: every query that already joins the
    player (``select_related("player")``, ``values_list("player__first_name")``) has it, with no extra join
    or query (see docs/pages.md, "People and accounts")."""
    return (getattr(user, "first_name", "") or "").strip() or user.get_username()


def validate_structure_name(value: str) -> None:
    """Raises ValidationError unless ``value`` names a registered structure (``rules.structures.STRUCTURE_REGISTRY``)."""
    if value not in STRUCTURE_REGISTRY:
        raise ValidationError(_("Unknown structure '%(value)s'."), code="structure", params={"value": value})


def structure_label(name: str) -> Any:
    """The structure's name for people, in the reader's language: a built-in's translated label
    (``Tournament.Structure``), else the registry's description (``StructureSpec.description``, English),
    else the name itself (a structure no longer registered)."""
    if name in Tournament.Structure.values:
        return Tournament.Structure(name).label
    spec = STRUCTURE_REGISTRY.get(name)
    return spec.description if spec is not None else name


def structure_choices() -> list[tuple[str, Any]]:
    """Every registered structure as (name, label) choices, in registry order (read on each call, so a structure
    registered in ``rules`` is offered without a migration)."""
    return [(name, structure_label(name)) for name in STRUCTURE_REGISTRY]


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration open")
        CLOSED = "closed", _("Registration closed")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Structure(models.TextChoices):
        """The built-in structures of ``rules.structures`` and their translated labels (``structure_label``). The
        field has no ``choices``: any registered structure (``STRUCTURE_REGISTRY``) is valid, checked by the
        service (``validate_structure``) and ``validate_structure_name``, so a new one needs no migration."""

        SWISS = "swiss", _("Swiss rounds, then an optional single-elimination top cut")
        SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
        DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
        ROUND_ROBIN = "round_robin", _("Round robin (Berger tables)")
        PODS = "pods", _("Multiplayer tables: Swiss-style pods of 4 (3 where the count does not divide)")
        TABLE_ELIMINATION = "table_elimination", _("Single elimination by multiplayer tables (each table's winner advances)")

    class Victory(models.TextChoices):
        SIX_REALMS = "6_realms", _("Six unrazed realms")
        TEN_REALMS = "10_realms", _("Ten unrazed realms")

    name = models.CharField(max_length=200)
    date = models.DateField()
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    deck_format_id = models.CharField(max_length=32, default="55")
    deck_format = models.JSONField(help_text="Frozen copy of the deck format (rules.formats.DeckFormat.to_dict())")
    format_version = models.PositiveIntegerField(default=1)
    victory_condition = models.CharField(max_length=16, choices=Victory.choices, default=Victory.SIX_REALMS)
    best_of = models.PositiveSmallIntegerField(choices=[(1, _("Best of 1")), (3, _("Best of 3")), (5, _("Best of 5"))], default=3)
    structure = models.CharField(max_length=24, default=Structure.SWISS, validators=[validate_structure_name],
                                 help_text="A structure of rules.structures.STRUCTURE_REGISTRY")
    swiss_rounds = models.PositiveSmallIntegerField(default=3)
    # Phases (rules.history "phase"): [] for one phase; once the organiser starts day 2, the history's "phases"
    # list, [{"rounds": swiss_rounds}, {"rounds": N, "cut": {"record": "x-2"}}] (tournaments.services.phases).
    phases = models.JSONField(default=list, blank=True,
                              help_text="The event's phases as rules.history reads them; [] for one phase")
    top_cut = models.PositiveSmallIntegerField(
        choices=[(0, _("No top cut")), (4, _("Top 4")), (8, _("Top 8")), (16, _("Top 16")), (32, _("Top 32"))], default=0)
    # Pairing options (rules.pairings): elimination brackets, round robin, multiplayer tables, teams, late entries.
    random_seeding = models.BooleanField(
        default=False, help_text="Brackets seeded at random (spell-battle-rules.txt pairs at random), not by standing")
    third_place_match = models.BooleanField(default=False, help_text="The losing semi-finalists play for third place")
    random_draw_each_round = models.BooleanField(
        default=False, help_text="Single elimination: a new random draw among the players still in, every round "
                                 "(spell-battle-rules.txt, 8. Tournaments), instead of a fixed bracket")
    bracket_reset = models.BooleanField(
        default=False, help_text="Double elimination: a second grand final if the losers' bracket winner wins the first")
    double_round_robin = models.BooleanField(default=False, help_text="Round robin: everyone meets everyone twice")
    table_size = models.PositiveSmallIntegerField(
        default=4, help_text="Multiplayer tables: players per table (smaller tables have one seat fewer)")
    fixed_table_size = models.BooleanField(
        default=False, help_text="Pods: every table has exactly table_size players, those left over get byes "
                                 "(spell-battle-rules.txt, 8. Tournaments: table sizes decided ahead of time)")
    team_size = models.PositiveSmallIntegerField(
        default=1, choices=[(1, _("Individual players")), (2, _("Teams of two")), (3, _("Teams of three"))],
        help_text="Teams are paired as units (rules.pairings.teams)")
    late_entry_rounds = models.PositiveSmallIntegerField(
        default=0, help_text="Late entries are accepted until this many rounds have been paired (0: none)")
    decks_locked_at = models.DateTimeField(null=True, blank=True)
    results_version = models.PositiveIntegerField(default=0)

    class Publication(models.TextChoices):
        NONE = "none", _("Private (owner and organiser only)")
        TOP_CUT = "top_cut", _("Published for the top cut")
        ALL = "all", _("Published for every player")

    decklists_published = models.CharField(max_length=8, choices=Publication.choices, default=Publication.NONE)

    class EndOfRound(models.TextChoices):
        UNFINISHED_IS_DRAW = "unfinished_is_draw", _("A game unfinished at time is a drawn game")
        DECIDE_BY_COUNTS = "decide_by_counts", _("A game unfinished at time is decided by the end-of-game counts")

    # No ``choices``: the systems are rules.standings.TIEBREAKERS (checked by tournament_create), so a new
    # system in rules needs no migration.
    tiebreakers = models.CharField(max_length=16, default="mtg", help_text="Tiebreaker system (rules.standings.TIEBREAKERS)")
    tiebreaker_floor = models.CharField(
        max_length=16, blank=True, default="",
        help_text="Minimum of every win percentage, e.g. 1/3; blank: the system's default (1/3, Pokémon 1/4)",
    )
    placement_points = models.CharField(
        max_length=64, blank=True, default="",
        help_text="Points for 1st, 2nd, ... at a multiplayer table (pods system), e.g. 5,3,2,1; blank: 5,3,2,1",
    )
    end_of_round = models.CharField(max_length=24, choices=EndOfRound.choices, default=EndOfRound.UNFINISHED_IS_DRAW)

    class DeckOut(models.TextChoices):
        # rules.results.DECK_OUT_SETTINGS / DECK_OUT_RULES (tournament_create defaults it from the format)
        RESHUFFLE = "reshuffle", _("Tournament Rules 2.0: the discard pile is reshuffled into a new draw pile; play goes on")
        GAME_ENDS = "game_ends", _("The game ends when a draw pile runs out; the end-of-game counts decide it")

    deck_out = models.CharField(max_length=12, choices=DeckOut.choices, default=DeckOut.RESHUFFLE,
                                help_text="What running out of cards does (rules.results.DECK_OUT_RULES)")
    round_minutes = models.PositiveSmallIntegerField(default=50, help_text="Round clock, in minutes")
    # Off-the-top events (issue 23): where each match's shared pool comes from, checked by
    # tournaments.services.off_the_top.pool_settings_checked and dealt by its match_pools_deal.
    pool_sets = models.JSONField(
        default=list, blank=True,
        help_text="Off-the-top: the set codes the shared pools' packs come from, in rotation (empty: "
                  "rules.limited.DEFAULT_SETS); empty when the organiser's list is used")
    pool_cards = models.JSONField(
        default=list, blank=True,
        help_text="Off-the-top: the organiser's own card list, card keys (4th/12) one per copy; when not empty each "
                  "match's shared pool is dealt from it at random, without replacement")
    pool_cards_per_player = models.PositiveSmallIntegerField(
        default=50, help_text="Off-the-top: cards of the shared pool per player at the table (Spell Battle: about 50)")

    class ClockStart(models.TextChoices):
        # tournaments.services.clock.round_clock_start_at_pairing reads it
        AT_PAIRING = "at_pairing", _("When the round is paired")
        BY_HAND = "by_hand", _("By hand (a \"Start the clock\" button)")

    clock_start = models.CharField(
        max_length=12, choices=ClockStart.choices, default=ClockStart.AT_PAIRING,
        help_text="When a round's clock starts: at pairing, or when the organiser starts it")
    # Check-in (tournaments.services.check_in): when required, round 1 is not paired while an active player has
    # not checked in; the no-shows are dropped once check-in is closed (at the deadline, or by the organiser).
    check_in_required = models.BooleanField(
        default=False, help_text="Every player must check in (or be dropped as a no-show) before round 1 is paired")
    check_in_deadline = models.DateTimeField(
        null=True, blank=True, help_text="Check-in closes at this moment (blank: when the organiser closes it)")
    check_in_closed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the organiser closed check-in (None: not closed by hand)")
    class OptionalRule(models.TextChoices):
        # rules.optional_rules.OPTIONAL_RULES (the variants the rules texts name)
        BARBARIANS_GAME = "barbarians_game", _("The Barbarian's Game")

    optional_rules = models.JSONField(
        default=list, blank=True,
        help_text="Optional rules variants in use (codes of rules.optional_rules.OPTIONAL_RULES); posted to players")
    optional_rules_text = models.TextField(
        blank=True, default="", help_text="Other optional rules in use, as the organiser posts them (plain text)")
    time_zone = models.CharField(
        max_length=64, default="UTC", validators=[validate_time_zone],
        help_text="The event's IANA time zone (e.g. America/Sao_Paulo): every time on its pages is shown in it")
    winner = models.ForeignKey("Registration", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # The event's page: where, what, how many (issue 13). Edited by ``tournament_update`` (logged).
    venue = models.CharField(max_length=200, blank=True, help_text="Where the event is played (a shop, a hall, ...)")
    description = models.TextField(blank=True, max_length=4000, help_text="What players should know, as plain text")
    capacity = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="Most players registered at once; further players join the waiting list (blank: unlimited)")
    registration_deadline = models.DateTimeField(
        null=True, blank=True, help_text="Players cannot register after this moment (blank: until registration "
                                         "closes)")
    pairings_as_draft = models.BooleanField(
        default=False,
        help_text="Pairing a round makes a draft the organiser reviews and publishes; players and the public see "
                  "no pairing of it until then (tournaments.services.round_publish)")
    co_organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="co_organised",
        help_text="Judges who run the event with the organiser, with the same rights (each action logged under "
                  "their name); only the organiser adds or removes them")

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    def get_structure_display(self) -> Any:
        """The structure for people (``structure_label``): translated for a built-in, else its registry
        description (the field has no ``choices``, so Django does not provide this method)."""
        return structure_label(self.structure)

    @property
    def structure_spec(self) -> StructureSpec:
        """The structure's entry in the registry (``rules.structures.STRUCTURE_REGISTRY``): what it reads, whether
        it plays a Swiss phase before a top cut, is a bracket, seats multiplayer tables. Raises
        ``rules.structures.StructureError`` for a name no longer registered."""
        return get_structure(self.structure)

    @property
    def zone(self) -> ZoneInfo:
        """The event's time zone (``time_zone``) as a ``ZoneInfo``; UTC if the stored name is unknown."""
        try:
            return ZoneInfo(self.time_zone)
        except (ValueError, KeyError):
            return ZoneInfo("UTC")

    @property
    def decks_locked(self) -> bool:
        return self.decks_locked_at is not None

    @property
    def optional_rules_labels(self) -> list[str]:
        """The optional rules variants in use (``optional_rules``), as their translated names, in choice order."""
        labels = dict(self.OptionalRule.choices)
        return [str(labels[code]) for code in self.optional_rules or () if code in labels]

    def deck_out_rule(self) -> str:
        """The rules text behind the tournament's running-out-of-cards setting, for its deck format
        (``rules.results.deck_out_rule``: the Brazilian text's VENCENDO for a Brazilian event whose game ends)."""
        return deck_out_rule(self.deck_out, str((self.deck_format or {}).get("source", "")))

    @property
    def deck_out_at_last_card(self) -> bool:
        """The game ends the Brazilian way when cards run out: at the end of the turn in which a player puts down
        his last card (``rules.results.ends_at_last_card``: ``game_ends`` in an event of the Brazilian rules,
        spellfire-regras-pt-br.txt, VENCENDO)."""
        return ends_at_last_card(self.deck_out, str((self.deck_format or {}).get("source", "")))

    @property
    def is_off_the_top(self) -> bool:
        """An off-the-top event (its format is ``rules.formats.OFF_THE_TOP``): nobody registers a deck, and each
        match plays from a shared pool dealt at pairing time (``MatchPool``). Source: spell-battle-rules.txt, 8.
        Tournaments."""
        return limited_kind(str((self.deck_format or {}).get("id", ""))) == OFF_THE_TOP

    @property
    def realms_to_win(self) -> int:
        """Unrazed realms that win a game: 6 or 10 (the victory condition)."""
        return 10 if self.victory_condition == self.Victory.TEN_REALMS else 6


class RegistrationQuerySet(models.QuerySet):
    def entered(self) -> RegistrationQuerySet:
        """Registrations that take part: not withdrawn and not on the waiting list (dropped players included:
        they keep their record)."""
        return self.filter(withdrawn=False, waitlisted_at__isnull=True)

    def waitlisted(self) -> RegistrationQuerySet:
        """The waiting list, first come first served."""
        return self.filter(withdrawn=False, waitlisted_at__isnull=False).order_by("waitlisted_at", "id")


class Registration(models.Model):
    """A player's entry in a tournament. ``waitlisted_at`` set: the event was full when they registered; they are
    on the waiting list (never paired, not counted as a player) until a place frees up
    (``tournaments.services.tournaments.waitlist_promote``)."""

    objects = RegistrationQuerySet.as_manager()

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations")
    #: None for a walk-in the organiser registered by name only (``walk_in_name``) until someone claims the entry
    #: with its ``claim_code`` (``tournaments.services.check_in``).
    player = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="registrations")
    walk_in_name = models.CharField(
        max_length=80, blank=True, help_text="A walk-in's name as the organiser entered it; kept after a claim")
    claim_code = models.CharField(
        max_length=16, blank=True, help_text="A walk-in's one-time claim code (blank once claimed, or for a player)")
    checked_in_at = models.DateTimeField(null=True, blank=True, help_text="When the player checked in (None: not)")
    checked_in_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                      related_name="+", help_text="The player themself or the organiser")
    registered_at = models.DateTimeField(auto_now_add=True)
    has_legal_deck = models.BooleanField(
        default=False, help_text="A legal decklist is registered (kept up to date by the decks app, which owns decklists)")
    dropped_after_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Last round played; never paired after it"
    )
    withdrawn = models.BooleanField(default=False, help_text="Left before the tournament started")
    disqualified = models.BooleanField(
        default=False, help_text="Disqualified (a Penalty): dropped and removed from the standings"
    )
    awarded_byes = models.PositiveSmallIntegerField(
        default=0, help_text="Byes granted at registration (e.g. for invited players): rounds 1..N")
    late_entry = models.BooleanField(default=False, help_text="Joined after the tournament started, with no points")
    team = models.CharField(max_length=80, blank=True, help_text="Team name in a team event (members share it)")
    waitlisted_at = models.DateTimeField(
        null=True, blank=True, help_text="On the waiting list since (the event was full); None: a place in the event")
    removed_by_organiser = models.BooleanField(
        default=False, help_text="Dropped or disqualified by the organiser: stands until the organiser reinstates "
                                 "the player (the player cannot register again by themself)")

    class Meta:
        ordering = ["registered_at", "id"]
        # A unique constraint ignores rows whose player is NULL: any number of walk-ins, one entry per account.
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="one_registration_per_player"),
                       models.CheckConstraint(condition=models.Q(player__isnull=False) | ~models.Q(walk_in_name=""),
                                              name="a_player_or_a_walk_in_name")]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """The name pairings, standings, the projector, slips, print views, exports and the API show: a walk-in's
        name as the organiser entered it (kept after someone claims the entry, so the event's history reads the
        same), else the player's display name (:func:`person_name`: the username when they set none)."""
        if self.walk_in_name:
            return self.walk_in_name
        return person_name(self.player) if self.player is not None else ""

    @property
    def is_walk_in(self) -> bool:
        """Registered by the organiser by name (claimed or not)."""
        return bool(self.walk_in_name)

    @property
    def checked_in(self) -> bool:
        return self.checked_in_at is not None

    def belongs_to(self, user) -> bool:
        """True if ``user`` is this entry's player (never for an unclaimed walk-in or an anonymous user)."""
        return self.player_id is not None and getattr(user, "pk", None) == self.player_id

    @property
    def dropped(self) -> bool:
        return self.dropped_after_round is not None

    @property
    def waitlisted(self) -> bool:
        return self.waitlisted_at is not None and not self.withdrawn


class Round(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ELIMINATION = "elimination", _("Elimination")
        ROUND_ROBIN = "round_robin", _("Round robin")
        PODS = "pods", _("Multiplayer tables")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    phase = models.PositiveSmallIntegerField(default=1, help_text="The phase of a Swiss round: 1 = day 1, 2 = day 2")
    seed = models.BigIntegerField(help_text="Seed of the random.Random the pairing used; reproduces the round")
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The round clock (``tournaments.selectors.clock_at`` reads it, ``tournaments.services.clock`` writes it):
    # it runs from ``started_at`` for ``Tournament.round_minutes`` + ``clock_extra_minutes``, stopped while paused;
    # a table's own extension is ``Match.extra_minutes``.
    started_at = models.DateTimeField(null=True, blank=True, default=timezone.now,
                                      help_text="When the round clock started (pairing starts it unless the "
                                                "event starts clocks by hand; the organiser may restart it); None: "
                                                "not started")
    clock_paused_at = models.DateTimeField(null=True, blank=True, help_text="When the clock was paused; None: running")
    clock_paused_seconds = models.PositiveIntegerField(
        default=0, help_text="Seconds the clock stood paused before the current pause (pauses already resumed)")
    clock_extra_minutes = models.PositiveSmallIntegerField(
        default=0, help_text="Minutes the organiser added to the whole round")
    ended_at = models.DateTimeField(
        null=True, blank=True, help_text="When the last table got its confirmed result: the round's clock stopped "
                                         "(None: still playing)")
    clock_version = models.PositiveIntegerField(
        default=0, help_text="Bumped by every clock action (the cached round page's key)")
    time_called_at = models.DateTimeField(
        null=True, blank=True, help_text="When the round's time was last called (round.time announced, "
                                         "tournaments.services.clock.round_time_call); a later end (an extension, a "
                                         "restart) is called again")
    pairing_version = models.PositiveIntegerField(
        default=0, help_text="Bumped by every write that changes a seat of the round once paired (a swap): part of "
                             "the round's page state (tournaments.selectors.round_state)")
    published_at = models.DateTimeField(
        null=True, blank=True, default=timezone.now,
        help_text="When players and the public first saw the round's pairings (pairing publishes at once unless "
                  "Tournament.pairings_as_draft); None: a draft only the staff sees")

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"Round {self.number}"

    @property
    def is_elimination(self) -> bool:
        return self.kind == self.Kind.ELIMINATION

    @property
    def is_draft(self) -> bool:
        """True while the round's pairings are a draft (not yet published): only the staff sees them
        (``tournaments.selectors.round_visible``)."""
        return self.published_at is None

    def ends_at(self, minutes: int):
        """When the round clock of ``minutes`` (``Tournament.round_minutes``) runs out, with the round's pauses and
        extensions (None without a start time; while paused, the end if it were resumed now). Per table, and for
        the state at a given instant: ``tournaments.selectors.clock_at``."""
        if self.started_at is None:
            return None
        pause = (timezone.now() - self.clock_paused_at) if self.clock_paused_at else datetime.timedelta(0)
        return self.started_at + datetime.timedelta(minutes=minutes + self.clock_extra_minutes,
                                                    seconds=self.clock_paused_seconds) + pause


class Match(models.Model):
    """A table in a round: a set of seats (``Seat``), one for a bye, two for a duel, N for a multiplayer
    or team table. Its result is the one confirmed ``ResultSubmission``; ``status`` says where the
    result stands (kept in step with the submissions by ``tournaments.services.results``)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting result")
        REPORTED = "reported", _("Reported, awaiting confirmation")
        DISPUTED = "disputed", _("Disputed")
        CONFIRMED = "confirmed", _("Confirmed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    pairing_reason = models.CharField(max_length=300, blank=True)
    pairing_reason_code = models.CharField(
        max_length=40, blank=True,
        help_text="Why they were paired, as a code (rules.pairings.REASON_CODES, or \"bye\" / "
                  "\"changed_by_organiser\"); blank for matches paired before codes were stored")
    pairing_reason_params = models.JSONField(
        default=dict, blank=True,
        help_text="The reason's data (points, seeds, bracket stage...): with the code it is said in the reader's "
                  "language (tournaments.rule_texts.pairing_reason_text)")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    draws = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Drawn games of the confirmed result (None until confirmed)")
    extra_minutes = models.PositiveSmallIntegerField(
        default=0, help_text="Time extension of this table alone (a deck check, a judge call), in minutes")
    opponentless_loss = models.BooleanField(
        default=False,
        help_text="A match of one seat that is a loss with no opponent (a late player's loss for a round they "
                  "missed, TOM's \"LATE\": rules.history.MatchRecord.loss); False for a bye")

    #: The seats in seat order, set by ``tournaments.services.results.seats_of`` (and selectors) when loaded.
    seat_list: list[Seat]

    class Meta:
        ordering = ["round__number", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="one_match_per_table")]

    def __str__(self) -> str:
        return f"{self.round}, table {self.table}"

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED


class Seat(models.Model):
    """One player at one match: seat number (1.., in the order drawn by ``rules.pairings``), and once the
    result is confirmed, the games they won and their placement (1 = won; equal placements share)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="seats")
    number = models.PositiveSmallIntegerField()
    placement = models.PositiveSmallIntegerField(null=True, blank=True)
    wins = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["match", "registration"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.match}, seat {self.number}"


class MatchPool(models.Model):
    """The shared pool of an off-the-top match (issue 23): ``cards``, card keys (``"4th/12"``, one per copy) in the
    shuffled order they are stacked, about 50 per player (``rules.limited.OFF_THE_TOP_PER_PLAYER``), the table's
    shared draw pile and discard pile; ``sets``: the sets its packs came from (empty: dealt from the organiser's
    list, ``Tournament.pool_cards``). Dealt when the round is paired,
    reproducibly from the round's seed (``tournaments.services.off_the_top``). Source: spell-battle-rules.txt, 8.
    Tournaments ("Approximately 50 cards should be used as a deck for every player that will share the deck")."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="shared_pool")
    cards = models.JSONField(default=list)
    sets = models.JSONField(default=list)

    def __str__(self) -> str:
        return f"{self.match}: {len(self.cards)} cards"


class ForbiddenPair(models.Model):
    """Two players the organiser keeps apart (for example family members in the first rounds).

    ``until_round`` None: for the whole tournament; otherwise in rounds 1..until_round.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="forbidden_pairs")
    player_a = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    until_round = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.TextField()
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(Least("player_a", "player_b"), Greatest("player_a", "player_b"),
                                               "tournament", name="one_forbidden_pair_per_two_players")]

    def applies_to(self, round_number: int) -> bool:
        return self.until_round is None or round_number <= self.until_round


class ResultSubmission(models.Model):
    """One version of a match's result: who submitted it (a player, the organiser, a penalty), when, the
    full game-by-game record and its state. Never edited except to change ``state`` and record the
    response; a correction is a new submission that supersedes the old one. Exactly one confirmed
    submission per match is its result (``tournaments.services.results``).

    ``record``: ``{"games": [game, ...]}`` or ``{"placements": [int, ...]}`` (a multiplayer table's places
    in seat order) -- the games as played at the table, game losses not included (they are ``Penalty``
    rows, added when the result is scored). A game is ``{"winners": [seat, ...], "drawn": bool,
    "mulligan_by": seat | None, "unfinished": bool, "deck_out": bool, "counts": {seat: {...}} | None}``
    with seats numbered from 1 (``tournaments.adapters.normalised_game``).
    ``outcome``: the result it gives, scored when submitted: ``{"wins": [int per seat], "draws": int,
    "placements": [int per seat]}`` (game losses included).
    """

    class Source(models.TextChoices):
        PLAYER = "player", _("A player at the table")
        ORGANISER = "organiser", _("The organiser")
        PENALTY = "penalty", _("A penalty")
        PAIRING = "pairing", _("The pairing (a bye)")

    class State(models.TextChoices):
        PENDING = "pending", _("Awaiting confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        SUPERSEDED = "superseded", _("Superseded")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="submissions")
    source = models.CharField(max_length=12, choices=Source.choices)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    submitted_at = models.DateTimeField(auto_now_add=True)
    record = models.JSONField()
    outcome = models.JSONField()
    reason = models.TextField(blank=True, help_text="The organiser's reason, or the penalty's")
    state = models.CharField(max_length=12, choices=State.choices, default=State.PENDING)
    responded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    responded_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = models.TextField(blank=True, help_text="Why the response disputed it, in the player's words")
    supersedes = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-submitted_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["match"], condition=models.Q(state="confirmed"),
                                               name="one_confirmed_submission_per_match")]

    def __str__(self) -> str:
        return f"{self.match}: {self.get_source_display()} ({self.get_state_display()})"


class AuditEntry(models.Model):
    """An organiser's override: who, when, why, and the result before and after."""

    class Action(models.TextChoices):
        RESULT_ENTERED = "result_entered", _("Result entered or corrected")
        DISPUTE_SETTLED = "dispute_settled", _("Dispute settled")
        PLAYER_DROPPED = "player_dropped", _("Player dropped by the organiser")
        DECK_REPLACEMENT = "deck_replacement", _("Deck card replaced (Enter Darkness Together)")
        FORMAT_CHANGED = "format_changed", _("Deck format changed")
        PENALTY = "penalty", _("Penalty issued")
        PAIRING_CHANGED = "pairing_changed", _("Pairing changed by the organiser (swap or re-pair)")
        PAIRING_PUBLISHED = "pairing_published", _("Draft pairings published")
        FORBIDDEN_PAIR = "forbidden_pair", _("Forbidden pair set or removed")
        BYE_AWARDED = "bye_awarded", _("Byes awarded at registration")
        LATE_ENTRY = "late_entry", _("Late entry")
        PLAYER_REINSTATED = "player_reinstated", _("Player reinstated by the organiser")
        TOURNAMENT_REOPENED = "tournament_reopened", _("Finished tournament reopened")
        CHECK_IN = "check_in", _("Check-in changed by the organiser")
        CHECK_IN_CLOSED = "check_in_closed", _("Check-in closed by the organiser")
        WALK_IN = "walk_in", _("Walk-in registered")
        WALK_IN_CLAIMED = "walk_in_claimed", _("Walk-in entry claimed by an account")
        CLOCK_STARTED = "clock_started", _("Round clock started or restarted")
        CLOCK_PAUSED = "clock_paused", _("Round clock paused")
        CLOCK_RESUMED = "clock_resumed", _("Round clock resumed")
        CLOCK_EXTENDED = "clock_extended", _("Round clock extended")
        TIME_EXTENSION = "time_extension", _("Time extension for one table")
        TOURNAMENT_FINISHED = "tournament_finished", _("Tournament finished")
        TOURNAMENT_EDITED = "tournament_edited", _("Event details changed")
        STAFF_CHANGED = "staff_changed", _("Co-organiser added or removed")
        WAITLIST_PROMOTED = "waitlist_promoted", _("Player moved from the waiting list into the event")
        OPPONENTLESS_LOSS = "opponentless_loss", _("Loss with no opponent recorded (a late player)")
        POOLS_DEALT = "pools_dealt", _("Card pools dealt (a limited event)")
        DRAFT = "draft", _("Draft: seated, a late pick made, a paper pool entered")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit_entries")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="audit_entries")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=24, choices=Action.choices)
    reason = models.TextField()
    #: A reason a service composed itself (not an organiser's typed one): its code and values, so that the pages
    #: say it in the reader's language (``tournaments.pages.presenters.audit_reason``); ``reason`` keeps it in
    #: English. Blank for an organiser's own reason.
    reason_code = models.CharField(max_length=40, blank=True)
    reason_params = models.JSONField(default=dict, blank=True)
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    #: Keys of ``before``/``after`` that hold the raw data the pages render again (not a line of their own):
    #: ``result_data`` (``services.results.result_summary``).
    RAW_KEYS = frozenset({"result_data"})

    class Meta:
        ordering = ["-created_at", "-id"]

    @staticmethod
    def readable(data: object) -> list[str]:
        """``before``/``after`` as lines of English text ("Result: alice 2-1 bob", "Games: Game 1: alice won;
        ..."), never a Python dict: keys become words, lists of dicts one line each. The pages show them in the
        reader's language instead (``tournaments.pages.presenters.audit_lines``)."""
        if not isinstance(data, dict):
            return [str(data)] if data not in (None, "", [], {}) else []
        lines = []
        for key, value in data.items():
            if key in AuditEntry.RAW_KEYS:
                continue
            label = str(key).replace("_", " ").capitalize()
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                lines += [f"{label}: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in item.items())
                          for item in value]
            elif isinstance(value, list):
                lines.append(f"{label}: " + ("; ".join(map(str, value)) if value else "none"))
            elif isinstance(value, dict):
                lines.append(f"{label}: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in value.items()))
            else:
                lines.append(f"{label}: {'none' if value in (None, '') else value}")
        return lines

    @property
    def before_lines(self) -> list[str]:
        return self.readable(self.before)

    @property
    def after_lines(self) -> list[str]:
        return self.readable(self.after)


class Penalty(models.Model):
    """A penalty the organiser issued to a player; every one is also an ``AuditEntry``."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        GAME_LOSS = "game_loss", _("Game loss")
        MATCH_LOSS = "match_loss", _("Match loss")
        DISQUALIFICATION = "disqualification", _("Disqualification")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="penalties")
    round_number = models.PositiveSmallIntegerField(default=0, help_text="Round of the offence (0: before round 1)")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    reason = models.TextField()
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.PROTECT, related_name="penalties")

    class Meta:
        ordering = ["-issued_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.registration.display_name} (round {self.round_number})"


class StandingsSnapshot(models.Model):
    """Standings computed for one results version (``rows``: rules.standings.StandingRow.to_json() list)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="snapshots")
    version = models.PositiveIntegerField()
    computed_at = models.DateTimeField(auto_now_add=True)
    tiebreakers = models.CharField(max_length=16, default="mtg")
    rows = models.JSONField()

    class Meta:
        ordering = ["-version"]
        constraints = [models.UniqueConstraint(fields=["tournament", "version"], name="one_snapshot_per_version")]

    @property
    def system(self) -> TiebreakerSystem | None:
        """The tiebreaker system of the registry (``rules.standings.SYSTEMS``), None if no longer registered."""
        return SYSTEMS.get(self.tiebreakers)

    @property
    def system_description(self) -> str:
        """What the tiebreaker system ranks by."""
        return self.system.description if self.system else self.tiebreakers

    @property
    def system_source(self) -> str:
        """The rules document the tiebreaker system comes from."""
        return self.system.source if self.system else "rules.standings"

    @property
    def columns(self) -> list[tuple[str, str, bool]]:
        """The system's tiebreaker columns after points and W-L-D, from the registry: (row key, heading,
        is a percentage)."""
        return [(c.key, c.heading, c.percent) for c in self.system.columns] if self.system else []

    @property
    def has_placings(self) -> bool:
        """Whether the rows carry final placings (the event had an elimination phase)."""
        return bool(self.rows) and "placing" in self.rows[0]

    @property
    def table(self) -> list[tuple[dict, list[tuple[object, bool]]]]:
        """Each row with its tiebreaker cells: [(row, [(value, is_percentage), ...])]."""
        columns = self.columns
        return [(row, [(row.get(key), percent) for key, _, percent in columns]) for row in self.rows]


class IdempotencyKey(models.Model):
    """A write a user already made with this key (a form's one-time token, or the API's ``Idempotency-Key``
    header): a repeat of the same submit returns the first result instead of doing it again
    (``tournaments.services.idempotency``). ``scope`` names the service, ``target`` what it acted on
    ("tournaments.tournament:7"), ``fingerprint`` a hash of what was sent (the payload) and ``object_id`` its
    result: the same key for another action, target or payload is refused, never answered with this result."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    scope = models.CharField(max_length=40)
    target = models.CharField(max_length=80, blank=True, default="")
    fingerprint = models.CharField(max_length=64, blank=True, default="", help_text="SHA-256 of the payload (hex)")
    object_id = models.BigIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_use_per_idempotency_key")]

    def __str__(self) -> str:
        return f"{self.scope} by {self.user_id}: {self.key}"


class ClaimAttempts(models.Model):
    """The claim codes a user has tried in a tournament in the current window
    (``tournaments.services.check_in.walk_in_claim``): ``attempts`` is counted up in one conditional UPDATE per
    try, so parallel tries never pass the limit."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    attempts = models.PositiveIntegerField(default=0)
    window_started = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_claim_counter_per_user")]

    def __str__(self) -> str:
        return f"{self.attempts} claim attempts by {self.user_id} in {self.tournament_id}"


class UserPreferences(models.Model):
    """A user's own settings, one row per user (created on the first change). ``language``: a code of
    ``settings.LANGUAGES`` ("en", "pt-br", "fr"), "" = follow the browser; saved when a logged-in user uses the
    language switch and activated for them on every request (``tournaments.language.UserLanguageMiddleware``)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    language = models.CharField(max_length=10, choices=settings.LANGUAGES, blank=True, default="")

    def __str__(self) -> str:
        return f"preferences of {self.user_id}: language {self.language or '(browser)'}"


class VerifiedEmail(models.Model):
    """The e-mail address a user proved they own by opening the link mailed to it
    (``tournaments.services.accounts.email_verify``), one row per user. The address is verified while it equals
    the account's ``User.email`` (compared case-insensitively): changing the address on the account page makes
    it unverified until the new one's link is opened. Password reset mails go only to verified addresses."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="verified_email")
    address = models.EmailField(help_text="The address whose link was opened")
    verified_at = models.DateTimeField(help_text="When the link was opened")

    def __str__(self) -> str:
        return f"{self.address} verified by {self.user_id} at {self.verified_at:%Y-%m-%d %H:%M}"


class ApiToken(models.Model):
    """A personal API token (issue 25, item 4): ``Authorization: Bearer <secret>`` acts as ``user`` on every API
    endpoint, with that user's rights (``tournaments.api.authentication.TokenAuthentication``). Only the SHA-256
    of the secret is stored (``key_hash``, hex); the secret is shown once, when it is created
    (``tournaments.services.api_tokens.api_token_create``). A ``read`` token is refused on unsafe methods (403
    ``token_read_only``). ``last_used_at`` is written at most once a minute. A revoked token (``revoked_at``)
    authenticates nobody."""

    class Scope(models.TextChoices):
        READ = "read", _("Read only")
        WRITE = "write", _("Read and write")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    scope = models.CharField(max_length=8, choices=Scope.choices, default=Scope.READ)
    prefix = models.CharField(max_length=12, help_text="The secret's first characters, shown to tell tokens apart")
    key_hash = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the secret, hex")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"token {self.name} ({self.prefix}…) of {self.user_id}"

    @property
    def read_only(self) -> bool:
        return self.scope == self.Scope.READ


class Webhook(models.Model):
    """A tournament's webhook (issue 25, item 3): a JSON POST to ``url`` for each event of ``events``
    (``tournaments.notifications.events.EVENTS``), signed with ``secret`` (HMAC-SHA256 of ``timestamp.body``;
    ``tournaments.services.webhooks``). ``payload_format`` ``discord``: Discord's webhook body ``{"content"}``."""

    class PayloadFormat(models.TextChoices):
        JSON = "json", _("JSON")
        DISCORD = "discord", _("Discord")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    events = models.JSONField(default=list, help_text="The event names sent to this hook")
    payload_format = models.CharField(max_length=8, choices=PayloadFormat.choices, default=PayloadFormat.JSON)
    secret = models.CharField(max_length=64, help_text="The signing key (HMAC-SHA256)")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"webhook {self.pk} of {self.tournament_id} to {self.url}"


class WebhookDelivery(models.Model):
    """One event sent (or being sent) to one webhook: its body, the attempts made, the last response's status
    code or error. ``status``: pending (queued or retrying), succeeded (a 2xx), failed (attempts exhausted or the
    target refused)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        SUCCEEDED = "succeeded", _("succeeded")
        FAILED = "failed", _("failed")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=40)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.event} to webhook {self.webhook_id}: {self.status} after {self.attempts}"


class NotificationEvent(models.TextChoices):
    """What a notification is about (issue 25). The value is the event's stable name (mails, logs, the unsubscribe
    link); the label is what the unsubscribe page and the account page say."""

    ROUND_PAIRED = "round.paired", _("Your table in a new round")
    ROUND_TIME = "round.time", _("Time called in your round")
    RESULT_REPORTED = "result.reported", _("A result to confirm or dispute")
    RESULT_CONFIRMED = "result.confirmed", _("Your result confirmed")
    RESULT_DISPUTED = "result.disputed", _("A disputed result (staff)")
    PLAYER_DROPPED = "player.dropped", _("You were dropped")
    EVENT_FINISHED = "event.finished", _("An event you played finished")
    DECK_REFUSED = "deck.refused", _("Your decklist refused")


class Notification(models.Model):
    """One notification to one user on one channel, and what became of it (the notification log). ``key`` names
    the happening ("round.paired:round=7:v=0"): a task run twice skips who already got it."""

    class Channel(models.TextChoices):
        EMAIL = "email", _("E-mail")
        PUSH = "push", _("Web push")

    class Status(models.TextChoices):
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Failed")
        SKIPPED = "skipped", _("Skipped")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    event = models.CharField(max_length=32, choices=NotificationEvent.choices)
    key = models.CharField(max_length=120, help_text="The happening notified (event and ids): one per user and channel")
    channel = models.CharField(max_length=8, choices=Channel.choices)
    status = models.CharField(max_length=8, choices=Status.choices)
    detail = models.CharField(max_length=300, blank=True, help_text="Why it failed or was skipped (English)")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["key", "channel"], name="notification_key_channel")]

    def __str__(self) -> str:
        return f"{self.event} to {self.user_id} by {self.channel}: {self.status}"


class NotificationOptOut(models.Model):
    """A user stopped the e-mails of one event (``event``) or of every event (``event`` ""), through the signed link
    of a mail (``tournaments.services.notifications.unsubscribe``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    event = models.CharField(max_length=32, blank=True, help_text="The event stopped; \"\": every event")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "event"], name="one_opt_out_per_event")]

    def __str__(self) -> str:
        return f"{self.user_id} stopped {self.event or 'every event'}"


class PushSubscription(models.Model):
    """One browser a user opted in to web push with (the Push API's subscription: its endpoint and keys). Deleted
    when the user opts out or the push service says the subscription is gone (404/410)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200, help_text="The browser's public key (URL-safe base64)")
    auth = models.CharField(max_length=100, help_text="The browser's auth secret (URL-safe base64)")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of {self.user_id}"
