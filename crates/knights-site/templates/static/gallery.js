// Filters and sorts the gallery's cards in the page itself: no server, no requests.
// Without JavaScript the form stays hidden and every card shows in catalogue order.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  var grid = document.getElementById("grid");
  if (!form || !grid) return;
  // Every card: the catalogue's grid and each series' (collapsed) grid; a card keeps
  // to its own list when sorted.
  var cards = Array.prototype.slice.call(document.querySelectorAll(".card"));
  cards.forEach(function (c, i) { c.dataset.order = String(i); });
  var tours = Object.keys(cards.reduce(function (seen, c) {
    seen[c.dataset.slug] = true;
    return seen;
  }, {})).length;
  var text = document.getElementById("f-text");
  var algo = document.getElementById("f-algo");
  var tag = document.getElementById("f-tag");
  var kind = document.getElementById("f-kind");
  var sort = document.getElementById("f-sort");
  var count = document.getElementById("f-count");

  function key(card, by) {
    if (by === "title") return card.dataset.title.toLowerCase();
    return parseFloat(card.dataset[by]);
  }

  function update() {
    var q = text.value.trim().toLowerCase();
    // A tour counts once however many cards it has: a catalogue tour that is also a
    // series member has one in the gallery and one in its series.
    var shown = {};
    cards.forEach(function (c) {
      var hay = (c.dataset.title + " " + c.dataset.board + " " + c.dataset.algo + " " + c.dataset.tags).toLowerCase();
      var ok = (!q || hay.indexOf(q) >= 0) &&
        (!algo.value || c.dataset.algo === algo.value) &&
        (!tag.value || (" " + c.dataset.tags + " ").indexOf(" " + tag.value + " ") >= 0) &&
        (!kind.value || (" " + c.dataset.kind + " ").indexOf(" " + kind.value + " ") >= 0);
      c.hidden = !ok;
      if (ok) shown[c.dataset.slug] = true;
    });
    var by = sort.value;
    var sorted = cards.slice().sort(function (a, b) {
      var x = key(a, by), y = key(b, by);
      if (x < y) return -1;
      if (x > y) return 1;
      return key(a, "order") - key(b, "order");
    });
    sorted.forEach(function (c) { c.parentNode.appendChild(c); });
    count.textContent = Object.keys(shown).length + " of " + tours + " tours";
  }

  [text, algo, tag, kind, sort].forEach(function (el) {
    el.addEventListener("input", update);
    el.addEventListener("change", update);
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.hidden = false;
  update();
})();
