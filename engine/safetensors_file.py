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
matching dtype × shape, tensors that overlap. The data is then read in one go into one
NumPy buffer (``readinto``, about 0.05 s for the 87 MB of all-MiniLM-L6-v2 from the page
cache) and each tensor is a read-only view of it: the weights take their size in memory
once, and a file cut short or changed later cannot fault the process as a memory map can.
"""

from __future__ import annotations

import json
import math
import os
from itertools import pairwise
from pathlib import Path

import numpy as np

from .files import open_regular
from .messages import InputError, Message

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
#: The header of a real model is tens of kB; 100 MB would be a million tensors.
MAX_HEADER_BYTES = 100 * 2**20
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
        if header_length > min(size - 8, MAX_HEADER_BYTES):
            raise InputError(
                Message(
                    "its header claims {claimed:,} bytes, but the file has only {size:,} "
                    "bytes: it is cut short or not a safetensors file",
                    claimed=header_length,
                    size=size,
                ),
                path.name,
            )
        header = _parse_header(stream.read(header_length), path.name)
        data_size = size - 8 - header_length
        layout = _check_layout(header, data_size, path.name)
        data = np.empty(data_size, dtype=np.uint8)
        read = stream.readinto(data.data)  # type: ignore[attr-defined]  # open_regular's is a BufferedReader
        if read != data_size:
            raise InputError(
                Message(
                    "it was cut short while it was read ({read:,} of {size:,} bytes)",
                    read=read,
                    size=data_size,
                ),
                path.name,
            )
    data.setflags(write=False)
    return {name: _tensor(data, *entry) for name, entry in layout.items()}


def _parse_header(raw: bytes, file: str) -> dict[str, object]:
    """Return the header as a JSON object, or raise InputError."""
    try:
        header = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InputError(
            Message("its header is not valid JSON ({reason})", reason=error), file
        ) from None
    if not isinstance(header, dict):
        raise InputError(Message("its header is not a JSON object"), file)
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
        if not isinstance(shape, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in shape
        ):
            raise InputError(
                Message(
                    "tensor {name!r}: shape {shape!r} is not a list of sizes",
                    name=name,
                    shape=shape,
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
                    "tensor {name!r}: data_offsets {offsets!r} are not two offsets within "
                    "the {size:,} bytes of data",
                    name=name,
                    offsets=offsets,
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


def _check_no_overlap(layout: dict[str, _Entry], file: str) -> None:
    """Raise InputError if two tensors share bytes."""
    spans = sorted((entry[2], entry[3], name) for name, entry in layout.items())
    for (_, end, first), (begin, _, second) in pairwise(spans):
        if begin < end:
            raise InputError(
                Message("tensors {first!r} and {second!r} overlap", first=first, second=second),
                file,
            )


def _tensor(data: np.ndarray, dtype: np.dtype[np.generic], shape: tuple[int, ...],
            begin: int, end: int, bfloat16: bool) -> np.ndarray:  # fmt: skip
    """Return one tensor: a view of ``data`` (a widened copy for BF16)."""
    count = math.prod(shape)
    if bfloat16:
        return _bfloat16(data[begin:end].view(dtype)).reshape(shape)
    if count == 0:
        return np.empty(shape, dtype=dtype)
    raw = data[begin:end]
    if begin % dtype.itemsize:  # BLAS wants aligned numbers: an odd offset is copied
        raw = raw.copy()
        raw.setflags(write=False)
    tensor: np.ndarray = raw.view(dtype).reshape(shape)
    return tensor


def _bfloat16(raw: np.ndarray) -> np.ndarray:
    """Return bfloat16 numbers (their 16 bits as uint16) as float32: the top half of one."""
    widened = raw.astype(np.uint32) << np.uint32(16)
    result: np.ndarray = widened.view(np.float32)
    result.setflags(write=False)
    return result


__all__ = ["DTYPES", "MAX_FILE_BYTES", "MAX_HEADER_BYTES", "read_safetensors"]
