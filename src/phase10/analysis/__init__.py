"""Exact odds, outs and advice for one seat, from what it sees.

A player asks: which cards would complete my phase (:func:`outs`), how
likely am I to make it in the next draws (:func:`phase_odds`), what should
I do now (:func:`advise`), and what did the move I made cost
(:func:`review`, and :func:`review_game` for a whole game)? Everything
here reads a :class:`~phase10.PlayerView` and nothing else (a state given
to :func:`review` is read only through the view of the seat to move), so
a front end may call it for its player without leaking a card the player
cannot see; :func:`hand_outs` and :func:`hand_odds` ask the same of plain
cards, for teaching.

The odds are exact: every card the seat has not seen is taken as equally
likely to be drawn next (as :func:`~phase10.determinize` assumes), and the
chance is counted over the multisets of unseen faces, each asked of the
solver once (the docs page "Odds, outs and advice" shows how). The
expected number of draws to make a phase under a stated simple policy
(:func:`expected_draws`) is a Monte Carlo estimate with its standard error.

Its parts: ``_counting`` (faces in classes, draws as multisets of classes,
the solver's answers remembered per hand), ``_odds`` (the questions of a
view or of plain cards), ``_policy`` (the expected draws), ``_advice``
(the moves ranked) and ``_coach`` (a move made, reviewed against them).

.. versionadded:: 0.2
"""

from __future__ import annotations

from ._advice import Advice, advise, hint
from ._coach import Review, review, review_game
from ._design import Chance, PhaseList, PhaseRating, rate_phases
from ._odds import MAX_DRAWS, hand_odds, hand_outs, outs, phase_odds, unseen
from ._policy import Estimate, expected_draws

__all__ = [
    "MAX_DRAWS",
    "Advice",
    "Chance",
    "Estimate",
    "PhaseList",
    "PhaseRating",
    "Review",
    "advise",
    "expected_draws",
    "hand_odds",
    "hand_outs",
    "hint",
    "outs",
    "phase_odds",
    "rate_phases",
    "review",
    "review_game",
    "unseen",
]
