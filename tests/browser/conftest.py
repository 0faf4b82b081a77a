"""Browser tests (issue #13): Debian's Chromium driven by Playwright for Python against pytest-django's live server.

Every test here is marked ``browser`` and skipped, with the reason, when ``/usr/bin/chromium`` is missing
(``apt-get install -y chromium``; ``.ci/run`` installs it). What the fixtures give:

* ``phone`` (390 x 844, mobile, touch) and ``desktop`` (1,280 x 800): a fresh browser context each (no cookies),
  based at the live server's URL, answering every ``window.confirm`` with OK;
* ``log_in(page, username, password)``: logs in through the login form, as a person would;
* ``check_page(page, name)``: fails if the page is wider than the screen (naming the widest elements) or if axe-core
  finds a serious or critical violation (listing them). It saves a full-page screenshot to
  ``tests/browser/screenshots/<test>/<n>-<name>-<size>.png`` (git-ignored) of every page it checks on a developer's
  run; with ``CI`` set, only of a page that fails a check and of the last page checked in a test that fails
  (a full-page screenshot costs more than the checks);
* ``swiss_event``: an 8-player Swiss event built with the services: round 1 paired, two results confirmed, one
  reported and waiting for the opponent, one disputed, every player with a legal decklist.

The live server runs in a thread of the test process, so the tests use ``transactional_db`` (pytest-django does it
for ``live_server``): the data a test builds is committed, the server sees it, and it is flushed afterwards. This works
with the in-memory SQLite test database (the connection is shared with the server's thread) and with PostgreSQL.
Playwright's synchronous API keeps an asyncio loop running in the main thread while it is started, so Django's
async-safety check is lifted (``DJANGO_ALLOW_ASYNC_UNSAFE``) only for as long as the browser runs: per test module.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Any

import pytest
from django.db import OperationalError

from tournaments import services as tournament_services



class RetryingServices:
    """``tournaments.services`` (or the services ``module`` given: ``RetryingServices(decks.services)``) for the
    browser tests: each call is retried (up to 5 s) while SQLite's shared in-memory test database reports a table
    locked by the live server's thread (a page polling while the test writes). Services are atomic, so a refused
    call changed nothing. PostgreSQL never needs it."""

    def __init__(self, module: Any = tournament_services) -> None:
        self._module = module

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not a service (and no recursion before ``_module`` is set)
            raise AttributeError(name)
        function = getattr(self._module, name)

        @wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            for attempt in range(50):
                try:
                    return function(*args, **kwargs)
                except OperationalError as exc:
                    if "locked" not in str(exc) or attempt == 49:
                        raise
                    time.sleep(0.1)
            raise AssertionError("unreachable")

        return call


services = RetryingServices()

CHROMIUM = Path("/usr/bin/chromium")
HERE = Path(__file__).resolve().parent
SCREENSHOTS = HERE / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: axe-core impacts that fail a page (minor and moderate ones are reported by axe but do not fail it)
FAILING_IMPACTS = ("serious", "critical")
PLAYER_PASSWORD = "player-pass-123"  # tests.factories.UserFactory
ORGANISER_PASSWORD = "organiser-pass-123"  # tests.conftest.organiser


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of this folder ``browser`` (and group them for ``--dist loadgroup``); skip them all, saying
    why, when Chromium is not installed."""
    skip = pytest.mark.skip(reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install -y chromium)")
    for item in items:
        if HERE not in Path(str(item.fspath)).resolve().parents:
            continue
        item.add_marker(pytest.mark.browser)
        item.add_marker(pytest.mark.xdist_group("browser"))
        if not CHROMIUM.exists():
            item.add_marker(skip)


# --------------------------------------------------------------------------- the browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (``/usr/bin/chromium``, ``--no-sandbox``: CI runs as root), started once per module."""
    from playwright.sync_api import sync_playwright

    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def _context(browser: Any, live_server: Any, locale: str = "en-GB", **options: Any) -> Iterator[Any]:
    """A browser context whose ``Accept-Language`` (and ``navigator.language``) is ``locale``. It asks for reduced
    motion, as many people do: Bootstrap then draws no colour transitions, so axe-core never measures a button's
    contrast half-way through the hover transition a click leaves behind (a false color-contrast failure)."""
    context = browser.new_context(base_url=live_server.url, locale=locale, reduced_motion="reduce", **options)
    context.set_default_timeout(15_000)
    context.on("page", lambda page: page.on("dialog", lambda dialog: dialog.accept()))
    try:
        yield context
    finally:
        context.close()


#: the browser context options of each size
SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "desktop": {"viewport": DESKTOP},
}


def sizes_for(everyday: str) -> list[Any]:
    """The ``size`` parameters of a journey: both sizes, the one its person uses every day (``"phone"`` or
    ``"desktop"``) in every run, the other marked ``slow`` (``scripts/test --slow``): ``tests/browser/test_pages.py``
    already checks every page at both sizes, so CI walks each journey once."""
    return [size if size == everyday else pytest.param(size, marks=pytest.mark.slow) for size in SIZES]


@pytest.fixture
def phone(browser: Any, live_server: Any) -> Iterator[Any]:
    """A phone's browser context: 390 x 844 CSS pixels, mobile, touch."""
    yield from _context(browser, live_server, **SIZES["phone"])


@pytest.fixture
def desktop(browser: Any, live_server: Any) -> Iterator[Any]:
    """A desktop browser context: 1,280 x 800."""
    yield from _context(browser, live_server, **SIZES["desktop"])


@pytest.fixture
def another_context(browser: Any, live_server: Any) -> Iterator[Callable[..., Any]]:
    """``another_context(size, locale="en-GB")``: one more browser context of ``size`` ("phone" or "desktop"), for a
    second person in the same test (a player beside the organiser, the opponent beside the reporter), its browser
    asking for ``locale``'s language ("pt-BR", "fr-FR": issue 14's journeys); closed after the test."""
    opened: list[Iterator[Any]] = []

    def make(size: str, locale: str = "en-GB") -> Any:
        generator = _context(browser, live_server, locale, **SIZES[size])
        opened.append(generator)
        return next(generator)

    yield make
    for generator in opened:
        next(generator, None)


def size_name(page: Any) -> str:
    """``phone`` or ``desktop``, from the page's viewport."""
    return "phone" if page.viewport_size["width"] < 768 else "desktop"


def log_in(page: Any, username: str, password: str) -> None:
    """Log in through the login form (the page ends on the tournaments list)."""
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert "/accounts/login/" not in page.url, f"logging in as {username} failed: {page.url}"


# --------------------------------------------------------------------------- checking a page

# The elements wider than the screen, widest first: "tag#id.class" and their right edge, for the failure message.
_WIDEST = """(limit) => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 0.5) continue;
    let name = el.tagName.toLowerCase();
    if (el.id) name += '#' + el.id;
    if (typeof el.className === 'string' && el.className.trim()) name += '.' + el.className.trim().split(/\\s+/).join('.');
    out.push({element: name, right: Math.round(box.right), width: Math.round(box.width),
              text: (el.textContent || '').trim().slice(0, 40)});
  }
  out.sort((a, b) => b.right - a.right);
  return out.slice(0, limit);
}"""


def overflow(page: Any) -> dict[str, Any]:
    """The document's width against the screen's: ``{"scroll_width", "inner_width", "widest": [...]}``."""
    scroll_width, inner_width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    inner_width = min(inner_width, page.viewport_size["width"])
    widest = page.evaluate(_WIDEST, 8) if scroll_width > inner_width else []
    return {"scroll_width": scroll_width, "inner_width": inner_width, "widest": widest}


def serious_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [v for v in results.response["violations"] if v.get("impact") in FAILING_IMPACTS]


def describe_violations(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        targets = ", ".join(" ".join(n["target"]) if isinstance(n["target"], list) else str(n["target"])
                            for n in v["nodes"][:5])
        lines.append(f"  {v['id']} ({v['impact']}, {len(v['nodes'])} element(s)): {v['help']} -> {targets}")
    return "\n".join(lines)


#: whether ``check_page`` screenshots every page it checks (a developer's run) or only failures (CI)
SCREENSHOT_EVERY_PAGE = not os.environ.get("CI")


@dataclass
class PageChecker:
    """``check_page(page, name)``: the overflow and axe checks, and screenshots (see the module docstring)."""

    folder: Path
    every_page: bool = SCREENSHOT_EVERY_PAGE
    count: int = 0
    seen: list[str] = field(default_factory=list)
    last: tuple[Any, str] | None = None

    def screenshot(self, page: Any, name: str) -> None:
        """Save the whole page as ``<n>-<name>-<size>.png`` in this test's folder."""
        self.folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(self.folder / f"{self.count:02d}-{name}-{size_name(page)}.png"), full_page=True)

    def __call__(self, page: Any, name: str, *, axe: bool = True) -> None:
        page.wait_for_load_state("load")
        self.count += 1
        size = size_name(page)
        if self.every_page:
            self.screenshot(page, name)
        self.seen.append(f"{name}-{size}")
        self.last = (page, name)
        problems = []
        wide = overflow(page)
        if wide["scroll_width"] > wide["inner_width"]:
            widest = "\n".join(f"  {w['element']}: right edge {w['right']} px, {w['width']} px wide ({w['text']!r})"
                               for w in wide["widest"])
            problems.append(f"{name} ({size}) overflows: the document is {wide['scroll_width']} px wide on a "
                            f"{wide['inner_width']} px screen; the widest elements:\n{widest}")
        if axe:
            violations = serious_violations(page)
            if violations:
                problems.append(f"{name} ({size}): axe-core found {len(violations)} serious or critical "
                                f"violation(s):\n{describe_violations(violations)}")
        if problems and not self.every_page:
            self.screenshot(page, name)
        assert not problems, "\n".join(problems)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """When a browser test's body fails, save the last page its ``check_page`` checked as
    ``<n>-<name>-<size>-at-failure.png`` (in CI too), before the teardown closes the page."""
    report = yield
    checker = getattr(item, "funcargs", {}).get("check_page")
    if report.when == "call" and report.failed and isinstance(checker, PageChecker) and checker.last is not None:
        page, name = checker.last
        try:
            checker.screenshot(page, f"{name}-at-failure")
        except Exception:  # the page may be closed already; the failure itself is what the report shows
            pass
    return report


@pytest.fixture
def check_page(request: pytest.FixtureRequest) -> PageChecker:
    """The page checker of this test; its screenshots go to ``tests/browser/screenshots/<test>/`` (emptied first)."""
    folder = SCREENSHOTS / re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    shutil.rmtree(folder, ignore_errors=True)
    return PageChecker(folder)


# --------------------------------------------------------------------------- the event


@dataclass
class SwissEvent:
    """What ``swiss_event`` built. ``players`` in registration order; ``pending`` is a match with a report waiting for
    its second player (``pending_reporter`` reported, ``pending_opponent`` answers); ``disputed`` is disputed;
    ``confirmed`` have results."""

    tournament: Any
    organiser: Any
    players: list[Any]
    round: Any
    confirmed: list[Any]
    pending: Any
    pending_reporter: Any
    pending_opponent: Any
    disputed: Any

    def path(self, suffix: str = "") -> str:
        return f"/t/{self.tournament.pk}/{suffix}"


def seat_players(match: Any) -> list[Any]:
    return [s.registration.player for s in match.seats.select_related("registration__player").order_by("number")]


@pytest.fixture
def swiss_event(live_server: Any, organiser: Any, catalogue_rows: int) -> SwissEvent:
    """(Asks for ``live_server`` so that the test's database is the transactional one the server reads.) An 8-player Swiss event (55-card, best of 3, 3 rounds, top 4), started, round 1 paired (seed 7): tables 1 and
    2 confirmed, table 3 reported by its first player, table 4 disputed. Every player has the legal sample deck."""
    from decks.services import deck_submit
    from tests.conftest import LEGAL_55
    from tests.factories import UserFactory

    t = services.tournament_create(actor=organiser, name="Spellfire Open", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=4)
    services.tournament_open_registration(tournament=t, actor=organiser)
    players = []
    for _ in range(8):
        user = UserFactory()
        user.save(update_fields=["password"])  # the factory sets it without saving; these players log in
        reg = services.player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
        players.append(user)
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=7)
    matches = list(rnd.matches.order_by("table"))
    assert len(matches) == 4
    confirmed = matches[:2]
    for match, games in zip(confirmed, ([{"winner": "a"}, {"winner": "a"}],
                                        [{"winner": "a"}, {"winner": "b"}, {"winner": "b"}])):
        first, second = seat_players(match)
        report = services.result_report(match=match, actor=first, games=games)
        services.result_confirm(submission=report, actor=second)
    pending = matches[2]
    pending_reporter, pending_opponent = seat_players(pending)
    services.result_report(match=pending, actor=pending_reporter, games=[{"winner": "b"}, {"winner": "b"}])
    disputed = matches[3]
    first, second = seat_players(disputed)
    report = services.result_report(match=disputed, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_dispute(submission=report, actor=second, reason="I won the second game: the slip is wrong")
    t.refresh_from_db()
    return SwissEvent(tournament=t, organiser=organiser, players=players, round=rnd, confirmed=confirmed,
                      pending=pending, pending_reporter=pending_reporter, pending_opponent=pending_opponent,
                      disputed=disputed)


PageCheck = Callable[[Any, str], None]
