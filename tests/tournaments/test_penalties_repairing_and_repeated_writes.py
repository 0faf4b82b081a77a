"""Issue #11: penalties through swaps and re-pairings, repeated submits, a finished event is read-only,
an organiser's removal stands, publication covers the players who played, penalties stay organiser-only."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.urls import reverse
from rest_framework.test import APIClient

from decks.selectors import can_view_decklist, published_decklists
from decks.services import decklists_publish, deck_submit
from tests.conftest import LEGAL_55, confirmed_submission, pair_or_finish, seat_regs, seat_wins
from tournaments import services
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import (
    AuditEntry,
    ForbiddenPair,
    IdempotencyKey,
    Match,
    Penalty,
    Registration,
    ResultSubmission,
    Round,
    Tournament,
)
from tournaments.services import rounds as pairing
from tournaments.services.entries import player_reinstate
from tournaments.services.lifecycle import tournament_reopen

pytestmark = pytest.mark.django_db

DECK = LEGAL_55.read_bytes()


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def event(organiser, players: int, *, start: bool = True, **options) -> tuple[Tournament, list[Registration]]:
    t = services.tournament_create(actor=organiser, name="Event", date=datetime.date(2026, 12, 5), **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    regs = []
    for i in range(players):
        user = User.objects.create_user(f"t{t.pk}-p{i:02d}")
        reg = services.player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=DECK, filename=LEGAL_55.name)
        reg.refresh_from_db()
        regs.append(reg)
    if start:
        services.tournament_start(tournament=t, actor=organiser)
    return Tournament.objects.get(pk=t.pk), regs


def report(match: Match, games: list[dict]) -> None:
    first, second = seat_regs(match)
    submission = services.result_report(match=match, actor=first.player, games=games)
    services.result_confirm(submission=submission, actor=second.player)


def finished(organiser) -> tuple[Tournament, list[Registration]]:
    """Two players, one Swiss round played (seat 1 won 2-0), the tournament finished."""
    t, regs = event(organiser, 2, swiss_rounds=1)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    report(rnd.matches.get(), [{"winner": "a"}, {"winner": "a"}])
    assert pair_or_finish(t, organiser, seed=2) is None
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and t.winner is not None
    return t, regs


# --- 1. a game loss stays with the player after a seat swap ------------------------------------------


def test_a_game_loss_stays_with_the_player_after_a_seat_swap(organiser):
    t, _ = event(organiser, 4)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    m1, m2 = rnd.matches.order_by("table")
    penalised, old_opponent = seat_regs(m1)
    swapped, new_opponent = seat_regs(m2)
    penalty = services.penalty_issue(tournament=t, actor=organiser, registration=penalised,
                                     kind=Penalty.Kind.GAME_LOSS, reason="marked cards", match=m1)
    pairing.round_swap_players(tournament=t, actor=organiser, first=penalised, second=swapped,
                               reason="seated at the wrong table")
    penalty.refresh_from_db()
    assert penalty.match_id == m2.pk and seat_regs(m2) == [penalised, new_opponent]
    # Table 1 (swapped v old opponent): 2-0 as played, the old opponent loses no extra game.
    report(m1, [{"winner": "a"}, {"winner": "a"}])
    # Table 2 (penalised v new opponent): 1-1 as played, the game loss makes it 1-2: the penalised player
    # escapes nothing.
    report(m2, [{"winner": "a"}, {"winner": "b"}])
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert seat_wins(m1) == (2, 0) and seat_regs(m1) == [swapped, old_opponent]
    assert seat_wins(m2) == (1, 2)


# --- 2. re-pairing a round with a penalty that names one of its matches --------------------------------


def _round_with_a_game_loss(organiser):
    t, regs = event(organiser, 4)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    m1 = rnd.matches.order_by("table").first()
    penalised = seat_regs(m1)[0]
    penalty = services.penalty_issue(tournament=t, actor=organiser, registration=penalised,
                                     kind=Penalty.Kind.GAME_LOSS, reason="marked cards", match=m1)
    return t, regs, penalised, penalty


def test_repairing_a_round_moves_its_penalties_to_the_players_new_matches_and_logs_it(organiser):
    t, _, penalised, penalty = _round_with_a_game_loss(organiser)
    new = pairing.round_repair(tournament=t, actor=organiser, reason="a player arrived late", seed=5)
    penalty.refresh_from_db()
    assert penalty.match is not None and penalty.match.round_id == new.pk
    assert penalised.pk in {s.registration_id for s in penalty.match.seats.all()}
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PAIRING_CHANGED)
    assert any("Game loss" in line and penalised.display_name in line and "moved" in line
               for line in entry.after["penalties"])
    # The penalty's own audit entry survives the old round.
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PENALTY).count() == 1
    # It still counts: the penalised player's match as played 1-1 ends 1-2 for them.
    match = penalty.match
    seat = next(s.number for s in match.seats.all() if s.registration_id == penalised.pk)
    mine, theirs = ("a", "b") if seat == 1 else ("b", "a")
    report(match, [{"winner": mine}, {"winner": theirs}])
    match.refresh_from_db()
    wins = seat_wins(match)
    assert wins[seat - 1] == 1 and wins[2 - seat] == 2


@pytest.mark.web
def test_repairing_through_the_page_and_the_api_never_fails_on_a_penalty(organiser, client):
    t, _, _, penalty = _round_with_a_game_loss(organiser)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:repair", args=[t.pk]), {"reason": "late player"})
    assert response.status_code == 302
    penalty.refresh_from_db()
    assert penalty.match.round.tournament_id == t.pk
    response = api(organiser).post(f"/api/v1/tournaments/{t.pk}/rounds/repair/", {"reason": "again"},
                                   format="json")
    assert response.status_code == 200, response.content
    penalty.refresh_from_db()
    assert penalty.match is not None
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PAIRING_CHANGED).count() == 2


# --- 3. a repeated submit is stored once ------------------------------------------------------------


def test_a_repeated_game_loss_with_the_same_key_is_stored_once(organiser):
    t, _ = event(organiser, 2)
    match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.get()
    player = seat_regs(match)[0]
    first = services.penalty_issue(tournament=t, actor=organiser, registration=player, kind=Penalty.Kind.GAME_LOSS,
                                   reason="slow play", match=match, idempotency_key="form-1")
    again = services.penalty_issue(tournament=t, actor=organiser, registration=player, kind=Penalty.Kind.GAME_LOSS,
                                   reason="slow play", match=match, idempotency_key="form-1")
    assert again.pk == first.pk and Penalty.objects.count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PENALTY).count() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING  # one game loss: 0-1, not a 0-2 decided match
    assert IdempotencyKey.objects.filter(user=organiser, key="form-1").count() == 1


@pytest.mark.web
def test_a_double_clicked_game_loss_form_stores_one_game_loss(organiser, client):
    t, _ = event(organiser, 2)
    match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.get()
    player = seat_regs(match)[0]
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    manage = f'action="/t/{t.pk}/manage/'
    forms = [form.split("</form>")[0] for form in page.split("<form")[1:] if manage in form.split(">")[0]
             and not any(word in form.split(">")[0] for word in ("publish", "deck-checks", "replacements"))]
    assert len(forms) > 5 and all('name="idempotency_key"' in form for form in forms)
    form = {"registration": player.pk, "kind": "game_loss", "match": match.pk, "reason": "slow play",
            "idempotency_key": "click-1"}
    for _ in range(2):
        assert client.post(reverse("tournaments:penalty", args=[t.pk]), form).status_code == 302
    assert Penalty.objects.count() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING


@pytest.mark.web
def test_the_api_takes_an_idempotency_key_header_for_penalties(organiser):
    t, _ = event(organiser, 2)
    match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.get()
    body = {"registration": seat_regs(match)[0].pk, "kind": "game_loss", "reason": "slow play", "match": match.pk}
    client = api(organiser)
    answers = [client.post(f"/api/v1/tournaments/{t.pk}/penalties/", body, format="json",
                           HTTP_IDEMPOTENCY_KEY="k-1") for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 201] and answers[0].json()["id"] == answers[1].json()["id"]
    assert Penalty.objects.count() == 1


def test_the_same_forbidden_pair_twice_is_refused(organiser):
    t, regs = event(organiser, 4, start=False)
    pairing.forbidden_pair_set(tournament=t, actor=organiser, first=regs[0], second=regs[1], reason="siblings")
    with pytest.raises(Conflict, match="already"):
        pairing.forbidden_pair_set(tournament=t, actor=organiser, first=regs[0], second=regs[1], reason="siblings")
    with pytest.raises(Conflict, match="already"):
        pairing.forbidden_pair_set(tournament=t, actor=organiser, first=regs[1], second=regs[0], reason="again")
    assert ForbiddenPair.objects.count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.FORBIDDEN_PAIR).count() == 1


@pytest.mark.web
def test_a_forbidden_pair_posted_twice_is_stored_once(organiser, client):
    t, regs = event(organiser, 4, start=False)
    client.force_login(organiser)
    form = {"first": regs[0].pk, "second": regs[1].pk, "reason": "siblings", "idempotency_key": "fp-1"}
    for _ in range(2):
        client.post(reverse("tournaments:forbidden-pair-add", args=[t.pk]), form)
    assert ForbiddenPair.objects.count() == 1
    answers = [api(organiser).post(f"/api/v1/tournaments/{t.pk}/forbidden-pairs/",
                                   {"player_a": regs[2].pk, "player_b": regs[3].pk, "reason": "family"},
                                   format="json", HTTP_IDEMPOTENCY_KEY="fp-2") for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 201] and answers[0].json() == answers[1].json()
    assert ForbiddenPair.objects.count() == 2


def test_byes_settlements_drops_and_removals_of_pairs_repeated_with_a_key_happen_once(organiser):
    t, regs = event(organiser, 4, start=False)
    for _ in range(2):
        pairing.byes_award(registration=regs[0], actor=organiser, rounds=1, reason="invited", idempotency_key="b")
    assert AuditEntry.objects.filter(action=AuditEntry.Action.BYE_AWARDED).count() == 1
    pair = pairing.forbidden_pair_set(tournament=t, actor=organiser, first=regs[1], second=regs[2], reason="x")
    for _ in range(2):
        pairing.forbidden_pair_remove(pair=pair, actor=organiser, reason="no longer", idempotency_key="r")
    assert not ForbiddenPair.objects.exists()
    first = services.player_drop(registration=regs[3], actor=organiser, reason="no show", idempotency_key="d")
    again = services.player_drop(registration=regs[3], actor=organiser, reason="no show", idempotency_key="d")
    assert first.pk == again.pk
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_DROPPED).count() == 1
    services.tournament_start(tournament=t, actor=organiser)
    match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.filter(
        seats__registration=regs[1]).get()
    one = services.result_settle(match=match, actor=organiser, reason="slip", games=[{"winner": "a"}] * 2,
                                 idempotency_key="s")
    two = services.result_settle(match=match, actor=organiser, reason="slip", games=[{"winner": "a"}] * 2,
                                 idempotency_key="s")
    assert one.pk == two.pk
    assert match.submissions.filter(source=ResultSubmission.Source.ORGANISER).count() == 1
    with pytest.raises(UserError, match="already used"):
        services.result_settle(match=match, actor=organiser, reason="slip", games=[{"winner": "b"}] * 2,
                               idempotency_key="d")


@pytest.mark.web
def test_a_double_clicked_override_and_drop_through_the_pages_happen_once(organiser, client):
    t, regs = event(organiser, 4)
    match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.order_by("table").first()
    client.force_login(organiser)
    form = {"game-1": "a", "game-2": "a", "reason": "slip", "idempotency_key": "o-1"}
    for _ in range(2):
        client.post(reverse("tournaments:override", args=[t.pk, match.pk]), form)
    assert AuditEntry.objects.filter(match=match, action=AuditEntry.Action.RESULT_ENTERED).count() == 1
    drop = {"reason": "left", "idempotency_key": "drop-1"}
    for _ in range(2):
        client.post(reverse("tournaments:manage-drop", args=[t.pk, regs[0].pk]), drop)
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_DROPPED).count() == 1
    answers = [api(organiser).post(f"/api/v1/tournaments/{t.pk}/registrations/{regs[1].pk}/drop/",
                                   {"reason": "left"}, format="json", HTTP_IDEMPOTENCY_KEY="drop-2")
               for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_DROPPED).count() == 2


# --- 4. a finished tournament is read-only until the organiser reopens it ----------------------------


def test_a_finished_tournament_refuses_drops_penalties_and_results(organiser):
    t, regs = finished(organiser)
    winner = t.winner
    match = Match.objects.get(round__tournament=t)
    attempts = [
        lambda: services.player_drop(registration=winner, actor=organiser, reason="left"),
        lambda: services.player_drop(registration=regs[1], actor=regs[1].player),
        lambda: services.penalty_issue(tournament=t, actor=organiser, registration=winner,
                                       kind=Penalty.Kind.DISQUALIFICATION, reason="cheating"),
        lambda: services.result_settle(match=match, actor=organiser, reason="typo", games=[{"winner": "b"}] * 2),
        lambda: pairing.forbidden_pair_set(tournament=t, actor=organiser, first=regs[0], second=regs[1],
                                           reason="x"),
        lambda: services.round_pair_next(tournament=t, actor=organiser),
    ]
    for attempt in attempts:
        with pytest.raises(Conflict, match="finished") as caught:
            attempt()
        assert caught.value.status == 409
    t.refresh_from_db()
    assert t.winner == winner and not winner.disqualified and not Penalty.objects.exists()


def test_the_organiser_reopens_a_finished_tournament_with_a_reason_and_it_is_logged(organiser):
    t, regs = finished(organiser)
    winner = t.winner
    with pytest.raises(UserError, match="why"):
        tournament_reopen(tournament=t, actor=organiser, reason=" ")
    reopened = tournament_reopen(tournament=t, actor=organiser, reason="the winner marked cards")
    assert reopened.status == Tournament.Status.RUNNING and reopened.winner is None
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TOURNAMENT_REOPENED)
    assert entry.reason == "the winner marked cards" and entry.before["winner"] == winner.display_name
    services.penalty_issue(tournament=t, actor=organiser, registration=winner,
                           kind=Penalty.Kind.DISQUALIFICATION, reason="marked cards")
    assert pair_or_finish(t, organiser, seed=3) is None
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and t.winner is not None and t.winner != winner
    with pytest.raises(Conflict):
        tournament_reopen(tournament=Tournament.objects.create(
            name="x", date=t.date, organiser=organiser, deck_format={}), actor=organiser, reason="not finished")


@pytest.mark.web
def test_a_finished_tournament_answers_409_and_reopens_through_the_api_and_the_page(organiser, client):
    t, regs = finished(organiser)
    answer = api(organiser).post(f"/api/v1/tournaments/{t.pk}/registrations/{t.winner_id}/drop/",
                                 {"reason": "left"}, format="json")
    assert answer.status_code == 409 and "finished" in answer.json()["detail"]
    answer = api(regs[1].player).post(f"/api/v1/tournaments/{t.pk}/reopen/", {"reason": "x"}, format="json")
    assert answer.status_code == 403
    answer = api(organiser).post(f"/api/v1/tournaments/{t.pk}/reopen/", {"reason": "appeal"}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "running"
    t.refresh_from_db()
    t.status = Tournament.Status.FINISHED
    t.save()
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert reverse("tournaments:manage-reopen", args=[t.pk]) in page
    client.post(reverse("tournaments:manage-reopen", args=[t.pk]), {"reason": "appeal", "idempotency_key": "re"})
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    assert AuditEntry.objects.filter(action=AuditEntry.Action.TOURNAMENT_REOPENED).count() == 2


# --- 5. a removal by the organiser stands until the organiser lifts it ---------------------------------


@pytest.mark.parametrize("how", ["drop", "disqualification"])
def test_a_player_removed_by_the_organiser_cannot_register_again(organiser, how):
    t, regs = event(organiser, 3, start=False)
    removed = regs[0]
    if how == "drop":
        services.player_drop(registration=removed, actor=organiser, reason="no show")
    else:
        services.penalty_issue(tournament=t, actor=organiser, registration=removed,
                               kind=Penalty.Kind.DISQUALIFICATION, reason="cheating")
    with pytest.raises(Conflict, match="organiser") as caught:
        services.player_register(tournament=t, actor=removed.player)
    assert caught.value.code == "removed_by_organiser"
    removed.refresh_from_db()
    assert removed.withdrawn
    player_reinstate(registration=removed, actor=organiser, reason="it was a mistake")
    removed.refresh_from_db()
    assert not removed.withdrawn and not removed.disqualified and not removed.removed_by_organiser
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYER_REINSTATED)
    assert entry.reason == "it was a mistake" and entry.after["player"] == removed.display_name


def test_a_player_who_withdrew_themself_may_register_again(organiser):
    t, regs = event(organiser, 2, start=False)
    services.player_drop(registration=regs[0], actor=regs[0].player)
    again = services.player_register(tournament=t, actor=regs[0].player)
    assert again.pk == regs[0].pk and not again.withdrawn


def test_a_dropped_player_is_reinstated_in_a_running_tournament_and_paired_again(organiser):
    t, regs = event(organiser, 4)
    services.player_drop(registration=regs[0], actor=organiser, reason="late")
    with pytest.raises(UserError, match="why"):
        player_reinstate(registration=regs[0], actor=organiser, reason="")
    with pytest.raises(NotAllowed, match="organiser"):
        player_reinstate(registration=regs[0], actor=regs[1].player, reason="me")
    player_reinstate(registration=regs[0], actor=organiser, reason="arrived")
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert rnd.matches.filter(seats__registration=regs[0]).exists()
    with pytest.raises(Conflict, match="not removed"):
        player_reinstate(registration=regs[0], actor=organiser, reason="again")


@pytest.mark.web
def test_the_register_page_says_why_a_removed_player_cannot_register_and_the_organiser_reinstates(
        organiser, client):
    t, regs = event(organiser, 2, start=False)
    services.player_drop(registration=regs[0], actor=organiser, reason="no show")
    client.force_login(regs[0].player)
    response = client.post(reverse("tournaments:register", args=[t.pk]), follow=True)
    assert "organiser" in response.content.decode()
    regs[0].refresh_from_db()
    assert regs[0].withdrawn
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage-players", args=[t.pk])).content.decode()
    url = reverse("tournaments:manage-reinstate", args=[t.pk, regs[0].pk])
    assert url in page
    client.post(url, {"reason": "mistake", "idempotency_key": "ri"})
    regs[0].refresh_from_db()
    assert not regs[0].withdrawn
    answer = api(organiser).post(f"/api/v1/tournaments/{t.pk}/registrations/{regs[1].pk}/reinstate/",
                                 {"reason": "x"}, format="json")
    assert answer.status_code == 409


# --- 6. publication covers the players who played -------------------------------------------------------


@pytest.mark.web
def test_publishing_all_decklists_does_not_expose_a_withdrawn_players_list(organiser, client):
    t, regs = event(organiser, 3, start=False)
    services.player_drop(registration=regs[0], actor=regs[0].player)
    services.tournament_start(tournament=t, actor=organiser)
    decklists_publish(tournament=t, actor=organiser, scope=Tournament.Publication.ALL)
    t.refresh_from_db()
    withdrawn = Registration.objects.get(pk=regs[0].pk)
    anonymous = AnonymousUser()
    assert not can_view_decklist(anonymous, withdrawn)
    assert can_view_decklist(anonymous, Registration.objects.get(pk=regs[1].pk))
    assert withdrawn.pk not in {r.pk for r in published_decklists(t)}
    assert client.get(reverse("decks:registration-deck", args=[t.pk, withdrawn.pk])).status_code == 403
    assert client.get(reverse("decks:deck-export", args=[t.pk, withdrawn.pk])).status_code == 403
    assert client.get(reverse("decks:registration-deck", args=[t.pk, regs[1].pk])).status_code == 200


# --- 7. penalties stay organiser-only -----------------------------------------------------------------


@pytest.mark.web
def test_penalty_details_are_organiser_only(organiser, client):
    t, _ = event(organiser, 2)
    match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.get()
    first, second = seat_regs(match)
    secret = "caught stacking the deck behind the curtain"
    penalty = services.penalty_issue(tournament=t, actor=organiser, registration=first,
                                     kind=Penalty.Kind.GAME_LOSS, reason=secret, match=match)
    services.penalty_issue(tournament=t, actor=organiser, registration=second, kind=Penalty.Kind.WARNING,
                           reason="a private warning", match=match)
    report(match, [{"winner": "b"}])  # the game loss and one game: 0-2
    assert confirmed_submission(match).outcome["wins"] == [0, 2]
    services.result_settle(match=match, actor=organiser, reason="recount", games=[{"winner": "b"}])
    services.penalty_issue(tournament=t, actor=organiser, registration=first, kind=Penalty.Kind.MATCH_LOSS,
                           reason=secret, match=match)
    assert match.submissions.filter(source=ResultSubmission.Source.PENALTY).exists()

    def leaks(text: str) -> bool:
        return secret in text or "private warning" in text or f'"penalty": {penalty.pk}' in text \
            or '"penalty_id"' in text

    public = api().get(f"/api/v1/matches/{match.pk}/")
    assert public.status_code == 200 and not leaks(public.content.decode())
    for user in (first.player, second.player):
        seen = api(user).get(f"/api/v1/matches/{match.pk}/submissions/")
        assert seen.status_code == 200 and not leaks(seen.content.decode())
        reasons = {row["reason"] for row in seen.json() if row["source"] == "penalty"}
        assert reasons and reasons <= {"game loss (penalty)", "match loss (penalty)"}
        client.force_login(user)
        page = client.get(reverse("tournaments:match", args=[t.pk, match.pk])).content.decode()
        assert not leaks(page) and "(penalty)" in page.lower()
    client.logout()
    csv = client.get(reverse("tournaments:export-history-csv", args=[t.pk])).content.decode()
    assert not leaks(csv)
    organiser_view = api(organiser).get(f"/api/v1/matches/{match.pk}/submissions/").content.decode()
    assert secret in organiser_view
    client.force_login(organiser)
    assert secret in client.get(reverse("tournaments:match", args=[t.pk, match.pk])).content.decode()
    assert Round.objects.filter(tournament=t).count() == 1
