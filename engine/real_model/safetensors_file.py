"""Tensors from a ``.safetensors`` file, read with NumPy alone.

The format (Hugging Face's, https://huggingface.co/docs/safetensors) is three parts:

1. 8 bytes: N, the header's length, an unsigned little-endian integer;
2. N bytes: a JSON object, name → ``{"dtype": "F32", "shape": [384, 384],
   "data_offsets": [begin, end]}``, and an optional ``"__metadata__"`` of strings;
3. the tensors' bytes, little-endian and C-ordered, each at ``begin … end`` counted from
   the end of the header.

Everything is checked before a tensor is made: a header longer than the file (the
classic is a header "claiming" 10¹² bytes), a header that is not a JSON object, an
unknown dtype, a shape that is not a list of sizes, offsets outside the data or not
matching dtype × shape, tensors that overlap. Then only the byte ranges the header names
are read, each with ``seek`` and ``readinto`` into a NumPy buffer of its own (about 0.05 s
for the 87 MB of all-MiniLM-L6-v2 from the page cache), and each tensor is a read-only
view of it: the weights take their size in memory once, a file padded to gigabytes around
them costs nothing more, and a file cut short or changed later cannot fault the process
as a memory map can.
"""

from __future__ import annotations

import math
import os
from itertools import pairwise
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ..formats.files import open_regular
from ..formats.json_file import parse_json
from ..messages import InputError, Message

#: The dtypes NumPy can hold as they are; BF16 is widened to float32 (see :func:`_bfloat16`).
DTYPES: dict[str, np.dtype[np.generic]] = {
    "F64": np.dtype("<f8"),
    "F32": np.dtype("<f4"),
    "F16": np.dtype("<f2"),
    "BF16": np.dtype("<u2"),
    "I64": np.dtype("<i8"),
    "I32": np.dtype("<i4"),
    "I16": np.dtype("<i2"),
    "I8": np.dtype("i1"),
    "U8": np.dtype("u1"),
    "BOOL": np.dtype("?"),
}
#: The header of a real model is tens of kB (all-MiniLM-L6-v2's: 13 kB, 101 tensors); a
#: million tensors took 60 MB, 32 s and 0.9 GB to refuse. 8 MB is 80,000 tensors' worth.
MAX_HEADER_BYTES = 8 * 2**20
#: NumPy's own limits are 64 dimensions and sizes under 2⁶³; a model's tensors have at
#: most 4 dimensions of at most a vocabulary's rows.
MAX_DIMENSIONS = 8
MAX_SIDE = 2**31
#: A BERT of 128 layers has about 2,100 tensors.
MAX_TENSORS = 20_000
#: A bert-large is 1.3 GB in float32; beyond this the app could not hold it anyway.
MAX_FILE_BYTES = 4 * 2**30


def read_safetensors(path: str | os.PathLike[str]) -> dict[str, np.ndarray]:
    """Return the tensors of a ``.safetensors`` file, by name.

    Parameters
    ----------
    path : str or PathLike
        The file.

    Returns
    -------
    dict of str to ndarray
        Each tensor with the shape and dtype its header gives (BF16 as float32), read-only.

    Raises
    ------
    InputError
        For a file that is not a well-formed safetensors file; the message says what is
        wrong and ``where`` names the file.
    OSError
        When the file cannot be read (a folder, no permission); FileRefusedError for a
        device or a pipe.
    """
    path = Path(path)
    with open_regular(path) as stream:
        size = os.fstat(stream.fileno()).st_size
        if size > MAX_FILE_BYTES:
            raise InputError(
                Message(
                    "it is {size_mb:,.0f} MB; at most {most_mb:,} MB",
                    size_mb=size / 2**20,
                    most_mb=MAX_FILE_BYTES // 2**20,
                ),
                path.name,
            )
        prefix = stream.read(8)
        if len(prefix) < 8:
            raise InputError(
                Message(
                    "it has {size} bytes, too few for a safetensors file (8 bytes of header "
                    "length, then the header)",
                    size=len(prefix),
                ),
                path.name,
            )
        header_length = int.from_bytes(prefix, "little")
        if header_length > size - 8:
            raise InputError(
                Message(
                    "its header claims {claimed:,} bytes, but the file has only {size:,} "
                    "bytes: it is cut short or not a safetensors file",
                    claimed=header_length,
                    size=size,
                ),
                path.name,
            )
        if header_length > MAX_HEADER_BYTES:
            raise InputError(
                Message(
                    "its header claims {claimed:,} bytes; a model's header has at most "
                    "{most_mb} MB: it is damaged or not a safetensors file",
                    claimed=header_length,
                    most_mb=MAX_HEADER_BYTES // 2**20,
                ),
                path.name,
            )
        header = _parse_header(stream.read(header_length), path.name)
        data_size = size - 8 - header_length
        layout = _check_layout(header, data_size, path.name)
        start = 8 + header_length
        return {
            name: _tensor(_read_range(stream, start, entry[2], entry[3], path.name), *entry)
            for name, entry in layout.items()
        }


def _read_range(stream: BinaryIO, start: int, begin: int, end: int, file: str) -> np.ndarray:
    """Return the bytes ``begin … end`` of the data, read alone (only what the header names).

    A file padded to gigabytes around its tensors, sparse or not, costs no more than its
    tensors: nothing between them is read.
    """
    data = np.empty(end - begin, dtype=np.uint8)
    stream.seek(start + begin)
    read = stream.readinto(data.data)  # type: ignore[attr-defined]  # a BufferedReader
    if read != end - begin:
        raise InputError(
            Message(
                "it was cut short while it was read ({read:,} of {size:,} bytes)",
                read=read or 0,
                size=end - begin,
            ),
            file,
        )
    data.setflags(write=False)
    return data


def _parse_header(raw: bytes, file: str) -> dict[str, object]:
    """Return the header as a JSON object, or raise InputError."""
    try:
        header = parse_json(raw, file)
    except InputError as error:
        raise InputError(
            Message("its header is not usable: {reason}", reason=error.message), file
        ) from None
    if not isinstance(header, dict):
        raise InputError(Message("its header is not a JSON object"), file)
    if len(header) > MAX_TENSORS:
        raise InputError(
            Message(
                "its header lists {count:,} tensors; a model has at most {most:,}",
                count=len(header),
                most=MAX_TENSORS,
            ),
            file,
        )
    return header


_Entry = tuple[np.dtype[np.generic], tuple[int, ...], int, int, bool]


def _check_layout(header: dict[str, object], data_size: int, file: str) -> dict[str, _Entry]:
    """Return each tensor's dtype, shape, offsets and whether it is BF16, all checked."""
    layout: dict[str, _Entry] = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if not isinstance(entry, dict):
            raise InputError(
                Message("tensor {name!r}: its entry is not an object", name=name), file
            )
        dtype_name = entry.get("dtype")
        if not isinstance(dtype_name, str) or dtype_name not in DTYPES:
            raise InputError(
                Message(
                    "tensor {name!r}: dtype {dtype!r} is not one this reader knows ({known})",
                    name=name,
                    dtype=dtype_name,
                    known=", ".join(DTYPES),
                ),
                file,
            )
        shape = entry.get("shape")
        if (
            not isinstance(shape, list)
            or len(shape) > MAX_DIMENSIONS
            or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_SIDE for n in shape
            )
        ):
            raise InputError(
                Message(
                    "tensor {name!r}: shape {shape} is not a list of sizes (at most {most} "
                    "of them, each from 0 to {side:,})",
                    name=name,
                    shape=_shown(shape),
                    most=MAX_DIMENSIONS,
                    side=MAX_SIDE,
                ),
                file,
            )
        offsets = entry.get("data_offsets")
        if (
            not isinstance(offsets, list)
            or len(offsets) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in offsets)
            or not 0 <= offsets[0] <= offsets[1] <= data_size
        ):
            raise InputError(
                Message(
                    "tensor {name!r}: data_offsets {offsets} are not two offsets within "
                    "the {size:,} bytes of data",
                    name=name,
                    offsets=_shown(offsets),
                    size=data_size,
                ),
                file,
            )
        dtype = DTYPES[dtype_name]
        expected = math.prod(shape) * dtype.itemsize
        if offsets[1] - offsets[0] != expected:
            raise InputError(
                Message(
                    "tensor {name!r}: {dtype} × {shape} needs {expected:,} bytes, but its "
                    "offsets give {given:,}",
                    name=name,
                    dtype=dtype_name,
                    shape=shape,
                    expected=expected,
                    given=offsets[1] - offsets[0],
                ),
                file,
            )
        layout[name] = (dtype, tuple(shape), offsets[0], offsets[1], dtype_name == "BF16")
    _check_no_overlap(layout, file)
    return layout


def _shown(value: object) -> str:
    """Return a value of the header as short text: a shape of 10⁶ sizes is not a message."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _check_no_overlap(layout: dict[str, _Entry], file: str) -> None:
    """Raise InputError if two tensors share bytes."""
    spans = sorted((entry[2], entry[3], name) for name, entry in layout.items())
    for (_, end, first), (begin, _, second) in pairwise(spans):
        if begin < end:
            raise InputError(
                Message("tensors {first!r} and {second!r} overlap", first=first, second=second),
                file,
            )


def _tensor(raw: np.ndarray, dtype: np.dtype[np.generic], shape: tuple[int, ...],
            _begin: int, _end: int, bfloat16: bool) -> np.ndarray:  # fmt: skip
    """Return one tensor from its own bytes: a view of them (a widened copy for BF16)."""
    if bfloat16:
        return _bfloat16(raw.view(dtype)).reshape(shape)
    if math.prod(shape) == 0:
        return np.empty(shape, dtype=dtype)
    tensor: np.ndarray = raw.view(dtype).reshape(shape)  # its own buffer: aligned
    return tensor


def _bfloat16(raw: np.ndarray) -> np.ndarray:
    """Return bfloat16 numbers (their 16 bits as uint16) as float32: the top half of one."""
    widened = raw.astype(np.uint32) << np.uint32(16)
    result: np.ndarray = widened.view(np.float32)
    result.setflags(write=False)
    return result


__all__ = ["DTYPES", "MAX_FILE_BYTES", "MAX_HEADER_BYTES", "MAX_TENSORS", "read_safetensors"]
