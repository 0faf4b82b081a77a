"""simulate_event runs a whole event through the services and prints standings and a winner."""

import io

import pytest
from django.core.management import call_command
from django.db.models import Count, Q

from decks.models import CardPool, DeckSubmission
from tournaments.models import AuditEntry, Match, Registration, ResultSubmission, Round, Seat, Tournament

pytestmark = pytest.mark.django_db(transaction=True)  # the command commits; standings queue on commit


def test_a_small_simulated_event_plays_swiss_and_a_top_4_to_a_winner():
    out = io.StringIO()
    call_command("simulate_event", players=10, seed=3, rounds=3, top_cut=4, stdout=out)
    tournament = Tournament.objects.get()
    assert tournament.status == Tournament.Status.FINISHED and tournament.winner is not None
    assert f"Winner: {tournament.winner.display_name}" in out.getvalue()
    kinds = list(Round.objects.values_list("kind", flat=True))
    assert kinds == ["swiss"] * 3 + ["elimination"] * 2
    assert not Match.objects.exclude(status=Match.Status.CONFIRMED).exists()
    # the scripted incidents happened: a dispute settled by the organiser, a drop, a drawn match
    assert AuditEntry.objects.filter(action=AuditEntry.Action.DISPUTE_SETTLED).count() == 1
    # the disputed report was accepted by the organiser: confirmed, its dispute reason kept
    settled = ResultSubmission.objects.exclude(dispute_reason="").get()
    assert settled.state == ResultSubmission.State.CONFIRMED and settled.responded_by is not None
    assert Registration.objects.filter(dropped_after_round=3).count() == 1
    drawn = (Match.objects.filter(round__kind="swiss", draws__gte=1)
             .annotate(seat_count=Count("seats"), firsts=Count("seats", filter=Q(seats__placement=1), distinct=True))
             .filter(seat_count=2, firsts=2))
    assert drawn.exists()
    assert set(Seat.objects.filter(match=drawn.first()).values_list("wins", flat=True)) == {1}
    # every match has exactly one confirmed submission, its result
    assert not Match.objects.annotate(n=Count("submissions", filter=Q(submissions__state="confirmed"))) \
        .exclude(n=1).exists()
    # every player had a legal registered deck
    assert not Registration.objects.filter(has_legal_deck=False).exists()


@pytest.mark.parametrize(("structure", "kinds"), [
    ("pods", {"pods", "elimination"}),
    ("table_elimination", {"elimination"}),
    ("double_elimination", {"elimination"}),
    ("round_robin", {"round_robin"}),
])
def test_every_structure_simulates_to_a_winner(structure, kinds):
    out = io.StringIO()
    call_command("simulate_event", players=9, seed=5, rounds=2, top_cut=4, structure=structure, stdout=out)
    tournament = Tournament.objects.get()
    assert tournament.status == Tournament.Status.FINISHED and tournament.winner is not None
    assert set(Round.objects.values_list("kind", flat=True)) == kinds
    assert not Match.objects.exclude(status=Match.Status.CONFIRMED).exists()
    assert f"Winner: {tournament.winner.display_name}" in out.getvalue()


@pytest.mark.parametrize("limited", ["sealed", "draft"])
def test_a_limited_event_simulates_pools_decks_and_swiss_rounds(limited):
    # issue 23: pools dealt (sealed) or drafted (three packs, left-right-left), a deck built from each pool and
    # checked against it (spell-battle-rules.txt, 6. How to make your own deck), then Swiss to the standings.
    out = io.StringIO()
    call_command("simulate_event", players=4, seed=7, rounds=2, top_cut=0, limited=limited, stdout=out)
    tournament = Tournament.objects.get()
    assert tournament.deck_format["id"] == f"30-{limited}"
    assert tournament.status == Tournament.Status.FINISHED and tournament.winner is not None
    assert list(Round.objects.values_list("kind", flat=True)) == ["swiss", "swiss"]
    pools = {pool.registration_id: pool for pool in CardPool.objects.all()}
    assert len(pools) == 4 and {pool.kind for pool in pools.values()} == {limited}
    assert {len(pool.cards) for pool in pools.values()} == {90 if limited == "sealed" else 45}
    for submission in DeckSubmission.objects.all():
        assert submission.legal and len(submission.cards) == 30
        pool = pools[submission.registration_id].cards
        assert all(submission.cards.count(key) <= pool.count(key) for key in submission.cards)
    assert not Registration.objects.filter(has_legal_deck=False).exists()
    assert f"Winner: {tournament.winner.display_name}" in out.getvalue()
