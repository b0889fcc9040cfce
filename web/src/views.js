/* The views that ask and show: Solve (value, outcome, winning moves and
 * `grundy explain`), Sequence (G(n) drawn, its proved period marked) and
 * Table (the heat map of a two-number game, P-positions black). */
"use strict";
(function () {
  var G = window.G, $ = G.$;
  var SVGNS = "http://www.w3.org/2000/svg";
  var asked = {}; /* views computed once when first shown */

  function svg(tag, attrs, parent) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  /* ---------------- Solve ---------------- */
  var lastSolve = null;

  function solve() {
    var pos = $("pos").value.trim(), mode = $("mode").value;
    G.state.pos = pos;
    G.state.mode = mode === "normal" ? "" : mode;
    G.writeHash();
    if (!pos) return;
    var margs = G.modeArgs(mode);
    G.run(["solve", "--json"].concat(margs, [pos])).then(function (r) {
      if (G.failed("solve-error", r)) { $("solve-result").hidden = true; return; }
      var j = JSON.parse(r.out);
      lastSolve = { j: j, mode: mode, pos: pos };
      showSolve();
      return explain(pos, margs);
    });
  }

  function explain(pos, margs) {
    $("explain").textContent = G.t("running");
    return G.run(["explain"].concat(margs, ["--lang", G.state.lang, pos])).then(function (r) {
      $("explain").textContent = r.cancelled ? G.t("cancelled") : r.code === 0 ? r.out : r.err;
    });
  }

  function showSolve() {
    if (!lastSolve) return;
    var j = lastSolve.j, mode = lastSolve.mode;
    $("solve-result").hidden = false;
    var hasValue = mode !== "every" && j.value !== null && j.value !== undefined;
    $("value").parentNode.hidden = !hasValue;
    $("value-label").textContent = G.t(mode === "misere" ? "valueMisere" : "value");
    $("value").textContent = hasValue ? String(j.value) : "";
    $("outcome").textContent = G.t("outcome" + j.outcome);
    $("outcome").className = j.outcome === "N" ? "good" : j.outcome === "P" ? "bad" : "";
    var ul = $("moves");
    ul.textContent = "";
    (j.winning_moves || []).forEach(function (m) {
      var li = document.createElement("li");
      li.textContent = m;
      li.onclick = function () { $("pos").value = m; solve(); };
      ul.appendChild(li);
    });
    $("moves-title").textContent = G.t("winningMoves");
    if (!(j.winning_moves || []).length) {
      var li = document.createElement("li");
      li.textContent = G.t(j.outcome === "D" ? "outcomeD" : "noWinningMoves");
      li.style.cursor = "default";
      li.style.color = "inherit";
      ul.appendChild(li);
    }
  }

  G.views.solve = {
    init: function (st) {
      $("pos").value = st.pos || "kayles(7) + 3";
      $("mode").value = st.mode || "normal";
      /* one example per family, from the library's list */
      G.familyExamples("solve-examples", function (ex) { $("pos").value = ex; solve(); });
      $("solve-form").onsubmit = function (e) { e.preventDefault(); solve(); };
    },
    shown: function () { if (!asked.solve) { asked.solve = 1; solve(); } },
    relabel: function () {
      showSolve();
      if (lastSolve) explain(lastSolve.pos, G.modeArgs(lastSolve.mode));
    },
  };

  /* ---------------- Sequence ---------------- */
  var lastSeq = null;

  function tabulate() {
    var rule = $("rule").value.trim(), n = parseInt($("seq-n").value, 10) || 100;
    G.state.rule = rule;
    G.state.n = n;
    G.writeHash();
    if (!rule) return;
    var to = String(n);
    G.run(["seq", rule, "--to", to, "--json"]).then(function (r) {
      if (G.failed("seq-error", r)) { $("seq-result").hidden = true; return; }
      var values = JSON.parse(r.out).values;
      return G.run(["seq", rule, "--to", to, "--period", "--json"]).then(function (p) {
        var period = p.code === 0 ? JSON.parse(p.out) : { proved: false };
        lastSeq = { rule: rule, n: n, values: values, period: period };
        drawSeq();
      });
    });
  }

  function periodText() {
    var p = lastSeq.period;
    if (!p.proved) return G.t("periodNone", { n: lastSeq.n });
    return G.t("periodProved", { p: p.period, pre: p.preperiod, end: p.window_end,
                                 saltus: p.saltus ? G.t("saltus", { s: p.saltus }) : "" });
  }

  function drawSeq() {
    if (!lastSeq) return;
    var v = lastSeq.values, p = lastSeq.period, n = v.length - 1;
    $("seq-result").hidden = false;
    $("seq-title").textContent = G.t("seqTitle", { n: n });
    $("seq-period").textContent = periodText();
    var chart = $("seq-chart");
    chart.textContent = "";
    var W = 900, H = 300, L = 40, R = 10, T = 12, B = 26;
    chart.setAttribute("viewBox", "0 0 " + W + " " + H);
    var vmax = 1;
    for (var i = 0; i <= n; i++) if (v[i] > vmax) vmax = v[i];
    var dx = (W - L - R) / Math.max(n, 1), dy = (H - T - B) / vmax;
    var X = function (k) { return L + k * dx; }, Y = function (g) { return H - B - g * dy; };
    if (p.proved) { /* the preperiod, then the periods in alternating bands */
      svg("rect", { x: X(0), y: T, width: Math.max(X(p.preperiod) - X(0), 0), height: H - T - B, fill: "#fde7c8", "class": "band-pre" }, chart);
      svg("text", { x: X(0) + 3, y: T + 11, "font-size": 11, fill: "#8a5a00" }, chart).textContent = G.t("preperiodBand");
      for (var s = p.preperiod, b = 0; s <= n; s += p.period, b++) {
        svg("rect", { x: X(s), y: T, width: Math.min(p.period, n - s + 1) * dx, height: H - T - B,
                      fill: b % 2 ? "#e3ecfa" : "#d0def5", "class": "band-period" }, chart);
        if (b === 0) svg("text", { x: X(s) + 3, y: T + 11, "font-size": 11, fill: "#23408a" }, chart).textContent = G.t("periodBand") + " " + p.period;
      }
    }
    svg("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#888" }, chart);
    svg("line", { x1: L, y1: T, x2: L, y2: H - B, stroke: "#888" }, chart);
    svg("text", { x: L - 6, y: Y(vmax) + 4, "text-anchor": "end", "font-size": 11 }, chart).textContent = vmax;
    svg("text", { x: L - 6, y: H - B + 4, "text-anchor": "end", "font-size": 11 }, chart).textContent = "0";
    svg("text", { x: W - R, y: H - 8, "text-anchor": "end", "font-size": 11 }, chart).textContent = "n = " + n;
    /* the values: a polyline through the points, points themselves when few */
    var step = Math.max(1, Math.floor(n / 1800)), pts = [];
    for (var k = 0; k <= n; k += step) pts.push(X(k).toFixed(1) + "," + Y(v[k]).toFixed(1));
    svg("polyline", { points: pts.join(" "), fill: "none", stroke: "#7a8bb0", "stroke-width": 0.8 }, chart);
    if (n <= 600)
      for (k = 0; k <= n; k++) svg("circle", { cx: X(k), cy: Y(v[k]), r: n <= 200 ? 2.4 : 1.5, fill: "#1a4fb5" }, chart);
    var tip = $("seq-tip");
    chart.onmousemove = function (e) {
      var box = chart.getBoundingClientRect();
      var x = (e.clientX - box.left) * W / box.width;
      var k = Math.round((x - L) / dx);
      if (k < 0 || k > n) { tip.hidden = true; return; }
      tip.textContent = G.t("hoverSeq", { n: k, v: v[k] });
      tip.style.left = (e.clientX - box.left + 12) + "px";
      tip.style.top = (e.clientY - box.top - 28) + "px";
      tip.hidden = false;
    };
    chart.onmouseleave = function () { tip.hidden = true; };
    var shown = v.slice(0, 2001).join(" ");
    $("seq-values").textContent = shown + (n > 2000 ? " …" : "");
  }

  G.views.seq = {
    init: function (st) {
      $("rule").value = st.rule || "kayles";
      $("seq-n").value = st.n || 200;
      /* the heap families and rules: a sequence G(0), G(1), ... */
      G.familyExamples("seq-examples", function (ex) { $("rule").value = ex; tabulate(); },
                       function (f) { return f.heap || f.kind === "rule"; }, true);
      $("seq-form").onsubmit = function (e) { e.preventDefault(); tabulate(); };
    },
    shown: function () { if (!asked.seq) { asked.seq = 1; tabulate(); } },
    relabel: drawSeq,
  };

  /* ---------------- Table ---------------- */
  var TABLE_EXAMPLES = ["wythoff", "euclid", "prod", "cram", "rule[(a,b) -> (a-k,b) for k in 1..a; (a,b) -> (a,b-k) for k in 1..min(b,2)]"];
  var lastTable = null;

  function draw() {
    var rule = $("trule").value.trim(), w = parseInt($("tw").value, 10), h = parseInt($("th").value, 10);
    if (!(w >= 0)) w = 30;
    if (!(h >= 0)) h = 30;
    G.state.trule = rule;
    G.state.w = w;
    G.state.h = h;
    G.writeHash();
    if (!rule) return;
    G.run(["table", rule, "--to", w + "," + h, "--csv"]).then(function (r) {
      if (G.failed("table-error", r)) { $("table-result").hidden = true; return; }
      var rows = r.out.trim().split("\n").slice(1).map(function (line) {
        return line.split(",").slice(1).map(function (c) { return c === "D" ? -1 : parseInt(c, 10); });
      });
      lastTable = { rule: rule, w: w, h: h, g: rows };
      drawTable();
    });
  }

  function colour(v) {
    if (v === 0) return "#000";
    if (v < 0) return "#bbb";
    return "hsl(" + ((v * 47) % 360) + ",70%," + (55 + (v % 3) * 8) + "%)";
  }

  function drawTable() {
    if (!lastTable) return;
    var t = lastTable, c = $("heat");
    $("table-result").hidden = false;
    $("table-title").textContent = G.t("tableTitle", { w: t.w, h: t.h });
    var cell = Math.max(2, Math.min(18, Math.floor(720 / (Math.max(t.w, t.h) + 1))));
    c.width = (t.h + 1) * cell;
    c.height = (t.w + 1) * cell;
    var ctx = c.getContext("2d"), ps = [];
    for (var x = 0; x <= t.w; x++)
      for (var y = 0; y <= t.h; y++) {
        var v = t.g[x][y];
        ctx.fillStyle = colour(v);
        ctx.fillRect(y * cell, x * cell, cell, cell);
        if (v === 0) ps.push("(" + x + "," + y + ")");
      }
    $("table-p").textContent = ps.join(" ");
    var tip = $("heat-tip");
    function at(e) {
      var box = c.getBoundingClientRect();
      return { x: Math.floor((e.clientY - box.top) / cell), y: Math.floor((e.clientX - box.left) / cell), box: box };
    }
    c.onmousemove = function (e) {
      var p = at(e);
      if (p.x < 0 || p.y < 0 || p.x > t.w || p.y > t.h) { tip.hidden = true; return; }
      var v = t.g[p.x][p.y];
      tip.textContent = G.t("hoverCell", { x: p.x, y: p.y, v: v < 0 ? "∞" : v });
      tip.style.left = (e.clientX - p.box.left + 12) + "px";
      tip.style.top = (e.clientY - p.box.top - 28) + "px";
      tip.hidden = false;
    };
    c.onmouseleave = function () { tip.hidden = true; };
    c.onclick = function (e) {
      var p = at(e);
      if (p.x < 0 || p.y < 0 || p.x > t.w || p.y > t.h) return;
      var pos = t.rule + "(" + p.x + "," + p.y + ")";
      $("cell-explain").textContent = G.t("running");
      G.run(["explain", "--lang", G.state.lang, pos]).then(function (r) {
        $("cell-explain").textContent = r.cancelled ? G.t("cancelled") : r.code === 0 ? r.out : r.err;
      });
    };
  }

  G.views.table = {
    init: function (st) {
      $("trule").value = st.trule || "wythoff";
      $("tw").value = st.w || 30;
      $("th").value = st.h || 30;
      G.examples("table-examples", TABLE_EXAMPLES, function (ex) { $("trule").value = ex; draw(); });
      $("table-form").onsubmit = function (e) { e.preventDefault(); draw(); };
    },
    shown: function () { if (!asked.table) { asked.table = 1; draw(); } },
    relabel: drawTable,
  };
})();
