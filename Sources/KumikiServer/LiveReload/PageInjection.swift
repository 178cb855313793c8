import Foundation
import KumikiSupport
import KumikiSite

/// What the server adds to every HTML page it serves: the live-reload
/// script, and the error overlay while the latest build has errors. The
/// site's own files are never changed; `kumiki build` output has neither.
public enum PageInjection {
    /// The page with the additions placed before its last `</body>` (or at
    /// the end when it has none).
    /// - Parameter basePath: Where the site lives; the event stream is
    ///   under it.
    public static func inject(into page: Data, snapshot: SiteSnapshot, basePath: BasePath = .root) -> Data {
        var addition = ""
        if let failure = snapshot.failure { addition += ErrorOverlay.html(for: failure, hasGoodBuild: snapshot.files.count > 0) }
        addition += script(version: snapshot.version, events: ServerEndpoint.events.path(under: basePath))
        let bytes = Data(addition.utf8)
        guard let close = page.range(of: Data("</body>".utf8), options: .backwards)
            ?? page.range(of: Data("</BODY>".utf8), options: .backwards) else {
            return page + bytes
        }
        var result = page
        result.insert(contentsOf: bytes, at: close.lowerBound)
        return result
    }

    /// Listens on `events` (`BASE_kumiki/events`) and reloads when the
    /// site changes.
    ///
    /// The scroll position survives the reload through `sessionStorage`
    /// (per tab, per path); the language choice already lives in
    /// `localStorage`, where the theme keeps it. `version` is the build the
    /// page came from: if the server has a newer one by the time the stream
    /// opens, the page reloads at once, so no change is missed.
    static func script(version: String, events: String) -> String {
        """
        <script data-kumiki-live-reload data-version="\(version.htmlEscaped)" data-events="\(events.htmlEscaped)">
        (function () {
          var version = document.currentScript.getAttribute("data-version");
          var events = document.currentScript.getAttribute("data-events");
          var key = "kumiki.scroll:" + location.pathname;
          try {
            var saved = sessionStorage.getItem(key);
            if (saved !== null) {
              sessionStorage.removeItem(key);
              var position = JSON.parse(saved);
              var restore = function () { window.scrollTo(position[0], position[1]); };
              if (document.readyState === "complete") { restore(); } else { window.addEventListener("load", restore); }
            }
          } catch (e) {}
          function reload() {
            try { sessionStorage.setItem(key, JSON.stringify([window.scrollX, window.scrollY])); } catch (e) {}
            location.reload();
          }
          if (!window.EventSource) { return; }
          var source = new EventSource(events);
          function onEvent(event) {
            var data = {};
            try { data = JSON.parse(event.data); } catch (e) {}
            if (data.version && data.version !== version) { source.close(); reload(); }
          }
          source.addEventListener("hello", onEvent);
          source.addEventListener("reload", onEvent);
        })();
        </script>

        """
    }
}
