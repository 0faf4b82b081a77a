"""Issue 20, item 8: an e-mail address is verified by a signed, expiring link; a changed address must be verified
again; password reset mails go only to verified addresses, and the reset works."""

from __future__ import annotations

import re
import time
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from tournaments.models import VerifiedEmail
from tournaments.services.accounts import email_is_verified, email_verification_token

pytestmark = pytest.mark.django_db

VERIFY = "/account/verify/"


@pytest.fixture
def with_email(alice):
    alice.email = "alice@example.org"
    alice.save()
    return alice


def test_a_valid_link_verifies_the_address(client, with_email):
    response = client.get(VERIFY, {"token": email_verification_token(with_email)})
    assert response.status_code == 200 and "alice@example.org is confirmed" in response.content.decode()
    assert VerifiedEmail.objects.get(user=with_email).address == "alice@example.org"
    assert email_is_verified(with_email)


def test_an_expired_link_is_refused(client, with_email, settings):
    token = email_verification_token(with_email)
    later = time.time() + (settings.EMAIL_VERIFICATION_DAYS + 1) * 86400
    with mock.patch("django.core.signing.time.time", return_value=later):
        response = client.get(VERIFY, {"token": token})
    assert response.status_code == 400 and "This link has expired" in response.content.decode()
    assert not VerifiedEmail.objects.exists()


@pytest.mark.parametrize("tamper", [lambda t: t[:-2] + ("aa" if not t.endswith("aa") else "bb"),
                                    lambda t: t.replace(":", ":x", 1), lambda t: "", lambda t: "nonsense"])
def test_a_tampered_link_is_refused(client, with_email, tamper):
    response = client.get(VERIFY, {"token": tamper(email_verification_token(with_email))})
    assert response.status_code == 400 and "This link is not valid" in response.content.decode()
    assert not VerifiedEmail.objects.exists()


def test_a_link_for_an_address_the_account_no_longer_uses_is_refused(client, with_email):
    token = email_verification_token(with_email)
    with_email.email = "alys@example.org"
    with_email.save()
    response = client.get(VERIFY, {"token": token})
    assert response.status_code == 400 and "no longer uses" in response.content.decode()


def test_changing_the_address_on_the_account_page_asks_to_verify_it_again(client, with_email):
    client.get(VERIFY, {"token": email_verification_token(with_email)})
    client.force_login(with_email)
    response = client.post("/account/", {"display_name": "Alys Marwen", "email": "alys@example.org"}, follow=True)
    with_email.refresh_from_db()
    assert (with_email.first_name, with_email.email) == ("Alys Marwen", "alys@example.org")
    assert not email_is_verified(with_email)
    assert "not confirmed" in response.content.decode()
    (message,) = mail.outbox
    assert message.to == ["alys@example.org"]
    link = re.search(r"http://testserver(/account/verify/\?token=\S+)", message.body).group(1)
    assert client.get(link).status_code == 200
    assert email_is_verified(User.objects.get(pk=with_email.pk))


def test_the_account_page_refuses_a_name_imitating_another_players(client, alice, bob):
    bob.first_name = "Bram Oakes"
    bob.save()
    client.force_login(alice)
    response = client.post("/account/", {"display_name": "Bram 0akes", "email": ""})
    assert response.status_code == 200 and response.context["form"].errors["display_name"]


def test_the_account_page_needs_a_login(client):
    assert client.get("/account/")["Location"].startswith("/accounts/login/")


def _ask_reset(client, address):
    return client.post(reverse("password_reset"), {"email": address})


def test_no_reset_mail_goes_to_an_unverified_address(client, with_email):
    assert _ask_reset(client, "alice@example.org").status_code == 302
    assert mail.outbox == []


def test_a_reset_mail_goes_to_a_verified_address_and_the_reset_works(client, with_email):
    client.get(VERIFY, {"token": email_verification_token(with_email)})
    assert _ask_reset(client, "ALICE@example.org").status_code == 302
    (message,) = mail.outbox
    assert message.to == ["alice@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    done = client.post(form_page.redirect_chain[-1][0], {
        "new_password1": "a-brand-new-phrase-77", "new_password2": "a-brand-new-phrase-77"})
    assert done.status_code == 302
    assert User.objects.get(username="alice").check_password("a-brand-new-phrase-77")
