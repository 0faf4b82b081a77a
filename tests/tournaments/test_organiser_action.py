"""The prologue every organiser service shares (``tournaments.services.organiser.organiser_action``): the
tournament locked, the actor's permission, the idempotency key, a finished event and a required reason, checked
in that order with the refusals the services always gave."""

from __future__ import annotations

import pytest
from django.utils.translation import gettext_lazy

from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, ForbiddenPair, IdempotencyKey, Tournament
from tournaments.services.organiser import organiser_action
from tournaments.services.pairing_setup import forbidden_pair_set
from tournaments.services.staff import co_organiser_add

REASON_REQUIRED = gettext_lazy("Say why the pairing changes (it is logged).")


def _finish(tournament: Tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)


def _log(act, reason: str = "tested") -> AuditEntry:
    """A write the action does once (what a service does after the prologue)."""
    return AuditEntry.objects.create(tournament=act.tournament, actor=act.actor, action=AuditEntry.Action.BYE_AWARDED,
                                     reason=reason, before={}, after={})


def test_the_organiser_gets_the_tournament_selected_again_from_the_database(tournament, organiser):
    Tournament.objects.filter(pk=tournament.pk).update(name="Renamed meanwhile")
    act = organiser_action(tournament, organiser)
    assert act.tournament.pk == tournament.pk and act.tournament.name == "Renamed meanwhile"
    assert act.tournament is not tournament and not act.repeated and act.reason == ""
    assert organiser_action(tournament.pk, organiser).tournament.pk == tournament.pk  # a pk is enough


def test_without_lock_the_instance_given_is_used_as_it_is(tournament, organiser):
    assert organiser_action(tournament, organiser, lock=False).tournament is tournament


def test_a_non_organiser_is_refused_before_the_key_is_claimed(tournament, alice):
    with pytest.raises(NotAllowed) as refused:
        organiser_action(tournament, alice, action="round_swap_players", idempotency_key="k1")
    assert refused.value.status == 403 and refused.value.code == "not_allowed"
    assert refused.value.english == "Only the tournament's organiser may do this."
    assert not IdempotencyKey.objects.exists()


def test_a_logged_out_visitor_is_refused(tournament):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(NotAllowed):
        organiser_action(tournament, AnonymousUser())


def test_a_co_organiser_may_act_but_only_the_main_organiser_changes_the_staff(tournament, organiser, bob):
    co_organiser_add(tournament=tournament, actor=organiser, username="bob")
    assert organiser_action(tournament, bob).tournament.pk == tournament.pk
    with pytest.raises(NotAllowed) as refused:
        organiser_action(tournament, bob, who="main_organiser")
    assert refused.value.english == "Only the tournament's organiser may add or remove co-organisers."
    assert organiser_action(tournament, organiser, who="main_organiser").tournament.pk == tournament.pk


def test_the_service_may_check_the_actor_itself(tournament, alice):
    """``who=None``: e.g. a player dropping themself; the prologue checks nothing about the actor."""
    assert organiser_action(tournament, alice, who=None).tournament.pk == tournament.pk


def test_a_finished_event_is_refused_unless_the_action_is_allowed_on_one(tournament, organiser):
    _finish(tournament)
    with pytest.raises(Conflict) as refused:
        organiser_action(tournament, organiser)
    assert refused.value.code == "finished" and refused.value.status == 409
    assert refused.value.params == {"name": "Spellfire Open"}
    assert organiser_action(tournament, organiser, allow_finished=True).tournament.status == "finished"


def test_permission_comes_before_the_finished_refusal(tournament, alice):
    _finish(tournament)
    with pytest.raises(NotAllowed):
        organiser_action(tournament, alice)


def test_a_missing_reason_is_refused_where_one_is_required(tournament, organiser):
    for blank in ("", "   ", None):
        with pytest.raises(UserError) as refused:
            organiser_action(tournament, organiser, reason=blank, reason_required=REASON_REQUIRED,
                             reason_code="reason")
        assert refused.value.code == "reason" and refused.value.status == 400
        assert refused.value.english == "Say why the pairing changes (it is logged)."
    with pytest.raises(UserError) as refused:
        organiser_action(tournament, organiser, reason="", reason_required=REASON_REQUIRED)
    assert refused.value.code == "reason_required"  # the default code
    act = organiser_action(tournament, organiser, reason="  a judge call  ", reason_required=REASON_REQUIRED)
    assert act.reason == "a judge call"  # stripped
    assert organiser_action(tournament, organiser, reason="").reason == ""  # not required here


def test_the_finished_refusal_comes_before_the_reason(tournament, organiser):
    _finish(tournament)
    with pytest.raises(Conflict):
        organiser_action(tournament, organiser, reason="", reason_required=REASON_REQUIRED)


def test_a_reason_can_be_required_after_the_services_own_checks(tournament, organiser):
    act = organiser_action(tournament, organiser, reason=" ")
    with pytest.raises(UserError) as refused:
        act.require_reason(gettext_lazy("Say why the tournament is reopened; the reason is logged."))
    assert refused.value.code == "reason_required"
    assert organiser_action(tournament, organiser, reason=" why ").require_reason(REASON_REQUIRED) == "why"


def test_a_repeated_key_returns_the_first_result_without_a_second_write(tournament, organiser):
    first = organiser_action(tournament, organiser, action="byes_award", idempotency_key="form-1", reason="once",
                             reason_required=REASON_REQUIRED)
    assert not first.repeated
    entry = first.done(_log(first))
    assert AuditEntry.objects.count() == 1

    _finish(tournament)  # a repeat is answered before any later check: the finish, the reason
    again = organiser_action(tournament, organiser, action="byes_award", idempotency_key="form-1", reason="",
                             reason_required=REASON_REQUIRED)
    assert again.repeated and again.first(AuditEntry) == entry
    assert AuditEntry.objects.count() == 1 and IdempotencyKey.objects.count() == 1


def test_a_key_used_for_another_action_is_refused(tournament, organiser):
    organiser_action(tournament, organiser, action="byes_award", idempotency_key="form-1")
    with pytest.raises(UserError) as refused:
        organiser_action(tournament, organiser, action="round_repair", idempotency_key="form-1")
    assert refused.value.code == "idempotency_key_reused"


def test_without_a_key_every_call_does_the_work(tournament, organiser):
    for _ in range(2):
        act = organiser_action(tournament, organiser, action="byes_award")
        assert not act.repeated
        act.done(_log(act))
    assert AuditEntry.objects.count() == 2 and not IdempotencyKey.objects.exists()


def test_a_service_repeated_with_its_key_writes_once(tournament, organiser, registered):
    alice_entry, bob_entry = registered
    pair = forbidden_pair_set(tournament=tournament, actor=organiser, first=alice_entry, second=bob_entry,
                              reason="siblings", idempotency_key="fp-1")
    again = forbidden_pair_set(tournament=tournament, actor=organiser, first=alice_entry, second=bob_entry,
                               reason="siblings", idempotency_key="fp-1")
    assert again == pair and ForbiddenPair.objects.filter(tournament=tournament).count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.FORBIDDEN_PAIR).count() == 1
    with pytest.raises(Conflict) as refused:  # without the key the same request is a new one
        forbidden_pair_set(tournament=tournament, actor=organiser, first=alice_entry, second=bob_entry,
                           reason="siblings")
    assert refused.value.code == "forbidden_pair_exists"


def test_a_player_is_refused_by_a_service_before_anything_is_written(tournament, alice, registered):
    alice_entry, bob_entry = registered
    with pytest.raises(NotAllowed):
        forbidden_pair_set(tournament=tournament, actor=alice, first=alice_entry, second=bob_entry,
                           reason="no", idempotency_key="fp-2")
    assert not ForbiddenPair.objects.exists() and not IdempotencyKey.objects.exists()
