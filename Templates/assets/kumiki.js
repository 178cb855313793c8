// Kumiki site script: the EN / JA / EN+JA toggle and the narrow-screen
// navigation disclosure. Everything works without it: both languages show,
// the toggle stays hidden and the navigation stays open.
//
// Loaded from <head> without `defer`, so the first part runs before the body
// is parsed: the remembered language and the folded navigation are in place
// before the first paint, with no flash of the wrong layout.
(function () {
  "use strict";

  var root = document.documentElement;
  var storageKey = "kumiki.lang";
  var choices = ["en", "ja", "both"];
  // Keep in step with the breakpoint in kumiki.css where the sidebar appears.
  var wideQuery = window.matchMedia ? window.matchMedia("(min-width: 64em)") : null;

  function storedChoice() {
    try {
      var value = window.localStorage.getItem(storageKey);
      return choices.indexOf(value) >= 0 ? value : null;
    } catch (error) {
      return null; // Storage can be disabled (private modes, file:// in some browsers).
    }
  }

  function remember(choice) {
    try {
      window.localStorage.setItem(storageKey, choice);
    } catch (error) {
      // Not remembered; the choice still applies to this page.
    }
  }

  function isWide() {
    return wideQuery ? wideQuery.matches : true;
  }

  // Before the first paint.
  root.classList.add("js");
  var initial = storedChoice();
  if (initial) {
    root.setAttribute("data-lang", initial);
  }
  if (!isWide()) {
    root.setAttribute("data-nav", "folded");
  }

  function reflect(choice) {
    var buttons = document.querySelectorAll("[data-lang-choice]");
    for (var i = 0; i < buttons.length; i++) {
      var pressed = buttons[i].getAttribute("data-lang-choice") === choice;
      buttons[i].setAttribute("aria-pressed", pressed ? "true" : "false");
    }
  }

  function apply(choice) {
    root.setAttribute("data-lang", choice);
    reflect(choice);
  }

  function setUpToggle() {
    var toggle = document.querySelector(".lang-toggle");
    if (!toggle) {
      return;
    }
    toggle.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("[data-lang-choice]") : null;
      if (!button) {
        return;
      }
      var choice = button.getAttribute("data-lang-choice");
      // Keep the reader's place: the element at the top of the viewport stays
      // there although the other column appears or disappears above it.
      var anchor = document.elementFromPoint(window.innerWidth / 2, 80);
      var before = anchor ? anchor.getBoundingClientRect().top : 0;
      apply(choice);
      remember(choice);
      if (anchor && anchor.isConnected && anchor.getClientRects().length > 0) {
        window.scrollBy(0, anchor.getBoundingClientRect().top - before);
      }
    });
    reflect(root.getAttribute("data-lang") || "both");
    toggle.hidden = false;
  }

  function setUpNavigation() {
    var disclosure = document.querySelector(".nav-disclosure");
    if (disclosure) {
      disclosure.open = isWide();
      if (wideQuery) {
        var follow = function () {
          disclosure.open = isWide();
        };
        if (wideQuery.addEventListener) {
          wideQuery.addEventListener("change", follow);
        } else if (wideQuery.addListener) {
          wideQuery.addListener(follow);
        }
      }
    }
    // The disclosure now carries the folded state itself.
    root.removeAttribute("data-nav");
  }

  // Another tab changed the language: follow it.
  window.addEventListener("storage", function (event) {
    if (event.key === storageKey && choices.indexOf(event.newValue) >= 0) {
      apply(event.newValue);
    }
  });

  function ready() {
    setUpToggle();
    setUpNavigation();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
