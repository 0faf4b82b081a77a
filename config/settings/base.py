"""Settings, read from the environment once (django-environ).

Two ways to run (../shared/design/ARCHITECTURE.md, "Two ways to run"):

* embedded default, no variables set: SQLite in ``var/db.sqlite3``, Celery tasks run
  eagerly in-process, an in-memory cache;
* scaled: ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (the Celery broker; the cache in the paired
  database, or ``CACHE_REDIS_URL``) set; any number of web processes and Celery workers share them.

``SECRET_KEY``: when unset, the key generated on the first run and kept in ``var/secret_key`` (mode 0600,
config/secret_key.py); there is no public default.

Other variables: ``DEBUG``, ``ALLOWED_HOSTS``, ``SPELLFIRE_CARDS_DIR``
(the card catalogue, default ``../shared/cards`` beside the repository), ``SPELLFIRE_RULES_TEXTS_DIR`` (the rules
texts the rules page shows, default ``../shared/rules-texts``),
``CELERY_TASK_ALWAYS_EAGER`` (forced on when ``REDIS_URL`` is unset).
"""

from __future__ import annotations

import datetime
from pathlib import Path

import environ
from django.contrib.messages import constants as message_constants

from config.request_log import LINE_FORMAT
from config.secret_key import stored_secret_key
from config.redis_databases import cache_redis_url

BASE_DIR = Path(__file__).resolve().parents[2]

env = environ.Env()

# Off unless asked for (DEBUG=1 in the environment shows Django's tracebacks while developing); with it off the site
# answers with its own 403/404/500 pages and whitenoise serves the static files (scripts/run runs collectstatic).
DEBUG = env.bool("DEBUG", default=False)
VAR_DIR = BASE_DIR / "var"
# The environment's key, else the embedded default's own (generated on the first run, reused after: var/secret_key).
SECRET_KEY = env.str("SECRET_KEY", default="").strip() or stored_secret_key(VAR_DIR / "secret_key")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    # Swagger UI's and Redoc's files served from static/ (the API docs page works offline: no CDN)
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    # a request id in every log line (config/request_log.py)
    "django_guid",
    "decks",
    "tournaments",
]

MIDDLEWARE = [
    # first: every log line of the request carries its id (config/request_log.py)
    "django_guid.middleware.guid_middleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # a visitor's GET of the standings or pairings page, answered from the cache before sessions, auth and the
    # view run (no database query); anyone with a session cookie goes on (tournaments/pages/crowd.py)
    "tournaments.pages.crowd.CrowdPageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # the language: the cookie set by the language switch, else the browser's Accept-Language (URLs stay the same)
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # a logged-in user's saved language (tournaments.UserPreferences) wins over the cookie and the browser
    "tournaments.language.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # an OverflowError (a number beyond 64 bits that reached the database) is a 400, not a 500
    "config.middleware.BadInputMiddleware",
    # django-axes: answers a locked-out login (form or admin) with a 429; keep it last
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # {% translate %} / {% blocktranslate %} in every template without {% load i18n %} (issue 14)
            "builtins": ["django.templatetags.i18n"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Keep a web process's database connection between requests (a new PostgreSQL connection per request cost more than
# a cached standings page); checked before reuse. CONN_MAX_AGE=0 closes it after every request again.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # The embedded default under concurrent writers: WAL lets readers go on while one writer writes;
    # every transaction takes the write lock when it begins (IMMEDIATE), so two writers queue instead
    # of one failing with "database is locked" when it upgrades a read lock; a writer waits up to
    # SQLITE_BUSY_TIMEOUT seconds for the lock.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": env.float("SQLITE_BUSY_TIMEOUT", default=20.0),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---- Redis: the Celery broker and the cache in separate databases (issue 21; docs/operations.md, "Redis") ----
# REDIS_URL is the broker's (CELERY_BROKER_URL below); the cache takes the other database of its pair (0<->1, ...,
# 14<->15: /0 -> /1, the CI's /15 -> /14) unless CACHE_REDIS_URL names another place (another instance with an
# eviction policy of its own). Neither set: tasks run eagerly and the cache is the process's memory.
REDIS_URL = env.str("REDIS_URL", default="")
CACHE_REDIS_URL = cache_redis_url(REDIS_URL, env.str("CACHE_REDIS_URL", default=""))
if CACHE_REDIS_URL:
    # Django's Redis cache, with one redis-py client per pool instead of one per call (config/redis_cache.py)
    CACHES = {"default": {"BACKEND": "config.redis_cache.RedisCache", "LOCATION": CACHE_REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# What one crowd page (standings, a round's pairings) may store per state of what it shows: this many variants
# (page numbers, searches, languages, polls); the next ones are rendered each time (tournaments/pages/crowd.py).
CROWD_CACHE_VARIANTS = env.int("CROWD_CACHE_VARIANTS", default=100)
# ---- end of the Redis block ----

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Brute force (django-axes): AXES_FAILURE_LIMIT (5) failed logins for one username from one IP address
# lock that pair out for AXES_COOLOFF_MINUTES (15); a success resets the count. The login page, the
# admin's and the API's HTTP Basic authentication all go through the axes backend. Failures are stored
# in the database (shared by every process). The address: see TRUSTED_PROXY_COUNT below.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env.bool("AXES_ENABLED", default=True)
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=env.float("AXES_COOLOFF_MINUTES", default=15.0))
AXES_RESET_ON_SUCCESS = True
# A locked-out login answers 429 with this page (what happened, for how long, what to do).
AXES_LOCKOUT_TEMPLATE = "429.html"

# --- Issue 21: the client's address and the limits per address (docs/operations.md, "Abuse protection") ---------
# X-Forwarded-For is trusted only behind TRUSTED_PROXY_COUNT reverse proxies that append to it (0, the default:
# ignored, the client is REMOTE_ADDR); one rule for the API throttles, the sign-up limit and the login lockout
# (tournaments/client_address.py). DRF's NUM_PROXIES (in REST_FRAMEWORK below) says the same.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
AXES_CLIENT_IP_CALLABLE = "tournaments.client_address.client_ip"
# Failed logins lock out per username and address (AXES_FAILURE_LIMIT) and per address across usernames
# (LOGIN_IP_FAILURE_LIMIT, higher: a club's players may share one address), within AXES_COOLOFF_MINUTES; a success
# forgives only its own username's failures (tournaments/login_limits.py).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
LOGIN_IP_FAILURE_LIMIT = env.int("LOGIN_IP_FAILURE_LIMIT", default=20)
AXES_HANDLER = "tournaments.login_limits.AddressLimitHandler"
AXES_LOCKOUT_CALLABLE = "tournaments.login_limits.lockout_response"
# Sign-up attempts (form posts) per address, DRF rate syntax ("N/second|minute|hour|day"; "none" turns it off);
# past it the sign-up page answers 429 (tournaments/pages/signup.py).
_signup_rate = env.str("SIGNUP_THROTTLE_RATE", default="20/hour")
SIGNUP_THROTTLE_RATE = None if _signup_rate.lower() == "none" else _signup_rate
# --- end of issue 21's block ----------------------------------------------------------------------------------

# A form posted without a valid CSRF token (an expired page, cookies off) gets the friendly 403 page that says so.
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"

# E-mail (issue 20): the e-mail verification links and password reset mails. EMAIL_URL picks the backend and its
# server: "consolemail://" (the default: mails are printed on the web process's standard output), or
# "smtp+tls://USER:PASSWORD@HOST:587" / "smtp+ssl://USER:PASSWORD@HOST:465" / "smtp://HOST:25" (django-environ's
# email URL; percent-encode an "@" in the user name as %40). DEFAULT_FROM_EMAIL is the sender of every mail.
# EMAIL_VERIFICATION_DAYS: how long a verification link works (docs/operations.md, "E-mail").
globals().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Spellfire Tournament Manager <noreply@localhost>")
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
EMAIL_VERIFICATION_DAYS = env.float("EMAIL_VERIFICATION_DAYS", default=3.0)

# Notifications (issue 25: e-mail and web push; docs/operations.md, "Notifications"). SITE_URL: the site's address as
# players open it, the start of every link in a notification (mails are written by workers, with no request to ask).
# NOTIFICATION_CHUNK_SIZE: recipients per worker task (one SMTP connection each). Web push is on only with both VAPID
# keys (VAPID_PUBLIC_KEY: the application server key, URL-safe base64 of the raw P-256 public point;
# VAPID_PRIVATE_KEY: the path of the PEM file ``vapid --gen`` writes, or its base64 DER body); VAPID_SUBJECT: a mailto: or
# https: contact the push services may use.
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
NOTIFICATION_CHUNK_SIZE = env.int("NOTIFICATION_CHUNK_SIZE", default=100)
VAPID_PUBLIC_KEY = env.str("VAPID_PUBLIC_KEY", default="").strip()
VAPID_PRIVATE_KEY = env.str("VAPID_PRIVATE_KEY", default="").strip()
VAPID_SUBJECT = env.str("VAPID_SUBJECT", default="mailto:noreply@localhost")
# The push services a browser's subscription may point at (a leading "." matches any host under it): the site POSTs to
# these only, never to an address a user names (server-side request forgery). Chrome/Edge (FCM), Firefox, Windows,
# Safari.
PUSH_SERVICE_HOSTS = env.list("PUSH_SERVICE_HOSTS", default=[
    "fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", ".notify.windows.com",
    "web.push.apple.com"])

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:list"
LOGOUT_REDIRECT_URL = "tournaments:list"
# Sessions (issue 27): with a shared cache (Redis), read from the cache and written through to the database (a
# cache that was cleared or cannot keep the key falls back to the database row): one query less on every
# logged-in request. Without one (the embedded default's in-process cache, one per gunicorn worker), in the
# database only: a logout in one worker must not leave the session alive in another worker's memory. A login lasts
# SESSION_COOKIE_AGE seconds (Django's two weeks unless SESSION_DAYS says otherwise): the whole event day and
# beyond, so a venue's players log in once, at home or at the door (docs/operations.md, "Logins").
SESSION_ENGINE = ("django.contrib.sessions.backends.cached_db" if REDIS_URL
                  else "django.contrib.sessions.backends.db")
SESSION_COOKIE_AGE = int(datetime.timedelta(days=env.float("SESSION_DAYS", default=14)).total_seconds())

# Issue 14: three languages. The active one follows the language switch (a cookie; saved for a logged-in user),
# else the browser's Accept-Language, else English; URLs are the same in every language (no i18n_patterns).
# Names in their own language (the switch lists them so). Project-wide catalogues live in locale/ (the .mo files
# are compiled by scripts/setup, never committed); scripts/check_messages fails on a missing or fuzzy message.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("pt-br", "Português (Brasil)"),
    ("fr", "Français"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
#: The site's English date and time formats ("5 Dec 2026", "14:30"); pt-br and fr use Django's formats.
FORMAT_MODULE_PATH = ["config.formats"]
# A year, like Django's; SameSite=Lax as the session cookie.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# No thousands separator: numbers in pages are table numbers, rounds, ids and years ("Table 1200", not "1,200");
# dates and the decimal separator still follow the locale (percentages: the ``percent`` filter).
USE_THOUSAND_SEPARATOR = False

# Bootstrap's alert colours: an error is "danger" (alert-danger), never a green success.
MESSAGE_TAGS = {message_constants.ERROR: "danger"}

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Files whitenoise serves at the site's root (/favicon.ico, which browsers ask for on every page).
WHITENOISE_ROOT = BASE_DIR / "static" / "root"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Decklist uploads: a .cfd or .dek is a few kilobytes. A decklist (file or pasted text) over
# DECKLIST_MAX_BYTES is refused with a form error (413) before it is read; a deck request whose
# Content-Length exceeds DECKLIST_MAX_REQUEST_BYTES (pasted text is sent URL-encoded, up to three
# bytes per character) is refused before its body is read at all. Django itself refuses form
# fields over DATA_UPLOAD_MAX_MEMORY_SIZE (RequestDataTooBig, a 400) and spools uploads over
# FILE_UPLOAD_MAX_MEMORY_SIZE to a temporary file instead of memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DECKLIST_MAX_BYTES = 1024 * 1024
DECKLIST_MAX_REQUEST_BYTES = 4 * DECKLIST_MAX_BYTES

# The card catalogue is data, read in place (../shared/cards/SOURCES.md).
SPELLFIRE_CARDS_DIR = Path(env.str("SPELLFIRE_CARDS_DIR", default=str(BASE_DIR.parent / "shared" / "cards")))
# The rules texts the rules page (/rules/) shows, read in place (rules.rule_documents names them).
SPELLFIRE_RULES_TEXTS_DIR = Path(env.str("SPELLFIRE_RULES_TEXTS_DIR",
                                         default=str(BASE_DIR.parent / "shared" / "rules-texts")))

# Celery: a real broker when REDIS_URL is set, otherwise tasks run eagerly in-process.
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A confirmation must never wait long on a dead broker: give up quickly, the periodic task catches up.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
# Standings jobs coalesce (tournaments.tasks.send_recompute): at most one running and one waiting per tournament.
# The "waiting" marker expires by itself after this many seconds, should its job be lost.
STANDINGS_QUEUED_MARKER_SECONDS = env.float("STANDINGS_QUEUED_MARKER_SECONDS", default=120.0)
# The embedded default computes standings in the confirming request at most once per this many seconds per
# tournament; results confirmed inside the window are computed together at its end (tasks.recompute_eagerly).
STANDINGS_EAGER_WINDOW_SECONDS = env.float("STANDINGS_EAGER_WINDOW_SECONDS", default=2.0)
# How often the live pages poll (htmx): the round's pairings and the standings (seconds), and how long the projector
# shows a page before fetching the next one. Production keeps these; the browser tests shorten them (never set them
# lower in production: every open screen polls).
LIVE_POLL_SECONDS = 20
PROJECTOR_CYCLE_SECONDS = 12
# With workers, a standings job starts at most once per this many seconds per tournament: a job queued sooner
# after the last one started waits the rest (a countdown), collecting the results of a burst meanwhile.
STANDINGS_JOB_INTERVAL_SECONDS = env.float("STANDINGS_JOB_INTERVAL_SECONDS", default=2.0)

# Webhooks (issue 25; docs/api.md, "Webhooks"): a target on a loopback or private address is refused unless
# WEBHOOKS_ALLOW_LOOPBACK (tests, a bot on the same machine or network; link-local addresses stay refused). A failed
# delivery is tried again after WEBHOOK_RETRY_BASE_SECONDS x 2^(attempt - 1) seconds (at most
# WEBHOOK_RETRY_MAX_SECONDS), WEBHOOK_MAX_ATTEMPTS attempts in all.
WEBHOOKS_ALLOW_LOOPBACK = env.bool("WEBHOOKS_ALLOW_LOOPBACK", default=False)
WEBHOOK_MAX_ATTEMPTS = env.int("WEBHOOK_MAX_ATTEMPTS", default=6)
WEBHOOK_RETRY_BASE_SECONDS = env.float("WEBHOOK_RETRY_BASE_SECONDS", default=10.0)
WEBHOOK_RETRY_MAX_SECONDS = env.float("WEBHOOK_RETRY_MAX_SECONDS", default=3600.0)
CELERY_BEAT_SCHEDULE = {
    "requeue-stale-standings": {
        "task": "tournaments.tasks.requeue_stale_standings",
        "schedule": env.float("STANDINGS_CATCH_UP_SECONDS", default=60.0),
    },
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Authorization: Bearer <personal API token> (issue 25); first, so a bearer request needs no CSRF token
        "tournaments.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        # DRF's, refusing a NUL byte in the credentials with a 401 before any query (issue 21)
        "tournaments.api.authentication.BasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "tournaments.api.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
    # X-Forwarded-For only behind this many proxies (TRUSTED_PROXY_COUNT above); the project's throttles use
    # tournaments.client_address.client_ip, the same rule
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    # API_THROTTLE_RATES below; a throttled request is a 429 {"code": "throttled", ...}
    "DEFAULT_THROTTLE_CLASSES": [
        "tournaments.api.throttles.AnonThrottle",
        "tournaments.api.throttles.UserThrottle",
    ],
    # JSON nested deeper than JSON_MAX_DEPTH is a 400 "too_deep" (never a RecursionError).
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
JSON_MAX_DEPTH = env.int("JSON_MAX_DEPTH", default=32)
# API requests per client: anonymous ones by IP address, logged-in ones by user (DRF's rate syntax,
# "N/second|minute|hour|day"; "none" turns one off).
API_THROTTLE_RATES = {
    scope: (None if rate.lower() == "none" else rate)
    for scope, rate in (("anon", env.str("API_THROTTLE_ANON", default="120/minute")),
                        ("user", env.str("API_THROTTLE_USER", default="600/minute")))
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Spellfire Tournament Manager API",
    "DESCRIPTION": "Tournaments, registration, decklists, pairings, results and standings.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from drf_spectacular_sidecar's static files, never a CDN; no online validator badge; no deep links
    # (they put a link inside each operation's button: nested controls a screen reader cannot reach, axe-core).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"deepLinking": False, "validatorUrl": None},
}

# The request id: a new UUID per request, or a proxy's (a valid UUID in X-Request-ID); sent back in X-Request-ID.
DJANGO_GUID = {"GUID_HEADER_NAME": "X-Request-ID", "RETURN_HEADER": True, "EXPOSE_HEADER": False}
# One line per record with the request id; a 4xx answer is one line without traceback, a 500 keeps its traceback
# (config/request_log.py). LOG_LEVEL: WARNING shows the refused requests (403, 404, ...) and the errors.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "config.request_log.RequestIdFilter"},
        "client_error_line": {"()": "config.request_log.ClientErrorLine"},
    },
    "formatters": {"line": {"format": LINE_FORMAT}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "line",
                    "filters": ["request_id", "client_error_line"]},
    },
    "loggers": {
        "django.request": {"filters": ["client_error_line"]},
        "django.security.csrf": {"filters": ["client_error_line"]},
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}
