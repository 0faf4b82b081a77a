"""Citations by document and section, never file names (issue 20, item 7): every rules text a page, a verdict, a
slip or an API message cites is named by its title and section ("Spellfire Tournament Rules 2.0, Two-Draw
Mulligan"), and on the pages links to the rules page (/rules/<document>/#<section>), which shows the text with
an anchor for each section (rules.rule_documents)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient
from rules.results import MULLIGAN_RULE
from rules.rule_documents import DOCUMENTS

from tests.conftest import deck_of
from tournaments.templatetags.rule_tags import rule_cite

pytestmark = pytest.mark.django_db

RULE_LINK = re.compile(r'href="(/rules/[^"#]*/)#([^"]+)"')


def anchors_resolve(client: Client, page: str) -> int:
    """Every rules link of ``page`` points to an anchor of the rules page; returns how many links there are."""
    links = RULE_LINK.findall(page)
    for path, anchor in links:
        target = client.get(path)
        assert target.status_code == 200, path
        assert f'id="{anchor}"' in target.content.decode(), (path, anchor)
    return len(links)


def test_the_rules_page_lists_every_document_by_title(client):
    page = html.unescape(client.get(reverse("tournaments:rules")).content.decode())
    for document in DOCUMENTS.values():
        assert document.title in page
    assert ".txt" not in page


@pytest.mark.parametrize("document", list(DOCUMENTS.values()), ids=lambda d: d.slug)
def test_each_rules_text_shows_with_an_anchor_per_section(client, document):
    page = client.get(reverse("tournaments:rules-document", args=[document.slug])).content.decode()
    for section in document.sections:
        assert page.count(f'id="{section.slug}"') == 1
        assert f'href="#{section.slug}"' in page
    assert ".txt" not in page
    assert anchors_resolve(client, page) == 0  # the table of contents links within the page


def test_an_unknown_rules_text_is_a_404(client):
    assert client.get("/rules/no-such-rules/").status_code == 404


def test_a_citation_on_a_page_names_the_document_and_links_each_part_to_its_section(client):
    linked = str(rule_cite(f"{MULLIGAN_RULE}; spell-battle-rules.txt, 8. Tournaments"))
    assert ".txt" not in linked
    assert ('<a href="/rules/tournament-rules-2-0/#two-draw-mulligan">Spellfire Tournament Rules 2.0, Two-Draw '
            'Mulligan</a>; <a href="/rules/spell-battle/#tournaments">Spell Battle Rules, 8. Tournaments</a>'
            ) == linked
    assert anchors_resolve(client, linked) == 2


def test_a_citation_of_no_rules_text_is_plain_escaped_text():
    assert str(rule_cite("card text of <War Party>")) == "card text of &lt;War Party&gt;"


def test_an_illegal_verdict_cites_sections_and_links_them(client, tournament, alice):
    client.force_login(alice)
    client.post(reverse("tournaments:register", args=[tournament.pk]))
    page = client.post(reverse("decks:deck", args=[tournament.pk]), {"text": "3rd/54\n2x War Party"},
                       follow=True).content.decode()
    assert "Not legal" in page
    assert ".txt" not in page
    assert "Spellfire Tournament Rules 2.0, 55-Card Deck (Standard)" in html.unescape(page)
    assert anchors_resolve(client, page) >= 1


def test_the_api_verdict_names_the_document_not_the_file(tournament, alice):
    from tournaments.models import Registration

    api = APIClient()
    api.force_authenticate(alice)
    api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/", {}, format="json")
    reg = Registration.objects.get(tournament=tournament, player=alice)
    url = f"/api/v1/tournaments/{tournament.pk}/registrations/{reg.pk}/deck/"
    posted = api.post(url, {"text": "3rd/54\n2x War Party"}, format="json")
    assert posted.status_code in (200, 201, 400, 422), posted.content
    body = api.get(url).content.decode()
    assert '"violations"' in body
    assert ".txt" not in body
    assert "Spellfire Tournament Rules 2.0" in body


def test_the_slip_and_the_format_page_cite_by_title_and_link(client, round_one, tournament, alice):
    client.force_login(alice)
    match = round_one.matches.get()
    for url in (reverse("tournaments:match", args=[tournament.pk, match.pk]),
                reverse("tournaments:format", args=[tournament.pk])):
        page = client.get(url).content.decode()
        assert ".txt" not in page, url
        assert anchors_resolve(client, page) >= 2, url


def test_the_create_form_cites_no_file(client, organiser):
    client.force_login(organiser)
    for structure in ("", "?structure=single_elimination", "?structure=pods"):
        page = client.get(reverse("tournaments:new") + structure).content.decode()
        assert ".txt" not in page


def test_an_api_refusal_names_the_document_not_the_file(organiser):
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.post("/api/v1/tournaments/", {"name": "X", "date": "2026-12-12", "structure": "swiss",
                                                  "random_draw_each_round": True}, format="json")
    assert response.status_code == 400
    assert ".txt" not in response.content.decode()
    assert "Spell Battle Rules" in response.content.decode()


def test_a_registered_deck_page_cites_no_file(client, tournament, registered):
    client.force_login(registered[0].player)
    assert deck_of(registered[0]) is not None
    page = client.get(reverse("decks:deck", args=[tournament.pk])).content.decode()
    assert ".txt" not in page
