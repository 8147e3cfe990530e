// Run a Python script inside the real MicroPython VM (WebAssembly build) under Node.
// Usage: node tools/mpvm.mjs [--heap BYTES] [--put PATH]... SCRIPT.py [ARG...]
// --put copies a file or folder (relative to the repo root) into the VM's filesystem,
// at the same path, so `import kalaha` works. The script sees its args as sys.argv[1:].
// Exit status: 0 when the script ran to the end, 1 on a Python exception, 2 on usage.
// A line `#--- call` in the script starts a new runPython call (see below).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
let heap = 8 * 1024 * 1024;
const puts = [];
while (args.length && args[0].startsWith("--")) {
  const flag = args.shift();
  const value = args.shift();
  if (value === undefined) { console.error(`mpvm: ${flag} needs a value`); process.exit(2); }
  if (flag === "--heap") heap = parseInt(value, 10);
  else if (flag === "--put") puts.push(value);
  else { console.error(`mpvm: unknown flag ${flag}`); process.exit(2); }
}
const script = args.shift();
if (!script) { console.error("mpvm: usage: mpvm.mjs [--heap N] [--put PATH]... SCRIPT.py [ARG...]"); process.exit(2); }

const mp = await loadMicroPython({
  heapsize: heap,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function put(rel) {
  const src = path.join(root, rel);
  const dst = "/" + rel.split(path.sep).join("/");
  if (fs.statSync(src).isDirectory()) {
    mkdirs(dst);
    for (const name of fs.readdirSync(src)) {
      if (name === "__pycache__") continue;
      put(path.join(rel, name));
    }
  } else {
    mkdirs(path.posix.dirname(dst));
    mp.FS.writeFile(dst, fs.readFileSync(src));
  }
}
function mkdirs(dir) {
  let cur = "";
  for (const part of dir.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}
for (const rel of puts) put(rel);

const code = fs.readFileSync(script, "utf8");
mp.globals.set("_mpvm_argv", JSON.stringify([script, ...args]));
try {
  mp.runPython("import sys, json\nsys.argv[:] = json.loads(_mpvm_argv)\nif '/' not in sys.path: sys.path.insert(0, '/')\n");
  // A line "#--- call" splits the script into separate runPython calls: garbage collection
  // in this VM is deferred, so heap measurements are taken in a later call.
  for (const chunk of code.split(/^#--- call.*$/m)) mp.runPython(chunk);
} catch (e) {
  if (e.name !== "PythonError") throw e;
  if (e.type === "SystemExit") {
    const m = /SystemExit: (\d+)/.exec(e.message);
    process.exitCode = m ? parseInt(m[1], 10) : 0;
  } else {
    process.stderr.write(e.message);
    process.exitCode = 1;
  }
}
