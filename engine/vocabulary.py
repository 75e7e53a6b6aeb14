"""The lesson's words and limits, in one place that the engine and the GUI share.

The names of the input matrices and of the four steps, and the largest sizes and values
that a preset, a session file or an imported matrix may hold. Nothing here computes.
"""

from __future__ import annotations

#: The inputs of direct mode, in the order the lesson gives them.
DIRECT_INPUTS = ("q", "k", "v")
#: The inputs of projection mode: the embeddings X and the three projections.
PROJECTION_INPUTS = ("x", "w_q", "w_k", "w_v")
#: How each matrix is written for a reader.
LABELS = {"q": "Q", "k": "K", "v": "V", "x": "X", "w_q": "W_q", "w_k": "W_k", "w_v": "W_v"}
#: The four steps, in order: ① S = QKᵀ, ② S/τ, ③ A = softmax, ④ Z = A·V.
STEPS = ("scores", "scaled", "weights", "context")

#: The most tokens (rows of Q, K, V or X) a preset, a session or an import may hold.
MAX_TOKENS = 4096
#: The most columns of any input matrix (d_model, d_k, d_v).
MAX_DIM = 1024
#: The longest token name, in characters.
MAX_TOKEN_CHARS = 200
#: The largest magnitude of an input number, as for a typed cell: beyond it q·k over
#: 1024 dimensions could leave 64-bit floats.
MAX_VALUE = 1e6
#: The largest preset, session or CSV file that is read.
MAX_FILE_BYTES = 256 * 1024 * 1024
#: The smallest τ accepted: below it 1/τ overflows 64-bit floats.
MIN_TEMPERATURE = 1e-300
