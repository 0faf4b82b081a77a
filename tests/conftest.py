"""Shared fixtures: named personas (an organiser, alice, bob) and factories."""

from __future__ import annotations

import datetime
import os
from unittest import mock

import pytest
from hypothesis import settings as hypothesis_settings
from django.conf import settings as django_settings
from django.contrib.auth.models import Group, User
from django.utils import translation

from tournaments.services.permissions import ORGANISERS_GROUP

# CI explores the same examples on every run (a failure there is reproducible, never luck);
# a developer's run keeps exploring new ones. Set HYPOTHESIS_PROFILE=dev to explore in CI too.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
hypothesis_settings.register_profile("dev")
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def organiser(db) -> User:
    user = User.objects.create_user("organiser", password="organiser-pass-123")
    group, _ = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    user.groups.add(group)
    return user


@pytest.fixture
def alice(db) -> User:
    return User.objects.create_user("alice", password="alice-pass-123")


@pytest.fixture
def bob(db) -> User:
    return User.objects.create_user("bob", password="bob-pass-123")


@pytest.fixture
def carol(db) -> User:
    return User.objects.create_user("carol", password="carol-pass-123")


@pytest.fixture
def tournament(organiser):
    from tournaments.services import tournament_create, tournament_open_registration

    t = tournament_create(actor=organiser, name="Spellfire Open", date=datetime.date(2026, 12, 5),
                          deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=0)
    return tournament_open_registration(tournament=t, actor=organiser)


@pytest.fixture(scope="session")
def imported_card_rows(django_db_setup, django_db_blocker) -> tuple[str, list[tuple]]:
    """The catalogue rows ``manage.py import_cards`` (``decks.services.cards_import``) stores, computed once.

    Importing the real catalogue (6,089 printings) costs a CSV read and a 6,089-row upsert through
    the ORM; done per test it was a large share of the suite's time. It runs here once per session
    (per xdist worker), inside a transaction that is rolled back, so nothing stays in the test
    database. Returns an INSERT statement and the rows the import stored (primary-key order, the
    key itself left to the database) for :func:`catalogue_rows` to insert again in each test.
    """
    from django.db import connection, transaction

    from decks.models import CardRecord
    from decks.services import cards_import

    fields = [f for f in CardRecord._meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    insert = "INSERT INTO {} ({}) VALUES ({})".format(
        quote(CardRecord._meta.db_table), ", ".join(quote(f.column) for f in fields), ", ".join(["%s"] * len(fields))
    )
    with django_db_blocker.unblock(), transaction.atomic():
        cards_import()
        rows = list(CardRecord.objects.order_by("pk").values_list(*(f.attname for f in fields)))
        transaction.set_rollback(True)
    return insert, rows


@pytest.fixture
def catalogue_rows(db, imported_card_rows) -> int:
    """The real catalogue imported as `manage.py import_cards` does; returns the row count.

    The rows are those the session's single import stored (:func:`imported_card_rows`), inserted
    again inside this test's transaction (one executemany, not the ORM: about ten times faster), so
    each test has its own copy and it is rolled back after it, like any data the test creates.
    """
    from django.db import connection

    from decks.models import CardRecord

    insert, rows = imported_card_rows
    with connection.cursor() as cursor:
        cursor.executemany(insert, rows)
    return CardRecord.objects.count()


CARDS_DIR = __import__("pathlib").Path(__file__).resolve().parents[2] / "shared" / "cards"
LEGAL_55 = CARDS_DIR / "decks" / "crossfire" / "55 Card" / "Standard" / "Sample_Thieves.cfd"
LEGAL_55_OTHER = CARDS_DIR / "decks" / "crossfire" / "55 Card" / "Standard" / "Sample_Psionicist.cfd"


@pytest.fixture
def registered(tournament, alice, bob):
    """alice and bob registered with legal 55-card decks; returns (registration_a, registration_b)."""
    from decks.services import deck_submit
    from tournaments.services import player_register

    regs = []
    for user, path in ((alice, LEGAL_55), (bob, LEGAL_55_OTHER)):
        reg = player_register(tournament=tournament, actor=user)
        deck_submit(registration=reg, actor=user, data=path.read_bytes(), filename=path.name)
        reg.refresh_from_db()
        regs.append(reg)
    return regs


@pytest.fixture
def round_one(tournament, organiser, registered, django_capture_on_commit_callbacks):
    """The tournament started and round 1 paired (alice v bob at table 1)."""
    from tournaments.services import round_pair_next, tournament_start

    tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_pair_next(tournament=tournament, actor=organiser, seed=7)
    return rnd


def call_time(rnd) -> None:
    """Time is up in round ``rnd``: its clock started long enough ago (rounds are paired with the clock running),
    so the players may report games unfinished at time (``tournaments.services.results._check_time_called``)."""
    from tournaments.models import Round

    Round.objects.filter(pk=rnd.pk).update(started_at=datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc),
                                           clock_paused_at=None)
    rnd.refresh_from_db()


# --------------------------------------------------------------------------- matches (one model: seats)


def seat_regs(match):
    """The registrations at a match, in seat order (one for a bye, two for a duel, N at a table)."""
    return [s.registration for s in match.seats.select_related("registration__player").order_by("number")]


def seat_users(match):
    """The users at a match, in seat order."""
    return [reg.player for reg in seat_regs(match)]


def seat_wins(match) -> tuple:
    """Games won per seat of the confirmed result (None per seat until confirmed)."""
    return tuple(match.seats.order_by("number").values_list("wins", flat=True))


def seat_places(match) -> tuple:
    return tuple(match.seats.order_by("number").values_list("placement", flat=True))


def score_text(match) -> str:
    """A duel's confirmed score from seat 1's side: "2-1", with "-d" drawn games when there are any."""
    match.refresh_from_db()
    wins = seat_wins(match)
    return "-".join(map(str, wins)) + (f"-{match.draws}" if match.draws else "")


def confirmed_submission(match):
    from tournaments.models import ResultSubmission

    return match.submissions.get(state=ResultSubmission.State.CONFIRMED)


def make_event(organiser, players: int, *, structure: str = "pods", legal_decks: bool = False, **options):
    """A started tournament of ``structure`` with ``players`` players with legal decks.

    ``legal_decks``: every player submits the sample deck (slower); otherwise the first does and
    the others are given the same legal submission. Returns (tournament, {user: registration}).
    """
    from decks.services import deck_submit, register_deck
    from tests.factories import UserFactory
    from tournaments import services
    from tournaments.models import Tournament

    t = services.tournament_create(actor=organiser, name="Pods Night", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", structure=structure, **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    regs = {}
    first_deck = None
    for _ in range(players):
        user = UserFactory()
        reg = services.player_register(tournament=t, actor=user)
        if legal_decks or first_deck is None:
            deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
            reg.refresh_from_db()
            first_deck = first_deck or deck_of(reg)
        else:
            register_deck(reg, first_deck)
            reg.refresh_from_db()
        regs[user] = reg
    services.tournament_start(tournament=t, actor=organiser)
    return Tournament.objects.get(pk=t.pk), regs


@pytest.fixture
def pods_four(organiser, django_capture_on_commit_callbacks):
    """A pods event of 4 players (one table of 4), round 1 paired: (tournament, regs, the table)."""
    from tournaments.services import round_pair_next

    t, regs = make_event(organiser, 4, swiss_rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_pair_next(tournament=t, actor=organiser, seed=1)
    return t, regs, rnd.matches.get()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("spellfire")
    group.addoption("--slow", action="store_true", default=False,
                    help="also run the tests marked slow (the long sweeps; `scripts/test --slow`)")
    group.addoption("--db-only", action="store_true", default=False,
                    help="run only the tests that use the database (what a second database engine can change: "
                         ".ci/run's PostgreSQL pass)")


def pytest_configure(config):
    config.addinivalue_line("markers", "web: drives the pages or the API")


#: pytest-django's fixtures that give a test the database
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
                               "live_server"})


def uses_database(item: pytest.Item) -> bool:
    """Whether a test touches the database: it asks for one of pytest-django's database fixtures (itself or
    through another fixture) or carries the ``django_db`` mark. The rules tests, the catalogue checks, the import
    boundaries and the settings checks do not: the database engine cannot change their outcome."""
    names = set(getattr(item, "fixturenames", ()))
    return bool(names & DATABASE_FIXTURES) or item.get_closest_marker("django_db") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``slow`` tests are skipped unless ``--slow`` is given; ``--db-only`` deselects the tests that use no database."""
    if config.getoption("--db-only"):
        kept = [item for item in items if uses_database(item)]
        dropped = [item for item in items if not uses_database(item)]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept
    if not config.getoption("--slow"):
        skip = pytest.mark.skip(reason="slow: run with `scripts/test --slow`")
        for item in items:
            if item.get_closest_marker("slow") is not None:
                item.add_marker(skip)


def app_queries(captured) -> list[dict]:
    """The queries of a ``CaptureQueriesContext`` that the app makes, without reading or writing the session row:
    where the session lives depends on the deployment (``SESSION_ENGINE``: the cache and the database with Redis,
    the database alone on the embedded default), not on the page, so a pinned count leaves it out."""
    return [q for q in captured.captured_queries if "django_session" not in q["sql"]]


def deck_of(registration):
    """The registered deck (a DeckSubmission) of a registration, read fresh, or None."""
    from decks.models import RegisteredDeck
    from tournaments.models import Registration

    assert isinstance(registration, Registration), f"deck_of takes a Registration, not {registration!r}"
    found = RegisteredDeck.objects.filter(registration_id=registration.pk).select_related("submission").first()
    return found.submission if found is not None else None


def deck_pk(registration):
    """The id of the registered deck of a registration, or None."""
    deck = deck_of(registration)
    return deck.pk if deck is not None else None


@pytest.fixture(autouse=True)
def _fresh_cache_and_eager_standings(request):
    """Each test starts with an empty cache (rendered pages, standings job markers), in English (a request of an
    earlier test leaves its language active in the thread, and the services' messages are rendered when read),
    and computes the standings after every confirmation (most tests read the snapshot right away; the
    coalescing tests set the window), starting no timer thread for a deferred standings run."""
    from django.core.cache import cache, caches
    from django.core.cache.backends.locmem import LocMemCache

    from django.test import override_settings

    from tournaments import tasks
    from tournaments.pages import crowd

    translation.activate(django_settings.LANGUAGE_CODE)
    request.addfinalizer(translation.deactivate)
    overrides = override_settings(STANDINGS_EAGER_WINDOW_SECONDS=0)  # not the ``settings`` fixture: some tests
    overrides.enable()  # parametrize an argument named "settings"
    request.addfinalizer(overrides.disable)
    # no timer thread: a deferred eager standings run (``tasks.run_later``) is dropped; tests that need it record it
    deferred = mock.patch.object(tasks, "run_later", lambda delay, run: None)
    deferred.start()
    request.addfinalizer(deferred.stop)
    local = isinstance(caches["default"], LocMemCache)  # never FLUSHDB a shared Redis
    if local:
        cache.clear()
    else:  # a test database starts its ids at 1 again: forget the markers and pages of earlier runs
        client = caches["default"]._cache.get_client()
        # job markers; this database's rendered pages and page states (not a parallel worker's: each has its
        # own key prefix, config/settings/test.py)
        patterns = ("*standings*", f"*crowd:{crowd.namespace()}:*")
        for pattern in (caches["default"].make_key(p) for p in patterns):
            for key in client.scan_iter(match=pattern):
                client.delete(key)
    yield
    if local:
        cache.clear()


def pair_or_finish(tournament, organiser, seed=None):
    """Pair the next round; once the structure is complete, finish the tournament explicitly and return None
    (pairing after the last round is refused with code ``complete``: the organiser finishes it)."""
    from tournaments.errors import Conflict
    from tournaments.services import round_pair_next, tournament_finish

    try:
        return round_pair_next(tournament=tournament, actor=organiser, seed=seed)
    except Conflict as exc:
        if exc.code != "complete":
            raise
    tournament_finish(tournament=tournament, actor=organiser)
    return None
