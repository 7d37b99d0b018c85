"""Moves as numbers and views as vectors: a fixed encoding for learning agents.

Reinforcement learning libraries want every move as an index into a fixed
range and a *mask* of the indices that are legal now, and every observation
as a vector of fixed length. :class:`Encoding` gives both for one table size
and one set of rules, with nothing beyond the core package (masks are
``bytes``, observations tuples of ints; :mod:`phase10.rl` turns them into
NumPy arrays).

- Moves are numbered in blocks: draw, take the discard, lay the phase (the
  *k*-th lay :func:`~phase10.legal_actions` lists), hit (a card face on a
  table group, at an end), discard (a card face), Skip (a seat counted from
  the player to move) and deal the next hand. :attr:`Encoding.actions`
  lists the blocks.
- The mask is built from :func:`~phase10.legal_actions`, so it never
  disagrees with the engine: an index is marked exactly when its move is
  listed there (lays past ``Encoding.max_lays`` are left out).
- A view becomes a vector of whole numbers, seats counted from the seat
  viewing. :attr:`Encoding.observations` lists its pieces; the guide for
  learners describes every slot.

>>> from phase10 import new_game, view
>>> from phase10.encoding import Encoding
>>> encoding = Encoding(2)
>>> game = new_game(2, seed=7)
>>> [encoding.action(i, game) for i in encoding.legal(game)]
[Draw.from_notation('D'), Draw.from_notation('T')]
>>> len(encoding.mask(game)) == encoding.num_actions
True
>>> len(encoding.observe(view(game, 0))) == encoding.observation_size
True

The package keeps one module a family: ``_segments`` (:class:`Segment`, a
named run of slots), ``_numbers`` (the numbering of moves: each kind of
move's block, a number in words), ``_lays`` (the numbering of lays, by
their place among those listed), ``_observations`` (the table of the
observation's named pieces, from which the vector, its layout, its bounds
and the guide's table all come) and ``_encoding`` (:class:`Encoding`).
Only the names below are public, and each says it belongs to
``phase10.encoding``.

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Final

from . import _lays
from ._encoding import Encoding
from ._segments import Segment

__all__ = ["MAX_LAYS", "Encoding", "Segment"]

MAX_LAYS: Final = _lays.MAX_LAYS
"""How many lays the encoding numbers by default. In 24,669 positions of
seeded play where a phase could be laid, the most lays listed at once was
95, and more than 32 happened 22 times.

.. versionadded:: 0.1
"""

# The public names were defined in one module, phase10.encoding, until 0.2:
# they keep saying so, for their reprs, the documentation and pickles.
for _public in (Encoding, Segment):
    _public.__module__ = __name__
del _public

# The doctest finder looks for a method's examples in the module its class
# says it belongs to, which does not hold the method's code: named here.
__test__ = {"Encoding.describe": Encoding.describe}
