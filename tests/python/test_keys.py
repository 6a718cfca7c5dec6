"""Issue 32, points 1 and 2: typed tags that never fail on hostile values (each such value
NA, counted in one warning per column), the Result as the CLI scores it, and game_key: one
key for a game whether read from its file, a shard, another call or a Dask partition."""

import io
import json
import re
import warnings

import pandas as pd
import pytest

import pawnkit
import pawnkit.dask
from conftest import SAMPLE, STRUCTURES, run_cli, split_sample

# What a Lichess dump or a hand-edited file can hold in a rating tag.
HOSTILE_ELOS = ["2400.5", "2147483648", "99999999999", "abc", "?", "-2147483649", "1e3", ""]


def sample_games():
    """The bundled sample (real Lichess games) cut into one text per game."""
    return [part for part in re.split(r"\n(?=\[Event )", SAMPLE.read_text()) if part.strip()]


def with_tag(game, name, value):
    return re.sub(rf'^\[{name} "[^"]*"\]$', f'[{name} "{value}"]', game, count=1, flags=re.M)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The sample's first 20 games, the first len(HOSTILE_ELOS) with a hostile WhiteElo, and
    game 9 with a partial Date; returns (path, games)."""
    games = [g.strip("\n") + "\n" for g in sample_games()[:20]]
    for i, value in enumerate(HOSTILE_ELOS):
        games[i] = with_tag(games[i], "WhiteElo", value)
    games[9] = with_tag(games[9], "Date", "2025.??.??")
    path = tmp_path_factory.mktemp("hostile") / "hostile.pgn"
    path.write_text("\n".join(games))
    return path, games


def expected_elos(games):
    """WhiteElo by an independent reading: Python's int of the tag, when that is a whole
    number of Int32's range."""
    out = []
    for game in games:
        text = re.search(r'^\[WhiteElo "([^"]*)"\]$', game, flags=re.M).group(1)
        try:
            number = int(text) if re.fullmatch(r"[+-]?\d+", text) else None
        except ValueError:
            number = None
        out.append(number if number is not None and -2**31 <= number < 2**31 else None)
    return out


def tag_warnings(caught):
    return [str(w.message) for w in caught if issubclass(w.category, pawnkit.TagValueWarning)]


@pytest.mark.parametrize("call", ["positions", "games", "iter_positions"])
def test_hostile_elo_and_date_values_become_na_with_one_counted_warning(hostile, call):
    path, games = hostile
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if call == "positions":
            frame = pawnkit.positions(path, tags=["WhiteElo", "Date"], fen=False)
        elif call == "games":
            frame = pawnkit.games(path, tags=["WhiteElo", "Date"])
        else:  # many chunks: still one warning per column, with the total
            frame = pawnkit.concat(list(pawnkit.iter_positions(path, tags=["WhiteElo", "Date"], fen=False,
                                                               chunk_rows=50)))
    per_game = frame.groupby("game_id")["WhiteElo"].first() if call != "games" else frame["WhiteElo"]
    assert str(frame["WhiteElo"].dtype) == "Int32"
    expected = expected_elos(games)
    assert [None if pd.isna(v) else int(v) for v in per_game] == expected
    assert expected.count(None) == len(HOSTILE_ELOS)  # the independent reading agrees they are bad
    messages = tag_warnings(caught)
    assert len(messages) == 2, messages
    assert messages[0].startswith(f"pawnkit: tag WhiteElo: {len(HOSTILE_ELOS)} values") and "'2400.5'" in messages[0]
    assert messages[1].startswith("pawnkit: tag Date: 1 value") and "2025.??.??" in messages[1]
    assert frame.attrs["tag_problems"] == {"WhiteElo": len(HOSTILE_ELOS), "Date": 1}


def test_clean_tags_give_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error", pawnkit.TagValueWarning)
        frame = pawnkit.games(SAMPLE, tags=["WhiteElo", "BlackElo", "Date"])
    assert frame.attrs["tag_problems"] == {}


def test_a_repaired_result_is_scored_as_the_cli_scores_it(tmp_path):
    # Game 1 ends "1/2" (tag and token): the CLI reads the token as 1/2-1/2 and counts a draw.
    games = [g.strip("\n") + "\n" for g in sample_games()[:10]]
    games[0] = with_tag(games[0], "Result", "1/2").replace(" 0-1\n", " 1/2\n")
    path = tmp_path / "half.pgn"
    path.write_text("\n".join(games))
    with pytest.warns(pawnkit.RepairWarning):
        table = pawnkit.games(path, tags=["Result"])
    assert table["Result"].iloc[0] == "1/2-1/2"
    assert list(table["Result"].cat.categories) == ["1-0", "0-1", "1/2-1/2", "*"]
    white = json.loads(run_cli("stats", "--format", "json", path)[0])["scores"]["all games"]["white"]
    counts = table["Result"].value_counts()
    assert (counts["1-0"], counts["1/2-1/2"], counts["0-1"]) == (white["wins"], white["draws"], white["losses"])


# --- game_key -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    return split_sample(tmp_path_factory.mktemp("key_shards"), 40)


def test_game_key_is_one_key_per_game_across_files_shards_calls_and_dask(shards):
    import dask
    whole = pawnkit.positions(SAMPLE, fen=False)
    assert whole["game_key"].nunique() == whole["game_id"].nunique() == 300  # distinct games, distinct keys
    assert (whole.groupby("game_id")["game_key"].nunique() == 1).all()
    split = pawnkit.positions(shards, fen=False)
    assert split["game_key"].tolist() == whole["game_key"].tolist()
    assert not split["game_id"].equals(whole["game_id"])  # game_id is only the call's number
    again = pawnkit.concat([pawnkit.positions(shards[1], fen=False), pawnkit.positions(shards[0], fen=False)])
    assert set(again["game_key"]) == set(split[split["file"].isin(shards[:2])]["game_key"])
    assert again.groupby("game_key").ngroups == 80
    with dask.config.set(scheduler="synchronous"):
        parts = pawnkit.dask.positions(shards, fen=False).compute()
    assert parts["game_key"].tolist() == whole["game_key"].tolist()
    table = pawnkit.games(shards)
    assert table["game_key"].tolist() == whole.groupby("game_id")["game_key"].first().tolist()


def test_game_key_follows_the_content():
    games = [g.strip("\n") + "\n" for g in sample_games()[:3]]
    first = pawnkit.games(io.BytesIO("\n".join(games).encode()))["game_key"].tolist()
    # The same game again (after another) has its key; one changed tag changes it.
    changed = with_tag(games[0], "WhiteElo", "1500")
    second = pawnkit.games(io.BytesIO("\n".join([games[2], games[0], changed]).encode()))["game_key"].tolist()
    assert second[:2] == [first[2], first[0]] and second[2] not in first
    assert all(re.fullmatch(r"[0-9a-f]{32}", k) for k in first + second)


def test_fen_epd_records_have_distinct_ids_and_record_numbers():
    frame = pawnkit.positions(STRUCTURES, fen=True)
    assert frame["game"].tolist() == list(range(1, len(frame) + 1))
    assert frame["game_id"].is_unique
    # The key is the position's: equal FENs, equal keys.
    assert (frame.groupby("fen")["game_key"].nunique() == 1).all()
    assert frame["game_key"].nunique() == frame["fen"].nunique()


def test_several_tags_in_one_string_are_an_error_not_an_empty_column():
    # Before: tags="WhiteElo,BlackElo" gave one column of that name, empty.
    for call in (lambda t: pawnkit.positions(SAMPLE, tags=t), lambda t: pawnkit.games(SAMPLE, tags=t),
                 lambda t: pawnkit.timeline(SAMPLE, tags=t)):
        with pytest.raises(ValueError, match=r"several tags are a list: \['WhiteElo', 'BlackElo'\]"):
            call("WhiteElo,BlackElo")
        with pytest.raises(ValueError, match="not a tag name"):
            call(["White Elo"])


@pytest.mark.parametrize("call", ["positions", "games", "iter_positions"])
def test_a_misspelt_tag_is_warned_with_the_close_names(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if call == "positions":
            frame = pawnkit.positions(SAMPLE, tags=["Whiteelo", "BlackElo"], fen=False)
        elif call == "games":
            frame = pawnkit.games(SAMPLE, tags=["Whiteelo", "BlackElo"])
        else:
            frame = pawnkit.concat(list(pawnkit.iter_positions(SAMPLE, tags=["Whiteelo", "BlackElo"], fen=False,
                                                               chunk_rows=500)))
    assert frame["Whiteelo"].isna().all() and frame["BlackElo"].notna().any()
    messages = tag_warnings(caught)
    assert len(messages) == 1, messages
    assert messages[0].startswith("pawnkit: tag Whiteelo: no game has it") and "'WhiteElo'" in messages[0]
