// Compile a folder's Python sources to bytecode with the Python that the site's Pyodide runs, in Node.
//
// Usage: node tutorial/linger_walkthrough/compile_bytecode.mjs FOLDER
//
// Every `.py` file under FOLDER gets `__pycache__/<name>.cpython-<ver>.pyc` beside it, made by
// Pyodide's own `py_compile` (the CPython that builds the site is another version, whose bytecode
// Pyodide's Python refuses), with hash-based, unchecked invalidation: the file records the source's
// hash instead of its modification time, so the same sources always give the same bytes, and the
// importer uses it without reading the source again. Prints one JSON line:
// `{"python": "3.14.2", "tag": "cpython-314", "compiled": ["pkg/__pycache__/mod.cpython-314.pyc", ...]}`.
// The Pyodide is the npm package the site serves (node_modules/pyodide), loaded offline.
import { loadPyodide } from '../../node_modules/pyodide/pyodide.mjs';
import path from 'node:path';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node compile_bytecode.mjs FOLDER');
  process.exit(2);
}
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
console.log(report);
