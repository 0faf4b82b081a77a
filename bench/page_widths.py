"""How wide each main page is on a phone (390 x 844): the document's width and its widest element, as JSON.

Issue #13: nothing may overflow a phone's screen horizontally (``document.documentElement.scrollWidth`` at most the
screen's width). This visits the main pages in headless Chromium (Playwright, ``/usr/bin/chromium``) as the person
each is for, logging in through the login form, and prints one JSON object::

    {"viewport": "390x844", "base_url": ..., "pages": {"<page>": {"path": ..., "status": 200,
      "document_width": 390, "screen_width": 390, "overflows": false,
      "widest": {"selector": "main#content > div.table-responsive > table.table", "right": 390, "width": 366}}}}

With ``--axe``, each page also has ``axe_violations``: the axe-core rules it breaks, counted per impact
(``{"serious": 1}``).

``widest`` is the element of the page's content (``<main>``, or the whole page when what overflows is outside it)
reaching furthest right (the deepest one when several do): on a page that overflows, the element that pushes it wider;
``null`` when the page shows nothing.

Two ways to run:

* on its own (default): builds an 8-player Swiss event (round 1 paired, two results confirmed, one reported, one
  disputed, every player with the sample 55-card deck) in a temporary SQLite database, serves it with
  ``manage.py runserver`` (``config.settings.test``: static files from the finders) on a free port, visits, stops::

      .venv/bin/python bench/page_widths.py [--keep-db]

* against a running server: ``--base-url http://127.0.0.1:8016 --tournament ID --match ID --organiser NAME:PASSWORD
  --player NAME:PASSWORD`` (the player plays the match; ``--stranger NAME:PASSWORD`` opens the organiser's page for
  the 403, default the player).

Runs the same on older commits of the project (it uses only the services and pages they share), which is how the
"before" figures are made: check the old commit out in a worktree and run this file there.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 390, "height": 844}
PASSWORD = "bench-pass-123"
CARDS = Path(os.environ.get("SPELLFIRE_CARDS_DIR", ROOT.parent / "shared" / "cards"))
LEGAL_55 = CARDS / "decks" / "crossfire" / "55 Card" / "Standard" / "Sample_Thieves.cfd"

# The element reaching furthest right (deepest on a tie), with a short CSS path, and the document's width.
MEASURE = """() => {
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    if (typeof el.className === 'string' && el.className.trim()) s += '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.');
    return s;
  };
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) parts.unshift(name(e));
    return parts.join(' > ');
  };
  const furthest = (root) => {
    let best = null, bestRight = -1, bestDepth = -1;
    for (const el of root.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let depth = 0; for (let e = el; e; e = e.parentElement) depth++;
      const right = Math.round(box.right);
      if (right > bestRight || (right === bestRight && depth > bestDepth)) { best = el; bestRight = right; bestDepth = depth; }
    }
    return best;
  };
  const screen = Math.min(window.innerWidth, document.documentElement.clientWidth);
  let best = furthest(document.querySelector('main') || document.body);
  if (document.documentElement.scrollWidth > screen && (!best || best.getBoundingClientRect().right <= screen)) {
    best = furthest(document.body);  // what overflows is outside <main>
  }
  const bestRight = best ? Math.round(best.getBoundingClientRect().right) : null;
  return {document_width: document.documentElement.scrollWidth, screen_width: window.innerWidth,
          widest: best ? {selector: path(best), right: bestRight, width: Math.round(best.getBoundingClientRect().width)} : null};
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_event() -> dict[str, Any]:
    """Migrate the database of ``DATABASE_URL``, import the cards and build the event (Django set up here)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command

    from decks.services import deck_submit
    from tournaments import services
    from tournaments.services.permissions import ORGANISERS_GROUP

    call_command("migrate", verbosity=0)
    call_command("import_cards", verbosity=0, stdout=io.StringIO())
    organiser = User.objects.create_user("bench-organiser", password=PASSWORD)
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    t = services.tournament_create(actor=organiser, name="Spellfire Open", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=4)
    services.tournament_open_registration(tournament=t, actor=organiser)
    players = []
    for n in range(8):
        user = User.objects.create_user(f"player{n + 1:02d}", password=PASSWORD)
        reg = services.player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
        players.append(user)
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=7)
    matches = list(rnd.matches.order_by("table"))

    def seated(match: Any) -> list[Any]:
        return [s.registration.player for s in match.seats.select_related("registration__player").order_by("number")]

    for match in matches[:2]:
        first, second = seated(match)
        report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
        services.result_confirm(submission=report, actor=second)
    reporter, opponent = seated(matches[2])
    services.result_report(match=matches[2], actor=reporter, games=[{"winner": "b"}, {"winner": "b"}])
    first, second = seated(matches[3])
    report = services.result_report(match=matches[3], actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_dispute(submission=report, actor=second, reason="I won the second game: the slip is wrong")
    stranger = next(p for p in players if p not in (reporter, opponent))
    return {"tournament": t.pk, "match": matches[2].pk, "organiser": f"bench-organiser:{PASSWORD}",
            "player": f"{opponent.username}:{PASSWORD}", "stranger": f"{stranger.username}:{PASSWORD}"}


def start_server(port: int, env: dict[str, str]) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("the server did not start within 30 s")


def pages(tournament: int, match: int) -> list[tuple[str, str, str | None]]:
    """(page, path, who: None | organiser | player | stranger)."""
    t = f"/t/{tournament}/"
    return [("list", "/", None), ("event", t, None), ("round", f"{t}rounds/1/", None),
            ("standings", f"{t}standings/", None), ("bracket", f"{t}bracket/", None),
            ("deck-format", f"{t}format/", None), ("match-slip", f"{t}matches/{match}/", "player"),
            ("deck-editor", f"{t}deck/", "player"), ("manage", f"{t}manage/", "organiser"),
            ("login", "/accounts/login/", None), ("signup", "/signup/", None),
            ("forbidden", f"{t}manage/", "stranger"), ("not-found", "/t/999999/", None),
            ("api-docs", "/api/docs/", None)]


def measure(base_url: str, event: dict[str, Any], axe: bool = False) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        contexts: dict[str | None, Any] = {}
        for name, path, who in pages(event["tournament"], event["match"]):
            if who not in contexts:
                context = browser.new_context(base_url=base_url, viewport=VIEWPORT, is_mobile=True, has_touch=True)
                if who is not None:
                    username, password = event[who].split(":", 1)
                    page = context.new_page()
                    page.goto("/accounts/login/")
                    page.fill("#id_username", username)
                    page.fill("#id_password", password)
                    with page.expect_navigation():
                        page.press("#id_password", "Enter")
                    page.close()
                contexts[who] = context
            page = contexts[who].new_page()
            response = page.goto(path)
            if name == "api-docs":
                try:
                    page.wait_for_selector(".swagger-ui .opblock-tag", timeout=15_000)
                except Exception:  # noqa: BLE001 - an old page that never renders is measured as it is
                    pass
            figures = page.evaluate(MEASURE)
            if axe:
                from axe_playwright_python.sync_playwright import Axe

                impacts: dict[str, int] = {}
                for violation in Axe().run(page).response["violations"]:
                    impacts[violation["impact"]] = impacts.get(violation["impact"], 0) + 1
                figures["axe_violations"] = impacts
            figures["screen_width"] = min(figures["screen_width"], VIEWPORT["width"])
            results[name] = {"path": path, "status": response.status if response else None, **figures,
                             "overflows": figures["document_width"] > figures["screen_width"]}
            page.close()
        browser.close()
    return {"viewport": f"{VIEWPORT['width']}x{VIEWPORT['height']}", "base_url": base_url, "pages": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", help="a running server (default: build an event and serve it here)")
    parser.add_argument("--tournament", type=int)
    parser.add_argument("--match", type=int, help="a match the --player plays")
    parser.add_argument("--organiser", help="NAME:PASSWORD of the tournament's organiser")
    parser.add_argument("--player", help="NAME:PASSWORD of a player of --match")
    parser.add_argument("--stranger", help="NAME:PASSWORD of a logged-in user who is not the organiser")
    parser.add_argument("--axe", action="store_true",
                        help="also run axe-core on each page: violations (rules broken) per impact")
    parser.add_argument("--keep-db", action="store_true", help="keep the temporary database (its path on stderr)")
    args = parser.parse_args()
    if args.base_url:
        missing = [o for o in ("tournament", "match", "organiser", "player") if getattr(args, o) is None]
        if missing:
            parser.error("with --base-url give " + ", ".join(f"--{o}" for o in missing))
        event = {"tournament": args.tournament, "match": args.match, "organiser": args.organiser,
                 "player": args.player, "stranger": args.stranger or args.player}
        print(json.dumps(measure(args.base_url.rstrip("/"), event, args.axe), indent=2))
        return
    folder = Path(tempfile.mkdtemp(prefix="page-widths-"))
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}", DJANGO_SETTINGS_MODULE="config.settings.test",
               DEBUG="0", LOG_LEVEL="ERROR")
    os.environ.update(env)
    event = build_event()
    port = free_port()
    server = start_server(port, env)
    try:
        print(json.dumps(measure(f"http://127.0.0.1:{port}", event, args.axe), indent=2))
    finally:
        server.terminate()
        server.wait(timeout=10)
        if args.keep_db:
            print(f"database kept: {folder / 'db.sqlite3'}", file=sys.stderr)
        else:
            for file in folder.iterdir():
                file.unlink()
            folder.rmdir()


if __name__ == "__main__":
    main()
