"""Run a whole simulated event through the same services the pages and the API use.

It lives in ``decks`` (the app on top) because it drives both apps: decklists and tournaments."""

from __future__ import annotations

import datetime
import random
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy as _

from rules.deck_export import to_text
from rules.decklists import Decklist, read_decklist
from rules.formats import DeckFormat, get_format
from rules.legality import check_deck
from rules.limited import DEFAULT_SETS, CatalogueSource, build_deck, draft_pools, draft_simulate, first_new_card

from decks.models import CardPool
from decks.selectors import pool_of
from decks.services import deck_submit, pools_deal
from tournaments import services
from tournaments.catalogue import get_catalogue
from tournaments.errors import Conflict, UserError
from tournaments.models import Match, Registration, Seat, Tournament
from tournaments.selectors import latest_snapshot
from tournaments.services.permissions import ORGANISERS_GROUP


#: ``--limited`` kinds and the built-in format each plays (spell-battle-rules.txt, 6. How to make your own deck).
LIMITED_FORMATS = {"sealed": "30-sealed", "draft": "30-draft"}
#: Drafters at one simulated table (issue 23: pods of up to 8).
DRAFT_POD = 8
#: Deals tried before a limited simulation gives up finding a legal deck in every pool.
POOL_ATTEMPTS = 20


class Command(BaseCommand):
    help = ("Simulate a Spellfire event: register players with real CrossFire decks, play Swiss rounds with "
            "plausible results (mulligans, a drawn match, a drop, a dispute), run the top cut, print standings.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--players", type=int, default=64)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--rounds", type=int, default=6, help="Swiss rounds")
        parser.add_argument("--top-cut", type=int, default=8, choices=[0, 4, 8, 16, 32])
        parser.add_argument("--structure", default="swiss", choices=Tournament.Structure.values,
                            help="swiss (default), single_elimination, double_elimination, round_robin, pods, "
                                 "table_elimination")
        parser.add_argument("--table-size", type=int, default=4, help="players per multiplayer table")
        parser.add_argument("--format", default="55", help="built-in deck format id (55, 75 or 110)")
        parser.add_argument("--best-of", type=int, default=3, choices=[1, 3, 5])
        parser.add_argument("--limited", default="", choices=["", *LIMITED_FORMATS],
                            help="a limited event (issue 23): sealed pools dealt by the organiser, or a draft of "
                                 "three packs each picked automatically; each player builds a deck from their pool "
                                 "(the 30-card Spell Battle format) and submits it")
        parser.add_argument("--wait", type=float, default=60.0,
                            help="seconds to wait for Celery workers to bring the standings up to date")

    def handle(self, *args, players: int, seed: int, rounds: int, top_cut: int, format: str, best_of: int,
               wait: float, structure: str = "swiss", table_size: int = 4, limited: str = "", **options) -> None:
        if players < 2:
            raise CommandError("A tournament needs at least 2 players.")
        if limited:
            format = LIMITED_FORMATS[limited]
        started = time.perf_counter()
        rng = random.Random(seed)
        organiser = self._user(f"sim-organiser-{seed}")
        organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
        tournament = services.tournament_create(
            actor=organiser, name=f"Simulated event (seed {seed}, {players} players)",
            date=datetime.date.today(), deck_format_id=format, best_of=best_of, swiss_rounds=rounds,
            top_cut=top_cut, structure=structure, table_size=table_size,
        )
        services.tournament_open_registration(tournament=tournament, actor=organiser)
        strength: dict[int, float] = {}
        if limited:
            self._register_limited(tournament, organiser, rng, players, seed, limited, strength)
        else:
            self._register_constructed(tournament, rng, players, seed, format, strength)
        services.tournament_start(tournament=tournament, actor=organiser)

        drawn_done = dispute_done = drop_done = False
        mulligans = 0
        while True:
            try:
                rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=rng.randrange(2**31))
            except Conflict as exc:
                if exc.code != "complete":
                    raise
                # the last round is played: the organiser finishes the event explicitly
                services.tournament_finish(tournament=tournament, actor=organiser)
                break
            # the round's seats in one query (no IN list of the round's matches: SQLite refuses one of 1,000+)
            seats_of: dict[int, list[Seat]] = {}
            for seat in Seat.objects.filter(match__round=rnd).select_related("registration__player").order_by(
                    "match", "number"):
                seats_of.setdefault(seat.match_id, []).append(seat)
            for match in rnd.matches.select_related("round"):
                seats = seats_of.get(match.pk, [])
                if len(seats) > 2:
                    self._play_table(rng, match, seats, strength)
                    continue
                if len(seats) == 1:
                    continue
                force_draw = not drawn_done and not rnd.is_elimination and best_of > 1
                games, m = self._play(rng, best_of, strength[seats[0].registration_id],
                                      strength[seats[1].registration_id], force_draw=force_draw,
                                      elimination=rnd.is_elimination)
                mulligans += m
                drawn_done = drawn_done or force_draw
                a, b = seats[0].registration.player, seats[1].registration.player
                report = services.result_report(match=match, actor=a, games=games)
                if not dispute_done and rnd.number == 2:
                    services.result_dispute(submission=report, actor=b,
                                            reason="Simulated: I won game 2, not my opponent.")
                    services.result_settle(match=match, actor=organiser, submission=report,
                                           reason="Simulated: judge checked with both players; report stands.")
                    dispute_done = True
                else:
                    services.result_confirm(submission=report, actor=b)
            if not drop_done and rnd.number == 3 and structure in ("swiss", "pods") and not rnd.is_elimination:
                quitter = tournament.registrations.order_by("id").last()
                assert quitter is not None
                services.player_drop(registration=quitter, actor=quitter.player)
                drop_done = True
                self.stdout.write(f"{quitter.display_name} dropped after round 3.")
            confirmed = rnd.matches.filter(status=Match.Status.CONFIRMED).count()
            self.stdout.write(f"Round {rnd.number} ({rnd.get_kind_display()}): {rnd.matches.count()} tables, "
                              f"{confirmed} confirmed.")

        tournament.refresh_from_db()
        snapshot = self._wait_for_standings(tournament, wait)
        elapsed = time.perf_counter() - started
        self.stdout.write(f"Two-draw mulligans declared: {mulligans}")
        self.stdout.write(f"Final standings (results version {snapshot.version if snapshot else 0}):")
        self.stdout.write(f"{'rank':>4}  {'player':<22} {'pts':>3}  {'W-L-D':<7} {'OMW%':>6} {'GW%':>6} {'OGW%':>6}")
        for row in (snapshot.rows if snapshot else []):
            self.stdout.write(
                f"{row['rank']:>4}  {row['name']:<22} {row['points']:>3}  "
                f"{row['wins']}-{row['losses']}-{row['draws']:<3} {row.get('omwp', 0) * 100:6.2f} "
                f"{row.get('gwp', 0) * 100:6.2f} {row.get('ogwp', 0) * 100:6.2f}"
                + ("  (dropped)" if row.get("dropped") else "")
            )
        winner = tournament.winner.display_name if tournament.winner else "none"
        self.stdout.write(self.style.SUCCESS(f"Winner: {winner}"))
        self.stdout.write(f"Simulated in {elapsed:.1f} s.")

    def _register_constructed(self, tournament: Tournament, rng: random.Random, players: int, seed: int,
                              format: str, strength: dict[int, float]) -> None:
        """Register the players, each with a legal sample CrossFire deck of the format."""
        decks = sorted((Path(settings.SPELLFIRE_CARDS_DIR) / "decks" / "crossfire" / f"{format} Card").rglob("*.cfd"))
        if not decks:
            raise CommandError(f"No CrossFire sample decks for the {format}-card format in {settings.SPELLFIRE_CARDS_DIR}")
        legal_decks = self._legal_decks(decks, format)
        if not legal_decks:
            raise CommandError(f"None of the {len(decks)} sample decks is legal in format {format}.")
        for i in range(players):
            user = self._user(f"sim{seed}-player{i + 1:04d}")
            registration = services.player_register(tournament=tournament, actor=user)
            strength[registration.pk] = rng.gauss(0, 1)
            path = rng.choice(legal_decks)
            deck_submit(registration=registration, actor=user, data=path.read_bytes(), filename=path.name)
        self.stdout.write(f"Registered {players} players with {len(legal_decks)} distinct legal sample decks.")

    def _register_limited(self, tournament: Tournament, organiser: User, rng: random.Random, players: int,
                          seed: int, limited: str, strength: dict[int, float]) -> None:
        """Register the players, give each a pool (:meth:`_give_pools`), build a deck from each pool with
        :func:`rules.limited.build_deck` and submit it. A pool may hold too few realms for a legal deck (a draft's
        45 cards of 4th Edition do about once in 25): then every pool is dealt again from the next seed, up to
        ``POOL_ATTEMPTS`` times (CommandError after that)."""
        registrations = []
        for i in range(players):
            user = self._user(f"sim{seed}-player{i + 1:04d}")
            registration = services.player_register(tournament=tournament, actor=user)
            strength[registration.pk] = rng.gauss(0, 1)
            registrations.append(registration)
        fmt = DeckFormat.from_dict(tournament.deck_format)
        pool_seed = rng.randrange(2**31)
        for attempt in range(POOL_ATTEMPTS):
            self._give_pools(tournament, organiser, registrations, limited, pool_seed + attempt)
            decks = {registration.pk: build_deck(pool_of(registration, fmt) or [], fmt)
                     for registration in registrations}
            if all(len(deck) == fmt.total and check_deck(Decklist(cards=tuple(deck)), fmt).legal
                   for deck in decks.values()):
                break
            self.stdout.write(f"A pool of seed {pool_seed + attempt} makes no legal deck: dealt again.")
        else:
            raise CommandError(f"No legal deck built from every pool in {POOL_ATTEMPTS} deals.")
        for registration in registrations:
            submission = deck_submit(registration=registration, actor=registration.player,
                                     data=to_text(Decklist(cards=tuple(decks[registration.pk]))))
            if not submission.legal:  # the builder checked it against the format, the service against the pool
                raise CommandError(f"{registration.display_name}'s deck was refused: "
                                   f"{submission.verdict.get('violations')}")
        pool_size = len(CardPool.objects.filter(registration=registrations[0]).values_list("cards", flat=True)[0])
        self.stdout.write(f"Registered {players} players with {limited} pools ({pool_size} cards each) and "
                          f"a deck built from each.")

    def _give_pools(self, tournament: Tournament, organiser: User, registrations: list[Registration], limited: str,
                    seed: int) -> None:
        """Sealed: the organiser's service deals the pools (``pools_deal``). Draft: three packs each as ``python -m
        rules pool draft`` deals them, drafted left-right-left in pods of up to 8 by
        :func:`rules.limited.draft_simulate` with the automatic pick policy (:func:`rules.limited.first_new_card`);
        the picks are stored as the players' pools (the recorded draft, picks made by the players, is its own
        workflow)."""
        if limited == "sealed":
            pools_deal(tournament=tournament, actor=organiser, seed=seed)
            return
        catalogue = get_catalogue()
        packs = draft_pools(CatalogueSource(catalogue, DEFAULT_SETS), random.Random(seed), players=len(registrations))
        picks = [own for pod in range(0, len(packs), DRAFT_POD)
                 for own in draft_simulate(packs[pod:pod + DRAFT_POD],
                                           lambda pack, picked: first_new_card(pack, picked, catalogue))]
        for registration, cards in zip(registrations, picks):
            CardPool.objects.update_or_create(registration=registration, defaults={
                "kind": "draft", "cards": cards, "seed": seed, "sets": list(DEFAULT_SETS), "dealt_by": organiser})

    @staticmethod
    def _legal_decks(paths: list[Path], format_id: str) -> list[Path]:
        """The sample decks that are legal in the format (players may share a deck)."""
        fmt = get_format(format_id)
        catalogue = get_catalogue()
        return [p for p in paths if check_deck(read_decklist(p.read_bytes(), catalogue), fmt).legal]

    def _user(self, username: str) -> User:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        return user

    def _play(self, rng: random.Random, best_of: int, sa: float, sb: float, *, force_draw: bool,
              elimination: bool) -> tuple[list[dict[str, object]], int]:
        """Games of one match: the stronger player more likely wins; some mulligans and drawn games.

        A Swiss match ends after ``best_of`` counted games; an elimination match goes on until a player
        has won the games needed (drawn games do not count toward best of N there).
        """
        need = best_of // 2 + 1
        wins = {"a": 0, "b": 0}
        games: list[dict[str, object]] = []
        mulligans = 0
        last_mulligan: tuple[str, int] | None = None
        if force_draw:  # one drawn match: 1-1 and a drawn third game
            draw: list[dict[str, object]] = [{"winner": "a"}, {"winner": "b"}, {"drawn": True}]
            return draw[:best_of], 0
        p_a = 1 / (1 + 10 ** ((sb - sa) / 2))
        counted = 0
        while max(wins.values()) < need and (elimination or counted < best_of):
            if rng.random() < 0.08:
                seat = rng.choice("ab")
                streak = last_mulligan[1] + 1 if last_mulligan and last_mulligan[0] == seat else 1
                if streak <= 2:
                    games.append({"mulligan_by": seat})
                    last_mulligan = (seat, streak)
                    mulligans += 1
                    continue
            last_mulligan = None
            if rng.random() < 0.04:
                games.append({"drawn": True})
                counted += 0 if elimination else 1
                continue
            counted += 1
            winner = "a" if rng.random() < p_a else "b"
            wins[winner] += 1
            games.append({"winner": winner})
        return games, mulligans

    @staticmethod
    def _play_table(rng: random.Random, match: Match, seats: list, strength: dict[int, float]) -> None:
        """A multiplayer table: places drawn from the players' strengths (a single winner, sometimes a shared
        second place), reported by seat 1 and confirmed by seat 2."""
        order = sorted(seats, key=lambda s: -(strength[s.registration_id] + rng.gauss(0, 1)))
        place = {s.number: rank for rank, s in enumerate(order, start=1)}
        if len(seats) > 3 and rng.random() < 0.2:
            place[order[2].number] = 2  # a shared second place
        placements = [place[s.number] for s in seats]
        report = services.result_report(match=match, actor=seats[0].registration.player, placements=placements)
        services.result_confirm(submission=report, actor=seats[1].registration.player)

    def _wait_for_standings(self, tournament: Tournament, wait: float):
        deadline = time.monotonic() + wait
        while True:
            snapshot = latest_snapshot(tournament)
            if snapshot and snapshot.version >= tournament.results_version:
                return snapshot
            if time.monotonic() > deadline:
                raise UserError(_("Standings were not brought up to date in time: is a Celery worker running?"))
            time.sleep(0.2)
