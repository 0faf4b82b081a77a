"""Worst-case time of the decklist readers (text, CrossFire .cfd, LackeyCCG .dek) on crafted uploads.

For each reader, builds the most expensive inputs we could construct at a given size (default 0.25,
0.5 and 1 MB: the upload limit is ``DECKLIST_MAX_BYTES`` = 1 MB, the reader's own limit 2 MB) and
times ``read_decklist`` on each: whatever it does (read the deck or refuse it with a DecklistError).
Each case runs in a child process (so a regular expression that backtracks for ever can be stopped)
and is timed there once per pass (``--passes``, best of, CPU seconds of ``read_decklist`` alone); a
case still running after ``--timeout`` seconds is reported as ``"timeout"``, and a case slower than
``--cutoff`` seconds is skipped at the larger sizes (``"skipped"``), so the script also runs against
quadratic or exponential code.

Prints one JSON object per case: ``{"reader", "case", "mb", "bytes", "seconds", "outcome"}`` and a
last object ``{"worst": {reader: seconds at the largest size}}``.
Usage: ``.venv/bin/python bench/readers.py [--sizes 0.25,0.5,1] [--passes 3] [--cutoff 30]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.cards import Catalogue, default_cards_dir  # noqa: E402
from rules.decklists import DecklistError, read_decklist  # noqa: E402

MB = 1024 * 1024


def _fill(head: str, unit: str, tail: str, size: int) -> str:
    """``head + unit * k + tail`` with k as large as fits in ``size`` bytes (UTF-8)."""
    room = size - len((head + tail).encode())
    return head + unit * max(0, room // len(unit.encode())) + tail


def _words(count: int, length: int) -> list[str]:
    """``count`` distinct lowercase pseudo-words of ``length`` letters (no card name)."""
    letters = "bcdfghjklmnpqrstvwxz"
    out = []
    for n in range(count):
        word, k = [], n
        for _ in range(length):
            word.append(letters[k % 20])
            k = k // 20 + n * 7 + 3
        out.append("".join(word))
    return out


# --------------------------------------------------------------------------- text
def text_cases(size: int) -> dict[str, str]:
    unknown = _words(1000, max(5, size // 1000 - 1))
    return {
        "blank_lines": "\n" * size,
        "comment_lines": _fill("", "#\n", "", size),
        "one_long_unknown_line": _fill("2x ", "ab ", "", size),
        "1000_long_unknown_lines": "\n".join(unknown)[:size],
        "1000_short_unknown_lines_padded": _fill("\n".join(_words(1000, 18)) + "\n", "#\n", "", size),
        "1000_short_unknown_lines_one_comment": _fill("\n".join(_words(1000, 18)) + "\n#", "x", "", size),
        "9999_lines_1000_unknown": _fill("\n".join(_words(1000, 18)) + "\n" + "#\n" * 8998 + "#", "x", "", size),
        "paren_regex": _fill("2 War Party ", "(", "", size),
        "count_suffix_regex": _fill("War Party", " x", " x", size),
        "control_chars": _fill("War Party\n", "\x01abcdefghijklmnopqrstu", "", size),
    }


# --------------------------------------------------------------------------- .cfd
def cfd_cases(size: int) -> dict[str, str]:
    deck = "set tempDeck {"
    return {
        "deep_braces": _fill(deck, "{", "", size // 2) + "}" * (size // 2 - len(deck) + 1) + "}",
        "many_elements": _fill(deck, "{4th 1} ", "}\n", size),
        "many_words_in_one_element": _fill(deck + "{4th 1 ", "a ", "}}\n", size),
        "many_commands": _fill("set tempDeck {{4th 1}}\n", "set a b\n", "", size),
        "many_lines": _fill("set tempDeck {{4th 1}}\n", "\n", "", size),
        "backslashes_in_quotes": _fill('set tempDeck {{4th 1}}\nset tempNotes "', "\\a", '"\n', size),
        "many_semicolons": _fill("set tempDeck {{4th 1}}\n", ";", "", size),
        "1000_unknown_elements_long_words": _fill(deck + " ".join("{XX%d %d}" % (n, n) for n in range(1000))
                                                  + "}\nset tempNotes {", "a", "}\n", size),
        "49000_words_one_line": _fill("set tempDeck {{4th 1}}\nset x {" + "a " * 48_000 + "}\nset y {", "b",
                                      "}\n", size),
        "nesting_32_repeated": _fill(deck + "{4th 1} ", "{" * 31 + "}" * 31, "}\n", size),
        "unbalanced_open_braces": _fill("set tempDeck ", "{", "", size),
    }


# --------------------------------------------------------------------------- .dek
def dek_cases(size: int) -> dict[str, str]:
    head = '<deck version="0.8"><superzone name="Deck"><card><name id="1">War Party</name><set>3rd-Ed</set>' \
           '</card></superzone>'
    names = _words(1000, 18)
    zone = "".join(f'<card><name id="1">{n}</name><set>4th-Ed</set></card>' for n in names)
    return {
        "card_tags_outside_zones": _fill(head, "<card/>", "</deck>", size),
        "card_tags_one_per_line": _fill(head, "<card/>\n", "</deck>", size),
        "deep_nesting": _fill(head, "<a>", "", size // 2) + "</a>" * ((size // 2 - len(head)) // 4) + "</deck>",
        "9990_tags_one_line_padded": _fill(head + "<card/>" * 9980 + "<!--", "a", "--></deck>", size),
        "nesting_30_repeated": _fill(head + ("<a>" * 29 + "</a>" * 29) * 160 + "<!--", "a", "--></deck>", size),
        "1000_unknown_names_one_comment": _fill(f'<deck><superzone name="Deck">{zone}</superzone><!--', "a",
                                                "--></deck>", size),
        "many_tags_in_zone": _fill('<deck><superzone name="Deck">', "<x/>", "</superzone></deck>", size),
        "comment_prefix_backtracking": _fill("", "<!---->", "<superzone", size),
        "1000_unknown_names_padded": _fill(f'<deck><superzone name="Deck">{zone}</superzone>', "\n", "</deck>",
                                           size),
        "raw_ampersands": _fill(head + "<meta><note>", "&", "</note></meta></deck>", size),
        "long_attribute": _fill(head + '<meta x="', "a", '"/></deck>', size),
    }


READERS: dict[str, Callable[[int], dict[str, str]]] = {"text": text_cases, "cfd": cfd_cases, "dek": dek_cases}


_CATALOGUE: list[Catalogue] = []  # loaded once by main(), inherited by the forked children


def _child(text: str, passes: int, conn: object) -> None:
    conn.send(run_case(text, _CATALOGUE[0], passes))  # type: ignore[attr-defined]


def run_isolated(text: str, passes: int, timeout: float) -> tuple[float | None, str]:
    """``run_case`` in a forked child; ``(None, "timeout")`` when it does not finish in ``timeout`` seconds."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(text, passes, sender))
    child.start()
    if receiver.poll(timeout):
        result: tuple[float, str] = receiver.recv()
        child.join()
        return result
    child.terminate()
    child.join()
    return None, "timeout"


def run_case(text: str, catalogue: Catalogue, passes: int) -> tuple[float, str]:
    best = float("inf")
    outcome = ""
    for _ in range(passes):
        started = time.process_time()
        try:
            read_decklist(text, catalogue)
            outcome = "read"
        except DecklistError as exc:
            reason = exc.params.get("limit") or exc.params.get("reason") or ""
            outcome = f"{exc.code}{':' + str(reason) if reason else ''}"
        best = min(best, time.process_time() - started)
    return best, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0.25,0.5,1", help="sizes in MB, comma-separated")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--cutoff", type=float, default=30.0, help="skip larger sizes of a case slower than this")
    parser.add_argument("--timeout", type=float, default=120.0, help="stop a case after this many seconds")
    parser.add_argument("--readers", default="text,cfd,dek")
    args = parser.parse_args()
    _CATALOGUE.append(Catalogue.load(default_cards_dir()))
    run_case(dek_cases(4096)["1000_unknown_names_padded"], _CATALOGUE[0], 1)  # warm the per-catalogue indexes
    sizes = [float(s) for s in args.sizes.split(",")]
    worst: dict[str, float] = {}
    for reader in args.readers.split(","):
        slow: set[str] = set()
        for mb in sizes:
            for case, text in READERS[reader](int(mb * MB)).items():
                row: dict[str, object] = {"reader": reader, "case": case, "mb": mb,
                                          "bytes": len(text.encode())}
                if case in slow:
                    row["seconds"] = "skipped"
                else:
                    seconds, outcome = run_isolated(text, args.passes, args.timeout)
                    row.update(seconds=round(seconds, 4) if seconds is not None else f">{args.timeout:g}",
                               outcome=outcome)
                    spent = args.timeout if seconds is None else seconds
                    if spent > args.cutoff:
                        slow.add(case)
                    if mb == sizes[-1]:
                        worst[reader] = max(worst.get(reader, 0.0), spent)
                print(json.dumps(row), flush=True)
    print(json.dumps({"worst_seconds_at_largest_size": {k: round(v, 4) for k, v in worst.items()}}))


if __name__ == "__main__":
    main()
