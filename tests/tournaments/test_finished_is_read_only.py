"""Issue 21, finding 6: a finished event still accepted a walk-in claim (200, logged) and co-organiser changes.
Every write on a finished event is refused with 409 ``finished`` (``tournaments.services.permissions
.require_not_finished``) except the reopening (``tournament_reopen``) and the decklists' publication, which
changes no result (decklists are published once an event is over).

The test walks every write service of ``tournaments.services`` and ``decks.services`` (any public function that
takes an ``actor``); a new service must be added to ``WRITES`` or, with the reason, to ``NOT_EVENT_WRITES``."""

from __future__ import annotations

import datetime
import importlib
import inspect
import pkgutil
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User

import decks.draft_services
import decks.services
import tournaments.services
from decks.models import DeckCheck, DeckReplacement
from decks.services import deck_submit, decklists_publish
from tests.conftest import LEGAL_55
from tournaments import services
from tournaments.errors import Conflict
from tournaments.models import AuditEntry, ForbiddenPair, Registration, ResultSubmission, Tournament, Webhook
from tournaments.services import (
    check_in,
    clock,
    desk,
    entries,
    formats,
    late_losses,
    pairing_setup,
    phases,
    round_changes,
    staff,
    webhooks,
)
from tournaments.services.lifecycle import tournament_reopen

pytestmark = pytest.mark.django_db


@pytest.fixture
def done(organiser, alice, bob, carol) -> SimpleNamespace:
    """A tournament whose every write has what it needs (a pending report, a deck check, a replacement request, a
    forbidden pair, a walk-in with its claim code, a co-organiser, carol without an entry), then finished."""
    t = services.tournament_create(actor=organiser, name="Finished Open", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, swiss_rounds=2, top_cut=0)
    services.tournament_open_registration(tournament=t, actor=organiser)
    regs = []
    for user in (alice, bob, User.objects.create_user("erin")):
        regs.append(services.player_register(tournament=t, actor=user))
    walk_in = check_in.walk_in_register(tournament=t, actor=organiser, name="Dana Walker")
    t.registrations.update(has_legal_deck=True)  # what a legal decklist sets (quicker than reading four)
    judge = User.objects.create_user("judge")
    staff.co_organiser_add(tournament=t, actor=organiser, username="judge")
    pair = ForbiddenPair.objects.create(tournament=t, player_a=regs[0], player_b=walk_in, reason="siblings",
                                        created_by=organiser)
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    match = next(m for m in rnd.matches.all() if all(s.registration.player for s in m.seats.all()))
    reporter, opponent = (s.registration for s in match.seats.order_by("number"))
    report = services.result_report(match=match, actor=reporter.player, games=[{"winner": 1}, {"winner": 1}])
    check = DeckCheck.objects.create(tournament=t, round_number=1, registration=regs[0], picked_by=organiser)
    replacement = DeckReplacement.objects.create(registration=regs[0], round_number=1, destroyed_card="3rd/54",
                                                 replacement_card="3rd/54", timing="end_of_game")
    late_loss = late_losses.opponentless_loss_create(rnd=rnd, registration=regs[2], actor=organiser)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    t.refresh_from_db()
    return SimpleNamespace(t=t, organiser=organiser, alice=alice, carol=carol, judge=judge, alice_reg=regs[0],
                           bob_reg=regs[1], walk_in=walk_in, code=Registration.objects.get(pk=walk_in.pk).claim_code,
                           pair=pair, rnd=rnd, match=match, opponent=opponent, report=report, check=check,
                           replacement=replacement, late_loss=late_loss)


def _webhook(d) -> Webhook:
    return Webhook.objects.create(tournament=d.t, url="http://127.0.0.1:9/", events=["round.paired"], secret="s")


def _drop_self(d):
    return services.player_drop(registration=d.alice_reg, actor=d.alice)


#: Every write on one tournament, called on the finished one: each must raise Conflict ``finished``.
WRITES = {
    "tournament_update": lambda d: services.tournament_update(tournament=d.t, actor=d.organiser,
                                                              changes={"venue": "Elsewhere"}),
    "tournament_open_registration": lambda d: services.tournament_open_registration(tournament=d.t,
                                                                                    actor=d.organiser),
    "tournament_close_registration": lambda d: services.tournament_close_registration(tournament=d.t,
                                                                                      actor=d.organiser),
    "tournament_start": lambda d: services.tournament_start(tournament=d.t, actor=d.organiser),
    "tournament_finish": lambda d: services.tournament_finish(tournament=d.t, actor=d.organiser),
    "tournament_format_set": lambda d: formats.tournament_format_set(tournament=d.t, actor=d.organiser,
                                                                     reason="x", base="110"),
    "player_register": lambda d: services.player_register(tournament=d.t, actor=d.carol),
    "player_drop": _drop_self,
    "player_drop by the organiser": lambda d: services.player_drop(registration=d.bob_reg, actor=d.organiser,
                                                                   reason="left"),
    "player_reinstate": lambda d: entries.player_reinstate(registration=d.bob_reg, actor=d.organiser,
                                                            reason="back"),
    "registration_check_in": lambda d: check_in.registration_check_in(registration=d.bob_reg, actor=d.organiser,
                                                                      checked_in=False),
    "no_shows_drop": lambda d: check_in.no_shows_drop(tournament=d.t, actor=d.organiser),
    "check_in_close": lambda d: check_in.check_in_close(tournament=d.t, actor=d.organiser),
    "walk_in_register": lambda d: check_in.walk_in_register(tournament=d.t, actor=d.organiser, name="Late Larry"),
    "walk_in_claim": lambda d: check_in.walk_in_claim(tournament=d.t, actor=d.carol, code=d.code),
    "co_organiser_add": lambda d: staff.co_organiser_add(tournament=d.t, actor=d.organiser, username="carol"),
    "co_organiser_remove": lambda d: staff.co_organiser_remove(tournament=d.t, actor=d.organiser, username="judge"),
    "round_pair_next": lambda d: services.round_pair_next(tournament=d.t, actor=d.organiser),
    "round_swap_players": lambda d: round_changes.round_swap_players(tournament=d.t, actor=d.organiser,
                                                                first=d.alice_reg, second=d.bob_reg, reason="x"),
    "round_repair": lambda d: round_changes.round_repair(tournament=d.t, actor=d.organiser, reason="x"),
    "round_publish": lambda d: round_changes.round_publish(tournament=d.t, actor=d.organiser),
    "round_clock_start": lambda d: clock.round_clock_start(rnd=d.rnd, actor=d.organiser, reason="x"),
    "round_clock_pause": lambda d: clock.round_clock_pause(rnd=d.rnd, actor=d.organiser),
    "round_clock_resume": lambda d: clock.round_clock_resume(rnd=d.rnd, actor=d.organiser),
    "round_clock_extend": lambda d: clock.round_clock_extend(rnd=d.rnd, actor=d.organiser, minutes=5, reason="x"),
    "match_time_extend": lambda d: clock.match_time_extend(match=d.match, actor=d.organiser, minutes=5, reason="x"),
    "forbidden_pair_set": lambda d: pairing_setup.forbidden_pair_set(tournament=d.t, actor=d.organiser,
                                                                     first=d.alice_reg, second=d.bob_reg, reason="x"),
    "forbidden_pair_remove": lambda d: pairing_setup.forbidden_pair_remove(pair=d.pair, actor=d.organiser,
                                                                           reason="x"),
    "byes_award": lambda d: pairing_setup.byes_award(registration=d.bob_reg, actor=d.organiser, rounds=1,
                                                     reason="x"),
    "registration_team_set": lambda d: pairing_setup.registration_team_set(registration=d.bob_reg,
                                                                           actor=d.organiser, team="A"),
    "penalty_issue": lambda d: services.penalty_issue(tournament=d.t, actor=d.organiser, registration=d.bob_reg,
                                                      kind="warning", reason="x"),
    "result_report": lambda d: services.result_report(match=d.match, actor=d.opponent.player,
                                                      games=[{"winner": 1}, {"winner": 1}]),
    "result_confirm": lambda d: services.result_confirm(submission=d.report, actor=d.opponent.player),
    "result_dispute": lambda d: services.result_dispute(submission=d.report, actor=d.opponent.player, reason="x"),
    "result_settle": lambda d: services.result_settle(match=d.match, actor=d.organiser, reason="x",
                                                      submission=d.report),
    "desk_enter": lambda d: desk.desk_enter(match=d.match, actor=d.organiser, score={"wins": [2, 0], "draws": 0}),
    "desk_accept": lambda d: desk.desk_accept(match=d.match, actor=d.organiser, submission=d.report),
    "desk_accept_all": lambda d: desk.desk_accept_all(round=d.match.round, actor=d.organiser),
    "deck_submit": lambda d: deck_submit(registration=d.alice_reg, actor=d.alice, data=LEGAL_55.read_bytes(),
                                         filename=LEGAL_55.name),
    "deck_checks_pick": lambda d: decks.services.deck_checks_pick(tournament=d.t, actor=d.organiser, count=1),
    "deck_check_record": lambda d: decks.services.deck_check_record(check=d.check, actor=d.organiser,
                                                                    findings="ok"),
    "deck_replacement_request": lambda d: decks.services.deck_replacement_request(
        registration=d.alice_reg, actor=d.alice, destroyed="3rd/54", replacement="3rd/54"),
    "day_two_start": lambda d: phases.day_two_start(tournament=d.t, actor=d.organiser, cut_kind="top", cut_value=2,
                                                    rounds=1),
    "pools_deal": lambda d: decks.services.pools_deal(tournament=d.t, actor=d.organiser, seed=1),
    "draft_start": lambda d: decks.draft_services.draft_start(tournament=d.t, actor=d.organiser, seed=1),
    "draft_pick": lambda d: decks.draft_services.draft_pick(registration=d.alice_reg, actor=d.alice, card="4th/1"),
    "draft_pick_for_late": lambda d: decks.draft_services.draft_pick_for_late(registration=d.alice_reg,
                                                                              actor=d.organiser),
    "draft_paper_pool": lambda d: decks.draft_services.draft_paper_pool(registration=d.alice_reg, actor=d.organiser,
                                                                        card_list="4th/1"),
    "late_loss_record": lambda d: late_losses.late_loss_record(registration=d.bob_reg, actor=d.organiser,
                                                               round_number=1),
    "late_loss_remove": lambda d: late_losses.late_loss_remove(match=d.late_loss, actor=d.organiser, reason="x"),
    "deck_replacement_decide": lambda d: decks.services.deck_replacement_decide(
        replacement=d.replacement, actor=d.organiser, approve=False, reason="no"),
    "webhook_create": lambda d: webhooks.webhook_create(tournament=d.t, actor=d.organiser, url="http://127.0.0.1:9/",
                                                        events=["round.paired"]),
    "webhook_delete": lambda d: webhooks.webhook_delete(tournament=d.t, actor=d.organiser,
                                                        webhook_id=_webhook(d).pk),
    "webhook_rotate_secret": lambda d: webhooks.webhook_rotate_secret(tournament=d.t, actor=d.organiser,
                                                                      webhook_id=_webhook(d).pk),
}

#: Allowed on a finished event: the reopening itself, and the decklists' publication (changes no result).
ALLOWED = {"tournament_reopen", "decklists_publish"}

#: Functions that take an ``actor`` but are no write of their own on an event: the creation, a user's own
#: settings, the catalogue, and the steps other services call inside their own (checked) transaction.
NOT_EVENT_WRITES = {
    "tournament_create",  # no event yet
    "save_language",  # the user's own preference
    "account_update",  # the user's own account (display name, e-mail)
    "waitlist_promote", "replacements_take_effect", "decks_recheck",  # inside a service's transaction
    "confirm", "rescore_confirmed", "confirm_by_penalty",  # results: inside a checked service
    "registration_deck_status_set",  # kept in step by deck_submit
    "opponentless_loss_create",  # inside late_loss_record's or a late entry's transaction
    "organiser_action", "claim_key",  # the prologue and the idempotency key every service opens with
}


def _services_taking_an_actor() -> set[str]:
    modules = [importlib.import_module(f"tournaments.services.{m.name}")
               for m in pkgutil.iter_modules(tournaments.services.__path__)]
    modules += [decks.services, decks.draft_services]
    return {name for module in modules for name, fn in inspect.getmembers(module, inspect.isfunction)
            if fn.__module__ == module.__name__ and not name.startswith("_")
            and ("actor" in inspect.signature(fn).parameters or "by" in inspect.signature(fn).parameters)}


def test_every_write_service_is_walked():
    found = _services_taking_an_actor()
    walked = {name.split(" ")[0] for name in WRITES}
    assert found - walked - ALLOWED - NOT_EVENT_WRITES == set(), "a new write service: add it to WRITES"


@pytest.mark.parametrize("name", sorted(WRITES))
def test_a_write_on_a_finished_event_is_refused_as_finished(done, name):
    logged = AuditEntry.objects.count()
    with pytest.raises(Conflict) as refused:
        WRITES[name](done)
    assert (refused.value.code, refused.value.status) == ("finished", 409), refused.value.english
    assert AuditEntry.objects.count() == logged
    done.t.refresh_from_db()
    assert done.t.status == Tournament.Status.FINISHED


def test_a_walk_in_claim_on_a_finished_event_leaves_the_entry_unclaimed(done):
    """The probe: a walk-in claim on a finished event answered 200 and was logged."""
    with pytest.raises(Conflict):
        check_in.walk_in_claim(tournament=done.t, actor=done.carol, code=done.code)
    assert Registration.objects.get(pk=done.walk_in.pk).player is None
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.WALK_IN_CLAIMED).exists()


def test_the_decklists_are_published_and_the_event_reopened_once_finished(done):
    assert decklists_publish(tournament=done.t, actor=done.organiser, scope="all").decklists_published == "all"
    assert tournament_reopen(tournament=done.t, actor=done.organiser, reason="appeal").status == "running"
    assert ResultSubmission.objects.filter(pk=done.report.pk).exists()
