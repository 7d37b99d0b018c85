"""The levels of play a front end offers: :data:`LEVELS`."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

from .._errors import UsageError, shown
from ._base import Bot
from ._beginner import BeginnerBot
from ._greedy import GreedyBot
from ._odds import AdviceBot, OddsBot

__all__ = ["LEVELS", "level"]

Factory = Callable[[random.Random], Bot]

LEVELS: Mapping[str, Factory] = MappingProxyType(
    {
        "novice": functools.partial(BeginnerBot, mistakes=0.5),
        "beginner": functools.partial(BeginnerBot, mistakes=0.3),
        "casual": GreedyBot,
        "club": AdviceBot,
        "strong": OddsBot,
    }
)
"""The levels of play, weakest first: each name's factory takes a
:class:`random.Random` and returns a :class:`Bot`.

``novice``
    :class:`BeginnerBot` with a mistake at every other chance.
``beginner``
    :class:`BeginnerBot` with a mistake at three chances in ten.
``casual``
    :class:`GreedyBot`, a plain and sensible game.
``club``
    :class:`AdviceBot`, the move :func:`phase10.analysis.advise` ranks first.
``strong``
    :class:`OddsBot`, the advice with what it leaves out: the strongest
    bot the package has. (:class:`SearchBot`, a search over it, has not
    yet been measured to play better: it is not a level.)

Their ratings, measured by ``benchmarks/ladder.py``, are on the docs'
"Computer players" page. The factories can be pickled, so
:func:`tournament` plays them on worker processes.

.. versionadded:: 0.3
"""


def level(name: str, rng: random.Random | None = None) -> Bot:
    """A bot of the level called ``name`` (one of :data:`LEVELS`), drawing
    on ``rng`` (a fixed source if ``None``).

    An unknown name raises :class:`~phase10.UsageError` with the names
    there are, rather than the mapping's ``KeyError``.

    >>> import random
    >>> from phase10.bots import LEVELS, level
    >>> list(LEVELS)
    ['novice', 'beginner', 'casual', 'club', 'strong']
    >>> LEVELS["strong"](random.Random(1))
    <phase10.bots.OddsBot object at ...>
    >>> type(level("casual")).__name__
    'GreedyBot'
    >>> level("grandmaster")
    Traceback (most recent call last):
    ...
    phase10.UsageError: there is no level 'grandmaster'; the levels are novice, ...

    .. versionadded:: 0.3
    """
    factory = LEVELS.get(name) if isinstance(name, str) else None
    if factory is None:
        names = list(LEVELS)
        listed = ", ".join(names[:-1]) + " and " + names[-1]
        raise UsageError(f"there is no level {shown(name)}; the levels are {listed}")
    return factory(random.Random(0) if rng is None else rng)
