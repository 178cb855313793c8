// Kumiki site script: the EN / JA / EN+JA toggle, the narrow-screen
// navigation disclosure, the layout galleries' lazy diagrams and filters.
// Everything works without it: both languages show, the toggle stays
// hidden, the navigation stays open and each gallery shows its default set.
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

  // Layout galleries: the diagrams beyond the default set wait in
  // <template data-group> elements. They join the list when the figure
  // comes near the viewport, or at once when a filter asks for them; the
  // filter buttons (aria-pressed) then decide which entries show.
  function expandGallery(figure) {
    var list = figure.querySelector(".layout-gallery");
    var templates = figure.querySelectorAll("template[data-group]");
    if (!list || templates.length === 0) {
      return;
    }
    for (var i = 0; i < templates.length; i++) {
      list.appendChild(document.importNode(templates[i].content, true));
      templates[i].parentNode.removeChild(templates[i]);
    }
    // Back in the block's order of environments.
    var items = Array.prototype.slice.call(list.children);
    items.sort(function (a, b) {
      return Number(a.getAttribute("data-i")) - Number(b.getAttribute("data-i"));
    });
    for (var j = 0; j < items.length; j++) {
      list.appendChild(items[j]);
    }
  }

  function applyFilters(figure) {
    var on = {};
    var buttons = figure.querySelectorAll(".k-filters [data-filter]");
    if (buttons.length === 0) {
      return;
    }
    for (var i = 0; i < buttons.length; i++) {
      on[buttons[i].getAttribute("data-filter")] = buttons[i].getAttribute("aria-pressed") === "true";
    }
    var items = figure.querySelectorAll(".layout-gallery > li");
    for (var j = 0; j < items.length; j++) {
      var item = items[j];
      // A dimension without buttons (one family only, say) filters nothing.
      var family = item.getAttribute("data-family");
      var orientation = item.getAttribute("data-orientation");
      var extra = item.getAttribute("data-extra");
      var shown = (!(family in on) || on[family]) &&
        (!(orientation in on) || on[orientation]) &&
        (!extra || !(extra in on) || on[extra]);
      item.hidden = !shown;
    }
  }

  function setUpGalleries() {
    var figures = Array.prototype.filter.call(document.querySelectorAll(".layout-block"), function (figure) {
      return figure.querySelector(".layout-gallery") !== null;
    });
    var observer = null;
    if (window.IntersectionObserver) {
      observer = new IntersectionObserver(function (entries) {
        for (var i = 0; i < entries.length; i++) {
          if (entries[i].isIntersecting) {
            expandGallery(entries[i].target);
            applyFilters(entries[i].target);
            observer.unobserve(entries[i].target);
          }
        }
      }, { rootMargin: "800px 0px" });
    }
    figures.forEach(function (figure) {
      var filters = figure.querySelector(".k-filters");
      if (filters) {
        filters.hidden = false;
        filters.addEventListener("click", function (event) {
          var button = event.target.closest ? event.target.closest("[data-filter]") : null;
          if (!button) {
            return;
          }
          var pressed = button.getAttribute("aria-pressed") === "true";
          button.setAttribute("aria-pressed", pressed ? "false" : "true");
          expandGallery(figure);
          applyFilters(figure);
        });
      }
      if (observer) {
        observer.observe(figure);
      } else {
        expandGallery(figure);
        applyFilters(figure);
      }
    });
  }

  function ready() {
    setUpToggle();
    setUpNavigation();
    setUpGalleries();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
