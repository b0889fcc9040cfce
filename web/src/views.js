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

  /* ---- grundy explain's text, shown to be read: sentences wrapped by the
   * browser in the page's font, formulas (the mex lines) in monospace, the
   * XOR of the values as a table whose columns line up in any language.
   * The text itself stays the CLI's, in data-text. ---- */
  var XOR_ROW = /^\s+(\S.*?)?\s+(\d+) = ([01]+)(?:\s{3}(.*))?$/;
  G.explainInto = function (box, r) {
    box.textContent = "";
    box.classList.toggle("failed", !!(r && (r.cancelled || r.code !== 0)));
    if (!r) { box.textContent = G.t("running"); box.removeAttribute("data-text"); return; }
    if (r.cancelled) { box.textContent = G.t("cancelled"); return; }
    var text = r.code === 0 ? r.out : r.err;
    box.setAttribute("data-text", text);
    if (r.code !== 0) { box.textContent = G.localError(text).trim(); return; }
    var lines = text.replace(/\n$/, "").split("\n"), table = null;
    lines.forEach(function (line) {
      var m = XOR_ROW.exec(line);
      if (m && /^\s{2}/.test(line)) {
        if (!table) { table = document.createElement("table"); table.className = "xor"; box.appendChild(table); }
        var tr = document.createElement("tr");
        [m[1] || "", m[2], "= " + m[3], m[4] || ""].forEach(function (cell, k) {
          var td = document.createElement("td");
          td.textContent = cell;
          td.className = ["xor-label", "xor-value", "xor-bits", "xor-term"][k];
          tr.appendChild(td);
        });
        table.appendChild(tr);
        return;
      }
      table = null;
      if (!line.trim()) return;
      var p = document.createElement(/^\s{4}/.test(line) ? "code" : "p");
      p.className = /^\s{4}/.test(line) ? "formula" : /^\s{2}/.test(line) ? "ex-line indent" : "ex-line";
      if (!/^\s/.test(line) && /^(position|局面|term \d|第 \d+ 项|the sum|游戏的和)/.test(line)) p.className += " ex-head";
      p.textContent = line.trim();
      box.appendChild(p);
    });
  };

  /* "nice" steps for an axis of n units drawn in px pixels: 1, 2, 5, 10, ... */
  G.tickStep = function (n, px, minGap) {
    var steps = [1, 2, 5], k = 0, step = 1;
    while (step * px / Math.max(n, 1) < minGap) { step = steps[k % 3] * Math.pow(10, Math.floor(k / 3)); k++; }
    return step;
  };

  /* ---------------- Solve ---------------- */
  var lastSolve = null;

  function solve(push) {
    var pos = $("pos").value.trim(), mode = $("mode").value;
    G.state.pos = pos;
    G.state.mode = mode === "normal" ? "" : mode;
    G.writeHash(push);
    asked.solve = pos + "|" + mode;
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
    G.explainInto($("explain"), null);
    return G.run(["explain"].concat(margs, ["--lang", G.state.lang, pos])).then(function (r) {
      G.explainInto($("explain"), r);
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
      li.onclick = function () { $("pos").value = m; solve(true); };
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
    init: function () {
      /* one example per family, from the library's list */
      G.familyExamples("solve-examples", function (ex) { $("pos").value = ex; solve(true); });
      $("solve-form").onsubmit = function (e) { e.preventDefault(); solve(true); };
    },
    load: function (st) {
      $("pos").value = st.pos || "kayles(7) + 3";
      $("mode").value = st.mode || "normal";
    },
    shown: function () { if (asked.solve !== $("pos").value.trim() + "|" + $("mode").value) solve(); },
    relabel: function () {
      showSolve();
      if (lastSolve) explain(lastSolve.pos, G.modeArgs(lastSolve.mode));
    },
  };

  /* ---------------- Sequence ---------------- */
  var lastSeq = null;

  function tabulate(push) {
    var rule = $("rule").value.trim(), n = parseInt($("seq-n").value, 10) || 100;
    G.state.rule = rule;
    G.state.n = n;
    G.writeHash(push);
    asked.seq = rule + "|" + n;
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

  /* the chart's key: the points, and the bands when a period is proved */
  function seqLegend(p) {
    var box = $("seq-legend");
    box.textContent = "";
    var items = [["dot", G.t("legendValue")]];
    if (p.proved) items.push(["pre", G.t("preperiodBand")], ["period", G.t("periodBand") + " " + p.period]);
    items.forEach(function (it) {
      var span = document.createElement("span"), sw = document.createElement("i");
      span.className = "key";
      sw.className = "swatch swatch-" + it[0];
      span.appendChild(sw);
      span.appendChild(document.createTextNode(it[1]));
      box.appendChild(span);
    });
  }

  function drawSeq() {
    if (!lastSeq) return;
    var v = lastSeq.values, p = lastSeq.period, n = v.length - 1;
    $("seq-result").hidden = false;
    $("seq-title").textContent = G.t("seqTitle", { n: n });
    $("seq-period").textContent = periodText();
    var chart = $("seq-chart");
    chart.textContent = "";
    var W = 900, H = 300, L = 44, R = 10, T = 12, B = 30;
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
    /* ticks and their numbers on both axes, the axes named */
    var xs = G.tickStep(n, W - L - R, 60), ys = G.tickStep(vmax, H - T - B, 22);
    for (var tx = 0; tx <= n; tx += xs) {
      svg("line", { x1: X(tx), y1: H - B, x2: X(tx), y2: H - B + 4, stroke: "#888" }, chart);
      svg("text", { x: X(tx), y: H - B + 15, "text-anchor": "middle", "font-size": 11, "class": "tick-x" }, chart).textContent = tx;
    }
    for (var ty = 0; ty <= vmax; ty += ys) {
      svg("line", { x1: L - 4, y1: Y(ty), x2: L, y2: Y(ty), stroke: "#888" }, chart);
      svg("line", { x1: L, y1: Y(ty), x2: W - R, y2: Y(ty), stroke: "#000", "stroke-opacity": 0.06 }, chart);
      svg("text", { x: L - 6, y: Y(ty) + 4, "text-anchor": "end", "font-size": 11, "class": "tick-y" }, chart).textContent = ty;
    }
    svg("text", { x: W - R, y: H - B - 4, "text-anchor": "end", "font-size": 12, "font-style": "italic" }, chart).textContent = "n";
    svg("text", { x: L + 4, y: T + 24, "font-size": 12, "font-style": "italic" }, chart).textContent = "G(n)";
    seqLegend(p);
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

  function seqKey() { return $("rule").value.trim() + "|" + (parseInt($("seq-n").value, 10) || 100); }

  G.views.seq = {
    load: function (st) {
      $("rule").value = st.rule || "kayles";
      $("seq-n").value = st.n || 200;
    },
    init: function () {
      /* the heap families and rules: a sequence G(0), G(1), ... */
      G.familyExamples("seq-examples", function (ex) { $("rule").value = ex; tabulate(true); },
                       function (f) { return f.heap || f.kind === "rule"; }, true);
      $("seq-form").onsubmit = function (e) { e.preventDefault(); tabulate(true); };
    },
    shown: function () { if (asked.seq !== seqKey()) tabulate(); },
    relabel: drawSeq,
  };

  /* ---------------- Table ---------------- */
  var TABLE_EXAMPLES = ["wythoff", "euclid", "prod", "cram", "rule[(a,b) -> (a-k,b) for k in 1..a; (a,b) -> (a,b-k) for k in 1..min(b,2)]"];
  var lastTable = null;

  function draw(push) {
    var rule = $("trule").value.trim(), w = parseInt($("tw").value, 10), h = parseInt($("th").value, 10);
    if (!(w >= 0)) w = 30;
    if (!(h >= 0)) h = 30;
    G.state.trule = rule;
    G.state.w = w;
    G.state.h = h;
    G.writeHash(push);
    asked.table = rule + "|" + w + "|" + h;
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

  /* the heat map: x down the rows, y along the columns, their numbers on
   * the axes; the key below it; each cell's value under the pointer */
  function drawTable() {
    if (!lastTable) return;
    var t = lastTable, c = $("heat");
    $("table-result").hidden = false;
    $("table-title").textContent = G.t("tableTitle", { w: t.w, h: t.h });
    var cell = Math.max(2, Math.min(18, Math.floor(720 / (Math.max(t.w, t.h) + 1))));
    var ML = 34, MT = 30;
    c.width = ML + (t.h + 1) * cell + 4;
    c.height = MT + (t.w + 1) * cell + 4;
    c.setAttribute("data-cell", cell);
    c.setAttribute("data-left", ML);
    c.setAttribute("data-top", MT);
    var ctx = c.getContext("2d"), ps = [], vmax = 0, draws = false;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, c.width, c.height);
    for (var x = 0; x <= t.w; x++)
      for (var y = 0; y <= t.h; y++) {
        var v = t.g[x][y];
        if (v > vmax) vmax = v;
        if (v < 0) draws = true;
        ctx.fillStyle = colour(v);
        ctx.fillRect(ML + y * cell, MT + x * cell, cell, cell);
        if (v === 0) ps.push("(" + x + "," + y + ")");
      }
    ctx.fillStyle = "#333";
    ctx.font = "11px sans-serif";
    var sx = G.tickStep(t.w, (t.w + 1) * cell, 16), sy = G.tickStep(t.h, (t.h + 1) * cell, 24);
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    for (x = 0; x <= t.w; x += sx) ctx.fillText(String(x), ML - 4, MT + (x + 0.5) * cell);
    ctx.textAlign = "center";
    ctx.textBaseline = "bottom";
    for (y = 0; y <= t.h; y += sy) ctx.fillText(String(y), ML + (y + 0.5) * cell, MT - 3);
    ctx.font = "italic 12px sans-serif";
    ctx.textAlign = "left";
    ctx.fillText("y →", ML, MT - 16);
    ctx.textAlign = "center";
    ctx.fillText("x", 8, MT + 10);
    ctx.fillText("↓", 8, MT + 24);
    heatLegend(vmax, draws);
    var list = $("table-p");
    list.textContent = "";
    ps.forEach(function (pp, k) {
      var span = document.createElement("span");
      span.className = "pair";
      span.textContent = pp;
      list.appendChild(span);
      if (k + 1 < ps.length) list.appendChild(document.createTextNode(" "));
    });
    var tip = $("heat-tip");
    function at(e) {
      var box = c.getBoundingClientRect(), scale = c.width / box.width;
      var px = (e.clientX - box.left) * scale - ML, py = (e.clientY - box.top) * scale - MT;
      return { x: Math.floor(py / cell), y: Math.floor(px / cell), box: box };
    }
    function inside(p) { return p.x >= 0 && p.y >= 0 && p.x <= t.w && p.y <= t.h; }
    c.onmousemove = function (e) {
      var p = at(e);
      if (!inside(p)) { tip.hidden = true; return; }
      var v = t.g[p.x][p.y];
      tip.textContent = G.t("hoverCell", { x: p.x, y: p.y, v: v < 0 ? "∞" : v });
      tip.style.left = (e.clientX - p.box.left + 12) + "px";
      tip.style.top = (e.clientY - p.box.top - 28) + "px";
      tip.hidden = false;
    };
    c.onmouseleave = function () { tip.hidden = true; };
    c.onclick = function (e) {
      var p = at(e);
      if (!inside(p)) return;
      var pos = t.rule + "(" + p.x + "," + p.y + ")";
      G.explainInto($("cell-explain"), null);
      G.run(["explain", "--lang", G.state.lang, pos]).then(function (r) {
        G.explainInto($("cell-explain"), r);
      });
    };
  }

  /* the key of the heat map: 0 (P) black, the values' colours, draws grey */
  function heatLegend(vmax, draws) {
    var box = $("heat-legend"), shown = Math.min(vmax, 15);
    box.textContent = "";
    function key(colourOf, label) {
      var span = document.createElement("span"), sw = document.createElement("i");
      span.className = "key";
      sw.className = "swatch";
      sw.style.background = colourOf;
      span.appendChild(sw);
      span.appendChild(document.createTextNode(label));
      box.appendChild(span);
    }
    key(colour(0), G.t("legendP"));
    for (var v = 1; v <= shown; v++) key(colour(v), String(v));
    if (vmax > shown) box.appendChild(document.createTextNode(G.t("legendMore", { max: vmax })));
    if (draws) key(colour(-1), G.t("legendDraw"));
  }

  function tableKey() {
    var w = parseInt($("tw").value, 10), h = parseInt($("th").value, 10);
    return $("trule").value.trim() + "|" + (w >= 0 ? w : 30) + "|" + (h >= 0 ? h : 30);
  }

  G.views.table = {
    load: function (st) {
      $("trule").value = st.trule || "wythoff";
      $("tw").value = st.w || 30;
      $("th").value = st.h || 30;
    },
    init: function () {
      G.examples("table-examples", TABLE_EXAMPLES, function (ex) { $("trule").value = ex; draw(true); });
      $("table-form").onsubmit = function (e) { e.preventDefault(); draw(true); };
    },
    shown: function () { if (asked.table !== tableKey()) draw(); },
    relabel: drawTable,
  };
})();
