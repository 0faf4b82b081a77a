"""Project configuration: settings, Celery app, URL routes, WSGI entry point."""
from config.celery import app as celery_app

__all__ = ["celery_app"]
