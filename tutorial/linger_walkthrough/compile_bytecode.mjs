// Compile Python to bytecode with the Python that the site's Pyodide runs, in Node.
//
// Usage:
//   node tutorial/linger_walkthrough/compile_bytecode.mjs FOLDER
//   node tutorial/linger_walkthrough/compile_bytecode.mjs --stdlib PYODIDE_FOLDER OUT_FOLDER MODULE...
//
// The first form: every `.py` file under FOLDER gets `__pycache__/<name>.cpython-<ver>.pyc` beside
// it, made by Pyodide's own `py_compile` (the CPython that builds the site is another version, whose
// bytecode Pyodide's Python refuses), with hash-based, unchecked invalidation: the file records the
// source's hash instead of its modification time, so the same sources always give the same bytes, and
// the importer uses it without reading the source again.
//
// The second form (`--stdlib`): Pyodide starts from PYODIDE_FOLDER (the site's `_pyodide/`, whose lock
// names the engine wheel beside it), installs the engine as the browser does (`loadPackage`) and
// imports each MODULE; every standard-library module imported by then (by Pyodide's own start, the
// install and the imports) is compiled from the standard library's own source to
// `OUT_FOLDER/<path in the library>.pyc` (sourceless, hash-based, unchecked), for a zip that the worker
// puts before the standard library on `sys.path`. Pyodide's `python_stdlib.zip` holds sources only, so
// without it every first visit compiles these modules in the browser.
//
// Either form prints one JSON line:
// `{"python": "3.14.2", "tag": "cpython-314", "compiled": ["pkg/__pycache__/mod.cpython-314.pyc", ...]}`.
// The Pyodide is the npm package the site serves (node_modules/pyodide), loaded offline.
import { loadPyodide } from '../../node_modules/pyodide/pyodide.mjs';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The engine's distribution name: its key in the site's lock. */
const ENGINE_PACKAGE = 'linger-longer';

const [mode, ...rest] = process.argv.slice(2);
if (!mode || (mode === '--stdlib' && rest.length < 3)) {
  console.error('usage: node compile_bytecode.mjs FOLDER | --stdlib PYODIDE_FOLDER OUT_FOLDER MODULE...');
  process.exit(2);
}
console.log(mode === '--stdlib' ? await compileStdlibUsed(rest[0], rest[1], rest.slice(2)) : await compileFolder(mode));

/** Bytecode beside every source under `folder`. */
async function compileFolder(folder) {
  const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
  pyodide.FS.mkdirTree('/compile');
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, '/compile');
  const report = pyodide.runPython(`
import json, os, py_compile, sys

def compile_folder(root):
    """Compile every .py file under root (sorted, so the report is stable); raise on a syntax error."""
    compiled = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                source = os.path.join(folder, name)
                relative = os.path.relpath(source, root)
                # dfile: the name stored in the code object (the importer replaces it by the installed path).
                target = py_compile.compile(source, dfile=relative, doraise=True,
                                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
                compiled.append(os.path.relpath(target, root))
    return compiled

json.dumps({"python": sys.version.split()[0], "tag": sys.implementation.cache_tag,
            "compiled": compile_folder("/compile")})
`);
  pyodide.FS.unmount('/compile');
  return report;
}

/** Sourceless bytecode of the standard-library modules that Pyodide's start and the engine's install and import use. */
async function compileStdlibUsed(pyodideFolder, outFolder, modules) {
  const indexURL = path.resolve(pyodideFolder) + '/';
  const lock = JSON.parse(readFileSync(indexURL + 'pyodide-lock.json', 'utf8'));
  const pyodide = await loadPyodide({
    indexURL, lockFileContents: lock, packageBaseUrl: indexURL, stdout: () => {}, stderr: (line) => console.error(line),
  });
  await pyodide.loadPackage(ENGINE_PACKAGE, { messageCallback: () => {}, errorCallback: (line) => console.error(line) });
  for (const module of modules) pyodide.pyimport(module);
  mkdirSync(outFolder, { recursive: true });
  pyodide.FS.mkdirTree('/out');
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(outFolder) }, '/out');
  const report = pyodide.runPython(`
import importlib.util, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_imported(out):
    """Each module imported so far whose file is in the standard library's zip, compiled from its source."""
    library = next(entry for entry in sys.path if entry.endswith(".zip")) + "/"
    compiled = []
    for name in sorted(sys.modules):
        origin = getattr(sys.modules[name].__spec__, "origin", None) or ""
        if not (origin.startswith(library) and origin.endswith(".py")):
            continue  # the engine's own modules, built-in and frozen ones
        source = sys.modules[name].__loader__.get_source(name)
        code = compile(source, origin, "exec", dont_inherit=True)  # tracebacks name the library's own file
        relative = origin[len(library):-3] + ".pyc"
        os.makedirs(os.path.dirname(os.path.join(out, relative)), exist_ok=True)
        with open(os.path.join(out, relative), "wb") as pyc:
            pyc.write(_code_to_hash_pyc(code, importlib.util.source_hash(source.encode()), checked=False))
        compiled.append(relative)
    return compiled

json.dumps({"python": sys.version.split()[0], "tag": sys.implementation.cache_tag, "compiled": compile_imported("/out")})
`);
  pyodide.FS.unmount('/out');
  return report;
}
