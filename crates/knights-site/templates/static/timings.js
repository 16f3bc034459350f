// Fills the timings page's table from the build's timings script (window.knightsTimings).
(function () {
  "use strict";
  var t = window.knightsTimings, body = document.querySelector("#timings tbody");
  if (!body) return;
  if (!t) { body.innerHTML = "<tr><td colspan=5>No timings: this site has not been built yet.</td></tr>"; return; }
  document.getElementById("timings-total").textContent =
    "The whole build took " + t.build_secs.toFixed(2) + " s for " + t.tours.length + " tours.";
  var ms = function (s) { return (s * 1000).toFixed(1); };
  t.tours.forEach(function (r) {
    var tr = document.createElement("tr");
    var a = document.createElement("a");
    a.href = "tours/" + r.tour + ".html";
    a.textContent = r.tour;
    var td = document.createElement("td");
    td.appendChild(a);
    tr.appendChild(td);
    [ms(r.construct_secs), ms(r.verify_secs), ms(r.draw_secs), r.from_cache ? "yes" : "no"].forEach(function (v) {
      var c = document.createElement("td");
      c.textContent = v;
      tr.appendChild(c);
    });
    body.appendChild(tr);
  });
})();
