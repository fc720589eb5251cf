"""The guard over HTTP: an OpenAI-compatible chat completion API, /v1/verify, health and metrics.

>>> from guard.server import create_app, load_server_config
>>> app = create_app(load_server_config("server.yaml"))      # then: uvicorn.run(app)

or from a shell: ``ragguard serve --index clinic=./index --policy default``.
"""

from guard.server.app import create_app
from guard.server.config import Limits, ReviewSettings, ServerConfig, load_server_config

__all__ = ["Limits", "ReviewSettings", "ServerConfig", "create_app", "load_server_config"]
