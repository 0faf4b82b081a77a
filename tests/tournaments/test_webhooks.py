"""A tournament's webhooks (issue 25, item 3): registered by its staff only (the API and the Settings page), one
signed JSON POST per event after the write commits, retried with backoff, logged; a Discord body on request;
targets on loopback, private or link-local addresses refused (server-side request forgery) unless
``WEBHOOKS_ALLOW_LOOPBACK`` (on in the test settings), the connection pinned to the address checked.

The receiver is a real HTTP server on 127.0.0.1 in a thread (:func:`receiver`)."""

from __future__ import annotations

import datetime
import hashlib
import hmac
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from unittest import mock

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from tests.conftest import make_event
from tournaments import services
from tournaments.models import Webhook, WebhookDelivery
from tournaments.services import round_changes, webhooks
from tournaments.webhook_tasks import backoff_seconds, deliver_webhook

pytestmark = pytest.mark.django_db


class Receiver:
    """What the test receiver got (``requests``: (headers, body, path)) and the status codes it answers in turn
    (``codes``; 200 once they run out)."""

    def __init__(self) -> None:
        self.requests: list[tuple] = []
        self.codes: list[int] = []
        self.url = ""
        self.port = 0

    def bodies(self) -> list[dict]:
        return [json.loads(body) for _, body, _ in self.requests]


@pytest.fixture
def receiver():
    got = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers["Content-Length"]))
            got.requests.append((self.headers, body, self.path))
            self.send_response(got.codes.pop(0) if got.codes else 200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    got.port = server.server_port
    got.url = f"http://127.0.0.1:{got.port}/hook?x=1"
    yield got
    server.shutdown()
    server.server_close()


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _hook(tournament, organiser, url, events=("round.paired",), payload_format="json") -> Webhook:
    return webhooks.webhook_create(
        tournament=tournament, actor=organiser, url=url, events=list(events), payload_format=payload_format
    )


def test_staff_register_list_rotate_and_delete_webhooks_through_the_api(
    tournament, organiser, alice, receiver
):
    base = f"/api/v1/tournaments/{tournament.pk}/webhooks/"
    answer = _api(organiser).post(
        base, {"url": receiver.url, "events": ["round.paired", "event.finished"]}, format="json"
    )
    assert answer.status_code == 201, answer.content
    hook = answer.json()
    assert len(hook["secret"]) == 64 and hook["payload_format"] == "json"
    assert hook["events"] == ["round.paired", "event.finished"]
    listed = _api(organiser).get(base).json()
    assert [h["id"] for h in listed] == [hook["id"]] and "secret" not in listed[0]
    rotated = _api(organiser).post(f"{base}{hook['id']}/rotate-secret/").json()
    assert rotated["secret"] != hook["secret"] == hook["secret"]
    assert Webhook.objects.get().secret == rotated["secret"]
    assert _api(organiser).delete(f"{base}{hook['id']}/").status_code == 204
    assert not Webhook.objects.exists()


def test_only_the_staff_may_see_or_register_webhooks(tournament, organiser, alice, receiver):
    base = f"/api/v1/tournaments/{tournament.pk}/webhooks/"
    hook = _hook(tournament, organiser, receiver.url)
    for client in (_api(alice), APIClient()):
        assert client.get(base).status_code in (401, 403)
        assert client.post(
            base, {"url": receiver.url, "events": ["round.paired"]}, format="json"
        ).status_code in (401, 403)
        assert client.delete(f"{base}{hook.pk}/").status_code in (401, 403)
        assert client.post(f"{base}{hook.pk}/rotate-secret/").status_code in (401, 403)
    assert Webhook.objects.get().secret == hook.secret
    page = Client()
    page.force_login(alice)
    assert (
        page.post(
            f"/t/{tournament.pk}/manage/webhooks/add/",
            {"url": receiver.url, "events": ["round.paired"], "payload_format": "json"},
        ).status_code
        == 403
    )


def test_unknown_events_are_a_400(tournament, organiser, receiver):
    answer = _api(organiser).post(
        f"/api/v1/tournaments/{tournament.pk}/webhooks/",
        {"url": receiver.url, "events": ["round.exploded"]},
        format="json",
    )
    assert answer.status_code == 400


def test_a_paired_round_is_posted_signed_after_the_commit(
    round_one, tournament, organiser, receiver, django_capture_on_commit_callbacks
):
    hook = _hook(tournament, organiser, receiver.url, events=["round.paired"])
    # round 1 was paired before the hook: nothing sent; round 2 is
    services.result_report(
        match=round_one.matches.get(),
        actor=round_one.matches.get().seats.first().registration.player,
        games=[{"winner": "a"}, {"winner": "a"}],
    )
    match = round_one.matches.get()
    sub = match.submissions.get()
    other = [s.registration.player for s in match.seats.all() if s.registration.player != sub.submitted_by][0]
    with django_capture_on_commit_callbacks(execute=True):
        services.result_confirm(submission=sub, actor=other)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=tournament, actor=organiser, seed=3)
    assert len(receiver.requests) == 1
    headers, body, path = receiver.requests[0]
    assert path == "/hook?x=1"
    assert headers["Content-Type"] == "application/json"
    assert headers["X-Spellfire-Event"] == "round.paired"
    timestamp = headers["X-Spellfire-Timestamp"]
    expected = hmac.new(hook.secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(headers["X-Spellfire-Signature"], f"sha256={expected}")
    payload = json.loads(body)
    assert payload["event"] == "round.paired"
    assert payload["tournament"] == {"id": tournament.pk, "name": tournament.name}
    assert payload["data"]["round"] == 2
    assert sorted(payload["data"]["tables"][0]["players"]) == ["alice", "bob"]
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("succeeded", 1, 200)


def test_each_event_of_a_small_event_is_posted(organiser, receiver, django_capture_on_commit_callbacks):
    """round.paired, result.confirmed, standings.updated, player.dropped, event.finished (a 3-player Swiss of one
    round: a duel and a bye)."""
    t, regs = make_event(organiser, 3, structure="swiss", swiss_rounds=1)
    _hook(
        t,
        organiser,
        receiver.url,
        events=["round.paired", "result.confirmed", "standings.updated", "player.dropped", "event.finished"],
    )
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    duel = next(m for m in rnd.matches.all() if m.seats.count() == 2)
    first, second = (s.registration.player for s in duel.seats.order_by("number"))
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.result_report(match=duel, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    with django_capture_on_commit_callbacks(execute=True):
        services.result_confirm(submission=sub, actor=second)
    with django_capture_on_commit_callbacks(execute=True):
        services.player_drop(registration=regs[second], actor=second)
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_finish(tournament=t, actor=organiser)
    events = [b["event"] for b in receiver.bodies()]
    for event in (
        "round.paired",
        "result.confirmed",
        "standings.updated",
        "player.dropped",
        "event.finished",
    ):
        assert event in events, events
    confirmed = next(b for b in receiver.bodies() if b["event"] == "result.confirmed")["data"]
    assert [s["wins"] for s in confirmed["seats"]] == [2, 0]
    finished = next(b for b in receiver.bodies() if b["event"] == "event.finished")["data"]
    assert finished["winner"] == regs[first].display_name
    dropped = next(b for b in receiver.bodies() if b["event"] == "player.dropped")["data"]
    assert dropped["player"] == regs[second].display_name


def test_a_swap_or_a_new_pairing_posts_the_rounds_new_tables(
    organiser, receiver, django_capture_on_commit_callbacks
):
    t, regs = make_event(organiser, 4, structure="swiss", swiss_rounds=3)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    _hook(t, organiser, receiver.url, events=["round.paired"])
    first, second = (m.seats.first().registration for m in rnd.matches.order_by("table"))
    with django_capture_on_commit_callbacks(execute=True):
        round_changes.round_swap_players(
            tournament=t, actor=organiser, first=first, second=second, reason="x"
        )
    with django_capture_on_commit_callbacks(execute=True):
        round_changes.round_repair(tournament=t, actor=organiser, reason="again", seed=9)
    swapped, repaired = receiver.bodies()
    assert swapped["event"] == repaired["event"] == "round.paired"
    assert swapped["data"]["round"] == repaired["data"]["round"] == 1
    assert swapped["data"]["tables"][0]["registrations"][0] == second.pk


def test_a_failed_delivery_is_retried_with_exponential_backoff(tournament, organiser, receiver):
    _hook(tournament, organiser, receiver.url, events=["event.finished"])
    receiver.codes = [500, 503]
    ids = webhooks.deliveries_create(event="event.finished", tournament_id=tournament.pk, ids={})
    deliver_webhook.delay(ids[0])  # eager: the retries follow at once
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("succeeded", 3, 200)
    assert len(receiver.requests) == 3
    assert [backoff_seconds(n) for n in (1, 2, 3, 4)] == [10.0, 20.0, 40.0, 80.0]


@override_settings(WEBHOOK_MAX_ATTEMPTS=3)
def test_a_delivery_gives_up_after_its_attempts_and_never_fails_the_write(
    tournament, organiser, registered, receiver, django_capture_on_commit_callbacks
):
    _hook(tournament, organiser, receiver.url, events=["round.paired"])
    receiver.codes = [500] * 10
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=1)
    assert tournament.rounds.get().pk == rnd.pk  # the pairing stands
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("failed", 3, 500)
    assert len(receiver.requests) == 3


def test_a_target_that_does_not_answer_is_logged_and_the_write_stands(tournament, organiser, receiver):
    _hook(tournament, organiser, receiver.url, events=["event.finished"])
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{closed.getsockname()[1]}/"
    Webhook.objects.update(url=dead)
    with override_settings(WEBHOOK_MAX_ATTEMPTS=2):
        deliver_webhook.delay(
            webhooks.deliveries_create(event="event.finished", tournament_id=tournament.pk, ids={})[0]
        )
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_code) == ("failed", 2, None)
    assert delivery.error.startswith("no answer")


def test_a_queueing_failure_never_fails_the_write(
    round_one, tournament, organiser, receiver, django_capture_on_commit_callbacks
):
    _hook(tournament, organiser, receiver.url, events=["player.dropped"])
    with mock.patch("tournaments.webhook_tasks.deliver_webhook.delay", side_effect=OSError("broker down")):
        with django_capture_on_commit_callbacks(execute=True):
            reg = services.player_drop(
                registration=round_one.matches.get().seats.first().registration,
                actor=round_one.matches.get().seats.first().registration.player,
            )
    assert reg.dropped_after_round == 1
    assert WebhookDelivery.objects.get().status == "pending"  # logged, left for another try


@override_settings(WEBHOOKS_ALLOW_LOOPBACK=False)
@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://10.1.2.3/",
        "http://192.168.0.4:8080/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://[fd00::1]/",
        "http://localhost/",
        "http://0.0.0.0/",
        "ftp://example.com/",
    ],
)
def test_targets_on_loopback_private_or_link_local_addresses_are_refused(tournament, organiser, url):
    answer = _api(organiser).post(
        f"/api/v1/tournaments/{tournament.pk}/webhooks/",
        {"url": url, "events": ["round.paired"]},
        format="json",
    )
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] in ("webhook_target_refused", "invalid")
    assert not Webhook.objects.exists()


def test_link_local_stays_refused_even_when_loopback_is_allowed(tournament, organiser):
    with pytest.raises(webhooks.UserError) as refused:
        _hook(tournament, organiser, "http://169.254.169.254/")
    assert refused.value.code == "webhook_target_refused"


def test_a_name_that_resolves_to_loopback_is_refused_at_delivery_too(tournament, organiser, receiver):
    """Registered while loopback was allowed, the target is checked again when sending: refused, no retry, nothing
    sent."""
    _hook(tournament, organiser, receiver.url, events=["event.finished"])
    with override_settings(WEBHOOKS_ALLOW_LOOPBACK=False):
        deliver_webhook.delay(
            webhooks.deliveries_create(event="event.finished", tournament_id=tournament.pk, ids={})[0]
        )
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("failed", 1)
    assert "refused address" in delivery.error
    assert not receiver.requests


def test_the_name_is_resolved_once_and_the_connection_pinned_to_the_checked_address(
    tournament, organiser, receiver
):
    real = socket.getaddrinfo
    asked: list[str] = []

    def fake(host, *args, **kwargs):
        if host == "hooks.example":
            asked.append(host)
            return real("127.0.0.1", *args, **kwargs)
        return real(host, *args, **kwargs)

    with mock.patch("tournaments.services.webhooks.socket.getaddrinfo", side_effect=fake):
        _hook(tournament, organiser, f"http://hooks.example:{receiver.port}/in", events=["event.finished"])
        asked.clear()
        deliver_webhook.delay(
            webhooks.deliveries_create(event="event.finished", tournament_id=tournament.pk, ids={})[0]
        )
    assert asked == ["hooks.example"]  # one lookup for the attempt; urllib3 connected to the address it gave
    headers, _, path = receiver.requests[0]
    assert headers["Host"] == f"hooks.example:{receiver.port}" and path == "/in"


def test_a_discord_hook_gets_discords_body(
    round_one, tournament, organiser, receiver, django_capture_on_commit_callbacks
):
    _hook(tournament, organiser, receiver.url, events=["player.dropped"], payload_format="discord")
    seat = round_one.matches.get().seats.first()
    with django_capture_on_commit_callbacks(execute=True):
        services.player_drop(registration=seat.registration, actor=seat.registration.player)
    (body,) = receiver.bodies()
    assert body == {"content": f"**{tournament.name}**: {seat.registration.display_name} dropped."}


def test_the_delivery_log_is_in_the_api_and_on_the_settings_page(tournament, organiser, receiver):
    hook = _hook(tournament, organiser, receiver.url, events=["event.finished"])
    receiver.codes = [502]
    with override_settings(WEBHOOK_MAX_ATTEMPTS=1):
        deliver_webhook.delay(
            webhooks.deliveries_create(event="event.finished", tournament_id=tournament.pk, ids={})[0]
        )
    detail = _api(organiser).get(f"/api/v1/tournaments/{tournament.pk}/webhooks/{hook.pk}/").json()
    (delivery,) = detail["deliveries"]
    assert (delivery["event"], delivery["status"], delivery["response_code"], delivery["attempts"]) == (
        "event.finished",
        "failed",
        502,
        1,
    )
    page = Client()
    page.force_login(organiser)
    html = page.get(f"/t/{tournament.pk}/manage/edit/").content.decode()
    assert receiver.url.replace("&", "&amp;") in html
    assert "<td>event.finished</td><td>failed</td>" in html and "<td>502</td>" in html


def test_the_settings_page_registers_a_webhook_and_shows_its_secret_once(tournament, organiser, receiver):
    page = Client()
    page.force_login(organiser)
    answer = page.post(
        f"/t/{tournament.pk}/manage/webhooks/add/",
        {"url": receiver.url, "events": ["round.paired", "event.finished"], "payload_format": "discord"},
    )
    assert answer.status_code == 200
    hook = Webhook.objects.get()
    assert hook.secret in answer.content.decode() and answer["Cache-Control"] == "no-store"
    assert (hook.events, hook.payload_format) == (["round.paired", "event.finished"], "discord")
    assert hook.secret not in page.get(f"/t/{tournament.pk}/manage/edit/").content.decode()
    rotated = page.post(f"/t/{tournament.pk}/manage/webhooks/{hook.pk}/rotate/")
    hook.refresh_from_db()
    assert hook.secret in rotated.content.decode()
    assert page.post(f"/t/{tournament.pk}/manage/webhooks/{hook.pk}/delete/").status_code == 302
    assert not Webhook.objects.exists()
from tournaments.notifications.events import EVENTS
from tournaments.pages.webhook_views import EVENT_LABELS


def test_every_event_has_its_label_on_the_settings_page():
    assert set(EVENT_LABELS) == set(EVENTS)


def test_an_event_nobody_listens_to_costs_no_query_once_known(tournament, organiser, django_assert_num_queries):
    """Issue 27: every result write announces events; with no webhook listening the lookup is one cache read, the
    query made once per tournament until a hook is added or deleted (which forgets the cached list)."""
    from tournaments.services import webhooks

    assert webhooks.deliveries_create(event="result.confirmed", tournament_id=tournament.pk, ids={}) == []
    with django_assert_num_queries(0):
        assert webhooks.deliveries_create(event="result.confirmed", tournament_id=tournament.pk, ids={}) == []
    hook = webhooks.webhook_create(tournament=tournament, actor=organiser, url="http://127.0.0.1:9/hook",
                                   events=["result.confirmed"], payload_format="json")
    assert webhooks.listening(tournament.pk) == {"result.confirmed"}
    webhooks.webhook_delete(tournament=tournament, actor=organiser, webhook_id=hook.pk)
    assert webhooks.listening(tournament.pk) == frozenset()


def test_every_event_of_the_list_is_posted_with_its_discord_text(
    organiser, receiver, django_capture_on_commit_callbacks
):
    """One event announced per happening (tournaments.notifications.events), every one of them posted to a hook
    that listens to it: as JSON, and as Discord's text (never the bare event name) to a Discord hook."""
    from tournaments.notifications.events import EVENTS
    from tournaments.services import clock

    t, regs = make_event(organiser, 4, structure="swiss", swiss_rounds=1)
    _hook(t, organiser, receiver.url, events=list(EVENTS))
    _hook(t, organiser, receiver.url, events=list(EVENTS), payload_format="discord")
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    first, second = rnd.matches.order_by("table")
    a, b = (s.registration.player for s in first.seats.order_by("number"))
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.result_report(match=first, actor=a, score={"wins": [2, 0], "draws": 0})
    with django_capture_on_commit_callbacks(execute=True):
        services.result_dispute(submission=sub, actor=b, reason="I won game 2")
    rnd.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        clock.round_time_call(round_id=rnd.pk, now=rnd.started_at + datetime.timedelta(minutes=60))
    with django_capture_on_commit_callbacks(execute=True):
        services.result_settle(match=first, actor=organiser, reason="the judge saw it", submission=sub)
    with django_capture_on_commit_callbacks(execute=True):
        services.result_settle(match=second, actor=organiser, reason="entered", score={"wins": [2, 1], "draws": 0})
    with django_capture_on_commit_callbacks(execute=True):
        services.player_drop(registration=regs[b], actor=b)
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_finish(tournament=t, actor=organiser)
    bodies = receiver.bodies()
    posted = {body["event"]: body["data"] for body in bodies if "event" in body}
    texts = [body["content"] for body in bodies if "content" in body]
    expected = set(EVENTS) - {"round.published", "deck.refused"}  # a draft, a deck: their own tests
    assert expected <= set(posted), sorted(posted)
    assert posted["round.started"]["round"] == 1 and posted["round.started"]["minutes"] == t.round_minutes
    assert [o["table"] for o in posted["round.time"]["open_tables"]] == [first.table, second.table]
    assert posted["result.reported"]["wins"] == [2, 0] and posted["result.reported"]["reported_by"]
    assert posted["result.disputed"]["reason"] == "I won game 2"
    assert len(texts) == len([body for body in bodies if "event" in body])
    assert not [text for text in texts if text.endswith(tuple(f": {e}" for e in EVENTS))], texts
    assert any("time in round 1" in text for text in texts)


def test_a_refused_deck_and_a_published_draft_are_posted(
    tournament, organiser, alice, receiver, django_capture_on_commit_callbacks
):
    from decks.services import deck_submit

    _hook(tournament, organiser, receiver.url, events=["deck.refused"], payload_format="discord")
    _hook(tournament, organiser, receiver.url, events=["deck.refused"])
    registration = services.player_register(tournament=tournament, actor=alice)
    with django_capture_on_commit_callbacks(execute=True):
        deck_submit(registration=registration, actor=alice, data="2x War Party\nElminster")
    discord, body = sorted(receiver.bodies(), key=lambda b: "event" in b)
    assert body["event"] == "deck.refused" and body["data"]["player"] == registration.display_name
    assert body["data"]["violations"] and body["data"]["violations"][0]["code"]
    assert discord["content"].startswith(f"**{tournament.name}**: {registration.display_name}'s decklist is refused")
    t, _ = make_event(organiser, 4, structure="swiss", swiss_rounds=3, pairings_as_draft=True)
    _hook(t, organiser, receiver.url, events=["round.paired", "round.published"])
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=t, actor=organiser, seed=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_changes.round_publish(tournament=t, actor=organiser)
    assert [b.get("event") for b in receiver.bodies()[2:]] == ["round.published"]


def test_a_swap_names_the_tables_that_changed(organiser, receiver, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 6, structure="swiss", swiss_rounds=3)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    _hook(t, organiser, receiver.url, events=["round.paired"])
    one, _, three = rnd.matches.order_by("table")
    with django_capture_on_commit_callbacks(execute=True):
        round_changes.round_swap_players(
            tournament=t, actor=organiser, first=one.seats.first().registration,
            second=three.seats.first().registration, reason="x",
        )
    (body,) = receiver.bodies()
    assert body["data"]["changed"] == [one.table, three.table]
