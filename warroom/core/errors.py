"""The errors every game raises through the contract, so callers catch one family."""

from __future__ import annotations


class WarroomError(Exception):
    """Base of every error warroom raises on purpose (bad input, never a bug)."""


class IllegalActionError(WarroomError, ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


class OptionError(WarroomError, ValueError):
    """An unknown game, an unknown option or an option value out of range."""


class CorruptDataError(WarroomError, ValueError):
    """A save, replay or data file that cannot be read; the message says where and why."""
