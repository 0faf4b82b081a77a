"""The Django layer reads the structure registry (``rules.structures.STRUCTURE_REGISTRY``): the service, the API
and the forms accept and refuse the settings the rules' one validator accepts and refuses, and a structure
registered in ``rules`` alone is created, shown and paired to its end without a migration."""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from rules.structures import StructureError, StructureSpec, get_structure, validate_structure
from tests.rules.toy_structures import KING_OF_THE_HILL, registered
from tests.tournaments._manage_helpers import quick_event, settle_all
from tournaments import services
from tournaments.api.serializers import TournamentCreateSerializer
from tournaments.errors import Conflict, UserError
from tournaments.models import Tournament, structure_choices, structure_label
from tournaments.pages.forms import STRUCTURE_DEFAULTS, STRUCTURE_FIELDS, TournamentForm, fields_of_structure
from tournaments.services.tournaments import _checked_structure

BUILT_INS = ("swiss", "single_elimination", "double_elimination", "round_robin", "pods", "table_elimination")

#: The settings besides the structure's, at their defaults (the results settings the service checks itself).
OTHER = {"best_of": 3, "tiebreakers": "mtg", "tiebreaker_floor": "", "placement_points": "",
         "end_of_round": "unfinished_is_draw", "round_minutes": 50, "bracket_reset": False,
         "double_round_robin": False, "team_size": 1, "late_entry_rounds": 0}


def combinations() -> Iterator[dict[str, Any]]:
    """The structure settings around every boundary the two validators used to draw differently."""
    for structure, table_size, top_cut, swiss_rounds, draw, seeding, third in itertools.product(
            BUILT_INS, (2, 3, 6, 7), (0, 4, 5), (0, 1, 20, 21), (False, True), (False, True), (False, True)):
        yield {"structure": structure, "table_size": table_size, "top_cut": top_cut, "swiss_rounds": swiss_rounds,
               "random_draw_each_round": draw, "random_seeding": seeding, "third_place_match": third}


def rules_verdict(values: dict[str, Any]) -> str | None:
    """The refused setting as the rules judge the tournament's settings (None: accepted). A structure without a
    Swiss phase has no Swiss rounds and no top cut in the Django app (its bracket starts at round 1)."""
    values = dict(values)
    if not get_structure(values["structure"]).swiss_phase:
        values["swiss_rounds"] = values["top_cut"] = 0
    try:
        validate_structure(**values)
    except StructureError as exc:
        return str(exc.params["field"])
    return None


def service_verdict(values: dict[str, Any]) -> str | None:
    try:
        _checked_structure(**values, **OTHER)
    except UserError as exc:
        return exc.code
    return None


def in_field_ranges(values: dict[str, Any]) -> bool:
    """The values the API's and the form's fields take at all (each field's range, whatever the structure)."""
    return values["table_size"] in range(3, 7) and values["top_cut"] != 5 and 1 <= values["swiss_rounds"] <= 20


def test_the_service_refuses_exactly_what_the_rules_refuse_and_names_the_same_setting() -> None:
    for values in combinations():
        assert service_verdict(values) == rules_verdict(values), values


def test_the_api_serializer_and_the_service_together_refuse_exactly_what_the_rules_refuse() -> None:
    for values in itertools.islice(combinations(), 0, None, 13):  # every 13th: a spread over every dimension
        serializer = TournamentCreateSerializer(data={"name": "X", "date": "2026-12-05", **values})
        if in_field_ranges(values):
            assert serializer.is_valid(), (values, serializer.errors)
            validated = {name: serializer.validated_data[name] for name in values}
            assert service_verdict(validated) == rules_verdict(values), values
        else:
            # out of a field's range: the serializer refuses, and so do the rules where the structure reads it
            assert not serializer.is_valid(), values
            if values["table_size"] not in range(3, 7) or get_structure(values["structure"]).swiss_phase:
                assert rules_verdict(values) is not None, values


def test_the_creation_form_refuses_exactly_what_the_rules_refuse() -> None:
    for values in itertools.islice(combinations(), 0, None, 7):
        if not in_field_ranges(values):
            continue
        data = {"name": "X", "date": "2026-12-05", "deck_format_id": "55", "best_of": "3", **values}
        data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
        form = TournamentForm(data)
        # the form reads only the chosen structure's options (the others are not fields: their defaults)
        read = {k: (v if k not in STRUCTURE_FIELDS or k in fields_of_structure(values["structure"])
                    else STRUCTURE_DEFAULTS[k]) for k, v in values.items()}
        verdict = rules_verdict(read)
        assert form.is_valid() == (verdict is None), (values, form.errors)
        if verdict is not None:
            assert verdict in form.errors


@pytest.mark.django_db
@pytest.mark.parametrize("values", list(itertools.islice(
    (v for v in combinations() if in_field_ranges(v)), 0, None, 23)))
def test_the_api_answers_as_the_rules_judge(organiser, values) -> None:
    client = APIClient()
    client.force_authenticate(organiser)
    response = client.post("/api/v1/tournaments/", {"name": "X", "date": "2026-12-05", **values}, format="json")
    verdict = rules_verdict(values)
    if verdict is None:
        assert response.status_code == 201, response.content
    else:
        assert response.status_code == 400 and response.json()["code"] == verdict


def test_the_django_refusal_of_a_random_draw_with_random_seeding_is_the_documented_one() -> None:
    with pytest.raises(UserError) as info:
        _checked_structure(**{**OTHER, "structure": "single_elimination", "swiss_rounds": 3, "top_cut": 0,
                              "table_size": 4, "random_draw_each_round": True, "random_seeding": True,
                              "third_place_match": False})
    assert info.value.code == "random_draw_each_round"
    assert "Spell Battle Rules" in info.value.english


# --------------------------------------------------------------------------- labels and choices


def test_every_registered_structure_is_a_choice_with_a_label() -> None:
    assert [name for name, _ in structure_choices()] == list(BUILT_INS)
    assert str(structure_label("swiss")) == str(Tournament.Structure.SWISS.label)
    with registered(KING_OF_THE_HILL):
        assert structure_choices()[-1] == ("king_of_the_hill", KING_OF_THE_HILL.description)
        assert ("king_of_the_hill", KING_OF_THE_HILL.description) in list(TournamentForm().fields["structure"].choices)
        assert "king_of_the_hill" in TournamentCreateSerializer().fields["structure"].choices
    assert "king_of_the_hill" not in TournamentCreateSerializer().fields["structure"].choices
    assert structure_label("gone") == "gone"


# --------------------------------------------------------------------------- a structure added in one place


@pytest.fixture
def king_of_the_hill() -> Iterator[StructureSpec]:
    with registered(KING_OF_THE_HILL) as spec:
        yield spec


@pytest.mark.django_db
def test_a_structure_registered_in_rules_alone_runs_through_the_django_service(organiser, client,
                                                                               king_of_the_hill) -> None:
    t, regs = quick_event(organiser, 4, structure="king_of_the_hill")
    assert t.structure == "king_of_the_hill" and t.get_structure_display() == KING_OF_THE_HILL.description
    first = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    ids = [r.pk for r in regs]
    pairs = [sorted(s.registration_id for s in m.seats.all()) for m in first.matches.order_by("table")]
    assert pairs == [sorted(ids[:2]), sorted(ids[2:])]  # 1st v 2nd, 3rd v 4th (seeding order before round 1)
    settle_all(first, organiser)
    second = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    assert second.number == 2 and second.matches.count() == 2
    settle_all(second, organiser)
    with pytest.raises(Conflict) as info:
        services.round_pair_next(tournament=t, actor=organiser, seed=3)
    assert info.value.code == "complete"
    services.tournament_finish(tournament=t, actor=organiser)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and t.winner is not None
    page = client.get(reverse("tournaments:detail", args=[t.pk]))
    assert page.status_code == 200 and KING_OF_THE_HILL.description in page.content.decode()


@pytest.mark.django_db
def test_the_api_and_the_form_offer_a_registered_structure(organiser, king_of_the_hill) -> None:
    client = APIClient()
    client.force_authenticate(organiser)
    response = client.post("/api/v1/tournaments/", {"name": "Hill", "date": "2026-12-05",
                                                     "structure": "king_of_the_hill"}, format="json")
    assert response.status_code == 201 and response.json()["structure"] == "king_of_the_hill"
    form = TournamentForm({"name": "Hill", "date": "2026-12-05", "deck_format_id": "55", "best_of": "3",
                           "structure": "king_of_the_hill", "swiss_rounds": "3", "top_cut": "0"})
    assert form.is_valid(), form.errors
    created = services.tournament_create(actor=organiser, **form.cleaned_data)
    assert created.structure == "king_of_the_hill" and created.swiss_rounds == 0 and created.top_cut == 0


@pytest.mark.django_db
def test_an_unregistered_structure_is_refused_by_the_service(organiser) -> None:
    with pytest.raises(UserError) as info:
        services.tournament_create(actor=organiser, name="X", date=datetime.date(2026, 12, 5),
                                   structure="king_of_the_hill")
    assert info.value.code == "structure" and info.value.params == {"value": "king_of_the_hill"}
