"""Issue 14: the audit log (the manage page's "Audit log" tab, the match page's "Changes to this match") reads in the
reader's language: the action, the reason a service wrote itself (``AuditEntry.reason_code``) and the lines
before and after (keys, yes/no/none, choice labels, the result and its games said again from ``result_data``).
What is stored stays English; entries stored before ``result_data`` show their stored English result."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.i18n.test_pages_in_every_language import get, visible_text
from tests.markup import squash
from tournaments import services
from tournaments.models import AuditEntry, Tournament
from tournaments.pages.presenters import audit_lines, audit_reason
from tournaments.services import check_in

pytestmark = [pytest.mark.django_db, pytest.mark.web]

#: English words the audit log must not show in Portuguese or French (the brief's list).
ENGLISH_WORDS = ["Status:", "Result:", "Game 1:", "Confirmed", "none", "yes", "Player:", "Checked in:",
                 "Penalty:", "Winner:", "Warning", "Swiss round", "Checked in by the organiser", "Tournament finished"]


@pytest.fixture
def logged_event(tournament, organiser, registered, django_capture_on_commit_callbacks):
    """A one-round Swiss event with a check-in by the organiser, a result entered then corrected, a warning on
    the match and the finish: ``(tournament, match, alice's name, bob's name)``."""
    Tournament.objects.filter(pk=tournament.pk).update(swiss_rounds=1)
    tournament.refresh_from_db()
    check_in.registration_check_in(registration=registered[0], actor=organiser)
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    match = rnd.matches.get()
    first, second = [s.registration for s in match.seats.select_related("registration__player").order_by("number")]
    with django_capture_on_commit_callbacks(execute=True):
        services.result_settle(match=match, actor=organiser, reason="slip",
                               games=[{"winner": "a"}, {"winner": "b"}, {"winner": "a"}])
        services.result_settle(match=match, actor=organiser, reason="the slip was misread",
                               games=[{"winner": "a"}, {"winner": "a"}])
        services.penalty_issue(tournament=tournament, actor=organiser, registration=second, kind="warning",
                               reason="slow play", match=match)
        services.tournament_finish(tournament=tournament, actor=organiser)
    return tournament, match, first.display_name, second.display_name


def _audit_section(page: str) -> str:
    found = re.search(r'<section[^>]*aria-labelledby="audit-heading".*?</section>', page, re.S)
    assert found is not None
    return visible_text(found.group(0))


def _match_changes(page: str) -> str:
    found = re.search(r'<ul class="audit">.*?</section>', page, re.S)
    assert found is not None
    return visible_text(found.group(0))


def _pages(logged_event, organiser, lang: str) -> tuple[str, str]:
    tournament, match, _first, _second = logged_event
    client = Client()
    client.force_login(organiser)
    manage = get(client, reverse("tournaments:manage-audit", args=[tournament.pk]), lang)
    page = get(client, reverse("tournaments:match", args=[tournament.pk, match.pk]), lang)
    return _audit_section(squash(manage)), _match_changes(squash(page))


def _english_in(text: str) -> list[str]:
    return [w for w in ENGLISH_WORDS if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


@pytest.mark.parametrize(("lang", "expected"), [
    ("pt-br", ["Resultado: {first} 2-0 {second}", "Resultado: {first} 2-1 {second}", "Jogo 1: {first} venceu",
               "Situação: Confirmado", "Resultado: nenhum resultado confirmado", "Check-in feito: sim",
               "Check-in feito pelo organizador", "Penalidade: nenhum", "Advertência para {second}: slow play",
               "Jogador: {first}", "1 rodada suíça foi jogada e não há top cut: o evento acabou.",
               "Torneio encerrado"]),
    ("fr", ["Résultat\u00a0: {first} 2-0 {second}", "Partie 1\u00a0: {first} a gagné",
            "Statut\u00a0: Confirmé", "Check-in fait par l'organisateur", "Pénalité\u00a0: aucun",
            "Avertissement pour {second}\u00a0: slow play", "Tournoi terminé"]),
])
def test_the_audit_log_speaks_the_readers_language(logged_event, organiser, lang, expected):
    _t, _match, first, second = logged_event
    manage, changes = _pages(logged_event, organiser, lang)
    assert _english_in(manage) == [], manage
    assert _english_in(changes) == [], changes
    for line in expected:
        assert line.format(first=first, second=second) in manage, (line, manage)
    assert f"{expected[0].format(first=first, second=second)}" in changes


def test_the_audit_log_in_english_reads_as_before(logged_event, organiser):
    _t, _match, first, second = logged_event
    manage, changes = _pages(logged_event, organiser, "en")
    for line in [f"Result: {first} 2-0 {second}", f"Result: {first} 2-1 {second}", f"Game 1: {first} won",
                 "Status: Confirmed", "Result: no confirmed result", "Checked in: yes", "Penalty: none",
                 f"Warning for {second}: slow play", "Checked in by the organiser", f"Player: {first}",
                 "1 Swiss round has been played and there is no top cut: the event is over.", "Tournament finished"]:
        assert line in manage, (line, manage)
    assert f"Result: {first} 2-0 {second}" in changes and f"Game 2: {first} won" in changes


def test_what_is_stored_stays_english(logged_event):
    tournament, _match, first, second = logged_event
    entries = {e.action: e for e in AuditEntry.objects.filter(tournament=tournament).order_by("created_at", "id")}
    checked = entries[AuditEntry.Action.CHECK_IN]
    assert checked.reason == "Checked in by the organiser" and checked.reason_code == "checked_in"
    assert checked.after == {"player": first, "checked_in": "yes"}
    finished = entries[AuditEntry.Action.TOURNAMENT_FINISHED]
    assert finished.reason_code == "finished_swiss" and finished.reason_params == {"count": 1}
    assert "Swiss" in finished.reason
    penalty = entries[AuditEntry.Action.PENALTY]
    assert penalty.reason == f"Warning for {second}: slow play"
    assert penalty.reason_params == {"kind": "warning", "player": second, "reason": "slow play"}
    assert penalty.before["status"] == "Confirmed" and penalty.before["penalty"] == "none"
    corrected = entries[AuditEntry.Action.RESULT_ENTERED]
    assert corrected.after["result"] == f"{first} 2-0 {second}"
    assert corrected.after["games"] == [f"Game 1: {first} won", f"Game 2: {first} won"]
    assert corrected.after["result_data"]["seats"] == [[1, first], [2, second]]
    assert "result_data" not in " ".join(corrected.after_lines)  # the model's English lines leave it out


def test_an_entry_stored_without_result_data_shows_its_stored_english_result():
    stored = {"status": "Confirmed", "result": "alice 2-1 bob", "games": ["Game 1: alice won"]}
    with translation.override("pt-br"):
        assert audit_lines(stored) == ["Situação: Confirmado", "Resultado: alice 2-1 bob",
                                       "Jogos: Game 1: alice won"]


def test_values_and_keys_fall_back_to_their_words():
    data = {"some_new_key": "something", "dropped": True, "state": "dropped after round 2", "players": ["a", "b"],
            "extra_minutes": None}
    with translation.override("fr"):
        assert audit_lines(data) == ["Some new key\u00a0: something", "A abandonné\u00a0: oui",
                                     "État\u00a0: a abandonné après la ronde 2", "Joueurs\u00a0: a\u00a0; b",
                                     "Minutes supplémentaires\u00a0: aucun"]
    with translation.override("en"):
        assert audit_lines(data)[0] == "Some new key: something" and audit_lines(data)[1] == "Dropped: yes"


def test_a_reason_code_renders_in_the_readers_language_else_the_stored_reason():
    entry = AuditEntry(reason="bob added as a co-organiser", reason_code="co_organiser_added",
                       reason_params={"username": "bob"})
    typed = AuditEntry(reason="cartas marcadas")
    unknown = AuditEntry(reason="Something old", reason_code="gone_code")
    with translation.override("pt-br"):
        assert audit_reason(entry) == "bob adicionado(a) como coorganizador(a)"
        assert audit_reason(typed) == "cartas marcadas"
        assert audit_reason(unknown) == "Something old"
    with translation.override("en"):
        assert audit_reason(entry) == "bob added as a co-organiser"


def test_a_deck_replacements_values_are_words():
    with translation.override("pt-br"):
        assert audit_lines({"status": "approved", "timing": "end_of_game", "in force": "now"}) == [
            "Situação: aprovada", "Momento: no fim do jogo (a mesma carta)", "Em vigor: agora"]


def test_the_dispute_reason_the_service_writes_is_shown_in_the_readers_language(round_one, organiser):
    match = round_one.matches.get()
    first, second = [s.registration.player for s in match.seats.select_related("registration__player")
                     .order_by("number")]
    services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_report(match=match, actor=second, games=[{"winner": "b"}, {"winner": "b"}])
    stored = match.submissions.exclude(dispute_reason="").get()
    assert stored.dispute_reason == f"{second.username} reported a different result."  # stored in English
    client = Client()
    client.force_login(organiser)
    manage = get(client, reverse("tournaments:manage", args=[round_one.tournament_id]), "pt-br")
    assert f"{second.username} informou um resultado diferente." in manage
    assert "reported a different result" not in manage
