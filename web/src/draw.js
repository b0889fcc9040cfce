/* How Play draws each term as the game itself, and turns a click on the
 * drawing into one of the term's moves. A drawing never decides what is
 * legal: grundy's list of the term's options (`grundy move --json`) is the
 * truth, and each drawing only maps pointer actions onto it. A term whose
 * options the drawing cannot all reach is drawn as labelled buttons.
 *
 * G.drawTerm(term, opts, ctx) returns a DOM element, where opts are the
 * term's options [{to, ...}] and ctx = {heapFamily(name) -> bool,
 * enabled() -> bool, pick(opt), picked: the chosen option's `to` or null,
 * preview(text)}. Drawings: Nim heaps as tokens, heap games' rows as pins
 * (Kayles, octal codes, subtraction games), Wythoff as a queen, boards
 * (Cram, Node Kayles on a grid, placement games) as grids with the move
 * under the pointer previewed, Node Kayles and Arc Kayles graphs as graphs. */
"use strict";
(function () {
  var G = window.G;
  var SVGNS = "http://www.w3.org/2000/svg";
  var TOKENS_MAX = 60, PINS_MAX = 80, QUEEN_MAX = 40, BOARD_MAX = 30, GRAPH_MAX = 24;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs, parent) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  /* the arguments of name(args): {name, args} or null */
  function call(term) {
    var m = /^([^()]*)\((.*)\)$/.exec(term);
    return m ? { name: m[1], args: m[2] } : null;
  }
  function numbers(args) {
    if (args === "") return [];
    var parts = args.split(",");
    for (var i = 0; i < parts.length; i++) if (!/^\d+$/.test(parts[i].trim())) return null;
    return parts.map(function (p) { return +p; });
  }
  function multiset(list) {
    return list.filter(function (n) { return n > 0; }).sort(function (a, b) { return a - b; }).join(",");
  }

  /* ---- Nim: a row of tokens; a token takes itself and every token to its right ---- */
  function tokens(term, opts, ctx) {
    if (!/^\d+$/.test(term) || +term > TOKENS_MAX) return null;
    var n = +term, byLeave = {};
    opts.forEach(function (o) { byLeave[o.to] = o; });
    var row = el("div", "drawing tokens");
    for (var k = 0; k < n; k++) (function (k) {
      var t = el("span", "token");
      t.setAttribute("data-leave", k);
      t.title = term + " → " + k;
      if (ctx.picked !== null && k >= +ctx.picked) t.classList.add("taken");
      t.onmouseenter = function () { ctx.preview(term + " → " + k); };
      t.onclick = function () { if (ctx.enabled() && byLeave[k]) ctx.pick(byLeave[k]); };
      row.appendChild(t);
    })(k);
    return row;
  }

  /* ---- heap games: rows of pins; a move knocks down a run of adjacent pins ----
   * The first click selects a pin; a click on a neighbour extends the run, a
   * click on the run plays it. A run that no longer run can extend is played
   * at once (Dawson's Kayles: two pins; Nim-like rows: the whole tail). */
  function pins(term, opts, ctx) {
    var c = call(term);
    if (!c || !ctx.heapFamily(c.name)) return null;
    var rows = numbers(c.args);
    if (!rows || !rows.length) return null;
    var total = rows.reduce(function (a, b) { return a + b; }, 0);
    if (total > PINS_MAX) return null;
    var byResult = {};
    opts.forEach(function (o) {
      var oc = call(o.to), on = oc && oc.name === c.name ? numbers(oc.args) : null;
      if (on) { var key = multiset(on); if (!(key in byResult)) byResult[key] = o; }
    });
    /* every run: its result, and which option it is */
    function result(r, s, e) {
      var left = rows.slice();
      left.splice(r, 1, s, rows[r] - 1 - e);
      return multiset(left);
    }
    var legal = {}, reached = {};
    rows.forEach(function (n, r) {
      for (var s = 0; s < n; s++)
        for (var e = s; e < n; e++) {
          var o = byResult[result(r, s, e)];
          if (o) { legal[r + ":" + s + ":" + e] = o; reached[o.to] = 1; }
        }
    });
    for (var i = 0; i < opts.length; i++) if (!reached[opts[i].to]) return null;
    function isLegal(run) { return legal[run.r + ":" + run.s + ":" + run.e]; }
    /* some legal run holds run (a longer one when longer) */
    function heldBy(run, longer) {
      for (var s = 0; s <= run.s; s++)
        for (var e = run.e; e < rows[run.r]; e++)
          if ((!longer || s < run.s || e > run.e) && legal[run.r + ":" + s + ":" + e]) return true;
      return false;
    }
    var box = el("div", "drawing pins"), sel = null, note = el("div", "pin-note");
    var pinEls = [];
    function paint(run, cls) {
      pinEls.forEach(function (p) {
        var on = run && p.r === run.r && p.i >= run.s && p.i <= run.e;
        p.node.classList.toggle(cls, !!on);
      });
    }
    function describe(run) {
      var o = isLegal(run);
      return o ? G.t("pinsLeave", { k: run.e - run.s + 1, to: o.to }) : G.t("pinsMore");
    }
    function click(r, i) {
      if (!ctx.enabled()) return;
      var cand;
      if (sel && sel.r === r && i >= sel.s && i <= sel.e) {
        if (isLegal(sel)) { var o = isLegal(sel); sel = null; ctx.pick(o); return; }
        sel = null; paint(null, "selected"); note.textContent = ""; return;
      }
      if (sel && sel.r === r && (i === sel.s - 1 || i === sel.e + 1)) cand = { r: r, s: Math.min(i, sel.s), e: Math.max(i, sel.e) };
      if (!cand || !heldBy(cand, false)) cand = { r: r, s: i, e: i };
      if (!heldBy(cand, false)) { sel = null; paint(null, "selected"); note.textContent = G.t("pinsNone"); return; }
      if (isLegal(cand) && !heldBy(cand, true)) { sel = null; ctx.pick(isLegal(cand)); return; }
      sel = cand;
      paint(sel, "selected");
      note.textContent = describe(sel) + (isLegal(sel) ? " " + G.t("pinsAgain") : "");
    }
    rows.forEach(function (n, r) {
      var line = el("div", "pin-row");
      line.setAttribute("data-row", r);
      for (var i = 0; i < n; i++) (function (i) {
        var p = el("span", "pin");
        p.setAttribute("data-pin", r + "," + i);
        p.onclick = function () { click(r, i); };
        p.onmouseenter = function () {
          var run = sel && sel.r === r && (i === sel.s - 1 || i === sel.e + 1) ? { r: r, s: Math.min(i, sel.s), e: Math.max(i, sel.e) } : { r: r, s: i, e: i };
          paint(run, "hover");
          ctx.preview(isLegal(run) ? term + " → " + isLegal(run).to : "");
        };
        p.onmouseleave = function () { paint(null, "hover"); };
        pinEls.push({ r: r, i: i, node: p });
        line.appendChild(p);
      })(i);
      box.appendChild(line);
    });
    if (ctx.picked !== null) box.appendChild(el("div", "chosen-note", G.t("chosenMove", { to: ctx.picked })));
    box.appendChild(note);
    return box;
  }

  /* ---- Wythoff: a queen that moves left, down or diagonally toward (0,0) ---- */
  function queen(term, opts, ctx) {
    var c = call(term), xy = c && c.name === "wythoff" ? numbers(c.args) : null;
    if (!xy || xy.length !== 2 || xy[0] > QUEEN_MAX || xy[1] > QUEEN_MAX) return null;
    var a = xy[0], b = xy[1], byTo = {};
    opts.forEach(function (o) { byTo[o.to] = o; });
    var need = 0;
    var table = el("table", "grid queen");
    /* row x from a (top) down to 0, column y from 0 to b: the queen at (a, b) top right */
    for (var x = a; x >= 0; x--) {
      var tr = el("tr");
      for (var y = 0; y <= b; y++) (function (x, y) {
        var td = el("td");
        td.setAttribute("data-cell", x + "," + y);
        td.title = "(" + x + ", " + y + ")";
        if ((x + y) % 2) td.classList.add("dark");
        var to = "wythoff(" + x + "," + y + ")", o = byTo[to];
        if (x === a && y === b) { td.classList.add("queen-here"); td.textContent = "♛"; }
        else if (o) {
          need++;
          td.classList.add("reach");
          if (ctx.picked === to) td.classList.add("picked");
          td.onmouseenter = function () { ctx.preview(term + " → " + to); };
          td.onclick = function () { if (ctx.enabled()) ctx.pick(o); };
        }
        if (x === 0 && y === 0) td.classList.add("origin");
        tr.appendChild(td);
      })(x, y);
      table.appendChild(tr);
    }
    if (need !== opts.length) return null;
    var box = el("div", "drawing");
    box.appendChild(table);
    box.appendChild(el("div", "axis-note", G.t("queenAxes")));
    return box;
  }

  /* ---- boards: the cells a move fills; the move under the pointer is the
   * one, among those filling the cell, whose cells' centre is nearest ---- */
  function boardRows(term) {
    var c = call(term);
    if (!c) return null;
    var m = /^(\d+),(\d+)$/.exec(c.args);
    if (m && /^(cram|place\[.*\]|nodekayles\[grid\])$/.test(c.name)) {
      var rows = [];
      for (var r = 0; r < +m[1]; r++) rows.push(new Array(+m[2] + 1).join("."));
      return { name: c.name, rows: rows };
    }
    if (/^[.#]+(\/[.#]+)*$/.test(c.args)) return { name: c.name, rows: c.args.split("/") };
    return null;
  }

  function board(term, opts, ctx) {
    var b = boardRows(term);
    if (!b || b.rows.length > BOARD_MAX || b.rows[0].length > BOARD_MAX) return null;
    var rows = b.rows, moves = [];
    opts.forEach(function (o) {
      var after = boardRows(o.to);
      if (!after || after.rows.length !== rows.length) return;
      var cells = [];
      rows.forEach(function (row, r) {
        for (var c = 0; c < row.length; c++) if (row[c] === "." && after.rows[r][c] === "#") cells.push([r, c]);
      });
      if (!cells.length) return;
      var cr = 0, cc = 0;
      cells.forEach(function (p) { cr += p[0] + 0.5; cc += p[1] + 0.5; });
      moves.push({ o: o, cells: cells, cr: cr / cells.length, cc: cc / cells.length });
    });
    if (moves.length !== opts.length) return null;
    /* the move at a point (row, column in cell units) */
    function at(pr, pc) {
      var r = Math.floor(pr), c = Math.floor(pc), best = null, bd = 1e9;
      moves.forEach(function (m) {
        if (!m.cells.some(function (p) { return p[0] === r && p[1] === c; })) return;
        var d = (m.cr - pr) * (m.cr - pr) + (m.cc - pc) * (m.cc - pc);
        if (d < bd - 1e-9) { bd = d; best = m; }
      });
      return best;
    }
    var table = el("table", "grid board"), tds = [];
    rows.forEach(function (row, r) {
      var tr = el("tr");
      tds.push([]);
      for (var c = 0; c < row.length; c++) {
        var td = el("td");
        td.setAttribute("data-cell", r + "," + c);
        if (row[c] === "#") td.classList.add("filled");
        tds[r].push(td);
        tr.appendChild(td);
      }
      table.appendChild(tr);
    });
    function show(m) {
      tds.forEach(function (line) { line.forEach(function (td) { td.classList.remove("preview"); }); });
      if (m) m.cells.forEach(function (p) { tds[p[0]][p[1]].classList.add("preview"); });
      ctx.preview(m ? term + " → " + m.o.to : "");
    }
    function point(e) {
      var box = table.getBoundingClientRect();
      return [(e.clientY - box.top) / box.height * rows.length, (e.clientX - box.left) / box.width * rows[0].length];
    }
    table.onmousemove = function (e) { var p = point(e); show(at(p[0], p[1])); };
    table.onmouseleave = function () { show(null); };
    table.onclick = function (e) {
      if (!ctx.enabled()) return;
      var p = point(e), m = at(p[0], p[1]);
      if (m) ctx.pick(m.o);
    };
    /* the moves the pointer cannot reach (none on the usual boards) as buttons */
    var box = el("div", "drawing");
    box.appendChild(table);
    var lost = moves.filter(function (m) { return at(m.cr, m.cc) !== m; });
    if (lost.length) box.appendChild(buttons(term, lost.map(function (m) { return m.o; }), ctx));
    if (ctx.picked !== null) {
      var chosen = moves.filter(function (m) { return m.o.to === ctx.picked; })[0];
      if (chosen) chosen.cells.forEach(function (p) { tds[p[0]][p[1]].classList.add("picked"); });
    }
    return box;
  }

  /* ---- graphs: Node Kayles (pick a vertex: it and its neighbours go) and
   * Arc Kayles (pick an edge: its two ends go), vertices on a circle ---- */
  function graphOf(args) {
    var edges = [], verts = {}, list = [];
    if (args === "") return { edges: edges, verts: list };
    var parts = args.split(",");
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i].trim(), m = /^(\d+)-(\d+)$/.exec(p);
      if (m) { edges.push([+m[1], +m[2]]); verts[+m[1]] = 1; verts[+m[2]] = 1; }
      else if (/^\d+$/.test(p)) verts[+p] = 1;
      else return null;
    }
    for (var v in verts) list.push(+v);
    list.sort(function (a, b) { return a - b; });
    return { edges: edges, verts: list };
  }
  function graphKey(g, keepVerts) {
    var e = g.edges.map(function (x) { return Math.min(x[0], x[1]) + "-" + Math.max(x[0], x[1]); }).sort();
    return e.join(",") + (keepVerts ? "|" + g.verts.join(",") : "");
  }

  function graph(term, opts, ctx) {
    var c = call(term);
    if (!c || (c.name !== "nodekayles" && c.name !== "arckayles")) return null;
    var g = graphOf(c.args);
    if (!g || !g.verts.length || g.verts.length > GRAPH_MAX) return null;
    var node = c.name === "nodekayles", byKey = {};
    opts.forEach(function (o) {
      var oc = call(o.to), og = oc ? graphOf(oc.args) : null;
      if (og) { var k = graphKey(og, node); if (!(k in byKey)) byKey[k] = o; }
    });
    function without(gone) {
      var edges = g.edges.filter(function (e) { return !gone[e[0]] && !gone[e[1]]; });
      var verts = g.verts.filter(function (v) { return !gone[v]; });
      if (!node) verts = [];
      return graphKey({ edges: edges, verts: verts }, node);
    }
    /* each vertex's move (Node Kayles) or each edge's (Arc Kayles): what goes, which option */
    var picks = [];
    if (node) g.verts.forEach(function (v) {
      var gone = {}; gone[v] = 1;
      g.edges.forEach(function (e) { if (e[0] === v) gone[e[1]] = 1; if (e[1] === v) gone[e[0]] = 1; });
      picks.push({ v: v, gone: gone, o: byKey[without(gone)] });
    });
    else g.edges.forEach(function (e, i) {
      var gone = {}; gone[e[0]] = 1; gone[e[1]] = 1;
      picks.push({ e: i, gone: gone, o: byKey[without(gone)] });
    });
    var reached = {};
    picks.forEach(function (p) { if (p.o) reached[p.o.to] = 1; });
    for (var i = 0; i < opts.length; i++) if (!reached[opts[i].to]) return null;
    var n = g.verts.length, W = 260, R = n > 1 ? 100 : 0, pos = {};
    g.verts.forEach(function (v, k) {
      var a = -Math.PI / 2 + 2 * Math.PI * k / n;
      pos[v] = [W / 2 + R * Math.cos(a), W / 2 + R * Math.sin(a)];
    });
    var s = svg("svg", { viewBox: "0 0 " + W + " " + W, "class": "graph-drawing" });
    var edgeEls = [], vertEls = {};
    g.edges.forEach(function (e, i) {
      var ln = svg("line", { x1: pos[e[0]][0], y1: pos[e[0]][1], x2: pos[e[1]][0], y2: pos[e[1]][1], "class": "edge" }, s);
      edgeEls.push(ln);
      if (!node) {
        var hit = svg("line", { x1: pos[e[0]][0], y1: pos[e[0]][1], x2: pos[e[1]][0], y2: pos[e[1]][1], "class": "edge-hit", "data-edge": i }, s);
        hook(hit, picks[i]);
      }
    });
    g.verts.forEach(function (v, k) {
      var circle = svg("circle", { cx: pos[v][0], cy: pos[v][1], r: 13, "class": "vertex", "data-vertex": v }, s);
      svg("text", { x: pos[v][0], y: pos[v][1] + 4, "text-anchor": "middle", "class": "vertex-label" }, s).textContent = v;
      vertEls[v] = circle;
      if (node) hook(circle, picks[k]);
    });
    function show(p) {
      g.verts.forEach(function (v) { vertEls[v].classList.toggle("preview", !!(p && p.gone[v])); });
      g.edges.forEach(function (e, i) { edgeEls[i].classList.toggle("preview", !!(p && (p.gone[e[0]] || p.gone[e[1]]))); });
      ctx.preview(p && p.o ? term + " → " + p.o.to : "");
    }
    function hook(target, p) {
      target.addEventListener("mouseenter", function () { show(p); });
      target.addEventListener("mouseleave", function () { show(null); });
      target.addEventListener("click", function () { if (ctx.enabled() && p.o) ctx.pick(p.o); });
    }
    var box = el("div", "drawing");
    box.appendChild(s);
    if (ctx.picked !== null) box.appendChild(el("div", "chosen-note", G.t("chosenMove", { to: ctx.picked })));
    return box;
  }

  /* ---- any other game: its options as labelled buttons ---- */
  function buttons(term, opts, ctx) {
    var list = el("div", "drawing options");
    if (opts.length) list.appendChild(document.createTextNode(G.t("options") + " "));
    opts.forEach(function (o) {
      var b = el("button", "opt" + (ctx.picked === o.to ? " chosen" : ""), o.to);
      b.type = "button";
      b.onmouseenter = function () { ctx.preview(term + " → " + o.to); };
      b.onclick = function () { if (ctx.enabled()) ctx.pick(o); };
      list.appendChild(b);
    });
    return list;
  }

  var DRAWINGS = [["tokens", tokens], ["pins", pins], ["queen", queen], ["board", board], ["graph", graph]];

  /* the drawing of term: {kind, node}; a term without moves is still drawn
   * (its last state) when a drawing knows it */
  G.drawTerm = function (term, opts, ctx) {
    for (var i = 0; i < DRAWINGS.length; i++) {
      var node = DRAWINGS[i][1](term, opts, ctx);
      if (node) return { kind: DRAWINGS[i][0], node: node };
    }
    return { kind: "options", node: buttons(term, opts, ctx) };
  };
})();
