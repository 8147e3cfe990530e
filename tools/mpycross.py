"""CircuitPython's mpy-cross fetched for the build: Adafruit's static build, pinned, cached in build/.

Host-only. tools.circuitpython.mpy_cross takes MPY_CROSS first, then the shared tools folder's,
then the one cached here, and only then (fetch=True: the device build) downloads the pinned file.
"""

import hashlib
import http.client
import os
import platform
import subprocess
import sys
import tempfile
import urllib.request

from tools.manifest import ROOT

# Adafruit's static mpy-cross builds. (CircuitPython major version, platform) -> (the version it
# is, its file under BASE_URL, sha256). All 9.x write the same .mpy (format 6, CircuitPython's 'C').
PINS = {
    ("9", "linux-amd64"): (
        "9.2.7",
        "linux-amd64/mpy-cross-linux-amd64-9.2.7.static",
        "3e5716e158ef977fb4f4f96e29500cdff6d85da34f507329fa7f6c2540d6faf8",
    ),
}
BASE_URL = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/"
BROWSE_URL = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
URL_VARIABLE = "KALAHA_MPY_CROSS_URL"  # another BASE_URL (the tests' local server)
CACHE = os.path.join(ROOT, "build", "mpy-cross")
TIMEOUT = 30  # seconds without an answer


class FetchError(Exception):
    """No mpy-cross to fetch, or the fetch failed: one line saying what to do instead."""


def platform_name():
    """This computer as Adafruit's mpy-cross folders name it (linux-amd64), or sys.platform-machine."""
    machine = platform.machine().lower()
    if sys.platform.startswith("linux") and machine in ("x86_64", "amd64"):
        return "linux-amd64"
    return "%s-%s" % (sys.platform, machine)


def pin(version):
    """(CircuitPython version, file under BASE_URL, sha256) for this computer, or None."""
    return PINS.get((version, platform_name()))


def url(version):
    """Where the pinned file for `version` is fetched from (URL_VARIABLE replaces BASE_URL)."""
    base = os.environ.get(URL_VARIABLE) or BASE_URL
    return base.rstrip("/") + "/" + pin(version)[1]


def cache_path(version):
    return os.path.join(CACHE, os.path.basename(pin(version)[1]))


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def cached(version):
    """The cached pinned mpy-cross for `version` (made executable), or None: missing, or not the
    pinned file (a file put there by hand is taken when its sha256 is the pin's)."""
    if pin(version) is None:
        return None
    path = cache_path(version)
    if not os.path.isfile(path) or sha256(path) != pin(version)[2]:
        return None
    if not os.access(path, os.X_OK):
        os.chmod(path, 0o755)
    return path


def shown(path):
    """`path` as a maker types it: relative to the current folder when inside it."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def _instead(version):
    return "download it and put it at %s (or set MPY_CROSS=path/to/mpy-cross, CircuitPython %s.x's)" % (
        shown(cache_path(version)),
        version,
    )


def _download(address, part, want, version):
    """Write `address` to `part`; raise FetchError unless it is the pinned, working mpy-cross."""
    digest = hashlib.sha256()
    with urllib.request.urlopen(address, timeout=TIMEOUT) as answer, open(part, "wb") as f:
        for chunk in iter(lambda: answer.read(1 << 16), b""):
            digest.update(chunk)
            f.write(chunk)
    if digest.hexdigest() != want:
        raise FetchError("its sha256 is %s, not the pinned %s" % (digest.hexdigest(), want))
    os.chmod(part, 0o755)
    said = subprocess.run([part, "--version"], capture_output=True, text=True, timeout=TIMEOUT)
    words = (said.stdout or said.stderr).strip()
    if said.returncode or not words.startswith("CircuitPython %s." % version):
        raise FetchError("it is not CircuitPython %s's mpy-cross (it says %r)" % (version, words[:60]))


def fetch(version, out=None):
    """The pinned mpy-cross for CircuitPython `version`: the cached one, else downloaded (to a
    temporary name in the cache, checked: sha256, then `--version`; only then renamed, so the
    cache never holds a part or a wrong file). Raises FetchError: one line saying what to
    fetch, from where and where to put it. `out`: where a download is reported."""
    if pin(version) is None:
        raise FetchError(
            "none is pinned to fetch for %s: get CircuitPython %s.x's mpy-cross for this computer "
            "from %s and set MPY_CROSS=path/to/it" % (platform_name(), version, BROWSE_URL)
        )
    found = cached(version)
    if found:
        return found
    release, _file, want = pin(version)
    address = url(version)
    os.makedirs(CACHE, exist_ok=True)
    fd, part = tempfile.mkstemp(dir=CACHE, prefix=".fetching-")
    os.close(fd)
    try:
        _download(address, part, want, version)
        os.replace(part, cache_path(version))
    except FetchError as e:
        raise FetchError(
            "refused %s: %s, nothing kept: set MPY_CROSS=path/to/mpy-cross (CircuitPython %s.x's)"
            % (address, e, version)
        ) from None
    except (OSError, http.client.HTTPException, subprocess.SubprocessError, ValueError) as e:
        raise FetchError(
            "could not fetch CircuitPython %s's from %s (%s): %s"
            % (release, address, getattr(e, "reason", e), _instead(version))
        ) from None
    finally:
        if os.path.exists(part):
            os.remove(part)
    if out is not None:
        out.write("fetched CircuitPython %s's mpy-cross from %s into %s\n" % (release, address, shown(CACHE)))
    return cache_path(version)
