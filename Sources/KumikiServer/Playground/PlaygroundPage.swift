import KumikiSupport
/// The playground: a layout block typed on the left, what the site makes of
/// it on the right, solved again shortly after each keystroke.
enum PlaygroundPage {
    static let example = """
        title: Button 8 pt below a centred image | 画像の 8pt 下に中央揃えのボタン
        image hero "Image" "画像"
        button go "Continue" "続ける"
        hero.top = safe.top + 24
        hero.centerX = safe.centerX
        hero.width = 0.6 * safe.width @750
        hero.width <= 400
        hero.aspect = 4:3
        go.centerX = hero.centerX
        go.top = hero.bottom + 8
        """

    static func html(basePath: BasePath, maximumBodySize: Int) -> String {
        let root = basePath.value.htmlEscaped
        return """
            <!DOCTYPE html>
            <html lang="en" data-lang="both">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <title>Layout playground — Kumiki</title>
            <meta name="color-scheme" content="light dark">
            <link rel="stylesheet" href="\(root)assets/kumiki.css">
            <script src="\(root)assets/kumiki.js"></script>
            <style>
            .playground { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr); gap: 1.5rem; padding: 1.5rem max(1.5rem, env(safe-area-inset-right)) 1.5rem max(1.5rem, env(safe-area-inset-left)); }
            @media (max-width: 50rem) { .playground { grid-template-columns: minmax(0, 1fr); } }
            .playground textarea { width: 100%; min-height: 24rem; box-sizing: border-box; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; tab-size: 4; }
            .playground-controls { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin-bottom: .75rem; }
            .playground-controls input[type=text] { min-width: 14rem; font: inherit; }
            .playground-status { color: GrayText; font-size: .875em; }
            .playground-diagnostics { font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding-left: 1.25em; }
            .playground-diagnostics .error { color: #c62828; }
            .playground-diagnostics .warning { color: #a15c00; }
            </style>
            </head>
            <body>
            <main class="playground" id="main" data-render="\(ServerEndpoint.playgroundRender.path(under: basePath).htmlEscaped)">
            <section aria-labelledby="playground-input">
            <h1 id="playground-input" class="pair stack"><span lang="en">Layout playground</span> <span lang="ja">レイアウトの試し書き</span></h1>
            <div class="playground-controls">
            <label>Kind <select id="kind"><option value="layout">layout</option><option value="do">layout do</option><option value="dont">layout dont</option></select></label>
            <label>Environments <input id="environment" type="text" placeholder="devices: phones" spellcheck="false"></label>
            <button type="button" id="copy">Copy as Markdown</button>
            <span id="status" class="playground-status" role="status"></span>
            </div>
            <textarea id="source" spellcheck="false" aria-label="Layout block">\(example.htmlEscaped)</textarea>
            <p class="playground-status">At most \(maximumBodySize / 1024) KiB. Solved shortly after you stop typing.</p>
            </section>
            <section aria-label="Result">
            <ol id="diagnostics" class="playground-diagnostics"></ol>
            <div id="output" class="content"></div>
            </section>
            </main>
            <script>
            (function () {
              var source = document.getElementById("source");
              var kind = document.getElementById("kind");
              var environment = document.getElementById("environment");
              var output = document.getElementById("output");
              var list = document.getElementById("diagnostics");
              var status = document.getElementById("status");
              var renderPath = document.getElementById("main").getAttribute("data-render");
              var markdown = "";
              var timer = null;
              var latest = 0;
              function request() {
                return JSON.stringify({ kind: kind.value, text: source.value, environment: environment.value });
              }
              function show(result) {
                output.innerHTML = result.html;
                markdown = result.markdown;
                list.textContent = "";
                result.diagnostics.forEach(function (problem) {
                  var item = document.createElement("li");
                  item.className = problem.severity;
                  item.textContent = problem.text;
                  list.appendChild(item);
                });
                status.textContent = result.diagnostics.length ? result.diagnostics.length + " problem(s)" : "OK";
              }
              function render() {
                var ticket = ++latest;
                status.textContent = "Solving…";
                fetch(renderPath, { method: "POST", headers: { "Content-Type": "application/json" }, body: request() })
                  .then(function (response) {
                    if (!response.ok) { return response.text().then(function (text) { throw new Error(text || response.statusText); }); }
                    return response.json();
                  })
                  .then(function (result) { if (ticket === latest) { show(result); } })
                  .catch(function (error) { if (ticket === latest) { status.textContent = error.message; } });
              }
              function schedule() {
                clearTimeout(timer);
                timer = setTimeout(render, 150);
              }
              source.addEventListener("input", schedule);
              environment.addEventListener("input", schedule);
              kind.addEventListener("change", render);
              document.getElementById("copy").addEventListener("click", function () {
                var done = function () { status.textContent = "Copied."; };
                if (navigator.clipboard && navigator.clipboard.writeText) {
                  navigator.clipboard.writeText(markdown).then(done, function () { status.textContent = "Could not copy."; });
                } else {
                  var scratch = document.createElement("textarea");
                  scratch.value = markdown;
                  document.body.appendChild(scratch);
                  scratch.select();
                  document.execCommand("copy");
                  scratch.remove();
                  done();
                }
              });
              render();
            })();
            </script>
            </body>
            </html>

            """
    }
}
