"""English date and time formats of the site (issue 14): the day before the month and a 24-hour clock, as the pages
showed them before they were localised ("5 Dec 2026", "2026-12-05 14:30", "14:30"). Portuguese and French use
Django's own formats for their locale."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y H:i"
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
TIME_FORMAT = "H:i"
