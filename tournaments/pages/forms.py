from __future__ import annotations

import copy
import datetime
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from django import forms
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rules.formats import BUILTIN_FORMATS
from rules.results import COUNT_ORDER
from rules.structures import MAX_SWISS_ROUNDS, TABLE_SIZES

from tournaments.errors import UserError
from tournaments.models import Tournament, structure_choices
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


def _without_deck_out(choices: list[tuple[str, str | Promise]], deck_out: str) -> list[tuple[str, str | Promise]]:
    """Under ``reshuffle`` (Tournament Rules 2.0) no game ends because a draw pile ran out: no such choice."""
    return [c for c in choices if c[0] != "deck_out"] if deck_out == Tournament.DeckOut.RESHUFFLE else choices


def game_choices(deck_out: str) -> list[tuple[str, str | Promise]]:
    """The player's game choices of a duel under the tournament's running-out-of-cards setting."""
    return _without_deck_out(GAME_CHOICES, deck_out)


def organiser_game_choices(names: list[str], deck_out: str = "game_ends") -> list[tuple[str, str | Promise]]:
    """The organiser's game choices of a duel, with the players' names (seat 1 is A, seat 2 is B), under the
    tournament's running-out-of-cards setting."""
    if len(names) != 2:
        return _without_deck_out(ORGANISER_GAME_CHOICES, deck_out)
    a, b = names
    return _without_deck_out([
        ("", "—"), ("a", gettext("%(name)s (A) won") % {"name": a}),
        ("b", gettext("%(name)s (B) won") % {"name": b}), ("drawn", _("Drawn")),
        ("unfinished", _("Unfinished when time was called")),
        ("deck_out", _("A draw pile ran out (the counts decide)")),
        ("mulligan_a", gettext("Two-draw mulligan declared by %(name)s (A)") % {"name": a}),
        ("mulligan_b", gettext("Two-draw mulligan declared by %(name)s (B)") % {"name": b})], deck_out)


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
        {"n": n, "name": f"game-{n}",
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


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    deck_format_id = forms.ChoiceField(label=_("Deck format"),
                                       choices=[(k, f.name) for k, f in BUILTIN_FORMATS.items()])
    victory_condition = forms.ChoiceField(
        label=_("Victory condition"),
        choices=[("", _("Follow the format: 10 realms with 110-card decks, 6 with 55 and 75"))]
        + list(Tournament.Victory.choices), required=False,
        help_text=_("spellfire-tournament-rules-2.0.txt, victory conditions; you may announce the other"))
    deck_out = forms.ChoiceField(
        label=_("When a draw pile runs out"),
        choices=[("", _("Follow the format's rules: reshuffle (Tournament Rules 2.0); the game ends for the "
                      "Brazilian 55-br"))] + list(Tournament.DeckOut.choices), required=False)
    best_of = forms.TypedChoiceField(label=_("Best of"), choices=[(1, _("Best of 1")), (3, _("Best of 3")), (5, _("Best of 5"))], coerce=int,
                                     initial=3)
    structure = forms.ChoiceField(label=_("Structure"), choices=structure_choices)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), min_value=1, max_value=MAX_SWISS_ROUNDS, initial=4)
    top_cut = forms.TypedChoiceField(label=_("Top cut"), choices=Tournament._meta.get_field("top_cut").choices or [], coerce=int,
                                     help_text=_("Swiss or pods: the best players by standing play a bracket"))
    third_place_match = forms.BooleanField(required=False, label=_("Third-place match"))
    random_draw_each_round = forms.BooleanField(
        required=False, label=_("Single elimination: a new random draw every round"),
        help_text=_("No fixed bracket: the players still in are drawn at random each round (spell-battle-rules.txt, "
                  "8. Tournaments)"))
    random_seeding = forms.BooleanField(required=False, label=_("Seed brackets at random"),
                                        help_text=_("Brackets from the first round: a random draw instead of "
                                                  "registration order"))
    bracket_reset = forms.BooleanField(required=False, label=_("Double elimination: bracket reset in the grand final"))
    double_round_robin = forms.BooleanField(required=False, label=_("Round robin: everyone meets everyone twice"))
    table_size = forms.IntegerField(label=_("Players per multiplayer table"), min_value=TABLE_SIZES[0],
                                    max_value=TABLE_SIZES[-1], initial=4, required=False)
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

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zone_choices()  # type: ignore[attr-defined]
        bootstrap(self)

    def clean(self):
        """Results settings left out of the post take their defaults (mtg, unfinished is a draw, 50 minutes); the
        registration deadline is a time in the event's time zone."""
        data = super().clean()
        for name, default in (("tiebreakers", "mtg"), ("end_of_round", Tournament.EndOfRound.UNFINISHED_IS_DRAW),
                              ("round_minutes", 50), ("table_size", 4), ("team_size", 1), ("late_entry_rounds", 0),
                              ("time_zone", "UTC"), ("venue", ""), ("description", "")):
            if name not in self.errors and data.get(name) in (None, ""):
                data[name] = default
        if data.get("registration_deadline"):
            data["registration_deadline"] = in_zone(data["registration_deadline"], data.get("time_zone") or "UTC")
        check_structure(self, data)
        return data


#: The settings of ``tournaments.structure_texts.checked_structure``, as the forms name them.
_STRUCTURE_SETTINGS = ("structure", "swiss_rounds", "top_cut", "table_size", "third_place_match", "random_seeding",
                       "random_draw_each_round", "bracket_reset", "double_round_robin")


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


class TournamentEditForm(forms.ModelForm):
    """Edit the event (``tournaments.services.tournaments.tournament_update``): its details always, its structure
    and results settings until round 1 is paired (then shown read-only: ``locked``). ``reason`` is optional and
    logged. The registration deadline is a time in the event's (new) time zone."""

    reason = forms.CharField(required=False, max_length=500, label=_("Reason for the change (optional, logged)"))

    class Meta:
        model = Tournament
        fields = ["name", "date", "time_zone", "venue", "description", "capacity", "registration_deadline",
                  "optional_rules", "optional_rules_text", "structure", "swiss_rounds", "top_cut", "third_place_match", "best_of", "table_size", "team_size",
                  "late_entry_rounds", "random_seeding", "bracket_reset", "double_round_robin",
                  "random_draw_each_round", "tiebreakers", "tiebreaker_floor", "placement_points", "end_of_round",
                  "round_minutes"]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "registration_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "description": forms.Textarea(attrs={"rows": 4}),
        }
        labels = {"capacity": _("Capacity (players)"), "swiss_rounds": _("Swiss or pods rounds"),
                  "round_minutes": _("Round clock (minutes)"), "table_size": _("Players per multiplayer table")}

    #: Fields of the structure and results settings (locked once round 1 is paired).
    STRUCTURE = ("structure", "swiss_rounds", "top_cut", "third_place_match", "best_of", "table_size", "team_size",
                 "late_entry_rounds", "random_seeding", "bracket_reset", "double_round_robin",
                 "random_draw_each_round", "tiebreakers", "tiebreaker_floor", "placement_points", "end_of_round",
                 "round_minutes")

    def __init__(self, *args, locked: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.locked = locked
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
        self.fields["time_zone"] = forms.ChoiceField(label=_("Time zone"), choices=time_zone_choices(),
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
        for name in ("swiss_rounds", "table_size", "late_entry_rounds", "round_minutes"):
            self.fields[name].required = False
        bootstrap(self)

    def full_clean(self) -> None:
        super().full_clean()
        if self.is_bound:
            bootstrap(self)  # mark the fields with errors

    @property
    def detail_fields(self) -> list:
        return [self[name] for name in ("name", "date", "time_zone", "venue", "description", "capacity",
                                        "registration_deadline", "optional_rules", "optional_rules_text")]

    @property
    def structure_fields(self) -> list:
        return [self[name] for name in self.STRUCTURE]

    def clean(self):
        data = super().clean()
        for name in ("swiss_rounds", "table_size", "late_entry_rounds", "round_minutes"):
            if name not in self.errors and data.get(name) is None:
                data[name] = getattr(self.instance, name)
        if data.get("registration_deadline"):
            data["registration_deadline"] = in_zone(data["registration_deadline"],
                                                    data.get("time_zone") or self.instance.time_zone)
        if not self.locked:
            check_structure(self, data)
        return data

    def _post_clean(self) -> None:
        # The service checks and saves (tournament_update): the form does not write to the instance.
        pass

    def changes(self) -> dict:
        """The posted values of the editable fields, for ``tournament_update``."""
        return {name: self.cleaned_data.get(name) for name in self.Meta.fields
                if not (self.locked and name in self.STRUCTURE)}
