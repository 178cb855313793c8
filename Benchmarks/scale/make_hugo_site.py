#!/usr/bin/env python3
"""Writes the scale benchmark's anchor: a Hugo site with the English text of the
Kumiki site and nothing more.

    make_hugo_site.py OUTDIR N [--seed S]

OUTDIR receives `hugo.toml`, four minimal layouts (base, single page, list, home;
each page shows its table of contents) and `content/docs/` with N pages. A page has
the shape of the Kumiki pages without their Japanese: a 40-word introduction, five
`##` sections of a 48-word and a 32-word paragraph, four-item lists in sections 1,
3 and 5, a short Swift code block in sections 2 and 4; about 600 words. Pages carry
a title, a date, a weight and two tags each (out of seventeen), so Hugo also builds
its taxonomy pages, as a real site would.

Deterministic; standard library only. Build it with `hugo --quiet -s OUTDIR -d OUT`.
"""

import argparse
import os
import shutil

from make_site import CODE_SECTIONS, ENGLISH, LIST_SECTIONS, Writer

CONFIG = """\
baseURL = "https://example.org/"
languageCode = "en-us"
title = "Scale anchor"
disableKinds = ["RSS"]
"""

# Theme-less layouts: enough for Hugo to render real pages with a table of contents.
LAYOUTS = {
    "_default/baseof.html":
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{{ .Title }}</title></head>\n"
        "<body><nav>{{ range .Site.Menus.main }}<a href=\"{{ .URL }}\">{{ .Name }}</a>{{ end }}</nav>\n"
        "<main>{{ block \"main\" . }}{{ end }}</main></body></html>\n",
    "_default/single.html":
        "{{ define \"main\" }}<article><h1>{{ .Title }}</h1>\n{{ .TableOfContents }}\n{{ .Content }}</article>{{ end }}\n",
    "_default/list.html":
        "{{ define \"main\" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}"
        "<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n",
    "index.html":
        "{{ define \"main\" }}<ul>{{ range .Site.RegularPages }}"
        "<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n",
}


def page_text(index, w):
    out = [
        "---",
        'title: "Guideline page %d"' % index,
        "date: 2024-01-%02d" % (index % 28 + 1),
        'tags: ["t%d", "t%d"]' % (index % 10, index % 7),
        "weight: %d" % index,
        "---",
        "",
        w.english_paragraph(40)[0], "",
    ]
    for part in range(5):
        out.extend(["## Section %d: %s %s" % (part + 1, w.rng.choice(ENGLISH), w.rng.choice(ENGLISH)), ""])
        out.extend([w.english_paragraph(48)[0], ""])
        if part in LIST_SECTIONS:
            out.extend("- " + w.english_sentence(6) for _ in range(4))
            out.append("")
        if part in CODE_SECTIONS:
            out.extend([
                "```swift",
                "let grid%d = Grid(columns: %d, gutter: %d)" % (part, w.rng.randint(2, 12), w.rng.randint(4, 32)),
                "let spacing = Token.spacing(.m%d)" % part,
                "view.frame = grid.solve(for: device)",
                "```",
                "",
            ])
        out.extend([w.english_paragraph(32)[0], ""])
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Write the scale benchmark's Hugo anchor site.")
    ap.add_argument("outdir")
    ap.add_argument("n", type=int, nargs="?", default=1000, help="number of pages (1000)")
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()

    for sub in ("content", "layouts"):
        shutil.rmtree(os.path.join(args.outdir, sub), ignore_errors=True)
    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, "hugo.toml"), "w", encoding="utf-8") as f:
        f.write(CONFIG)
    for name, text in LAYOUTS.items():
        path = os.path.join(args.outdir, "layouts", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    docs = os.path.join(args.outdir, "content", "docs")
    os.makedirs(docs)
    w = Writer(args.seed)
    for i in range(args.n):
        with open(os.path.join(docs, "page-%05d.md" % i), "w", encoding="utf-8") as f:
            f.write(page_text(i, w))
    print("make_hugo_site.py: %d pages in %s" % (args.n, args.outdir))


if __name__ == "__main__":
    main()
