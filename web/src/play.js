/* Play against perfect play, in normal, misère and Every-SG play. One
 * `grundy move POSITION --json` per turn gives the moves of the player to
 * move (with the outcome each leaves) and the move perfect play makes: the
 * player's hint, or grundy's move. Each term is drawn as the game itself
 * (draw.js): Nim heaps as tokens, rows as pins, Wythoff as a queen, boards
 * and graphs as themselves, other games as buttons. */
"use strict";
(function () {
  var G = window.G, $ = G.$;
  var game = null;

  function setState(s) { $("game").setAttribute("data-state", s); }

  function log(text, cls) {
    var li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    $("log").appendChild(li);
  }

  function moveText(moves) {
    return moves.map(function (m) { return G.t("termMove", { i: m.component + 1, from: m.from, to: m.to }); }).join(G.t("listSep"));
  }

  function fail(r) {
    G.failed("play-error", r);
    setState("error");
    $("play-status").textContent = "";
  }

  function newGame(push) {
    var pos = $("ppos").value.trim();
    G.state.ppos = pos;
    G.state.pmode = $("pmode").value === "normal" ? "" : $("pmode").value;
    G.state.first = $("first").value === "me" ? "" : "grundy";
    G.writeHash(push);
    if (!pos) return;
    game = { pos: pos, start: pos, mode: $("pmode").value, first: $("first").value, info: null, choice: {} };
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
    $("game").setAttribute("data-position", game.pos);
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
      var line = G.t("grundyMoved", { move: moveText(j.move) }) + G.t("sentenceSep") + G.tPick("grundyWhy", j.reason);
      if (j.remoteness) line += G.t("sentenceSep") + G.t("remaining", { r: j.remoteness - 1 });
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

  /* the families whose terms are heaps (rows of pins), from the library's list */
  var heapNames = {};
  G.families().then(function (list) {
    list.forEach(function (f) { if (f.heap && f.name !== "nim") heapNames[f.name] = 1; });
    if (game && game.info && $("game").getAttribute("data-state") === "human") renderBoard();
  });
  function heapFamily(name) { return !!heapNames[name.replace(/\[.*$/, "")]; }

  function renderBoard() {
    var g = game, board = $("board"), terms = G.splitTerms(g.info.position);
    board.textContent = "";
    $("game").setAttribute("data-position", g.info.position);
    terms.forEach(function (term, i) {
      var opts = termOptions(i), div = document.createElement("div");
      div.className = "term";
      div.setAttribute("data-term", i);
      var name = document.createElement("div");
      name.className = "term-name";
      name.textContent = G.t("termLabel", { i: i + 1, term: term });
      div.appendChild(name);
      var preview = document.createElement("div");
      preview.className = "preview-line";
      var d = G.drawTerm(term, opts, {
        heapFamily: heapFamily,
        enabled: function () { return $("game").getAttribute("data-state") === "human"; },
        pick: function (o) { choose(i, o); },
        picked: g.choice[i] ? g.choice[i].to : null,
        preview: function (text) { preview.textContent = text || "\u00a0"; preview.classList.remove("hinted"); },
      });
      div.setAttribute("data-kind", d.kind);
      div.appendChild(d.node);
      preview.textContent = "\u00a0";
      if (opts.length) div.appendChild(preview);
      board.appendChild(div);
    });
    $("play-every").hidden = g.mode !== "every";
  }

  function hint() {
    var j = game && game.info;
    if (!j || j.over || $("game").getAttribute("data-state") !== "human") return;
    var text = G.t("hintText", { move: moveText(j.move) }) + G.t("sentenceSep") +
               (j.outcome === "N" ? G.t("outcomeN") : j.outcome === "D" ? G.t("outcomeD") : G.t("lostAnyway"));
    $("hint-text").textContent = text;
    /* and on the drawing: under each term perfect play moves in, its move */
    j.move.forEach(function (m) {
      var line = document.querySelector('#board .term[data-term="' + m.component + '"] .preview-line');
      if (line) { line.textContent = G.t("hintMark", { from: m.from, to: m.to }); line.classList.add("hinted"); }
    });
  }

  G.views.play = {
    init: function () {
      G.familyExamples("play-examples", function (ex) { $("ppos").value = ex; newGame(true); });
      $("play-form").onsubmit = function (e) { e.preventDefault(); newGame(true); };
      $("hint").onclick = hint;
      $("play-every").onclick = playEvery;
    },
    /* the inputs from the address; a new game when they changed */
    load: function (st) {
      var pos = st.ppos || "1 + 2 + 4", mode = st.pmode || "normal", first = st.first || "me";
      if (game && (game.start !== pos || game.mode !== mode || game.first !== first)) game = null;
      $("ppos").value = pos;
      $("pmode").value = mode;
      $("first").value = first;
    },
    shown: function () { if (!game) newGame(); },
    relabel: function () { if (game && game.info && $("game").getAttribute("data-state") === "human") renderBoard(); },
  };
})();
