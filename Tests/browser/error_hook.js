// Test instrumentation, never part of a built site: the browser suite puts
// this script first in every page's <head> of the copy it shows WebKit.
// WebKitWebDriver has no console log endpoint, so the page records its own
// script errors, failed loads of scripts, stylesheets and images, unhandled
// promise rejections and console.error calls. They go to sessionStorage so
// that a walk across several pages keeps them until the suite reads them.
(function () {
  "use strict";
  var key = "kumiki-test-errors";
  function record(message) {
    try {
      var list = JSON.parse(sessionStorage.getItem(key) || "[]");
      list.push(String(message));
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch (storageRefused) {
      (window.__kumikiTestErrors = window.__kumikiTestErrors || []).push(String(message));
    }
  }
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      record(location.href + ": failed to load " + (target.src || target.href));
    } else {
      record((event.filename || location.href) + ":" + event.lineno + ":" + event.colno + ": " + event.message);
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    record(location.href + ": unhandled rejection: " + event.reason);
  });
  var consoleError = console.error;
  console.error = function () {
    record(location.href + ": console.error: " + Array.prototype.join.call(arguments, " "));
    return consoleError.apply(console, arguments);
  };
})();
