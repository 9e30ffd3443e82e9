"""Reads and writes qecmatch -state files (docs/testers/qecmatch-resume.md) for the tests:
version 2 is a header line, then one JSON line per finished game; version 1 one JSON object with
a "games" list. Written from the format's description, not from match/state.c."""
import json


def load(path):
    """(header, games, tail): the header object, the game objects, and the bytes after the last
    newline (a line cut short; b"" when the file ends in a newline)."""
    data = open(path, "rb").read()
    *lines, tail = data.split(b"\n")
    header = json.loads(lines[0])
    assert header["format"] == "qecmatch-state" and header["version"] == 2, path
    return header, [json.loads(l) for l in lines[1:]], tail


def line(obj):
    return json.dumps(obj, separators=(",", ":"))


def dump(path, header, games, tail=b""):
    with open(path, "wb") as f:
        f.write("".join(line(o) + "\n" for o in [header] + games).encode() + tail)


def set_state_path(header, path):
    """The -state path the runner records: the one the file is run from."""
    a = header["args"]
    a[a.index("-state") + 1] = path
