"""Opponentless losses (a late player's loss, TOM's "LATE") and late entries' choice, through the service, the API,
the pages and the exports (``tournaments.services.late_losses``, ``check_in.walk_in_register``).

The placings are written out by hand from the sources: Play! Pokémon Tournament Rules Handbook §5.3.3.1 (WP over
the rounds played, 25% floor) and rk9.gg, "All about tiebreakers in the Pokémon TCG" (2021, the Late Penalty: a
late player "will appear below all others with the same number of match points"); Magic Tournament Rules,
Appendix C (OMW% averages the opponents met; a player with none has 0).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from decks.services import deck_submit
from rules.history import MatchRecord
from tests.conftest import LEGAL_55, make_event
from tournaments import services
from tournaments.adapters import history_for
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Match, Round, Tournament
from tournaments.selectors import latest_snapshot
from tournaments.services.check_in import walk_in_register
from tournaments.services.late_losses import late_loss_record, late_loss_remove

pytestmark = pytest.mark.django_db


def settle_round(rnd: Round, organiser) -> list:
    """The organiser enters every open duel: seat 1 wins 2-0. Returns (winner, loser) registrations per table."""
    results = []
    for match in rnd.matches.filter(status=Match.Status.PENDING).order_by("table"):
        seats = list(match.seats.select_related("registration").order_by("number"))
        if len(seats) != 2:
            continue
        services.result_settle(
            match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="result slip"
        )
        results.append((seats[0].registration, seats[1].registration))
    return results


@pytest.fixture
def event(organiser, django_capture_on_commit_callbacks):
    """A 4-player Swiss (pokemon tiebreakers, late entries for 2 rounds), round 1 paired and played.
    Returns (tournament, round 1, [(winner, loser) per table])."""
    t, _regs = make_event(
        organiser, 4, structure="swiss", swiss_rounds=3, late_entry_rounds=2, tiebreakers="pokemon"
    )
    with django_capture_on_commit_callbacks(execute=True):
        one = services.round_pair_next(tournament=t, actor=organiser, seed=1)
        results = settle_round(one, organiser)
    return t, one, results


def names(rows: list[dict]) -> list[str]:
    return [r["name"] for r in rows]


def test_a_late_entry_with_losses_is_placed_below_everyone_on_the_same_points(
    event, organiser, django_capture_on_commit_callbacks
):
    t, one, ((w1, l1), (w2, l2)) = event
    with django_capture_on_commit_callbacks(execute=True):
        lena = walk_in_register(tournament=t, actor=organiser, name="Lena Late", late_entry_losses=True)
    loss = Match.objects.get(round=one, seats__registration=lena)
    assert loss.opponentless_loss and loss.is_confirmed and loss.table == 3
    assert MatchRecord((str(lena.pk),), loss=True) in history_for(t).rounds[0].matches
    entry = AuditEntry.objects.get(action=AuditEntry.Action.WALK_IN, after__player="Lena Late")
    assert entry.reason_code == "walk_in_late_losses" and entry.after["late_losses"] == [1]
    # after round 1 (by hand): the winners on 3 (OWP = a loser's floored 1/4 each: tied, in seeding order = the
    # order they registered), then on 0 the losers (OWP = a winner's 1, tied likewise) and Lena last (no opponent,
    # and the Late Penalty)
    rows = APIClient().get(f"/api/v1/tournaments/{t.pk}/standings/").json()["rows"]
    winners, losers = sorted([w1, w2], key=lambda r: r.pk), sorted([l1, l2], key=lambda r: r.pk)
    assert names(rows) == [r.display_name for r in winners + losers] + ["Lena Late"]
    lena_row = rows[-1]
    assert (lena_row["points"], lena_row["wins"], lena_row["losses"]) == (0, 0, 1)
    # with a legal deck she is paired from round 2 (5 players) like anyone on 0 points
    deck_submit(registration=lena, actor=organiser, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    two = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    assert two.matches.filter(seats__registration=lena, opponentless_loss=False).exists()


def test_a_late_entry_without_losses_joins_with_zero_points_as_before(event, organiser):
    t, one, _ = event
    zoe = walk_in_register(tournament=t, actor=organiser, name="Zoe Zero")
    assert not Match.objects.filter(seats__registration=zoe).exists()
    assert AuditEntry.objects.get(after__player="Zoe Zero").reason_code == "walk_in_late"


def test_the_organiser_records_a_late_loss_for_a_player_not_paired_in_the_round(
    event, organiser, django_capture_on_commit_callbacks
):
    t, one, ((w1, l1), (w2, l2)) = event
    zoe = walk_in_register(tournament=t, actor=organiser, name="Zoe Zero")
    with django_capture_on_commit_callbacks(execute=True):
        match = late_loss_record(registration=zoe, actor=organiser, round_number=1, reason="arrived at 11:20")
    assert match.opponentless_loss and match.round == one
    entry = AuditEntry.objects.get(action=AuditEntry.Action.OPPONENTLESS_LOSS)
    assert (entry.match, entry.reason, entry.after["result"]) == (
        match,
        "arrived at 11:20",
        "loss (no opponent)",
    )
    with pytest.raises(Conflict) as err:
        late_loss_record(registration=zoe, actor=organiser, round_number=1)
    assert err.value.code == "already_in_round"
    with pytest.raises(Conflict) as err:
        late_loss_record(registration=w1, actor=organiser, round_number=1)
    assert err.value.code == "already_in_round"
    with pytest.raises(UserError) as err:
        late_loss_record(registration=zoe, actor=organiser, round_number=4)
    assert err.value.code == "no_round"
    with pytest.raises(NotAllowed):
        late_loss_record(registration=zoe, actor=w1.player, round_number=1)
    rows = latest_snapshot(t).rows
    assert [r["player"] for r in rows][-1] == str(zoe.pk)


def test_a_dropped_player_keeps_their_record_and_their_resistance_frozen_at_the_drop(
    event, organiser, django_capture_on_commit_callbacks
):
    # w1 beats l1 in round 1 and drops; round 2 pairs the three others (one bye) and l1 wins if paired. w1 stays on
    # 3 points, ranked by them, and (pokemon, TOM) keeps the OWP of round 1: l1's WP then, 0 -> floor 1/4, whatever
    # l1 does after (WP 1/2 if they win round 2).
    t, one, ((w1, l1), (w2, l2)) = event
    services.player_drop(registration=w1, actor=w1.player)
    with django_capture_on_commit_callbacks(execute=True):
        two = services.round_pair_next(tournament=t, actor=organiser, seed=3)
        for match in two.matches.filter(status=Match.Status.PENDING):
            seats = list(match.seats.order_by("number"))
            winner = "b" if seats[1].registration_id == l1.pk else "a"
            services.result_settle(
                match=match, actor=organiser, games=[{"winner": winner}] * 2, reason="slip"
            )
    assert not two.matches.filter(seats__registration=w1).exists()
    assert two.matches.get(seats__registration=l1).seats.count() == 2  # l1 played (and won) round 2
    assert history_for(t).drops == {str(w1.pk): 1}
    rows = APIClient().get(f"/api/v1/tournaments/{t.pk}/standings/").json()["rows"]
    row = next(r for r in rows if r["name"] == w1.display_name)
    assert (row["points"], row["wins"], row["losses"], row["owp"]) == (3, 1, 0, 0.25)


def test_the_api_records_a_late_loss_and_a_late_entry_with_losses(event, organiser, alice):
    t, one, ((w1, _l1), _) = event
    api = APIClient()
    api.force_authenticate(organiser)
    created = api.post(
        f"/api/v1/tournaments/{t.pk}/walk-ins/",
        {"name": "Lena Late", "late_entry_losses": True},
        format="json",
    )
    assert created.status_code == 201
    lena = created.json()["id"]
    assert Match.objects.filter(seats__registration_id=lena, opponentless_loss=True).count() == 1
    zoe = api.post(f"/api/v1/tournaments/{t.pk}/walk-ins/", {"name": "Zoe Zero"}, format="json").json()["id"]
    url = f"/api/v1/tournaments/{t.pk}/registrations/{zoe}/late-loss/"
    answer = api.post(url, {"round": 1, "reason": "late"}, format="json")
    assert answer.status_code == 201
    body = answer.json()
    assert (body["opponentless_loss"], body["is_bye"], body["round"], len(body["seats"])) == (
        True,
        False,
        1,
        1,
    )
    again = api.post(url, {"round": 1}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "already_in_round")
    assert api.post(url, {"round": 0}, format="json").status_code == 400
    assert api.post(url, {"round": 7}, format="json").status_code == 400
    api.force_authenticate(alice)
    assert api.post(url, {"round": 1}, format="json").status_code == 403


def test_the_pages_and_exports_show_a_late_loss(event, organiser, client):
    t, one, _ = event
    client.force_login(organiser)
    zoe = walk_in_register(tournament=t, actor=organiser, name="Zoe Zero")
    players = client.get(reverse("tournaments:manage-players", args=[t.pk])).content.decode()
    assert "Record a late loss for round 1" in players
    answer = client.post(reverse("tournaments:manage-late-loss", args=[t.pk, zoe.pk]), {"round": "1"})
    assert answer.status_code == 302
    assert Match.objects.filter(seats__registration=zoe, opponentless_loss=True).exists()
    assert (
        "Record a late loss for round 1"
        not in client.get(reverse("tournaments:manage-players", args=[t.pk])).content.decode()
    )
    round_page = client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert "Late: loss" in round_page and "Scored as a loss, no opponent" in round_page
    printed = client.get(reverse("tournaments:print-pairings-tables", args=[t.pk, 1])).content.decode()
    assert "Late: loss" in printed and "Zoe Zero" in printed
    by_name = client.get(reverse("tournaments:print-pairings-names", args=[t.pk, 1])).content.decode()
    assert "Late: loss" in by_name
    csv = client.get(reverse("tournaments:export-pairings", args=[t.pk])).content.decode().splitlines()
    header = csv[0].split(",")
    zoe_row = dict(zip(header, next(line for line in csv if "Zoe Zero" in line).split(",")))
    assert (zoe_row["bye"], zoe_row["late_loss"], zoe_row["seat_count"]) == ("0", "1", "1")
    # the history export is the rules' format: `python -m rules standings` reads it back
    exported = client.get(reverse("tournaments:export-history-json", args=[t.pk])).json()
    assert {"players": [str(zoe.pk)], "loss": True} in exported["rounds"][0]["matches"]


def test_the_walk_in_form_offers_the_late_entry_choice(event, organiser, client):
    t, one, _ = event
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage-players", args=[t.pk])).content.decode()
    assert "With a loss for each round missed (no opponent)" in page
    client.post(
        reverse("tournaments:manage-walk-in", args=[t.pk]), {"name": "Lena Late", "late_entry_losses": "1"}
    )
    client.post(
        reverse("tournaments:manage-walk-in", args=[t.pk]), {"name": "Zoe Zero", "late_entry_losses": "0"}
    )
    assert list(
        Match.objects.filter(opponentless_loss=True).values_list(
            "seats__registration__walk_in_name", flat=True
        )
    ) == ["Lena Late"]


def test_a_late_loss_recorded_by_mistake_is_removed_and_logged(event, organiser, client):
    t, one, ((w1, _l1), _) = event
    zoe = walk_in_register(tournament=t, actor=organiser, name="Zoe Zero")
    match = late_loss_record(registration=zoe, actor=organiser, round_number=1)
    with pytest.raises(UserError) as err:
        late_loss_remove(match=match, actor=organiser, reason="")
    assert err.value.code == "reason_required"
    table = one.matches.get(seats__registration=w1)
    with pytest.raises(Conflict) as err:
        late_loss_remove(match=table, actor=organiser, reason="oops")
    assert err.value.code == "not_a_late_loss"
    with pytest.raises(NotAllowed):
        late_loss_remove(match=match, actor=w1.player, reason="oops")
    client.force_login(organiser)
    players = client.get(reverse("tournaments:manage-players", args=[t.pk])).content.decode()
    assert "Remove the late loss of round 1" in players
    answer = client.post(
        reverse("tournaments:manage-late-loss-remove", args=[t.pk, match.pk]),
        {"reason": "she was at table 2 after all"},
    )
    assert answer.status_code == 302
    assert not Match.objects.filter(pk=match.pk).exists()
    recorded, removed = AuditEntry.objects.filter(action=AuditEntry.Action.OPPONENTLESS_LOSS).order_by("id")
    assert recorded.match is None and recorded.after["result"] == "loss (no opponent)"  # the log keeps it
    assert (removed.reason, removed.after["result"]) == ("she was at table 2 after all", "removed")
    # the API: record again, then remove
    api = APIClient()
    api.force_authenticate(organiser)
    again = api.post(
        f"/api/v1/tournaments/{t.pk}/registrations/{zoe.pk}/late-loss/", {"round": 1}, format="json"
    )
    url = f"/api/v1/matches/{again.json()['id']}/late-loss/remove/"
    assert api.post(url, {}, format="json").status_code == 400
    assert api.post(url, {"reason": "mistake"}, format="json").status_code == 200
    assert not Match.objects.filter(opponentless_loss=True).exists()


def test_a_team_event_takes_no_late_losses(event, organiser):
    # teams are paired as units: one member's loss with no opponent would be the team's (rules.pairings.teams)
    t, one, _ = event
    zoe = walk_in_register(tournament=t, actor=organiser, name="Zoe Zero")
    Tournament.objects.filter(pk=t.pk).update(team_size=2)
    with pytest.raises(Conflict) as err:
        late_loss_record(registration=zoe, actor=organiser, round_number=1)
    assert err.value.code == "team_event"
    with pytest.raises(UserError) as err:
        walk_in_register(tournament=t, actor=organiser, name="Lena Late", late_entry_losses=True)
    assert err.value.code == "team_event"


def test_a_late_loss_takes_no_report_nor_result(event, organiser):
    t, one, _ = event
    zoe = walk_in_register(tournament=t, actor=organiser, name="Zoe Zero")
    match = late_loss_record(registration=zoe, actor=organiser, round_number=1)
    with pytest.raises(Conflict) as err:
        services.result_settle(match=match, actor=organiser, score="2-0", reason="slip")
    assert err.value.code == "late_loss"


def test_a_late_loss_does_not_start_the_round_and_goes_with_a_re_pairing(event, organiser):
    # a late loss is confirmed at once, like a bye: the organiser may still swap players or pair the round again
    # (the new pairing seats every active player: the late loss goes, named in the log)
    from tournaments.services.round_changes import round_repair, round_swap_players

    t, one, _ = event
    zoe = walk_in_register(
        tournament=t, actor=organiser, name="Zoe Zero"
    )  # no deck yet: not paired in round 2
    two = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    late_loss_record(registration=zoe, actor=organiser, round_number=2)
    first, second = (
        m.seats.order_by("number").first().registration for m in two.matches.order_by("table")[:2]
    )
    round_swap_players(tournament=t, actor=organiser, first=first, second=second, reason="wrong tables")
    deck_submit(registration=zoe, actor=organiser, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    new = round_repair(tournament=t, actor=organiser, reason="Zoe is here after all", seed=4)
    assert not Match.objects.filter(opponentless_loss=True).exists()
    assert new.matches.filter(seats__registration=zoe).exists()
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.PAIRING_CHANGED).order_by("-id").first()
    assert entry.after["late_losses_removed"] == ["Zoe Zero"]


def test_a_late_player_sees_their_late_loss_on_their_page(
    event, organiser, client, django_capture_on_commit_callbacks
):
    from django.contrib.auth.models import User

    t, one, _ = event
    late_user = User.objects.create_user("latecomer")
    late = services.player_register(tournament=t, actor=late_user)
    with django_capture_on_commit_callbacks(execute=True):
        late_loss_record(registration=late, actor=organiser, round_number=1)
    client.force_login(late_user)
    page = client.get(reverse("tournaments:me")).content.decode()
    assert "Round 1: late, a loss with no opponent" in page
    assert "Late: loss" in page
