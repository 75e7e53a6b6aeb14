"""The WordPiece tokenizer: on the tests' tiny vocabulary always, and on the real model's
files when it is installed, against what the ``tokenizers`` library (0.23.3) gives for
all-MiniLM-L6-v2's tokenizer.json with no_padding() and no_truncation(), recorded below."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.real_model import Model, load_model
from engine.real_model.tokenizer_files import read_tokenizer
from tests.engine.model_needed import NEEDS_MODEL, REAL_FOLDER
from tests.engine.tiny_bert import write_tiny_bert

#: text → the tokens and ids between [CLS] (101) and [SEP] (102), from the tokenizers library.
REAL = [
    ("the cat eats fish", ["the", "cat", "eats", "fish"], [1996, 4937, 20323, 3869]),
    (
        "Café RÉSUMÉ naïve Ångström",
        ["cafe", "resume", "naive", "ang", "##strom"],
        [7668, 13746, 15743, 17076, 15687],
    ),
    ("猫吃鱼", ["[UNK]", "[UNK]", "[UNK]"], [100, 100, 100]),
    ("我的中国北京", ["我", "的", "中", "国", "北", "京"], [1855, 1916, 1746, 1799, 1781, 1755]),
    (
        "Hello, world! (really?) a-b_c",
        ["hello", ",", "world", "!", "(", "really", "?", ")", "a", "-", "b", "_", "c"],
        [7592, 1010, 2088, 999, 1006, 2428, 1029, 1007, 1037, 1011, 1038, 1035, 1039],
    ),
    ("I ❤️ 🐈 and 🍣", ["i", "[UNK]", "[UNK]", "and", "[UNK]"], [1045, 100, 100, 1998, 100]),
    ("x" * 101, ["[UNK]"], [100]),
    (
        "supercalifragilisticexpialidocious",
        [
            "super",
            "##cal",
            "##if",
            "##rag",
            "##ilis",
            "##tic",
            "##ex",
            "##pia",
            "##lid",
            "##oc",
            "##ious",
        ],
        [3565, 9289, 10128, 29181, 24411, 4588, 10288, 19312, 21273, 10085, 6313],
    ),
    ("unaffable", ["una", "##ffa", "##ble"], [14477, 20961, 3468]),
    (
        "tab\there\nnewline\r\nend",
        ["tab", "here", "new", "##line", "end"],
        [21628, 2182, 2047, 4179, 2203],
    ),
    (
        "nul\u0000and\u0007bell\u200bzero width\ufeffbom",
        ["nu", "##land", "##bell", "##zer", "##o", "width", "##bo", "##m"],
        [16371, 3122, 17327, 6290, 2080, 9381, 5092, 2213],
    ),
    ("\u00a0non\u2003breaking\u3000space", ["non", "breaking", "space"], [2512, 4911, 2686]),
    (
        "ΟΔΟΣ Σίσυφος",
        ["ο", "##δ", "##ο", "##σ", "σ", "##ι", "##σ", "##υ", "##φ", "##ος"],
        [1169, 29722, 29730, 29733, 1173, 18199, 29733, 29735, 29736, 15297],
    ),
    ("İstanbul straße", ["istanbul", "st", "##raße"], [9960, 2358, 27807]),
    (
        "[MASK] is [CLS] not [mask]",
        ["[MASK]", "is", "[CLS]", "not", "[", "mask", "]"],
        [103, 2003, 101, 2025, 1031, 7308, 1033],
    ),
    (
        "$5 + 3 = <8> ^_^ `q` | ~",
        ["$", "5", "+", "3", "=", "<", "8", ">", "^", "_", "^", "`", "q", "`", "|", "~"],
        [
            1002,
            1019,
            1009,
            1017,
            1027,
            1026,
            1022,
            1028,
            1034,
            1035,
            1034,
            1036,
            1053,
            1036,
            1064,
            1066,
        ],
    ),
    (
        "“quoted” — dash… «guillemets»",
        ["“", "quoted", "”", "—", "dash", "…", "«", "gui", "##lle", "##met", "##s", "»"],
        [1523, 9339, 1524, 1517, 11454, 1529, 1077, 26458, 6216, 11368, 2015, 1090],
    ),
    ("don't can't", ["don", "'", "t", "can", "'", "t"], [2123, 1005, 1056, 2064, 1005, 1056]),
    ("１２３ ｆｕｌｌ ｗｉｄｔｈ", ["[UNK]", "[UNK]", "[UNK]"], [100, 100, 100]),
    (
        "日本語のテキスト",
        ["日", "本", "語", "の", "##テ", "##キ", "##ス", "##ト"],
        [1864, 1876, 1950, 1671, 30239, 30227, 30233, 30240],
    ),
    (
        "한국어",
        ["ᄒ", "##ᅡ", "##ᆫ", "##ᄀ", "##ᅮ", "##ᆨ", "##ᄋ", "##ᅥ"],
        [1469, 30006, 30021, 29991, 30014, 30020, 29999, 30008],
    ),
    ("e\u0301 combining", ["e", "combining"], [1041, 11566]),
    ("   ", [], []),
    ("", [], []),
    ("a" * 100, ["aaa", *["##aa"] * 48, "##a"], [13360, *[11057] * 48, 2050]),
    ("0\U0002b820 0\U0002b920", ["[UNK]", "0", "[UNK]"], [100, 1014, 100]),
    ("A\u0308\u0301b ﬁ ①", ["ab", "ﬁ", "[UNK]"], [11113, 1984, 100]),
]

real_model, needs_model = NEEDS_MODEL


@pytest.fixture(scope="module")
def real() -> Model:
    assert REAL_FOLDER is not None
    return load_model(REAL_FOLDER)


@real_model
@needs_model
@pytest.mark.parametrize(("text", "tokens", "ids"), REAL, ids=[repr(c[0])[:24] for c in REAL])
def test_the_real_tokenizer_gives_what_the_tokenizers_library_gives(
    real: Model, text: str, tokens: list[str], ids: list[int]
) -> None:
    tokenized = real.tokenizer.tokenize(text)
    assert tokenized.tokens == ("[CLS]", *tokens, "[SEP]")
    assert tokenized.ids.tolist() == [101, *ids, 102]
    assert tokenized.unknown == tuple(t == "[UNK]" for t in tokenized.tokens)


@real_model
@needs_model
def test_vocab_txt_alone_tokenizes_as_tokenizer_json_does(real: Model, tmp_path: Path) -> None:
    assert REAL_FOLDER is not None
    for name in ("vocab.txt", "tokenizer_config.json"):
        (tmp_path / name).write_bytes((REAL_FOLDER / name).read_bytes())
    from_vocab = read_tokenizer(tmp_path)
    for text, _, ids in REAL:
        assert from_vocab.tokenize(text).ids.tolist() == [101, *ids, 102], text


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Model:
    return load_model(write_tiny_bert(tmp_path_factory.mktemp("tiny")))


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("the cat eats fish", ["the", "cat", "eats", "fish"]),
        ("Café RÉSUMÉ", ["cafe", "resume"]),  # lowercased, accents stripped
        ("猫吃鱼", ["猫", "吃", "[UNK]"]),  # each CJK character a word
        ("the猫cat", ["the", "猫", "cat"]),
        ("cat's, fish!", ["cat", "'", "s", ",", "fish", "!"]),  # punctuation split
        ("unaffable", ["un", "##aff", "##able"]),  # longest match first
        ("affab", ["aff", "##a", "##b"]),
        ("unknowable", ["[UNK]"]),  # one piece missing: the whole word
        ("a" * 100, ["a", *["##a"] * 99]),
        ("a" * 101, ["[UNK]"]),  # over 100 characters
        ("cat\x00fish\x07\u200b", ["[UNK]"]),  # controls removed: catfish, not in the vocabulary
        ("cat\tfish\r\nthe\u3000a\u00a0b", ["cat", "fish", "the", "a", "b"]),  # whitespace
        ("🐈 cat 👍🏽", ["[UNK]", "cat", "[UNK]"]),  # emoji
        ("the [MASK] eats [mask]", ["the", "[MASK]", "eats", "[", "[UNK]", "]"]),
        ("-a-", ["-", "a", "-"]),
    ],
)
def test_the_tiny_tokenizer_follows_berts_steps(tiny: Model, text: str, tokens: list[str]) -> None:
    tokenized = tiny.tokenizer.tokenize(text)  # the model itself takes 16 tokens at most
    assert tokenized.tokens == ("[CLS]", *tokens, "[SEP]")
    assert tokenized.ids.dtype.name == "int64"
    assert tokenized.ids.tolist() == [tiny.tokenizer.vocabulary[t] for t in tokenized.tokens]
