// The explorer's worker and module, started at the top of the page's main part, while
// the rest of the page loads (a fresh link's visitor waits for both: a new worker's
// thread and script, and the module's download and compilation, on their own take
// hundreds of milliseconds on a busy machine). explore.js, at the end of the page,
// takes them over (window.knightsEarly); a worker that failed meanwhile is said there.
// A browser that cannot start a module worker here (a page opened from a file) starts
// nothing, and explore.js says why.
(function () {
  "use strict";
  try {
    var worker = new Worker("explore/worker.js", { type: "module" });
    var early = { worker: worker, failed: null, compiled: null };
    worker.onerror = function (e) {
      e.preventDefault();
      early.failed = e.message || "it did not load";
    };
    early.compiled = window.WebAssembly && WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(fetch("explore/knights_web.wasm")).catch(function () { return null; })
      : Promise.resolve(null);
    early.compiled.then(function (module) { worker.postMessage({ module: module }); });
    window.knightsEarly = early;
  } catch (e) {
    window.knightsEarly = null;
  }
})();
