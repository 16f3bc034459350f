// The explore page: the URL's hash is the request (explore.html#board=46x38&algo=besa&
// variant=best&show=turns,crossings), the form edits it, and a Web Worker (worker.js,
// over the knights-web module) builds, proves, measures and draws it, so the page never
// freezes. A progress line says what the worker is doing; Cancel terminates it (the
// next request starts another). The drawing is the SVG `knights render` writes, shown
// in the tour pages' zoom (static/zoom.js) and offered as a download with the tour's
// JSON file: the very bytes shown. Without JavaScript or workers (a page opened from a
// file) the page says so. The first worker and the module's compilation are started
// by early.js at the top of the page; the compiled module is handed to each worker, so
// that neither the first request nor one after Cancel waits for its download and
// compilation twice.
(function () {
  "use strict";
  var DEFAULT = "board=46x38&algo=besa";
  // The form's fields, in the order the hash writes them; other keys of the hash
  // (seed, start, blur, style, region, legend) are kept as they are.
  var FIELDS = ["board", "kind", "algo", "variant", "leaper", "topology", "open", "show", "theme"];
  // Boards beyond this many cells are worked on with the Cancel button shown at once.
  var LARGE = 250000;

  var form = document.getElementById("explore");
  var status = document.getElementById("explore-status");
  var cancel = document.getElementById("explore-cancel");
  var result = document.getElementById("explore-result");
  var figure = document.getElementById("explore-figure");
  var caption = document.getElementById("explore-caption");
  var metricsBody = document.getElementById("explore-metrics");
  var svgLink = document.getElementById("explore-svg");
  var jsonLink = document.getElementById("explore-json");
  var command = document.getElementById("explore-command");
  var registry = JSON.parse(document.getElementById("explore-registry").textContent);
  var worker = null, asked = 0, img = null, urls = [];
  // The module compiling, from the first worker's start (a page opened from a file
  // starts none, and fetches nothing).
  var compiled = null;

  // The module compiled from its download as it arrives, or null (no streaming
  // compilation, or a host that does not serve .wasm as application/wasm: the worker
  // then fetches it itself).
  function compile() {
    if (!window.WebAssembly || !WebAssembly.compileStreaming) return Promise.resolve(null);
    return WebAssembly.compileStreaming(fetch("explore/knights_web.wasm")).catch(function () { return null; });
  }

  // The hash as [key, value] pairs (the default board when empty).
  function pairs(hash) {
    var text = hash.replace(/^#/, "") || DEFAULT;
    return text.split("&").filter(Boolean).map(function (p) {
      var i = p.indexOf("=");
      var k = i < 0 ? p : p.slice(0, i), v = i < 0 ? "" : p.slice(i + 1);
      return [decodeURIComponent(k), decodeURIComponent(v)];
    });
  }
  function get(ps, key) {
    var v = null;
    ps.forEach(function (p) { if (p[0] === key) v = p[1]; });
    return v;
  }
  function encode(v) {
    return encodeURIComponent(v).replace(/%2C/g, ",").replace(/%2B/g, "+");
  }
  function hashOf(ps) {
    return ps.map(function (p) { return p[1] === "" ? p[0] : p[0] + "=" + encode(p[1]); }).join("&");
  }

  // The form shows the hash's values; only the choices of the kind and construction
  // asked for are offered.
  function fill(ps) {
    FIELDS.forEach(function (k) {
      var v = get(ps, k);
      if (k === "open") v = v === null || v === "0" || v === "false" ? "" : "open";
      form.elements[k].value = v === null ? (k === "kind" ? "tour" : k === "theme" ? "web" : "") : v;
    });
    choices();
  }
  function choices() {
    var kind = form.elements.kind.value;
    Array.prototype.forEach.call(form.elements.algo.options, function (o) {
      o.hidden = o.dataset.kind !== kind;
    });
    if (form.elements.algo.selectedOptions[0] && form.elements.algo.selectedOptions[0].hidden) {
      form.elements.algo.value = kind === "tourney" ? "neural" : "";
    }
    var algo = form.elements.algo.value;
    Array.prototype.forEach.call(form.elements.variant.options, function (o) {
      o.hidden = !!o.dataset.algo && o.dataset.algo !== algo;
    });
    if (form.elements.variant.selectedOptions[0] && form.elements.variant.selectedOptions[0].hidden) {
      form.elements.variant.value = "";
    }
    var c = registry.filter(function (r) { return r.name === algo; })[0];
    document.getElementById("explore-boards").textContent = c
      ? c.name + ": " + c.summary + ". Boards: " + c.boards + "."
      : "auto: the best construction that builds the board (as knights tour picks it).";
  }

  // The form's values as the hash's pairs, with the hash's other keys kept.
  function fromForm() {
    var ps = [];
    FIELDS.forEach(function (k) {
      var v = form.elements[k].value.trim();
      if (k === "kind" && v === "tour") return;
      if (k === "theme" && v === "web") return;
      if (k === "open") { if (v) ps.push(["open", ""]); return; }
      if (v !== "") ps.push([k, v]);
    });
    pairs(location.hash).forEach(function (p) {
      if (FIELDS.indexOf(p[0]) < 0) ps.push(p);
    });
    return ps;
  }

  // The commands that make the same tour and the same drawing.
  function commands(ps) {
    var board = get(ps, "board") || "8x8";
    var flag = function (key, opt) { var v = get(ps, key); return v ? " --" + opt + " " + v : ""; };
    var file = board + ".json";
    var make = get(ps, "kind") === "tourney"
      ? "knights tourney " + board + flag("algo", "algo") + flag("seed", "seed")
      : "knights tour " + board + flag("algo", "algo") + flag("variant", "variant") +
        (get(ps, "open") !== null && get(ps, "open") !== "0" && get(ps, "open") !== "false" ? " --open" : "") +
        flag("seed", "seed") + flag("start", "start") + flag("leaper", "leaper") +
        flag("topology", "topology") + flag("blur", "blur");
    var theme = get(ps, "theme");
    var draw = "knights render " + file + (theme && theme !== "web" ? " --theme " + theme : "") +
      flag("show", "show") + flag("style", "style") + flag("region", "region") +
      (get(ps, "legend") !== null ? " --legend" : "");
    return make + " -o " + file + " && " + draw + " -o " + board + ".svg";
  }

  // The status line: a refusal or a failure is an alert (read out at once), the rest
  // a polite status.
  function say(state, text) {
    var alert = state === "refused" || state === "error";
    status.setAttribute("role", alert ? "alert" : "status");
    status.setAttribute("aria-live", alert ? "assertive" : "polite");
    status.dataset.state = state;
    status.textContent = text;
  }

  function cells(board) {
    return board.split("x").reduce(function (n, s) { return n * (parseInt(s, 10) || 0); }, 1);
  }

  function start() {
    // The worker the top of the page started (early.js), the first time.
    var early = window.knightsEarly;
    window.knightsEarly = null;
    if (early) {
      worker = early.worker;
      compiled = early.compiled;
      listen(worker);
      if (early.failed) worker.onerror({ message: early.failed, preventDefault: function () {} });
      return worker !== null;
    }
    try {
      worker = new Worker("explore/worker.js", { type: "module" });
    } catch (e) {
      worker = null;
      say("unavailable", "The explorer runs when the site is served over HTTP (knights serve, or any web server); this browser cannot start its worker here.");
      return false;
    }
    var started = worker;
    if (!compiled) compiled = compile();
    compiled.then(function (module) { started.postMessage({ module: module }); });
    listen(worker);
    return true;
  }
  function listen(w) {
    w.onmessage = answer;
    w.onerror = function (e) {
      e.preventDefault();
      stop();
      say("error", "The explorer's worker failed: " + (e.message || "it did not load") + ".");
    };
  }
  function stop() {
    if (worker) worker.terminate();
    worker = null;
    cancel.hidden = true;
  }

  // Sends the hash's request to the worker.
  function run() {
    var ps = pairs(location.hash);
    fill(ps);
    var request = hashOf(ps);
    asked += 1;
    if (!worker && !start()) return;
    var n = cells(get(ps, "board") || "");
    status.dataset.request = request;
    status.dataset.started = String(performance.now());
    say("working", "Working on " + (get(ps, "board") || "the board") + "…");
    cancel.hidden = n < LARGE;
    var id = asked;
    setTimeout(function () { if (id === asked && status.dataset.state === "working") cancel.hidden = false; }, 300);
    worker.postMessage({ id: asked, request: request, cells: n });
  }

  function answer(event) {
    var a = event.data;
    if (a.id !== asked) return;
    if (a.progress) { say("working", a.progress); return; }
    if (a.json !== undefined) { offer(jsonLink, a.json, "application/json", name() + ".json"); return; }
    cancel.hidden = true;
    if (a.refused !== undefined) {
      result.hidden = true;
      say("refused", a.refused);
      return;
    }
    if (a.error !== undefined) {
      stop();
      result.hidden = true;
      say("error", "The module failed: " + a.error);
      return;
    }
    show(a);
  }

  function name() {
    return (get(pairs(location.hash), "board") || "tour").replace(/[^0-9A-Za-z]+/g, "_");
  }

  function offer(link, text, type, file) {
    var url = URL.createObjectURL(new Blob([text], { type: type }));
    urls.push(url);
    link.href = url;
    link.download = file;
    link.removeAttribute("aria-disabled");
    return url;
  }

  function show(a) {
    urls.forEach(function (u) { URL.revokeObjectURL(u); });
    urls = [];
    jsonLink.removeAttribute("href");
    jsonLink.setAttribute("aria-disabled", "true");
    var url = offer(svgLink, a.svg, "image/svg+xml", name() + ".svg");
    if (!img) {
      img = document.createElement("img");
      img.dataset.zoom = "";
      img.id = "explore-drawing";
      figure.insertBefore(img, caption);
    }
    img.alt = a.summary;
    // Drawn once the browser has the drawing to show: the time said is the visitor's
    // wait, from asking to seeing (the module's loading included when this request
    // paid it).
    var id = a.id;
    img.onload = function () {
      if (id !== asked) return;
      var now = performance.now();
      status.dataset.shown = String(now);
      // Before the worker took the request (its start, the module's arrival), and
      // after it answered (the answer's passage, the drawing's decoding).
      var since = Number(status.dataset.started);
      a.phases.queued = a.received - performance.timeOrigin - since;
      a.phases.after = now - since - a.phases.queued - a.ms;
      status.dataset.phases = JSON.stringify(a.phases);
      say("drawn", "Built, proved, measured and drawn in " + Math.round(now - since) + " ms: " + a.summary + ".");
    };
    img.onerror = function () {
      if (id === asked) say("error", "This browser could not show the drawing (" + a.svg.length + " bytes of SVG); the SVG link below has it.");
    };
    img.src = url;
    result.hidden = false;
    if (!img.dataset.zoomed && window.knightsZoom) {
      img.dataset.zoomed = "1";
      window.knightsZoom(img);
    }
    var ps = pairs(location.hash);
    caption.textContent = a.summary;
    table(a.metrics, ps);
    command.textContent = commands(ps);
    say("working", "Showing the drawing…");
    status.dataset.ms = String(a.ms);
    status.dataset.phases = JSON.stringify(a.phases);
  }

  // The metrics table, as a tour page has it.
  function table(m, ps) {
    var board = (get(ps, "board") || "").split("x").map(Number);
    var d = board.length, mean = board.reduce(function (s, x) { return s + x; }, 0) / d;
    var per = d <= 2 ? "n" : "n" + String(d - 1).replace(/\d/g, function (c) { return "⁰¹²³⁴⁵⁶⁷⁸⁹"[c]; });
    var div = Math.pow(mean, d - 1);
    var algo = registry.filter(function (r) { return r.name === m.algorithm; })[0];
    var rows = [
      ["Board", m.board || get(ps, "board"), "board"],
      ["Algorithm", m.algorithm, "algorithm", algo ? algo.summary : ""],
      ["Cells", m.cells, "cells"],
      ["Tour", m.cycles ? "tourney of " + m.cycles.count + " closed cycles" : m.closed ? "closed" : "open", "closed"],
      ["Turns", m.turns, "turns"],
    ];
    if (m.levels) {
      var per_level = m.levels.crossings_per_level;
      rows.push(["Levels", m.levels.levels, "levels"]);
      rows.push(["Crossings", m.crossings, "crossings", "inside levels"]);
      rows.push(["Crossings of one level", Math.min.apply(null, per_level) + ", " + Math.max.apply(null, per_level), "level_crossings", "fewest, most"]);
      rows.push(["Moves between levels", m.levels.moves_between_levels, "moves_between_levels"]);
      rows.push(["Moves inside levels", m.levels.moves_in_levels, "moves_in_levels"]);
    } else {
      rows.push(["Crossings", m.crossings, "crossings"]);
    }
    rows.push(["Turns / " + per, number(m.turns / div), "turns_per_n", "n = " + number(mean) + (d > 2 ? ", the mean side" : "")]);
    rows.push(["Crossings / " + per, number(m.crossings / div), "crossings_per_n"]);
    if (!m.levels) {
      var bound = m.turns_to_bound ? m.turns_to_bound : { bound: m.turn_lower_bound, source: "" };
      rows.push(["Longest straight run", m.longest_run, "longest_run", "leaps"]);
      rows.push(["Lower bound on turns", bound.bound, "turn_lower_bound", bound.source]);
      rows.push(["Turns / lower bound", number(m.turn_ratio), "turn_ratio"]);
      (m.asymptotic || []).forEach(function (b) {
        rows.push(["Asymptotic bound on " + b.measure, number(b.value), "asymptotic_" + b.measure,
          "Besa et al., " + b.source + "; on n x n boards as n grows, not a bound on this board"]);
      });
    }
    rows.push(["Verified", "yes", "verified"]);
    metricsBody.textContent = "";
    rows.forEach(function (r) {
      var tr = document.createElement("tr"), th = document.createElement("th"), td = document.createElement("td");
      th.textContent = r[0];
      if (r[3]) {
        var small = document.createElement("small");
        small.textContent = " (" + r[3] + ")";
        th.appendChild(small);
      }
      td.textContent = String(r[1]);
      td.dataset.metric = r[2];
      tr.appendChild(th);
      tr.appendChild(td);
      metricsBody.appendChild(tr);
    });
  }

  // As the site writes numbers: at most three decimals, no trailing zeros.
  function number(v) {
    if (!isFinite(v)) return "–";
    var s = v.toFixed(3).replace(/0+$/, "").replace(/\.$/, "");
    return s === "-0" ? "0" : s;
  }

  form.addEventListener("change", function (e) {
    if (e.target.name === "kind" || e.target.name === "algo") choices();
  });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var hash = "#" + hashOf(fromForm());
    if (hash === location.hash) run(); else location.hash = hash;
  });
  cancel.addEventListener("click", function () {
    stop();
    asked += 1;
    say("cancelled", "Cancelled. Change the board or press Draw to start again.");
  });
  window.addEventListener("hashchange", run);
  run();
})();
