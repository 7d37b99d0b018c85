"""Adapters for learning libraries: PettingZoo, Gymnasium and OpenSpiel.

Install with ``pip install 'phase10[rl]'`` (NumPy, Gymnasium, PettingZoo);
OpenSpiel is an extra of its own, ``phase10[openspiel]``. Everything here
numbers moves and encodes views with :class:`phase10.encoding.Encoding`.

- :func:`env` and :func:`raw_env`: a PettingZoo AEC environment, one agent
  per seat.
- ``gymnasium.make("phase10/Solo-v0")``: one learner against built-in bots
  (:class:`SoloEnv`); importing this module registers the id.
- :class:`VectorEnv`: many games stepped together, in Gymnasium's vector
  API, for self-play (optionally over several processes).
- :func:`register_openspiel`: registers the OpenSpiel game
  ``"python_phase10"``.

.. versionadded:: 0.1
"""

from __future__ import annotations

import gymnasium

from ._aec import MAX_MOVES, Phase10Env, env, raw_env
from ._solo import SoloEnv
from ._vector import VectorEnv

__all__ = [
    "MAX_MOVES",
    "SOLO_ID",
    "Phase10Env",
    "SoloEnv",
    "VectorEnv",
    "env",
    "raw_env",
    "register_openspiel",
]

SOLO_ID = "phase10/Solo-v0"
"""The Gymnasium id of :class:`SoloEnv`.

.. versionadded:: 0.1
"""

if SOLO_ID not in gymnasium.registry:
    gymnasium.register(id=SOLO_ID, entry_point="phase10.rl._solo:SoloEnv")


def register_openspiel() -> None:
    """Register the OpenSpiel game ``"python_phase10"`` (needs
    ``phase10[openspiel]``); calling it again does nothing.

    .. versionadded:: 0.1
    """
    # OpenSpiel is an optional dependency of its own, so it is imported only
    # when asked for.
    from ._openspiel import register

    register()
