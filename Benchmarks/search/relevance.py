#!/usr/bin/env python3
"""Runs the query set (queries.json) through a built site's search in
headless Chromium, from file://, and counts the queries whose top five
results include a link into the section that answers them.

A section runs from its heading to the next heading of the same or a
higher level; a result counts when its row lies in that stretch.
A query with no answer counts when it gives no result.

    relevance.py SITE [--queries queries.json] [--pagefind URL] [--by-kind] [--verbose]

With `--pagefind URL` the same queries go through Pagefind's JavaScript API
on the site served at URL (Pagefind needs a web server), and a result's
sub-result anchors are judged the same way.

With `--by-kind` the totals are also given for each query kind (the
queries' "kind": question, paraphrase, typo...), with each language's share.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, unquote

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = Path(__file__).resolve().parent


def chromium() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--allow-file-access-from-files", "--no-first-run", "--disable-background-networking"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(60)
    return driver


HEADING_ROW = re.compile(r'id="([^"]+)">\s*<div class="bi-col"[^>]*>\s*<h([1-6])')
ROW_ID = re.compile(r'<(?:div|figure|section)[^>]* id="([^"]+)"')


def sections(site: Path, slug: str) -> tuple[list[str], dict[str, int]]:
    """The page's row ids in order, and the level of each heading row."""
    html = (site / slug / "index.html").read_text()
    main = html[html.find('<div class="content">'):]
    levels = {anchor: int(level) for anchor, level in HEADING_ROW.findall(main)}
    order = ROW_ID.findall(main)
    return order, levels


def lands_in(site: Path, slug: str, section: str, anchor: str, cache: dict) -> bool:
    if slug not in cache:
        cache[slug] = sections(site, slug)
    order, levels = cache[slug]
    if anchor == section:
        return True
    if section not in order or anchor not in order:
        return False
    start = order.index(section)
    level = levels.get(section, 2)
    for row in order[start + 1:]:
        if row in levels and levels[row] <= level:
            return False
        if row == anchor:
            return True
    return False


def kumiki_results(driver, site: Path, query: str) -> tuple[list[str], float]:
    script = """
    const done = arguments[arguments.length - 1];
    const started = performance.now();
    window.kumikiSearch.query(arguments[0], 5).then(results => {
      done([results.map(r => r.href), performance.now() - started]);
    });
    """
    hrefs, elapsed = driver.execute_async_script(script, query)
    return hrefs, elapsed


def pagefind_results(driver, base: str, query: str) -> tuple[list[str], float]:
    script = """
    const done = arguments[arguments.length - 1];
    (async () => {
      if (!window.pf) { window.pf = await import(arguments[1] + "pagefind/pagefind.js"); await window.pf.init(); }
      const started = performance.now();
      const search = await window.pf.search(arguments[0]);
      const hrefs = [];
      for (const result of search.results.slice(0, 5)) {
        const data = await result.data();
        const subs = data.sub_results && data.sub_results.length ? data.sub_results : [{ url: data.url }];
        for (const sub of subs) { if (hrefs.length < 5) hrefs.push(sub.url); }
        if (hrefs.length >= 5) break;
      }
      done([hrefs, performance.now() - started]);
    })().catch(e => done([["error: " + e], 0]));
    """
    return driver.execute_async_script(script, query, base)


def where(href: str) -> tuple[str, str]:
    """(slug, anchor) of a result link."""
    parts = urlsplit(href)
    path = unquote(parts.path)
    segments = [s for s in path.split("/") if s]
    if segments and segments[-1] == "index.html":
        segments = segments[:-1]
    return (segments[-1] if segments else ""), unquote(parts.fragment)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("site", type=Path)
    parser.add_argument("--queries", type=Path, default=HERE / "queries.json")
    parser.add_argument("--pagefind", metavar="URL", help="the site served with its pagefind/ folder")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--by-kind", action="store_true", help="also print the totals for each query kind")
    arguments = parser.parse_args()
    queries = json.loads(arguments.queries.read_text())["queries"]
    site = arguments.site.resolve()
    driver = chromium()
    cache: dict = {}
    totals: dict[str, list[int]] = {}
    kinds: dict[str, dict[str, list[int]]] = {}
    times: list[float] = []
    try:
        if arguments.pagefind:
            driver.get(arguments.pagefind.rstrip("/") + "/index.html")
        else:
            driver.get((site / "search" / "index.html").as_uri())
        for query in queries:
            if arguments.pagefind:
                hrefs, elapsed = pagefind_results(driver, arguments.pagefind.rstrip("/") + "/", query["query"])
            else:
                hrefs, elapsed = kumiki_results(driver, site, query["query"])
            times.append(elapsed)
            if hrefs and hrefs[0].startswith("error:"):
                raise SystemExit(f"{query['query']}: {hrefs[0]}")
            if query["section"] is None:
                right = page_right = not hrefs
            else:
                right = any(slug == query["page"] and lands_in(site, slug, query["section"], anchor, cache)
                            for slug, anchor in map(where, hrefs))
                page_right = any(slug == query["page"] for slug, _ in map(where, hrefs))
            totals.setdefault(query["lang"], [0, 0, 0])
            totals[query["lang"]][0] += right
            totals[query["lang"]][1] += 1
            totals[query["lang"]][2] += page_right
            kind = kinds.setdefault(query["kind"], {}).setdefault(query["lang"], [0, 0])
            kind[0] += right
            kind[1] += 1
            if arguments.verbose or not right:
                mark = "ok  " if right else "MISS"
                shown = [f"{s}#{a}" for s, a in map(where, hrefs)]
                print(f"{mark} [{query['lang']} {query['kind']}] {query['query']!r} -> want {query['page']}#{query['section']}; got {shown}")
    finally:
        driver.quit()
    engine = "pagefind" if arguments.pagefind else "kumiki"
    for lang, (right, count, page_right) in sorted(totals.items()):
        print(f"{engine}: {lang}: right section in top five for {right}/{count} = {100 * right / count:.0f}%"
              f" (right page: {page_right}/{count} = {100 * page_right / count:.0f}%)")
    if arguments.by_kind:
        for kind, langs in kinds.items():
            right, count = sum(r for r, _ in langs.values()), sum(c for _, c in langs.values())
            shares = ", ".join(f"{lang} {r}/{c}" for lang, (r, c) in sorted(langs.items()))
            print(f"{engine}: kind {kind}: right section in top five for {right}/{count} = {100 * right / count:.0f}% ({shares})")
    times.sort()
    print(f"{engine}: answer time median {times[len(times) // 2]:.1f} ms, max {times[-1]:.1f} ms (first query included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
