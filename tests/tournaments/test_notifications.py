"""Notifications by e-mail and web push (issue 25): each event on each channel, the recipient's language, the signed
unsubscribe links, the batches, and a failed channel never failing the write that caused it.

E-mail goes to the locmem backend (``mail.outbox``); web push to a fake push service (``pywebpush.webpush``
patched). Personas: the organiser, alice and bob (tests/conftest.py)."""

from __future__ import annotations

import json
import smtplib
from unittest import mock

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from decks.services import deck_submit
from tests.conftest import make_event
from tournaments import services
from tournaments.models import (
    Match,
    Notification,
    NotificationOptOut,
    PushSubscription,
    ResultSubmission,
    Round,
    Tournament,
    UserPreferences,
    VerifiedEmail,
)
from tournaments.errors import UserError
from tournaments.services import notifications
from tournaments.services.entries import player_drop
from tournaments.services.round_changes import round_publish, round_swap_players

pytestmark = pytest.mark.django_db

VAPID = {
    "PUSH_SERVICE_HOSTS": ["fcm.googleapis.com", "push.example", ".notify.windows.com"],
    "VAPID_PUBLIC_KEY": "BPublicKeyForTests",
    "VAPID_PRIVATE_KEY": "private-key-for-tests",
    "SITE_URL": "https://spellfire.example",
}


def verified(user, address: str | None = None, language: str = ""):
    """Give ``user`` a verified address (and a saved language)."""
    user.email = address or f"{user.username}@example.org"
    user.save(update_fields=["email"])
    VerifiedEmail.objects.create(user=user, address=user.email, verified_at=timezone.now())
    if language:
        UserPreferences.objects.create(user=user, language=language)
    return user


def to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


@pytest.fixture
def fake_push(settings):
    """Web push configured, the push service faked: returns the mock; ``.call_args_list`` are the pushes."""
    for key, value in VAPID.items():
        setattr(settings, key, value)
    with mock.patch("tournaments.services.notifications.pywebpush.webpush") as webpush:
        yield webpush


def subscribe(user, n: int = 1) -> PushSubscription:
    return PushSubscription.objects.create(
        user=user, endpoint=f"https://push.example/{user.username}/{n}", p256dh="BKey", auth="secret"
    )


@pytest.fixture
def duel(tournament, organiser, registered, alice, bob, django_capture_on_commit_callbacks):
    """alice and bob (verified) at table 1 of round 1, the round paired with its notifications sent."""
    verified(alice)
    verified(bob)
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    return rnd, rnd.matches.get()


def report_2_1(match, user, callbacks):
    """``user`` reports a 2-1 for seat 1 (games won, in seat order)."""
    with callbacks(execute=True):
        return services.result_report(match=match, actor=user, score={"wins": [2, 1], "draws": 0})


# --- round.paired --------------------------------------------------------------------------------------------


def test_a_paired_round_mails_each_player_their_round_table_and_opponent(duel, alice, bob):
    rnd, match = duel
    (to_alice,), (to_bob,) = to(alice), to(bob)
    assert "Round 1 of Spellfire Open" in to_alice.subject and "table 1" in to_alice.subject
    assert "you play at table 1 against bob" in to_alice.body
    assert "against alice" in to_bob.body
    assert reverse("tournaments:round", args=[rnd.tournament_id, 1]) in to_alice.body
    assert set(
        Notification.objects.filter(event="round.paired", channel="email", status="sent").values_list(
            "user__username", flat=True
        )
    ) == {"alice", "bob"}


def test_a_player_without_a_verified_address_gets_no_mail(
    tournament, organiser, registered, alice, bob, django_capture_on_commit_callbacks
):
    verified(alice)
    bob.email = "bob@example.org"  # typed, never confirmed
    bob.save()
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]


def test_a_paired_round_is_pushed_to_each_browser_of_the_player(
    tournament, organiser, registered, alice, bob, fake_push, django_capture_on_commit_callbacks
):
    subscribe(alice, 1)
    subscribe(alice, 2)
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    pushed = {
        c.kwargs["subscription_info"]["endpoint"]: json.loads(c.kwargs["data"])
        for c in fake_push.call_args_list
    }
    assert set(pushed) == {"https://push.example/alice/1", "https://push.example/alice/2"}
    assert "against bob" in pushed["https://push.example/alice/1"]["body"]
    assert pushed["https://push.example/alice/1"]["url"].startswith("https://spellfire.example/t/")
    assert fake_push.call_args.kwargs["vapid_claims"]["sub"].startswith("mailto:")
    assert Notification.objects.get(user=alice, channel="push").status == "sent"
    assert not mail.outbox  # no verified address: push only


def test_without_vapid_keys_nothing_is_pushed(duel, alice, settings):
    settings.VAPID_PUBLIC_KEY = ""
    subscribe(alice)
    with mock.patch("tournaments.services.notifications.pywebpush.webpush") as webpush:
        notifications.notifications_deliver(
            event="round.paired", payload={"round_id": duel[0].pk}, user_ids=[alice.pk]
        )
    assert not webpush.called


def test_a_push_subscription_the_service_says_is_gone_is_deleted(duel, alice, fake_push):
    from pywebpush import WebPushException

    subscribe(alice)
    fake_push.side_effect = WebPushException("gone", response=mock.Mock(status_code=410))
    notifications.notifications_deliver(
        event="round.paired", payload={"round_id": duel[0].pk}, user_ids=[alice.pk]
    )
    assert not PushSubscription.objects.filter(user=alice).exists()
    assert Notification.objects.get(user=alice, channel="push").status == "failed"


def test_a_draft_round_is_told_when_it_is_published_not_when_paired(
    organiser, django_capture_on_commit_callbacks
):
    t, regs = make_event(organiser, 4, structure="swiss", swiss_rounds=3, pairings_as_draft=True)
    for user in regs:
        verified(user)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=t, actor=organiser, seed=3)
    assert not mail.outbox
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(tournament=t, actor=organiser)
    assert len(mail.outbox) == 4


def test_a_swap_tells_only_the_players_of_the_two_tables(organiser, django_capture_on_commit_callbacks):
    t, regs = make_event(organiser, 6, structure="swiss", swiss_rounds=3)
    for user in regs:
        verified(user)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    mail.outbox.clear()
    table_1, table_2 = rnd.matches.order_by("table")[:2]
    first, second = table_1.seats.get(number=1).registration, table_2.seats.get(number=1).registration
    with django_capture_on_commit_callbacks(execute=True):
        round_swap_players(tournament=t, actor=organiser, first=first, second=second, reason="family")
    told = {m.to[0] for m in mail.outbox}
    at_the_tables = {s.registration.player.email for m in (table_1, table_2) for s in m.seats.all()}
    assert told == at_the_tables and len(told) == 4  # the third table is not told


def test_a_repaired_round_tells_only_the_players_whose_table_changed(
    organiser, django_capture_on_commit_callbacks
):
    from tournaments.services.round_changes import round_repair

    t, regs = make_event(organiser, 4, structure="swiss", swiss_rounds=3)
    for user in regs:
        verified(user)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=t, actor=organiser, seed=3)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # the same seed: the same tables, nobody to tell
        round_repair(tournament=t, actor=organiser, reason="a mistake", seed=3)
    assert not mail.outbox


# --- results -------------------------------------------------------------------------------------------------


def test_a_report_asks_the_opponent_to_confirm_or_dispute_with_the_link(
    duel, alice, bob, django_capture_on_commit_callbacks
):
    rnd, match = duel
    mail.outbox.clear()
    report_2_1(match, alice, django_capture_on_commit_callbacks)
    (message,) = mail.outbox
    assert message.to == [bob.email]
    assert "alice reported the result of table 1" in message.body
    assert "Confirm it or dispute it" in message.body
    assert reverse("tournaments:match", args=[rnd.tournament_id, match.pk]) in message.body


def test_a_confirmed_result_is_told_to_the_players_of_the_table(
    duel, alice, bob, django_capture_on_commit_callbacks
):
    _, match = duel
    submission = report_2_1(match, alice, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.result_confirm(submission=submission, actor=bob)
    assert sorted(m.to[0] for m in mail.outbox) == [alice.email, bob.email]
    assert all("is confirmed" in m.body for m in mail.outbox)


def test_a_dispute_is_told_to_the_staff_with_the_reason(
    duel, alice, bob, organiser, django_capture_on_commit_callbacks
):
    _, match = duel
    verified(organiser)
    submission = report_2_1(match, alice, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.result_dispute(submission=submission, actor=bob, reason="I won game 3")
    (message,) = mail.outbox
    assert message.to == [organiser.email]
    assert "is disputed" in message.body and "I won game 3" in message.body


# --- drops, the finish, decks ------------------------------------------------------------------------------------


def test_a_player_the_organiser_drops_is_told(duel, alice, organiser, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    registration = alice.registrations.get()
    with django_capture_on_commit_callbacks(execute=True):
        player_drop(registration=registration, actor=organiser, reason="left the venue")
    (message,) = mail.outbox
    assert message.to == [alice.email] and "dropped you from Spellfire Open after round 1" in message.body


def test_a_finished_event_is_told_to_its_players(organiser, django_capture_on_commit_callbacks):
    t, regs = make_event(organiser, 2, structure="single_elimination")
    for user in regs:
        verified(user)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
        match = rnd.matches.get()
        services.result_settle(
            match=match, actor=organiser, reason="entered", score={"wins": [2, 0], "draws": 0}
        )
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_finish(tournament=t, actor=organiser)
    assert len(mail.outbox) == 2
    assert all("Pods Night is finished" in m.body and "The winner:" in m.body for m in mail.outbox)


def test_a_refused_decklist_is_mailed_to_the_player_with_the_verdict_in_their_language(
    tournament, alice, django_capture_on_commit_callbacks
):
    """spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard): the verdict says why, in the player's words."""
    verified(alice, language="pt-br")
    registration = services.player_register(tournament=tournament, actor=alice)
    with django_capture_on_commit_callbacks(execute=True):
        deck_submit(registration=registration, actor=alice, data="2x War Party\nElminster")
    (message,) = mail.outbox
    with translation.override("pt-br"):
        from rules.formats import DeckFormat
        from rules.legality import Violation
        from tournaments.rule_texts import format_label, violation_text

        first = registration.deck_submissions.get().verdict["violations"][0]
        expected = violation_text(
            Violation(
                code=first["code"],
                params=first["params"],
                cards=tuple(first["cards"]),
                rule=first["rule"],
                message=first["message"],
            ),
            format_label(DeckFormat.from_dict(tournament.deck_format)),
        )
    assert expected in message.body and expected != first["message"]


def test_each_message_is_rendered_in_its_recipients_language(duel, alice, bob):
    UserPreferences.objects.create(user=alice, language="fr")
    seen = []

    def spy(text):
        seen.append(translation.get_language())
        return text

    with mock.patch("tournaments.notification_texts.gettext", spy):
        notifications.notifications_deliver(
            event="round.paired", payload={"round_id": duel[0].pk}, user_ids=[alice.pk]
        )
    assert seen and set(seen) == {"fr"}


# --- unsubscribe ---------------------------------------------------------------------------------------------


def test_each_mail_has_a_one_click_unsubscribe_header_and_links(duel, alice):
    (message,) = to(alice)
    one = notifications.unsubscribe_url(alice.pk, "round.paired")
    assert message.extra_headers["List-Unsubscribe"] == f"<{one}>"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert one in message.body and notifications.unsubscribe_url(alice.pk, "") in message.body


def test_the_signed_link_stops_that_event_only(duel, alice, django_capture_on_commit_callbacks):
    rnd, match = duel
    link = notifications.unsubscribe_url(alice.pk, "round.paired").removeprefix("http://127.0.0.1:8000")
    assert link.startswith(reverse("tournaments:unsubscribe") + "?token=")
    client = Client(enforce_csrf_checks=True)
    assert client.get(link).status_code == 200
    assert not NotificationOptOut.objects.exists()  # a GET (a link scanner) stops nothing
    assert client.post(link).status_code == 200  # the one-click POST, no CSRF token
    assert NotificationOptOut.objects.get(user=alice).event == "round.paired"
    mail.outbox.clear()
    Round.objects.filter(pk=rnd.pk).update(
        pairing_version=1
    )  # the round changed: a new happening of the event
    notifications.notifications_deliver(
        event="round.paired", payload={"round_id": rnd.pk}, user_ids=[alice.pk]
    )
    assert not mail.outbox
    assert Notification.objects.filter(user=alice, status="skipped").exists()
    bob_submission = ResultSubmission.objects.create(
        match=match,
        source="player",
        submitted_by=match.seats.get(registration__player__username="bob").registration.player,
        record={"games": []},
        outcome={"wins": [1, 2]},
    )
    notifications.notifications_deliver(
        event="result.reported", payload={"submission_id": bob_submission.pk}, user_ids=[alice.pk]
    )
    assert to(alice)  # another event still comes


def test_the_global_link_stops_every_event(duel, alice):
    notifications.unsubscribe(token=notifications.unsubscribe_token(alice.pk, ""))
    mail.outbox.clear()
    match = duel[1]
    Match.objects.filter(pk=match.pk).update(status=Match.Status.DISPUTED)
    for event, payload in (
        ("round.paired", {"round_id": duel[0].pk}),
        ("result.confirmed", {"match_id": match.pk}),
    ):
        notifications.notifications_deliver(event=event, payload=payload, user_ids=[alice.pk])
    assert not to(alice)


def test_a_tampered_unsubscribe_link_is_refused(duel, alice):
    token = notifications.unsubscribe_token(alice.pk, "")
    response = Client().post(reverse("tournaments:unsubscribe") + "?token=" + token[:-2] + "xx")
    assert response.status_code == 400
    assert not NotificationOptOut.objects.exists()


def test_the_account_page_resumes_stopped_mails(alice):
    NotificationOptOut.objects.create(user=alice, event="round.paired")
    client = Client()
    client.force_login(alice)
    assert "Stopped: Your table in a new round" in client.get(reverse("tournaments:account")).content.decode()
    client.post(reverse("tournaments:resubscribe"), {"event": "round.paired"})
    assert not NotificationOptOut.objects.exists()


# --- batches and failures --------------------------------------------------------------------------------------


def test_a_round_is_sent_in_chunks_one_mail_connection_each(
    organiser, settings, django_capture_on_commit_callbacks
):
    settings.NOTIFICATION_CHUNK_SIZE = 3
    t, regs = make_event(organiser, 8, structure="swiss", swiss_rounds=3)
    for user in regs:
        verified(user)
    from django.core.mail.backends.locmem import EmailBackend

    with mock.patch.object(
        EmailBackend, "send_messages", autospec=True, side_effect=EmailBackend.send_messages
    ) as send:
        with django_capture_on_commit_callbacks(execute=True):
            services.round_pair_next(tournament=t, actor=organiser, seed=3)
    assert [len(call.args[1]) for call in send.call_args_list] == [3, 3, 2]
    assert len(mail.outbox) == 8


def test_a_chunk_run_twice_sends_nothing_twice(duel, alice, bob):
    notifications.notifications_deliver(
        event="round.paired", payload={"round_id": duel[0].pk}, user_ids=[alice.pk, bob.pk]
    )
    assert len(mail.outbox) == 2  # the two mails of the pairing itself, not four


def test_a_mail_server_down_never_fails_the_write(
    tournament, organiser, registered, alice, bob, django_capture_on_commit_callbacks
):
    verified(alice)
    services.tournament_start(tournament=tournament, actor=organiser)
    with mock.patch(
        "django.core.mail.backends.locmem.EmailBackend.send_messages",
        side_effect=smtplib.SMTPServerDisconnected("down"),
    ):
        with django_capture_on_commit_callbacks(execute=True):
            rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    assert rnd.pk and rnd.matches.count() == 1
    assert Notification.objects.get(user=alice).status == "failed"


def test_a_broken_notification_never_fails_the_write(
    tournament, organiser, registered, alice, django_capture_on_commit_callbacks
):
    verified(alice)  # somebody to tell: the fan-out runs
    services.tournament_start(tournament=tournament, actor=organiser)
    with mock.patch("tournaments.tasks.notification_chunks", side_effect=RuntimeError("a bug")) as broken:
        with django_capture_on_commit_callbacks(execute=True):
            rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    assert broken.called and rnd.matches.count() == 1


# --- the push opt-in ---------------------------------------------------------------------------------------------


def test_a_browser_opts_in_and_out_on_the_account_page(alice, fake_push):
    client = Client()
    client.force_login(alice)
    assert 'id="push-form"' in client.get(reverse("tournaments:account")).content.decode()
    url = reverse("tournaments:push-subscription")
    sub = {"endpoint": "https://push.example/abc", "p256dh": "BKey", "auth": "secret"}
    assert client.post(url, {**sub, "action": "on"}).status_code == 200
    assert PushSubscription.objects.get().user == alice
    assert client.post(url, {**sub, "action": "off"}).status_code == 200
    assert not PushSubscription.objects.exists()


def test_a_subscription_that_is_not_an_https_push_endpoint_is_refused(alice, fake_push):
    client = Client()
    client.force_login(alice)
    response = client.post(
        reverse("tournaments:push-subscription"),
        {"endpoint": "http://127.0.0.1/x", "p256dh": "k", "auth": "a", "action": "on"},
    )
    assert response.status_code == 400 and not PushSubscription.objects.exists()


def test_without_vapid_keys_the_option_is_hidden_and_refused(alice):
    client = Client()
    client.force_login(alice)
    assert 'id="push-form"' not in client.get(reverse("tournaments:account")).content.decode()
    response = client.post(
        reverse("tournaments:push-subscription"),
        {"endpoint": "https://push.example/abc", "p256dh": "k", "auth": "a", "action": "on"},
    )
    assert response.status_code == 400 and not PushSubscription.objects.exists()


def test_every_event_is_pushed_with_the_same_words_as_its_mail(
    tournament, organiser, registered, alice, bob, fake_push, django_capture_on_commit_callbacks
):
    for user in (alice, bob, organiser):
        verified(user)
        subscribe(user)
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    match = rnd.matches.get()
    submission = report_2_1(match, alice, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.result_dispute(submission=submission, actor=bob, reason="I won game 3")
    with django_capture_on_commit_callbacks(execute=True):
        services.result_settle(match=match, actor=organiser, reason="the judge saw it", submission=submission)
    with django_capture_on_commit_callbacks(execute=True):
        player_drop(registration=bob.registrations.get(), actor=organiser, reason="left")
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)  # the finish, told
    notifications.notifications_deliver(
        event="event.finished", payload={"tournament_id": tournament.pk, "stamp": "now"}, user_ids=[alice.pk]
    )
    pushed = [
        (c.kwargs["subscription_info"]["endpoint"].split("/")[3], json.loads(c.kwargs["data"]))
        for c in fake_push.call_args_list
    ]
    events = set(Notification.objects.filter(channel="push", status="sent").values_list("event", flat=True))
    assert events == {
        "round.paired",
        "result.reported",
        "result.disputed",
        "result.confirmed",
        "player.dropped",
        "event.finished",
    }
    for username, data in pushed:
        mailed = [
            m for m in mail.outbox if m.to == [f"{username}@example.org"] and m.subject == data["title"]
        ]
        assert mailed and mailed[0].body.startswith(data["body"] + "\n\n" + data["url"]), data


def test_a_refused_deck_is_pushed(tournament, alice, fake_push, django_capture_on_commit_callbacks):
    subscribe(alice)
    registration = services.player_register(tournament=tournament, actor=alice)
    with django_capture_on_commit_callbacks(execute=True):
        deck_submit(registration=registration, actor=alice, data="2x War Party\nElminster")
    (call,) = fake_push.call_args_list
    assert "is not legal" in json.loads(call.kwargs["data"])["body"]


def test_a_push_service_down_never_fails_the_write(
    tournament, organiser, registered, alice, fake_push, django_capture_on_commit_callbacks
):
    subscribe(alice)
    fake_push.side_effect = ConnectionError("unreachable")
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    assert rnd.matches.count() == 1
    row = Notification.objects.get(user=alice, channel="push")
    assert row.status == "failed" and "unreachable" in row.detail


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://127.0.0.1/push",  # loopback
        "https://10.0.0.5/push",  # a private network
        "https://intranet.example.org/push",  # not a push service
        "https://fcm.googleapis.com.evil.example/x",  # a look-alike host
        "https://fcm.googleapis.com:8443/x",  # another port
        "http://fcm.googleapis.com/x",  # not https
    ],
)
def test_a_subscription_to_anything_but_a_known_push_service_is_refused(alice, fake_push, endpoint):
    """The site POSTs to a subscription's endpoint: only the push services' hosts, never an address a user names."""
    with pytest.raises(UserError) as refused:
        notifications.push_subscribe(user=alice, endpoint=endpoint, p256dh="k", auth="a")
    assert refused.value.code == "bad_subscription"


def test_the_push_services_of_the_main_browsers_are_accepted(alice, fake_push):
    for endpoint in (
        "https://fcm.googleapis.com/fcm/send/abc",
        "https://wns2-par02p.notify.windows.com/w/?token=x",
    ):
        notifications.push_subscribe(user=alice, endpoint=endpoint, p256dh="k", auth="a")
    assert PushSubscription.objects.filter(user=alice).count() == 2


def test_a_format_change_that_breaks_a_registered_deck_mails_its_player(
    tournament, organiser, registered, alice, bob, django_capture_on_commit_callbacks
):
    """spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard): under 551ES (1st Edition starter decks) the
    sample 55-card decks are no longer legal; their players hear why."""
    from tests.conftest import CARDS_DIR

    verified(alice)
    cff = CARDS_DIR / "formats" / "crossfire" / "55 Card" / "551ES.cff"
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_format_set(
            tournament=tournament,
            actor=organiser,
            reason="Starter night",
            cff=cff.read_bytes(),
            filename="551ES.cff",
        )
    (message,) = mail.outbox
    assert message.to == [alice.email] and "is not legal" in message.body


# --- one notification system (issue 25: "one notification system with several channels") ----------------------


def test_a_player_who_drops_themselves_is_not_mailed(duel, alice, django_capture_on_commit_callbacks):
    """The webhooks hear every drop; the player is told only when the organiser dropped them."""
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        player_drop(registration=alice.registrations.get(), actor=alice)
    assert not mail.outbox


def test_no_service_calls_a_channel_itself():
    """A service announces an event once (``tournaments.notifications.events.announce``); the e-mail, push and
    webhook channels are the receivers of ``event_happened``. No module of the services (nor ``decks``) imports a
    channel or its tasks, and no ``notify()`` is left to call."""
    import ast
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    channels = {
        "tournaments.services.notifications",
        "tournaments.services.webhooks",
        "tournaments.tasks",
        "tournaments.webhook_tasks",
        "tournaments.signals.notification_due",
    }
    modules = [
        *sorted((root / "tournaments" / "services").glob("*.py")),
        *sorted((root / "decks").glob("*.py")),
    ]
    offenders = []
    for path in modules:
        if path.name in ("notifications.py", "webhooks.py"):  # the channels themselves
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            offenders += [f"{path.name}: {n}" for n in names if n in channels]
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "notify":
                offenders.append(f"{path.name}: notify()")
    assert offenders == []
    assert not hasattr(notifications, "notify")


def test_the_channels_are_the_receivers_of_the_one_event_list():
    from tournaments.models import NotificationEvent
    from tournaments.notifications.events import EVENTS, event_happened

    uids = {key[0][0] if isinstance(key[0], tuple) else key[0] for key, *_ in event_happened.receivers}
    assert {"webhooks", "tournaments.queue_notifications"} <= uids
    assert set(notifications.NOTIFIED) <= set(EVENTS)
    assert set(notifications.NOTIFIED.values()) == set(NotificationEvent.values)  # every mail has its event
    assert {
        "round.paired",
        "round.published",
        "round.started",
        "round.time",
        "result.reported",
        "result.confirmed",
        "result.disputed",
        "standings.updated",
        "player.dropped",
        "event.finished",
        "deck.refused",
    } == set(EVENTS)


def test_a_published_draft_is_one_announcement_mailed_as_the_pairing(
    organiser, django_capture_on_commit_callbacks
):
    from tournaments.notifications.events import event_happened

    t, regs = make_event(organiser, 4, structure="swiss", swiss_rounds=3, pairings_as_draft=True)
    for user in regs:
        verified(user)
    services.round_pair_next(tournament=t, actor=organiser, seed=3)
    heard = []
    event_happened.connect(
        lambda sender, event, **kw: heard.append(event), dispatch_uid="t-draft", weak=False
    )
    try:
        with django_capture_on_commit_callbacks(execute=True):
            round_publish(tournament=t, actor=organiser)
    finally:
        event_happened.disconnect(dispatch_uid="t-draft")
    assert heard == ["round.published", "round.started"]
    assert len(mail.outbox) == 4 and all("you play at table" in m.body for m in mail.outbox)
    assert set(Notification.objects.values_list("event", flat=True)) == {"round.paired"}


def test_nobody_reachable_queues_no_fan_out(
    tournament, organiser, registered, django_capture_on_commit_callbacks
):
    """Issue 27's budget: an event of a tournament where nobody has a verified address or a push subscription
    queues nothing (``tournaments.notifications.reach``)."""
    services.tournament_start(tournament=tournament, actor=organiser)
    with mock.patch("tournaments.tasks.send_notifications.delay") as queued:
        with django_capture_on_commit_callbacks(execute=True):
            services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    assert not queued.called


def test_the_reach_receivers_are_connected_with_the_channels():
    """``tournaments.tasks`` (imported by the app's ready()) imports ``notifications.reach``: a new verified
    address forgets the cached reach."""
    from django.db.models.signals import post_save

    from tournaments.notifications import reach

    assert any(r[0][0] == "notifications.reach.verified_email_saved" for r in post_save.receivers)
    assert reach.anyone_reachable  # the module the receivers live in
