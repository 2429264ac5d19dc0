"""`call_with_room` is a plain call (arguments, result, errors) from a frame that reserves room."""

from __future__ import annotations

import pytest

from adversa.search.stack_room import ROOM_SLOTS, call_with_room


def countdown(remaining: int, seen: list[int]) -> int:
    seen.append(remaining)
    return countdown(remaining - 1, seen) if remaining else len(seen)


def test_it_passes_the_arguments_and_returns_the_result_of_a_deep_recursion() -> None:
    seen: list[int] = []
    assert call_with_room(countdown, 400, seen) == 401
    assert seen == list(range(400, -1, -1))


def test_an_error_in_the_function_reaches_the_caller_unchanged() -> None:
    def fail(message: str) -> None:
        raise ValueError(message)

    with pytest.raises(ValueError, match=r"^nope$"):
        call_with_room(fail, "nope")


def test_its_frame_reserves_more_than_an_ordinary_chunk_holds() -> None:
    """16 KB chunks hold 2,048 slots: a frame this large always starts a chunk of its own."""
    assert call_with_room.__code__.co_stacksize >= ROOM_SLOTS > 2048
