"""The handheld in a web browser: `python -m tools.web build` makes build/web, `serve` serves it.
Host-only; the page runs the game's own Python in npm's MicroPython WebAssembly port (npm ci)."""

import argparse
import gzip
import hashlib
import html
import http.server
import io
import json
import os
import re
import shutil
import sys

from tools.build import endgame_table
from tools.manifest import DEVICE_DATA, ROOT, device_files

OUT = os.path.join(ROOT, "build", "web")
PAGE = os.path.join(ROOT, "web")
RUNTIME = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
TABLE = "endgame.kdb"  # the endgame table (4.8 MB), fetched by the page after its first frame
# Every Python file the page runs, by path (one request instead of forty), and the table's name.
BUNDLE = "kalaha-py.json"
# Sent gzip-compressed as files of their own (NAME.gz), unpacked by the page (DecompressionStream):
# any static host serves them, python's http.server too; the table is 4.8 MB of the page's 5.8.
PACKED = (TABLE, BUNDLE, "micropython.wasm")
SERVICE_WORKER = "sw.js"  # web/sw.js, its build's hash and files written in (offline after a visit)
RULES = os.path.join(ROOT, "docs", "RULES.md")  # the rule book, as rules.html beside the page
# Beyond the device's files: the page's front end (host/: never on the device), and the records
# as text (kalaha.rules.notation: off the device's drive, its names would fill the pools; the page's
# tests read the game's record with it).
WEB_FILES = (
    "host/__init__.py",
    "host/web.py",
    "host/keycaps.py",
    "host/deviceclock.py",
    "kalaha/rules/notation.py",
)
# Device files the page never imports: the MacroPad's own front end and start-up.
NOT_ON_THE_PAGE = ("code.py", "hw/macropad.py", "hw/startup.py", "hw/screen.py", "hw/music.py")
PORT = 8000
TEXT = (".html", ".js", ".mjs", ".svg", ".json")  # sent gzip-compressed by `make serve`


class WebError(Exception):
    """Something to fix before the page can be built or served: one line, exit status 2."""


def python_files():
    """{path: source} of the Python the page runs: the device's kalaha/ and hw/ files and
    WEB_FILES; and the device's data files (the tunes, the puzzles), text too."""
    out = {}
    for rel in device_files() + list(WEB_FILES) + list(DEVICE_DATA):
        if rel in NOT_ON_THE_PAGE:
            continue
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = f.read()
        out[rel] = text
    return out


def build(out=OUT, log=sys.stdout, table=True):
    """Make the page's folder: the page, the MicroPython runtime, the game's Python and (`table`,
    where it can be had: tools.build.endgame_table) the endgame table."""
    missing = [name for name in RUNTIME_FILES if not os.path.exists(os.path.join(RUNTIME, name))]
    if missing:
        raise WebError("no MicroPython WebAssembly runtime in %s: run npm ci (make web does)" % RUNTIME)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in sorted(os.listdir(PAGE)):
        if name != SERVICE_WORKER:
            shutil.copyfile(os.path.join(PAGE, name), os.path.join(out, name))
    for name in RUNTIME_FILES:
        shutil.copyfile(os.path.join(RUNTIME, name), os.path.join(out, name))
    made = endgame_table(log) if table else None
    if made is not None:
        shutil.copyfile(made, os.path.join(out, TABLE))
    files = python_files()
    with open(os.path.join(out, BUNDLE), "w", encoding="utf-8") as f:
        # (the page fetches the table only where the build put one: no request that fails)
        json.dump({"files": files, "endgame": TABLE + ".gz" if made else None}, f, sort_keys=True)
    write_rules(os.path.join(out, "rules.html"))
    unpacked = sum(os.path.getsize(os.path.join(out, name)) for name in os.listdir(out))
    for name in PACKED:
        pack(os.path.join(out, name))
    write_service_worker(out)
    size = sum(os.path.getsize(os.path.join(out, name)) for name in os.listdir(out))
    log.write(
        "built %s: %d Python files, %s, %d KB in all (%d KB before compression)\n"
        % (
            os.path.relpath(out, ROOT),
            len(files),
            "the endgame table" if made else "no endgame table",
            size // 1024,
            unpacked // 1024,
        )
    )
    return out


def pack(path):
    """`path` replaced by path.gz (gzip, its time stamp 0: the same build, the same bytes);
    nothing where the build has no such file (no table)."""
    if not os.path.exists(path):
        return
    with open(path, "rb") as f, open(path + ".gz", "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as packed:
            shutil.copyfileobj(f, packed)
    os.remove(path)


def write_rules(path):
    """docs/RULES.md as a page of its own for players (the page's help links to it): its Markdown
    made HTML, without what only the repository's readers need (its comment, sentences that name
    its files or issues)."""
    with open(RULES, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(
            '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>Kalaha rules: Pocket Kalaha</title><link rel="icon" href="favicon.svg">'
            "<style>body{margin:0 auto;max-width:46em;padding:12px;background:#16161a;color:#dcdce6;"
            "font:16px/1.5 system-ui,sans-serif}a{color:#96c8ff}code{background:#2a2a31;padding:0 3px}"
            "</style></head>"
            '<body><p><a href="./">Back to the game</a></p>\n%s</body></html>\n' % rules_html(text)
        )


REPOSITORY = re.compile(r"`[^`]*(/|\.py|\.txt|\.md)[^`]*`|\]\([^)]*\.md\)|\bissue \d+|\bthe tests\b")


def rules_html(text):
    """Markdown (headings, paragraphs, lists, bold, italics, code) as HTML, for the rule book."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"[;,] issue \d+", "", text)
    blocks = []  # (kind, text): "h1".."h3", "p", "ul", "ol" (a list item)
    for line in text.splitlines():
        item = re.match(r"(- |\d+\. )(.*)", line)
        head = re.match(r"(#{1,3}) (.*)", line)
        if not line.strip():
            blocks.append(("", ""))
        elif head:
            blocks.append(("h%d" % len(head.group(1)), head.group(2)))
        elif item:
            blocks.append(("ul" if item.group(1) == "- " else "ol", item.group(2)))
        elif blocks and blocks[-1][0] in ("p", "ul", "ol"):
            blocks[-1] = (blocks[-1][0], blocks[-1][1] + " " + line.strip())
        else:
            blocks.append(("p", line.strip()))
    out = []
    lists = None
    for kind, words in blocks:
        words = " ".join(s for s in re.split(r"(?<=[.;])\s+(?=[A-Z(])", words) if not REPOSITORY.search(s))
        if lists and kind != lists:
            out.append("</%s>" % lists)
            lists = None
        if kind in ("ul", "ol") and words:
            if lists is None:
                out.append("<%s>" % kind)
                lists = kind
            out.append("<li>%s</li>" % inline(words))
        elif kind and words:
            out.append("<%s>%s</%s>" % (kind, inline(words), kind))
    if lists:
        out.append("</%s>" % lists)
    return "\n".join(out) + "\n"


def inline(words):
    """A line's Markdown: code spans as they are, bold and italics around them, links' words."""
    out = []
    for i, part in enumerate(html.escape(words, quote=False).split("`")):
        if i % 2:
            out.append("<code>%s</code>" % part)
            continue
        part = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", part)
        part = re.sub(r"\*(.+?)\*", r"<i>\1</i>", part)
        out.append(re.sub(r"\[([^]]+)\]\([^)]*\)", r"\1", part))
    return "".join(out)


def write_service_worker(out):
    """sw.js: web/sw.js with the build's files, each one's sha256 (a kept copy is checked
    against it) and a hash of them all (its cache's version)."""
    names = sorted(os.listdir(out))
    digest = hashlib.sha256()
    files = {}
    for name in names:
        with open(os.path.join(out, name), "rb") as f:
            files[name] = hashlib.sha256(f.read()).hexdigest()
        digest.update(name.encode() + b"\0" + bytes.fromhex(files[name]))
    files["./"] = files["index.html"]  # (the page's own address)
    with open(os.path.join(PAGE, SERVICE_WORKER), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("BUILD_HASH", digest.hexdigest()[:16])
    text = text.replace("BUILD_FILES", json.dumps(files, sort_keys=True))
    with open(os.path.join(out, SERVICE_WORKER), "w", encoding="utf-8") as f:
        f.write(text)


class PageHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a module script and WebAssembly need; checked again at every
    request (no-cache: a new build shows at the next reload, and the offline copy's fetch of an
    unchanged file is answered from the browser's cache); text gzip-compressed for a browser
    that takes it."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        takes_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (takes_gzip and path.endswith(TEXT) and os.path.isfile(path)):
            return super().send_head()
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), mtime=0)
        tag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        if self.headers.get("If-None-Match") == tag:
            self.send_response(304)
            self.send_header("ETag", tag)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", tag)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    sent = 0  # bytes of files sent, counted (the page's test reads it)

    def copyfile(self, source, outputfile):
        data = source.read()
        PageHandler.sent += len(data)
        outputfile.write(data)

    def log_message(self, format, *args):
        pass  # (quiet: the page's requests are not news)


def server(folder=OUT, port=PORT, host="127.0.0.1"):
    """An HTTP server of `folder` on localhost (port 0: any free port: server.server_port)."""
    if not os.path.exists(os.path.join(folder, "index.html")):
        raise WebError("no page in %s: run make web first" % folder)

    def handler(*args, **kwargs):
        return PageHandler(*args, directory=folder, **kwargs)

    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.web", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    build_it = sub.add_parser("build", help="make build/web")
    build_it.add_argument("--no-table", action="store_true", help="without the endgame table")
    serve = sub.add_parser("serve", help="serve build/web on localhost")
    serve.add_argument("--port", type=int, default=PORT)
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            build(table=not args.no_table)
            return 0
        httpd = server(port=args.port)
    except (WebError, OSError) as e:
        sys.stderr.write("kalaha: %s\n" % e)
        return 2
    print("Pocket Kalaha: http://localhost:%d/ (Ctrl-C stops)" % httpd.server_port, flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
