"""The signup form: Django's, refusing a username that looks like an existing one
(``tournaments.usernames``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from tournaments.usernames import imitated_username


if TYPE_CHECKING:
    _Base = UserCreationForm[User]
else:
    _Base = UserCreationForm


class SignupForm(_Base):
    def clean_username(self) -> str:
        username = super().clean_username()
        if username and imitated_username(username) is not None:
            raise forms.ValidationError(
                _("This username looks too much like an existing player's; choose another."), code="confusable")
        return username
