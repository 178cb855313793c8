#!/usr/bin/env python3
"""Writes the scale benchmark's Kumiki site: a synthetic bilingual design system.

    make_site.py OUTDIR N B [--unique] [--blocks-from DIR] [--seed S] [--skip 3,17]

OUTDIR receives `kumiki.yml` and `Content/` with N pages spread evenly over ten
sections, in order. Every page has the shape of a real guideline page:

  * front matter with title, title_ja, section, section_ja, order, summary, summary_ja;
  * an introduction of about 40 English words;
  * five `##` sections, each an English heading and its Japanese heading, a paragraph
    of about 48 words, a closing paragraph of about 32 words; sections 1, 3 and 5 also
    hold a four-item list, sections 2 and 4 a short Swift code block;
  * every English paragraph, heading and list directly followed by its Japanese
    counterpart, about three characters per English word, one sentence a line (the
    way the bundled pages are written).

That is about 600 English words a page, plus the Japanese.

With B > 0 each page also carries B layout blocks, taken in turn from the fenced
`layout` blocks of DIR/*.md (DIR is the bundled Content/ as of commit e0d992f:
`git archive e0d992f Content | tar -x -C TMP`, then `--blocks-from TMP/Content`).
The page's j-th block goes into section j mod 5. With `--unique`, each copied block
gets one more line before its closing fence: a lower bound of a few hundredths of a
point on the width of its first declared view. It is meant to be redundant (the
workload's description says frames and findings stay those of the original block),
and it makes every block of the site distinct in text and in constraint system, up to
72 × 89 = 6,408 blocks (3,204 pages at B = 2).

The output depends only on the arguments: the same call always writes the same bytes.
Standard library only.
"""

import argparse
import os
import random
import re
import shutil
import sys

# --- vocabulary -------------------------------------------------------------------

ENGLISH = """
    align anchor aspect axis badge banner border bounds canvas caption card chip
    column compact contrast corner density divider drawer edge emphasis field focus
    footer frame gallery glyph gutter header heading height hierarchy icon indent
    inset keyboard label landscape leading legibility margin menu modal notch offset
    overlay padding palette panel pointer popover portrait priority radius readable
    region rhythm scale screen scroll section segment shadow sheet sidebar slider
    spacing stack status surface swatch symbol tablet target text title toggle
    toolbar touch trailing typeface viewport weight width window accessibility
    affordance breakpoint component consistency elevation navigation orientation
    presentation typography
""".split()

# Japanese: nouns, modifiers and endings from the vocabulary of design guidelines,
# put together by a handful of sentence shapes.
JA_NOUN = """
    余白 行間 文字組み 見出し 本文 配色 明暗 輪郭 角丸 影 奥行き 重なり 階層 順序 視線
    画面端 安全領域 操作部品 入力欄 切り替え 一覧 表 カード シート ツールバー タブ
    ナビゲーション 戻る操作 ボタン アイコン 記号 画像 説明文 注記 状態 選択肢 既定値
    縦向き 横向き 小さな画面 大きな画面 端末 指先 触れる範囲 文字の大きさ 読みやすさ
    一貫性 明快さ 手がかり 反応 動き 時間 区切り 列 行 幅 高さ 中央 周囲 上端 下端
""".split()
JA_MOD = """
    落ち着いた はっきりした 控えめな 十分な 一定の 自然な 短い 長い 広い 狭い
    主要な 補助的な 目立つ 穏やかな 均一な 無理のない
""".split()
JA_END = """
    そろえます 保ちます 確保します 優先します 控えます 分けます 示します 調整します
    見直します 広げます 詰めます 重ねません 残します 統一します 伝えます 選びます
""".split()
JA_LEAD = "まず、 次に、 とくに、 ここでは、 必要なら、 いずれの場合も、 同じように、 最後に、".split()
JA_SHAPES = (
    "{lead}{n1}は{n2}に合わせて{m}{n3}を{e}。",
    "{n1}と{n2}の間には{m}{n3}を{e}。",
    "{lead}{n1}の{n2}を{m}ものにして、{n3}を{e}。",
    "{n1}を置くときは、{n2}より{n3}を{e}。",
    "{m}{n1}があると、{n2}と{n3}の関係がわかりやすくなります。",
)

SECTIONS = (
    ("Foundations", "基本"), ("Layout", "レイアウト"), ("Components", "コンポーネント"),
    ("Patterns", "パターン"), ("Inputs", "入力"), ("Navigation", "ナビゲーション"),
    ("Presentation", "表示"), ("Typography", "タイポグラフィ"), ("Color", "カラー"),
    ("Motion", "モーション"),
)

LIST_SECTIONS = {0, 2, 4}   # zero-based: sections 1, 3, 5 hold a list
CODE_SECTIONS = {1, 3}      # sections 2 and 4 hold a code block

# --- text ---------------------------------------------------------------------------


class Writer:
    """Deterministic text source; one per site."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def english_sentence(self, length=None):
        words = [self.rng.choice(ENGLISH) for _ in range(length or self.rng.randint(8, 16))]
        words[0] = words[0][0].upper() + words[0][1:]
        return " ".join(words) + "."

    def english_paragraph(self, at_least):
        """Whole sentences until the paragraph has `at_least` words; returns (text, words)."""
        sentences, words = [], 0
        while words < at_least:
            s = self.english_sentence()
            sentences.append(s)
            words += s.count(" ") + 1
        return " ".join(sentences), words

    def japanese_sentence(self):
        pick = self.rng.choice
        return pick(JA_SHAPES).format(lead=pick(JA_LEAD), m=pick(JA_MOD), e=pick(JA_END),
                                      n1=pick(JA_NOUN), n2=pick(JA_NOUN), n3=pick(JA_NOUN))

    def japanese_for(self, english_words):
        """About three Japanese characters per English word, one sentence a line."""
        lines, chars = [], 0
        while chars < 3 * english_words:
            s = self.japanese_sentence()
            lines.append(s)
            chars += len(s)
        return "\n".join(lines)


# --- layout blocks -----------------------------------------------------------------

FENCE_OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>.*)$")
DECLARATION = re.compile(r"^\s*(?:view|image|label|button|field|toggle|control|card|sheet)\s+([A-Za-z_]\w*)")


def layout_blocks(folder):
    """The fenced blocks whose info string starts with the word `layout`, as written,
    file by file in name order, top to bottom."""
    found = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".md"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            lines = f.read().split("\n")
        row = 0
        while row < len(lines):
            opening = FENCE_OPEN.match(lines[row])
            if not opening:
                row += 1
                continue
            fence = opening.group("fence")
            closing = re.compile("^" + re.escape(fence[0]) + "{%d,}[ \\t]*$" % len(fence))
            end = row + 1
            while end < len(lines) and not closing.match(lines[end]):
                end += 1
            info = opening.group("info").split()
            if info and info[0] == "layout":
                found.append("\n".join(lines[row:end + 1]))
            row = end + 1
    return found


def made_unique(block, serial):
    """The block with a redundant lower bound on its first view's width that depends
    on the block's serial number in the site (0.01 … 0.89 pt)."""
    lines = block.split("\n")
    first = next((m.group(1) for m in map(DECLARATION.match, lines) if m), None)
    if first is None:
        return block
    bound = (serial % 89 + 1) / 100
    return "\n".join(lines[:-1] + ["%s.width >= %.2f" % (first, bound), lines[-1]])


# --- pages --------------------------------------------------------------------------


def page_text(index, count, per_page, blocks, unique, w):
    section, section_ja = SECTIONS[index * len(SECTIONS) // count]
    out = [
        "---",
        "title: Guideline page %d" % index,
        "title_ja: ガイドライン %d ページ目" % index,
        "section: " + section,
        "section_ja: " + section_ja,
        "order: %d" % index,
        "summary: " + w.english_sentence(12),
        "summary_ja: " + w.japanese_sentence(),
        "---",
        "",
    ]

    def bilingual(at_least):
        text, words = w.english_paragraph(at_least)
        out.extend([text, "", w.japanese_for(words), ""])

    bilingual(40)
    for part in range(5):
        out.extend([
            "## Section %d: %s %s" % (part + 1, w.rng.choice(ENGLISH), w.rng.choice(ENGLISH)), "",
            "## 第%d節：%sと%s" % (part + 1, w.rng.choice(JA_NOUN), w.rng.choice(JA_NOUN)), "",
        ])
        bilingual(48)
        if part in LIST_SECTIONS:
            out.extend("- " + w.english_sentence(6) for _ in range(4))
            out.append("")
            out.extend("- " + w.japanese_sentence() for _ in range(4))
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
        for j in range(part, per_page, 5):
            serial = index * per_page + j
            block = blocks[serial % len(blocks)]
            out.extend([made_unique(block, serial) if unique else block, ""])
        bilingual(32)
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Write the scale benchmark's bilingual Kumiki site.")
    ap.add_argument("outdir")
    ap.add_argument("n", type=int, help="number of pages")
    ap.add_argument("b", type=int, help="layout blocks per page")
    ap.add_argument("--unique", action="store_true",
                    help="give each block one redundant, block-specific constraint so no two are alike")
    ap.add_argument("--blocks-from", metavar="DIR",
                    help="folder of Markdown pages to copy layout blocks from (the bundled Content/ at e0d992f)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--skip", default="", help="comma-separated indexes of blocks to leave out")
    args = ap.parse_args()
    if args.n < 1 or args.b < 0:
        ap.error("N must be at least 1 and B at least 0")

    blocks = []
    if args.b > 0:
        if not args.blocks_from:
            ap.error("B > 0 needs --blocks-from DIR")
        skipped = {int(x) for x in args.skip.split(",") if x.strip()}
        blocks = [b for k, b in enumerate(layout_blocks(args.blocks_from)) if k not in skipped]
        if not blocks:
            sys.exit("make_site.py: no layout blocks in " + args.blocks_from)

    content = os.path.join(args.outdir, "Content")
    shutil.rmtree(content, ignore_errors=True)
    os.makedirs(content)
    with open(os.path.join(args.outdir, "kumiki.yml"), "w", encoding="utf-8") as f:
        f.write("title: Scale test\ntitle_ja: 規模テスト\n")
    w = Writer(args.seed)
    for i in range(args.n):
        with open(os.path.join(content, "page-%05d.md" % i), "w", encoding="utf-8") as f:
            f.write(page_text(i, args.n, args.b, blocks, args.unique, w))
    print("make_site.py: %d pages, %d layout blocks per page (%d distinct originals) in %s"
          % (args.n, args.b, len(blocks), args.outdir))


if __name__ == "__main__":
    main()
