"""Every tournament structure runs to a winner through the services; the organiser's pairing tools
(forbidden pairs, byes at registration, late entries, swaps, re-pairs) work, are logged, and bad
requests change nothing."""

from __future__ import annotations

import datetime
import itertools

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from decks.services import deck_submit
from tests.conftest import LEGAL_55, pair_or_finish, seat_regs, seat_wins
from tournaments import services
from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Match, Registration, Round, Seat, Tournament
from tournaments.services import rounds as pairing
from tournaments.services.entries import player_drop, player_register
from tournaments.services.lifecycle import tournament_start

pytestmark = pytest.mark.django_db

DECK = LEGAL_55.read_bytes()


def make_event(organiser, players: int, *, start: bool = True, **options) -> tuple[Tournament, list[Registration]]:
    t = services.tournament_create(actor=organiser, name="Event", date=datetime.date(2026, 12, 5), **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    regs = []
    for i in range(players):
        user = User.objects.create_user(f"t{t.pk}-p{i:02d}")
        reg = player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=DECK, filename=LEGAL_55.name)
        regs.append(reg)
    if start:
        tournament_start(tournament=t, actor=organiser)
    return Tournament.objects.get(pk=t.pk), regs


def play_round(rnd: Round, organiser, winner_seat: str = "a") -> None:
    """The organiser enters every open duel: the seat ``winner_seat`` wins 2-0."""
    for match in rnd.matches.filter(status=Match.Status.PENDING):
        if match.seats.count() != 2:
            continue
        services.result_settle(match=match, actor=organiser, games=[{"winner": winner_seat}] * 2,
                                 reason="result slip")


def run_to_the_end(t: Tournament, organiser, limit: int = 40) -> list[Round]:
    rounds = []
    for seed in range(limit):
        rnd = pair_or_finish(t, organiser, seed=seed)
        if rnd is None:
            return rounds
        rounds.append(rnd)
        play_round(rnd, organiser)
    raise AssertionError("the tournament did not finish")


def duels(rnd: Round) -> list[frozenset[int]]:
    return [frozenset(r.pk for r in seat_regs(m)) for m in two_seat(rnd)]


def two_seat(rnd: Round) -> list[Match]:
    """The round's duels (matches of two seats), in table order."""
    return [m for m in rnd.matches.order_by("table") if m.seats.count() == 2]


def players_of(rnd: Round) -> set[int]:
    return set(Seat.objects.filter(match__round=rnd).values_list("registration_id", flat=True))


def test_double_elimination_runs_to_a_winner_with_a_losers_bracket(organiser):
    t, regs = make_event(organiser, 8, structure="double_elimination")
    rounds = run_to_the_end(t, organiser)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and t.winner is not None
    assert all(r.kind == Round.Kind.ELIMINATION for r in rounds)
    losses = {r.pk: 0 for r in regs}
    for rnd in rounds:
        for m in two_seat(rnd):
            first, second = seat_regs(m)
            wins = seat_wins(m)
            losses[second.pk if wins[0] > wins[1] else first.pk] += 1
    assert losses[t.winner_id] == 0  # seat A always won: the winners' bracket champion never lost
    assert sorted(losses.values()) == [0] + [2] * 7  # everyone else was eliminated by a second loss


def test_round_robin_pairs_everyone_once_with_one_bye_each(organiser):
    t, regs = make_event(organiser, 5, structure="round_robin")
    rounds = run_to_the_end(t, organiser)
    assert len(rounds) == 5 and all(r.kind == Round.Kind.ROUND_ROBIN for r in rounds)
    pairs = [p for r in rounds for p in duels(r)]
    assert sorted(map(sorted, pairs)) == sorted(sorted(p) for p in itertools.combinations([r.pk for r in regs], 2))
    byes = [seat_regs(m)[0].pk for r in rounds for m in r.matches.all() if m.seats.count() == 1]
    assert sorted(byes) == sorted(r.pk for r in regs)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


def test_double_round_robin_meets_everyone_twice(organiser):
    t, regs = make_event(organiser, 4, structure="round_robin", double_round_robin=True)
    rounds = run_to_the_end(t, organiser)
    assert len(rounds) == 6
    pairs = [p for r in rounds for p in duels(r)]
    assert all(pairs.count(p) == 2 for p in pairs)


def test_single_elimination_with_a_third_place_match(organiser):
    t, regs = make_event(organiser, 4, structure="single_elimination", third_place_match=True)
    first = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert first.matches.count() == 2
    play_round(first, organiser)
    final = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    reasons = sorted(m.pairing_reason for m in final.matches.all())
    assert final.matches.count() == 2 and any("third-place" in r for r in reasons)


def test_random_seeding_is_a_reproducible_draw(organiser):
    t, regs = make_event(organiser, 8, structure="single_elimination", random_seeding=True)
    first = duels(services.round_pair_next(tournament=t, actor=organiser, seed=1))
    assert len(first) == 4 and {p for pair in first for p in pair} == {r.pk for r in regs}
    Round.objects.filter(tournament=t).delete()
    again = duels(services.round_pair_next(tournament=t, actor=organiser, seed=99))
    assert set(again) == set(first)  # the draw depends on the tournament, not on the round's seed
    plain, plain_regs = make_event(organiser, 8, structure="single_elimination")
    standard = duels(services.round_pair_next(tournament=plain, actor=organiser, seed=1))
    by_seed = {frozenset((plain_regs[a].pk, plain_regs[b].pk)) for a, b in ((0, 7), (3, 4), (1, 6), (2, 5))}
    assert set(standard) == by_seed  # without the option: registration order, 1v8, 4v5, 2v7, 3v6


def test_top_cut_of_16_is_seeded_by_swiss_rank(organiser):
    t, regs = make_event(organiser, 20, swiss_rounds=1, top_cut=16)
    swiss = services.round_pair_next(tournament=t, actor=organiser, seed=5)
    play_round(swiss, organiser)
    cut = services.round_pair_next(tournament=t, actor=organiser, seed=6)
    assert cut.kind == Round.Kind.ELIMINATION and cut.matches.count() == 8
    from rules.standings import compute_standings

    from tournaments.adapters import history_for

    ranked = [int(row.player) for row in compute_standings(history_for(t))]
    table_one = cut.matches.get(table=1)
    assert {r.pk for r in seat_regs(table_one)} == {ranked[0], ranked[15]}


def test_forbidden_pairs_keep_players_apart(organiser):
    t, regs = make_event(organiser, 4)
    a, b = regs[0], regs[1]
    pairing.forbidden_pair_set(tournament=t, actor=organiser, first=a, second=b, reason="siblings",
                               until_round=1)
    for seed in range(8):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=seed)
        assert frozenset((a.pk, b.pk)) not in duels(rnd)
        rnd.delete()
    entry = AuditEntry.objects.get(action=AuditEntry.Action.FORBIDDEN_PAIR)
    assert entry.reason == "siblings" and entry.after["until_round"] == 1


def test_forbidden_pairs_that_make_pairing_impossible_are_explained_and_change_nothing(organiser):
    t, regs = make_event(organiser, 2)
    pairing.forbidden_pair_set(tournament=t, actor=organiser, first=regs[0], second=regs[1], reason="family")
    with pytest.raises(UserError) as caught:
        services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert "forbidden" in caught.value.message.lower()
    assert not Round.objects.filter(tournament=t).exists()


def test_awarded_byes_go_to_invited_players(organiser):
    t, regs = make_event(organiser, 5, start=False, swiss_rounds=3)
    invited = regs[2]
    pairing.byes_award(registration=invited, actor=organiser, rounds=2, reason="invited: last year's champion")
    tournament_start(tournament=t, actor=organiser)
    one = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert one.matches.get(seats__registration=invited).seats.count() == 1
    play_round(one, organiser)
    two = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    assert two.matches.get(seats__registration=invited).seats.count() == 1
    play_round(two, organiser)
    three = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    assert invited.pk in {p for pair in duels(three) for p in pair}
    with pytest.raises(Conflict):
        pairing.byes_award(registration=regs[0], actor=organiser, rounds=1, reason="late")


def test_late_entries_join_with_no_points_once_their_deck_is_legal(organiser):
    t, regs = make_event(organiser, 4, swiss_rounds=3, late_entry_rounds=2)
    one = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    play_round(one, organiser)
    late_user = User.objects.create_user("latecomer")
    late = player_register(tournament=t, actor=late_user)
    assert late.late_entry
    two_without_deck = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    assert late.pk not in players_of(two_without_deck)
    deck_submit(registration=late, actor=late_user, data=DECK, filename=LEGAL_55.name)
    two = pairing.round_repair(tournament=t, actor=organiser, reason="the latecomer has a legal deck now", seed=3)
    seated = players_of(two)
    assert late.pk in seated
    with pytest.raises(Conflict, match="locked"):
        deck_submit(registration=late, actor=late_user, data=DECK, filename=LEGAL_55.name)
    play_round(two, organiser)
    services.round_pair_next(tournament=t, actor=organiser, seed=4)
    with pytest.raises(Conflict, match="not open"):
        player_register(tournament=t, actor=User.objects.create_user("too-late"))
    assert AuditEntry.objects.filter(action=AuditEntry.Action.LATE_ENTRY).count() == 1


def test_the_organiser_swaps_two_players_before_results_and_it_is_logged(organiser, client):
    t, regs = make_event(organiser, 4)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    m1, m2 = rnd.matches.order_by("table")
    x, y = seat_regs(m1)[0], seat_regs(m2)[0]
    pairing.round_swap_players(tournament=t, actor=organiser, first=x, second=y, reason="seated at the wrong table")
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert seat_regs(m1)[0] == y and seat_regs(m2)[0] == x
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PAIRING_CHANGED)
    assert entry.before["tables"] != entry.after["tables"] and entry.reason == "seated at the wrong table"
    services.result_report(match=m1, actor=seat_regs(m1)[0].player, games=[{"winner": "a"}, {"winner": "a"}])
    with pytest.raises(Conflict, match="started"):
        pairing.round_swap_players(tournament=t, actor=organiser, first=x, second=y, reason="again")
    with pytest.raises(Conflict, match="started"):
        pairing.round_repair(tournament=t, actor=organiser, reason="again")


def test_the_organiser_pairs_an_unstarted_round_again(organiser):
    t, regs = make_event(organiser, 6)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    new = pairing.round_repair(tournament=t, actor=organiser, reason="a player arrived late", seed=2)
    assert new.number == 1 and not Round.objects.filter(pk=rnd.pk).exists()
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PAIRING_CHANGED)
    assert entry.before["seed"] == 1 and entry.after["seed"] == 2
    with pytest.raises(UserError, match="why"):
        pairing.round_repair(tournament=t, actor=organiser, reason=" ")


def test_pairing_with_fewer_than_two_active_players_is_refused(organiser):
    t, regs = make_event(organiser, 3)
    for reg in regs[1:]:
        player_drop(registration=reg, actor=organiser, reason="left")
    with pytest.raises(UserError) as caught:
        services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert caught.value.code == "too_few_players"
    assert not Round.objects.filter(tournament=t).exists()


def test_pods_seat_every_player_at_tables_of_four_and_three(organiser):
    t, regs = make_event(organiser, 10, structure="pods", swiss_rounds=2)
    assert t.tiebreakers == "pods"
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert rnd.kind == Round.Kind.PODS
    sizes = sorted(m.seats.count() for m in rnd.matches.all())
    assert sizes == [3, 3, 4]
    seated = Seat.objects.filter(match__round=rnd).values_list("registration_id", flat=True)
    assert sorted(seated) == sorted(r.pk for r in regs)


def test_teams_are_paired_as_units(organiser, django_capture_on_commit_callbacks):
    t, regs = make_event(organiser, 8, start=False, team_size=2)
    for i, reg in enumerate(regs):
        pairing.registration_team_set(registration=reg, actor=organiser, team=f"Team {i // 2 + 1}")
    with pytest.raises(UserError, match="already has 2"):
        pairing.registration_team_set(registration=regs[0], actor=organiser, team="Team 2")
    tournament_start(tournament=t, actor=organiser)
    assert Tournament.objects.get(pk=t.pk).tiebreakers == "pods"
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    tables = [[s.registration.team for s in m.seats.select_related("registration")] for m in rnd.matches.all()]
    assert len(tables) == 2
    for teams in tables:
        assert len(teams) == 4 and teams[0] == teams[1] and teams[2] == teams[3] and teams[0] != teams[2]
    from tournaments.models import StandingsSnapshot
    from tournaments.services.results import result_settle

    with django_capture_on_commit_callbacks(execute=True):
        for match in rnd.matches.all():  # the first team at each table wins: teammates share their place
            result_settle(match=match, actor=organiser, reason="slips", placements=[1, 1, 3, 3])
    snapshot = StandingsSnapshot.objects.filter(tournament=t).order_by("-version").first()
    points = {row["player"]: row["points"] for row in snapshot.rows}
    winners = {str(s.registration_id) for m in rnd.matches.all() for s in m.seats.all() if s.number <= 2}
    assert {points[p] for p in winners} == {max(points.values())}
    second = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    first_pairs = {frozenset(s.registration.team for s in m.seats.all()) for m in rnd.matches.all()}
    second_pairs = {frozenset(s.registration.team for s in m.seats.all()) for m in second.matches.all()}
    assert not first_pairs & second_pairs  # the teams meet new teams


def test_structure_options_are_validated(organiser):
    with pytest.raises(UserError, match="top cut"):
        services.tournament_create(actor=organiser, name="x", date=datetime.date(2026, 1, 1), top_cut=12)
    with pytest.raises(UserError, match="pods tiebreaker"):
        services.tournament_create(actor=organiser, name="x", date=datetime.date(2026, 1, 1), structure="pods",
                                   tiebreakers="buchholz")
    with pytest.raises(UserError, match="Late entries"):
        services.tournament_create(actor=organiser, name="x", date=datetime.date(2026, 1, 1),
                                   structure="round_robin", late_entry_rounds=2)


def test_the_manage_page_offers_the_pairing_tools(client, organiser):
    t, regs = make_event(organiser, 4)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:forbidden-pair-add", args=[t.pk]),
                           {"first": regs[0].pk, "second": regs[1].pk, "reason": "family", "until_round": "2"})
    assert response.status_code == 302
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    page = client.get(reverse("tournaments:manage-players", args=[t.pk])).content.decode()
    assert "Forbidden pairs (1)" in page and "family" in page
    client.post(reverse("tournaments:repair", args=[t.pk]), {"reason": "re-seat"})
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PAIRING_CHANGED, reason="re-seat").exists()
    bad = client.post(reverse("tournaments:swap", args=[t.pk]), {"first": "x", "second": regs[1].pk, "reason": "r"},
                      follow=True)
    assert "Choose a player registered for this tournament." in bad.content.decode()


@pytest.mark.web
def test_the_api_pairing_tools(organiser, alice):
    from rest_framework.test import APIClient

    t, regs = make_event(organiser, 6, start=False)
    api = APIClient()
    api.force_authenticate(alice)
    base = f"/api/v1/tournaments/{t.pk}"
    assert api.post(f"{base}/forbidden-pairs/", {"player_a": regs[0].pk, "player_b": regs[1].pk, "reason": "x"},
                    format="json").status_code == 403
    api.force_authenticate(organiser)
    created = api.post(f"{base}/forbidden-pairs/", {"player_a": regs[0].pk, "player_b": regs[1].pk,
                                                    "reason": "twins", "until_round": 2}, format="json")
    assert created.status_code == 201 and created.json()["until_round"] == 2
    assert len(api.get(f"{base}/forbidden-pairs/").json()) == 1
    bad = api.post(f"{base}/forbidden-pairs/", {"player_a": regs[0].pk, "player_b": 999999, "reason": "x"},
                   format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "not_registered"
    byes = api.post(f"{base}/registrations/{regs[3].pk}/byes/", {"rounds": 1, "reason": "invited"}, format="json")
    assert byes.status_code == 200 and byes.json()["awarded_byes"] == 1
    too_many = api.post(f"{base}/registrations/{regs[3].pk}/byes/", {"rounds": 9, "reason": "x"}, format="json")
    assert too_many.status_code == 400
    tournament_start(tournament=t, actor=organiser)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    repaired = api.post(f"{base}/rounds/repair/", {"reason": "table mix-up", "seed": 7}, format="json")
    assert repaired.status_code == 200 and repaired.json() == {"round": 1, "seed": 7}
    rnd = Round.objects.get(tournament=t, number=1)
    players = [seat_regs(m)[0].pk for m in two_seat(rnd)]
    swapped = api.post(f"{base}/rounds/swap/", {"first": players[0], "second": players[1], "reason": "seats"},
                       format="json")
    assert swapped.status_code == 200
    same = api.post(f"{base}/rounds/swap/", {"first": players[0], "second": players[0], "reason": "x"},
                    format="json")
    assert same.status_code == 400 and same.json()["code"] == "same_player"
    removed = api.post(f"{base}/forbidden-pairs/{created.json()['id']}/delete/", {"reason": "no longer needed"},
                       format="json")
    assert removed.status_code == 204
    assert AuditEntry.objects.filter(tournament=t).count() == 5


def _pods_round_settled(organiser, capture):
    from tournaments.services.results import result_settle

    t, regs = make_event(organiser, 8, structure="pods", swiss_rounds=2, placement_points="7,3,1,0")
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    table = rnd.matches.first()
    seat_one = table.seats.get(number=1).registration.player
    # the duel's slip ("winner": "a") is no result for a table: its games name the winning seats
    with pytest.raises(UserError) as exc:
        services.result_report(match=table, actor=seat_one, games=[{"winner": "a"}])
    assert exc.value.code == "games"
    with pytest.raises(UserError) as exc:
        result_settle(match=table, actor=organiser, games=[{"winner": "a"}], reason="x")
    assert exc.value.code == "games"
    assert not table.submissions.exists()
    with capture(execute=True):
        for match in rnd.matches.all():
            result_settle(match=match, actor=organiser, reason="slips", placements=[1, 2, 3, 4])
    return t, rnd


def test_a_multiplayer_table_refuses_a_duel_result_and_its_placements_count(
        organiser, django_capture_on_commit_callbacks):
    t, rnd = _pods_round_settled(organiser, django_capture_on_commit_callbacks)
    from tournaments.models import StandingsSnapshot

    snapshot = StandingsSnapshot.objects.filter(tournament=t).order_by("-version").first()
    assert sorted(r["points"] for r in snapshot.rows) == [0, 0, 1, 1, 3, 3, 7, 7]  # the organiser's points
    second = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    winners = {m.seats.get(number=1).registration_id for m in rnd.matches.all()}
    top_table = second.matches.get(table=1)
    assert winners <= {s.registration_id for s in top_table.seats.all()}  # 7-point players meet at table 1


def test_a_multiplayer_table_exports_its_seats(organiser, client, django_capture_on_commit_callbacks):
    import csv
    import io
    import json

    t, rnd = _pods_round_settled(organiser, django_capture_on_commit_callbacks)
    rows = list(csv.DictReader(io.StringIO(
        client.get(reverse("tournaments:export-history-csv", args=[t.pk])).content.decode())))
    assert len(rows) == 2 and rows[0]["placements"] == "1 2 3 4" and rows[0]["seat_count"] == "4"
    first = rnd.matches.get(table=1)
    assert rows[0]["seats"].split(" / ") == [reg.display_name for reg in seat_regs(first)]
    assert rows[0]["status"] == "confirmed" and json.loads(rows[0]["record"]) == {"placements": [1, 2, 3, 4]}


def test_the_organiser_sees_why_each_pairing_was_made(client, organiser, alice):
    t, regs = make_event(organiser, 6)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    play_round(rnd, organiser)
    two = services.round_pair_next(tournament=t, actor=organiser, seed=4)
    url = reverse("tournaments:round", args=[t.pk, two.number])
    client.force_login(organiser)
    page = client.get(url).content.decode()
    assert "Why they were paired" in page and "Pairing seed 4" in page
    assert all(m.pairing_reason and m.pairing_reason in page for m in two.matches.all())
    client.force_login(alice)
    assert "Why they were paired" not in client.get(url).content.decode()
