"""Before/after screenshots for issue 20's closing note: the match slip, the organiser's results view and the manage
page's Players tab, on a phone (390 x 844) and a desktop (1,280 x 800), with each page's height.

Given a checkout of the project (any commit: the "before" is d73a2d9, the "after" is main), this:

1. makes a throwaway SQLite database in a temporary folder (``DATABASE_URL=sqlite:////tmp/.../db.sqlite3``,
   ``DJANGO_SETTINGS_MODULE=config.settings.base``, ``DEBUG=0``, a fixed ``SECRET_KEY`` so that no ``var/secret_key``
   is written), migrates it, imports the card catalogue (``manage.py import_cards``) and collects the static files
   (``manage.py collectstatic``: into the checkout's git-ignored ``staticfiles/``, which whitenoise serves);
2. builds the event through THAT checkout's services (``manage.py shell -c``, run with the checkout's own
   ``.venv/bin/python``): an 8-player Swiss event (55-card, best of 3, 3 rounds, top 4), every player with the sample
   55-card deck, round 1 paired (seed 7), table 1 reported 2-0 by its first player and waiting for the opponent,
   tables 2 to 4 playing. Players have a display name (``User.first_name``), which only checkouts that show display
   names use; passwords through ``User.objects.create_user``;
3. serves it (``manage.py runserver --noreload``) on a free port, logs in through the login form in headless
   Chromium (``/usr/bin/chromium``, ``--no-sandbox``, Playwright), as the first player of table 2 and as the
   organiser, and saves full-page PNGs (device scale factor 1) of:

   * ``slip-{phone,desktop}.png``: the match slip of table 2 (playing), as its first player;
   * ``manage-{phone,desktop}.png``: ``/t/<id>/manage/``, the organiser's results view (before issue 20 the one-scroll
     manage page, where results were entered; after it the Round tab, which holds the results desk);
   * ``players-{phone,desktop}.png``: ``/t/<id>/manage/players/``, the Players tab (only where that URL answers 200:
     the checkouts with the manage page in tabs; elsewhere ``heights.json`` gives its status and no picture);

4. re-compresses each PNG losslessly (its image data deflated again at level 9; the standard library only) and
   writes ``heights.json`` beside them::

       {"commit": "57f337d...", "tournament": 1, "pages": {"slip-phone": {"path": "/t/1/matches/2/",
        "viewport": "390x844", "status": 200, "height": 1642, "content_height": 1642, "file": "slip-phone.png", "bytes": 81234}, ...}}

   ``height`` is the page's full height in CSS pixels (``document.documentElement.scrollHeight``), which at scale 1
   is the PNG's height too; it is never less than the window's height, so ``content_height`` says where the content
   ends (the lowest bottom edge of ``<body>``'s children): less than ``height`` on a page shorter than the screen.

Usage::

    .venv/bin/python bench/issue20_screenshots.py CHECKOUT OUT_DIR [--keep-db]

``CHECKOUT`` needs ``../shared`` beside it (the cards) and a ``.venv`` (else this interpreter is used). Exits non-zero,
saying why, if a step fails (its output printed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
PASSWORD = "shots-pass-123"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

# Where the page's content ends (the lowest bottom edge of the body's children), in CSS px: the full-page height is
# at least the window's, so a page shorter than the screen has this smaller than ``height``.
CONTENT_HEIGHT = """() => Math.round(Math.max(0, ...Array.from(document.body.children, (e) => e.getBoundingClientRect().bottom))
                   + window.scrollY)"""

# Runs inside ``manage.py shell -c`` of the checkout: only services both the old and the new code have (see each
# checkout's tests/browser/conftest.py, ``swiss_event``). Prints one line ``EVENT=<json>``.
BUILD_EVENT = """
import datetime, json
from pathlib import Path
from django.conf import settings
from django.contrib.auth.models import Group, User
from decks.services import deck_submit
from tournaments import services
from tournaments.services.permissions import ORGANISERS_GROUP

PASSWORD = %(password)r
NAMES = ["Aldo Brightwater", "Bea Stormcrow", "Cato Ironvale", "Dara Moonwell", "Elin Ashford", "Fenn Quickthorn",
         "Gwen Holloway", "Hugo Marchetti"]
cards = Path(getattr(settings, "SPELLFIRE_CARDS_DIR", "") or settings.BASE_DIR.parent / "shared" / "cards")
deck = cards / "decks" / "crossfire" / "55 Card" / "Standard" / "Sample_Thieves.cfd"
organiser = User.objects.create_user("organiser", password=PASSWORD, first_name="Olivia Organiser")
organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
t = services.tournament_create(actor=organiser, name="Spellfire Open", date=datetime.date(2026, 12, 5),
                               deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=4)
services.tournament_open_registration(tournament=t, actor=organiser)
for n, name in enumerate(NAMES):
    user = User.objects.create_user(f"player{n + 1:02d}", password=PASSWORD, first_name=name)
    reg = services.player_register(tournament=t, actor=user)
    deck_submit(registration=reg, actor=user, data=deck.read_bytes(), filename=deck.name)
services.tournament_start(tournament=t, actor=organiser)
rnd = services.round_pair_next(tournament=t, actor=organiser, seed=7)
matches = list(rnd.matches.order_by("table"))
assert len(matches) == 4, matches
def seated(match):
    return [s.registration.player for s in match.seats.select_related("registration__player").order_by("number")]
reporter, _ = seated(matches[0])
services.result_report(match=matches[0], actor=reporter, games=[{"winner": "a"}, {"winner": "a"}])
player, _ = seated(matches[1])
print("EVENT=" + json.dumps({"tournament": t.pk, "match": matches[1].pk, "table": matches[1].table,
                             "player": player.username, "organiser": organiser.username}))
"""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(python: str, checkout: Path, env: dict[str, str], *args: str) -> str:
    """Run ``manage.py ARGS`` in the checkout; its stdout. Exits, printing its output, if it fails."""
    done = subprocess.run([python, "manage.py", *args], cwd=checkout, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"manage.py {args[0]} failed in {checkout} ({done.returncode})")
    return done.stdout


def start_server(python: str, checkout: Path, env: dict[str, str], port: int) -> subprocess.Popen:
    """``manage.py runserver`` on ``port``, once it accepts connections (30 s at most)."""
    server = subprocess.Popen(
        [python, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=checkout,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
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


def recompress_png(path: Path) -> None:
    """Deflate a PNG's image data again at level 9 in one IDAT chunk (lossless; other chunks kept as they are)."""
    data = path.read_bytes()
    signature, pos, chunks, idat = data[:8], 8, [], b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IDAT":
            if not idat:
                chunks.append((b"IDAT", b""))  # where the image data goes
            idat += body
        else:
            chunks.append((kind, body))
    packed = zlib.compress(zlib.decompress(idat), 9)
    out = [signature]
    for kind, body in chunks:
        body = packed if kind == b"IDAT" else body
        out.append(struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body)))
    smaller = b"".join(out)
    if len(smaller) < len(data):
        path.write_bytes(smaller)


def shoot(base_url: str, event: dict[str, Any], out: Path) -> dict[str, Any]:
    """Log in as the player and the organiser at each size and save the pages; their figures by picture name."""
    from playwright.sync_api import sync_playwright

    t = f"/t/{event['tournament']}/"
    shots = [
        ("slip", f"{t}matches/{event['match']}/", "player"),
        ("manage", f"{t}manage/", "organiser"),
        ("players", f"{t}manage/players/", "organiser"),
    ]
    figures: dict[str, Any] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for size, viewport in SIZES.items():
            phone = size == "phone"
            contexts: dict[str, Any] = {}
            for name, path, who in shots:
                if who not in contexts:
                    context = browser.new_context(
                        base_url=base_url,
                        viewport=viewport,
                        device_scale_factor=1,
                        is_mobile=phone,
                        has_touch=phone,
                        locale="en-GB",
                        reduced_motion="reduce",
                    )
                    page = context.new_page()
                    page.goto("/accounts/login/")
                    page.fill("#id_username", event[who])
                    page.fill("#id_password", PASSWORD)
                    with page.expect_navigation():
                        page.press("#id_password", "Enter")
                    if "/accounts/login/" in page.url:
                        raise SystemExit(f"could not log in as {event[who]}")
                    page.close()
                    contexts[who] = context
                page = contexts[who].new_page()
                response = page.goto(path, wait_until="load")
                status = response.status if response else None
                if status != 200:
                    page.close()
                    if (
                        name == "players"
                    ):  # no such tab before the manage page was split: its status, no picture
                        figures[f"{name}-{size}"] = {"path": path, "status": status, "who": who}
                        continue
                    raise SystemExit(f"{path} answered {status}")
                page.wait_for_timeout(500)  # fonts and any script that lays the page out
                file = f"{name}-{size}.png"
                page.screenshot(path=str(out / file), full_page=True)
                recompress_png(out / file)
                figures[f"{name}-{size}"] = {
                    "path": path,
                    "viewport": f"{viewport['width']}x{viewport['height']}",
                    "status": status,
                    "height": page.evaluate("() => document.documentElement.scrollHeight"),
                    "content_height": page.evaluate(CONTENT_HEIGHT),
                    "file": file,
                    "bytes": (out / file).stat().st_size,
                    "who": who,
                }
                page.close()
            for context in contexts.values():
                context.close()
        browser.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="a checkout of the project (with ../shared beside it)")
    parser.add_argument("out", type=Path, help="the folder for the PNGs and heights.json (created)")
    parser.add_argument(
        "--keep-db", action="store_true", help="keep the temporary database (its path on stderr)"
    )
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    venv_python = checkout / ".venv" / "bin" / "python"
    python = str(venv_python) if venv_python.exists() else sys.executable
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=checkout, capture_output=True, text=True
    ).stdout.strip()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="issue20-shots-"))
    env = dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
        DJANGO_SETTINGS_MODULE="config.settings.base",
        DEBUG="0",
        LOG_LEVEL="ERROR",
        SECRET_KEY="issue20-screenshots-only-" + "x" * 40,
    )
    env.pop("REDIS_URL", None)
    server = None
    try:
        run(python, checkout, env, "migrate", "--noinput")
        run(python, checkout, env, "import_cards")
        run(python, checkout, env, "collectstatic", "--noinput")
        built = run(python, checkout, env, "shell", "-c", BUILD_EVENT % {"password": PASSWORD})
        line = next((x for x in built.splitlines() if x.startswith("EVENT=")), None)
        if line is None:
            sys.stderr.write(built)
            raise SystemExit("the event snippet printed no EVENT= line")
        event = json.loads(line.removeprefix("EVENT="))
        port = free_port()
        server = start_server(python, checkout, env, port)
        pages = shoot(f"http://127.0.0.1:{port}", event, out)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        if args.keep_db:
            print(f"database kept: {folder / 'db.sqlite3'}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    report = {
        "commit": commit,
        "tournament": event["tournament"],
        "match": event["match"],
        "table": event["table"],
        "pages": pages,
    }
    (out / "heights.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
