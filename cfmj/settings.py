"""Django settings. Every value comes from the environment, with a default that just works on
a machine that has only Python: SQLite, no Redis (Celery tasks run eagerly), DEBUG on.

DJANGO_ENV=production turns DEBUG off and requires a real secret key."""

from __future__ import annotations

import warnings
from pathlib import Path

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from cfmj.core.logs import not_a_refusal
from cfmj.env import database_from_url, env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
PRODUCTION = env_str("DJANGO_ENV", "development") == "production"

DEBUG = env_bool("DJANGO_DEBUG", not PRODUCTION)
DEV_SECRET_KEY = "dev-only-insecure-secret-key-never-use-in-production"
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "" if PRODUCTION else DEV_SECRET_KEY)
if not SECRET_KEY:
    raise ImproperlyConfigured("Set DJANGO_SECRET_KEY: production needs a secret of its own.")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
if PRODUCTION and not env_list("DJANGO_ALLOWED_HOSTS", []):
    raise ImproperlyConfigured("Set DJANGO_ALLOWED_HOSTS: production serves only the host names it is told.")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

# Production security: secure by default (HTTPS only, secure cookies, HSTS). `make prod` keeps
# them with nginx terminating TLS in front (scripts/run-production), HSTS off only while its
# certificate is self-signed. Without TLS at all they must be turned off explicitly:
# DJANGO_SECURE_SSL_REDIRECT=0 DJANGO_SECURE_COOKIES=0 DJANGO_SECURE_HSTS_SECONDS=0.
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = env_str("DJANGO_SECURE_REFERRER_POLICY", "same-origin")
if PRODUCTION:
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", True)
    # Only behind a proxy that sets X-Forwarded-Proto itself (and strips a client's own):
    # otherwise any client could claim HTTPS.
    if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Content-Security-Policy (django-csp): scripts, styles, images and fonts from this site only,
# and nothing inline anywhere: templates use classes, htmx's indicator style lives in site.css
# (htmx-config in base.html), tiles and charts are SVG with presentation attributes. No plugins,
# no <base>, forms post only here, no page of ours inside a frame.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    },
}

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "csp",
    "django_htmx",
    "template_partials",
    "cfmj.core",
    "cfmj.accounts",
    "cfmj.classes",
    "lessons",
    "practice",
    "cfmj.play",
    "cfmj.site",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "cfmj.core.middleware.early_refusals",  # a flood's refusals before sessions and the rest
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "cfmj.core.middleware.request_size_limit",  # after the user and messages: its page uses them
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "cfmj.core.middleware.htmx_plumbing",
]
ROOT_URLCONF = "cfmj.urls"
WSGI_APPLICATION = "cfmj.wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "cfmj.site.context_processors.display",
            ],
        },
    }
]

DATABASES = {
    "default": database_from_url(
        env_str("DATABASE_URL", ""), sqlite_default=Path(env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")))
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Card Free Mah Jongg <noreply@localhost>")

# The most a request may send, in bytes: nginx refuses more (client_max_body_size, rendered from
# this value by scripts/production/prepare.py), and so does Django itself without nginx
# (cfmj.core.middleware.request_size_limit). The site's largest form is a few kilobytes.
REQUEST_MAX_BYTES = env_int("REQUEST_MAX_BYTES", 64 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = FILE_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# collectstatic writes here and nginx serves from here (scripts/production/prepare.py reads it).
STATIC_ROOT = Path(env_str("DJANGO_STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# Outside production, WhiteNoise serves straight from the finders; STATIC_ROOT is only for
# collectstatic, so its absence in development is expected, not a problem.
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = DEBUG
warnings.filterwarnings("ignore", message="No directory at")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed names need `collectstatic` first, so only production uses them.
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage",
    },
}

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Redis, when REDIS_URL is set: Celery's broker and the cache. Without it, tasks run eagerly
# in-process and the cache is local memory, so the site needs nothing but Python.
REDIS_URL = env_str("REDIS_URL", "")
REDIS_TIMEOUT = 2  # seconds; a frozen Redis must never hang a web request
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "cfmj.core.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_timeout": REDIS_TIMEOUT, "socket_connect_timeout": REDIS_TIMEOUT},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Sessions are read from the cache where every process shares it (Redis), else from the database
# alone: a process's own memory would keep a session another process had ended (cfmj/core/sessions.py).
SESSION_ENGINE = "cfmj.core.sessions" if REDIS_URL else "django.contrib.sessions.backends.db"
# A puzzle or a lesson text never changes once made, so its drawing is kept in each process's
# memory: nothing to share between hosts, nothing lost if Redis is down, and a restart (a
# deploy) starts afresh.
CACHES["drawings"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "drawings",
    "OPTIONS": {"MAX_ENTRIES": 5000},
}
# The hand checker's verdicts (practice/checker.py): the same hand under the same rules always
# gets the same answer, kept in each process's memory.
CACHES["verdicts"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "verdicts",
    "OPTIONS": {"MAX_ENTRIES": 5000},
}

# The push channel (cfmj/core/live.py): a page learns "topic T is now at version V" over a
# Server-Sent-Events stream that uvicorn serves under /live/, fed by one Redis subscription per
# process. Without Redis, or with LIVE_STREAMS=0, pages poll every 2 s instead (static/js/live.js).
# runserver (`make dev`) cannot hold a stream open: with REDIS_URL set there, set LIVE_STREAMS=0 or
# serve the site with uvicorn.
LIVE_STREAMS = env_bool("LIVE_STREAMS", True)
LIVE_STREAM_SECONDS = env_int("LIVE_STREAM_SECONDS", 600)  # then the stream ends; the browser reconnects
LIVE_KEEPALIVE_SECONDS = env_int("LIVE_KEEPALIVE_SECONDS", 15)  # a comment line when nothing else is sent
LIVE_MAX_STREAMS = env_int("LIVE_MAX_STREAMS", 1000)  # per process; more are refused (503) and poll

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True  # a task a dying worker was running is delivered again
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_timeout": REDIS_TIMEOUT,
    "socket_connect_timeout": REDIS_TIMEOUT,
    "visibility_timeout": 3600,
}
# Bounded publish retries: with Redis down, .delay() fails in about a second instead of hanging.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
HEARTBEAT_SECONDS = env_int("HEARTBEAT_SECONDS", 30)
CELERY_BEAT_SCHEDULE = {
    "worker-heartbeat": {"task": "cfmj.core.tasks.heartbeat", "schedule": float(HEARTBEAT_SECONDS)},
    "refill-puzzle-pools": {
        "task": "practice.refill_pools",
        "schedule": float(env_int("REFILL_SECONDS", 600)),
    },
    # Idempotent, so it runs often: the day's set exists soon after midnight or a worker's start.
    "build-daily-set": {"task": "practice.build_daily_set", "schedule": 900.0},
    # Accounts whose owners asked for deletion, once their week is over (cfmj/site/tasks.py).
    "delete-due-accounts": {"task": "cfmj.site.tasks.delete_due_accounts", "schedule": 3600.0},
    # Visitors' rows never claimed, 30 days after the visitor was last seen; expired sessions.
    "purge-visitor-rows": {"task": "cfmj.site.tasks.purge_visitor_rows", "schedule": 6 * 3600.0},
    "clear-sessions": {"task": "cfmj.core.tasks.clear_sessions", "schedule": 24 * 3600.0},
    # Tables nobody has touched for a day (cfmj/play/tasks.py).
    "close-idle-tables": {"task": "cfmj.play.tasks.close_idle_tables", "schedule": 3600.0},
}
PRACTICE_POOL_TARGET = env_int("PRACTICE_POOL_TARGET", 20)  # unseen puzzles kept per kind and band
# Hands against the bots one account may have started and not finished (cfmj.play.services): more
# are refused with words saying to finish one first. A class's deal is always dealt.
PLAY_UNFINISHED_MAX = env_int("PLAY_UNFINISHED_MAX", 20)
# A visitor (no account) may play against the bots too: at most this many hands not finished each,
# and, since a bot can make visitor after visitor, at most PLAY_VISITOR_HANDS_PER_DAY hands dealt
# to all visitors together in a day (RATE_LIMITS["play_visitor"] bounds one address's share).
# Past either, the Play page says to sign up (free). Unclaimed hands go with the visitor's other
# rows, 30 days after they were last seen (cfmj.site.services.visitor_rows_purge).
PLAY_VISITOR_UNFINISHED_MAX = env_int("PLAY_VISITOR_UNFINISHED_MAX", 3)
PLAY_VISITOR_HANDS_PER_DAY = env_int("PLAY_VISITOR_HANDS_PER_DAY", 1000)
# A reset link is mailed to an account at most once in this many seconds; asked for again sooner,
# nothing more is sent (the link on its way still works) and the page is the same.
PASSWORD_RESET_MAIL_QUIET_SECONDS = env_int("PASSWORD_RESET_MAIL_QUIET_SECONDS", 300)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Standard output in production (gunicorn, Celery and a process supervisor collect it).
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout" if PRODUCTION else "ext://sys.stderr",
        }
    },
    "filters": {"not_a_refusal": {"()": "django.utils.log.CallbackFilter", "callback": not_a_refusal}},
    "loggers": {"django.request": {"filters": ["not_a_refusal"]}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

# ---- Rate limits (cfmj/core/ratelimit.py) ------------------------------------------------------
# Requests allowed per window (seconds). Generous: a classroom shares one address behind its
# router, so the per-address numbers are for a whole class and the per-user ones for a person.
# RATE_LIMIT_PROXIES: how many trusted proxies add to X-Forwarded-For; 0 reads REMOTE_ADDR only.
RATE_LIMIT_PROXIES = env_int("RATE_LIMIT_PROXIES", 0)
RATE_LIMITS: dict[str, dict[str, int]] = {
    "answer": {
        "ip": env_int("RATE_LIMIT_ANSWER_PER_IP", 400),  # a class of 30, each answering every 5 s
        "user": env_int("RATE_LIMIT_ANSWER_PER_USER", 60),
        "window": 60,
    },
    # Joining and the join page's preview both say whether a code exists: counted per hour, so that
    # codes cannot be guessed, and generous enough for a whole class behind one router.
    "join": {
        "ip": env_int("RATE_LIMIT_JOIN_PER_IP", 300),
        "user": env_int("RATE_LIMIT_JOIN_PER_USER", 30),
        "window": 3600,
    },
    # Inviting a co-teacher says whether a username exists.
    "lookup": {
        "ip": env_int("RATE_LIMIT_LOOKUP_PER_IP", 60),
        "user": env_int("RATE_LIMIT_LOOKUP_PER_USER", 20),
        "window": 3600,
    },
    # A class of 30 logging in at once, with a wrong password or two each; what a flood's tries cost
    # is bounded by the log-in guard (cfmj/accounts/login_guard.py), whatever their addresses.
    "login": {
        "ip": env_int("RATE_LIMIT_LOGIN_PER_IP", 90),
        "ip_username": env_int("RATE_LIMIT_LOGIN_PER_USERNAME", 10),
        "window": 60,
    },
    # A sign-up through an open class's join link counts per class and address instead: up to
    # max(class_min, class_per_student x its students), and ip_scoped over all classes' links.
    "signup": {
        "ip": env_int("RATE_LIMIT_SIGNUP_PER_IP", 10),
        "class_min": env_int("RATE_LIMIT_SIGNUP_PER_CLASS_MIN", 60),
        "class_per_student": env_int("RATE_LIMIT_SIGNUP_PER_CLASS_STUDENT", 3),
        "ip_scoped": env_int("RATE_LIMIT_SIGNUP_PER_IP_BY_CLASS_LINKS", 300),
        "window": 3600,
    },
    # Reset links: per address only. Nobody's inbox is flooded by the mail itself, at most one per
    # account every PASSWORD_RESET_MAIL_QUIET_SECONDS (cfmj.accounts.services): a limit per e-mail
    # typed let three requests for someone else's address refuse its owner's own for an hour.
    "password_reset": {"ip": env_int("RATE_LIMIT_PASSWORD_RESET_PER_IP", 20), "window": 3600},
    # A forgotten password set again with a recovery code (cfmj/accounts/recovery.py): per address,
    # per address and username typed (as log-in), and per username typed from any address, so one
    # account's code is not tried from many. A code is 80 random bits: these stop a nuisance, as
    # no guessing could succeed anyway.
    "password_recover": {
        "ip": env_int("RATE_LIMIT_PASSWORD_RECOVER_PER_IP", 30),
        "ip_username": env_int("RATE_LIMIT_PASSWORD_RECOVER_PER_IP_USERNAME", 5),
        "username": env_int("RATE_LIMIT_PASSWORD_RECOVER_PER_USERNAME", 10),
        "window": 3600,
    },
    # The account page: forms that check the password again (e-mail, deletion), and downloads.
    "account_password": {"user": env_int("RATE_LIMIT_ACCOUNT_PASSWORD_PER_USER", 10), "window": 900},
    "account_export": {"user": env_int("RATE_LIMIT_ACCOUNT_EXPORT_PER_USER", 10), "window": 3600},
    # Words from a teacher to one seat at a class's table (each changes the table and redraws that
    # seat's page): a word every two seconds for a minute is more than any teacher sends.
    "table_word": {"user": env_int("RATE_LIMIT_TABLE_WORD_PER_USER", 30), "window": 60},
    # Hands dealt to visitors (a new hand, or a match's next): a library's group of newcomers
    # behind one router tries a few each; one address cannot take the day's hands for visitors
    # (PLAY_VISITOR_HANDS_PER_DAY) alone. Accounts are not counted here (PLAY_UNFINISHED_MAX).
    "play_visitor": {"ip": env_int("RATE_LIMIT_PLAY_VISITOR_PER_IP", 20), "window": 3600},
    # Lists of names made into accounts (classes/roster.py): each hashes up to 30 first passwords,
    # a few seconds of a core; twenty lists an hour is more than any class needs.
    "accounts_made": {"user": env_int("RATE_LIMIT_ACCOUNTS_MADE_PER_USER", 20), "window": 3600},
    # Full hands sent to the hand checker (a bare page or a hand still being built never counts):
    # about four a minute for each of a class of 30.
    # When more than busy_site full hands reach the checker from the whole site in a second or two,
    # an address that sent more than busy_ip in its last busy_seconds waits (a flood from many
    # addresses, each within its own limit, cannot take the cores; a learner checking a hand a
    # second goes on).
    "check": {
        "ip": env_int("RATE_LIMIT_CHECK_PER_IP", 120),
        "window": 60,
        "busy_site": env_int("RATE_LIMIT_CHECK_BUSY_SITE", 20),
        "busy_ip": env_int("RATE_LIMIT_CHECK_BUSY_PER_IP", 3),
        "busy_seconds": 2,
    },
    # Of those, hands that need more than CHECK_QUICK_MS (many jokers and lone tiles; nobody's
    # real hand): each then gets up to CHECK_BUDGET_MS more.
    "check_slow": {"ip": env_int("RATE_LIMIT_CHECK_SLOW_PER_IP", 10), "window": 60},
}
# Log-in (cfmj/accounts/login_guard.py): each password check costs about 0.35 s of a core. After
# LOGIN_FAILURES_FREE wrong passwords in a row for one username (from any address), each further
# try waits a pause doubling from LOGIN_PAUSE_FIRST to LOGIN_PAUSE_MAX seconds (a device that has
# logged in to the account before is not paused). At most PASSWORD_CHECKS_AT_ONCE checks run at
# once across the site; trusted tries (a known device, or an address with at most
# LOGIN_ADDRESS_FAILURES_TRUSTED more failures than successes in 15 minutes) come first, up to
# PASSWORD_CHECK_WAITERS of them waiting PASSWORD_CHECK_WAIT seconds for a slot; other tries
# finding none are told to try again in a moment.
LOGIN_FAILURES_FREE = env_int("LOGIN_FAILURES_FREE", 5)
LOGIN_PAUSE_FIRST = env_int("LOGIN_PAUSE_FIRST", 30)
LOGIN_PAUSE_MAX = env_int("LOGIN_PAUSE_MAX", 900)
LOGIN_ADDRESS_FAILURES_TRUSTED = env_int("LOGIN_ADDRESS_FAILURES_TRUSTED", 2)
PASSWORD_CHECKS_AT_ONCE = env_int("PASSWORD_CHECKS_AT_ONCE", 1)
PASSWORD_CHECK_WAITERS = env_int("PASSWORD_CHECK_WAITERS", 2)
PASSWORD_CHECK_WAIT = env_int("PASSWORD_CHECK_WAIT_SECONDS", 4)
# The hand checker's time in the engine's search (milliseconds, wall clock). Every hand first gets
# CHECK_QUICK_MS: real hands take well under 10 ms. One that needs longer is judged again within
# CHECK_BUDGET_MS, a few a minute per address: the slowest hands known take 50-100 ms on an idle
# core, so they still get their answer. At most 120 x 25 + 10 x 250 ms = 5.5 s of work a minute
# from one address, about 5% of two cores.
CHECK_QUICK_MS = env_int("CHECK_QUICK_MS", 25)
CHECK_BUDGET_MS = env_int("CHECK_BUDGET_MS", 250)
