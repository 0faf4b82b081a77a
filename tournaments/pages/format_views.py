"""The tournament's deck format page: everyone reads it; the organiser changes it before the lock.

``/t/<pk>/format/`` shows the frozen format (size, level cap, free avatars, type table,
banned and restricted cards, allowed sets, CrossFire group limits) with its version: a GET is
``format_page`` (public), a POST ``format_change`` (organiser).
The organiser gets two forms: start again from a built-in format or a CrossFire .cff
upload, and edit any limit, ban or restrict cards, restrict sets. Both call
``services.tournament_format_set``, which checks permissions, the lock and the limits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext, gettext_lazy
from rules.cards import Catalogue, UnknownCard
from rules.formats import BUILTIN_FORMATS, CHAMPION_TYPES, DeckFormat, allowed_sets

from tournaments import services
from tournaments.catalogue import get_catalogue
from tournaments.errors import NotAllowed, UserError
from tournaments.models import AuditEntry, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.presenters import game_start, tiebreaker_text
from tournaments.rule_texts import error_text
from tournaments.services.formats import MAX_CFF_BYTES
from tournaments.services.permissions import is_tournament_organiser

_RESTRICT_LINE = re.compile(r"^(.*?)\s*[=:]\s*(\d+)\s*$")


def _distinct_cards(keys, catalogue: Catalogue) -> list[str]:
    """One label per card identity among ``keys`` (a banned card lists every printing)."""
    seen: dict[tuple[str, str], str] = {}
    for key in keys:
        if key in catalogue:
            card = catalogue.get(key)
            seen.setdefault(card.identity, f"{card.name} ({card.key})")
    return sorted(seen.values())


def format_summary(fmt: DeckFormat, catalogue: Catalogue) -> dict:
    """What the page shows of a format: the type table, banned/restricted names, sets, group rows."""
    restricted: dict[tuple[str, str], str] = {}
    for key, copies in fmt.restricted:
        if key in catalogue:
            card = catalogue.get(key)
            restricted.setdefault(card.identity, f"{card.name} ({card.key}) = {copies}")
    groups = [group for group in fmt.group_limits if group.kind != "set" or group.maximum != 0]
    return {
        "fmt": fmt,
        "banned": _distinct_cards(fmt.banned, catalogue),
        "restricted": sorted(restricted.values()),
        "allowed": _distinct_cards(fmt.allowed, catalogue),
        "sets": allowed_sets(fmt, catalogue),
        "groups": [g for g in groups if g.minimum > 0 or g.maximum is not None and g.maximum < fmt.total],
    }


class FormatBaseForm(forms.Form):
    """Start again from a built-in format or a CrossFire .cff file."""

    base = forms.ChoiceField(label=gettext_lazy("Built-in format"), required=False,
                             choices=[("", "—")] + [(k, f.name) for k, f in BUILTIN_FORMATS.items()])
    cff = forms.FileField(label=gettext_lazy("…or a CrossFire .cff format file"), required=False)
    reason = forms.CharField(label=gettext_lazy("Reason (logged)"), max_length=500)

    def clean_cff(self):
        upload = self.cleaned_data.get("cff")
        if upload is not None and upload.size > MAX_CFF_BYTES:
            raise forms.ValidationError(
                gettext_lazy("The file is %(size)s KB; a CrossFire .cff format file is a few kilobytes (at most %(limit)s KB)."),
                code="too_large", params={"size": upload.size // 1024, "limit": MAX_CFF_BYTES // 1024})
        return upload

    def clean(self):
        data = super().clean()
        if not data.get("base") and not data.get("cff") and "cff" not in self.errors:
            raise forms.ValidationError(gettext_lazy("Choose a built-in format or a .cff file."))
        if data.get("base") and data.get("cff"):
            raise forms.ValidationError(gettext_lazy("Choose a built-in format or a .cff file, not both."))
        return data


def _slug(card_type: str) -> str:
    return card_type.lower().replace(" ", "_")


class FormatEditForm(forms.Form):
    """Every limit of the current format, prefilled; banned/restricted cards as text; allowed sets."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    total = forms.IntegerField(label=gettext_lazy("Cards in the deck"), min_value=1, max_value=10_000)
    champion_level_cap = forms.IntegerField(label=gettext_lazy("Champion level cap"), min_value=0)
    free_avatars = forms.IntegerField(label=gettext_lazy("Free avatars"), min_value=0, max_value=10)
    max_dungeon_cards = forms.IntegerField(label=gettext_lazy("Dungeon cards on top"), min_value=0, max_value=10)
    max_copies = forms.IntegerField(label=gettext_lazy("Copies of one card"), min_value=1, max_value=99)
    banned = forms.CharField(label=gettext_lazy("Banned cards (one per line: a name or SET/NUMBER)"), required=False,
                             widget=forms.Textarea(attrs={"rows": 4}))
    restricted = forms.CharField(label=gettext_lazy("Restricted cards (one per line: card = copies)"), required=False,
                                 widget=forms.Textarea(attrs={"rows": 3}))
    sets = forms.MultipleChoiceField(label=gettext_lazy("Sets allowed"), required=False, widget=forms.CheckboxSelectMultiple)
    community_cards = forms.BooleanField(label=gettext_lazy("Brazilian community sets allowed"), required=False)
    reason = forms.CharField(label=gettext_lazy("Reason (logged)"), max_length=500)

    def __init__(self, data: Mapping[str, Any] | None = None,
                 files: MultiValueDict[str, UploadedFile] | None = None, *, fmt: DeckFormat,
                 catalogue: Catalogue, initial: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        """The fields prefilled from ``fmt``; a caller's ``initial`` overrides those values."""
        summary = format_summary(fmt, catalogue)
        every_set = sorted({card.set_code for card in catalogue}) + ["FAN"]
        prefilled: dict[str, Any] = {
            "name": fmt.name, "total": fmt.total, "champion_level_cap": fmt.champion_level_cap,
            "free_avatars": fmt.free_avatars, "max_dungeon_cards": fmt.max_dungeon_cards,
            "max_copies": fmt.max_copies,
            "banned": "\n".join(summary["banned"]),
            "restricted": "\n".join(summary["restricted"]),
            "sets": summary["sets"] if summary["sets"] is not None else every_set,
            "community_cards": fmt.community_cards,
        }
        for limit in fmt.type_limits:
            prefilled[f"min_{_slug(limit.card_type)}"] = limit.minimum
            prefilled[f"max_{_slug(limit.card_type)}"] = limit.maximum
        super().__init__(data, files, initial={**prefilled, **(initial or {})}, **kwargs)
        self.fmt, self.catalogue, self.every_set = fmt, catalogue, every_set
        sets_field = self.fields["sets"]
        assert isinstance(sets_field, forms.MultipleChoiceField)
        sets_field.choices = [(code, code) for code in every_set]
        self.type_rows = []
        for limit in fmt.type_limits:
            slug = _slug(limit.card_type)
            self.fields[f"min_{slug}"] = forms.IntegerField(label=f"{limit.card_type} minimum", min_value=0)
            self.fields[f"max_{slug}"] = forms.IntegerField(label=f"{limit.card_type} maximum", min_value=0,
                                                            required=False)
            self.type_rows.append((limit.card_type, self[f"min_{slug}"], self[f"max_{slug}"]))
        champions = {limit.card_type: limit for limit in fmt.champion_type_limits}
        self.champion_rows = []
        for champion_type in CHAMPION_TYPES:
            slug = _slug(champion_type)
            champion_limit = champions.get(champion_type)
            self.fields[f"cmin_{slug}"] = forms.IntegerField(
                label=f"{champion_type} minimum", min_value=0, required=False,
                initial=champion_limit.minimum if champion_limit else None)
            self.fields[f"cmax_{slug}"] = forms.IntegerField(
                label=f"{champion_type} maximum", min_value=0, required=False,
                initial=champion_limit.maximum if champion_limit else None)
            self.champion_rows.append((champion_type, self[f"cmin_{slug}"], self[f"cmax_{slug}"]))
        chase = fmt.chase_limit
        self.fields["chase_min"] = forms.IntegerField(label=gettext_lazy("Chase cards minimum"), min_value=0, required=False,
                                                      initial=chase[0] if chase else None)
        self.fields["chase_max"] = forms.IntegerField(label=gettext_lazy("Chase cards maximum"), min_value=0, required=False,
                                                      initial=chase[1] if chase else None)

    @property
    def plain_fields(self) -> list:
        """The fields shown one per line (numbers, banned and restricted cards)."""
        return [self[name] for name in ("name", "total", "champion_level_cap", "free_avatars", "max_dungeon_cards",
                                        "max_copies", "banned", "restricted", "community_cards")]

    def _cards(self, text: str, field: str) -> list[str]:
        keys, unknown = [], []
        for line in text.splitlines():
            line = line.strip()
            if not line:
                continue
            query = re.sub(r"\s*\(([^()]*)\)$", "", line) if field == "banned" else line
            key = re.search(r"\(([^()]*)\)$", line)
            try:
                keys.append(self.catalogue.resolve(key.group(1) if key else query).key)
            except UnknownCard as exc:
                unknown.append(error_text(exc))  # in the reader's language
        if unknown:
            self.add_error(field, " ".join(unknown))
        return keys

    def changes(self) -> dict:
        """The form as ``rules.formats.amend_format`` changes (call after is_valid())."""
        data = self.cleaned_data
        changes: dict = {key: data[key] for key in ("name", "total", "champion_level_cap", "free_avatars",
                                                     "max_dungeon_cards", "max_copies")}
        changes["type_limits"] = {
            limit.card_type: {"minimum": data[f"min_{_slug(limit.card_type)}"],
                              "maximum": data[f"max_{_slug(limit.card_type)}"]}
            for limit in self.fmt.type_limits
        }
        present = {limit.card_type for limit in self.fmt.champion_type_limits}
        champions = {}
        for champion_type in CHAMPION_TYPES:
            low, high = data.get(f"cmin_{_slug(champion_type)}"), data.get(f"cmax_{_slug(champion_type)}")
            if champion_type in present or low not in (None, 0) or high is not None:
                champions[champion_type] = {"minimum": low or 0, "maximum": high}
        if champions:
            changes["champion_type_limits"] = champions
        low, high = data.get("chase_min"), data.get("chase_max")
        changes["chase_limit"] = None if low in (None, 0) and high is None else [low or 0, high]
        changes["unban"] = list(self.fmt.banned)
        changes["ban"] = self._cards(data.get("banned", ""), "banned")
        restrict: dict[str, int] = {}
        for line in data.get("restricted", "").splitlines():
            if not line.strip():
                continue
            match = _RESTRICT_LINE.match(line.strip())
            if not match:
                self.add_error("restricted", gettext('"%(line)s": write "card = copies", e.g. "War Party = 1".')
                               % {"line": line.strip()})
                continue
            name = match.group(1)
            key = re.search(r"\(([^()]*)\)$", name)
            restrict[key.group(1) if key else name] = int(match.group(2))
        changes["unrestrict"] = [key for key, _ in self.fmt.restricted]
        changes["restrict"] = restrict
        chosen = data.get("sets") or []
        changes["sets"] = None if set(chosen) >= set(self.every_set) else chosen
        if bool(data.get("community_cards")) != self.fmt.community_cards:  # logged only when changed
            changes["community_cards"] = bool(data.get("community_cards"))
        return changes


def _format_page(request: HttpRequest, tournament: Tournament, *, base_form: FormatBaseForm | None = None,
                 edit_form: FormatEditForm | None = None, status: int = 200) -> HttpResponse:
    catalogue = get_catalogue()
    fmt = DeckFormat.from_dict(tournament.deck_format)
    organiser = is_tournament_organiser(request.user, tournament)
    return render(request, "tournaments/format.html", {
        "t": tournament, **format_summary(fmt, catalogue), "organiser": organiser, "start": game_start(tournament),
        "tiebreakers": tiebreaker_text(tournament.tiebreakers),
        "editable": organiser and not tournament.decks_locked and tournament.status not in (
            Tournament.Status.RUNNING, Tournament.Status.FINISHED),
        "base_form": base_form or FormatBaseForm(prefix="base"),
        "edit_form": edit_form or FormatEditForm(prefix="edit", fmt=fmt, catalogue=catalogue),
        "changes": AuditEntry.objects.filter(tournament=tournament, action=AuditEntry.Action.FORMAT_CHANGED)
        .select_related("actor"),
    }, status=status)


@tournament_view("public")
def format_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """GET: the format, for anyone (with the change forms for the organiser before the lock)."""
    return _format_page(request, tournament)


@tournament_view("organiser")
def format_change(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """POST ``which=base|edit``: the organiser's change (logged); the page again with the errors (400)."""
    fmt = DeckFormat.from_dict(tournament.deck_format)
    which = request.POST.get("which")
    kwargs: dict = {}
    forms_: dict = {}
    form: forms.Form
    if which == "base":
        form = forms_["base_form"] = FormatBaseForm(request.POST, request.FILES, prefix="base")
        if form.is_valid():
            upload = form.cleaned_data.get("cff")
            kwargs = {"base": form.cleaned_data.get("base") or None,
                      "cff": upload.read() if upload else None,
                      "filename": upload.name if upload else ""}
    elif which == "edit":
        form = forms_["edit_form"] = FormatEditForm(request.POST, prefix="edit", fmt=fmt, catalogue=get_catalogue())
        if form.is_valid():
            kwargs = {"changes": form.changes()}
    else:
        raise PermissionDenied(gettext("Unknown change."))
    if form.is_valid() and not form.errors:
        version = tournament.format_version
        try:
            tournament = services.tournament_format_set(tournament=tournament, actor=request.user,
                                                        reason=form.cleaned_data["reason"], **kwargs)
        except NotAllowed as exc:
            raise PermissionDenied(exc.message) from exc
        except UserError as exc:
            form.add_error(None, exc.message)
        else:
            if tournament.format_version == version:
                messages.info(request, gettext("Nothing changed: the format is the same."))
            else:
                messages.success(request, gettext("The deck format is now version %(version)s; every registered deck "
                                                  "was checked again.") % {"version": tournament.format_version})
            return redirect("tournaments:format", pk=tournament.pk)
    return _format_page(request, tournament, status=400, **forms_)
