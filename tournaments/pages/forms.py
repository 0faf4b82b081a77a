from __future__ import annotations

from django import forms
from rules.formats import BUILTIN_FORMATS

from tournaments.models import Tournament

GAME_CHOICES = [
    ("", "—"),
    ("me", "I won"),
    ("opponent", "My opponent won"),
    ("drawn", "Drawn"),
    ("mulligan_me", "Two-draw mulligan declared by me"),
    ("mulligan_opponent", "Two-draw mulligan declared by my opponent"),
]
ORGANISER_GAME_CHOICES = [
    ("", "—"),
    ("a", "Player A won"),
    ("b", "Player B won"),
    ("drawn", "Drawn"),
    ("mulligan_a", "Two-draw mulligan declared by player A"),
    ("mulligan_b", "Two-draw mulligan declared by player B"),
]


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=200)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    deck_format_id = forms.ChoiceField(label="Deck format",
                                       choices=[(k, f.name) for k, f in BUILTIN_FORMATS.items()])
    victory_condition = forms.ChoiceField(choices=Tournament.Victory.choices)
    best_of = forms.TypedChoiceField(choices=[(1, "Best of 1"), (3, "Best of 3"), (5, "Best of 5")], coerce=int,
                                     initial=3)
    structure = forms.ChoiceField(choices=Tournament.Structure.choices)
    swiss_rounds = forms.IntegerField(min_value=1, max_value=20, initial=4)
    top_cut = forms.TypedChoiceField(choices=[(0, "No top cut"), (4, "Top 4"), (8, "Top 8")], coerce=int)


class DeckForm(forms.Form):
    text = forms.CharField(label="Paste a decklist", required=False,
                           widget=forms.Textarea(attrs={"rows": 14, "cols": 60,
                                                        "placeholder": "3rd/54\n2x War Party\nElminster"}))
    file = forms.FileField(label="…or upload a CrossFire .cfd, LackeyCCG .dek or text file", required=False)

    def clean_file(self):
        """Refuse an oversized upload before it is read (it is only streamed to a temporary file)."""
        from django.conf import settings

        upload = self.cleaned_data.get("file")
        if upload is not None and upload.size > settings.DECKLIST_MAX_BYTES:
            raise forms.ValidationError(
                "The file is %(size)s MB; a decklist may be at most %(limit)s MB (a CrossFire .cfd or LackeyCCG "
                ".dek file is a few kilobytes). Check that you chose the right file.", code="too_large",
                params={"size": f"{upload.size / 1048576:.1f}", "limit": f"{settings.DECKLIST_MAX_BYTES / 1048576:g}"})
        return upload

    def clean(self):
        data = super().clean()
        if not data.get("text", "").strip() and not data.get("file") and "file" not in self.errors:
            raise forms.ValidationError("Paste a decklist or choose a file.")
        return data


def games_from_post(post, choices_prefix: str, *, seat: str | None) -> list[dict]:
    """Turn the game rows of a report form into service games (seat 'a'/'b').

    ``seat`` is the reporting player's seat (player form) or None (organiser form, A/B choices).
    """
    other = {"a": "b", "b": "a"}
    games = []
    for key in sorted((k for k in post if k.startswith(choices_prefix)), key=lambda k: int(k[len(choices_prefix):])):
        value = post[key]
        if not value:
            continue
        if seat is not None:
            value = {"me": seat, "opponent": other[seat], "mulligan_me": f"mulligan_{seat}",
                     "mulligan_opponent": f"mulligan_{other[seat]}"}.get(value, value)
        if value in ("a", "b"):
            games.append({"winner": value})
        elif value == "drawn":
            games.append({"drawn": True})
        elif value in ("mulligan_a", "mulligan_b"):
            games.append({"mulligan_by": value[-1]})
        else:
            raise ValueError(f"Unknown game outcome {value!r}")
    return games
