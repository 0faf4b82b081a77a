from django import template

register = template.Library()


@register.filter
def percent(value) -> str:
    """0.666667 -> '66.67%' (standings percentages are stored as fractions of 1)."""
    try:
        return f"{float(value) * 100:.2f}%"
    except (TypeError, ValueError):
        return "—"


@register.filter
def get(mapping, key):
    return mapping.get(key, "") if hasattr(mapping, "get") else ""
