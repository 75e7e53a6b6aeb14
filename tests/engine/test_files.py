"""engine.formats.files: an atomic writer that leaves nothing behind, a reader that refuses what
is not a file of a sane size without reading it (or hanging on it)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import engine.formats.files
from engine import PresetError, load_preset, read_preset, write_preset
from engine.formats.files import (
    TEMPORARY_MARK,
    FileTooLargeError,
    NotARegularFileError,
    open_regular,
    read_bounded,
    remove_stale_temporaries,
    write_atomic,
)
from engine.formats.import_common import MatrixImportError
from engine.formats.import_csv import read_csv
from engine.formats.import_npy import read_npy, read_npz

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
posix_modes = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")


@pytest.fixture
def umask_022():
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def finishes(call, seconds: float = 5.0, fifo: Path | None = None) -> BaseException | None:
    """Run ``call`` in a thread and return what it raised (None if nothing). Fails the
    test if it is still running after ``seconds``; a reader stuck on ``fifo`` is freed
    first by opening the pipe's other end."""
    raised: list[BaseException | None] = [None]

    def run() -> None:
        try:
            call()
        except BaseException as error:
            raised[0] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        if fifo is not None:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"still running after {seconds} s")
    return raised[0]


# ---------------------------------------------------------------- write_atomic


def test_write_atomic_writes_the_bytes_and_leaves_only_the_file(tmp_path):
    path = tmp_path / "data.bin"
    write_atomic(path, b"first")
    write_atomic(path, b"\x00second\r\n")
    assert path.read_bytes() == b"\x00second\r\n"
    assert os.listdir(tmp_path) == ["data.bin"]


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_failing_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch, error):
    path = tmp_path / "data.bin"
    path.write_bytes(b"old")

    def fail(handle: int) -> None:
        raise error

    monkeypatch.setattr(engine.formats.files.os, "fsync", fail)
    with pytest.raises(type(error)):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["data.bin"]


def test_a_failing_rename_leaves_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "data.bin"

    def refuse(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(engine.formats.files.os, "replace", refuse)
    with pytest.raises(PermissionError):
        write_atomic(path, b"new")
    assert os.listdir(tmp_path) == []


def test_the_temporary_is_named_after_the_file_with_the_suffix_asked(tmp_path, monkeypatch):
    names: list[str] = []
    replace = os.replace

    def spy(source: str, target: object) -> None:
        names.append(Path(source).name)
        replace(source, target)

    monkeypatch.setattr(engine.formats.files.os, "replace", spy)
    write_atomic(tmp_path / "out.svg", b"<svg/>", suffix=".part")
    assert names[0].startswith(".out.svg.")
    assert names[0].endswith(".part" + TEMPORARY_MARK)


@posix_modes
def test_a_new_file_gets_0o644_under_umask_022(tmp_path, umask_022):
    path = tmp_path / "new.json"
    write_atomic(path, b"{}")
    assert path.stat().st_mode & 0o777 == 0o644


@posix_modes
def test_a_replaced_file_keeps_its_mode(tmp_path, umask_022):
    path = tmp_path / "private.json"
    path.write_bytes(b"{}")
    path.chmod(0o600)
    write_atomic(path, b"[]")
    assert path.stat().st_mode & 0o777 == 0o600


@posix_modes
def test_write_preset_saves_through_write_atomic(tmp_path, umask_022):
    path = tmp_path / "lesson.json"
    write_preset(path, load_preset("cat-eats-fish"))
    assert path.stat().st_mode & 0o777 == 0o644
    assert np.array_equal(read_preset(path).q, load_preset("cat-eats-fish").q)
    assert os.listdir(tmp_path) == ["lesson.json"]


# ---------------------------------------------------------------- read_bounded


def test_read_bounded_reads_a_file_up_to_its_limit(tmp_path):
    path = tmp_path / "data.bin"
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, 100) == b"x" * 100
    assert read_bounded(path, 10**9) == b"x" * 100
    empty = tmp_path / "empty"
    empty.touch()
    assert read_bounded(empty, 0) == b""


def test_a_file_over_the_limit_is_refused_with_its_size(tmp_path):
    path = tmp_path / "data.bin"
    path.write_bytes(b"x" * 101)
    with pytest.raises(FileTooLargeError, match=r"data\.bin is 101 bytes; at most 100 bytes"):
        read_bounded(path, 100)


def test_a_sparse_gigabyte_is_refused_in_megabytes_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as stream:
        stream.truncate(2**30)
    with pytest.raises(FileTooLargeError) as refused:
        read_bounded(path, 256 * 2**20)
    assert refused.value.size == 2**30
    assert refused.value.description == "is 1,024 MB; at most 256 MB"


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "growing.bin"
    path.write_bytes(b"x" * 500)
    fstat = os.fstat

    def stale(handle: int) -> os.stat_result:  # the size it had before it grew
        fields = list(fstat(handle))
        fields[6] = 50  # st_size
        return os.stat_result(fields)

    monkeypatch.setattr(engine.formats.files.os, "fstat", stale)
    with pytest.raises(FileTooLargeError) as refused:
        read_bounded(path, 100)
    assert refused.value.size is None
    assert refused.value.description == "is over 100 bytes"
    assert read_bounded(path, 500) == b"x" * 500  # grown, but within the limit


def test_a_directory_is_refused(tmp_path):
    with pytest.raises(IsADirectoryError if sys.platform != "win32" else PermissionError):
        read_bounded(tmp_path, 100)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_refused_unread():
    with pytest.raises(NotARegularFileError, match="zero is not a file"):
        read_bounded("/dev/zero", 100)


@needs_fifo
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    raised = finishes(lambda: read_bounded(fifo, 100), fifo=fifo)
    assert isinstance(raised, NotARegularFileError)
    assert raised.path == fifo
    raised = finishes(lambda: open_regular(fifo).close(), fifo=fifo)
    assert isinstance(raised, NotARegularFileError)


@needs_fifo
@pytest.mark.parametrize(
    ("name", "read", "error", "message"),
    [
        ("lesson.json", read_preset, PresetError, "cannot read lesson.json: it is not a file"),
        ("q.csv", read_csv, MatrixImportError, "q.csv: cannot be read: it is not a file"),
        ("q.npy", read_npy, MatrixImportError, "q.npy: cannot be read: it is not a file"),
        ("m.npz", read_npz, MatrixImportError, "m.npz: cannot be read: it is not a file"),
    ],
)
def test_every_reader_refuses_a_fifo_without_hanging(tmp_path, name, read, error, message):
    fifo = tmp_path / name
    os.mkfifo(fifo)
    raised = finishes(lambda: read(fifo), fifo=fifo)
    assert isinstance(raised, error)
    assert str(raised) == message


@pytest.mark.parametrize(
    ("name", "read", "error", "message"),
    [
        ("lesson.json", read_preset, PresetError, "cannot read lesson.json: "),
        ("q.csv", read_csv, MatrixImportError, "q.csv: cannot be read: "),
        ("q.npy", read_npy, MatrixImportError, "q.npy: cannot be read: "),
        ("m.npz", read_npz, MatrixImportError, "m.npz: cannot be read: "),
    ],
)
def test_every_reader_refuses_a_folder_as_open_would(tmp_path, name, read, error, message):
    folder = tmp_path / name
    folder.mkdir()
    with pytest.raises(error) as refused:
        read(folder)
    assert str(refused.value).startswith(message)
    if sys.platform != "win32":
        assert str(refused.value) == message + "Is a directory"


# ------------------------------------------------------------------ what killed writes leave
def dead_pid() -> int:
    """The pid of a process that has ended (and surely not been reused this instant)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return int(done.stdout)


@pytest.mark.skipif(os.name != "posix", reason="asks the process table (POSIX)")
def test_a_save_removes_what_killed_saves_left_and_nothing_else(tmp_path):
    path = tmp_path / "lesson.json"
    left = tmp_path / f".lesson.json.{dead_pid()}.k2j4x9{TEMPORARY_MARK}"
    running = tmp_path / f".lesson.json.{os.getpid()}.a1b2c3{TEMPORARY_MARK}"
    foreign = [tmp_path / ".lesson.json.swp", tmp_path / f".other.json.1{TEMPORARY_MARK}",
               tmp_path / f".lesson.json.notapid{TEMPORARY_MARK}"]  # fmt: skip
    for file in (left, running, *foreign):
        file.write_bytes(b"half a session")
    write_atomic(path, b"{}")
    assert not left.exists()
    assert running.exists()  # a write under way in this very process
    assert all(file.exists() for file in foreign)
    assert path.read_bytes() == b"{}"


def test_a_temporary_file_carries_the_apps_mark_and_its_pid(tmp_path, monkeypatch):
    seen = []
    real = engine.formats.files.write_synced

    def spy(path, data):
        seen.append(path.name)
        real(path, data)

    monkeypatch.setattr(engine.formats.files, "write_synced", spy)
    write_atomic(tmp_path / "a[1].csv", b"1,2")
    assert seen[0].startswith(f".a[1].csv.{os.getpid()}.")
    assert seen[0].endswith(TEMPORARY_MARK)
    assert remove_stale_temporaries(tmp_path / "a[1].csv") == []  # brackets are not a pattern
