"""HTTP Basic authentication for the API that refuses credentials no account can have before anything reaches the
database (issue 21, finding 2): a NUL byte in the username or the password (``Authorization: Basic YQBiOng=`` is
``a\\0b:x``) made PostgreSQL raise ``DataError`` inside django-axes' lockout lookup, a 500. Such credentials are a
401 ``{"code": "authentication_failed"}`` with DRF's own "Invalid username/password." and a Basic challenge; every
other request is DRF's ``BasicAuthentication`` unchanged.

Also the personal API tokens' bearer authentication (issue 25, item 4: :class:`TokenAuthentication`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext_lazy as _
from drf_spectacular.authentication import BasicScheme
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, permissions, status

from tournaments.models import ApiToken
from tournaments.services.api_tokens import api_token_authenticate


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


class InvalidToken(exceptions.APIException):
    """A bearer token that names no live token: a 401 ``invalid_token`` with a Bearer challenge."""

    status_code = status.HTTP_401_UNAUTHORIZED
    default_detail = _("The API token is unknown or revoked.")
    default_code = "invalid_token"
    auth_header = 'Bearer realm="api", error="invalid_token"'


class ReadOnlyToken(exceptions.APIException):
    """A read-only token on an unsafe method (POST, PUT, PATCH, DELETE): a 403 ``token_read_only``."""

    status_code = status.HTTP_403_FORBIDDEN
    default_detail = _("This API token is read only: create a read and write token on your account page.")
    default_code = "token_read_only"


class TokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Bearer <secret>``: a personal API token (issue 25, item 4;
    ``tournaments.services.api_tokens``) acts as its user with the user's rights; ``request.auth`` is the
    ``ApiToken``. No CSRF check: a bearer header is not sent by a browser on its own (cookies are), so a forged
    cross-site form cannot carry it. A request without a Bearer header is left to the next class (the session,
    HTTP Basic). Raises :class:`InvalidToken` (401) for an unknown or revoked token, :class:`ReadOnlyToken` (403)
    for a read-only token on an unsafe method.

    DRF's choice of the challenge of an anonymous request stays the session's (none: a 403), as before tokens:
    :meth:`authenticate_header` answers None."""

    keyword = "bearer"

    def authenticate(self, request: Any) -> tuple[AbstractBaseUser, ApiToken] | None:
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.encode():
            return None
        if len(header) != 2:
            raise InvalidToken()
        try:
            secret = header[1].decode("ascii")
        except UnicodeDecodeError:
            raise InvalidToken() from None
        token = api_token_authenticate(secret)
        if token is None:
            raise InvalidToken()
        if token.read_only and request.method not in permissions.SAFE_METHODS:
            raise ReadOnlyToken()
        return token.user, token

    def authenticate_header(self, request: Any) -> str | None:
        return None


class TokenAuthenticationScheme(OpenApiAuthenticationExtension):
    """The OpenAPI schema describes :class:`TokenAuthentication` as HTTP bearer (``bearerAuth``)."""

    target_class = "tournaments.api.authentication.TokenAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {"type": "http", "scheme": "bearer",
                "description": "A personal API token (account page): `Authorization: Bearer sft_...`. A read-only "
                               "token is refused on unsafe methods (403 `token_read_only`)."}
