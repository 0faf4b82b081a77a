from __future__ import annotations

import copy
import datetime
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from django import forms
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.conf import settings
from rules.formats import BUILTIN_FORMATS
from rules.limited import DEFAULT_SETS, OFF_THE_TOP_MAX_PER_PLAYER, OFF_THE_TOP_MIN_PER_PLAYER
from rules.results import COUNT_ORDER
from rules.structures import MAX_SWISS_ROUNDS, STRUCTURE_OPTIONS, STRUCTURE_REGISTRY, TABLE_SIZES, StructureSpec

from tournaments.errors import UserError
from tournaments.models import Tournament, structure_choices, structure_label
from tournaments.pages.labels import system_choices as tiebreaker_choices
from tournaments.structure_texts import checked_structure

GAME_CHOICES: list[tuple[str, str | Promise]] = [
    ("", "—"),
    ("me", _("I won")),
    ("opponent", _("My opponent won")),
    ("drawn", _("Drawn")),
    ("unfinished", _("Unfinished when time was called")),
    ("deck_out", _("A draw pile ran out (the counts decide)")),
    ("mulligan_me", _("Two-draw mulligan declared by me")),
    ("mulligan_opponent", _("Two-draw mulligan declared by my opponent")),
]
ORGANISER_GAME_CHOICES: list[tuple[str, str | Promise]] = [
    ("", "—"),
    ("a", _("Player A won")),
    ("b", _("Player B won")),
    ("drawn", _("Drawn")),
    ("unfinished", _("Unfinished when time was called")),
    ("deck_out", _("A draw pile ran out (the counts decide)")),
    ("mulligan_a", _("Two-draw mulligan declared by player A")),
    ("mulligan_b", _("Two-draw mulligan declared by player B")),
]


#: The deck-out choice of an event of the Brazilian rules (``Tournament.deck_out_at_last_card``): the game ends when
#: a player puts down his last card (spellfire-regras-pt-br.txt, VENCENDO), recorded as a deck-out all the same.
LAST_CARD_CHOICE = _("A player put down their last card (the counts decide)")


def _without_deck_out(choices: list[tuple[str, str | Promise]], deck_out: str,
                      last_card: bool = False) -> list[tuple[str, str | Promise]]:
    """Under ``reshuffle`` (Tournament Rules 2.0) no game ends because a draw pile ran out: no such choice. Under
    the Brazilian rules (``last_card``) the deck-out choice says the game ended at a player's last card."""
    if deck_out == Tournament.DeckOut.RESHUFFLE:
        return [c for c in choices if c[0] != "deck_out"]
    if last_card:
        return [(value, LAST_CARD_CHOICE if value == "deck_out" else label) for value, label in choices]
    return choices


def game_choices(deck_out: str, *, last_card: bool = False) -> list[tuple[str, str | Promise]]:
    """The player's game choices of a duel under the tournament's running-out-of-cards setting (``last_card``:
    the game ends at a player's last card, ``Tournament.deck_out_at_last_card``)."""
    return _without_deck_out(GAME_CHOICES, deck_out, last_card)


def organiser_game_choices(names: list[str], deck_out: str = "game_ends", *,
                           last_card: bool = False) -> list[tuple[str, str | Promise]]:
    """The organiser's game choices of a duel, with the players' names (seat 1 is A, seat 2 is B), under the
    tournament's running-out-of-cards setting (``last_card`` as for :func:`game_choices`)."""
    if len(names) != 2:
        return _without_deck_out(ORGANISER_GAME_CHOICES, deck_out, last_card)
    a, b = names
    return _without_deck_out([
        ("", "—"), ("a", gettext("%(name)s (A) won") % {"name": a}),
        ("b", gettext("%(name)s (B) won") % {"name": b}), ("drawn", _("Drawn")),
        ("unfinished", _("Unfinished when time was called")),
        ("deck_out", _("A draw pile ran out (the counts decide)")),
        ("mulligan_a", gettext("Two-draw mulligan declared by %(name)s (A)") % {"name": a}),
        ("mulligan_b", gettext("Two-draw mulligan declared by %(name)s (B)") % {"name": b})], deck_out, last_card)


COUNT_LABELS = {
    "unrazed_realms": _("Unrazed realms"),
    "razed_realms": _("Razed realms"),
    "holdings": _("Holdings"),
    "champions": _("Champions"),
    "champion_levels": _("Champion levels"),
    "draw_pile": _("Cards left in the draw pile"),
}


def slip_rows(best_of: int) -> int:
    """Game rows on a slip: best_of × 3, room for the longest legal sequence (each of the N games preceded by
    two two-draw mulligans, the most one player may declare in a row: spellfire-tournament-rules-2.0.txt,
    Two-Draw Mulligan)."""
    return best_of * 3


def game_rows(best_of: int) -> list[dict]:
    """The rows of a report form: each game's outcome field and its end-of-game count fields.

    ``[{"n": 1, "name": "game-1", "counts": [{"label", "a": field name, "b": field name}, ...]}]``;
    ``slip_rows(best_of)`` rows: every legal sequence fits.
    """
    return [
        {"n": n, "name": f"game-{n}", "first": f"first-{n}", "mull": f"mull-{n}",
         "counts": [{"label": COUNT_LABELS.get(c, c), "a": f"counts-{n}-a-{c}", "b": f"counts-{n}-b-{c}"}
                    for c in COUNT_ORDER]}
        for n in range(1, slip_rows(best_of) + 1)
    ]


def bootstrap(form: forms.BaseForm) -> None:
    """Give every widget its Bootstrap class (``form-control``, ``form-select``, ``form-check-input``), marked
    ``is-invalid`` when the field has an error."""
    for name, field in form.fields.items():
        widget = field.widget
        if isinstance(widget, (forms.CheckboxInput, forms.CheckboxSelectMultiple)):
            css = "form-check-input"
        elif isinstance(widget, forms.Select):
            css = "form-select"
        else:
            css = "form-control"
        if form.is_bound and name in form.errors:
            css += " is-invalid"
        widget.attrs["class"] = css


class StructureFirst:
    """What the create and edit forms share (``fragments/structure_choice.html``, ``structure_options.html``,
    ``time_zones.html``): the chosen structure (``chosen_structure``, its name and label), the removal of the
    other structures' options, and the time zones the time-zone field suggests."""

    chosen_structure: str
    fields: dict[str, forms.Field]

    @property
    def structure_name(self) -> str:
        return self.chosen_structure

    @property
    def structure_label(self) -> Any:
        return structure_label(self.chosen_structure)

    @property
    def time_zone_choices(self) -> list[tuple[str, str]]:
        return time_zone_choices()

    def keep_only_its_options(self) -> None:
        """Remove the fields of ``STRUCTURE_FIELDS`` the chosen structure does not read."""
        for name in STRUCTURE_FIELDS:
            if name not in fields_of_structure(self.chosen_structure):
                del self.fields[name]


class TournamentForm(StructureFirst, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    deck_format_id = forms.ChoiceField(label=_("Deck format"),
                                       choices=[(k, f.name) for k, f in BUILTIN_FORMATS.items()])
    victory_condition = forms.ChoiceField(
        label=_("Victory condition"),
        choices=[("", _("Follow the format: 10 realms with 110-card decks, 6 with 55 and 75"))]
        + list(Tournament.Victory.choices), required=False,
        help_text=_("Spellfire Tournament Rules 2.0, victory conditions; you may announce the other"))
    deck_out = forms.ChoiceField(
        label=_("When a draw pile runs out"),
        choices=[("", _("Follow the format's rules: reshuffle (Tournament Rules 2.0); the game ends for the "
                      "Brazilian 55-br"))] + list(Tournament.DeckOut.choices), required=False)
    best_of = forms.TypedChoiceField(label=_("Best of"), choices=[(1, _("Best of 1")), (3, _("Best of 3")), (5, _("Best of 5"))], coerce=int,
                                     initial=3)
    structure = forms.ChoiceField(label=_("Structure"), choices=structure_choices, widget=forms.RadioSelect)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), min_value=1, max_value=MAX_SWISS_ROUNDS, initial=4)
    top_cut = forms.TypedChoiceField(label=_("Top cut"), choices=Tournament._meta.get_field("top_cut").choices or [], coerce=int,
                                     help_text=_("Swiss or pods: the best players by standing play a bracket"))
    third_place_match = forms.BooleanField(required=False, label=_("Third-place match"))
    random_draw_each_round = forms.BooleanField(
        required=False, label=_("Single elimination: a new random draw every round"),
        help_text=_("No fixed bracket: the players still in are drawn at random each round (Spell Battle Rules, "
                  "8. Tournaments)"))
    random_seeding = forms.BooleanField(required=False, label=_("Seed brackets at random"),
                                        help_text=_("Brackets from the first round: a random draw instead of "
                                                  "registration order"))
    bracket_reset = forms.BooleanField(required=False, label=_("Double elimination: bracket reset in the grand final"))
    double_round_robin = forms.BooleanField(required=False, label=_("Round robin: everyone meets everyone twice"))
    table_size = forms.IntegerField(label=_("Players per multiplayer table"), min_value=TABLE_SIZES[0],
                                    max_value=TABLE_SIZES[-1], initial=4, required=False)
    fixed_table_size = forms.BooleanField(
        required=False, label=_("Table size fixed ahead of time"),
        help_text=_("Every table has exactly that many players; those left over get a bye instead of a smaller "
                    "table (Spell Battle Rules, 8. Tournaments)"))
    team_size = forms.TypedChoiceField(label=_("Teams"),
                                       choices=Tournament._meta.get_field("team_size").choices or [],
                                       coerce=int, initial=1, required=False)
    late_entry_rounds = forms.IntegerField(label=_("Accept late entries until round"), min_value=0, max_value=20,
                                           initial=0, required=False,
                                           help_text=_("0: no late entries. Late entrants join with no points."))
    tiebreakers = forms.ChoiceField(label=_("Tiebreaker system"), initial="mtg", required=False,
                                    choices=tiebreaker_choices)
    tiebreaker_floor = forms.CharField(
        label=_("Win-percentage floor"), required=False, max_length=16,
        help_text=_("e.g. 1/3 or 0.33; leave blank for the system's default (1/3; Pokémon 1/4; not used by buchholz)"))
    placement_points = forms.CharField(
        label=_("Placement points (pods)"), required=False, max_length=64,
        help_text=_("Points for 1st, 2nd, 3rd, 4th at a multiplayer table, e.g. 5,3,2,1; only for the pods system"))
    end_of_round = forms.ChoiceField(label=_("When time is called"), choices=Tournament.EndOfRound.choices,
                                     required=False)
    round_minutes = forms.IntegerField(label=_("Round clock (minutes)"), min_value=10, max_value=240, initial=50,
                                       required=False)
    clock_start = forms.ChoiceField(label=_("The round clock starts"), choices=Tournament.ClockStart.choices,
                                    initial=Tournament.ClockStart.AT_PAIRING, required=False,
                                    help_text=_("By hand: each round is paired with its clock stopped and a \"Start "
                                                "the clock\" button"))
    check_in_required = forms.BooleanField(
        label=_("Players must check in before round 1"), required=False,
        help_text=_("Round 1 is not paired while a player has not checked in: you drop them as no-shows or wait"))
    check_in_deadline = forms.DateTimeField(
        label=_("Check-in deadline"), required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("In the event's time zone; blank: until you close check-in"))
    pairings_as_draft = forms.BooleanField(
        required=False, label=_("Review each round's pairings before players see them"),
        help_text=_("Pairing a round makes a draft only the staff sees; you publish it when it is right"))

    time_zone = forms.ChoiceField(label=_("Time zone"), initial="UTC", required=False,
                                  help_text=_("Every time on the event's pages is shown in it"))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False,
                            help_text=_("Where the event is played"))
    description = forms.CharField(label=_("Description"), required=False, max_length=4000,
                                  widget=forms.Textarea(attrs={"rows": 4}),
                                  help_text=_("What players should know (plain text)"))
    capacity = forms.IntegerField(label=_("Capacity (players)"), min_value=2, max_value=100000, required=False,
                                  help_text=_("Most players; further players join the waiting list. Blank: no limit"))
    optional_rules = forms.MultipleChoiceField(
        label=_("Optional rules in use"), choices=Tournament.OptionalRule.choices, required=False,
        widget=forms.CheckboxSelectMultiple, help_text=_("Posted to the players (Tournament Rules 2.0)"))
    optional_rules_text = forms.CharField(label=_("Other optional rules"), required=False, max_length=1000,
                                          widget=forms.Textarea(attrs={"rows": 2}))
    registration_deadline = forms.DateTimeField(
        label=_("Registration deadline"), required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("In the event's time zone; blank: until you close registration"))

    #: The event's own details (shown after the structure's options); every other field not a structure option
    #: is a game or standings setting (``game_fields``).
    DETAILS = ("name", "date", "time_zone", "venue", "description", "capacity", "registration_deadline")

    def __init__(self, *args, structure: str | None = None, zone: str = "UTC", **kwargs) -> None:
        """``structure``: the structure whose options the form shows and reads (``shown_structure``; else the
        posted one, else the registry's first); the options of the other structures are not fields at all and
        take their defaults (``STRUCTURE_DEFAULTS``). ``zone``: the time zone offered first (the organiser's last
        event's)."""
        super().__init__(*args, **kwargs)
        if structure is None and self.is_bound:
            structure = self.data.get("structure")
        self.chosen_structure = structure if structure in STRUCTURE_REGISTRY else next(iter(STRUCTURE_REGISTRY))
        self.fields["structure"].initial = self.chosen_structure
        self.keep_only_its_options()
        self.fields["time_zone"] = TimeZoneField(label=_("Time zone"), initial=zone, required=False,
                                                 help_text=_("Every time on the event's pages is shown in it"))
        if not zone:
            # no earlier event: the browser's zone (static/new_tournament.js), else UTC
            self.fields["time_zone"].widget.attrs.update({"data-fill-zone": "", "placeholder": "UTC"})
        bootstrap(self)

    @property
    def spec(self) -> StructureSpec:
        return STRUCTURE_REGISTRY[self.chosen_structure]

    @property
    def option_fields(self) -> list:
        """The chosen structure's own options (``fields_of_structure``), as bound fields."""
        return [self[name] for name in STRUCTURE_FIELDS if name in self.fields]

    @property
    def detail_fields(self) -> list:
        return [self[name] for name in self.DETAILS]

    @property
    def game_fields(self) -> list:
        """Every other field: the deck format, best of N, the results and standings settings, the clock."""
        return [self[name] for name in self.fields
                if name != "structure" and name not in STRUCTURE_FIELDS and name not in self.DETAILS]

    def clean(self):
        """Results settings left out of the post take their defaults (mtg, unfinished is a draw, 50 minutes), the
        options of other structures theirs (``STRUCTURE_DEFAULTS``); the registration deadline is a time in the
        event's time zone."""
        data = super().clean()
        for name, default in (("tiebreakers", "mtg"), ("end_of_round", Tournament.EndOfRound.UNFINISHED_IS_DRAW),
                              ("round_minutes", 50), ("table_size", 4), ("team_size", 1), ("late_entry_rounds", 0),
                              ("time_zone", "UTC"), ("venue", ""), ("description", ""),
                              ("clock_start", Tournament.ClockStart.AT_PAIRING), *STRUCTURE_DEFAULTS.items()):
            if name not in self.errors and data.get(name) in (None, ""):
                data[name] = default
        for name in ("registration_deadline", "check_in_deadline"):
            if data.get(name):
                data[name] = in_zone(data[name], data.get("time_zone") or "UTC")
        check_structure(self, data)
        return data


#: The form fields only some structures read, and which: the registry's options (``StructureSpec.options``), teams
#: (not at multiplayer tables), late entries (a Swiss or pods phase) and placement points (multiplayer tables).
def _reads(option: str) -> Callable[[StructureSpec], bool]:
    return lambda spec: option in spec.options


STRUCTURE_FIELDS: dict[str, Callable[[StructureSpec], bool]] = {
    **{name: _reads(name) for name in STRUCTURE_OPTIONS},
    # the Django layer keeps no Swiss rounds and no top cut without a Swiss phase (structure_texts.checked_structure)
    "swiss_rounds": lambda spec: spec.swiss_phase and "swiss_rounds" in spec.options,
    "top_cut": lambda spec: spec.swiss_phase and "top_cut" in spec.options,
    "team_size": lambda spec: not spec.multiplayer,
    "late_entry_rounds": lambda spec: spec.swiss_phase,
    "placement_points": lambda spec: spec.multiplayer,
}
#: What a structure that does not read a field gets (``tournaments.services.tournament_create``'s defaults).
STRUCTURE_DEFAULTS: dict[str, Any] = {"swiss_rounds": 0, "top_cut": 0, "third_place_match": False,
                                      "random_seeding": False, "random_draw_each_round": False,
                                      "bracket_reset": False, "double_round_robin": False, "table_size": 4,
                                      "fixed_table_size": False,
                                      "team_size": 1, "late_entry_rounds": 0, "placement_points": ""}


def fields_of_structure(structure: str) -> list[str]:
    """The fields of ``STRUCTURE_FIELDS`` the registered structure ``structure`` reads, in form order ([] for a
    name not registered)."""
    spec = STRUCTURE_REGISTRY.get(structure)
    return [name for name, reads in STRUCTURE_FIELDS.items() if spec is not None and reads(spec)]


class TimeZoneField(forms.CharField):
    """An IANA time zone typed or picked from a list (``<input list>`` with a ``<datalist>`` of
    ``time_zone_choices``: searchable as you type, fits a phone), checked against ``zoneinfo``'s names."""

    widget = forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off", "spellcheck": "false"})

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=64, **kwargs)

    def clean(self, value: Any) -> Any:
        value = super().clean(value)
        if value:
            value = value.strip().replace(" ", "_")
            names = {name.casefold(): name for name in available_timezones()}
            if value.casefold() not in names:
                raise forms.ValidationError(
                    _("'%(zone)s' is not a time zone: type a city of the zone, e.g. Europe/Paris or America/Sao "
                      "Paulo, and pick it from the list."), code="time_zone", params={"zone": value})
            value = names[value.casefold()]
        return value


#: The settings of ``tournaments.structure_texts.checked_structure``, as the forms name them.
_STRUCTURE_SETTINGS = ("structure", "swiss_rounds", "top_cut", "table_size", "third_place_match", "random_seeding",
                       "random_draw_each_round", "bracket_reset", "double_round_robin", "fixed_table_size")


def check_structure(form: forms.BaseForm, data: dict) -> None:
    """The rules' judgement of the structure settings in ``data`` (``checked_structure``: the registry's
    structure and ``rules.structures.validate_structure``, the same call as the service's), as a form error on
    the refused setting's field; nothing when a setting has an error of its own already."""
    if any(name in form.errors for name in _STRUCTURE_SETTINGS) or data.get("structure") is None:
        return
    try:
        settings: dict[str, Any] = {name: data.get(name) for name in _STRUCTURE_SETTINGS}
        checked_structure(**settings)
    except UserError as exc:
        form.add_error(exc.code if exc.code in form.fields else None, exc.message)


def time_zone_choices() -> list[tuple[str, str]]:
    """Every IANA time zone this machine knows (``zoneinfo.available_timezones``), sorted, as form choices."""
    return [(name, name.replace("_", " ")) for name in sorted(available_timezones())]


def in_zone(value: datetime.datetime, zone: str) -> datetime.datetime:
    """The wall-clock time a form read (made aware in whatever zone was active) as a time in ``zone``: a
    deadline typed as 18:00 is 18:00 at the event, whatever its time zone."""
    naive = timezone.make_naive(value) if timezone.is_aware(value) else value
    try:
        return timezone.make_aware(naive, ZoneInfo(zone))
    except (ValueError, KeyError):
        return timezone.make_aware(naive, ZoneInfo("UTC"))


class TournamentEditForm(StructureFirst, forms.ModelForm):
    """Edit the event (``tournaments.services.tournaments.tournament_update``): its details always, its structure
    and results settings until round 1 is paired (then shown read-only: ``locked``). ``reason`` is optional and
    logged. The registration deadline is a time in the event's (new) time zone."""

    reason = forms.CharField(required=False, max_length=500, label=_("Reason for the change (optional, logged)"))

    class Meta:
        model = Tournament
        fields = ["name", "date", "time_zone", "venue", "description", "capacity", "registration_deadline",
                  "clock_start", "check_in_required", "check_in_deadline", "optional_rules", "optional_rules_text",
                  "structure", "swiss_rounds", "top_cut",
                  "third_place_match", "best_of", "table_size", "fixed_table_size", "team_size",
                  "late_entry_rounds", "random_seeding", "bracket_reset", "double_round_robin",
                  "random_draw_each_round", "tiebreakers", "tiebreaker_floor", "placement_points", "end_of_round",
                  "round_minutes", "pairings_as_draft"]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "registration_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "check_in_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "description": forms.Textarea(attrs={"rows": 3}),
        }
        labels = {"capacity": _("Capacity (players)"), "swiss_rounds": _("Swiss or pods rounds"),
                  "round_minutes": _("Round clock (minutes)"), "table_size": _("Players per multiplayer table")}

    #: Fields of the structure and results settings (locked once round 1 is paired).
    STRUCTURE = ("structure", "swiss_rounds", "top_cut", "third_place_match", "best_of", "table_size",
                 "fixed_table_size", "team_size",
                 "late_entry_rounds", "random_seeding", "bracket_reset", "double_round_robin",
                 "random_draw_each_round", "tiebreakers", "tiebreaker_floor", "placement_points", "end_of_round",
                 "round_minutes")

    def __init__(self, *args, locked: bool = False, structure: str | None = None, **kwargs) -> None:
        """``structure`` (until round 1 is paired): the structure whose options the form shows and reads (else the
        event's); the options of the other structures are not fields and take their defaults, as on the create
        form (``STRUCTURE_FIELDS``). Once ``locked``, every setting is shown, read-only."""
        super().__init__(*args, **kwargs)
        self.locked = locked
        self.chosen_structure = (structure if structure in STRUCTURE_REGISTRY and not locked
                                 else self.instance.structure)
        # the labels and help of the creation form (translated), where the two forms share a field
        for name, field in self.fields.items():
            twin = TournamentForm.base_fields.get(name)
            if twin is not None and name not in ("swiss_rounds", "capacity"):
                field.label = twin.label
                field.help_text = twin.help_text
        for name in ("optional_rules", "optional_rules_text"):  # the creation form's fields
            self.fields[name] = copy.deepcopy(TournamentForm.base_fields[name])
        self.fields["structure"] = forms.ChoiceField(label=TournamentForm.base_fields["structure"].label,
                                                     choices=structure_choices)
        self.fields["time_zone"] = TimeZoneField(label=_("Time zone"),
                                                 help_text=_("Every time on the event's pages is shown in it"))
        self.fields["tiebreakers"] = forms.ChoiceField(
            label=_("Tiebreaker system"), choices=tiebreaker_choices)
        self.fields["capacity"].help_text = _("Further players join the waiting list. Blank: no limit")
        self.fields["registration_deadline"].help_text = gettext(
            "In the event's time zone (%(zone)s); blank: until you close registration") % {
                "zone": self.instance.time_zone}
        for name in self.STRUCTURE:
            self.fields[name].required = self.fields[name].required and not locked
            if locked:
                self.fields[name].disabled = True
        for name in ("swiss_rounds", "table_size", "late_entry_rounds", "round_minutes", "clock_start"):
            self.fields[name].required = False
        if not locked:
            self.fields["structure"].widget = forms.RadioSelect(choices=structure_choices())
            self.fields["structure"].initial = self.chosen_structure
            self.initial["structure"] = self.chosen_structure
            self.keep_only_its_options()
        if self.instance.is_off_the_top:
            self.add_pool_fields()
        bootstrap(self)

    #: The off-the-top pool settings (``tournaments.services.off_the_top.pool_settings_checked``): fields only for an
    #: off-the-top event, editable until it is finished (they apply from the next pairing).
    POOLS = ("pool_sets", "pool_card_list", "pool_list_forget", "pool_cards_per_player")

    def add_pool_fields(self) -> None:
        """The shared pools' settings, for an off-the-top event: the sets, or the organiser's own list (an upload
        replaces the stored one; "forget" goes back to the sets), and the cards per player."""
        instance = self.instance
        self.fields["pool_sets"] = forms.CharField(
            label=_("Sets the shared pools come from"), required=False, max_length=200,
            initial=", ".join(instance.pool_sets or ()),
            help_text=_("Set codes, e.g. 4th, 1st: the packs come from them in turn. Blank: %(sets)s.") % {
                "sets": ", ".join(DEFAULT_SETS)})
        self.fields["pool_card_list"] = forms.FileField(
            label=_("…or your own card list (text, .cfd or .dek)"), required=False,
            help_text=_("Each match's shared pool is dealt from it at random, no card more often than the list has "
                        "it; it needs at least the cards of a duel's pool"))
        if instance.pool_cards:
            self.fields["pool_list_forget"] = forms.BooleanField(
                label=_("Deal from the sets again instead of your list of %(count)s cards") % {
                    "count": len(instance.pool_cards)}, required=False)
        self.fields["pool_cards_per_player"] = forms.IntegerField(
            label=_("Cards per player in a shared pool"), min_value=OFF_THE_TOP_MIN_PER_PLAYER,
            max_value=OFF_THE_TOP_MAX_PER_PLAYER, initial=instance.pool_cards_per_player,
            help_text=_("Spell Battle Rules, 8. Tournaments: about 50 (100 cards for a duel)"))
        for name in self.POOLS:
            if name in self.fields and self.instance.status == Tournament.Status.FINISHED:
                self.fields[name].disabled = True

    @property
    def pool_fields(self) -> list:
        """The off-the-top pool settings, as bound fields ([] for another event)."""
        return [self[name] for name in self.POOLS if name in self.fields]

    def clean_pool_card_list(self) -> Any:
        upload = self.cleaned_data.get("pool_card_list")
        if upload and upload.size > settings.DECKLIST_MAX_BYTES:
            raise forms.ValidationError(_("The card list is too large: the limit is %(limit)s bytes."),
                                        code="too_large", params={"limit": settings.DECKLIST_MAX_BYTES})
        return upload

    def pool_changes(self) -> dict:
        """The posted pool settings, for ``tournament_update`` (``POOL_INPUTS``); {} for another event."""
        if "pool_sets" not in self.fields or self.fields["pool_sets"].disabled:
            return {}
        changes: dict[str, Any] = {"pool_sets": self.cleaned_data.get("pool_sets") or "",
                                   "pool_cards_per_player": self.cleaned_data.get("pool_cards_per_player")}
        upload = self.cleaned_data.get("pool_card_list")
        if upload:
            changes["pool_card_list"] = upload.read()
            changes["pool_card_list_name"] = upload.name or ""
        elif self.cleaned_data.get("pool_list_forget"):
            changes["pool_cards"] = []
        return changes

    @property
    def option_fields(self) -> list:
        """The chosen structure's own options (``fields_of_structure``), as bound fields (until round 1 is paired)."""
        return [self[name] for name in STRUCTURE_FIELDS if name in self.fields and not self.locked]


    def full_clean(self) -> None:
        super().full_clean()
        if self.is_bound:
            bootstrap(self)  # mark the fields with errors

    @property
    def detail_fields(self) -> list:
        return [self[name] for name in ("name", "date", "time_zone", "venue", "description", "capacity",
                                        "registration_deadline", "clock_start", "check_in_required",
                                        "check_in_deadline", "pairings_as_draft", "optional_rules",
                                        "optional_rules_text")]

    @property
    def structure_fields(self) -> list:
        """Once locked, the event's structure and results settings (read-only): the ones no structure owns (best of
        N, tiebreakers, the end of round, the clock) and its structure's own (``fields_of_structure``: a Swiss
        event shows no bracket reset); before, only the ones no structure owns: the structure's own are
        ``option_fields``."""
        own = fields_of_structure(self.chosen_structure) if self.locked else []
        return [self[name] for name in self.STRUCTURE if name in self.fields
                and (name not in STRUCTURE_FIELDS or name in own)]

    def clean(self):
        data = super().clean()
        if not self.locked:
            for name, default in STRUCTURE_DEFAULTS.items():
                if name not in self.fields:
                    data[name] = default
        for name in ("swiss_rounds", "table_size", "late_entry_rounds", "round_minutes", "clock_start"):
            if name not in self.errors and data.get(name) in (None, ""):
                data[name] = getattr(self.instance, name)
        for name in ("registration_deadline", "check_in_deadline"):
            if data.get(name):
                data[name] = in_zone(data[name], data.get("time_zone") or self.instance.time_zone)
        if not self.locked:
            check_structure(self, data)
        return data

    def _post_clean(self) -> None:
        # The service checks and saves (tournament_update): the form does not write to the instance.
        pass

    def changes(self) -> dict:
        """The posted values of the editable fields, for ``tournament_update``."""
        return {**{name: self.cleaned_data.get(name) for name in self.Meta.fields
                   if not (self.locked and name in self.STRUCTURE)}, **self.pool_changes()}
