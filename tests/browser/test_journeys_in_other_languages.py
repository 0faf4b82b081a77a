"""Issue 14: the event-day journeys entirely in Brazilian Portuguese and in French, in a real browser (Chromium +
Playwright) against the live server, at phone (390 x 844) and desktop (1,280 x 800) sizes. The same shape as
``test_journeys.py`` (whose helpers they reuse); each browser asks for its language with ``Accept-Language``
(the context's locale), or a visitor switches with the language select of the header.

1. The organiser's event in Portuguese (``test_the_organisers_event_in_portuguese``): an event created through
   the form, registration opened, a player registering on the event page, the start, two Swiss rounds paired and
   their results entered on the manage page, the finish; then a visitor whose browser speaks English switches the
   site to Portuguese and looks up the standings.
2. A player's deck and match in French (``test_the_players_deck_in_french``): sign-up, registration, an illegal
   decklist whose violation cites the rules in French, fixed in the editor, "/me/" once paired, a result reported
   on the slip and confirmed by the opponent (also in French).

Every step is checked by ``speaks``: the page's ``<html lang>`` is the language, some expected words of that
language are on it, and none of the English phrases of ``tests/i18n/test_pages_in_every_language.py`` is left in
its text and labels; then by ``check_page`` (no horizontal overflow with the longer words, no serious axe-core
violation, a screenshot). What only sets the scene (accounts, most registrations and decklists, the organiser's
steps in the French journey) goes through the services, and says so.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest

from tests.browser.conftest import ORGANISER_PASSWORD, PLAYER_PASSWORD, PageChecker, log_in, services, sizes_for
from tests.browser.test_journeys import (
    CFD_ILLEGAL,
    action_buttons,
    blockers,
    click,
    legal_deck,
    main_text,
    no_internals,
    open_matches,
    players,
    submit_button,
)
from tests.i18n.test_pages_in_every_language import english_left, visible_text

PORTUGUESE, FRENCH = "pt-br", "fr"
#: The page's HTML without the parts marked ``lang="en"``: text stored in English and shown as such (the audit
#: log's result before and after an override, written by the services), and the language select's "English".
#: ``ignore``: a selector of more parts to leave out (English a service stored, see the step that passes it).
WITHOUT_ENGLISH_PARTS = """(ignore) => {
  const root = document.documentElement.cloneNode(true);
  root.querySelectorAll('body [lang="en"]' + (ignore ? ', ' + ignore : '')).forEach((el) => el.remove());
  return root.outerHTML;
}"""


def words(text: str) -> str:
    """``text`` with its spaces as ``main_text`` gives them (French puts a no-break space before ":" and "?")."""
    return " ".join(text.split())


def speaks(page: Any, lang: str, *expected: str, ignore: str = "") -> None:
    """The page is in ``lang``: ``<html lang>``, the ``expected`` words in its main text, and no English phrase
    (``english_left``: its visible text and its labels, without names, decklists and quoted rules texts, nor the
    parts marked ``lang="en"`` or matched by the CSS selector ``ignore``)."""
    assert page.locator("html").get_attribute("lang") == lang, page.url
    text = main_text(page)
    missing = [w for w in expected if words(w) not in text]
    assert not missing, f"{page.url}: {missing} not in {text!r}"
    content = page.evaluate(WITHOUT_ENGLISH_PARTS, ignore)
    left = english_left(content, lang)
    assert not left, f"{page.url} ({lang}) still shows English: {where(left, visible_text(content))}"


def where(phrases: list[str], text: str) -> dict[str, list[str]]:
    """Each English phrase found, with the text around its first occurrences (for the failure message)."""
    text = " ".join(text.split())
    found = {}
    for phrase in phrases:
        spots = [m.start() for m in re.finditer(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text)][:3]
        found[phrase] = [text[max(0, i - 50):i + len(phrase) + 50] for i in spots]
    return found


def step(page: Any, check_page: PageChecker, lang: str, name: str, *expected: str, ignore: str = "") -> None:
    """One step of a journey: the page speaks ``lang`` (``speaks``), then ``check_page``."""
    speaks(page, lang, *expected, ignore=ignore)
    check_page(page, name)


def enter_result(page: Any, match: Any, score: str) -> None:
    """At the results desk (the manage page): tap the table's ``score`` ("2-0", seat order), then its record
    button (its label is the page's language's): final, no reason typed."""
    row = page.locator(f"#desk-table-{match.table}")
    row.locator(".desk-record").get_by_text(score, exact=True).click()
    with page.expect_navigation():
        row.locator(".desk-record-button").click()


def switch_language(page: Any, language: str, label: str) -> None:
    """Press ``language``'s button in the header (one tap; ``label``: its name, e.g. "Português (Brasil)"); on a
    phone the menu is opened first."""
    toggler = page.locator(".navbar-toggler")
    button = page.locator(f".language-switch button[value='{language}']")
    if toggler.is_visible():
        toggler.click()
        button.wait_for(state="visible")
    assert button.get_attribute("title") == label
    with page.expect_navigation():
        button.click()
    assert page.locator(f".language-switch button[value='{language}']").get_attribute("aria-current") == "true"


# --------------------------------------------------------------------------- 1. the organiser's event, in Portuguese


@pytest.mark.parametrize("size", sizes_for("desktop"))
def test_the_organisers_event_in_portuguese(size, live_server, organiser, catalogue_rows, another_context,
                                            check_page: PageChecker):
    from tournaments.models import Registration, Tournament

    pt = PORTUGUESE
    org = another_context(size, "pt-BR").new_page()
    confirms: list[str] = []
    org.on("dialog", lambda dialog: confirms.append(dialog.message))  # the context's handler answers OK
    org.goto("/accounts/login/")
    step(org, check_page, pt, "login", "Entrar")
    log_in(org, organiser.username, ORGANISER_PASSWORD)
    step(org, check_page, pt, "tournaments", "Torneios")

    # the event, through the form
    org.goto("/t/new/")
    step(org, check_page, pt, "new-event", "Novo torneio")
    org.fill("#id_name", "Copa São Paulo")
    org.fill("#id_date", "2026-12-05")
    org.select_option("#id_deck_format_id", "55")
    org.select_option("#id_best_of", "3")
    org.check("input[name=structure][value=swiss]")  # the structure first: swiss is the first offered
    org.fill("#id_swiss_rounds", "2")
    org.select_option("#id_top_cut", "0")
    org.fill("#id_time_zone", "America/Sao_Paulo")  # typed in the searchable time-zone field
    click(org, "main form button.btn-primary")
    t = Tournament.objects.get(name="Copa São Paulo")
    assert org.url.endswith(f"/t/{t.pk}/manage/")
    assert action_buttons(org) == ["Abrir as inscrições"]
    step(org, check_page, pt, "manage-draft", "Gerenciar Copa São Paulo")
    submit_button(org, "Abrir as inscrições")
    assert "0 jogador inscrito: são necessários pelo menos 2 para começar." in blockers(org)
    assert action_buttons(org) == ["Encerrar as inscrições"]
    step(org, check_page, pt, "manage-registration-open")

    # 4 accounts (factory); the first registers on the event page, in Portuguese; the others and every decklist
    # through the services
    accounts = players(4, "jog")
    player_page = another_context(size, "pt-BR").new_page()
    log_in(player_page, accounts[0].username, PLAYER_PASSWORD)
    player_page.goto(f"/t/{t.pk}/")
    step(player_page, check_page, pt, "event-before-registering", "Copa São Paulo")
    submit_button(player_page, "Inscrever-se")
    assert player_page.url.endswith(f"/t/{t.pk}/deck/")  # registered: on to the decklist
    step(player_page, check_page, pt, "player-registered", "Lista do baralho")
    for user in accounts[1:]:
        services.player_register(tournament=t, actor=user)
    for user in accounts:
        legal_deck(Registration.objects.get(tournament=t, player=user), user)

    # start (confirmed), pair round 1
    org.goto(f"/t/{t.pk}/manage/")
    assert action_buttons(org) == ["Encerrar as inscrições", "Começar o torneio"]
    step(org, check_page, pt, "manage-ready")
    submit_button(org, "Começar o torneio")
    assert confirms[-1].startswith("Começar com 4 jogadores?")
    assert action_buttons(org) == ["Parear a rodada 1"]
    step(org, check_page, pt, "manage-started")
    submit_button(org, "Parear a rodada 1")
    assert confirms[-1] == "Parear a rodada 1? Os jogadores veem suas mesas na hora."
    assert org.url.endswith(f"/t/{t.pk}/rounds/1/")
    step(org, check_page, pt, "round-1", "Rodada 1", "Mesa")

    # the player finds their table
    player_page.goto("/me/")
    step(player_page, check_page, pt, "me-paired", "Rodada 1, mesa")

    # two rounds: every result entered by the organiser on the manage page
    for number in (1, 2):
        org.goto(f"/t/{t.pk}/manage/")
        matches = open_matches(t)
        assert len(matches) == 2
        assert f"2 mesas ainda jogando: {matches[0].table}, {matches[1].table}." in blockers(org)
        step(org, check_page, pt, f"manage-round-{number}")
        for match, score in zip(matches, ("2-0", "1-2")):
            enter_result(org, match, score)
        assert org.locator(".blockers").count() == 0
        if number == 1:
            assert action_buttons(org) == ["Parear a rodada 2"]
            step(org, check_page, pt, "manage-round-1-done")
            submit_button(org, "Parear a rodada 2")
            step(org, check_page, pt, "round-2", "Rodada 2")
    assert action_buttons(org) == ["Encerrar o torneio"]
    step(org, check_page, pt, "manage-complete")

    # finish (an explicit, confirmed action)
    submit_button(org, "Encerrar o torneio")
    assert confirms[-1].startswith("Encerrar o torneio? A classificação se torna final")
    t.refresh_from_db()
    assert t.status == "finished"
    champion = t.winner.display_name
    assert action_buttons(org) == ["Reabrir o torneio"]
    # the audit log's entry of the finish: stored in English, shown in Portuguese (its reason_code)
    step(org, check_page, pt, "manage-finished", f"O torneio terminou. Vencedor(a): {champion}.")

    # a visitor whose browser speaks English switches to Portuguese in the header and looks up the standings
    visitor = another_context(size).new_page()
    visitor.goto(f"/t/{t.pk}/")
    assert visitor.locator("html").get_attribute("lang") == "en"
    switch_language(visitor, "pt-br", "Português (Brasil)")
    assert visitor.url.endswith(f"/t/{t.pk}/")
    step(visitor, check_page, pt, "visitor-event", "Copa São Paulo")
    click(visitor, f"main a[href='/t/{t.pk}/standings/']")
    step(visitor, check_page, pt, "visitor-standings", "Classificação depois da rodada 2", champion)
    no_internals(visitor)
    visitor.goto(f"/t/{t.pk}/rounds/2/")
    step(visitor, check_page, pt, "visitor-round-2", "Rodada 2")


# --------------------------------------------------------------------------- 2. a player's deck and match, in French


@pytest.mark.parametrize("size", sizes_for("phone"))
def test_the_players_deck_in_french(size, live_server, organiser, catalogue_rows, another_context,
                                    check_page: PageChecker):
    from tournaments.models import Registration

    fr = FRENCH
    t = services.tournament_create(actor=organiser, name="Tournoi de Lyon", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=0)
    services.tournament_open_registration(tournament=t, actor=organiser)
    (opponent,) = players(1, "adv")  # the opponent's account, registration and deck through the services
    legal_deck(services.player_register(tournament=t, actor=opponent), opponent)

    page = another_context(size, "fr-FR").new_page()
    page.goto("/signup/")
    step(page, check_page, fr, "signup", "Créer un compte")
    page.fill("#id_username", "nouvelle")
    page.fill("#id_display_name", "Noémie Nouvelle")
    page.fill("#id_password1", "une-longue-phrase-secrete-42")
    page.fill("#id_password2", "une-longue-phrase-secrete-42")
    submit_button(page, "Créer un compte")
    page.goto(f"/t/{t.pk}/")
    step(page, check_page, fr, "event", "Tournoi de Lyon")
    submit_button(page, "S'inscrire")
    registration = Registration.objects.get(tournament=t, player__username="nouvelle")
    step(page, check_page, fr, "deck-editor-empty", "Liste de deck")

    # a CrossFire .cfd upload: illegal, the violation cites the rules in French
    page.set_input_files("#id_file", str(CFD_ILLEGAL))
    submit_button(page, "Vérifier et envoyer")
    verdict = page.locator(".latest-verdict .alert-danger")
    assert "Illégal" in verdict.inner_text()
    violations = verdict.locator(".violations li").all_inner_texts()
    assert len(violations) == 1 and "Shield of Devastation" in violations[0]
    assert "Spellfire Tournament Rules 2.0" in violations[0]
    assert page.locator(".alert-success").count() == 0  # a refusal is never green
    page.locator("#deck-preview .alert").wait_for()  # the live preview (htmx, on load) of the list just sent
    step(page, check_page, fr, "deck-illegal", "Verdict du dernier envoi :", "Format : deck de 55 cartes (standard).")

    # fix one card in the prefilled editor: the second Shield of Devastation becomes a Shield of Wickedness
    text = page.locator("#id_text").input_value()
    assert "2x Shield of Devastation (1st/315)" in text
    page.fill("#id_text", text.replace("2x Shield of Devastation (1st/315)",
                                       "1x Shield of Devastation (1st/315)\n1x Shield of Wickedness (1st/316)"))
    submit_button(page, "Vérifier et envoyer")
    assert page.locator(".latest-verdict .alert-success").count() == 1
    step(page, check_page, fr, "deck-fixed", "Votre deck est légal et enregistré.")
    registration.refresh_from_db()
    assert registration.has_legal_deck

    # paired (the organiser's steps through the services): /me/ says where to play
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    (match,) = rnd.matches.all()
    page.goto("/me/")
    now = page.locator(".match-now").first
    assert now.locator(".now-line").inner_text().startswith(f"Ronde 1, table {match.table}")
    assert opponent.username in now.locator(".now-line").inner_text()
    step(page, check_page, fr, "me-paired", "Mes événements")

    # a 2-1 on the slip
    click(page, "a:has-text('Ouvrir votre feuille de match')")
    step(page, check_page, fr, "slip", f"Ronde 1, table {match.table}")
    page.locator(".one-tap").get_by_text("2-1", exact=True).click()
    submit_button(page, "Déclarer le résultat")
    step(page, check_page, fr, "slip-reported")

    # the opponent, on their own phone or computer (in French too), confirms
    other = another_context(size, "fr-FR").new_page()
    log_in(other, opponent.username, PLAYER_PASSWORD)
    other.goto(f"/t/{t.pk}/matches/{match.pk}/")
    no_internals(other)
    step(other, check_page, fr, "slip-to-confirm", f"Ronde 1, table {match.table}")
    submit_button(other, "Confirmer")
    step(other, check_page, fr, "slip-confirmed", "Résultat confirmé")
