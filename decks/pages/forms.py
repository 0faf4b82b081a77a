from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class DeckForm(forms.Form):
    text = forms.CharField(label=_("Paste a decklist"), required=False,
                           widget=forms.Textarea(attrs={"rows": 14, "cols": 60,
                                                        "placeholder": "3rd/54\n2x War Party\nElminster"}))
    file = forms.FileField(label=_("…or upload a CrossFire .cfd, LackeyCCG .dek or text file"), required=False)

    def clean_file(self):
        """Refuse an oversized upload before it is read (it is only streamed to a temporary file)."""
        upload = self.cleaned_data.get("file")
        if upload is not None and upload.size > settings.DECKLIST_MAX_BYTES:
            raise forms.ValidationError(
                _("The file is %(size)s MB; a decklist may be at most %(limit)s MB (a CrossFire .cfd or LackeyCCG "
                ".dek file is a few kilobytes). Check that you chose the right file."), code="too_large",
                params={"size": f"{upload.size / 1048576:.1f}", "limit": f"{settings.DECKLIST_MAX_BYTES / 1048576:g}"})
        return upload

    def clean(self):
        data = super().clean()
        if not data.get("text", "").strip() and not data.get("file") and "file" not in self.errors:
            raise forms.ValidationError(_("Paste a decklist or choose a file."))
        return data
