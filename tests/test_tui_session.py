"""The game-session model and the settings store, without Textual."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrowing import known

from adversa import settings as store
from adversa.games import AdversaError, make_game
from adversa.jsontypes import JsonObject
from adversa.match.record_fields import RecordError
from adversa.match.session import (
    GameSession,
    autosaved_record,
    default_players,
    parse_player,
)
from adversa.search.config import EngineConfig
from adversa.search.engine import default_engine

ENGINE = EngineConfig.parse("alphabeta depth=9")


def test_undo_against_an_engine_takes_back_both_plies_and_redo_replays_them() -> None:
    session = GameSession("tictactoe", {}, [None, ENGINE])
    session.play_text("b2")
    session.play_text("a1")  # the engine's reply
    session.play_text("c3")
    assert session.undo() == 1  # only the human's c3: the engine has not replied yet
    assert session.undo() == 2
    assert session.moves == [] and session.is_human_turn()
    assert session.redo() == 2
    assert session.notations == ["b2", "a1"]
    assert session.redo() == 1 and session.notations == ["b2", "a1", "c3"]
    assert session.redo() == 0


def test_undo_is_one_ply_in_hotseat_and_engine_vs_engine() -> None:
    for players in ([None, None], [ENGINE, ENGINE]):
        session = GameSession("tictactoe", {}, players)
        session.play_text("b2")
        session.play_text("a1")
        assert session.undo() == 1 and session.notations == ["b2"]


def test_a_new_move_clears_redo_unless_it_is_the_redone_move() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    session.play_text("a1")
    session.undo()
    session.play_text("a1")
    assert session.redo_stack == []
    session.undo()
    session.play_text("c1")
    assert session.redo_stack == [] and session.notations == ["b2", "c1"]


def test_illegal_text_leaves_the_state_unchanged() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    with pytest.raises(AdversaError, match="legal moves"):
        session.play_text("b2")
    assert session.notations == ["b2"] and len(session.states) == 2


def test_status_names_the_player_and_the_result() -> None:
    session = GameSession("tictactoe", {}, [None, ENGINE])
    assert session.status_text() == "X to move (you)"
    for move in ("a1", "b1", "a2", "b2"):
        session.play_text(move)
    assert session.status_text() == "X to move (you)"
    session.play_text("a3")
    assert session.is_over and session.status_text().startswith("X wins")


def test_default_engines_fit_each_game() -> None:
    assert default_engine(make_game("tictactoe")) == EngineConfig.parse("alphabeta depth=9 time=2")
    assert known(default_engine(make_game("pig"))).algorithm == "expectiminimax"
    assert known(default_engine(make_game("pig", {"players": "3"}))).algorithm == "maxn"
    checkers = default_engine(make_game("checkers"))
    assert checkers is not None and checkers.time_budget == 2
    players = default_players(make_game("pig", {"players": "4"}))
    assert players[0] is None and all(isinstance(p, EngineConfig) and p.algorithm == "maxn"
                                      for p in players[1:])


def test_parse_player_rejects_engines_that_do_not_fit() -> None:
    game = make_game("pig", {"players": "3"})
    assert parse_player(game, "Human") is None
    with pytest.raises(AdversaError, match="algorithms for pig"):
        parse_player(game, "alphabeta depth=3")
    with pytest.raises(AdversaError, match="whole number"):
        parse_player(game, "maxn depth=deep")


def test_json_record_round_trip(tmp_path: Path) -> None:
    session = GameSession("nim", {"piles": "2,3", "misere": "true"}, [None, ENGINE.__class__(
        "solve")])
    session.play(session.legal_moves()[0])
    session.play(session.legal_moves()[-1])
    path = tmp_path / "nim.json"
    session.save(path)
    record = json.loads(path.read_text())
    assert record["options"] == {"piles": [2, 3], "misere": True}  # typed, not text
    assert record["players"] == ["human", "solve"]
    loaded = GameSession.load(path)
    assert loaded.state == session.state and loaded.notations == session.notations
    assert loaded.players == session.players


def test_a_record_starting_from_a_position_replays_from_it() -> None:
    session = GameSession("tictactoe", {}, [None, None], position="X.O/.X./...")
    session.play_text("a1")
    again = GameSession.from_record(session.to_record())
    assert again.states[0] == session.states[0] and again.state == session.state


def test_pig_records_keep_the_dice(tmp_path: Path) -> None:
    session = GameSession("pig", {"target": "20"}, [None, None])
    rng = random.Random(3)
    for _ in range(12):
        if session.is_over:
            break
        if session.to_move == -1:
            session.roll(rng)
        else:
            session.play(session.legal_moves()[0])
    path = tmp_path / "pig.json"
    session.save(path)
    assert GameSession.load(path).state == session.state


def test_checkers_pdn_round_trip(tmp_path: Path) -> None:
    session = GameSession("checkers", {}, [None, EngineConfig.parse("alphabeta depth=5")])
    for _ in range(6):
        session.play(session.legal_moves()[0])
    path = tmp_path / "game.pdn"
    session.save(path)
    text = path.read_text()
    assert '[White "alphabeta depth=5"]' in text and "1." in text
    loaded = GameSession.load(path)
    assert loaded.state == session.state and loaded.players == session.players


def test_pdn_is_refused_for_other_games(tmp_path: Path) -> None:
    session = GameSession("tictactoe", {}, [None, None])
    with pytest.raises(RecordError, match=r"save tictactoe as \.json"):
        session.save(tmp_path / "x.pdn")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "record object"),
        ('{"format": "other"}', "not an adversa game record"),
        ('{"format": "adversa-game", "game": "tictactoe", "moves": ["b2", "b2"]}',
         "move 2"),
        ('{"format": "adversa-game", "game": "shogi", "moves": []}', "unknown game"),
        ('{"format": "adversa-game", "game": "nim", "options": [1, 2], "moves": []}',
         "'options' must be an object"),
        ('{"format": "adversa-game", "game": "nim", "options": {"piles": [1, "x"]}, "moves": []}',
         "option piles="),
        ('{"format": "adversa-game", "game": "nim", "options": {"misere": 1}, "moves": []}',
         "option misere=1: expected true or false"),
        ('{"format": "adversa-game", "game": "nim", "start": 5, "moves": []}',
         "'start' must be a position"),
        ('{"format": "adversa-game", "game": "nim", "players": 3, "moves": []}',
         "'players' must be a list"),
    ],
)
def test_bad_records_are_one_line_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(AdversaError, match=message):
        GameSession.load(path)


@pytest.mark.parametrize(("name", "content", "reason"), [
    ("game.json", b"\xff\xfe\x00 not text", "is a binary file"),
    ("game.pdn", b"\xff\xfe\x00 not text", "is a binary file"),
    ("game.json", b"caf\xe9", "is not UTF-8 text"),
    ("game.json", b'{"format": "adversa-game", "game": "nim", "mov', "not valid JSON"),
    ("game.json", b'{"game": "checkers", "engine_a": "alphabeta", "wins": 3}',
     "not an adversa game record"),
    ("game.json", None, "is a directory"),
    ("gone.json", b"", "no such file"),
])
def test_a_bad_save_file_is_refused_with_its_path_and_why(
    tmp_path: Path, name: str, content: bytes | None, reason: str
) -> None:
    path = tmp_path / name
    if content is None:
        path.mkdir()
    elif name != "gone.json":
        path.write_bytes(content)
    with pytest.raises(AdversaError) as refused:
        GameSession.load(path)
    message = str(refused.value)
    assert reason in message and str(path) in message and "\n" not in message


def test_saving_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    target = tmp_path / "game.json"
    session.save(target)
    session.play_text("a1")
    session.save(target)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert GameSession.load(target).notations == ["b2", "a1"]


def test_hand_edited_option_values_are_read_as_text() -> None:
    record: JsonObject = {"format": "adversa-game", "game": "nim",
                          "options": {"piles": "2,2", "misere": True}, "moves": ["1:2"]}
    session = GameSession.from_record(record)
    assert session.options["misere"] == "true" and len(session.moves) == 1


def test_a_tampered_autosave_is_not_offered(config_dir: Path) -> None:
    store.write_json(store.AUTOSAVE_FILE,
                     {"format": "adversa-game", "game": "nim", "moves": 3, "players": 2})
    assert autosaved_record() is None


def test_autosave_keeps_a_game_in_progress_and_forgets_a_finished_one() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("a1")
    session.autosave()
    record = autosaved_record()
    assert record is not None and record["moves"] == ["a1"]
    for move in ("b1", "a2", "b2", "a3"):
        session.play_text(move)
    session.autosave()
    assert autosaved_record() is None


def test_settings_survive_a_corrupt_file(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / store.SETTINGS_FILE).write_text("not json")
    remembered = store.Settings.load()
    assert remembered.last_game is None
    remembered.remember("nim", {"piles": "1,2"}, ["human", "solve"])
    remembered.save()
    again = store.Settings.load()
    assert again.last_game == "nim" and again.players_for("nim") == ["human", "solve"]
    assert again.options_for("nim") == {"piles": "1,2"}


def test_config_dir_follows_xdg_without_override(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    monkeypatch.delenv("ADVERSA_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert store.config_dir() == tmp_path / "adversa"


@settings(max_examples=30, deadline=None)
@given(st.lists(st.booleans(), max_size=20), st.randoms(use_true_random=False))
def test_redo_undoes_any_undo(checks: list[bool], rng: random.Random) -> None:
    """In random play against an engine, redo after undo always restores the game,
    and undo always lands on a human turn (or the start)."""
    session = GameSession("tictactoe", {}, [None, ENGINE])
    for check in checks:
        if session.is_over:
            break
        if check and session.moves:
            before = (session.state, list(session.notations))
            taken = session.undo()
            assert session.is_human_turn() or not session.moves
            assert session.redo() == taken
            assert (session.state, session.notations) == before
        else:
            session.play(rng.choice(list(session.legal_moves())))


def test_tree_results_name_the_leaf_values() -> None:
    two = GameSession("tree", {"file": "three-ply"}, [None, None])
    two.play_text("1")
    two.play_text("1")
    assert two.status_text() == "Game over — value 3 for MAX (leaf 3)"
    three = GameSession("tree", {"file": "maxn-three-player"}, [None, None, None])
    for _ in range(3):
        three.play(three.legal_moves()[0])
    assert three.status_text().startswith("Game over — values Player 1: 1, Player 2: 2")


def test_records_keep_options_typed_and_read_old_text_records() -> None:
    """Saved JSON has true/numbers/lists, not strings; a version-1 record with text still loads."""
    session = GameSession("nim", {"piles": "1,3,5", "misere": "true"})
    record = session.to_record()
    assert record["options"] == {"piles": [1, 3, 5], "misere": True}
    assert GameSession.from_record(record).game.options == session.game.options
    old: JsonObject = {**record, "version": 1, "options": {"piles": "1,3,5", "misere": "true"}}
    assert GameSession.from_record(old).game.options == session.game.options


def test_hotseat_players_are_named_by_seat_not_you_and_you() -> None:
    checkers = GameSession("checkers", {}, [None, None])
    assert [checkers.human_label(seat) for seat in (0, 1)] == ["Player 1", "Player 2"]
    assert checkers.status_text() == "Black to move (player 1)"
    pig = GameSession("pig", {"players": 3}, [None, None, ENGINE])
    assert [pig.human_label(seat) for seat in (0, 1)] == ["Human", "Human"]
    assert pig.status_text() == "Player 1 to move (human)"
    alone = GameSession("checkers", {}, [None, ENGINE])
    assert alone.human_label(0) == "You" and alone.status_text() == "Black to move (you)"


def test_a_game_with_its_own_format_saves_any_other_suffix_as_json(tmp_path: Path) -> None:
    """Checkers saved as ``game.txt`` raised a KeyError looking for a ``.txt`` format."""
    session = GameSession("checkers", {}, [None, None])
    session.play(session.legal_moves()[0])
    path = tmp_path / "game.txt"
    session.save(path)
    assert json.loads(path.read_text())["moves"] and GameSession.load(path).state == session.state


def test_go_to_walks_the_history_back_and_forward_through_redo() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    for move in ("b2", "a1", "c3", "a3"):
        session.play_text(move)
    states = list(session.states)
    session.go_to(1)
    assert session.notations == ["b2"] and session.state == states[1]
    session.go_to(3)
    assert session.notations == ["b2", "a1", "c3"] and session.state == states[3]
    session.redo()
    assert session.state == states[4] and not session.redo_stack
    with pytest.raises(ValueError, match="no position after 5 plies"):
        session.go_to(5)
