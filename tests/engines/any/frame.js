// One WPT url .any.js file in this frame's realm (query: entry, file), as WPT's .any.html wrapper
// runs it after testharness.js (frame.html): the file's META scripts, then the file; but first the
// entry puts its URL and URLSearchParams on the global object. The result goes to the parent
// page (page.js).
(function () {
  "use strict";
  var query = new URLSearchParams(location.search);
  var entry = query.get("entry");
  var file = query.get("file");
  var native = self.URL;

  function report(result) {
    result.entry = entry;
    result.file = file;
    // testharness.js posts its own messages to the parent too.
    parent.postMessage({ weburlAny: result }, "*");
  }

  function script(src, attributes) {
    return new Promise(function (resolve, reject) {
      var element = document.createElement("script");
      element.src = src;
      for (var name in attributes || {}) element.setAttribute(name, attributes[name]);
      element.onload = resolve;
      element.onerror = function () { reject(new Error(src + " did not load")); };
      document.head.appendChild(element);
    });
  }

  // weburl's classes as the polyfill installs them: writable, configurable, not enumerable.
  var INSTALL = {
    weburl: function () {
      return import("/pkg/index.js").then(function (weburl) {
        ["URL", "URLSearchParams"].forEach(function (name) {
          Object.defineProperty(self, name, { value: weburl[name], writable: true, configurable: true, enumerable: false });
        });
      });
    },
    "polyfill.global.js": function () { return script("/pkg/polyfill.global.js", { "data-force": "" }); },
    "polyfill.mjs": function () {
      return import("/pkg/polyfill.mjs").then(function (polyfill) { polyfill.install({ force: true }); });
    },
  };

  // What WPT's .any.html wrapper defines: the kind of global object the file runs in.
  self.GLOBAL = { isWindow: function () { return true; }, isWorker: function () { return false; }, isShadowRealm: function () { return false; } };
  setup({ explicit_done: true });
  add_completion_callback(function (tests, status) {
    report({
      replaced: self.URL !== native,
      tests: tests.length,
      // A message may quote a class's whole source.
      failures: tests.filter(function (t) { return t.status !== t.PASS; }).map(function (t) { return [t.name, String(t.message).slice(0, 500)]; }),
      harness: { status: status.status, message: status.message },
    });
  });

  INSTALL[entry]()
    .then(function () { return fetch("/url/" + file); })
    .then(function (response) { return response.text(); })
    .then(function (source) {
      var metas = (source.match(/^\/\/ META: script=.*$/gm) || []).map(function (line) { return line.slice("// META: script=".length); });
      return metas.concat(["/url/" + file]).reduce(function (loaded, src) {
        return loaded.then(function () { return script(src); });
      }, Promise.resolve());
    })
    .then(function () { done(); }, function (e) { report({ error: e.name + ": " + e.message }); });
})();
