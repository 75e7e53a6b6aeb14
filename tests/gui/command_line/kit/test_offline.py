"""The offline install kit, for real (marked slow; .ci/run runs it as its own step).

``main.py kit`` builds a kit for the four computers and the running Python with the real
pip (this needs the package index). Then, with the network switched off: the kit's own
pip resolves each computer's wheels from the kit alone (``--dry-run --report
--no-index``); install.sh installs Attention Lab into a fresh virtual environment; the
installed app passes ``--smoke``; and a wheel cut short stops install.sh, naming it.

The network is switched off with ``unshare -n`` (a network namespace with no interface
but a loopback that is down) where it works; otherwise pip and urllib are sent to a
proxy on a closed port, and the index to the same dead address.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gui.command_line.kit.targets import TARGETS, pip_options

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="installs with install.sh"),
]
ROOT = Path(__file__).resolve().parents[4]
PYTHON = "{}.{}".format(*sys.version_info[:2])
DEAD = "http://127.0.0.1:9"  # the discard port: nothing listens there


def offline() -> tuple[list[str], dict[str, str], str]:
    """Return the command prefix and environment that cut the network, and how they do it."""
    if shutil.which("unshare"):
        tried = subprocess.run(["unshare", "-n", "true"], capture_output=True, check=False)
        if tried.returncode == 0:
            return ["unshare", "-n", "--"], {}, "unshare -n"
    proxies = {name: DEAD for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY")}
    return [], {**proxies, "no_proxy": "", "PIP_INDEX_URL": DEAD + "/simple"}, "dead proxy"


PREFIX, NO_NETWORK, HOW = offline()


def run_offline(command: list[str], env: dict[str, str] | None = None, **options):
    environment = dict(env or os.environ, **NO_NETWORK)
    # as on a laptop: a PYTHONPATH naming this checkout would win over the installed app
    environment.pop("PYTHONPATH", None)
    return subprocess.run(
        [*PREFIX, *command], capture_output=True, text=True, env=environment, **options
    )


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("offline") / "kit"
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "kit", "--out", str(out), "--python", PYTHON],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr
    print(done.stdout)  # the sizes and the time, in the test's log
    return out, done.stdout


def test_the_kit_says_its_size_per_computer_and_its_time(kit):
    _, said = kit
    assert f"downloading the wheels for Windows x64, Python {PYTHON}" in said
    summary = said.splitlines()[-5:]
    assert summary[0].startswith(f"wrote the kit to {kit[0]} in ")
    assert [line.split(":")[0].strip() for line in summary[1:]] == [t.label for t in TARGETS]


def test_the_network_is_really_off_for_the_checks(tmp_path):
    probe = "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/', timeout=10)"
    done = run_offline([sys.executable, "-c", probe], timeout=60)
    assert done.returncode != 0, f"the network is still on ({HOW})"


@pytest.mark.parametrize("target", TARGETS, ids=[t.key for t in TARGETS])
def test_every_computers_wheels_resolve_from_the_kit_alone(kit, target, tmp_path):
    out, _ = kit
    pip = next((out / "wheels").glob("pip-*.whl")) / "pip"
    report = tmp_path / "report.json"
    command = [sys.executable, str(pip), "install", "--isolated", "--dry-run", "--report"]
    command += [str(report), "--no-index", "--find-links", str(out / "wheels")]
    command += ["--target", str(tmp_path / "never"), "--ignore-installed"]
    command += [*pip_options(target, PYTHON), "attention-lab==0.1.0", "pip"]
    env = dict(os.environ, PIP_CONFIG_FILE=os.devnull)
    done = run_offline(command, env, timeout=300)
    assert done.returncode == 0, done.stderr
    installed = json.loads(report.read_text())["install"]
    names = {item["metadata"]["name"].lower().replace("_", "-") for item in installed}
    assert names == {
        "attention-lab",
        "numpy",
        "pyside6-essentials",
        "shiboken6",
        "pyqtgraph",
        "colorama",
        "pip",
    }
    files = sorted(Path(item["download_info"]["url"]).name for item in installed)
    manifest = json.loads((out / "kit.json").read_text())
    assert files == manifest["targets"][target.key]["wheels"][PYTHON]


@pytest.fixture(scope="module")
def installed(kit, tmp_path_factory):
    out, _ = kit
    place = tmp_path_factory.mktemp("laptop")
    env = dict(
        os.environ,
        HOME=str(place / "home"),
        XDG_DATA_HOME=str(place / "data"),
        QT_QPA_PLATFORM="offscreen",
    )
    env.pop("VIRTUAL_ENV", None)
    done = run_offline(
        ["sh", str(out / "install.sh"), "--dir", str(place / "app")], env, timeout=900
    )
    return place, done


def test_install_sh_installs_offline_and_says_each_step(installed):
    place, done = installed
    assert done.returncode == 0, done.stdout + done.stderr
    for step in (
        f"using python3 (Python {PYTHON})",
        "[1/6] Checking this computer and Python",
        "all 13 files are intact",  # the wheels and scripts, install_venv.py among them
        f"[3/6] Making a virtual environment in {place / 'app' / 'venv'}",
        "[4/6] Installing Attention Lab 0.1.0",
        "[6/6] Starting Attention Lab once to check it works",
        "Attention Lab is installed in",
    ):
        assert step in done.stdout, done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_the_launcher_is_a_desktop_entry_starting_the_installed_app(installed):
    place, _ = installed
    entry = (place / "data" / "applications" / "attention-lab.desktop").read_text()
    assert f'Exec="{place / "app" / "venv" / "bin" / "attention-lab"}"' in entry
    assert "Type=Application" in entry
    assert "Name=Attention Lab" in entry


def test_the_installed_app_is_the_wheel_and_passes_its_smoke_test_offline(installed, tmp_path):
    place, _ = installed
    venv = place / "app" / "venv"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path))
    where = "import gui.command_line.kit as k, main; print(main.__file__)"
    found = run_offline([str(venv / "bin" / "python"), "-c", where], env, cwd=tmp_path, timeout=60)
    assert found.stdout.strip().startswith(str(venv)), found.stderr  # not this checkout
    smoke = run_offline(
        [str(venv / "bin" / "attention-lab"), "--smoke"], env, cwd=tmp_path, timeout=180
    )
    assert smoke.returncode == 0, smoke.stderr
    assert "first paint after" in smoke.stdout
    listed = run_offline(
        [str(venv / "bin" / "python"), "-m", "pip", "list", "--format=json"], env, timeout=60
    )
    names = {p["name"].lower().replace("_", "-") for p in json.loads(listed.stdout)}
    assert names == {
        "attention-lab",
        "numpy",
        "pyside6-essentials",
        "shiboken6",
        "pyqtgraph",
        "colorama",
        "pip",
    }


def test_a_wheel_cut_short_stops_install_sh_with_its_name(kit, tmp_path):
    out, _ = kit
    copy = tmp_path / "stick"
    copy.mkdir()
    for path in out.iterdir():  # the big wheels as links: only the one cut short is copied
        (copy / path.name).symlink_to(path)
    (copy / "wheels").unlink()
    (copy / "wheels").mkdir()
    for wheel in (out / "wheels").iterdir():
        (copy / "wheels" / wheel.name).symlink_to(wheel)
    qt = next((out / "wheels").glob("pyside6_essentials-*manylinux*.whl"))
    (copy / "wheels" / qt.name).unlink()
    with qt.open("rb") as whole:
        (copy / "wheels" / qt.name).write_bytes(whole.read(qt.stat().st_size // 2))
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"))
    done = run_offline(
        ["sh", str(copy / "install.sh"), "--dir", str(tmp_path / "app")], env, timeout=300
    )
    assert done.returncode == 1
    assert (
        f"cut short: wheels/{qt.name} ({qt.stat().st_size // 2:,} of {qt.stat().st_size:,} bytes)"
        in done.stdout
    )
    assert "nothing was installed" in done.stderr
    assert not (tmp_path / "app").exists()
