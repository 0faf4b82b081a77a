
from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournaments.models import person_name
from tournaments.pages.presenters.standings import placing_text
from tournaments.pages.presenters.standings import tiebreaker_source as _tiebreaker_source
from tournaments.round_names import round_labels
from tournaments.selectors import sees_drafts

register = template.Library()


@register.filter
def percent(value) -> str:
    """0.555556 -> "55.56%" in English, "55,56%" in Brazilian Portuguese, "55,56 %" (a no-break space) in French:
    the active language's decimal separator and its way of writing a percentage (standings percentages are
    stored as fractions of 1); "—" for no value."""
    try:
        number = float(value) * 100
    except (TypeError, ValueError):
        return "—"
    # Translators: a percentage; French puts a no-break space before the sign ("55,56 %").
    return _("%(number)s%%") % {"number": number_format(round(number, 2), 2)}


@register.filter
def tiebreaker(value, is_percentage: bool):
    """One tiebreaker cell of the standings: a fraction of 1 as a percentage (`percent`) when is_percentage, else the
    value itself (the template localises a number); "—" for no value."""
    if is_percentage:
        return percent(value)
    return "—" if value is None else value


@register.filter
def get(mapping, key):
    return mapping.get(key, "") if hasattr(mapping, "get") else ""


@register.filter
def tiebreaker_source(system: object) -> str:
    """Where a tiebreaker system (a ``StandingsSnapshot.tiebreakers`` name) comes from, in the active language
    (``presenters.standings.tiebreaker_source``): "Magic Tournament Rules, Appendix C"."""
    return _tiebreaker_source(str(system))


@register.filter
def placing(band: object) -> str:
    """A final placing band as stored with the standings ("1st", "3rd-4th", English ordinals) in the active
    language (``presenters.standings.placing_text``): "3º–4º" in Portuguese, "3e–4e" in French; English as
    stored."""
    return placing_text(band)


@register.filter
def person(user) -> str:
    """A user's name for people: their display name, else their username (``tournaments.models.person_name``);
    "" for no user."""
    return person_name(user) if user is not None else ""


@register.inclusion_tag("tournaments/fragments/who.html")
def who(user) -> dict:
    """Who did it, for the audit log (``{% who entry.actor %}``): the person's name
    (``tournaments.models.person_name``: the display name, else the username), with the username as its title and,
    when the name differs from it, in small muted text below, so an organiser can tell two "Alex" apart. Context
    of ``fragments/who.html``: ``name``, ``username``, ``differs``."""
    if user is None:
        return {"name": "", "username": "", "differs": False}
    name, username = person_name(user), user.get_username()
    return {"name": name, "username": username, "differs": name != username}


@register.simple_tag(takes_context=True)
def round_tabs(context, tournament) -> list[tuple]:
    """The tournament's rounds for its tabs: (round, name, draft) each, the name by its stage for an elimination
    round (``tournaments.round_names.round_labels``: "Round 3", "Semi-finals", "Final"), ``draft`` True for a
    draft round the viewer is on the staff of (the tab says so)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    labelled = round_labels(tournament, tournament.rounds.all())
    staff = user is not None and any(rnd.is_draft for rnd, _label in labelled) and sees_drafts(tournament, user)
    return [(rnd, label, staff and rnd.is_draft) for rnd, label in labelled]
