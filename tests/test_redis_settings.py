"""Issue 21, finding 9: the cache and the Celery broker never share a Redis database. With ``REDIS_URL`` (the
broker) the cache takes the other database of its pair (0↔1, …, 14↔15, so the CI's ``/15`` gives ``/14``, never a
17th database); ``CACHE_REDIS_URL`` puts it anywhere else. The settings module is run in-process (runpy) with the
variables given, which leaves this process's settings alone."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.redis_databases import cache_redis_url, paired_database_url, redis_database

BASE_SETTINGS = Path(__file__).resolve().parents[1] / "config" / "settings" / "base.py"


@pytest.mark.parametrize(("broker", "cache"), [
    ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/1"),
    ("redis://127.0.0.1:6379/1", "redis://127.0.0.1:6379/0"),
    ("redis://127.0.0.1:6379/15", "redis://127.0.0.1:6379/14"),
    ("redis://127.0.0.1:6379", "redis://127.0.0.1:6379/1"),
    ("redis://127.0.0.1:6379/", "redis://127.0.0.1:6379/1"),
    ("rediss://:s3cret@redis.example.org:6380/4?ssl_cert_reqs=required",
     "rediss://:s3cret@redis.example.org:6380/5?ssl_cert_reqs=required"),
    ("redis://127.0.0.1:6379/2?db=7", "redis://127.0.0.1:6379/2?db=6"),
    ("unix:///run/redis.sock?db=3", "unix:///run/redis.sock?db=2"),
    ("unix:///run/redis.sock", "unix:///run/redis.sock?db=1"),
])
def test_the_cache_takes_the_other_database_of_the_brokers_pair(broker, cache):
    assert paired_database_url(broker) == cache
    assert redis_database(cache) != redis_database(broker) and 0 <= redis_database(cache) <= 15


@pytest.mark.parametrize("url", ["redis://127.0.0.1:6379/x", "redis://127.0.0.1:6379/²", "memcached://127.0.0.1/1",
                                 "redis://127.0.0.1:6379/1?db=-1"])
def test_a_broker_url_whose_database_cannot_be_read_stops_the_start(url):
    with pytest.raises(ImproperlyConfigured):
        paired_database_url(url)


def test_cache_redis_url_wins_and_no_redis_means_no_redis_cache():
    assert cache_redis_url("redis://a/0", "redis://b:6380/0") == "redis://b:6380/0"
    assert cache_redis_url("", "redis://b/3") == "redis://b/3"
    assert cache_redis_url("", "") == ""


def load_base(monkeypatch, **env: str) -> dict:
    for name in ("REDIS_URL", "CACHE_REDIS_URL", "CELERY_TASK_ALWAYS_EAGER", "CROWD_CACHE_VARIANTS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(BASE_SETTINGS))  # (run_module would warn: the module is imported already)


def test_the_ci_redis_url_keeps_the_broker_on_15_and_puts_the_cache_on_14(monkeypatch):
    settings = load_base(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/15")
    assert settings["CELERY_BROKER_URL"] == "redis://127.0.0.1:6379/15"
    assert settings["CACHES"]["default"] == {"BACKEND": "config.redis_cache.RedisCache",
                                             "LOCATION": "redis://127.0.0.1:6379/14"}
    assert settings["CELERY_TASK_ALWAYS_EAGER"] is False


def test_a_separate_cache_instance_is_configured_with_cache_redis_url(monkeypatch):
    settings = load_base(monkeypatch, REDIS_URL="redis://broker:6379/0", CACHE_REDIS_URL="redis://cache:6379/0",
                         CROWD_CACHE_VARIANTS="20")
    assert settings["CELERY_BROKER_URL"] == "redis://broker:6379/0"
    assert settings["CACHES"]["default"]["LOCATION"] == "redis://cache:6379/0"
    assert settings["CROWD_CACHE_VARIANTS"] == 20


def test_without_redis_the_cache_is_the_processs_memory_and_tasks_run_eagerly(monkeypatch):
    settings = load_base(monkeypatch)
    assert settings["CACHES"]["default"]["BACKEND"].endswith("LocMemCache")
    assert settings["CELERY_BROKER_URL"] == "memory://localhost/" and settings["CELERY_TASK_ALWAYS_EAGER"] is True


def test_sessions_use_the_cache_only_when_every_web_process_shares_it(monkeypatch):
    """The embedded default's cache is each gunicorn worker's own memory: a logout in one worker must not leave the
    session alive in another's, so sessions stay in the database there; with Redis they are read from the cache."""
    assert load_base(monkeypatch)["SESSION_ENGINE"] == "django.contrib.sessions.backends.db"
    shared = load_base(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/15")
    assert shared["SESSION_ENGINE"] == "django.contrib.sessions.backends.cached_db"
