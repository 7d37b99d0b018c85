"""The bot protocol: a bot in any language plays through JSON lines.

A *host* (:class:`~phase10.bots.ProgramBot`, or a program of another
language) runs the *guest*, a bot program, and talks to it over its
standard input and output, one JSON object a line, UTF-8:

1. the host says ``hello``: the protocol's name and version, the rules
   document, the number of players, the time a move may take and a seed
   for the guest's own random choices; the guest
   answers ``ready`` (with a name, if it likes, and ``"events": true`` if
   it wants to be told the game's events);
2. at each of the guest's decisions the host says ``choose``: a number for
   the question, the view document of the guest's seat (which hides what
   the seat must not see) and the legal moves, each with its notation and
   its move document; the guest answers ``move`` with that number and one
   move, in notation (``"D"``) or as a move document;
3. an answer the host refuses (not JSON, another question's number, a
   move that cannot be read or is not legal now) is asked again, with
   ``refused`` saying why, as many times as the host allows;
4. to a guest that asked for them, the host says ``events`` after the deal
   and after every move: the event documents of what happened, as the
   guest's seat may know them; the guest does not answer;
5. at the end the host says ``bye`` and closes the guest's input.

This module writes and reads the messages, and :func:`serve` plays a
Python bot as a guest; it touches no file or process itself. The messages'
JSON Schema is :func:`protocol_schema`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any, Final

from .._actions import Action, parse_action
from .._errors import FormatError, NotationError, UsageError, shown
from .._events import Event
from .._json import MAX_JSON_LENGTH
from .._legal import legal_actions, verify_apply
from .._rules import Rules
from .._schema import json_schema
from .._serialize import from_dict, to_dict
from .._view import PlayerView
from ._base import Bot, as_view, count, events, seconds, whole

__all__ = [
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "choose_message",
    "events_message",
    "hello_message",
    "protocol_schema",
    "read_answer",
    "serve",
]

PROTOCOL: Final = "phase10/bot"
"""The protocol's name, in every ``hello``.

.. versionadded:: 0.3
"""

PROTOCOL_VERSION: Final = 1
"""The protocol's version, in every ``hello``: a guest refuses a version it
does not know.

.. versionadded:: 0.3
"""


def hello_message(
    rules: Rules, players: int, time_limit: float, seed: int = 0
) -> dict[str, Any]:
    """The host's first message: the rules, once, the time a move may take,
    and a seed for the program's own choices (drawn from the bot's source of
    randomness, not the game's: it tells nothing of the deal).

    >>> from phase10 import Rules
    >>> hello = hello_message(Rules(), 2, 5.0)
    >>> hello["protocol"], hello["version"], hello["type"], hello["rules"]["schema"]
    ('phase10/bot', 1, 'hello', 'phase10/rules')

    .. versionadded:: 0.3
    """
    if not isinstance(rules, Rules):
        raise UsageError(f"rules are a Rules record, not {shown(rules)}")
    players = count("players", players, 2)  # as the schema says
    time_limit = seconds("time_limit", time_limit)
    seed = count("seed", seed, 0)
    return {
        "protocol": PROTOCOL,
        "version": PROTOCOL_VERSION,
        "type": "hello",
        "rules": to_dict(rules),
        "players": players,
        "time_limit": time_limit,
        "seed": seed,
    }


def choose_message(
    seen: PlayerView, number: int, refused: str | None = None
) -> dict[str, Any]:
    """The host's question ``number``: the seat's view and its legal moves.

    ``refused`` says why the last answer to this question was refused, when
    it is asked again. Nothing in it is more than the view shows: the legal
    moves are the view's own.

    .. versionadded:: 0.3
    """
    seen = as_view(seen)
    number = count("number", number, 0)
    if refused is not None and not isinstance(refused, str):
        raise UsageError(f"refused is a text or None, not {shown(refused)}")
    return {
        "type": "choose",
        "id": number,
        "view": to_dict(seen),
        "legal": [
            {"notation": move.notation, "move": to_dict(move)}
            for move in legal_actions(seen)
        ],
        "refused": refused,
    }


def events_message(happened: Sequence[Event]) -> dict[str, Any]:
    """The host's message of what happened: ``happened``, the events of the
    deal or of a move, each already as the guest's seat may know it
    (``event.seen_by(seat)``, as :func:`play_game` gives them to a bot's
    ``observe``), as event documents.

    >>> from phase10 import new_game_with_events
    >>> state, dealt = new_game_with_events(2, seed=7)
    >>> message = events_message(dealt)
    >>> message["type"], [one["type"] for one in message["events"]]
    ('events', ['hand_dealt'])

    .. versionadded:: 0.3
    """
    return {"type": "events", "events": [to_dict(e) for e in events(happened)]}


def read_answer(line: str | bytes, number: int, seen: PlayerView) -> Action:
    """The move of the guest's answer ``line`` to question ``number``.

    Raises :class:`~phase10.FormatError` for a line that is not such an
    answer (not JSON, not a ``move`` message, another question's number),
    :class:`~phase10.NotationError` for a move that cannot be read, and
    :class:`~phase10.IllegalMove` (the kind :func:`~phase10.apply` raises)
    for a move that is not legal now; each message says what was wrong in
    words the guest's author can act on. A lay may list its groups and
    cards in any order, as :func:`~phase10.apply` takes it.

    >>> from phase10 import new_game, view
    >>> state = new_game(2, seed=1)
    >>> seen = view(state, state.current)
    >>> read_answer('{"type": "move", "id": 3, "move": "D"}', 3, seen)
    Draw.from_notation('D')

    .. versionadded:: 0.3
    """
    if not isinstance(line, str | bytes):
        raise UsageError(f"an answer is a line of text, not {shown(line)}")
    number = whole("number", number)
    seen = as_view(seen)
    if len(line) > MAX_JSON_LENGTH:
        raise FormatError(f"the answer is longer than {MAX_JSON_LENGTH} characters")
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise FormatError(
            f"the answer is not a JSON object on one line: {_clip(line)}"
        ) from None
    if not isinstance(message, dict) or message.get("type") != "move":
        raise FormatError(
            'the answer is a JSON object {"type": "move", "id": ..., "move": ...}, '
            f"not {_clip(line)}"
        )
    if message.get("id") != number or isinstance(message.get("id"), bool):
        raise FormatError(
            f"the answer is to question {number}, not {shown(message.get('id'))}"
        )
    written = message.get("move")
    move: Action
    if isinstance(written, str):
        move = parse_action(written)
    elif isinstance(written, dict):
        try:
            move = from_dict(written, Action)
        except FormatError as error:
            raise NotationError(f"the move document cannot be read: {error}") from None
    else:
        raise NotationError(
            "the move is its notation (a string) or its move document (an "
            f"object), not {shown(written, json=True)}"
        )
    verify_apply(seen, move)  # the rules' own refusal, from the view alone
    return move


def _clip(line: str | bytes, most: int = 80) -> str:
    text = line if isinstance(line, str) else line.decode("utf-8", "replace")
    text = text.strip()
    return repr(text if len(text) <= most else text[:most] + "...")


def serve(
    bot: Bot,
    source: Iterable[str],
    sink: IO[str],
    *,
    name: str | None = None,
) -> int:
    """Play ``bot`` as a guest: read the host's messages from ``source`` (a
    text stream, or any lines) and write the answers to ``sink``; return
    the number of moves made, at ``bye`` or at the end of ``source``.

    A program made of a Python bot is three lines::

        import sys
        from phase10.bots import GreedyBot, serve
        serve(GreedyBot(), sys.stdin, sys.stdout)

    (``python -m phase10 serve LEVEL`` is such a program for each level.)
    A ``hello`` of another protocol or version raises
    :class:`~phase10.FormatError`; a ``choose`` is answered with the bot's
    move in notation. A bot with an ``observe(events)`` method asks for the
    game's events in its ``ready`` and is told each ``events`` message's
    events, read back as event records.

    .. versionadded:: 0.3
    """
    if not callable(getattr(bot, "choose", None)):
        raise UsageError(f"a bot has a choose(view) method: {shown(bot)} has none")
    if isinstance(source, str | bytes) or not isinstance(source, Iterable):
        raise UsageError(f"source is a text stream or lines, not {shown(source)}")
    if not callable(getattr(sink, "write", None)):
        raise UsageError(f"sink is a text stream, not {shown(sink)}")
    if name is not None and not isinstance(name, str):
        raise UsageError(f"name is a text or None, not {shown(name)}")
    observe = getattr(bot, "observe", None)
    moves = 0
    for line in source:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if not isinstance(message, Mapping):
            raise FormatError(f"a message is a JSON object, not {_clip(line)}")
        kind = message.get("type")
        if kind == "hello":
            if (message.get("protocol"), message.get("version")) != (
                PROTOCOL,
                PROTOCOL_VERSION,
            ):
                raise FormatError(
                    f"this guest speaks {PROTOCOL} version {PROTOCOL_VERSION}, not "
                    f"{shown(message.get('protocol'))} version "
                    f"{shown(message.get('version'))}"
                )
            ready = {"type": "ready", "name": name or type(bot).__name__}
            _say(sink, ready | ({"events": True} if callable(observe) else {}))
        elif kind == "choose":
            seen = from_dict(message.get("view"), PlayerView)
            move = bot.choose(seen)
            _say(sink, {"type": "move", "id": message.get("id"), "move": move.notation})
            moves += 1
        elif kind == "events" and callable(observe):
            listed = message.get("events")
            if not isinstance(listed, list):
                raise FormatError(f"events are a list, not {_clip(line)}")
            observe(tuple(from_dict(one, Event) for one in listed))
        elif kind == "bye":
            break
    return moves


def _say(sink: IO[str], message: Mapping[str, Any]) -> None:
    sink.write(json.dumps(message, separators=(",", ":")) + "\n")
    sink.flush()


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the protocol's messages, both ways.

    Each message is one of ``$defs``' ``hello``, ``ready``, ``choose``,
    ``move``, ``events`` and ``bye``; the documents inside (rules, view,
    moves, events) are the schemas of :func:`phase10.json_schema`, under
    ``$defs`` too.

    >>> schema = protocol_schema()
    >>> schema["$id"], sorted(schema["$defs"])[:4]
    ('urn:phase10:bot:v1', ['bye', 'choose', 'eventDocument', 'events'])

    .. versionadded:: 0.3
    """
    documents = {kind: json_schema(kind) for kind in ("rules", "view", "move", "event")}
    for document in documents.values():
        document.pop("$schema", None)

    def message(kind: str, required: list[str], **properties: Any) -> dict[str, Any]:
        return {
            "type": "object",
            "required": ["type", *required],
            "properties": {"type": {"const": kind}, **properties},
        }

    number = {"type": "integer", "minimum": 0}
    defs: dict[str, Any] = {
        "hello": message(
            "hello",
            ["protocol", "version", "rules", "players", "time_limit", "seed"],
            protocol={"const": PROTOCOL},
            version={"const": PROTOCOL_VERSION},
            rules={"$ref": "#/$defs/rulesDocument"},
            players={"type": "integer", "minimum": 2},
            time_limit={"type": "number", "exclusiveMinimum": 0},
            seed={"type": "integer", "minimum": 0},
        ),
        "ready": message(
            "ready", [], name={"type": ["string", "null"]}, events={"type": "boolean"}
        ),
        "choose": message(
            "choose",
            ["id", "view", "legal", "refused"],
            id=number,
            view={"$ref": "#/$defs/viewDocument"},
            legal={
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "required": ["notation", "move"],
                    "properties": {
                        "notation": {"type": "string"},
                        "move": {"$ref": "#/$defs/moveDocument"},
                    },
                },
            },
            refused={"type": ["string", "null"]},
        ),
        "move": message(
            "move",
            ["id", "move"],
            id=number,
            move={"oneOf": [{"type": "string"}, {"$ref": "#/$defs/moveDocument"}]},
        ),
        "events": message(
            "events",
            ["events"],
            events={"type": "array", "items": {"$ref": "#/$defs/eventDocument"}},
        ),
        "bye": message("bye", []),
        **{f"{name}Document": document for name, document in documents.items()},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:phase10:bot:v{PROTOCOL_VERSION}",
        "title": "phase10 bot protocol message",
        "oneOf": [
            {"$ref": f"#/$defs/{kind}"}
            for kind in ("hello", "ready", "choose", "move", "events", "bye")
        ],
        "$defs": defs,
    }
