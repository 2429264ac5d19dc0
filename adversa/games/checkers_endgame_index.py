"""The checkers endgame database: its perfect index, its byte file, and probing it.

A *material signature* ``(own kings, own men, opponent kings, opponent men)`` names one
table; "own" is the side to move. Colour symmetry halves the database: turning the board
round (square ``s`` becomes ``33 - s``) and swapping the colours maps a position with White
to move onto one with Black to move and the same value, so every table holds positions
with **Black to move** only (Black's men step towards higher squares) and a White-to-move
position is looked up turned round. In the ghost-square layout that turn is a reversal
of the 35 bits (`reverse_bits`), so it is never computed while probing: the `Layout`
keeps a second set of rank tables keyed by the unturned bit sets.

**Index.** A table is the product of four groups, each ranked by its position in the
lexicographic list of the combinations of its allowed squares: the mover's men (squares
1–28: on 29–32 they would be kings), the opponent's men (5–32), the mover's kings and the
opponent's kings (1–32). ``index = ((own men · N₂ + opp men) · N₃ + own kings) · N₄ + opp
kings``. Ranking each group on its own leaves *holes* (two groups on one square), about
a tenth of a table; they are stored as `HOLE` and cost a byte each, which buys a rank
that is four dictionary lookups.

**Values**, one byte per position, for the side to move: `DRAW` (0); ``d + 1`` for a
result ``d`` plies from the end of the game with best play (odd ``d``: the side to move
wins, making the last move; even ``d``: it loses, 0 meaning it has no move now); `HOLE`
(255) for an index that is no position. The distance is to the end of the game, across
captures and crownings, so an engine can play the win out move by move; it ignores the
draw rules (repetition, the 40-move rule) — the database is the pure game-theoretic value.

**File.** `MAGIC`, one JSON line (the format version, the largest piece count, and per
table its signature, offset, length and CRC-32), then the tables' bytes. A loaded file is
mapped into memory, not read: five pieces are 187 MB, which every engine process would
otherwise copy; mapped, they share the operating system's one cached copy and load at once.

**Trust.** A wrong byte would make the engine play a losing move while it announces a
win, so nothing in a file is believed unchecked: the header is bounded before it is
parsed (length, nesting) and every field after (the exact set of tables its piece counts
imply, tables laid end to end filling the file), and each table's CRC-32 is checked the
first time it is used (`CheckedTables`). A table that fails sets the whole file aside,
with one line on standard error, and the engine plays on without it.
"""

from __future__ import annotations

import json
import mmap
import os
import sys
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from pathlib import Path

from adversa.games.base import AdversaError
from adversa.games.checkers_board import SQUARE_BIT

Signature = tuple[int, int, int, int]
"""``(own kings, own men, opponent kings, opponent men)``, the side to move's first."""

DRAW = 0
HOLE = 255
MAX_DISTANCE = 253
"""The longest distance a byte holds (``d + 1`` ≤ 254)."""

MAGIC = b"adversa checkers endgame database\n"
HEADER_LIMIT = 1 << 20
"""Longest header line read (a few kilobytes in practice)."""
FORMAT_VERSION = 2
"""2 added each table's CRC-32 (a version-1 file is refused: build it again)."""
MAX_HEADER_DEPTH = 3
"""``{"tables": [[...]]}``: deeper nesting is refused before the JSON is parsed."""
MAX_PIECES = 5
"""The most pieces `adversa endgame build` solves every position of (five are 187 million
index entries: 13 minutes of one core here, 1.4 GB of memory at the peak, 187 MB)."""
DEFAULT_PIECES = 4
"""What it builds unless asked: four pieces take a minute, which the app can offer."""
MAX_KING_PIECES = 5
"""The most pieces it solves the kings-only positions of (three kings against two)."""
FILE_NAME = "checkers-endgame.db"

KING_SQUARES = tuple(range(1, 33))
OWN_MAN_SQUARES = tuple(range(1, 29))
OPP_MAN_SQUARES = tuple(range(5, 33))


def reverse_bits(mask: int) -> int:
    """The ghost-layout bit set turned round (square ``s`` → ``33 - s``): a 35-bit reversal."""
    return int(f"{mask:035b}"[::-1], 2)


@cache
def _combinations(squares: tuple[int, ...], size: int) -> tuple[int, ...]:
    """The bit sets of ``size`` squares out of ``squares``, in lexicographic order (= rank)."""
    return tuple(sum(SQUARE_BIT[s] for s in chosen) for chosen in combinations(squares, size))


@cache
def _ranks(squares: tuple[int, ...], largest: int, turned: bool) -> dict[int, int]:
    """Bit set → its rank among the sets of its size, for every size up to ``largest``;
    keyed by the turned-round set when ``turned`` (a White-to-move position's pieces)."""
    ranks: dict[int, int] = {}
    for size in range(largest + 1):
        for rank, mask in enumerate(_combinations(squares, size)):
            ranks[reverse_bits(mask) if turned else mask] = rank
    return ranks


def signature_of(own: int, opp: int, kings: int) -> Signature:
    own_kings, opp_kings = own & kings, opp & kings
    return (own_kings.bit_count(), (own ^ own_kings).bit_count(),
            opp_kings.bit_count(), (opp ^ opp_kings).bit_count())


def swapped(signature: Signature) -> Signature:
    """The signature after a quiet move: the other side is to move."""
    own_kings, own_men, opp_kings, opp_men = signature
    return (opp_kings, opp_men, own_kings, own_men)


def signatures(pieces: int) -> list[Signature]:
    """Every signature with exactly ``pieces`` pieces and at least one on each side."""
    found = []
    for own_kings in range(pieces + 1):
        for own_men in range(pieces + 1 - own_kings):
            for opp_kings in range(pieces + 1 - own_kings - own_men):
                opp_men = pieces - own_kings - own_men - opp_kings
                if own_kings + own_men and opp_kings + opp_men:
                    found.append((own_kings, own_men, opp_kings, opp_men))
    return found


def build_order(pieces: int, king_pieces: int = 0) -> list[tuple[Signature, ...]]:
    """The groups to solve, dependencies first: every signature up to ``pieces`` pieces, and
    the kings-only ones up to ``king_pieces`` (a kings-only table needs only kings-only
    tables: no man can be crowned, and captures take kings).

    A quiet move turns signature ``s`` into ``swapped(s)``, so the two are solved together
    (one group); a capture leads to fewer pieces, a crowning to fewer men with as many
    pieces, so ordering groups by (pieces, men) puts every table a move can leave for
    before the group that needs it.
    """
    groups: dict[frozenset[Signature], tuple[Signature, ...]] = {}
    for count in range(2, max(pieces, king_pieces) + 1):
        for signature in signatures(count):
            if count > pieces and signature[1] + signature[3]:
                continue
            pair = frozenset((signature, swapped(signature)))
            groups.setdefault(pair, tuple(sorted(pair)))
    return sorted(groups.values(), key=lambda group: (sum(group[0]), group[0][1] + group[0][3],
                                                     group))


@dataclass(frozen=True, slots=True)
class Layout:
    """The index of one table: its four groups' rank tables and radices."""

    signature: Signature
    size: int
    radices: tuple[int, int, int]
    """The sizes of the opponent's men, own kings and opponent's kings groups."""
    ranks: tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]]
    """Own men, opponent men, own kings, opponent kings: bit set → rank (Black to move)."""
    turned: tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]]
    """The same keyed by the unturned sets of a White-to-move position (own = White)."""

    def index(self, own: int, opp: int, kings: int) -> int:
        """The index of a Black-to-move position (``own`` = Black's pieces)."""
        own_men, opp_men, own_kings, opp_kings = self.ranks
        n2, n3, n4 = self.radices
        mine, theirs = own & kings, opp & kings
        return ((own_men[own ^ mine] * n2 + opp_men[opp ^ theirs]) * n3
                + own_kings[mine]) * n4 + opp_kings[theirs]

    def turned_index(self, own: int, opp: int, kings: int) -> int:
        """The index of a White-to-move position (``own`` = White's pieces), turned round."""
        own_men, opp_men, own_kings, opp_kings = self.turned
        n2, n3, n4 = self.radices
        mine, theirs = own & kings, opp & kings
        return ((own_men[own ^ mine] * n2 + opp_men[opp ^ theirs]) * n3
                + own_kings[mine]) * n4 + opp_kings[theirs]

    def positions(self) -> Iterator[tuple[int, int, int, int]]:
        """``(index, own, opp, kings)`` of every position of the table (holes skipped),
        in index order, Black to move."""
        own_kings_n, own_men_n, opp_kings_n, opp_men_n = self.signature
        own_men_sets = _combinations(OWN_MAN_SQUARES, own_men_n)
        opp_men_sets = _combinations(OPP_MAN_SQUARES, opp_men_n)
        own_king_sets = _combinations(KING_SQUARES, own_kings_n)
        opp_king_sets = _combinations(KING_SQUARES, opp_kings_n)
        kings_block = len(own_king_sets) * len(opp_king_sets)
        index = 0
        for own_men in own_men_sets:
            for opp_men in opp_men_sets:
                if own_men & opp_men:
                    index += kings_block
                    continue
                men = own_men | opp_men
                for own_kings in own_king_sets:
                    if own_kings & men:
                        index += len(opp_king_sets)
                        continue
                    taken = men | own_kings
                    for opp_kings in opp_king_sets:
                        if not opp_kings & taken:
                            yield (index, own_men | own_kings, opp_men | opp_kings,
                                   own_kings | opp_kings)
                        index += 1

    def position(self, index: int) -> tuple[int, int, int] | None:
        """``(own, opp, kings)`` at ``index`` (Black to move), or None for a hole: the
        inverse of `index`."""
        n2, n3, n4 = self.radices
        rest, opp_kings_rank = divmod(index, n4)
        rest, own_kings_rank = divmod(rest, n3)
        own_men_rank, opp_men_rank = divmod(rest, n2)
        own_kings_n, own_men_n, opp_kings_n, opp_men_n = self.signature
        own_men = _combinations(OWN_MAN_SQUARES, own_men_n)[own_men_rank]
        opp_men = _combinations(OPP_MAN_SQUARES, opp_men_n)[opp_men_rank]
        own_kings = _combinations(KING_SQUARES, own_kings_n)[own_kings_rank]
        opp_kings = _combinations(KING_SQUARES, opp_kings_n)[opp_kings_rank]
        groups = (own_men, opp_men, own_kings, opp_kings)
        if sum(g.bit_count() for g in groups) != (own_men | opp_men | own_kings
                                                  | opp_kings).bit_count():
            return None
        return own_men | own_kings, opp_men | opp_kings, own_kings | opp_kings


@cache
def layout(signature: Signature) -> Layout:
    own_kings, own_men, opp_kings, opp_men = signature
    largest = max(signature)
    sizes = (comb(28, own_men), comb(28, opp_men), comb(32, own_kings), comb(32, opp_kings))

    def rank_tables(turned: bool) -> tuple[dict[int, int], dict[int, int], dict[int, int],
                                           dict[int, int]]:
        kings = _ranks(KING_SQUARES, largest, turned)
        return (_ranks(OWN_MAN_SQUARES, largest, turned), _ranks(OPP_MAN_SQUARES, largest, turned),
                kings, kings)

    return Layout(signature, sizes[0] * sizes[1] * sizes[2] * sizes[3], sizes[1:],
                  rank_tables(False), rank_tables(True))


# --------------------------------------------------------------------------- values


def decode(byte: int) -> tuple[float, int]:
    """``(value for the side to move, plies to the end)`` of a stored byte (not a hole)."""
    if byte == DRAW:
        return 0.0, 0
    distance = byte - 1
    return (1.0 if distance & 1 else -1.0), distance


# --------------------------------------------------------------------------- the file


class DatabaseFileError(AdversaError):
    """A database file that is not one this version wrote (bad magic, header or length)."""


@dataclass(frozen=True, slots=True)
class EndgameDatabase:
    """The tables of a built database, in memory (a few megabytes for four pieces)."""

    pieces: int
    """Every position with this many pieces or fewer is in it…"""
    king_pieces: int
    """…and every kings-only position with this many or fewer."""
    tables: Mapping[Signature, bytes | memoryview]
    """Signature → its bytes (built in memory) or a view into the mapped file (loaded)."""

    @property
    def reach(self) -> int:
        """The most pieces of any position in the database."""
        return max(self.pieces, self.king_pieces)

    def lookup(self, black: int, white: int, kings: int, white_to_move: bool) -> int | None:
        """The stored byte of a position, or None when its material is not in the database."""
        own, opp = (white, black) if white_to_move else (black, white)
        signature = signature_of(own, opp, kings)
        table = self.tables.get(signature)
        if table is None:
            return None
        shape = layout(signature)
        index = (shape.turned_index(own, opp, kings) if white_to_move
                 else shape.index(own, opp, kings))
        return table[index]

    def to_bytes(self) -> bytes:
        header: dict[str, object] = {"version": FORMAT_VERSION, "pieces": self.pieces,
                                     "king_pieces": self.king_pieces, "tables": []}
        offset = 0
        entries = []
        for signature, table in sorted(self.tables.items()):
            entries.append([*signature, offset, len(table), zlib.crc32(table)])
            offset += len(table)
        header["tables"] = entries
        line = json.dumps(header, separators=(",", ":")).encode() + b"\n"
        return MAGIC + line + b"".join(table for _, table in sorted(self.tables.items()))

    @classmethod
    def from_bytes(cls, data: bytes | mmap.mmap) -> EndgameDatabase:
        """The database in ``data`` (a file's bytes or its memory map); its tables are
        views into ``data``, not copies."""
        end = data.find(b"\n", len(MAGIC), len(MAGIC) + HEADER_LIMIT)
        if end < 0:
            raise DatabaseFileError("it is not an adversa checkers endgame database")
        pieces, king_pieces, spans = _read_header(data[:end + 1], len(data) - end - 1)
        body = memoryview(data)[end + 1:]
        tables = CheckedTables({signature: (body[offset:offset + length], checksum)
                                for signature, offset, length, checksum in spans})
        return cls(pieces, king_pieces, tables)

    def check_all(self) -> None:
        """Check every table now (`CheckedTables`): what ``adversa endgame`` commands do
        before they report on a file. Raises `DatabaseFileError` for a damaged one."""
        for signature in self.tables:
            self.tables[signature]

    @classmethod
    def from_file(cls, path: Path) -> EndgameDatabase:
        """The database in the file at ``path``, mapped read-only (see the module notes).

        The map stays valid when the file is replaced (a rebuild writes a new file and
        renames it over the old one), so a search under way keeps its tables."""
        with path.open("rb") as file:
            try:
                data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            except ValueError:  # an empty file cannot be mapped
                raise DatabaseFileError("it is empty: build it again") from None
        return cls.from_bytes(data)


class CheckedTables(Mapping[Signature, memoryview]):
    """A file's tables, each checked against its CRC-32 the first time it is asked for.

    Checking a table costs a pass over its bytes (milliseconds for most, ~0.1 s for the
    largest five-piece ones), once per process; after that `get` is one dictionary
    lookup, as fast as a plain dict's, since the engine probes at every node near the
    end of a game. `get` never raises: a damaged table sets the whole file aside (see
    the module notes) and every later `get` answers None, as for a table not built.
    Indexing (``tables[s]``) raises `DatabaseFileError` instead, for commands that
    report on the file."""

    def __init__(self, spans: dict[Signature, tuple[memoryview, int]]) -> None:
        self._spans = spans
        self._checked: dict[Signature, memoryview] = {}
        self.damaged: str | None = None
        """Why the file was set aside, once a table failed its check."""

    def get(self, signature: Signature, default: None = None) -> memoryview | None:  # type: ignore[override]
        table = self._checked.get(signature)
        if table is not None or self.damaged is not None or signature not in self._spans:
            return table
        try:
            return self[signature]
        except DatabaseFileError as error:
            print(f"adversa: warning: the checkers endgame database is set aside: {error}; "
                  "the engine plays on without it", file=sys.stderr)
            return None

    def __getitem__(self, signature: Signature) -> memoryview:
        if self.damaged is not None:
            raise DatabaseFileError(self.damaged)
        table = self._checked.get(signature)
        if table is not None:
            return table
        table, checksum = self._spans[signature]
        if zlib.crc32(table) != checksum:
            self.damaged = (f"table {list(signature)} fails its checksum (the file is "
                            "damaged): build it again")
            self._checked.clear()
            raise DatabaseFileError(self.damaged)
        self._checked[signature] = table
        return table

    def __iter__(self) -> Iterator[Signature]:
        return iter(self._spans)

    def __len__(self) -> int:
        return len(self._spans)


def expected_signatures(pieces: int, king_pieces: int) -> set[Signature]:
    """The tables a whole database of these piece counts holds (as `build` makes it)."""
    return {signature for group in build_order(pieces, king_pieces) for signature in group}


def _nesting(text: bytes) -> int:
    """The deepest nesting of ``[``/``{`` in ``text`` (brackets inside strings count too:
    a real header has none there), without parsing it."""
    depth = deepest = 0
    for byte in text:
        if byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif byte in b"]}":
            depth -= 1
    return deepest


def _bounded_int(value: object, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DatabaseFileError(f"{what} is {str(value)[:40]}, expected {low} to {high}: "
                                "build it again")
    return value


def _read_header(
    head: bytes, body_size: int
) -> tuple[int, int, list[tuple[Signature, int, int, int]]]:
    """The piece counts and each table's (signature, offset, length, CRC-32) from the
    file's `MAGIC` and header line, checked against the ``body_size`` bytes that follow:
    every field bounded, the tables exactly those the piece counts imply, laid end to
    end from offset 0 and filling the body."""
    if not head.startswith(MAGIC) or not head.endswith(b"\n"):
        raise DatabaseFileError("it is not an adversa checkers endgame database")
    line = head[len(MAGIC):]
    if len(line) > HEADER_LIMIT or _nesting(line) > MAX_HEADER_DEPTH:
        raise DatabaseFileError("unreadable header (too long or too deeply nested): "
                                "build it again")
    try:
        header = json.loads(line)
    except ValueError as error:
        raise DatabaseFileError(f"unreadable header ({str(error)[:80]}): "
                                "build it again") from None
    if not isinstance(header, dict) or set(header) != {"version", "pieces", "king_pieces",
                                                        "tables"}:
        raise DatabaseFileError("unreadable header (expected version, pieces, king_pieces "
                                "and tables): build it again")
    if header["version"] != FORMAT_VERSION:
        raise DatabaseFileError(f"format version {str(header['version'])[:20]}, "
                                f"expected {FORMAT_VERSION}: build it again")
    pieces = _bounded_int(header["pieces"], 2, MAX_PIECES, "pieces")
    king_pieces = _bounded_int(header["king_pieces"], pieces, MAX_KING_PIECES, "king_pieces")
    expected = expected_signatures(pieces, king_pieces)
    entries = header["tables"]
    if not isinstance(entries, list) or len(entries) != len(expected):
        raise DatabaseFileError(f"expected {len(expected)} tables: build it again")
    spans = []
    offset = 0
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 7):
            raise DatabaseFileError("unreadable table entry: build it again")
        signature = (entry[0], entry[1], entry[2], entry[3])
        if signature not in expected:
            raise DatabaseFileError(f"unexpected table {str(entry[:4])[:60]}: build it again")
        expected.discard(signature)
        size = layout(signature).size
        if entry[4] != offset or entry[5] != size:
            raise DatabaseFileError(f"table {list(signature)} is not where its header says "
                                    "(offset or length): build it again")
        checksum = _bounded_int(entry[6], 0, 0xFFFF_FFFF, "a checksum")
        if offset + size > body_size:
            raise DatabaseFileError(f"table {list(signature)} is truncated: build it again")
        spans.append((signature, offset, size, checksum))
        offset += size
    if offset != body_size:
        raise DatabaseFileError("the file is longer than its tables: build it again")
    return pieces, king_pieces, spans


def database_built(path: Path | None = None, *, pieces: int = 0) -> bool:
    """Whether a whole, sound database is at ``path`` (default `database_path`) that has
    every position of at least ``pieces`` pieces.

    Sound means every table passes its CRC-32, so a damaged file is never reported as
    built (the app would then neither offer to build it again nor know the engine plays
    without it). The check is one pass over the mapped file, once per file version
    (`load_database` keeps the checked tables): zlib checksums 187 MB, the five-piece
    file, in about 30 ms once it is in the page cache.
    """
    database = load_database(path)
    if database is None or database.pieces < pieces:
        return False
    tables = database.tables
    try:
        for signature in tables:
            tables[signature]  # a CheckedTables checks each table's CRC-32 once
    except DatabaseFileError:
        return False
    return True


def five_pieces_built() -> bool:
    """Whether the database at `database_path` has every position of up to five pieces."""
    return database_built(pieces=5)


def data_dir() -> Path:
    """Where adversa keeps data it computes (not created here).

    ``ADVERSA_DATA_DIR`` overrides it (tests point it at a tmp dir so that a database the
    user built never changes what they measure); else the platform's user data
    directory (``~/.local/share/adversa`` on Linux).
    """
    override = os.environ.get("ADVERSA_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs  # only when a database is looked for

    return Path(platformdirs.user_data_dir("adversa"))


def database_path() -> Path:
    return data_dir() / FILE_NAME


_loaded: dict[Path, tuple[tuple[int, int], EndgameDatabase]] = {}
_refused: dict[Path, tuple[int, int]] = {}
"""Files whose header was refused, and which version of each: said once, not per search."""


def load_database(path: Path | None = None) -> EndgameDatabase | None:
    """The database at ``path`` (default `database_path`), or None when there is none.

    Read once per file version (its modification time and size), so every search may ask.
    A file that cannot be read, is not a database, or has a table that failed its
    checksum counts as none: the engine then plays as it does without one (``adversa
    endgame info`` says what is wrong with it).
    """
    target = path or database_path()
    try:
        status = target.stat()
    except OSError:
        return None
    stamp = (status.st_mtime_ns, status.st_size)
    cached = _loaded.get(target)
    if cached is not None and cached[0] == stamp:
        tables = cached[1].tables
        return None if isinstance(tables, CheckedTables) and tables.damaged else cached[1]
    try:
        database = EndgameDatabase.from_file(target)
    except OSError:
        return None
    except DatabaseFileError as error:
        if _refused.get(target) != stamp:  # one line per version of the file
            _refused[target] = stamp
            print(f"adversa: warning: the checkers endgame database {target} is set aside: "
                  f"{error}; the engine plays on without it", file=sys.stderr)
        return None
    _loaded[target] = (stamp, database)
    return database
