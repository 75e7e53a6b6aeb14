"""Every error the engine shows a user carries a Message: a literal template and its named
arguments, found by the catalogue's scanner and translated in engine_messages_zh_CN.json;
its English text is exactly what it was before messages became templates."""

from __future__ import annotations

import ast
import errno
import json
import os
import re
from pathlib import Path

import numpy as np
import pytest

import engine
from engine import InputError, Message, PresetError, attention, parse_preset, variance_experiment
from engine import explain as explain_cell
from engine.formats.files import FileRefusedError, FileTooLargeError, NotARegularFileError
from engine.formats.import_common import MatrixImportError
from engine.formats.import_csv import read_csv
from engine.formats.import_npy import read_npz
from engine.formats.importing import import_preset
from engine.messages import as_message
from tests.engine.hostile import LESSON, dumped
from tools.engine_messages import (
    ZH_CN,
    all_templates,
    engine_templates,
    message_calls,
    placeholders,
    templates_in,
    translations,
)

ENGINE = Path(engine.__file__).resolve().parent
#: The offline kit's install scripts: not the app's code, they never import engine/.
KIT_SCRIPTS = ENGINE.parent / "gui" / "command_line" / "kit" / "templates"
#: The errors built from a user's input, and where their message is among the arguments.
ERRORS = {"PresetError": 1, "MatrixImportError": 1, "InputError": 0, "FileRefusedError": 1}
#: An error's message handed on unchanged from another engine error (FileTooLargeError's).
PASSED_ON = {"message", "description_message"}


def modules() -> list[tuple[Path, ast.Module]]:
    paths = sorted(ENGINE.rglob("*.py"))
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in paths]


def calls(tree: ast.AST, names: set[str] | dict[str, int]) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id in names]  # fmt: skip


def is_literal_message(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Message"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def root(name: str) -> str:
    return re.split(r"[.\[]", name, maxsplit=1)[0]


# ------------------------------------------------------------------ the source


def test_every_users_error_is_built_from_a_message_with_a_literal_template():
    sites, wrong = 0, []
    for path, tree in modules():
        for call in calls(tree, ERRORS):
            sites += 1
            where = f"{path.name}:{call.lineno}"
            position = ERRORS[call.func.id]
            keywords = {k.arg: k.value for k in call.keywords}
            if len(call.args) > position:
                message = call.args[position]
            elif "message" in keywords:
                message = keywords["message"]
            else:
                wrong.append(f"{where}: no message")
                continue
            passed_on = isinstance(message, ast.Attribute) and message.attr in PASSED_ON
            if not (is_literal_message(message) or passed_on):
                wrong.append(f"{where}: {ast.unparse(message)[:60]}")
    assert not wrong, "\n".join(wrong)
    assert sites > 100  # about 110 raise sites: the check found them


def test_the_only_plain_value_errors_left_are_marked_as_not_for_a_user():
    unmarked = []
    for path, tree in modules():
        lines = path.read_text(encoding="utf-8").splitlines()
        for call in calls(tree, {"ValueError"}):
            before = " ".join(lines[max(0, call.lineno - 3) : call.lineno])
            if "not user-facing" not in before.lower():
                unmarked.append(f"{path.name}:{call.lineno}: {lines[call.lineno - 1].strip()}")
    assert not unmarked, "\n".join(unmarked)


def test_every_message_names_exactly_the_arguments_its_template_uses():
    wrong = []
    for path, tree in modules():
        for call in message_calls(tree):
            where = f"{path.name}:{call.lineno}"
            if not is_literal_message(call) or len(call.args) != 1:
                wrong.append(f"{where}: not Message('literal', name=value, …)")
                continue
            given = {k.arg for k in call.keywords}
            if None in given:
                wrong.append(f"{where}: **arguments hide what the template needs")
                continue
            template = call.args[0].value
            named = {root(name) for name, _, _ in placeholders(template)}
            if "" in named or any(name.isdigit() for name in named):
                wrong.append(f"{where}: a positional placeholder in {template!r}")
            if named != given:
                wrong.append(f"{where}: {template!r} uses {sorted(named)}, given {sorted(given)}")
    assert not wrong, "\n".join(wrong)


def test_the_scanner_finds_every_template_of_the_engine_sorted_and_once():
    found = engine_templates(ENGINE)
    assert found == sorted(set(found))
    every = [t for path, _ in modules() for t in templates_in(path)]
    assert set(found) == set(every)
    assert "line {line}: over {most} cells" in found
    assert "has {rows:,} rows; at most {most} are allowed" in found
    assert len(found) > 100


def test_the_scanner_refuses_a_template_it_cannot_read(tmp_path):
    (tmp_path / "bad.py").write_text("raise InputError(Message(f'{x} is wrong', x=1))\n")
    with pytest.raises(ValueError, match=r"bad\.py:1: Message\(…\) needs a literal template"):
        engine_templates(tmp_path)


# ------------------------------------------------------------------ the English is unchanged


def refused(action, kind=ValueError):
    with pytest.raises(kind) as caught:
        action()
    assert isinstance(caught.value, InputError)
    return caught.value


def lesson_with(**changes):
    return dumped({**LESSON, **changes})


def csv_file(tmp_path, text, name="q.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_english_messages_are_those_of_before(tmp_path):
    q = np.ones((3, 4))
    tokens = ["猫", "吃\x1b", "鱼"]
    lesson = tmp_path / "lesson"
    lesson.mkdir()
    texts = {"q.csv": "1,2\n3,4\n5,6\n", "k.csv": "1,2\n3,4\n", "v.csv": "1\n2\n3\n"}
    files = [csv_file(lesson, text, name) for name, text in texts.items()]
    pinned = [
        (lambda: attention(q, np.ones((3, 5)), q),
         "Q and K must have the same width d_k to take dot products, "
         "but Q is 3×4 and K is 3×5"),
        (lambda: attention(q, q, q, mask=np.bool_(True)),
         "mask has shape a single value, but the scores are 3×3 (queries × keys)"),
        (lambda: attention(q, q, [[1, 2], [3, 4], [5, float("nan")]]),
         "V[2, 1] is nan: every value must be a finite number"),
        (lambda: attention(q, q, q, temperature="hot"),
         "temperature must be a number, not 'hot'"),
        (lambda: variance_experiment(d_ks=(0,)),
         "each of the d_k values must be between 1 and 4,096, not 0"),
        (lambda: variance_experiment(samples=10**9),
         "samples per d_k must be between 2 and 10,000,000, not 1,000,000,000"),
        (lambda: explain_cell(attention(q, q, q), "x", 0, 0),
         "unknown step 'x': use 1–4 or one of scores, scaled, weights, context"),
        (lambda: parse_preset(lesson_with(tokens=tokens)),
         "tokens[1]: holds U+001B (a control character), which a token name may not hold"),
        (lambda: parse_preset(lesson_with(inputs={**LESSON["inputs"], "q": [[1.0]] * 100_000})),
         "inputs.q: has 100,000 rows; at most 2048 are allowed"),
        (lambda: parse_preset(lesson_with(version=3)),
         "version: is 3, written by a newer Attention Lab (this one reads 2)"),
        (lambda: parse_preset("{"),
         "not valid JSON (line 1, column 2: a name in double quotes was expected)"),
        (lambda: read_csv(csv_file(tmp_path, "1,2\n3,1e200\n")),
         "q.csv: line 2, column 2: 1e200 is beyond ±1,000,000"),
        (lambda: read_csv(csv_file(tmp_path, "1,2\n3,\n")), "q.csv: line 2, column 2: is empty"),
        (lambda: read_csv(csv_file(tmp_path, "1,2\n3,abc\n")),
         "q.csv: line 2, column 2: 'abc' is not a number"),
        (lambda: read_csv(csv_file(tmp_path, '1,2\n3,"4\n')),
         'q.csv: line 2: a quote (") opens a cell that is never closed'),
        (lambda: import_preset(files),
         "K (k.csv) has 2 rows but Q (q.csv) has 3 rows: "
         "every token has one query, one key and one value"),
        (lambda: read_npz(csv_file(tmp_path, "", "m.npz")),
         "m.npz: is not a readable .npz archive (File is not a zip file)"),
    ]  # fmt: skip
    for action, expected in pinned:
        error = refused(action)
        assert str(error) == expected
        assert str(error).endswith(str(error.message))


def test_a_file_too_large_says_so_with_and_without_its_name():
    error = FileTooLargeError(Path("big.json"), 2**30, 256 * 2**20)
    assert str(error) == "big.json is 1,024 MB; at most 256 MB"
    assert error.description == "is 1,024 MB; at most 256 MB"
    assert error.message.template == "{file} is {size_mb:,.0f} MB; at most {most_mb} MB"
    assert error.description_message.arguments == {"size_mb": 1024.0, "most_mb": 256}
    grown = FileTooLargeError(Path("data.bin"), None, 100)
    assert (str(grown), grown.description) == ("data.bin is over 100 bytes", "is over 100 bytes")
    pipe = NotARegularFileError(Path("zero"))
    assert str(pipe) == "zero is not a file (a device, a pipe or a socket)"
    assert isinstance(pipe, FileRefusedError)
    assert isinstance(pipe, InputError)


# ------------------------------------------------------------------ Message and the errors


def test_a_message_is_its_template_filled_in_with_its_arguments():
    message = Message("line {line}: over {most:,} cells of {cell!r}", line=2, most=1024, cell="x")
    assert str(message) == "line 2: over 1,024 cells of 'x'"
    assert message.arguments == {"line": 2, "most": 1024, "cell": "x"}
    assert message == Message("line {line}: over {most:,} cells of {cell!r}", line=2, most=1024,
                              cell="x")  # fmt: skip
    assert hash(message) == hash(Message(message.template, line=3, most=1, cell="y"))
    with pytest.raises(AttributeError):
        message.template = "changed"  # type: ignore[misc]


def test_a_message_translates_its_template_and_the_messages_among_its_arguments():
    inner = Message("U+{code:04X} (a control character)", code=0x1B)
    outer = Message("holds {character}, which a token name may not hold", character=inner)
    assert str(outer) == "holds U+001B (a control character), which a token name may not hold"
    catalogue = {inner.template: "U+{code:04X}（控制字符）",
                 outer.template: "含有 {character}，词名里不能有这个字符"}  # fmt: skip
    assert outer.translated(catalogue.get) == "含有 U+001B（控制字符），词名里不能有这个字符"
    assert outer.translated(lambda t: t) == str(outer)


def test_a_plain_string_is_still_accepted_and_kept_verbatim():
    error = PresetError("tokens[0]", "has {braces} and 100% of it")
    assert str(error) == "tokens[0]: has {braces} and 100% of it"
    assert str(error.message) == "has {braces} and 100% of it"
    assert error.field == "tokens[0]"
    imported = MatrixImportError("q.csv", "line 2: odd")
    assert (str(imported), imported.source, str(imported.message)) == (
        "q.csv: line 2: odd", "q.csv", "line 2: odd")  # fmt: skip
    assert str(MatrixImportError("", "Q is given twice")) == "Q is given twice"
    assert as_message(error.message) is error.message


def test_every_users_error_is_a_value_error_with_its_message_apart_from_its_field():
    error = refused(lambda: parse_preset(lesson_with(causal="yes")), PresetError)
    assert isinstance(error, ValueError)
    assert error.field == "causal"
    assert error.message.template == "must be true or false, not {value}"
    assert error.message.arguments == {"value": "'yes'"}
    assert str(error) == "causal: must be true or false, not 'yes'"
    assert error.args == (str(error),)
    plain = refused(lambda: attention([[1.0]], [[1.0]], [[1.0]], temperature=0.0))
    assert type(plain) is InputError
    assert str(plain.message) == "temperature must be a positive finite number, not 0.0"
    assert plain.message.arguments == {"temperature": 0.0}


def test_an_error_of_the_projection_inside_a_file_keeps_the_projections_message():
    shape_check = json.loads(dumped(LESSON))
    shape_check["inputs"] = {"x": [[1e300, 1e300]] * 3, "w_q": [[1e6], [1e6]],
                             "w_k": [[1e6], [1e6]], "w_v": [[1.0], [1.0]]}  # fmt: skip
    error = refused(lambda: parse_preset(json.dumps(shape_check)), PresetError)
    assert str(error).startswith("inputs.x[0][0]: is 1e+300, beyond ±1,000,000")


# ------------------------------------------------------------------ the Chinese catalogue


def test_the_chinese_catalogue_translates_exactly_the_templates_of_the_engine_and_cli():
    catalogue = translations(ZH_CN)
    found = all_templates()
    assert sorted(set(found) - set(catalogue)) == [], "not translated"
    assert sorted(set(catalogue) - set(found)) == [], "no longer in the engine"


def test_every_translation_keeps_the_placeholders_of_its_template():
    for template, translation in translations(ZH_CN).items():
        assert isinstance(translation, str), template
        assert placeholders(translation) == placeholders(template), template
        words = re.sub(r"\{[^}]*\}", "", template)
        if re.search(r"[a-z]{3,}", words):  # a sentence, not "U+{code:04X}"
            assert re.search(r"[\u4e00-\u9fff]", translation), template


def test_an_engine_error_reads_in_chinese_through_the_catalogue():
    catalogue = translations(ZH_CN)
    error = refused(lambda: parse_preset(lesson_with(tokens=["猫", "吃\x1b", "鱼"])), PresetError)
    assert error.field == "tokens[1]"
    said = error.message.translated(lambda t: catalogue.get(t, t))
    assert said == "含有 U+001B（控制字符），词名里不能有这个字符"
    error = refused(lambda: variance_experiment(samples=1))
    said = error.message.translated(lambda t: catalogue.get(t, t))
    assert said == "每个 d_k 的采样数必须在 2 到 10,000,000 之间，而不是 1"


def test_the_catalogue_is_tidy_json():
    text = ZH_CN.read_text(encoding="utf-8")
    data = json.loads(text)
    assert list(data) == sorted(data)
    assert text == json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


# ------------------------------------------------------------------ the system's reasons


#: The errno values a user of files meets: each has its own words in every language.
COMMON_ERRNOS = ("ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "ENOSPC", "EROFS", "EEXIST",
                 "ENAMETOOLONG", "ELOOP", "EBUSY", "ETXTBSY", "EIO", "EINVAL", "EDQUOT",
                 "ENOTEMPTY", "EXDEV", "EFBIG", "EMFILE", "ENOMEM", "ENXIO")  # fmt: skip


@pytest.mark.parametrize("name", [n for n in COMMON_ERRNOS if hasattr(errno, n)])
def test_a_common_system_error_reads_in_chinese_and_in_the_c_librarys_english(name):
    from engine.system_errors import system_reason

    number = getattr(errno, name)
    reason = system_reason(OSError(number, os.strerror(number)))
    said = reason.translated(lambda t: translations(ZH_CN).get(t, t))
    assert re.search(r"[\u4e00-\u9fff]", said), (name, said)
    assert not re.search(r"[A-Za-z]{2,}", said), (name, said)
    assert str(reason)
    assert "{" not in str(reason)


def test_another_system_error_keeps_its_number_and_the_systems_words():
    from engine.system_errors import system_reason

    catalogue = translations(ZH_CN)
    reason = system_reason(OSError(9999, "Strange failure"))
    assert str(reason) == "system error 9999: Strange failure"
    assert reason.translated(lambda t: catalogue.get(t, t)) == "系统错误 9999：Strange failure"
    bare = system_reason(OSError("no errno at all"))
    assert bare.translated(lambda t: catalogue.get(t, t)) == "系统错误：no errno at all"


def test_a_file_that_cannot_be_read_gives_the_reason_as_a_message(tmp_path):
    session = refused(lambda: engine.read_preset(tmp_path / "nosuch.json"), PresetError)
    assert str(session) == "cannot read nosuch.json: No such file or directory"
    folder = refused(lambda: engine.read_preset(tmp_path), PresetError)
    matrix = refused(lambda: read_csv(tmp_path / "nosuch" / "q.csv"), MatrixImportError)
    catalogue = translations(ZH_CN)
    for error in (session, folder, matrix):
        said = error.message.translated(lambda t: catalogue.get(t, t))
        said = said.replace("nosuch.json", "").replace(tmp_path.name, "")  # data
        assert not re.search(r"[A-Za-z]{2,}", said), said


def test_no_code_says_the_c_librarys_english_reason_itself():
    """``strerror`` is English whatever the language: only engine.system_errors may read it."""
    found = []
    for path in [*ENGINE.parent.joinpath("gui").rglob("*.py"), *ENGINE.rglob("*.py"),
                 ENGINE.parent / "main.py"]:  # fmt: skip
        if path.name == "system_errors.py":
            continue
        if KIT_SCRIPTS in path.parents:  # run on the laptops, the standard library alone
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.strerror\b|os\.strerror\(", line) and "os.strerror(errno." not in line:
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
