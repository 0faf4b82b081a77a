"""HTTP Basic authentication for the API that refuses credentials no account can have before anything reaches the
database (issue 21, finding 2): a NUL byte in the username or the password (``Authorization: Basic YQBiOng=`` is
``a\\0b:x``) made PostgreSQL raise ``DataError`` inside django-axes' lockout lookup, a 500. Such credentials are a
401 ``{"code": "authentication_failed"}`` with DRF's own "Invalid username/password." and a Basic challenge; every
other request is DRF's ``BasicAuthentication`` unchanged."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from drf_spectacular.authentication import BasicScheme
from rest_framework import authentication, exceptions, status


class MalformedCredentials(exceptions.APIException):
    """Credentials that cannot name an account: a 401 (never turned into a 403 as DRF does with
    ``AuthenticationFailed`` when the first authentication class, the session, sends no challenge)."""

    status_code = status.HTTP_401_UNAUTHORIZED
    default_detail = exceptions.AuthenticationFailed.default_detail
    default_code = "authentication_failed"
    auth_header = 'Basic realm="api"'


class BasicAuthentication(authentication.BasicAuthentication):
    def authenticate_credentials(self, userid: str, password: str,
                                 request: Any = None) -> tuple[AbstractBaseUser, None]:
        """DRF's check of ``userid`` and ``password``; raises :class:`MalformedCredentials` (401) first when either
        holds a NUL byte (no database is asked)."""
        if "\x00" in userid or "\x00" in password:
            raise MalformedCredentials(exceptions.AuthenticationFailed.default_detail)
        return super().authenticate_credentials(userid, password, request)


class BasicAuthenticationScheme(BasicScheme):
    """The OpenAPI schema describes this class as DRF's HTTP Basic (``basicAuth``)."""

    target_class = "tournaments.api.authentication.BasicAuthentication"
