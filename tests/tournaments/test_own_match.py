"""Issue 21, finding 11: a co-organiser who also plays settled their own match and disqualified their own
opponent. Staff do not decide their own matches nor act on their own opponent or their own entry
(``tournaments.services.impartiality``): another member of the staff must. The refusal is a 403 ``own_match``
(``own_entry`` for their own entry), logged; the other staff member's action is logged as always."""

from __future__ import annotations

import logging

import pytest
from rest_framework.test import APIClient

from decks.models import DeckReplacement
from decks.services import deck_replacement_decide
from tests.conftest import make_event
from tournaments import services
from tournaments.errors import NotAllowed
from tournaments.models import AuditEntry, Match, Penalty
from tournaments.services.clock import match_time_extend
from tournaments.services.entries import player_reinstate
from tournaments.services.pairing_setup import byes_award, forbidden_pair_set
from tournaments.services.round_changes import round_repair, round_swap_players
from tournaments.services.staff import co_organiser_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge_plays(tournament, organiser, registered, round_one):
    """bob, a co-organiser, plays alice at table 1 of round 1."""
    co_organiser_add(tournament=tournament, actor=organiser, username="bob")
    match = round_one.matches.get()
    alice_entry, bob_entry = registered
    return match, alice_entry, bob_entry


def _refused(call, code: str = "own_match") -> NotAllowed:
    with pytest.raises(NotAllowed) as refused:
        call()
    assert (refused.value.code, refused.value.status) == (code, 403), refused.value.english
    return refused.value


def test_a_playing_co_organiser_cannot_settle_their_own_match(judge_plays, bob, organiser, caplog):
    match, _, _ = judge_plays
    with caplog.at_level(logging.WARNING, logger="tournaments.services.impartiality"):
        refused = _refused(lambda: services.result_settle(match=match, actor=bob, reason="I won",
                                                          games=[{"winner": 2}, {"winner": 2}]))
    assert "another member of the tournament's staff" in refused.english
    assert "own_match" in caplog.text and "bob" in caplog.text
    assert Match.objects.get(pk=match.pk).status == Match.Status.PENDING
    services.result_settle(match=match, actor=organiser, reason="slip", games=[{"winner": 2}, {"winner": 2}])
    assert AuditEntry.objects.filter(match=match, actor=organiser).exists()


def test_a_playing_co_organiser_cannot_penalise_their_own_opponent(judge_plays, bob, organiser):
    match, alice_entry, _ = judge_plays
    for kind in ("disqualification", "game_loss", "match_loss", "warning"):
        _refused(lambda kind=kind: services.penalty_issue(tournament=match.round.tournament, actor=bob,
                                                          registration=alice_entry, kind=kind, reason="x"))
    assert not Penalty.objects.exists()
    alice_entry.refresh_from_db()
    assert not alice_entry.disqualified
    services.penalty_issue(tournament=match.round.tournament, actor=organiser, registration=alice_entry,
                           kind="warning", reason="slow play")  # the organiser, who does not play, may


def test_a_playing_co_organiser_cannot_act_on_their_own_entry(judge_plays, bob):
    match, alice_entry, bob_entry = judge_plays
    t = match.round.tournament
    _refused(lambda: services.penalty_issue(tournament=t, actor=bob, registration=bob_entry, kind="warning",
                                            reason="x"), "own_entry")
    _refused(lambda: player_reinstate(registration=bob_entry, actor=bob, reason="x"), "own_entry")
    replacement = DeckReplacement.objects.create(registration=bob_entry, round_number=1, destroyed_card="3rd/54",
                                                 replacement_card="3rd/54", timing="end_of_game")
    _refused(lambda: deck_replacement_decide(replacement=replacement, actor=bob, approve=True), "own_entry")


def test_a_playing_co_organiser_cannot_change_their_own_table(judge_plays, bob):
    match, _, _ = judge_plays
    _refused(lambda: match_time_extend(match=match, actor=bob, minutes=5, reason="deck check"))
    _refused(lambda: round_repair(tournament=match.round.tournament, actor=bob, reason="x"))


def test_byes_and_forbidden_pairs_are_not_set_for_oneself(tournament, organiser, registered, bob, carol):
    from tournaments.services import player_register

    alice_entry, bob_entry = registered
    co_organiser_add(tournament=tournament, actor=organiser, username="bob")
    _refused(lambda: byes_award(registration=bob_entry, actor=bob, rounds=1, reason="x"), "own_entry")
    carol_entry = player_register(tournament=tournament, actor=carol)
    _refused(lambda: forbidden_pair_set(tournament=tournament, actor=bob, first=bob_entry, second=carol_entry,
                                        reason="x"), "own_entry")
    assert forbidden_pair_set(tournament=tournament, actor=bob, first=alice_entry, second=carol_entry, reason="x")


def test_a_playing_co_organiser_cannot_swap_a_player_into_or_out_of_their_table(organiser):
    t, regs = make_event(organiser, 6, structure="swiss", swiss_rounds=3)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    judge_entry = next(iter(regs.values()))
    co_organiser_add(tournament=t, actor=organiser, username=judge_entry.player.username)
    mine = rnd.matches.get(seats__registration=judge_entry)
    opponent = mine.seats.exclude(registration=judge_entry).get().registration
    elsewhere = [m for m in rnd.matches.all() if m.pk != mine.pk]
    a, b = (m.seats.order_by("number").first().registration for m in elsewhere[:2])
    _refused(lambda: round_swap_players(tournament=t, actor=judge_entry.player, first=opponent, second=a,
                                        reason="x"))
    swapped = round_swap_players(tournament=t, actor=judge_entry.player, first=a, second=b, reason="mix-up")
    assert swapped.pk == rnd.pk  # two other tables: another staff member's business is theirs too


def test_the_api_answers_403_own_match(judge_plays, bob):
    match, _, _ = judge_plays
    api = APIClient()
    api.force_authenticate(bob)
    answer = api.post(f"/api/v1/matches/{match.pk}/override/",
                      {"reason": "I won", "games": [{"winner": 2}, {"winner": 2}]}, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "own_match"
