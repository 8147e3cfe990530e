// Runs a Python script in MicroPython's VM (npm's WebAssembly port, the web page's runtime): the
// tests' and tools' stand-in for a CircuitPython board's interpreter (tools/micropython.py).
//
//   node tools/mpvm.mjs JOB.json
//
// JOB: {"script": "source", "path": [sys.path entries], "cwd": "/dir", "heap": bytes,
//       "copy": [[host path, VM path], ...], "back": [[VM folder, host folder], ...]}
// Each "copy" file or folder (whole, but for the folders in SKIP) is written into the VM's memory
// file system first (a drive's .mpy with MicroPython's first byte); after the run the files of
// each "back" folder that are new or changed are written to the host. The script runs as
// __main__ with `cwd` as its working directory; if it defines a function `vm_step`, it is then
// called again and again from here until it returns False: each call returns to JavaScript, and
// only there does this port collect its heap (a collection asked for inside a call waits for its
// end; meanwhile the heap grows). A function returned instead is called after a collection made
// here, and what it returns counts the same.
// Exit status: 0, SystemExit's code, 1 on any other Python error (its traceback on stderr), 2 when
// the job itself is wrong.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const SKIP = new Set([".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", "build"]);
const require = createRequire(import.meta.url);

function fail(why) {
  process.stderr.write("mpvm: " + why + "\n");
  process.exit(2);
}

function mkdirs(FS, dir) {
  let at = "";
  for (const part of dir.split("/").filter(Boolean)) {
    at += "/" + part;
    try {
      FS.mkdir(at);
    } catch (e) {
      // (there already)
    }
  }
}

function copyIn(FS, host, vm) {
  const st = fs.statSync(host);
  if (st.isDirectory()) {
    mkdirs(FS, vm);
    for (const name of fs.readdirSync(host)) {
      if (SKIP.has(name)) continue;
      copyIn(FS, path.join(host, name), vm + "/" + name);
    }
  } else if (st.isFile()) {
    mkdirs(FS, vm.slice(0, vm.lastIndexOf("/")));
    const data = fs.readFileSync(host);
    if (host.endsWith(".mpy") && data[0] === 0x43) data[0] = 0x4d; // (CircuitPython's "C": MicroPython's "M")
    FS.writeFile(vm, data);
  }
}

function listVM(FS, dir, out = new Map()) {
  let names;
  try {
    names = FS.readdir(dir);
  } catch (e) {
    return out;
  }
  for (const name of names) {
    if (name === "." || name === "..") continue;
    const at = dir + "/" + name;
    const st = FS.stat(at);
    if (FS.isDir(st.mode)) listVM(FS, at, out);
    else out.set(at, st.mtime.getTime() + ":" + st.size);
  }
  return out;
}

const job = JSON.parse(fs.readFileSync(process.argv[2] || fail("usage: node mpvm.mjs JOB.json"), "utf8"));
let runtime;
try {
  runtime = require.resolve("@micropython/micropython-webassembly-pyscript/micropython.mjs");
} catch (e) {
  fail("npm's @micropython/micropython-webassembly-pyscript is not installed (npm ci)");
}
const { loadMicroPython } = await import(runtime);
const mp = await loadMicroPython({
  heapsize: job.heap || 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
const FS = mp.FS;
for (const [host, vm] of job.copy || []) copyIn(FS, host, vm);
mkdirs(FS, job.cwd || "/");
const before = new Map();
for (const [vm] of job.back || []) listVM(FS, vm, before);

function exitCode(e) {
  // A PythonError's message is the traceback; SystemExit's code is its last line's number.
  const text = String(e && e.message ? e.message : e);
  const m = text.match(/SystemExit: ?(-?\d*)\s*$/);
  if (m) return { code: m[1] === "" ? 0 : parseInt(m[1], 10), text: "" };
  return { code: 1, text };
}

let status = 0;
try {
  mp.runPython(
    "import os, sys\nos.chdir(" + JSON.stringify(job.cwd || "/") + ")\nsys.path[:] = " +
      JSON.stringify(job.path || [""]) + "\n",
  );
  mp.runPython(job.script);
  const step = mp.globals.get("vm_step");
  if (step) {
    for (;;) {
      let got = step();
      while (typeof got === "function") {
        mp.runPython("import gc\ngc.collect()");
        got = got();
      }
      if (got === false) break;
    }
  }
} catch (e) {
  const { code, text } = exitCode(e);
  status = code;
  if (text) process.stderr.write(text + "\n");
}
for (const [vm, host] of job.back || []) {
  for (const [at, stamp] of listVM(FS, vm)) {
    if (before.get(at) === stamp) continue;
    const dst = path.join(host, path.relative(vm, at));
    fs.mkdirSync(path.dirname(dst), { recursive: true });
    fs.writeFileSync(dst, FS.readFile(at));
  }
}
process.stdout.write("", () => process.exit(status));
