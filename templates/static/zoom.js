// Pan and zoom for the drawings of a tour page: the wheel (or the + and − buttons, or
// the keys + - 0 on the focused drawing) zooms about the pointer, dragging pans,
// a double click zooms in. The picture is re-laid out at the zoomed size rather than
// scaled as a bitmap, so an SVG stays sharp at every zoom. No requests, no library.
// Without JavaScript the drawings show as plain images.
(function () {
  "use strict";
  var MAX = 40;

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
    if (img.complete) apply(); else img.addEventListener("load", apply);
    window.addEventListener("resize", apply);
  }

  Array.prototype.forEach.call(document.querySelectorAll("img[data-zoom]"), setup);
})();
