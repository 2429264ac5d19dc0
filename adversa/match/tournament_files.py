"""A tournament's folder: its settings, every game, the results and a web page.

::

    DIR/tournament.json        the settings (``--resume DIR`` replays nothing else)
    DIR/games/game-00001.json  each finished game (its engines, moves, result, reason)
    DIR/games/game-00001.pdn   … and in the game's own record format, when it has one
    DIR/results.json           standings, ratings and crosstable (as ``--json``)
    DIR/index.html             the crosstable and standings, every game linked

Every file is written atomically (`adversa.files.write_text_atomic`), and a game's
JSON file is written before anything that counts it. A game is finished exactly when
its JSON file exists, so a tournament killed at any instant (Ctrl-C, ``kill -9``, a
power cut) resumes with every finished game kept and none played twice; the summary
files are derived: the command rewrites them every second or so and at the end.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path

from adversa.files import UserFileError, read_user_text, write_text_atomic
from adversa.games import parse_settings
from adversa.games.base import AdversaError
from adversa.games.registry import entry_of
from adversa.jsontypes import json_list, json_object, json_str
from adversa.match.arena import GameRecord, MatchError
from adversa.match.records import game_as_record
from adversa.match.session import GameSession, Player, parse_player
from adversa.match.tournament import (
    FinishedGame,
    Tournament,
    TournamentSettings,
    crosstable,
    standings,
    summary,
)

SETTINGS_FILE = "tournament.json"
GAMES_FOLDER = "games"


def game_stem(index: int) -> str:
    return f"game-{index + 1:05d}"


class TournamentFolder:
    """Where one tournament's files live (see the module's docstring)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.games = directory / GAMES_FOLDER

    def create(self, settings: TournamentSettings) -> None:
        """Start a new tournament here; refused where one already is."""
        if (self.directory / SETTINGS_FILE).exists():
            raise MatchError(f"--out {str(self.directory)!r} already holds a tournament; "
                             f"continue it with --resume {self.directory}")
        try:
            self.games.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise MatchError(f"--out {str(self.directory)!r}: cannot create the folder "
                             f"({error.strerror})") from None
        write_text_atomic(self.directory / SETTINGS_FILE,
                          json.dumps(settings.to_json(), indent=2) + "\n")

    def settings(self) -> TournamentSettings:
        """The settings of the tournament saved here (for ``--resume``)."""
        path = self.directory / SETTINGS_FILE
        if not path.exists():
            raise MatchError(f"--resume {str(self.directory)!r}: no tournament there "
                             f"(no {SETTINGS_FILE})")
        try:
            return TournamentSettings.from_json(json.loads(read_user_text(path, SETTINGS_FILE)))
        except ValueError as error:
            raise MatchError(f"{path}: not a tournament's settings ({error})") from None

    def finished(self) -> list[FinishedGame]:
        """Every game whose record file is here, in order. Temporary files a killed run
        left half-written (``.game-00004.json.x1y2.tmp``) are removed: their game was not
        finished, and is played again."""
        for stale in self.games.glob(".game-*.tmp"):
            stale.unlink(missing_ok=True)
        games = []
        for path in sorted(self.games.glob("game-*.json")):
            try:
                games.append(FinishedGame.from_json(json.loads(read_user_text(path))))
            except (UserFileError, ValueError, KeyError) as error:
                raise MatchError(f"{path}: not a finished game's record ({error})") from None
        return games

    def new_games(self, seen: set[str]) -> list[FinishedGame]:
        """The finished games whose record files are not in ``seen`` (file names), which
        gains them: a watcher reads each file once however long the tournament runs."""
        games = []
        for path in sorted(self.games.glob("game-*.json")):
            if path.name in seen:
                continue
            try:
                games.append(FinishedGame.from_json(json.loads(read_user_text(path))))
            except (UserFileError, ValueError, KeyError) as error:
                raise MatchError(f"{path}: not a finished game's record ({error})") from None
            seen.add(path.name)
        return games

    def replay(self, index: int) -> GameSession:
        """Game ``index`` (from 0) as a session at its last move, for the replay viewer:
        its engines in their seats (a person where one cannot be started here), no
        autosave."""
        settings = self.settings()
        path = self.games / f"{game_stem(index)}.json"
        try:
            data = json_object(json.loads(read_user_text(path)))
            start = data["start_position"]
            session: GameSession = GameSession(
                settings.game_name, parse_settings(settings.game_settings), (),
                None if start is None else json_str(start))
            for text in json_list(data["moves"]):
                session.play(session.parse_recorded(json_str(text)))
            specs = json_list(data["players"])
        except (UserFileError, ValueError, KeyError, AdversaError) as error:
            raise MatchError(f"{path}: cannot replay this game ({error})") from None
        session.players = [_player_or_person(session, str(spec)) for spec in specs]
        session.autosaves = False
        return session

    def write_game(self, tournament: Tournament, record: GameRecord,
                   engines: tuple[int, int]) -> None:
        """The game in its own format (if any), then its JSON file, which marks it done;
        ``engines``: the pairing that played it."""
        stem = game_stem(record.index)
        own = game_as_record(tournament.game, record, tournament.time_control)
        record_format = entry_of(tournament.game).record
        if own is not None and record_format is not None:
            write_text_atomic(self.games / f"{stem}{record_format.suffix}", own)
        data = {"engines": list(engines), **record.to_json()}
        write_text_atomic(self.games / f"{stem}.json",
                          json.dumps(data, indent=2, ensure_ascii=False) + "\n")

    def write_results(self, tournament: Tournament, games: Sequence[FinishedGame],
                      interrupted: bool = False) -> None:
        document = summary(tournament, games, interrupted)
        write_text_atomic(self.directory / "results.json",
                          json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        write_text_atomic(self.directory / "index.html", results_page(tournament, games))


def _player_or_person(session: GameSession, spec: str) -> Player:
    try:
        return parse_player(session.game, spec)
    except AdversaError:
        return None


def record_link(tournament: Tournament, index: int) -> str:
    """The game's file as linked from the page: its own format when it has one."""
    record_format = entry_of(tournament.game).record
    suffix = record_format.suffix if record_format is not None else ".json"
    return f"{GAMES_FOLDER}/{game_stem(index)}{suffix}"


def results_page(tournament: Tournament, games: Sequence[FinishedGame]) -> str:
    """A self-contained HTML page: standings with ratings, the crosstable, every game."""
    names = tournament.short_names
    count = len(names)
    lines = standings(count, games)
    table = crosstable(count, games)
    order = [line.engine for line in lines]
    escape = html.escape

    def cell(value: object) -> str:
        """A cell; numbers (and marks) are right-aligned, names and text left."""
        text = str(value)
        numeric = not any(letter.isalpha() for letter in text)
        return f'<td class="n">{escape(text)}</td>' if numeric else f"<td>{escape(text)}</td>"

    standing_rows = []
    for place, line in enumerate(lines, start=1):
        interval = ("" if line.interval is None
                    else f"{line.interval[0]:+.0f} … {line.interval[1]:+.0f}")
        standing_rows.append("<tr>" + "".join([
            cell(place), cell(names[line.engine]), cell(line.games), cell(f"{line.points:g}"),
            cell("" if line.rating is None else f"{line.rating:+.0f}"), cell(interval),
            cell("" if line.superiority is None else f"{100 * line.superiority:.0f}%"),
        ]) + "</tr>")
    cross_rows = []
    for place, i in enumerate(order, start=1):
        cells = [f"<td>{escape(f'{place}. {names[i]}')}</td>"]
        for j in order:
            points, played = table[i][j]
            cells.append("<td>—</td>" if i == j else cell(f"{points:g}/{played}" if played else ""))
        cross_rows.append("<tr>" + "".join(cells) + "</tr>")
    game_rows = []
    for game in sorted(games, key=lambda game: game.index):
        first, second = game.engines
        players = (first, second) if game.first_player == 0 else (second, first)
        link = f'<a href="{escape(record_link(tournament, game.index))}">{game.index + 1}</a>'
        game_rows.append("<tr>" + "".join([
            f'<td class="n">{link}</td>', cell(names[players[0]]), cell(names[players[1]]),
            cell(game.result), cell(game.plies), cell(game.reason)]) + "</tr>")
    header = "".join(f"<th>{place}</th>" for place in range(1, count + 1))
    settings = tournament.settings
    title = f"{tournament.game.title or tournament.game.name} {settings.format} tournament"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #bbb;padding:.2em .6em;text-align:left}}
td.n{{text-align:right}}</style></head><body>
<h1>{escape(title)}</h1>
<p>{len(games)} of {tournament.planned} games, {settings.games} per pairing.
Ratings: maximum likelihood (draws modelled), 95 % intervals; LOS: likelihood of
being stronger than the engine below.</p>
<h2>Standings</h2>
<table><tr><th>#</th><th>engine</th><th>games</th><th>points</th><th>rating</th>
<th>95 %</th><th>LOS</th></tr>
{chr(10).join(standing_rows)}
</table>
<h2>Crosstable</h2>
<p>Points of the row's engine against the column's, of the games they played.</p>
<table><tr><th>engine</th>{header}</tr>
{chr(10).join(cross_rows)}
</table>
<h2>Games</h2>
<table><tr><th>game</th><th>first player</th><th>second player</th><th>result</th>
<th>plies</th><th>how it ended</th></tr>
{chr(10).join(game_rows)}
</table>
</body></html>
"""
