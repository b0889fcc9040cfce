/* The worker: runs one grundy command at a time, each in a fresh instance
 * of the WebAssembly module (like a process: its own memory, main() once,
 * exit() flushes its output). The module is compiled once. Messages in:
 * {id, args, files?: {name: text}, read?: [names]}; out: {id, type:
 * "progress", text} while it runs, then {id, type: "done", code, out, err,
 * files: {name: text}}. */
"use strict";
var compiled = null;

function wasmBytes() {
  var s = atob(GRUNDY_WASM), b = new Uint8Array(s.length);
  for (var i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

function compile() {
  if (!compiled) compiled = WebAssembly.compile(wasmBytes());
  return compiled;
}

/* a progress line of the CLI: "RULESET: N of M values (P%)" or "... positions searched" */
function progressOf(line) {
  var m = /: (\d+) of (\d+) values \((\d+)%\)$/.exec(line);
  if (m) return { done: +m[1], total: +m[2], percent: +m[3], text: line };
  if (/: \d+ positions searched$/.test(line)) return { text: line };
  return null;
}

function run(msg) {
  var out = [], err = [];
  return compile().then(function (module) {
    return createGrundy({
      noInitialRun: true,
      print: function (s) { out.push(s); },
      printErr: function (s) {
        var p = progressOf(s);
        if (p) postMessage({ id: msg.id, type: "progress", progress: p });
        else err.push(s);
      },
      instantiateWasm: function (imports, receive) {
        WebAssembly.instantiate(module, imports).then(function (inst) { receive(inst, module); });
        return {};
      },
      stdin: function () { return null; },
    });
  }).then(function (M) {
    var files = msg.files || {};
    for (var name in files) M.FS.writeFile(name, files[name]);
    var code;
    try {
      code = M.callMain(msg.args);
    } catch (e) {
      if (e && e.name === "ExitStatus") code = e.status;
      else { err.push("grundy: error: " + (e && e.message ? e.message : String(e))); code = 1; }
    }
    var read = {};
    (msg.read || []).forEach(function (name) {
      try { read[name] = M.FS.readFile(name, { encoding: "utf8" }); } catch (e) { /* not written */ }
    });
    postMessage({ id: msg.id, type: "done", code: code, out: out.join("\n") + (out.length ? "\n" : ""),
                  err: err.join("\n"), files: read });
  }).catch(function (e) {
    postMessage({ id: msg.id, type: "done", code: 1, out: "", err: "grundy: error: " + (e && e.message ? e.message : e), files: {} });
  });
}

var queue = Promise.resolve();
onmessage = function (ev) {
  queue = queue.then(function () { return run(ev.data); });
};
