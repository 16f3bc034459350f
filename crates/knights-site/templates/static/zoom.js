// Pan and zoom for the drawings of a tour page: the wheel (or the + and − buttons, or
// the keys + - 0 on the focused drawing) zooms about the pointer, dragging pans,
// a double click zooms in. The picture is re-laid out at the zoomed size rather than
// scaled as a bitmap, so an SVG stays sharp at every zoom. No library, no other host.
// Without JavaScript the drawings show as plain images.
//
// A drawing with a tiled pyramid of its full detail (data-tiles: its folder,
// data-levels: "WxH ..." smallest first, data-tile: a tile's side) shows, once zoomed
// in, the tiles of the smallest level at least as sharp as the screen (else the
// largest) over the picture, loading only the tiles in view.
(function () {
  "use strict";
  var MAX = 40;

  function tiler(img, view) {
    var dir = img.dataset.tiles;
    if (!dir) return null;
    var size = parseInt(img.dataset.tile, 10);
    var levels = img.dataset.levels.split(" ").map(function (l) {
      return l.split("x").map(function (n) { return parseInt(n, 10); });
    });
    var layer = document.createElement("div");
    layer.className = "zoom-tiles";
    layer.setAttribute("aria-hidden", "true");
    view.appendChild(layer);
    var made = {}, level = -1;
    // The picture is `w x h` CSS pixels at (x, y) in a view of `vw x vh`.
    return function (w, h, x, y, vw, vh) {
      var px = w * (window.devicePixelRatio || 1), n = -1;
      if (w > vw * 1.01) {
        for (n = 0; n < levels.length - 1 && levels[n][0] < px; n++);
      }
      layer.style.width = w + "px";
      layer.style.height = h + "px";
      layer.style.transform = "translate(" + x + "px," + y + "px)";
      if (n !== level) {
        level = n;
        view.dataset.level = String(n);
      }
      var L = levels[Math.max(n, 0)], kx = L[0] / w, ky = L[1] / h;
      var c0 = Math.max(0, Math.floor(-x * kx / size)), r0 = Math.max(0, Math.floor(-y * ky / size));
      var c1 = Math.min(Math.ceil(L[0] / size), Math.ceil((vw - x) * kx / size));
      var r1 = Math.min(Math.ceil(L[1] / size), Math.ceil((vh - y) * ky / size));
      // Only the tiles of this level in view are shown.
      Object.keys(made).forEach(function (k) {
        var p = k.split(/[/-]/).map(Number);
        made[k].hidden = !(p[0] === n && p[1] >= c0 && p[1] < c1 && p[2] >= r0 && p[2] < r1);
      });
      if (n < 0) return;
      for (var r = r0; r < r1; r++) {
        for (var c = c0; c < c1; c++) {
          var key = n + "/" + c + "-" + r;
          if (made[key]) continue;
          var t = document.createElement("img");
          t.alt = "";
          t.draggable = false;
          t.style.left = (100 * c * size / L[0]) + "%";
          t.style.top = (100 * r * size / L[1]) + "%";
          t.style.width = (100 * Math.min(size, L[0] - c * size) / L[0]) + "%";
          t.style.height = (100 * Math.min(size, L[1] - r * size) / L[1]) + "%";
          t.addEventListener("load", function () { view.dataset.tilesLoaded = String((+view.dataset.tilesLoaded || 0) + 1); });
          t.src = dir + "/" + key + ".png";
          layer.appendChild(t);
          made[key] = t;
        }
      }
    };
  }

  function setup(img) {
    var view = document.createElement("div");
    view.className = "zoom-view";
    view.tabIndex = 0;
    view.setAttribute("role", "img");
    view.setAttribute("aria-label", (img.alt || "drawing") + " (zoomable: wheel, drag, + and -)");
    img.parentNode.insertBefore(view, img);
    view.appendChild(img);
    var bar = document.createElement("div");
    bar.className = "zoom-bar";
    [["+", "Zoom in", 1.5], ["\u2212", "Zoom out", 1 / 1.5], ["\u21ba", "Reset the zoom", 0]].forEach(function (b) {
      var btn = document.createElement("button");
      btn.type = "button";
      btn.textContent = b[0];
      btn.title = b[1];
      btn.setAttribute("aria-label", b[1]);
      btn.dataset.zoom = String(b[2]);
      bar.appendChild(btn);
    });
    view.parentNode.insertBefore(bar, view.nextSibling);

    var tiles = tiler(img, view);
    var s = 1, x = 0, y = 0;
    function apply() {
      var w = view.clientWidth;
      s = Math.min(MAX, Math.max(1, s));
      var ratio = (img.naturalHeight / img.naturalWidth) || 1;
      view.style.height = (w * ratio) + "px";
      var h = w * ratio * s;
      x = Math.min(0, Math.max(w - w * s, x));
      y = Math.min(0, Math.max(view.clientHeight - h, y));
      img.style.width = (w * s) + "px";
      img.style.transform = "translate(" + x + "px," + y + "px)";
      if (tiles) tiles(w * s, h, x, y, w, view.clientHeight);
      view.dataset.scale = s.toFixed(3);
      view.classList.toggle("zoomed", s > 1);
    }
    function zoom(f, px, py) {
      if (px === undefined) { px = view.clientWidth / 2; py = view.clientHeight / 2; }
      var n = Math.min(MAX, Math.max(1, s * f));
      x = px - (px - x) * n / s;
      y = py - (py - y) * n / s;
      s = n;
      apply();
    }
    function at(e) {
      var r = view.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    }
    view.addEventListener("wheel", function (e) {
      e.preventDefault();
      var p = at(e);
      zoom(Math.pow(1.0015, -e.deltaY), p[0], p[1]);
    }, { passive: false });
    view.addEventListener("dblclick", function (e) { var p = at(e); zoom(2, p[0], p[1]); });
    var drag = null;
    view.addEventListener("pointerdown", function (e) {
      drag = [e.clientX - x, e.clientY - y];
      view.setPointerCapture(e.pointerId);
    });
    view.addEventListener("pointermove", function (e) {
      if (!drag) return;
      x = e.clientX - drag[0];
      y = e.clientY - drag[1];
      apply();
    });
    view.addEventListener("pointerup", function () { drag = null; });
    view.addEventListener("keydown", function (e) {
      if (e.key === "+" || e.key === "=") zoom(1.5);
      else if (e.key === "-") zoom(1 / 1.5);
      else if (e.key === "0") { s = 1; x = 0; y = 0; apply(); }
      else return;
      e.preventDefault();
    });
    bar.addEventListener("click", function (e) {
      var f = e.target.dataset && parseFloat(e.target.dataset.zoom);
      if (f === 0) { s = 1; x = 0; y = 0; apply(); } else if (f) zoom(f);
    });
    img.draggable = false;
    // A picture replaced later (a page that draws on demand) is laid out again.
    img.addEventListener("load", apply);
    if (img.complete) apply();
    window.addEventListener("resize", apply);
  }

  Array.prototype.forEach.call(document.querySelectorAll("img[data-zoom]"), setup);
  // For pictures added later: `knightsZoom(img)`.
  window.knightsZoom = setup;
})();
