/* Play against perfect play, in normal, misère and Every-SG play. One
 * `grundy move POSITION --json` per turn gives the moves of the player to
 * move (with the outcome each leaves) and the move perfect play makes: the
 * player's hint, or grundy's move. Nim heaps are rows of tokens, boards are
 * grids of cells, other games list their moves as buttons. */
"use strict";
(function () {
  var G = window.G, $ = G.$;
  var TOKENS_MAX = 60; /* larger heaps list their moves instead */
  var game = null;

  function setState(s) { $("game").setAttribute("data-state", s); }

  function log(text, cls) {
    var li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    $("log").appendChild(li);
  }

  function moveText(moves) {
    return moves.map(function (m) { return G.t("term", { i: m.component + 1 }) + ": " + m.from + " → " + m.to; }).join("; ");
  }

  function fail(r) {
    G.failed("play-error", r);
    setState("error");
    $("play-status").textContent = "";
  }

  function newGame() {
    var pos = $("ppos").value.trim();
    G.state.ppos = pos;
    G.state.pmode = $("pmode").value === "normal" ? "" : $("pmode").value;
    G.state.first = $("first").value === "me" ? "" : "grundy";
    G.writeHash();
    if (!pos) return;
    game = { pos: pos, mode: $("pmode").value, info: null, choice: {} };
    $("game").hidden = false;
    $("play-error").hidden = true;
    $("log").textContent = "";
    $("hint-text").textContent = "";
    $("board").textContent = "";
    if ($("first").value === "grundy") grundyTurn();
    else humanTurn();
  }

  function ask(pos) {
    return G.run(["move", "--json", "--max-moves", "400"].concat(G.modeArgs(game.mode), [pos]));
  }

  function over(humanToMove) {
    /* the player to move has no move: in normal and Every-SG play they lost, in misère play they won */
    var humanWins = game.mode === "misere" ? humanToMove : !humanToMove;
    $("play-status").textContent = G.t(humanWins ? "youWin" : "grundyWins");
    $("board").textContent = "";
    $("play-every").hidden = true;
    setState("over");
  }

  function humanTurn() {
    var g = game;
    setState("busy");
    ask(g.pos).then(function (r) {
      if (g !== game) return;
      if (r.code !== 0) return fail(r);
      var j = JSON.parse(r.out);
      g.info = j;
      if (j.over) return over(true);
      $("play-status").textContent = G.t(g.mode === "every" ? "yourTurnEvery" : "yourTurn");
      g.choice = {};
      renderBoard();
      setState("human");
    });
  }

  function grundyTurn() {
    var g = game;
    setState("grundy");
    $("play-status").textContent = G.t("grundyThinking");
    ask(g.pos).then(function (r) {
      if (g !== game) return;
      if (r.code !== 0) return fail(r);
      var j = JSON.parse(r.out);
      if (j.over) return over(false);
      var line = G.t("grundyMoved", { move: moveText(j.move) }) + ". " + G.tPick("grundyWhy", j.reason);
      if (j.remoteness) line += " " + G.t("remaining", { r: j.remoteness - 1 });
      log(line);
      g.pos = j.position_after;
      humanTurn();
    });
  }

  /* the player moved to `after` (opt: the option, with its outcome when known) */
  function played(after, moves, opt) {
    var g = game, before = g.info;
    log(G.t("youMoved", { move: moveText(moves) }));
    $("hint-text").textContent = "";
    var verdict;
    if (before.outcome === "P") verdict = ["lostAnyway", "bad"];
    else if (opt && opt.outcome === "P") verdict = ["goodMove", "good"];
    else if (opt && opt.outcome === "D") verdict = ["drawMove", ""];
    else if (opt && opt.outcome === "N") verdict = ["badMove", "bad"];
    g.pos = after;
    var next = function () { grundyTurn(); };
    if (verdict) log(G.t(verdict[0]), verdict[1]);
    if (g.mode === "normal" && opt && opt.outcome !== "D") {
      /* the value of what the player left: 0 exactly when it was a winning move */
      setState("grundy");
      G.run(["value", "--quiet", after]).then(function (r) {
        if (g !== game) return;
        if (r.code === 0) log(G.t("valueAfter", { v: r.out.trim() }));
        next();
      });
    } else if (!verdict) {
      /* Every-SG: judged by what grundy then faces */
      setState("grundy");
      ask(after).then(function (r) {
        if (g !== game) return;
        if (r.code === 0) {
          var o = JSON.parse(r.out).outcome;
          log(G.t(o === "P" ? "goodMove" : "badMove"), o === "P" ? "good" : "bad");
        }
        next();
      });
    } else next();
  }

  /* the moves of term i: [{to, position, outcome}] */
  function termOptions(i) {
    var j = game.info, out = [];
    j.options.forEach(function (o) {
      if (o.component !== i) return;
      if (Array.isArray(o.to)) o.to.forEach(function (t) { out.push({ to: t, component: i, from: o.from }); });
      else out.push(o);
    });
    return out;
  }

  function choose(i, opt, terms) {
    if (game.mode !== "every") {
      played(opt.position, [{ component: i, from: opt.from, to: opt.to }], opt);
      return;
    }
    game.choice[i] = opt;
    renderBoard();
  }

  function playEvery() {
    var terms = G.splitTerms(game.info.position), moves = [];
    for (var i = 0; i < terms.length; i++) {
      if (!termOptions(i).length) continue;
      var c = game.choice[i];
      if (!c) return;
      moves.push({ component: i, from: terms[i], to: c.to });
      terms[i] = c.to;
    }
    played(terms.join(" + "), moves, null);
  }

  /* a board term: name(R,C) or name(rows/rows) with '#' filled */
  function parseBoard(term) {
    var m = /^(.*)\((\d+),(\d+)\)$/.exec(term);
    if (m && !/[(]/.test(m[1])) {
      var rows = [];
      for (var r = 0; r < +m[2]; r++) rows.push(new Array(+m[3] + 1).join("."));
      return rows;
    }
    m = /^(.*)\(([.#]+(?:\/[.#]+)*)\)$/.exec(term);
    return m ? m[2].split("/") : null;
  }

  function renderBoard() {
    var g = game, board = $("board"), terms = G.splitTerms(g.info.position);
    board.textContent = "";
    terms.forEach(function (term, i) {
      var opts = termOptions(i), div = document.createElement("div");
      div.className = "term";
      div.setAttribute("data-term", i);
      var name = document.createElement("div");
      name.className = "term-name";
      name.textContent = G.t("term", { i: i + 1 }) + ": " + term;
      div.appendChild(name);
      var picked = g.choice[i] ? g.choice[i].to : null;
      var grid = parseBoard(term);
      if (/^\d+$/.test(term) && +term <= TOKENS_MAX) {
        for (var k = 0; k < +term; k++) (function (k) {
          var t = document.createElement("span");
          t.className = "token";
          t.title = term + " → " + k;
          t.setAttribute("data-leave", k);
          if (picked !== null && k >= +picked) t.style.background = "#f0b27a";
          t.onclick = function () {
            var o = opts.filter(function (o) { return o.to === String(k); })[0];
            if (o && $("game").getAttribute("data-state") === "human") choose(i, o);
          };
          div.appendChild(t);
        })(k);
      } else if (grid && opts.length) {
        div.appendChild(gridOf(grid, opts, i));
      }
      if (!/^\d+$/.test(term) || +term > TOKENS_MAX) {
        var list = document.createElement("div");
        if (opts.length) list.appendChild(document.createTextNode(G.t("options") + " "));
        opts.forEach(function (o) {
          var b = document.createElement("button");
          b.type = "button";
          b.className = "opt" + (picked === o.to ? " chosen" : "");
          b.textContent = o.to;
          b.onclick = function () { if ($("game").getAttribute("data-state") === "human") choose(i, o); };
          list.appendChild(b);
        });
        div.appendChild(list);
      }
      board.appendChild(div);
    });
    $("play-every").hidden = g.mode !== "every";
  }

  /* a grid to click: the cells a move fills are picked one by one; the
   * move is made when the picked cells are exactly what one move fills, or
   * when only one move fills them all */
  function gridOf(rows, opts, i) {
    var filled = opts.map(function (o) {
      var after = parseBoard(o.to) || [], cells = [];
      rows.forEach(function (row, r) {
        for (var c = 0; c < row.length; c++) if (row[c] === "." && after[r] && after[r][c] === "#") cells.push(r + "," + c);
      });
      return cells;
    });
    var picked = [], table = document.createElement("table");
    table.className = "grid";
    function pick(cell, td) {
      if ($("game").getAttribute("data-state") !== "human") return;
      picked.push(cell);
      var fits = [];
      filled.forEach(function (cells, k) {
        if (picked.every(function (p) { return cells.indexOf(p) >= 0; })) fits.push(k);
      });
      var exact = fits.filter(function (k) { return filled[k].length === picked.length; });
      /* one cell picked: a move that fills it and its empty neighbours (Node Kayles) */
      var centred = picked.length === 1 ? fits.filter(function (k) {
        var rc = cell.split(",").map(Number);
        return filled[k].every(function (f) {
          var p = f.split(",").map(Number);
          return Math.abs(p[0] - rc[0]) + Math.abs(p[1] - rc[1]) <= 1;
        }) && filled[k].length === 1 + neighbours(rows, rc).length;
      }) : [];
      var k = exact.length === 1 ? exact[0] : fits.length === 1 ? fits[0] : centred.length === 1 ? centred[0] : -1;
      if (k >= 0) { choose(i, opts[k]); return; }
      if (!fits.length) { picked = [cell]; clear(); }
      td.classList.add("picked");
    }
    function clear() {
      var tds = table.querySelectorAll("td.picked");
      for (var x = 0; x < tds.length; x++) tds[x].classList.remove("picked");
    }
    rows.forEach(function (row, r) {
      var tr = document.createElement("tr");
      for (var c = 0; c < row.length; c++) (function (c) {
        var td = document.createElement("td");
        td.setAttribute("data-cell", r + "," + c);
        if (row[c] === "#") td.className = "filled";
        else td.onclick = function () { pick(r + "," + c, td); };
        tr.appendChild(td);
      })(c);
      table.appendChild(tr);
    });
    return table;
  }

  function neighbours(rows, rc) {
    var out = [];
    [[1, 0], [-1, 0], [0, 1], [0, -1]].forEach(function (d) {
      var r = rc[0] + d[0], c = rc[1] + d[1];
      if (r >= 0 && r < rows.length && c >= 0 && c < rows[r].length && rows[r][c] === ".") out.push([r, c]);
    });
    return out;
  }

  function hint() {
    var j = game && game.info;
    if (!j || j.over || $("game").getAttribute("data-state") !== "human") return;
    var text = G.t("hintText", { move: moveText(j.move) }) + ". " +
               (j.outcome === "N" ? G.t("outcomeN") : j.outcome === "D" ? G.t("outcomeD") : G.t("lostAnyway"));
    $("hint-text").textContent = text;
  }

  G.views.play = {
    init: function (st) {
      $("ppos").value = st.ppos || "1 + 2 + 4";
      $("pmode").value = st.pmode || "normal";
      $("first").value = st.first || "me";
      G.familyExamples("play-examples", function (ex) { $("ppos").value = ex; newGame(); });
      $("play-form").onsubmit = function (e) { e.preventDefault(); newGame(); };
      $("hint").onclick = hint;
      $("play-every").onclick = playEvery;
    },
    shown: function () { if (!game) newGame(); },
    relabel: function () { if (game && game.info && $("game").getAttribute("data-state") === "human") renderBoard(); },
  };
})();
