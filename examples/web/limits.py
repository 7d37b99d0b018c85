"""How much one client may ask of the web server: budgets of frames and
requests, per socket and per address, and a log that cannot be flooded.

A :class:`Bucket` is a token bucket: ``rate`` tokens a second up to
``burst``; each frame or request takes one, and one that finds the bucket
empty is refused. :class:`Budgets` keeps one bucket per kind of frame
(moves, ``back``, ``ready``, ``hint``, anything else) for each socket, and
one per kind for each address, shared by all of its sockets: a client who
opens many sockets gets no more than the address's budget. A socket that
goes on sending past its budget uses up its *strikes* and is closed.

:class:`LogLimit` is a :class:`logging.Filter` that lets a logger write
so many lines a second and then counts the lines it drops, saying how
many once it writes again; :func:`say` writes the server's own lines to
stderr through it.

>>> bucket = Bucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(now=0.0) for _ in range(3)], bucket.take(now=1.0)
([True, True, False], True)
"""

from __future__ import annotations

import logging
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass

KINDS = ("move", "back", "ready", "hint", "other")
"""The kinds of frame a page sends, each with its own budget."""


class Bucket:
    """``rate`` tokens a second, at most ``burst`` kept."""

    def __init__(self, rate: float, burst: float, now: float | None = None) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        """Take one token: whether there was one."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass(frozen=True)
class Rate:
    """A budget: ``rate`` a second, ``burst`` at once."""

    rate: float
    burst: float


SOCKET_RATES: dict[str, Rate] = {
    # A page makes a move only in its turn, a few a turn (draw, lay, hits,
    # discard): 10 a second is far more than a person clicks.
    "move": Rate(10.0, 20),
    # "I'm back" and "Next hand" are pressed once a turn or a hand.
    "back": Rate(1.0, 5),
    "ready": Rate(1.0, 5),
    # A hint is worked out in a thread (it counts odds).
    "hint": Rate(0.5, 3),
    # Anything else is refused anyway: refusing it costs a message.
    "other": Rate(2.0, 10),
}
"""Each socket's budget per kind of frame."""

ADDRESS_TIMES = 5.0
"""An address's budget per kind is this many sockets' budgets (a family or
an office behind one address plays several tables)."""

STRIKES = Rate(1.0, 20)
"""Frames past the budget a socket may send (refused) before it is closed."""


class Budgets:
    """The frames' buckets of every socket and every address: a socket's
    are ``rates`` (:data:`SOCKET_RATES`) times ``socket_times``, an
    address's ``address_times`` a socket's."""

    def __init__(
        self,
        rates: dict[str, Rate] | None = None,
        *,
        socket_times: float = 1.0,
        address_times: float = ADDRESS_TIMES,
        most_addresses: int = 10_000,
    ) -> None:
        self.rates = {
            kind: Rate(rate.rate * socket_times, rate.burst * socket_times)
            for kind, rate in (SOCKET_RATES if rates is None else rates).items()
        }
        self.address_times = address_times
        self.most_addresses = most_addresses
        self.addresses: OrderedDict[str, dict[str, Bucket]] = OrderedDict()

    def for_socket(self, address: str) -> SocketBudget:
        """The budget of a new socket from ``address``."""
        buckets = self.addresses.get(address)
        if buckets is None:
            times = self.address_times
            buckets = {
                kind: Bucket(rate.rate * times, rate.burst * times)
                for kind, rate in self.rates.items()
            }
            self.addresses[address] = buckets
            while len(self.addresses) > self.most_addresses:  # the oldest go
                self.addresses.popitem(last=False)
        else:
            self.addresses.move_to_end(address)
        return SocketBudget(self.rates, buckets)


class SocketBudget:
    """One socket's buckets, and its address's."""

    def __init__(self, rates: dict[str, Rate], address: dict[str, Bucket]) -> None:
        self.own = {kind: Bucket(rate.rate, rate.burst) for kind, rate in rates.items()}
        self.address = address
        self.strikes = Bucket(STRIKES.rate, STRIKES.burst)
        self.refused = 0
        """Frames refused for the budget."""
        self.told = Bucket(1.0, 1)
        """The refusals the page is told of: one a second, the rest dropped."""

    def take(self, kind: str) -> bool:
        """Count one frame of ``kind``: whether it is within the budget."""
        kind = kind if kind in self.own else "other"
        if self.own[kind].take() and self.address[kind].take():
            return True
        self.refused += 1
        return False

    def strike(self) -> bool:
        """Count a frame past the budget: whether the socket may go on."""
        return self.strikes.take()

    def tell(self) -> bool:
        """Whether to tell the page of this refusal (one a second)."""
        return self.told.take()


class RequestBudget:
    """Requests of one kind per address (``rate`` a second, ``burst`` at once)."""

    def __init__(self, rate: float, burst: float, most_addresses: int = 10_000) -> None:
        self.rate, self.burst, self.most_addresses = rate, burst, most_addresses
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
            while len(self.buckets) > self.most_addresses:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(address)
        return bucket.take()


class LogLimit(logging.Filter):
    """At most ``rate`` lines a second (``burst`` at once) through a logger;
    the lines dropped are counted and said with the next line let through."""

    def __init__(self, rate: float = 20.0, burst: float = 100) -> None:
        super().__init__()
        self.bucket = Bucket(rate, burst)
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.bucket.take():
            self.dropped += 1
            return False
        if self.dropped:
            dropped = f"[{self.dropped} log lines dropped before this one]"
            record.msg = f"{record.msg} {dropped}"
            self.dropped = 0
        return True


_LOGGER = logging.getLogger("phase10.web")
_LOGGER.propagate = False
_HANDLER = logging.StreamHandler(sys.stderr)
_HANDLER.addFilter(LogLimit())
_LOGGER.addHandler(_HANDLER)
_LOGGER.setLevel(logging.INFO)


def say(line: str) -> None:
    """Write ``line`` to the server's log (stderr), within the log's limit."""
    _LOGGER.info("%s", line)


def limit_logs(*names: str, rate: float = 20.0, burst: float = 100) -> None:
    """Put a :class:`LogLimit` on the loggers ``names`` (uvicorn's write a
    line or more for each socket and request a flood opens)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, LogLimit) for f in logger.filters):
            logger.addFilter(LogLimit(rate, burst))
