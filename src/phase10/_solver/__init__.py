"""The phase solver: a way to make a phase from some cards, or proof there is none.

The question (R4-R11, R14): can the cards be split into one group per
requirement of a phase, each group exactly its minimum size? The answer is
exact for every phase the language can express, and fast enough for a bot
to ask it every turn. The documentation page "How the phase solver works"
(docs/solver.md) explains how and why.

Its parts:

- ``_entry``: the entry (:func:`solve`), which takes plain options (the
  natural-card rule, whether runs wrap), and the choice of a route for each
  phase; the public :func:`~phase10.find_phase`, which reads those options
  from a rule set, is ``phase10._find_phase``, above the rules, which use
  the solver;
- ``_bins``, ``_one_run``, ``_sets_and_runs``: the fast routes for the
  common shapes of phase;
- ``_general``: the general search, for any phase;
- ``_tally`` and ``_bounds``: what the groups placed ask of the hand, and
  lower bounds on the Wilds the groups left still need;
- ``_flow``: flows of natural cards into the groups' slots.
"""

from ._bounds import covered, merged, pooled
from ._common import Answer
from ._entry import solve

__all__ = ["Answer", "solve"]

# The bounds that the tests check against brute force, by their old names.
_covered = covered
_merged = merged
_pooled = pooled
