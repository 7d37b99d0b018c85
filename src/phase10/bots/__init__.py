"""Computer players, and a way to play them against each other.

A bot is anything with a ``choose(view) -> Action`` method (the :class:`Bot`
protocol). It is given the :class:`~phase10.PlayerView` of the seat whose
turn it is, so it cannot see other hands or the draw pile. Passing a full
:class:`~phase10.GameState` is allowed for convenience; the bots here turn
it into that seat's view before looking at it.

- :class:`RandomBot` plays a random legal move.
- :class:`GreedyBot` plays a plain, sensible game: it keeps the cards that
  bring it closer to its phase, lays the phase as soon as it can, hits every
  card that fits, plays Skips on the leader and discards the costliest card
  it does not need.
- :class:`MonteCarloBot` searches: it plays each candidate move out many
  times over deals of the cards it cannot see.
- :class:`BeginnerBot` plays as :class:`GreedyBot` but for a beginner's
  mistakes, at a stated rate.
- :class:`AdviceBot` plays the move :func:`phase10.analysis.advise` ranks
  first; :class:`OddsBot` plays by the same exact odds and adds what the
  advice leaves out; :class:`SearchBot` searches over :class:`OddsBot`'s
  close choices with play-outs by :class:`OddsBot`.
- :data:`LEVELS` names the levels of play, weakest first, and
  :func:`level` makes a bot of one by its name.
- :func:`play_game` and :func:`tournament` play seeded games between bots.
- :class:`ProgramBot` is a bot that is another program, in any language,
  speaking the bot protocol (JSON lines: :func:`hello_message`,
  :func:`choose_message`, :func:`events_message`, :func:`read_answer`,
  :func:`protocol_schema`);
  :func:`serve` makes a Python bot such a program.
- :class:`LanguageModelBot` plays a language model: :func:`prompt` writes a
  seat's view in sentences, with its moves, and :func:`read_move` reads the
  move out of the model's answer.

The package keeps one module a family: ``_base`` (the protocol, the checks
every bot shares and :class:`RandomBot`), ``_greedy`` (with ``_editions``,
the Masters Edition's choices), ``_beginner``, ``_odds`` (the bots on the
analysis), ``_search``, ``_montecarlo``, ``_levels``, ``_tournament``,
``_protocol`` (the bot protocol's messages), ``_program`` (the one
module that starts a process) and ``_language`` (language-model players).
Only the names below are public, and each says it belongs to
``phase10.bots``.

.. versionadded:: 0.1
"""

from __future__ import annotations

from ._base import Bot, RandomBot
from ._beginner import BeginnerBot
from ._greedy import GreedyBot
from ._language import LanguageModelBot, prompt, read_move
from ._levels import LEVELS, level
from ._montecarlo import MonteCarloBot
from ._odds import AdviceBot, OddsBot
from ._program import ProgramBot, ProgramFailed
from ._protocol import (
    PROTOCOL,
    PROTOCOL_VERSION,
    choose_message,
    events_message,
    hello_message,
    protocol_schema,
    read_answer,
    serve,
)
from ._search import SearchBot
from ._tournament import GameResult, TournamentResult, play_game, tournament

__all__ = [
    "LEVELS",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "AdviceBot",
    "BeginnerBot",
    "Bot",
    "GameResult",
    "GreedyBot",
    "LanguageModelBot",
    "MonteCarloBot",
    "OddsBot",
    "ProgramBot",
    "ProgramFailed",
    "RandomBot",
    "SearchBot",
    "TournamentResult",
    "choose_message",
    "events_message",
    "hello_message",
    "level",
    "play_game",
    "prompt",
    "protocol_schema",
    "read_answer",
    "read_move",
    "serve",
    "tournament",
]

# The public names were defined in one module, phase10.bots, until 0.2:
# they keep saying so, for their reprs, the documentation and pickles.
for _public in (
    AdviceBot,
    BeginnerBot,
    Bot,
    GameResult,
    GreedyBot,
    LanguageModelBot,
    MonteCarloBot,
    OddsBot,
    ProgramBot,
    ProgramFailed,
    RandomBot,
    SearchBot,
    TournamentResult,
    choose_message,
    events_message,
    hello_message,
    level,
    play_game,
    prompt,
    protocol_schema,
    read_answer,
    read_move,
    serve,
    tournament,
):
    _public.__module__ = __name__
del _public
