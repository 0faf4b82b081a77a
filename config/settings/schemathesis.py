"""Settings of scripts/schemathesis's throwaway server: the deployment's (config.settings.base) with fast hashing.

Schemathesis authenticates every request of the player's and the organiser's runs with HTTP Basic, so every request
checks a password. With the deployment's hasher (PBKDF2, about 0.4 s of CPU a check on this 2-core machine) those two
runs spent about 200 of their 240 s hashing, a cost the API's code does not have (a real client logs in once and keeps
its session). The users of this run are created by the script under these same settings, so their hashes are MD5:
nothing here is a deployment's setting (config/settings/production.py never imports it).
"""

from config.settings.base import *  # noqa: F401,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
