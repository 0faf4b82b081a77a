from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext as _

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
def get(mapping, key):
    return mapping.get(key, "") if hasattr(mapping, "get") else ""
