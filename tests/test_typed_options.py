"""Game options are read typed: a value given as text is parsed, a value given typed must
have the kind its option declares, and a game reads its settings through `Game.option`."""

from __future__ import annotations

import pytest

from adversa.games import make_game
from adversa.games.base import Option, OptionError


@pytest.mark.parametrize(("game", "name", "value", "expected"), [
    ("nim", "misere", 3, "expected true or false"),
    ("pig", "players", "x", "expected a whole number"),
    ("pig", "players", 2.5, "expected a whole number"),
    ("nim", "piles", (1, "2"), "expected a comma-separated list of whole numbers"),
    ("nim", "piles", [1, 2], "expected a comma-separated list of whole numbers"),
    ("tree", "file", 7, "expected valid text"),
])
def test_a_typed_value_of_the_wrong_kind_is_refused_in_one_line(
    game: str, name: str, value: object, expected: str
) -> None:
    with pytest.raises(OptionError, match=expected) as refused:
        make_game(game, {name: value})
    assert "\n" not in str(refused.value) and name in str(refused.value)


def test_values_given_typed_or_as_text_resolve_to_the_same_typed_settings() -> None:
    typed = make_game("nim", {"piles": (1, 2, 3), "misere": True})
    text = make_game("nim", {"piles": "1,2,3", "misere": "true"})
    assert typed.options == text.options == {"piles": (1, 2, 3), "misere": True}
    assert typed.int_list_option("piles") == (1, 2, 3)
    assert typed.option("misere", bool) is True


def test_reading_an_option_as_another_kind_is_a_programming_error() -> None:
    game = make_game("pig", {"players": 3})
    assert game.option("players", int) == 3
    with pytest.raises(TypeError, match="not str"):
        game.option("players", str)


def test_an_unset_option_stays_none_and_json_round_trips_keep_the_kind() -> None:
    limit = Option("time", "float", None, "seconds", minimum=0, above=True)
    assert limit.validate(None) is None
    piles = Option("piles", "int-list", (1,), "piles", minimum=1)
    assert piles.from_json(piles.to_json((3, 4))) == (3, 4)
    with pytest.raises(OptionError, match="expected a comma-separated"):
        piles.from_json({"a": 1})
