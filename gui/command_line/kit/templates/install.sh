#!/bin/sh
# Install Attention Lab from this folder, without internet (Linux and macOS).
#
#   sh install.sh                  # into ~/.local/share/attention-lab (Linux)
#                                  # or ~/Library/Application Support/Attention Lab (macOS)
#   sh install.sh --dir DIR        # somewhere else; --lang zh_CN for Chinese messages
#   PYTHON=/path/to/python3 sh install.sh   # a Python of your choice
#
# This script finds a Python the kit supports, checks install.py against kit.json and runs
# it; install.py checks every other file, then installs (see its docstring).
# Everything is inside main(), called on the last line: a copy of this file cut short
# runs nothing at all.

main() {
    kit=$(cd "$(dirname "$0")" && pwd)
    # the kit's Python versions, newest first (written by `main.py kit`)
    pythons="@PYTHONS_NEWEST_FIRST@"
    echo "Attention Lab: looking for Python ($pythons) / 查找 Python"

    candidates="python3 python"
    for version in $pythons; do
        candidates="$candidates python$version"
        if [ "$(uname -s)" = Darwin ]; then
            for prefix in /Library/Frameworks/Python.framework/Versions/$version/bin \
                /opt/homebrew/bin /usr/local/bin; do
                candidates="$candidates $prefix/python$version"
            done
        fi
    done

    found=""
    seen=""
    if [ -n "${PYTHON:-}" ]; then
        python_version "$PYTHON" && found=$PYTHON
    fi
    for candidate in $candidates; do
        [ -n "$found" ] && break
        python_version "$candidate" || continue
        found=$candidate
    done

    if [ -z "$found" ]; then
        if [ -n "$seen" ]; then
            echo "Found:$seen; this kit installs on Python $pythons only." >&2
            echo "找到：$seen；本工具包仅支持 Python $pythons。" >&2
        else
            echo "No Python found. This kit installs on Python $pythons." >&2
            echo "未找到 Python。本工具包需要 Python $pythons。" >&2
        fi
        echo "  macOS: the installer from python.org (bring it on the USB stick too)." >&2
        echo "  Linux: your distribution's python3 (Debian/Ubuntu: sudo apt install python3)." >&2
        echo "  macOS：使用 python.org 的安装包（可一并放在 U 盘里）。" >&2
        echo "  Linux：安装发行版自带的 python3（Debian/Ubuntu：sudo apt install python3）。" >&2
        return 1
    fi
    echo "  using $found (Python $found_version)"

    # install.py checks the other files; install.py itself is checked here, before it runs.
    "$found" - "$kit" <<'CHECK' || return 1
import hashlib, json, os, sys
kit = sys.argv[1]
try:
    with open(os.path.join(kit, "kit.json"), encoding="utf-8") as stream:
        listed = json.load(stream)["files"]["install.py"]
    with open(os.path.join(kit, "install.py"), "rb") as stream:
        intact = hashlib.sha256(stream.read()).hexdigest() == listed["sha256"]
except (OSError, ValueError, KeyError, TypeError):
    intact = None
if intact is None:
    print("kit.json or install.py is missing or unreadable: copy the whole kit again.", file=sys.stderr)
    print("kit.json 或 install.py 缺失或无法读取：请重新复制整个工具包。", file=sys.stderr)
    sys.exit(1)
if not intact:
    print("install.py is damaged (its SHA-256 differs from kit.json): copy the kit again.", file=sys.stderr)
    print("install.py 已损坏（SHA-256 与 kit.json 不符）：请重新复制工具包。", file=sys.stderr)
    sys.exit(1)
CHECK
    "$found" "$kit/install.py" "$@"
}

# Sets found_version and returns 0 if "$1" runs and is one of $pythons; else notes it in $seen.
python_version() {
    found_version=$("$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) ||
        return 1
    case " $pythons " in
        *" $found_version "*) return 0 ;;
    esac
    case "$seen" in
        *" $found_version ("*) ;;
        *) seen="$seen Python $found_version ($1)" ;;
    esac
    return 1
}

main "$@"
