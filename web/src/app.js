/* The page's core: the language, the state in the URL, the tabs, and the
 * engine (grundy's CLI in WebAssembly, in a worker, with a progress bar and
 * a cancel button). The views (views.js, play.js) register themselves in
 * G.views and call G.run(args) to run a grundy command. */
"use strict";
(function () {
  var G = (window.G = { views: {}, state: {} });
  var I18N = window.GRUNDY_I18N;

  G.$ = function (id) { return document.getElementById(id); };

  /* the text of key in the page's language, {name} replaced from args */
  G.t = function (key, args) {
    var s = (I18N[G.state.lang] || I18N.en)[key];
    if (s === undefined) s = I18N.en[key] || key;
    return s.replace(/\{(\w+)\}/g, function (m, k) { return args && k in args ? String(args[k]) : m; });
  };

  /* one entry of a "a:text|b:text" message */
  G.tPick = function (key, which) {
    var parts = G.t(key).split("|");
    for (var i = 0; i < parts.length; i++) {
      var c = parts[i].indexOf(":");
      if (parts[i].slice(0, c) === which) return parts[i].slice(c + 1);
    }
    return which;
  };

  G.applyLanguage = function () {
    document.documentElement.lang = G.state.lang === "zh" ? "zh-CN" : "en";
    document.title = G.t("title");
    var els = document.querySelectorAll("[data-i18n]");
    for (var i = 0; i < els.length; i++) els[i].textContent = G.t(els[i].getAttribute("data-i18n"));
  };

  /* ---- the state in the URL: #view=...&pos=...&lang=... ---- */
  var DEFAULTS = { view: "solve", lang: "en" };
  G.readHash = function () {
    var st = {}, h = location.hash.replace(/^#/, "");
    h.split("&").forEach(function (kv) {
      if (!kv) return;
      var i = kv.indexOf("=");
      var k = decodeURIComponent(i < 0 ? kv : kv.slice(0, i));
      st[k] = i < 0 ? "" : decodeURIComponent(kv.slice(i + 1)); /* a "+" stays a "+": the game language adds with it */
    });
    if (!st.view) st.view = st.rule ? "seq" : st.trule ? "table" : st.ppos ? "play" : "solve";
    if (st.lang !== "zh") st.lang = DEFAULTS.lang;
    return st;
  };
  /* the state into the address: a new entry in the history when push (a
   * new position, view or language: the back button returns to it), else
   * the current entry rewritten */
  var applied = null;
  G.writeHash = function (push) {
    var keys = Object.keys(G.state).filter(function (k) { return G.state[k] !== "" && G.state[k] != null; });
    var h = "#" + keys.map(function (k) { return encodeURIComponent(k) + "=" + encodeURIComponent(G.state[k]); }).join("&");
    if (h !== location.hash) {
      if (push && applied !== null) history.pushState(null, "", h);
      else history.replaceState(null, "", h);
    }
    applied = location.hash;
    G.$("share").href = h;
  };

  /* the address changed under the page (a typed or followed link, back or
   * forward): show what it says, without a reload */
  function follow() {
    if (location.hash === applied) return;
    applied = location.hash;
    var lang = G.state.lang;
    G.state = G.readHash();
    G.applyLanguage();
    Object.keys(G.views).forEach(function (v) { if (G.views[v].load) G.views[v].load(G.state); });
    if (G.state.lang !== lang) Object.keys(G.views).forEach(function (v) { if (G.views[v].relabel) G.views[v].relabel(); });
    G.show(G.views[G.state.view] ? G.state.view : "solve", true);
  }
  window.addEventListener("hashchange", follow);
  window.addEventListener("popstate", follow);

  /* ---- the engine ---- */
  var worker = null, nextId = 1, pending = {}, busyTimer = null, running = 0;

  function startWorker() {
    /* from a Blob, so the page also works from file:// (no worker from a file there) */
    var src = "(" + window.grundyEngine.toString() + ")();";
    worker = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
    worker.onmessage = function (ev) {
      var m = ev.data, p = pending[m.id];
      if (!p) return;
      if (m.type === "progress") { showProgress(m.progress); return; }
      delete pending[m.id];
      done();
      p.resolve(m);
    };
    worker.onerror = function (ev) {
      var all = pending;
      pending = {};
      Object.keys(all).forEach(function (id) {
        done();
        all[id].resolve({ code: 1, out: "", err: "grundy: error: " + (ev.message || "the engine failed"), files: {} });
      });
      worker = null;
    };
  }

  function showProgress(p) {
    var bar = G.$("busy-bar");
    if (p.total) { bar.max = 100; bar.value = p.percent; } else bar.removeAttribute("value");
    G.$("busy-text").textContent = p.text;
  }

  /* the commands in flight, also for scripts and tests: <body data-running> */
  function count(d) {
    running = Math.max(0, running + d);
    document.body.setAttribute("data-running", String(running));
  }

  function done() {
    count(-1);
    if (running > 0) return;
    clearTimeout(busyTimer);
    G.$("busy").hidden = true;
  }

  /* runs `grundy ARGS...`: a promise of {code, out, err, files}; a run the
   * user cancels resolves with {cancelled: true} */
  G.run = function (args, opts) {
    if (!worker) startWorker();
    var id = nextId++;
    count(1);
    if (running === 1) {
      var bar = G.$("busy-bar");
      bar.removeAttribute("value");
      G.$("busy-text").textContent = "";
      busyTimer = setTimeout(function () { G.$("busy").hidden = false; }, 250);
    }
    return new Promise(function (resolve) {
      pending[id] = { resolve: resolve };
      worker.postMessage({ id: id, args: args, files: opts && opts.files, read: opts && opts.read });
    });
  };

  G.cancel = function () {
    if (!worker) return;
    worker.terminate();
    worker = null;
    var all = pending;
    pending = {};
    Object.keys(all).forEach(function (id) { done(); all[id].resolve({ cancelled: true, code: 1, out: "", err: "" }); });
  };

  /* shows a failed run's message (the CLI's own line) in element id; true when it failed */
  G.failed = function (id, r) {
    var el = G.$(id);
    if (r.cancelled) { el.textContent = G.t("cancelled"); el.hidden = false; return true; }
    if (r.code !== 0) {
      el.textContent = G.localError(r.err.trim() || "grundy: exit " + r.code);
      el.setAttribute("data-text", r.err.trim());
      el.hidden = false;
      return true;
    }
    el.hidden = true;
    return false;
  };

  /* the CLI's error line in the page's language: in Chinese its frame and
   * its phrases by the table in i18n.js (GRUNDY_ERRORS_ZH), applied in
   * order; what no phrase covers stays as grundy wrote it */
  G.localError = function (line) {
    if (G.state.lang !== "zh") return line;
    return (window.GRUNDY_ERRORS_ZH || []).reduce(function (s, rule) { return s.replace(rule[0], rule[1]); }, line);
  };

  G.modeArgs = function (mode) { return mode === "misere" ? ["--misere"] : mode === "every" ? ["--every"] : []; };

  /* the terms of a sum as grundy writes it: split at '+' outside brackets */
  G.splitTerms = function (text) {
    var terms = [], depth = 0, start = 0;
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") depth--;
      else if (c === "+" && depth === 0) { terms.push(text.slice(start, i).trim()); start = i + 1; }
    }
    terms.push(text.slice(start).trim());
    return terms;
  };

  /* example buttons: each a string, or {text, title} (the title a tooltip) */
  G.examples = function (id, list, pick) {
    var box = G.$(id);
    box.textContent = "";
    list.forEach(function (item) {
      var ex = typeof item === "string" ? item : item.text;
      var b = document.createElement("button");
      b.type = "button";
      b.className = "example";
      b.textContent = ex;
      if (item.title) b.title = item.title;
      b.onclick = function () { pick(ex); };
      box.appendChild(b);
    });
  };

  /* the families grundy knows, from the library's list (`grundy help
   * rulesets --json`), asked once: a promise of the array */
  var familyList = null;
  G.families = function () {
    if (!familyList)
      familyList = G.run(["help", "rulesets", "--json"]).then(function (r) {
        if (r.cancelled || r.code !== 0) { familyList = null; return []; }
        return JSON.parse(r.out).families;
      });
    return familyList;
  };

  /* a family's ruleset as `seq` takes it: its name, or when it needs
   * parameters its example's first term without the heap */
  G.familyRuleset = function (f) {
    if (!f.params_required) return f.name;
    var t = G.splitTerms(f.example)[0], m = /^(.*)\([^()]*\)$/.exec(t);
    return m ? m[1] : t;
  };

  /* each family's example as a button (its help line the tooltip) */
  G.familyExamples = function (id, pick, keep, ruleset) {
    G.families().then(function (list) {
      G.examples(id, list.filter(keep || function () { return true; }).map(function (f) {
        return { text: ruleset ? G.familyRuleset(f) : f.example, title: f.syntax + ": " + f.help };
      }), pick);
    });
  };

  /* shows a view (a new history entry unless following the address) and
   * lets it compute what its inputs ask, when it has not yet */
  G.show = function (view, following) {
    G.state.view = view;
    Object.keys(G.views).forEach(function (v) { G.$("view-" + v).hidden = v !== view; });
    var tabs = document.querySelectorAll(".tab");
    for (var i = 0; i < tabs.length; i++) tabs[i].classList.toggle("active", tabs[i].getAttribute("data-view") === view);
    if (!following) G.writeHash(true);
    var v = G.views[view];
    if (v && v.shown) v.shown();
  };

  G.start = function () {
    document.body.setAttribute("data-running", "0");
    G.state = G.readHash();
    G.applyLanguage();
    Object.keys(G.views).forEach(function (v) { G.views[v].init(G.state); });
    Object.keys(G.views).forEach(function (v) { if (G.views[v].load) G.views[v].load(G.state); });
    var tabs = document.querySelectorAll(".tab");
    for (var i = 0; i < tabs.length; i++)
      tabs[i].onclick = function () { G.show(this.getAttribute("data-view")); };
    G.$("lang").onclick = function () {
      G.state.lang = G.state.lang === "zh" ? "en" : "zh";
      G.applyLanguage();
      G.writeHash(true);
      Object.keys(G.views).forEach(function (v) { if (G.views[v].relabel) G.views[v].relabel(); });
    };
    G.$("cancel").onclick = G.cancel;
    G.show(G.views[G.state.view] ? G.state.view : "solve");
  };
  window.addEventListener("DOMContentLoaded", function () { G.start(); });
})();
