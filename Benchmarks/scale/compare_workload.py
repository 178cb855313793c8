#!/usr/bin/env python3
"""Checks that this folder's generators write the scale workload fixed by the reference
generators (kept outside the project, by default in ../shared/bench next to the checkout).

    compare_workload.py [--reference DIR] [--n 100] [--tolerance 0.05] [--blocks-from DIR]

Both Kumiki generators run at N pages with B = 0, and with B = 2 --unique, on the layout
blocks of the bundled Content/ as of commit e0d992f (taken with `git archive`); both Hugo
generators run at N. For each pair of sites it counts, the same way for both:

  * Markdown bytes: every page file, front matter included;
  * rows: English/Japanese pairs of top-level blocks. Each top-level block (paragraph,
    heading, list, fenced block) is classed by its script: Japanese when it has at least
    as many kana and kanji as Latin words, English when fewer, neutral when neither
    (fenced blocks are always neutral). A run of English blocks followed by a run of
    Japanese ones (or the other way round) pairs position by position where the kinds
    match, as Kumiki pairs them;
  * layout blocks: fenced blocks whose info string starts with `layout`,
    and how many distinct texts they have (and, for information, whether they are
    the reference's blocks in the reference's order);

and, for information, pages, sections, English words and Japanese characters.
It fails (exit 1) when bytes, rows or blocks differ by more than the tolerance, or the
page, section or distinct-block counts differ at all. Standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
BLOCKS_COMMIT = "e0d992f"

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")
LATIN_WORD = re.compile(r"[A-Za-z]+")
CODE_SPAN = re.compile(r"`[^`]*`")
FENCE = re.compile(r"^(`{3,}|~{3,})[ \t]*(.*)$")
HEADING = re.compile(r"^(#{1,6})\s")
LIST_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d+[.)])\s")


def split_front_matter(text):
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end >= 0:
            return text[4:end], text[end + 5:]
    return "", text


def top_level_blocks(body):
    """(kind, text) for each top-level block; kind is 'p', 'h2' …, 'list', 'code', 'layout'."""
    lines = body.split("\n")
    blocks, i = [], 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        fence = FENCE.match(line)
        if fence:
            marker = fence.group(1)
            closing = re.compile("^" + re.escape(marker[0]) + "{%d,}[ \\t]*$" % len(marker))
            j = i + 1
            while j < len(lines) and not closing.match(lines[j]):
                j += 1
            info = fence.group(2).split()
            blocks.append(("layout" if info and info[0] == "layout" else "code", "\n".join(lines[i:j + 1])))
            i = j + 1
            continue
        heading = HEADING.match(line)
        if heading:
            blocks.append(("h%d" % len(heading.group(1)), line))
            i += 1
            continue
        kind = "list" if LIST_ITEM.match(line) else "p"
        j = i + 1
        while j < len(lines) and lines[j].strip() and not FENCE.match(lines[j]) and not HEADING.match(lines[j]):
            if kind == "p" and LIST_ITEM.match(lines[j]):
                break
            j += 1
        blocks.append((kind, "\n".join(lines[i:j])))
        i = j
    return blocks


def script_of(kind, text):
    if kind in ("code", "layout"):
        return None
    text = CODE_SPAN.sub("", text)
    ja, en = len(JAPANESE.findall(text)), len(LATIN_WORD.findall(text))
    if ja == 0 and en == 0:
        return None
    return "ja" if ja >= en else "en"


def count_rows(blocks):
    classed = [(kind, script_of(kind, text)) for kind, text in blocks]
    rows, i = 0, 0
    while i < len(classed):
        lang = classed[i][1]
        if lang is None:
            i += 1
            continue
        j = i
        while j < len(classed) and classed[j][1] == lang:
            j += 1
        k = j
        while k < len(classed) and classed[k][1] not in (None, lang):
            k += 1
        rows += sum(1 for a, b in zip(classed[i:j], classed[j:k]) if a[0] == b[0])
        i = k if k > j else j
    return rows


def measure(site, content_folder):
    folder = os.path.join(site, content_folder)
    figures = {"pages": 0, "bytes": 0, "rows": 0, "layout blocks": 0, "english words": 0,
               "japanese chars": 0}
    sections, layout_texts = set(), []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".md"):
            continue
        with open(os.path.join(folder, name), "rb") as f:
            raw = f.read()
        figures["pages"] += 1
        figures["bytes"] += len(raw)
        front, body = split_front_matter(raw.decode("utf-8"))
        for line in front.split("\n"):
            if line.startswith("section:"):
                sections.add(line.split(":", 1)[1].strip())
        blocks = top_level_blocks(body)
        figures["rows"] += count_rows(blocks)
        for kind, text in blocks:
            if kind == "layout":
                figures["layout blocks"] += 1
                layout_texts.append(text)
            elif kind != "code":
                figures["english words"] += len(LATIN_WORD.findall(text))
                figures["japanese chars"] += len(JAPANESE.findall(text))
    figures["sections"] = len(sections)
    figures["distinct blocks"] = len(set(layout_texts))
    return figures, layout_texts


CHECKED = ("bytes", "rows", "layout blocks")        # within the tolerance
EXACT = ("pages", "sections", "distinct blocks")   # equal


def compare(label, our_site, their_site, tolerance):
    (ours, our_blocks), (theirs, their_blocks) = our_site, their_site
    print("\n" + label)
    print("| figure | ours | reference | difference |")
    print("|---|---:|---:|---:|")
    ok = True
    for key in ours:
        a, b = ours[key], theirs[key]
        diff = (a - b) / b if b else (0.0 if a == b else float("inf"))
        bad = (key in CHECKED and abs(diff) > tolerance) or (key in EXACT and a != b)
        ok &= not bad
        print("| %s | %d | %d | %+.1f%%%s |" % (key, a, b, 100 * diff, " **FAIL**" if bad else ""))
    if our_blocks:
        print("\nlayout blocks identical to the reference's, in the same order: %s"
              % ("yes" if our_blocks == their_blocks else "no (%d of %d texts in common)"
                 % (len(set(our_blocks) & set(their_blocks)), len(our_blocks))))
    return ok


def run(*command):
    subprocess.run([sys.executable] + list(command), check=True, stdout=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reference", default=os.path.join(ROOT, "..", "shared", "bench"),
                    help="folder of gen_kumiki_site.py and gen_hugo_site.py")
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--tolerance", type=float, default=0.05)
    ap.add_argument("--blocks-from", metavar="DIR",
                    help="Content/ folder to take the blocks from (default: git archive %s Content)" % BLOCKS_COMMIT)
    args = ap.parse_args()
    reference = os.path.abspath(args.reference)
    for script in ("gen_kumiki_site.py", "gen_hugo_site.py"):
        if not os.path.isfile(os.path.join(reference, script)):
            sys.exit("compare_workload.py: no %s in %s (pass --reference DIR)" % (script, reference))

    with tempfile.TemporaryDirectory(prefix="kumiki-workload-") as tmp:
        blocks = args.blocks_from
        if not blocks:
            archive = subprocess.run(["git", "-C", ROOT, "archive", BLOCKS_COMMIT, "Content"],
                                     check=True, stdout=subprocess.PIPE).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            blocks = os.path.join(tmp, "Content")
        n = str(args.n)
        ok = True
        for b, extra in (("0", []), ("2", ["--unique"])):
            ours, theirs = os.path.join(tmp, "ours-b" + b), os.path.join(tmp, "ref-b" + b)
            run(os.path.join(HERE, "make_site.py"), ours, n, b, "--blocks-from", blocks, *extra)
            run(os.path.join(reference, "gen_kumiki_site.py"), theirs, n, b, "--blocks-from", blocks, *extra)
            ok &= compare(("Kumiki site, N=%s B=%s " % (n, b) + " ".join(extra)).strip(),
                          measure(ours, "Content"), measure(theirs, "Content"), args.tolerance)
        ours, theirs = os.path.join(tmp, "ours-hugo"), os.path.join(tmp, "ref-hugo")
        run(os.path.join(HERE, "make_hugo_site.py"), ours, n)
        run(os.path.join(reference, "gen_hugo_site.py"), theirs, n)
        ok &= compare("Hugo site, N=%s" % n, measure(ours, "content/docs"), measure(theirs, "content/docs"),
                      args.tolerance)
    print("\ncompare_workload: %s (tolerance %.0f%%)" % ("same workload" if ok else "DIFFERENT workload",
                                                          100 * args.tolerance))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
