// Play, pause and step buttons for a tour page's walk-through: the inline SVG's own
// SMIL clock is paused, resumed and set (pauseAnimations, unpauseAnimations,
// setCurrentTime); no requests, nothing else on the page changes. Without JavaScript
// the buttons stay hidden and the animation plays by itself.
(function () {
  "use strict";
  document.querySelectorAll("figure.walk-player").forEach(function (fig) {
    var svg = fig.querySelector("svg.walkthrough");
    var controls = fig.querySelector(".walk-controls");
    var count = fig.querySelector(".walk-count");
    if (!svg || !controls || !svg.pauseAnimations) return;
    var sec = parseFloat(svg.getAttribute("data-step-seconds"));
    var steps = parseInt(svg.getAttribute("data-steps"), 10);
    var hold = parseInt(svg.getAttribute("data-hold-steps"), 10) || 0;
    // Moves drawn at the clock's time: state k begins at k steps into each play.
    function state() {
      var k = Math.floor(svg.getCurrentTime() / sec + 1e-6) % (steps + hold);
      return Math.min(k, steps);
    }
    function show() {
      count.value = "step " + state() + " of " + steps;
      count.textContent = count.value;
    }
    function go(k) {
      svg.pauseAnimations();
      svg.setCurrentTime((k + 0.5) * sec);
      show();
    }
    var actions = {
      play: function () { svg.unpauseAnimations(); },
      pause: function () { svg.pauseAnimations(); show(); },
      step: function () { var k = state(); go(k >= steps ? 0 : k + 1); },
      back: function () { go(Math.max(state() - 1, 0)); },
    };
    controls.addEventListener("click", function (e) {
      var a = e.target.getAttribute && e.target.getAttribute("data-walk");
      if (actions[a]) actions[a]();
    });
    controls.hidden = false;
    (function tick() {
      if (!svg.animationsPaused()) show();
      window.requestAnimationFrame(tick);
    })();
  });
})();
