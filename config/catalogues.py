"""The translation catalogues (issue 14): where they are, how they are checked and compiled.

``locale/<lang>/LC_MESSAGES/django.po`` (pt_BR, fr) holds every message of the project (Python and templates);
English is the source language and has no catalogue. The ``.mo`` files are built from them by
``scripts/setup`` (:func:`compile_catalogues`, in Python with polib: no system gettext needed) and never committed.

:func:`check_catalogues` is what ``scripts/check_messages`` and ``tests/i18n/test_catalogues.py`` run: it runs
``makemessages`` for every locale in a temporary copy of the project (the real ``locale/`` is not touched) and
reports every message that is new (a string marked in the code but missing from a ``.po`` file: it comes out
untranslated), untranslated or fuzzy. The check needs GNU gettext (``xgettext``, ``msgattrib``: Debian's
``apt-get install gettext``, macOS's ``brew install gettext``); compiling does not."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]
#: The catalogues' locales (Django's spelling of settings.LANGUAGES' "pt-br" and "fr").
LOCALES = ("pt_BR", "fr")
#: makemessages' options: what it scans (not the tests, the benchmarks, vendored assets or the virtualenv) and
#: how it writes (file names without line numbers, so a moved line does not change the catalogues).
MAKEMESSAGES_OPTIONS = [
    "--ignore=.venv", "--ignore=var", "--ignore=staticfiles", "--ignore=tests", "--ignore=bench",
    "--ignore=static/*", "--add-location=file",
]
_COPY_IGNORE = shutil.ignore_patterns(".venv", ".git", "var", "staticfiles", "__pycache__", ".pytest_cache",
                                      ".hypothesis", "*.mo", "*.sqlite3")


def po_path(root: Path, locale: str) -> Path:
    return root / "locale" / locale / "LC_MESSAGES" / "django.po"


def makemessages(root: Path = ROOT) -> None:
    """Update the catalogues under ``root`` from the marked strings of the code (``manage.py makemessages``)."""
    subprocess.run([sys.executable, "manage.py", "makemessages", *(f"-l{loc}" for loc in LOCALES),
                    *MAKEMESSAGES_OPTIONS, "--verbosity=0"], cwd=root, check=True, env=_env())


def compile_catalogues(root: Path = ROOT) -> list[Path]:
    """Build each locale's ``.mo`` file next to its ``.po`` file with polib (pure Python, like ``msgfmt``: the
    translated messages only, neither fuzzy nor obsolete ones); returns the ``.mo`` paths. Each file is written
    under a temporary name and renamed, so a server reading it never sees half a catalogue. Raises ``OSError``
    when a ``.po`` file is missing or unreadable, ``ValueError`` (polib) when one does not parse."""
    built = []
    for locale in LOCALES:
        po = po_path(root, locale)
        mo = po.with_suffix(".mo")
        partial = mo.with_name(f".{mo.name}.{os.getpid()}.tmp")
        polib.pofile(str(po), wrapwidth=0).save_as_mofile(str(partial))
        os.replace(partial, mo)
        built.append(mo)
    return built


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    return env


GETTEXT_MISSING = ("the catalogue check needs GNU gettext (msgattrib, xgettext), which is not installed: "
                   "Debian/Ubuntu `sudo apt-get install gettext`, Fedora `sudo dnf install gettext`, macOS "
                   "`brew install gettext`. (Compiling the catalogues does not need it.)")


def gettext_installed() -> bool:
    """Whether the GNU gettext tools the check and ``update`` run (``xgettext``, ``msgattrib``) are on PATH."""
    return all(shutil.which(tool) for tool in ("xgettext", "msgmerge", "msgattrib"))


def _msgids(po: Path, *flags: str) -> list[str]:
    """The msgids ``msgattrib`` selects with ``flags`` (the header left out)."""
    out = subprocess.run(["msgattrib", *flags, "--no-obsolete", "--no-wrap", str(po)], check=True,
                         capture_output=True, text=True).stdout
    ids = []
    for line in out.splitlines():
        if line.startswith("msgid ") and line != 'msgid ""':
            ids.append(line[len("msgid "):])
    return ids


def problems(root: Path) -> list[str]:
    """Every untranslated or fuzzy message of the catalogues under ``root``, one line each; [] when complete."""
    found = []
    for locale in LOCALES:
        po = po_path(root, locale)
        if not po.exists():
            found.append(f"{locale}: {po.relative_to(root)} is missing")
            continue
        found += [f"{locale}: untranslated {msgid}" for msgid in _msgids(po, "--untranslated")]
        found += [f"{locale}: fuzzy {msgid}" for msgid in _msgids(po, "--only-fuzzy")]
    return found


def check_catalogues() -> list[str]:
    """Run makemessages on a temporary copy of the project and return :func:`problems` of the result: a string
    marked in the code but not in the catalogues shows as untranslated. [] when every message is translated."""
    with tempfile.TemporaryDirectory(prefix="check-messages-") as tmp:
        copy = Path(tmp) / "project"
        shutil.copytree(ROOT, copy, ignore=_COPY_IGNORE, symlinks=True)
        makemessages(copy)
        return problems(copy)


def main(argv: list[str]) -> int:
    """``python -m config.catalogues check|compile``; check prints each problem and exits 1 when there is one, 2
    when GNU gettext is not installed (saying how to install it)."""
    command = argv[0] if argv else "check"
    if command == "compile":
        compile_catalogues()
        return 0
    if not gettext_installed():
        print(GETTEXT_MISSING, file=sys.stderr)
        return 2
    found = check_catalogues()
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} message(s) to translate: run `.venv/bin/python -m config.catalogues update`, translate "
              "them in locale/*/LC_MESSAGES/django.po (glossaries: locale/glossary.*.md) and clear the fuzzy flags.",
              file=sys.stderr)
        return 1
    print("catalogues complete: " + ", ".join(LOCALES))
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["update"]:
        if not gettext_installed():
            raise SystemExit(GETTEXT_MISSING)
        makemessages()
        raise SystemExit(0)
    raise SystemExit(main(sys.argv[1:]))
