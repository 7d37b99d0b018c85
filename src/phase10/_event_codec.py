"""Events as JSON-ready values and back: the ``phase10/event`` documents.

Each kind of event is written by a :class:`~phase10._codec.Codec` of its
record, its name (``CardDrawn.name``, ``"card_drawn"``) under ``"type"``
first, as a move is. An event document holds one event and no game, so it
is read for its form: each value by its type, the seats it names as seats
some table may have, and the fixed bounds its fields declare
(``_limits.BOUNDS``, which its JSON Schema states too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from ._codec import Codec, tagged
from ._errors import FormatError, shown
from ._events import EVENT_TYPES, Event
from ._fields import Table
from ._json import MAX_DECK, at, fail
from ._limits import BOUNDS, MAX_PLAYERS
from ._rules import OFFICIAL

__all__ = ["EVENTS", "read_event", "write_event"]

EVENTS: Final = {cls: Codec(cls, tag=cls.name) for cls in EVENT_TYPES}
"""The codec of each kind of event, its name under ``"type"``."""
_EVENT_NAMED: Final = {cls.name: codec for cls, codec in EVENTS.items()}
_EVENT_TABLE: Final = Table(OFFICIAL, MAX_PLAYERS, MAX_DECK)
"""The table events are read at: any seat a table may have (an event
document does not say how many players its game has)."""


def write_event(event: Event) -> dict[str, Any]:
    """An event as a dict: its name under ``"type"``, then its fields.

    An event made by hand with a field out of its bounds (a seat 20) is
    refused, as the reader would refuse its document."""
    codec = EVENTS.get(type(event))
    if codec is None:
        raise FormatError(f"cannot write a {type(event).__name__} as an event")
    _check_bounds(event, "")
    return codec.write(event)


def read_event(value: object, where: str) -> Event:
    """The event ``value`` describes, of the kind its ``"type"`` names.

    Each value is read by its type, and each field's fixed bounds (a seat is
    0 to ``MAX_PLAYERS - 1``) are checked; whether the event could happen
    in a game is not, since a document of one event holds no game."""
    codec, data = tagged(value, where, _EVENT_NAMED, "an event")
    event: Event = codec.build(data, where, _EVENT_TABLE)
    _check_bounds(event, where)
    return event


def _check_bounds(event: Event, where: str) -> None:
    """Refuse ``event`` if a field is outside the fixed bounds it declares."""
    for field in attrs.fields(type(event)):
        bounds = field.metadata.get(BOUNDS)
        if bounds is not None:
            _within(getattr(event, field.name), bounds, at(where, field.name))


def _within(value: Any, bounds: Mapping[str, Any], where: str) -> None:
    """Refuse ``value`` (read already) outside a field's fixed ``bounds``."""
    if value is None:  # an optional field: the bounds are those of a value
        return
    if isinstance(value, tuple):
        least, most = bounds.get("minItems", 0), bounds.get("maxItems")
        if len(value) < least:
            items = "item" if least == 1 else "items"
            raise fail(where, f"expected at least {least} {items}, not {len(value)}")
        if most is not None and len(value) > most:
            raise fail(where, f"expected at most {most} items, not {len(value)}")
        return
    if isinstance(value, bool) or not isinstance(value, int):  # made by hand
        raise fail(where, f"expected a whole number, not {shown(value)}")
    low, high = bounds.get("minimum", value), bounds.get("maximum", value)
    if not low <= value <= high:
        limits = f"from {low}" + ("" if "maximum" not in bounds else f" to {high}")
        raise fail(where, f"expected a whole number {limits}, not {value}")
