"""Issue 26, item 3: the .mo files are compiled in Python (polib), so a fresh machine needs no GNU gettext; they hold
what msgfmt would put in them (the translated messages, plural forms; no fuzzy or untranslated one)."""

from __future__ import annotations

import gettext
import shutil
import subprocess
from pathlib import Path

import pytest

from config.catalogues import LOCALES, ROOT, compile_catalogues, po_path

PO = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Round"
msgstr "Rodada"

msgctxt "furniture"
msgid "Table"
msgstr "Mesa"

msgid "%(n)s player"
msgid_plural "%(n)s players"
msgstr[0] "%(n)s jogador"
msgstr[1] "%(n)s jogadores"

#, fuzzy
msgid "Seat"
msgstr "Assento"

msgid "Bye"
msgstr ""
'''


def catalogue(mo: Path) -> gettext.GNUTranslations:
    with open(mo, "rb") as file:
        return gettext.GNUTranslations(file)


def test_compile_builds_each_locales_mo_with_translations_plurals_and_contexts_but_no_fuzzy_message(tmp_path):
    for locale in LOCALES:
        po = po_path(tmp_path, locale)
        po.parent.mkdir(parents=True)
        po.write_text(PO, encoding="utf-8")
    built = compile_catalogues(tmp_path)
    assert built == [po_path(tmp_path, locale).with_suffix(".mo") for locale in LOCALES]
    translations = catalogue(built[0])
    assert translations.gettext("Round") == "Rodada"
    assert translations.pgettext("furniture", "Table") == "Mesa"
    assert translations.ngettext("%(n)s player", "%(n)s players", 1) == "%(n)s jogador"
    assert translations.ngettext("%(n)s player", "%(n)s players", 3) == "%(n)s jogadores"
    assert translations.gettext("Seat") == "Seat"  # fuzzy: left out, as msgfmt does
    assert translations.gettext("Bye") == "Bye"
    assert not list(built[0].parent.glob(".*"))  # written under a temporary name, renamed when whole


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("locale", LOCALES)
def test_the_projects_catalogues_compile_to_the_same_messages_as_msgfmt(tmp_path, locale):
    for each in LOCALES:
        po_path(tmp_path, each).parent.mkdir(parents=True)
        shutil.copy(po_path(ROOT, each), po_path(tmp_path, each))
    compile_catalogues(tmp_path)
    po = po_path(tmp_path, locale)
    subprocess.run(["msgfmt", "-o", str(tmp_path / "msgfmt.mo"), str(po)], check=True)
    ours = catalogue(po.with_suffix(".mo"))._catalog  # type: ignore[attr-defined]
    theirs = catalogue(tmp_path / "msgfmt.mo")._catalog  # type: ignore[attr-defined]
    ours.pop(""), theirs.pop("")  # the header: polib keeps POT-Creation-Date, msgfmt drops it
    assert ours == theirs and len(ours) > 1000
