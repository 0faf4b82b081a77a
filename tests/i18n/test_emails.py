"""Issue 14: the one e-mail the site sends (the password reset, Django's own templates and catalogues) is in the
language of the person who asked for it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

from tournaments.models import VerifiedEmail

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "subject_word", "body_phrase"), [
    ("pt-br", "senha", "Você está recebendo este email"),
    ("fr", "mot de passe", "Veuillez vous rendre sur cette page"),
    ("en", "Password reset", "Please go to the following page"),
])
def test_the_password_reset_mail_follows_the_language(client, language, subject_word, body_phrase):
    carla = get_user_model().objects.create_user("carla", "carla@example.org", "a-long-pass-phrase-9")
    # reset mails go only to verified addresses (issue 20)
    VerifiedEmail.objects.create(user=carla, address="carla@example.org", verified_at=timezone.now())
    response = client.post("/accounts/password_reset/", {"email": "carla@example.org"},
                           HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302
    (message,) = mail.outbox
    assert subject_word.lower() in message.subject.lower()
    assert body_phrase in message.body
