"""Multiplayer tables (issues 4 and 5): report, confirm, dispute and override a table's result,
the history the rules read, the pages and the API."""

from __future__ import annotations

import datetime
import itertools

import pytest
from rest_framework.test import APIClient
from django.urls import reverse
from rules.standings import compute_standings

from tests.conftest import deck_of, pair_or_finish
from decks.services import deck_submit, register_deck
from tests.conftest import LEGAL_55
from tests.factories import UserFactory
from tournaments import services
from tournaments.adapters import history_for, standings_options
from tournaments.errors import Conflict, NotAllowed, UserError
from tests.conftest import seat_regs
from tests.markup import squash
from tournaments.models import AuditEntry, Match, ResultSubmission, Seat, StandingsSnapshot, Tournament

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- helpers


def make_event(organiser, players: int, *, structure: str = "pods", legal_decks: bool = True, **options):
    """A tournament of ``structure`` with ``players`` registered players with legal decks, started.

    ``legal_decks``: every player submits the real sample deck (slower); otherwise the first
    does and the others are given the same legal submission (the deck is not what is tested).
    Returns (tournament, {user: registration}).
    """
    t = services.tournament_create(actor=organiser, name="Pods Night", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", structure=structure, **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    regs = {}
    first_deck = None
    for _ in range(players):
        user = UserFactory()
        reg = services.player_register(tournament=t, actor=user)
        if legal_decks or first_deck is None:
            deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
            reg.refresh_from_db()
            first_deck = first_deck or deck_of(reg)
        else:
            register_deck(reg, first_deck)
        regs[user] = reg
    services.tournament_start(tournament=t, actor=organiser)
    t.refresh_from_db()
    return t, regs


def users_at(match: Match) -> list:
    """The users at a multiplayer table in seat order."""
    return [s.registration.player for s in match.seats.select_related("registration__player").order_by("number")]


def tables_of(rnd) -> list[Match]:
    return [m for m in rnd.matches.order_by("table") if m.seats.count() > 2]


def pair(t, organiser, seed, capture):
    """Pair the next round; after the last one, finish the tournament (explicitly) and return None."""
    with capture(execute=True):
        return pair_or_finish(t, organiser, seed=seed)


def play(match: Match, capture, *, placements=None, games=None):
    """Seat 1 reports, seat 2 confirms; returns the confirmed match."""
    seat_1, seat_2 = users_at(match)[:2]
    with capture(execute=True):
        report = services.result_report(match=match, actor=seat_1, placements=placements, games=games)
        services.result_confirm(submission=report, actor=seat_2)
    match.refresh_from_db()
    return match


def met_pairs(rnd) -> set[frozenset]:
    pairs = set()
    for match in rnd.matches.prefetch_related("seats"):
        ids = [s.registration_id for s in match.seats.all()]
        pairs |= {frozenset(p) for p in itertools.combinations([i for i in ids if i], 2)}
    return pairs


@pytest.fixture
def pods_round(organiser, django_capture_on_commit_callbacks):
    """A pods event of 10 (tables of 4, 3, 3), round 1 paired; returns (tournament, regs, round)."""
    t, regs = make_event(organiser, 10, legal_decks=False, swiss_rounds=2)
    rnd = pair(t, organiser, 1, django_capture_on_commit_callbacks)
    return t, regs, rnd


# --------------------------------------------------------------------------- a whole pods event


def test_a_pods_event_of_ten_from_pairing_to_its_winner(organiser, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    t, regs = make_event(organiser, 10, swiss_rounds=2, placement_points="5,3,2,1")
    assert t.tiebreakers == "pods"
    assert all(deck_of(r) is not None and deck_of(r).legal for r in regs.values())

    round_1 = pair(t, organiser, 11, capture)
    tables = tables_of(round_1)
    assert [t_.seats.count() for t_ in tables] == [4, 3, 3]
    assert all(m.seats.count() > 2 for m in round_1.matches.all())  # no byes, no duels
    expected_points = {}
    for match in tables:
        n = match.seats.count()
        match = play(match, capture, placements=list(range(1, n + 1)))
        assert match.status == Match.Status.CONFIRMED
        seats = list(match.seats.order_by("number"))
        assert [s.placement for s in seats] == list(range(1, n + 1))
        assert [s.wins for s in seats] == [1] + [0] * (n - 1)
        for seat, points in zip(seats, (5, 3, 2, 1)):
            expected_points[str(seat.registration_id)] = points

    t.refresh_from_db()
    snapshot = StandingsSnapshot.objects.filter(tournament=t).order_by("-version").first()
    assert snapshot is not None and snapshot.version == t.results_version  # the Celery job ran (eager)
    assert snapshot.tiebreakers == "pods"
    assert {row["player"]: row["points"] for row in snapshot.rows} == expected_points
    assert sorted(row["points"] for row in snapshot.rows)[-3:] == [5, 5, 5]

    round_2 = pair(t, organiser, 12, capture)
    assert [m.seats.count() for m in tables_of(round_2)] == [4, 3, 3]
    # 4+3+3 after 4+3+3: a table of 4 drawn from three earlier tables repeats one pair at least; no more.
    repeats = met_pairs(round_1) & met_pairs(round_2)
    assert len(repeats) == 1
    assert any("1 repeat pairing could not be avoided" in m.pairing_reason for m in tables_of(round_2))

    for match in tables_of(round_2):
        play(match, capture, games=[{"winners": [2]}])  # seat 2 wins the one game
    assert pair(t, organiser, 13, capture) is None
    t.refresh_from_db()
    snapshot = StandingsSnapshot.objects.filter(tournament=t).order_by("-version").first()
    assert t.status == Tournament.Status.FINISHED
    assert str(t.winner_id) == snapshot.rows[0]["player"]
    assert snapshot.version == t.results_version


def test_history_for_gives_the_rules_every_confirmed_table(pods_round, organiser, django_capture_on_commit_callbacks,
                                                           django_assert_num_queries):
    t, regs, rnd = pods_round
    big, small, _ = tables_of(rnd)
    play(big, django_capture_on_commit_callbacks, placements=[2, 1, 3, 3])
    play(small, django_capture_on_commit_callbacks, games=[{"winners": [1, 3]}, {"drawn": True}])
    with django_assert_num_queries(4):
        history = history_for(t)
    records = {m.players: m for m in history.rounds[0].matches}
    assert len(records) == 2  # the third table is not confirmed
    seats = tuple(str(s.registration_id) for s in big.seats.order_by("number"))
    assert records[seats].placements == (2, 1, 3, 3) and records[seats].wins == (0, 1, 0, 0)
    seats = tuple(str(s.registration_id) for s in small.seats.order_by("number"))
    assert records[seats].wins == (1, 0, 1) and records[seats].draws == 1
    assert records[seats].placements == (1, 3, 1)
    rows = {r.player: r.points for r in compute_standings(history, "pods", **standings_options(t))}
    assert rows[seats[0]] == rows[seats[2]] == 4  # a shared win at a table of 3: (5+3)/2 each


def test_a_duel_history_is_unchanged(round_one, alice, bob, django_capture_on_commit_callbacks):
    match = round_one.matches.get()
    with django_capture_on_commit_callbacks(execute=True):
        report = services.result_report(match=match, actor=alice, games=[{"winner": "a"}, {"winner": "a"}])
        services.result_confirm(submission=report, actor=bob)
    record = history_for(round_one.tournament).rounds[0].matches[0]
    assert record.players == tuple(str(r.pk) for r in seat_regs(match))
    assert record.wins == (2, 0) and record.placements == ()


# --------------------------------------------------------------------------- elimination by tables


def test_an_elimination_by_tables_event_to_its_winner(organiser, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    t, regs = make_event(organiser, 9, structure="table_elimination", legal_decks=False, table_size=3)
    round_1 = pair(t, organiser, 1, capture)
    tables = tables_of(round_1)
    assert [m.seats.count() for m in tables] == [3, 3, 3] and round_1.is_elimination
    # a shared first place cannot end an elimination table
    with pytest.raises(UserError) as exc:
        services.result_report(match=tables[0], actor=users_at(tables[0])[0], placements=[1, 1, 3])
    assert exc.value.code == "elimination_draw"
    with pytest.raises(UserError, match="single winner"):
        services.result_report(match=tables[0], actor=users_at(tables[0])[0], games=[{"drawn": True}])
    winners = []
    for match in tables:
        play(match, capture, games=[{"winners": [3]}, {"winners": [3]}])
        winners.append(users_at(match)[2])
    final = pair(t, organiser, 2, capture)
    (final_table,) = tables_of(final)
    assert set(users_at(final_table)) == set(winners)
    assert "final" in final_table.pairing_reason
    play(final_table, capture, placements=[3, 1, 2])
    assert pair(t, organiser, 3, capture) is None
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert t.winner.player == users_at(final_table)[1]


# --------------------------------------------------------------------------- permissions and bad input


def test_only_a_player_at_the_table_may_report(pods_round, organiser):
    t, regs, rnd = pods_round
    big, small, _ = tables_of(rnd)
    outsider = users_at(small)[0]
    with pytest.raises(NotAllowed) as exc:
        services.result_report(match=big, actor=outsider, placements=[1, 2, 3, 4])
    assert exc.value.code == "not_at_table"
    with pytest.raises(NotAllowed):
        services.result_report(match=big, actor=UserFactory(), placements=[1, 2, 3, 4])
    assert not ResultSubmission.objects.exists()


def test_the_reporter_cannot_confirm_or_dispute_their_own_report(pods_round):
    _, _, rnd = pods_round
    big = tables_of(rnd)[0]
    first, second, third, _ = users_at(big)
    report = services.result_report(match=big, actor=first, placements=[1, 2, 3, 4])
    with pytest.raises(NotAllowed) as exc:
        services.result_confirm(submission=report, actor=first)
    assert exc.value.code == "own_report"
    with pytest.raises(NotAllowed):
        services.result_dispute(submission=report, actor=first, reason="oops")
    with pytest.raises(NotAllowed):
        services.result_confirm(submission=report, actor=users_at(tables_of(rnd)[1])[0])
    big.refresh_from_db()
    assert big.status == Match.Status.REPORTED
    assert not Seat.objects.filter(match=big, placement__isnull=False).exists()
    services.result_confirm(submission=report, actor=third)  # any other player at the table
    big.refresh_from_db()
    assert big.status == Match.Status.CONFIRMED
    with pytest.raises(Conflict):
        services.result_confirm(submission=report, actor=second)


@pytest.mark.parametrize("kwargs, code", [
    ({"placements": [1, 3, 3, 4]}, "placements"),
    ({"placements": [2, 2, 3, 4]}, "placements"),
    ({"placements": [0, 1, 2, 3]}, "placements"),
    ({"placements": [1, 2, 3]}, "seat_count"),
    ({"placements": [1, 2, 3, 4, 5]}, "seat_count"),
    ({"placements": ["1", 2, 3, 4]}, "placements"),
    ({"placements": "1,2,3,4"}, "placements"),
    ({"games": [{"winners": [5]}]}, "seat"),
    ({"games": [{"winners": [0]}]}, "seat"),
    ({"games": []}, "games"),
    ({"games": [{}]}, "games"),
    ({"games": [{"winners": [1], "drawn": True}]}, "games"),
    ({"games": [{"winners": [1, 1]}]}, "games"),
    ({"games": [{"winner": 1}]}, "games"),
    ({"games": [{"winners": [1]}] * 4}, "games"),  # best of 3
    ({}, "table_result"),
    ({"placements": [1, 2, 3, 4], "games": [{"winners": [1]}]}, "table_result"),
])
def test_bad_results_are_refused_and_change_nothing(pods_round, kwargs, code):
    _, _, rnd = pods_round
    big = tables_of(rnd)[0]
    with pytest.raises(UserError) as exc:
        services.result_report(match=big, actor=users_at(big)[0], **kwargs)
    assert exc.value.code == code, exc.value.message
    big.refresh_from_db()
    assert big.status == Match.Status.PENDING and not ResultSubmission.objects.exists()


def test_a_wrong_slip_and_a_duel_are_refused(pods_round, round_one, alice):
    _, _, rnd = pods_round
    big = tables_of(rnd)[0]
    with pytest.raises(UserError) as exc:
        services.result_report(match=big, actor=users_at(big)[0], placements=[1, 2, 3, 4], table=9)
    assert exc.value.code == "wrong_match"
    with pytest.raises(UserError) as exc:
        services.result_report(match=round_one.matches.get(), actor=alice, placements=[1, 2])
    assert exc.value.code == "games"  # a duel is reported game by game


def test_the_same_result_from_a_second_player_confirms_and_a_different_one_is_disputed(
        pods_round, organiser, django_capture_on_commit_callbacks):
    t, _, rnd = pods_round
    big, small, _ = tables_of(rnd)
    a, b, c = users_at(small)
    services.result_report(match=small, actor=a, games=[{"winners": [2]}])
    with django_capture_on_commit_callbacks(execute=True):
        services.result_report(match=small, actor=c, placements=[2, 1, 2])
    small.refresh_from_db()
    assert small.status == Match.Status.CONFIRMED  # the same places and games won: the second report confirms
    first, second, *_ = users_at(big)
    services.result_report(match=big, actor=first, placements=[1, 2, 3, 4])
    services.result_report(match=big, actor=second, placements=[2, 1, 3, 4])
    big.refresh_from_db()
    assert big.status == Match.Status.DISPUTED
    with pytest.raises(Conflict):
        services.result_report(match=big, actor=first, placements=[1, 2, 3, 4])
    with pytest.raises(NotAllowed):
        services.result_settle(match=big, actor=first, placements=[1, 2, 3, 4], reason="I won")
    with pytest.raises(UserError) as exc:
        services.result_settle(match=big, actor=organiser, placements=[1, 2, 3, 4], reason=" ")
    assert exc.value.code == "reason_required"
    with django_capture_on_commit_callbacks(execute=True):
        entry = services.result_settle(match=big, actor=organiser, placements=[1, 2, 3, 4],
                                               reason="Judge watched the last turn")
    big.refresh_from_db()
    assert big.status == Match.Status.CONFIRMED
    assert entry.action == AuditEntry.Action.DISPUTE_SETTLED and entry.match == big
    assert entry.before["result"] == "no confirmed result"
    names = [u.username for u in users_at(big)]
    assert entry.after["result"] == ", ".join(f"{n}. {name} ({int(n == 1)} won)" for n, name in
                                              enumerate(names, start=1))
    t.refresh_from_db()
    assert StandingsSnapshot.objects.filter(tournament=t, version=t.results_version).exists()


def test_a_dispute_goes_to_the_organiser_who_may_correct_any_result(pods_round, organiser):
    _, _, rnd = pods_round
    big = tables_of(rnd)[0]
    first, second, *_ = users_at(big)
    report = services.result_report(match=big, actor=first, placements=[1, 2, 3, 4])
    with pytest.raises(UserError):
        services.result_dispute(submission=report, actor=second, reason="")
    services.result_dispute(submission=report, actor=second, reason="I won that game")
    big.refresh_from_db()
    report.refresh_from_db()
    assert big.status == Match.Status.DISPUTED and report.dispute_reason == "I won that game"
    services.result_settle(match=big, actor=organiser, games=[{"winners": [2]}], reason="settled")
    services.result_settle(match=big, actor=organiser, placements=[1, 1, 3, 4], reason="corrected")
    entries = list(AuditEntry.objects.filter(match=big).order_by("id"))
    assert [e.action for e in entries] == [AuditEntry.Action.DISPUTE_SETTLED, AuditEntry.Action.RESULT_ENTERED]
    assert [s.placement for s in big.seats.order_by("number")] == [1, 1, 3, 4]


# --------------------------------------------------------------------------- pages


def test_the_round_page_lists_every_seat_in_seat_order_with_the_pairing_reason(client, pods_round, organiser):
    t, _, rnd = pods_round
    url = reverse("tournaments:round", args=[t.pk, rnd.number])
    spectator = client.get(url).content.decode()
    client.force_login(organiser)
    html = client.get(url).content.decode()
    for page in (spectator, html):
        assert "in seat order" in page
        for match in tables_of(rnd):
            names = [u.username for u in users_at(match)]
            positions = [page.index(f'<li value="{n}">{name}') for n, name in enumerate(names, start=1)]
            assert positions == sorted(positions)
        assert "BYE" not in page
    # why each table was paired: the organiser's column (a spectator sees the seats only)
    assert "Why they were paired" in html and "Why they were paired" not in spectator
    assert all(match.pairing_reason and match.pairing_reason in html for match in tables_of(rnd))


def test_a_player_reports_and_another_confirms_on_the_match_slip(client, pods_round,
                                                                 django_capture_on_commit_callbacks):
    t, _, rnd = pods_round
    big = tables_of(rnd)[0]
    first, second, third, fourth = users_at(big)
    url = reverse("tournaments:match", args=[t.pk, big.pk])
    client.force_login(first)
    html = client.get(url).content.decode()
    assert all(u.username in html for u in (first, second, third, fourth))
    # the table form (placements or winning seats per game), not the duel's game-by-game select
    assert 'name="place-4"' in html and 'name="game-1-winners"' in html and 'name="game-1"' not in html
    response = client.post(url, {"mode": "placements", "place-1": "1", "place-2": "3", "place-3": "3",
                                 "place-4": "4"})
    assert response.status_code == 400 and "should be 2" in response.content.decode()
    assert not ResultSubmission.objects.exists()
    response = client.post(url, {"mode": "games", "game-1-winners": ["2", "4"]})
    assert response.status_code == 302
    report = ResultSubmission.objects.get()
    assert report.outcome["placements"] == [3, 1, 3, 1]
    html = client.get(url).content.decode()
    assert "Waiting for another player" in html and "Confirm</button>" not in html
    client.force_login(third)
    html = client.get(url).content.decode()
    assert "Confirm</button>" in html
    # the pending report with its shared win, game by game
    assert f"Game 1: {second.username} and {fourth.username} won" in html
    assert f"1. {second.username} (1 won), 1. {fourth.username} (1 won)" in html
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:report-answer", args=[t.pk, big.pk, report.pk, "confirm"]))
    big.refresh_from_db()
    assert big.status == Match.Status.CONFIRMED
    assert [s.placement for s in big.seats.order_by("number")] == [3, 1, 3, 1]
    html = squash(client.get(url).content.decode())
    assert "place 1, 1 game won" in html and "Report the table" not in html


def test_someone_not_at_the_table_cannot_open_or_answer_its_slip(client, pods_round):
    t, _, rnd = pods_round
    big, small, _ = tables_of(rnd)
    report = services.result_report(match=big, actor=users_at(big)[0], placements=[1, 2, 3, 4])
    client.force_login(users_at(small)[0])
    assert client.get(reverse("tournaments:match", args=[t.pk, big.pk])).status_code == 403
    for answer, data in (("confirm", {}), ("dispute", {"reason": "not my table"})):
        response = client.post(reverse("tournaments:report-answer", args=[t.pk, big.pk, report.pk, answer]), data)
        assert response.status_code == 403
    report.refresh_from_db()
    assert report.state == ResultSubmission.State.PENDING and not report.dispute_reason


def test_the_organiser_enters_a_table_result_from_the_manage_page(client, pods_round, organiser):
    t, _, rnd = pods_round
    big = tables_of(rnd)[0]
    client.force_login(organiser)
    html = squash(client.get(reverse("tournaments:manage", args=[t.pk])).content.decode())
    override = reverse("tournaments:override", args=[t.pk, big.pk])
    record = reverse("tournaments:desk-record", args=[t.pk, big.pk])
    assert html.count(f'action="{record}"') == 1  # the results desk: each seat's win, one tap
    names = [u.username for u in users_at(big)]
    row = html.split(f'id="desk-table-{big.table}"')[1].split("</li>")[0]
    assert all(f"{name} won" in row for name in names) and ">playing</span>" in row
    client.post(override, {"mode": "placements", "place-1": "1", "place-2": "2", "place-3": "3", "place-4": "4"})
    big.refresh_from_db()
    assert big.status == Match.Status.PENDING and not AuditEntry.objects.exists()  # no reason: refused
    client.post(override, {"mode": "placements", "place-1": "4", "place-2": "3", "place-3": "2", "place-4": "1",
                           "reason": "slip lost"})
    big.refresh_from_db()
    assert big.status == Match.Status.CONFIRMED
    assert AuditEntry.objects.get(match=big).reason == "slip lost"
    assert [s.placement for s in big.seats.order_by("number")] == [4, 3, 2, 1]
    html = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert f'action="{override}"' not in html  # no longer an open table
    # the same override corrects a confirmed table result (from the match slip)
    client.post(override, {"mode": "placements", "place-1": "1", "place-2": "2", "place-3": "3", "place-4": "4",
                           "reason": "typo", "next": "match"})
    assert [s.placement for s in big.seats.order_by("number")] == [1, 2, 3, 4]
    assert list(AuditEntry.objects.filter(match=big).order_by("id").values_list("action", "reason")) == [
        (AuditEntry.Action.RESULT_ENTERED, "slip lost"), (AuditEntry.Action.RESULT_ENTERED, "typo")]


def test_the_bracket_shows_elimination_tables_and_who_advances(client, organiser, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    t, _ = make_event(organiser, 6, structure="table_elimination", legal_decks=False, table_size=3)
    rnd = pair(t, organiser, 1, capture)
    first, second = tables_of(rnd)
    play(first, capture, placements=[2, 1, 3])
    html = client.get(reverse("tournaments:bracket", args=[t.pk])).content.decode()
    assert f'<strong>{users_at(first)[1].username}</strong><span class="visually-hidden"> advances' in html
    assert "awaiting result" in html and "Bye" not in html


# --------------------------------------------------------------------------- API


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.mark.web
def test_the_api_shows_a_tables_seats_and_takes_its_report_and_confirmation(pods_round,
                                                                           django_capture_on_commit_callbacks):
    t, _, rnd = pods_round
    big = tables_of(rnd)[0]
    first, second, third, fourth = users_at(big)
    body = api().get(f"/api/v1/matches/{big.pk}/").json()
    assert body["multiplayer"] is True and body["is_bye"] is False and "player_b" not in body
    assert body["status"] == "pending" and body["draws"] is None
    assert [seat["player"] for seat in body["seats"]] == [u.username for u in (first, second, third, fourth)]
    assert [seat["seat"] for seat in body["seats"]] == [1, 2, 3, 4]
    rounds = api().get(f"/api/v1/tournaments/{t.pk}/rounds/{rnd.number}/").json()
    assert [len(m["seats"]) for m in rounds["matches"]] == [4, 3, 3]

    response = api(first).post(f"/api/v1/matches/{big.pk}/reports/",
                               {"placements": [1, 2, 3, 3], "round": rnd.number, "table": big.table}, format="json")
    assert response.status_code == 201, response.content
    report = response.json()
    assert report["outcome"] == {"wins": [1, 0, 0, 0], "placements": [1, 2, 3, 3], "draws": 0}
    assert report["state"] == "pending" and report["record"] == {"placements": [1, 2, 3, 3]}
    own = api(first).post(f"/api/v1/reports/{report['id']}/confirm/")
    assert own.status_code == 403 and own.json()["code"] == "own_report"
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = api(fourth).post(f"/api/v1/reports/{report['id']}/confirm/")
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["status"] == "confirmed"
    assert [seat["placement"] for seat in confirmed.json()["seats"]] == [1, 2, 3, 3]
    assert [seat["wins"] for seat in confirmed.json()["seats"]] == [1, 0, 0, 0]
    standings = api().get(f"/api/v1/tournaments/{t.pk}/standings/").json()
    assert standings["version"] == standings["results_version"] and len(standings["rows"]) == 10


@pytest.mark.web
def test_the_api_dispute_and_organiser_override_of_a_table(pods_round, organiser):
    _, _, rnd = pods_round
    small = tables_of(rnd)[1]
    a, b, c = users_at(small)
    report = api(b).post(f"/api/v1/matches/{small.pk}/reports/",
                         {"games": [{"winners": [2]}, {"winners": [2, 3]}]}, format="json").json()
    assert report["outcome"] == {"wins": [0, 2, 1], "placements": [3, 1, 2], "draws": 0}
    assert [(g["winners"], g["drawn"]) for g in report["record"]["games"]] == [([2], False), ([2, 3], False)]
    assert report["game_lines"] == [f"Game 1: {b.username} won", f"Game 2: {b.username} and {c.username} won"]
    missing = api(c).post(f"/api/v1/reports/{report['id']}/dispute/", {}, format="json")
    assert missing.status_code == 400 and missing.json()["code"] == "reason_required"
    disputed = api(c).post(f"/api/v1/reports/{report['id']}/dispute/", {"reason": "I won game 2 alone"},
                           format="json")
    assert disputed.status_code == 200 and disputed.json()["status"] == "disputed"
    [kept] = api(organiser).get(f"/api/v1/matches/{small.pk}/submissions/").json()
    assert (kept["state"], kept["dispute_reason"], kept["responded_by"]) == ("disputed", "I won game 2 alone",
                                                                              c.username)
    url = f"/api/v1/matches/{small.pk}/override/"
    assert api(a).post(url, {"placements": [1, 2, 3], "reason": "x"}, format="json").status_code == 403
    response = api(organiser).post(url, {"placements": [2, 1, 3]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "reason_required"
    response = api(organiser).post(url, {"placements": [2, 1, 3], "reason": "judge ruling"}, format="json")
    assert response.status_code == 200, response.content
    assert [seat["placement"] for seat in response.json()["seats"]] == [2, 1, 3]
    entry = AuditEntry.objects.get(match=small)
    assert entry.action == AuditEntry.Action.DISPUTE_SETTLED and entry.reason == "judge ruling"
    newest, oldest = api(organiser).get(f"/api/v1/matches/{small.pk}/submissions/").json()
    assert (newest["state"], newest["source"], newest["reason"]) == ("confirmed", "organiser", "judge ruling")
    assert newest["record"] == {"placements": [2, 1, 3]} and oldest["state"] == "superseded"


@pytest.mark.web
@pytest.mark.parametrize("body, status, code", [
    ({"placements": [1, 2, 3]}, 400, "seat_count"),
    ({"placements": [1, 1, 1, 4, 5]}, 400, "seat_count"),
    ({"placements": [1, 3, 3, 4]}, 400, "placements"),
    ({"placements": [1, 2, "x", 4]}, 400, "placements"),
    ({"placements": None}, 400, "table_result"),
    ({"games": [{"winners": [7]}]}, 400, "seat"),
    ({"games": [{"winners": [1], "drawn": "yes"}]}, 400, "games"),
    ({"games": "1 won"}, 400, "games"),
    ({"placements": [1, 2, 3, 4], "round": 9}, 400, "wrong_match"),
    ({"placements": [1, 2, 3, 4], "table": "one"}, 400, "slip"),
    ({"placements": [1, 2, 3, 4], "winner": 1}, 400, "unknown_field"),
    ({}, 400, "table_result"),
])
def test_bad_table_reports_are_4xx_with_code_detail_params_and_store_nothing(pods_round, body, status, code):
    _, _, rnd = pods_round
    big = tables_of(rnd)[0]
    response = api(users_at(big)[0]).post(f"/api/v1/matches/{big.pk}/reports/", body, format="json")
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert set(response.json()) == {"code", "detail", "params"} and response.json()["detail"]
    big.refresh_from_db()
    assert big.status == Match.Status.PENDING and not ResultSubmission.objects.exists()


@pytest.mark.web
def test_the_api_refuses_outsiders_unknown_ids_and_duel_endpoints_for_a_table(pods_round, round_one, alice):
    _, _, rnd = pods_round
    big, small, _ = tables_of(rnd)
    outsider = users_at(small)[0]
    response = api(outsider).post(f"/api/v1/matches/{big.pk}/reports/", {"placements": [1, 2, 3, 4]},
                                  format="json")
    assert response.status_code == 403 and response.json()["code"] == "not_at_table"
    assert api().post(f"/api/v1/matches/{big.pk}/reports/", {"placements": [1, 2, 3, 4]},
                      format="json").status_code in (401, 403)
    response = api(outsider).post("/api/v1/matches/999999/reports/", {"placements": [1, 2]}, format="json")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    response = api(outsider).post("/api/v1/reports/999999/confirm/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert api(outsider).post("/api/v1/reports/999999/dispute/", {"reason": "x"}, format="json").status_code == 404
    # one endpoint for any seat count, but a duel's input is refused at a table, and a table's at a duel
    # (a two-draw mulligan is table input too: tests/tournaments/test_rules_texts_in_pages_and_api.py)
    seat_one = users_at(big)[0]
    # (a game unfinished at time is table input since issue 22: tests/tournaments/test_elimination_at_time.py)
    for games in ([{"deck_out": True}, {"winners": [1]}], [{"winner": "a"}]):
        response = api(seat_one).post(f"/api/v1/matches/{big.pk}/reports/", {"games": games}, format="json")
        assert response.status_code == 400 and response.json()["code"] == "games", response.content
        assert set(response.json()) == {"code", "detail", "params"}
    duel = round_one.matches.get()
    response = api(alice).post(f"/api/v1/matches/{duel.pk}/reports/", {"placements": [1, 2]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "games"
    assert not ResultSubmission.objects.exists()
    # an outsider cannot answer a table's report either; a player at the table confirms it
    report = services.result_report(match=small, actor=users_at(small)[0], placements=[1, 2, 3])
    response = api(users_at(big)[0]).post(f"/api/v1/reports/{report.pk}/confirm/")
    assert response.status_code == 403 and response.json()["code"] == "not_at_table"
    response = api(users_at(small)[1]).post(f"/api/v1/reports/{report.pk}/confirm/")
    assert response.status_code == 200 and response.json()["status"] == "confirmed"


def test_a_pods_top_cut_is_a_final_table_of_the_best_four(organiser, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    t, _ = make_event(organiser, 8, legal_decks=False, swiss_rounds=1, top_cut=4)
    swiss = pair(t, organiser, 3, capture)
    firsts = []
    for match in tables_of(swiss):
        play(match, capture, placements=[1, 2, 3, 4])
        firsts.append(users_at(match)[0])
    cut = pair(t, organiser, 4, capture)
    assert cut.is_elimination
    (final,) = tables_of(cut)
    assert set(firsts) <= set(users_at(final))
    with pytest.raises(UserError) as exc:
        services.result_settle(match=final, actor=organiser, placements=[1, 1, 3, 4], reason="tie")
    assert exc.value.code == "elimination_draw"
    play(final, capture, games=[{"winners": [4]}, {"winners": [4]}])
    assert pair(t, organiser, 5, capture) is None
    t.refresh_from_db()
    assert t.winner.player == users_at(final)[3]
