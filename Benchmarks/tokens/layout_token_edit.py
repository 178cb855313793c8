#!/usr/bin/env python3
"""One design token edited on a generated site whose layout blocks name it.

The site is `../shared/bench/gen_kumiki_site.py OUT N B` (N pages, B layout
blocks a page), its blocks taken from the bundled Content/ of commit e0d992f
(the blocks as they were before they named tokens, so that the token used is
this benchmark's alone). Then one block in 50 (blocks counted across the
site in page order, the 1st, 51st, 101st, ...) is rewritten to use the token:
the first constant written after `+` or `-` on one of its lines becomes
`{bench.gap}` (a block without one gives the rewrite to the next block). The
token, 16 px, is in Tokens/bench.tokens.json, which kumiki.yml names.

A cold build (no store) is timed, the token is set to 20 px, and a warm build
is timed. The warm build must solve again exactly the rewritten blocks
(`kumiki build --explain` counts them) and take at most a tenth of the cold
build's time.

    layout_token_edit.py --kumiki .build/release/kumiki [--pages 1000] [--blocks 2] [--keep DIR]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
GENERATOR = os.path.join(ROOT, "..", "shared", "bench", "gen_kumiki_site.py")
BLOCKS_COMMIT = "e0d992f"
CONSTANT = re.compile(r"( [+-] )(\d+(?:\.\d+)?)\b(?![%/:.])")


def build(kumiki, site):
    """Seconds of one `kumiki build --explain`, and its pages and blocks (from the store, computed)."""
    began = time.monotonic()
    done = subprocess.run([kumiki, "build", "--explain"], cwd=site, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - began
    if done.returncode not in (0, 1):
        sys.exit("layout_token_edit: kumiki build failed:\n" + done.stderr[-2000:])
    pages = re.search(r"^pages: (\d+) from the store, (\d+) computed$", done.stdout, re.M)
    blocks = re.search(r"^blocks: (\d+) from the store, (\d+) computed$", done.stdout, re.M)
    return seconds, (int(pages[1]), int(pages[2])), (int(blocks[1]), int(blocks[2]))


def rewrite(content, every=50):
    """Rewrites one layout block in `every` to name {bench.gap}; the number of blocks rewritten and of blocks."""
    count, rewritten, owed = 0, 0, False
    for name in sorted(os.listdir(content)):
        path = os.path.join(content, name)
        lines = open(path, encoding="utf-8").read().split("\n")
        inside, changed = False, False
        for index, line in enumerate(lines):
            if line.startswith("```"):
                if not inside and line.startswith("```layout"):
                    inside = True
                    if count % every == 0:
                        owed = True
                    count += 1
                elif inside:
                    inside = False
                continue
            if inside and owed:
                code, hash_sign, comment = line.partition("#")
                replaced = CONSTANT.sub(r"\1{bench.gap}", code, count=1)
                if replaced != code:
                    lines[index] = replaced + hash_sign + comment
                    owed, changed = False, True
                    rewritten += 1
        if changed:
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
    return rewritten, count


def write_token(site, points):
    with open(os.path.join(site, "Tokens", "bench.tokens.json"), "w", encoding="utf-8") as f:
        f.write('{"bench": {"gap": {"$type": "dimension", "$value": {"value": %d, "unit": "px"}},\n'
                ' "other": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}}\n' % points)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kumiki", required=True)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--blocks", type=int, default=2)
    parser.add_argument("--keep", help="generate the site in this folder and keep it")
    args = parser.parse_args()
    kumiki = os.path.abspath(args.kumiki)
    if not os.path.isfile(GENERATOR):
        sys.exit("layout_token_edit: no generator at %s" % GENERATOR)
    with tempfile.TemporaryDirectory(prefix="kumiki-layout-tokens-") as tmp:
        archive = subprocess.run(["git", "-C", ROOT, "archive", BLOCKS_COMMIT, "Content"],
                                 check=True, stdout=subprocess.PIPE).stdout
        blocks_folder = os.path.join(tmp, "blocks")
        os.makedirs(blocks_folder)
        subprocess.run(["tar", "-x", "-C", blocks_folder], input=archive, check=True)
        site = os.path.abspath(args.keep) if args.keep else os.path.join(tmp, "site")
        if os.path.isdir(site):
            shutil.rmtree(site)
        os.makedirs(site)
        subprocess.run([sys.executable, GENERATOR, site, str(args.pages), str(args.blocks),
                        "--blocks-from", os.path.join(blocks_folder, "Content")], check=True, stdout=subprocess.DEVNULL)
        os.makedirs(os.path.join(site, "Tokens"))
        write_token(site, 16)
        with open(os.path.join(site, "kumiki.yml"), "a", encoding="utf-8") as f:
            f.write("tokens:\n  files: [Tokens/bench.tokens.json]\n")
        rewritten, total = rewrite(os.path.join(site, "Content"))
        cold, cold_pages, cold_blocks = build(kumiki, site)
        write_token(site, 20)
        warm, warm_pages, warm_blocks = build(kumiki, site)
        share = warm / cold
        print(f"site: {args.pages} pages, {total} layout blocks, {rewritten} rewritten to name {{bench.gap}}")
        print(f"cold build: {cold:.2f} s (pages {cold_pages[1]} computed, blocks {cold_blocks[1]} computed)")
        print(f"warm build after editing bench.gap: {warm:.2f} s (pages {warm_pages[0]} from the store, {warm_pages[1]} computed;"
              f" blocks {warm_blocks[0]} from the store, {warm_blocks[1]} computed)")
        print(f"warm / cold: {100 * share:.1f}% (target at most 10%)")
        ok = warm_blocks[1] == rewritten and share <= 0.10
        print("layout_token_edit: " + ("met" if ok else "NOT met")
              + ("" if warm_blocks[1] == rewritten else f" (solved again {warm_blocks[1]} blocks, expected {rewritten})"))
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
