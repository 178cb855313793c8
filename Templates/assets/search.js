// Kumiki site search: the header's search field and the results page
// (search/index.html?q=…). The index is a set of scripts the build writes
// under search/ (see KumikiSearch): a manifest, shards of postings keyed by
// a hash of each term, the long postings of common terms in files of their
// own, word lists for typos and suggestions and one script per page with
// its rows. Each is loaded with a <script> element, which works from
// file:// where fetch does not, and only when needed: the manifest when the
// field is focused, then the shards of the query's own terms and the pages
// it shows. Normalising and tokenising mirror SearchNormalizer.swift,
// SearchTokenizer.swift and EnglishStemmer.swift; keep them in step.
(function () {
  "use strict";

  var loaded = { index: null, shard: {}, list: {}, page: {}, vocabulary: {}, glossary: [] };
  var waiting = {};

  // The index's scripts call these.
  window.kumikiSearch = {
    index: function (manifest) { loaded.index = readManifest(manifest); },
    shard: function (number, terms) { loaded.shard[number] = terms; },
    list: function (name, terms) { loaded.list[name] = terms; },
    page: function (slug, rows) { loaded.page[slug] = rows; },
    vocabulary: function (length, words) { loaded.vocabulary[length] = words.split(" "); },
    glossary: function (entries) { loaded.glossary = entries; }
  };

  var siteRoot = "";

  // The manifest's pages: slugs front-coded (one base-36 digit for the
  // code units shared with the slug before, then the rest) and each
  // page's row count; made into [slug, first row] pairs.
  function readManifest(manifest) {
    var counts = manifest.rowCounts ? manifest.rowCounts.split(",") : [];
    var pages = new Array(manifest.slugs.length), previous = "", row = 0;
    manifest.slugs.forEach(function (coded, number) {
      var slug = previous.slice(0, parseInt(coded[0], 36)) + coded.slice(1);
      pages[number] = [slug, row];
      row += parseInt(counts[number], 36);
      previous = slug;
    });
    manifest.pages = pages;
    return manifest;
  }

  // Loads `search/PATH.js` once; resolves when it has run (or failed).
  function load(path) {
    if (!waiting[path]) {
      waiting[path] = new Promise(function (resolve) {
        var script = document.createElement("script");
        script.src = siteRoot + "search/" + path + ".js";
        script.onload = function () { resolve(true); };
        script.onerror = function () { resolve(false); };
        document.head.appendChild(script);
      });
    }
    return waiting[path];
  }

  // ---- Normalising and tokenising (mirrors KumikiSearch) ----

  var WORD = 1, HIRAGANA = 2, KATAKANA = 3, KANJI = 4, SEPARATOR = 0;
  var letterOrNumber = /[\p{Alphabetic}\p{N}]/u;

  function classOf(code, character) {
    if (code >= 0x3041 && code <= 0x309f) return HIRAGANA;
    if ((code >= 0x30a1 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff)) return KATAKANA;
    if (code === 0x3005 || code === 0x3006 || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) ||
        (code >= 0xf900 && code <= 0xfaff) || (code >= 0x20000 && code <= 0x2ffff)) return KANJI;
    return letterOrNumber.test(character) ? WORD : SEPARATOR;
  }

  // The normalised characters of `text`, each with its class and the
  // range of `text` it came from.
  //
  // A character and the marks after it fold together, as NFKC folds the
  // whole text: half-width ﾃﾞ is デ, e and a combining acute are é.
  var joiningMark = /[\p{M}\uff9e\uff9f]/u;

  // Whether a character is no mark and NFKC leaves it as it is (lower case
  // too, but for a capital Latin letter): ASCII, hiragana, katakana but the
  // length mark and the middle dot (which `characters` drops), and the
  // common kanji.
  function foldsAlone(code) {
    return code < 0x80 || (code >= 0x3041 && code <= 0x3096) || (code >= 0x30a1 && code <= 0x30fa) ||
      (code >= 0x4e00 && code <= 0x9fff);
  }

  function characters(text) {
    var out = [];
    var offset = 0;
    var points = Array.from(text);
    for (var i = 0; i < points.length; i++) {
      var source = points[i], first = source.codePointAt(0);
      // Most characters of a page are ASCII, kana or common kanji, which
      // NFKC leaves alone and no mark follows: folded here without
      // normalising each one (a row's text is read for every result).
      if (foldsAlone(first) && (i + 1 === points.length || foldsAlone(points[i + 1].codePointAt(0)))) {
        offset += source.length;
        // The same folds as below, on one character of one code unit.
        if (first >= 0x41 && first <= 0x5a) {
          out.push({ c: String.fromCharCode(first + 32), k: WORD, s: offset - 1, e: offset });
        } else if (first >= 0x30a1 && first <= 0x30f6) {
          out.push({ c: String.fromCharCode(first - 0x60), k: KATAKANA, s: offset - 1, e: offset });
        } else {
          out.push({ c: source, k: classOf(first, source), s: offset - 1, e: offset });
        }
        continue;
      }
      while (i + 1 < points.length && joiningMark.test(points[i + 1])) source += points[++i];
      var start = offset;
      offset += source.length;
      var folded = source.normalize("NFKC").toLowerCase();
      for (var character of folded) {
        var code = character.codePointAt(0);
        if (code === 0x30fc || code === 0x30fb) continue;
        if (code >= 0x30a1 && code <= 0x30f6) {
          out.push({ c: String.fromCodePoint(code - 0x60), k: KATAKANA, s: start, e: offset });
        } else {
          out.push({ c: character, k: classOf(code, character), s: start, e: offset });
        }
      }
    }
    return out;
  }

  var stopWords = new Set(("a an the and or but of to in on at by for with from as is are was were be been it its this " +
    "that these those there how what when where which who why should can could would will do does did i you your we my " +
    "me if so than then into about much many any some not no").split(" "));

  function stem(word) {
    if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
    var s = word;
    if (/ies$/.test(s) && s.length > 4) s = s.slice(0, -3) + "y";
    else if (/(sses|ches|shes|xes)$/.test(s)) s = s.slice(0, -2);
    else if (/s$/.test(s) && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
    var suffixes = ["ing", "ed"];
    for (var i = 0; i < suffixes.length; i++) {
      var suffix = suffixes[i];
      if (s.endsWith(suffix) && s.length >= suffix.length + 3) {
        s = s.slice(0, -suffix.length);
        var last = s[s.length - 1];
        if (s.length > 2 && s[s.length - 2] === last && "lsz".indexOf(last) < 0 && "aeiou".indexOf(last) < 0) {
          s = s.slice(0, -1);
        } else if (/(at|iz|bl)$/.test(s)) {
          s += "e";
        }
        break;
      }
    }
    if (/e$/.test(s) && s.length > 4 && !/ee$/.test(s)) s = s.slice(0, -1);
    return s;
  }

  function isJapanese(kind) { return kind === HIRAGANA || kind === KATAKANA || kind === KANJI; }

  // Runs of word characters and of Japanese letters.
  function runs(text) {
    var list = [], run = [], runJapanese = false;
    characters(text).forEach(function (ch) {
      if (ch.k === SEPARATOR || (run.length && isJapanese(ch.k) !== runJapanese)) {
        if (run.length) list.push({ chars: run, japanese: runJapanese });
        run = [];
      }
      if (ch.k !== SEPARATOR) {
        runJapanese = isJapanese(ch.k);
        run.push(ch);
      }
    });
    if (run.length) list.push({ chars: run, japanese: runJapanese });
    return list;
  }

  // Terms with where they stand in the text: {text, weight, word, s, e,
  // w}. `w` numbers the query's words: a Latin word, or the pairs of a run
  // of one script (ステータスバー, 優先度); a pair that crosses scripts
  // (mostly a particle or an ending) belongs to none (-1).
  function terms(text, forQuery) {
    var out = [], words = 0;
    runs(text).forEach(function (run) {
      var chars = run.chars;
      if (!run.japanese) {
        var word = chars.map(function (ch) { return ch.c; }).join("");
        if (!stopWords.has(word)) {
          out.push({ text: stem(word), weight: 1, word: true, s: chars[0].s, e: chars[chars.length - 1].e, w: words++ });
        }
        return;
      }
      if (chars.length === 1) {
        if (chars[0].k !== HIRAGANA) out.push({ text: chars[0].c, weight: 1, word: false, s: chars[0].s, e: chars[0].e, w: words++ });
        return;
      }
      var allHiragana = chars.every(function (ch) { return ch.k === HIRAGANA; });
      var open = false;
      for (var i = 0; i + 1 < chars.length; i++) {
        var a = chars[i], b = chars[i + 1];
        var inOneScript = a.k === b.k && (a.k !== HIRAGANA || allHiragana);
        if (inOneScript && !open) words++;
        open = inOneScript;
        out.push({ text: a.c + b.c, weight: forQuery && !inOneScript ? 0.25 : 1, word: false, s: a.s, e: b.e,
                   w: inOneScript ? words - 1 : -1 });
      }
      // Every kanji is a term alone too (SearchTokenizer.swift); a query
      // asks for those that stand between kana, words of one kanji (画面の端).
      chars.forEach(function (ch, i) {
        if (ch.k !== KANJI) return;
        var alone = !(i > 0 && chars[i - 1].k === KANJI) && !(i + 1 < chars.length && chars[i + 1].k === KANJI);
        if (!forQuery) out.push({ text: ch.c, weight: 1, word: false, s: ch.s, e: ch.e, w: -1 });
        else if (alone) out.push({ text: ch.c, weight: 1, word: false, s: ch.s, e: ch.e, w: words++ });
      });
    });
    out.words = words;
    return out;
  }

  // Two words side by side, as the index keys them (WordPairTerm.swift):
  // `~` and six base-36 digits. Two English words: the hash of their stems
  // with a space between (stop words do not part them, a Japanese run
  // does). A kana at a word's edge, with the characters on either side
  // (変更で説明: 更で説; 大きさを強: さを強): one of 4,096 buckets, the top
  // twelve bits of the three characters' UTF-8 bytes, each packed into an
  // integer, mixed by three multiplications.
  function pairKey(value) { return "~" + value.toString(36).padStart(6, "0"); }

  function junctionKey(first, middle, last) {
    var h = Math.imul(packedUTF8(first), 0x9E3779B1);
    h = Math.imul(h ^ packedUTF8(middle), 0x85EBCA77);
    h = Math.imul(h ^ packedUTF8(last), 0xC2B2AE3D);
    return pairKey(h >>> 20);
  }

  // A character's UTF-8 bytes as one integer, the first byte highest.
  function packedUTF8(character) {
    var c = character.codePointAt(0);
    if (c < 0x80) return c;
    if (c < 0x800) return (0xC0 | c >> 6) << 8 | (0x80 | c & 63);
    if (c < 0x10000) return (0xE0 | c >> 12) << 16 | (0x80 | c >> 6 & 63) << 8 | (0x80 | c & 63);
    return (0xF0 | c >> 18) << 24 | (0x80 | c >> 12 & 63) << 16 | (0x80 | c >> 6 & 63) << 8 | (0x80 | c & 63);
  }

  function wordPairs(text) {
    var out = [], previous = null;
    runs(text).forEach(function (run) {
      if (run.japanese) {
        previous = null;
        var chars = run.chars;
        for (var i = 1; i + 1 < chars.length; i++) {
          if (chars[i].k === HIRAGANA && (chars[i - 1].k !== HIRAGANA || chars[i + 1].k !== HIRAGANA)) {
            out.push(junctionKey(chars[i - 1].c, chars[i].c, chars[i + 1].c));
          }
        }
        return;
      }
      var word = run.chars.map(function (ch) { return ch.c; }).join("");
      if (stopWords.has(word)) return;
      var stemmed = stem(word);
      if (previous !== null) out.push(pairKey(hash(previous + " " + stemmed) % 2176782336));
      previous = stemmed;
    });
    return out;
  }

  // Quoted phrases ("safe area", 「セーフエリア」): a row must hold each as
  // written, after normalising (case, width, kana), without stemming or
  // the glossary's other forms.
  var quotes = /"([^"]+)"|\u201c([^\u201d]+)\u201d|\u300c([^\u300d]+)\u300d|\u300e([^\u300f]+)\u300f/g;

  function quotedPhrases(query) {
    var out = [];
    query.normalize("NFKC").replace(quotes, function (match, a, b, c, d) { out.push(a || b || c || d); return match; });
    return out;
  }

  // Runs of one script, normalised, a space between two.
  function joinedRuns(list) {
    return list.map(function (run) { return run.chars.map(function (ch) { return ch.c; }).join(""); }).join(" ");
  }

  // A text's sentences: a phrase is said within one. A full stop, "!" or
  // "?" ends one before a space or the end (not the point of 3.5), and so
  // do 。！？ wherever they are.
  var sentenceEnd = /[.!?](?=\s|$)|[。！？]/;
  function sentences(text) { return text.split(sentenceEnd); }

  // A text as phrases are matched in: its joined runs, with a space at
  // both ends, and a bar (which no phrase holds) between sentences.
  function phraseText(text) {
    return " " + sentences(text).map(function (part) { return joinedRuns(runs(part)); }).join(" | ") + " ";
  }

  function phrase(text) {
    var list = runs(text);
    if (!list.length) return null;
    return { text: joinedRuns(list), latinStart: !list[0].japanese, latinEnd: !list[list.length - 1].japanese };
  }

  // Whether `text` (from phraseText) holds `phrase` (from phrase): Latin
  // words whole, Japanese anywhere inside a run.
  function holdsPhrase(text, phrase) {
    for (var at = text.indexOf(phrase.text); at >= 0; at = text.indexOf(phrase.text, at + 1)) {
      if ((!phrase.latinStart || text[at - 1] === " ") && (!phrase.latinEnd || text[at + phrase.text.length] === " ")) return true;
    }
    return false;
  }

  function queryTerms(query) {
    var seen = new Set(), all = terms(query, true);
    var list = all.filter(function (term) {
      if (seen.has(term.text)) return false;
      seen.add(term.text);
      return true;
    });
    var quoted = new Set();
    quotedPhrases(query).forEach(function (text) { terms(text, false).forEach(function (term) { quoted.add(term.text); }); });
    list.forEach(function (term) { term.quoted = quoted.has(term.text); });
    // Words side by side in the query weigh more in the rows that hold them
    // side by side too.
    wordPairs(query).forEach(function (text) {
      if (seen.has(text)) return;
      seen.add(text);
      list.push({ text: text, weight: 0.5, word: false, pair: true, s: 0, e: 0, w: -1 });
    });
    list.words = all.words;
    return list;
  }

  function hash(term) {
    var bytes = new TextEncoder().encode(term);
    var h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h >>> 0;
  }

  // ---- One word in other forms ----

  // A query's word may be written in another form than the page's: a kanji
  // word's reading in hiragana (せいやく for 制約), a loanword in katakana
  // for the English the page writes (スプリットビュー for Split View), an
  // adjective with another ending (厚み for 厚さ). Each such word becomes a
  // group: one more term of the query whose rows are those holding any of
  // its forms, weighing as much as the terms it covers (which then count as
  // found wherever the group is).

  var glossaryForms = null;

  // The glossary's forms, longest first: their text without separators,
  // their terms, and the forms of their entry that the site holds (an
  // entry lists those first, then null and the others).
  function prepareGlossary() {
    if (glossaryForms) return glossaryForms;
    glossaryForms = [];
    loaded.glossary.forEach(function (entry) {
      var held = entry.indexOf(null) < 0 ? entry.length : entry.indexOf(null);
      var forms = entry.filter(function (form) { return form !== null; }).map(function (form, index) {
        var compact = compactText(form);
        return {
          compact: compact.text,
          latin: compact.chars.every(function (ch) { return ch.k === WORD; }),
          // As a query cuts it: a kanji alone only where no kanji stands beside it.
          terms: terms(form, true).map(function (term) { return term.text; }),
          held: index < held
        };
      }).filter(function (form) { return form.terms.length; });
      var lookedUp = forms.filter(function (form) { return form.held; });
      forms.forEach(function (form) { glossaryForms.push({ form: form, entry: lookedUp }); });
    });
    glossaryForms.sort(function (a, b) { return b.form.compact.length - a.form.compact.length; });
    return glossaryForms;
  }

  // The query's characters without separators, and as one string.
  function compactText(text) {
    var chars = characters(text).filter(function (ch) { return ch.k !== SEPARATOR; });
    return { chars: chars, text: chars.map(function (ch) { return ch.c; }).join("") };
  }

  // The positions of `list`'s terms that a form covers in the query
  // (`compact`, from compactText): a Latin form as whole words in a row,
  // any other form of two characters or more inside the text.
  function coveredBy(form, list, compact) {
    if (form.latin) {
      var words = [];
      list.forEach(function (term, number) { if (term.word) words.push(number); });
      for (var start = 0; start + form.terms.length <= words.length; start++) {
        var all = form.terms.every(function (text, i) { return list[words[start + i]].text === text; });
        if (all) return words.slice(start, start + form.terms.length);
      }
      return [];
    }
    if (form.compact.length < 2) return [];
    var chars = compact.chars;
    var at = compact.text.indexOf(form.compact);
    if (at < 0) return [];
    // `compact` has one code unit per character but for the rare
    // supplementary kanji; positions are matched through the characters.
    var from = 0, index = 0;
    while (index < chars.length && from < at) { from += chars[index].c.length; index++; }
    var s = chars[index].s, e = chars[Math.min(chars.length - 1, index + Array.from(form.compact).length - 1)].e;
    var covered = [];
    list.forEach(function (term, number) { if (!term.word && term.s >= s && term.e <= e) covered.push(number); });
    return covered;
  }

  // Endings of an adjective's forms: 厚い, 厚く, 厚さ, 厚み.
  var adjectiveEndings = ["い", "く", "さ", "み"];

  // The groups of a query: its glossary words, then each kanji followed
  // by an adjective's ending.
  function groups(list, query) {
    var out = [], taken = new Set();
    // `typed`: the terms of the form the query holds; `alternatives`: the
    // terms of every form.
    function add(covered, typed, alternatives) {
      if (!covered.length || covered.every(function (n) { return taken.has(n); })) return;
      covered.forEach(function (n) { taken.add(n); });
      var weight = covered.reduce(function (sum, n) { return sum + list[n].weight; }, 0);
      out.push({ text: "", weight: Math.max(1, weight), word: false, group: alternatives, typed: typed, covers: covered });
    }
    var compact = compactText(query);
    prepareGlossary().forEach(function (item) {
      add(coveredBy(item.form, list, compact), item.form.terms, item.entry.map(function (form) { return form.terms; }));
    });
    list.forEach(function (term, number) {
      var chars = Array.from(term.text);
      if (term.word || chars.length !== 2 || classOf(chars[0].codePointAt(0), chars[0]) !== KANJI ||
          adjectiveEndings.indexOf(chars[1]) < 0) return;
      var before = out.length;
      add([number], [term.text], adjectiveEndings.map(function (ending) { return [chars[0] + ending]; }));
      // The adjective is a word of the query, not a particle.
      if (out.length > before && term.w < 0) term.w = list.words++;
    });
    return out;
  }

  // The postings of the rows holding every term of a form, ascending
  // (a row's heading bit from any of its terms): sorted lists merged, no
  // map, since a common form's terms hold a large share of the rows.
  function rowsOfForm(form) {
    var found = null;
    form.forEach(function (text) {
      var values = postingsOfText(text);
      if (found === null) { found = values; return; }
      var both = [];
      for (var i = 0, j = 0; i < found.length && j < values.length;) {
        var a = found[i] >> 1, b = values[j] >> 1;
        if (a < b) i++;
        else if (b < a) j++;
        else { both.push(a * 2 + ((found[i] | values[j]) & 1)); i++; j++; }
      }
      found = both;
    });
    return found || [];
  }

  // Two lists of postings as one, ascending, each row once: a heading in
  // either is a heading.
  function union(a, b) {
    var out = [], i = 0, j = 0;
    while (i < a.length && j < b.length) {
      var x = a[i] >> 1, y = b[j] >> 1;
      if (x < y) out.push(a[i++]);
      else if (y < x) out.push(b[j++]);
      else out.push(a[i++] | b[j++]);
    }
    while (i < a.length) out.push(a[i++]);
    while (j < b.length) out.push(b[j++]);
    return out;
  }

  // The postings of `a` whose rows `b` does not hold.
  function without(a, b) {
    var out = [];
    for (var i = 0, j = 0; i < a.length; i++) {
      var row = a[i] >> 1;
      while (j < b.length && b[j] >> 1 < row) j++;
      if (j === b.length || b[j] >> 1 !== row) out.push(a[i]);
    }
    return out;
  }

  // A group's postings (a row's number times two, plus one for a
  // heading): the rows holding another form than the one typed, whose
  // own terms already count it. `rows`: how many rows hold any form, for
  // weighing the group by how common it is. Sorted lists merged, not marks
  // in an array over every row: a group is often a common English word and
  // its Japanese, a large share of the site's rows each.
  function groupPostings(term) {
    var typed = rowsOfForm(term.typed), others = [];
    term.group.forEach(function (form) {
      var same = form.length === term.typed.length && form.every(function (text, i) { return text === term.typed[i]; });
      if (same) return;
      var values = rowsOfForm(form);
      others = others.length ? union(others, values) : values;
    });
    var out = without(others, typed);
    out.rows = typed.length + out.length;
    return out;
  }

  // ---- Looking terms up ----

  // Postings (a row's number times two, plus one for a heading row), in
  // one of two forms (PostingListText.swift): base-36 gaps, or `~B.BITS;H`,
  // the rows as bits, six to a character from block B, then the heading
  // rows as gaps.
  // A bit character's six rows, by its code; how many of six bits are set.
  var bitValues = new Int8Array(128).fill(-1), bitCounts = new Uint8Array(64);
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".split("").forEach(function (c, i) {
    bitValues[c.charCodeAt(0)] = i;
  });
  for (var v = 1; v < 64; v++) bitCounts[v] = (v & 1) + bitCounts[v >> 1];

  // Base-36 gaps, read by hand: a common term's list is tens of thousands
  // of numbers, and splitting and parsing each was most of a query's time.
  function gaps(text) {
    var out = [], value = 0, gap = 0;
    if (!text) return out;
    for (var i = 0; i <= text.length; i++) {
      var c = i < text.length ? text.charCodeAt(i) : 44;
      if (c === 44) { value += gap; out.push(value); gap = 0; }
      else gap = gap * 36 + (c <= 57 ? c - 48 : c - 87);
    }
    return out;
  }

  // A list in bit form is the longest kind (a word on most rows of a large
  // site), so it is read into a typed array, its rows first and its
  // headings marked after: every heading row is one of its rows. Each bit
  // character's six postings are all written, and the place moves on past
  // those whose bit is set: no branch on bits that are as good as random,
  // which made reading these lists take 1.4 times as long. Six spare places
  // at the end take the last character's unset bits.
  function decode(list) {
    if (!list || list[0] !== "~") return gaps(list);
    var dot = list.indexOf("."), semicolon = list.indexOf(";");
    var count = 0;
    for (var i = dot + 1; i < semicolon; i++) count += bitCounts[bitValues[list.charCodeAt(i)]];
    var out = new Int32Array(count + 6), k = 0;
    var posting = parseInt(list.slice(1, dot), 36) * 12;
    for (i = dot + 1; i < semicolon; i++, posting += 12) {
      var bits = bitValues[list.charCodeAt(i)];
      out[k] = posting; k += bits & 1;
      out[k] = posting + 2; k += (bits >> 1) & 1;
      out[k] = posting + 4; k += (bits >> 2) & 1;
      out[k] = posting + 6; k += (bits >> 3) & 1;
      out[k] = posting + 8; k += (bits >> 4) & 1;
      out[k] = posting + 10; k += (bits >> 5) & 1;
    }
    out = out.subarray(0, count);
    var headings = gaps(list.slice(semicolon + 1));
    for (var h = 0, at = 0; h < headings.length; h++) {
      var heading = headings[h] * 2;
      while (at < count && out[at] < heading) at++;
      if (out[at] === heading) out[at] = heading + 1;
    }
    return out;
  }

  function shardOf(term) { return hash(term) % loaded.index.shards; }

  // A term's postings, decoded once while a query is ranked: a term may be
  // both a word of the query and part of a glossary form.
  var decodedWhileRanking = null;

  function postingsOfText(text) {
    if (!decodedWhileRanking) return decode(entryOf(text));
    if (!decodedWhileRanking.has(text)) decodedWhileRanking.set(text, decode(entryOf(text)));
    return decodedWhileRanking.get(text);
  }

  // The file of long lists that holds a term's, when its shard says `@`.
  function listOf(term) { return (hash(term) % (loaded.index.lists || 1)).toString(36); }

  // A term's postings as written, from its shard or, for a long list
  // (`@` in the shard), from its group's file; undefined when no row holds it.
  function entryOf(term) {
    var own = (loaded.shard[shardOf(term)] || {})[term];
    if (own !== "@") return own;
    return (loaded.list[listOf(term)] || {})[term];
  }

  // Loads the shards of `texts`, then the files of their long lists.
  function loadTerms(texts) {
    var shards = new Set();
    texts.forEach(function (text) { shards.add(shardOf(text)); });
    return Promise.all(Array.from(shards).map(function (n) { return load("s/" + n); })).then(function () {
      var lists = new Set();
      texts.forEach(function (text) {
        if ((loaded.shard[shardOf(text)] || {})[text] === "@") lists.add(listOf(text));
      });
      return Promise.all(Array.from(lists).map(function (name) { return load("l/" + name); }));
    });
  }

  // The postings of each term, with words of the index one letter away
  // standing in for a word the index does not hold.
  function lookUp(list) {
    var texts = [];
    list.forEach(function (term) {
      if (!term.group) texts.push(term.text);
      (term.group || []).forEach(function (form) { form.forEach(function (text) { texts.push(text); }); });
    });
    return loadTerms(texts).then(function () {
      var typos = list.filter(function (term) {
        return !term.group && !term.quoted && entryOf(term.text) === undefined && term.word && term.text.length >= 3 &&
          /^[a-z]+$/.test(term.text);
      });
      if (!typos.length) return list;
      var lengths = new Set();
      typos.forEach(function (term) {
        // One letter away (words of four letters or more), or the start of
        // a longer word (`tap` → `tappable`, and a word still being typed).
        var from = Math.max(4, term.text.length >= 4 ? term.text.length - 1 : term.text.length + 1);
        for (var length = from; length <= term.text.length + 8; length++) {
          if (loaded.index.vocabulary.indexOf(length) >= 0) lengths.add(length);
        }
        // The typed word one letter away, stemmed as the index stems:
        // `paddng` → `padding` → `pad`, three letters from `paddng`.
        term.variants = new Set();
        if (term.written && term.written.length >= 4) {
          oneEditVariants(term.written).forEach(function (variant) {
            var stemmed = stem(variant);
            if (stemmed !== term.text && stemmed.length >= 3 && loaded.index.vocabulary.indexOf(stemmed.length) >= 0) {
              term.variants.add(stemmed);
              lengths.add(stemmed.length);
            }
          });
        }
      });
      return Promise.all(Array.from(lengths).map(function (length) { return load("v/" + length); })).then(function () {
        typos.forEach(function (term) {
          term.near = [];
          term.variants.forEach(function (stemmed) {
            if (term.near.length < 6 && (loaded.vocabulary[stemmed.length] || []).indexOf(stemmed) >= 0) term.near.push(stemmed);
          });
          lengths.forEach(function (length) {
            (loaded.vocabulary[length] || []).forEach(function (word) {
              if (term.near.length >= 6) return;
              // One letter added, removed, changed or two swapped.
              if (term.near.indexOf(word) >= 0) return;
              if ((term.text.length >= 4 && editDistance(term.text, word, 1) === 1) || word.startsWith(term.text)) term.near.push(word);
            });
          });
        });
        var more = [];
        typos.forEach(function (term) { more = more.concat(term.near); });
        return loadTerms(more).then(function () { return list; });
      });
    });
  }

  function postingsOf(term) {
    if (term.group) return groupPostings(term);
    if (entryOf(term.text) !== undefined) return postingsOfText(term.text);
    // Two words one letter away may share rows: each row once, as in every
    // other list, the term weighed by all the words' postings together.
    var rows = [], postings = 0;
    (term.near || []).forEach(function (word) {
      var values = postingsOfText(word);
      rows = union(rows, values);
      postings += values.length;
    });
    rows.rows = postings;
    return rows;
  }

  // ---- Ranking ----

  function pageOfRow(row) {
    var pages = loaded.index.pages, low = 0, high = pages.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (pages[middle][1] <= row) low = middle; else high = middle - 1;
    }
    return pages[low];
  }

  // Whether ascending `postings` hold `row`.
  function holdsRow(postings, row) {
    var low = 0, high = postings.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (postings[middle] >> 1 < row) low = middle + 1; else high = middle;
    }
    return low < postings.length && postings[low] >> 1 === row;
  }

  // Scores rows by the weight of the terms they hold (rarer terms weigh
  // more, headings and titles more still), in arrays over every row of the
  // site: a word on every page of a large site is hundreds of thousands of
  // postings. Keeps the `want` best rows, best first; `entry(row)` scores
  // any other row (a section's heading) on demand.
  function rank(list, want) {
    decodedWhileRanking = new Map();
    try {
      return rankRows(list, want);
    } finally {
      decodedWhileRanking = null;
    }
  }

  function rankRows(list, want) {
    var rows = loaded.index.rows;
    var score = new Float64Array(rows), heading = new Uint8Array(rows);
    // How many of the query's pairs (words side by side) each row holds: a
    // row that holds them all most likely says the query as typed, and
    // comes before the rest (`tier`), headings included.
    var pairsHeld = new Uint8Array(rows);
    var pairCount = list.filter(function (term) { return term.pair; }).length;
    var postings = list.map(function (term) {
      var values = postingsOf(term);
      var idf = Math.log(1 + rows / Math.max(1, values.rows || values.length));
      var weight = term.weight * idf * (term.near && term.near.length ? 0.8 : 1);
      term.score = weight;
      addWeight(values, weight, score, heading);
      if (term.pair) countPairs(values, pairsHeld);
      return values;
    });
    function tierOf(row) { return pairCount && pairsHeld[row] === pairCount ? 1 : 0; }
    function entry(row) {
      var terms = [];
      postings.forEach(function (values, number) { if (holdsRow(values, row)) terms.push(number); });
      return { row: row, score: score[row] * (heading[row] ? 1.6 : 1), terms: terms, heading: heading[row], tier: tierOf(row) };
    }
    var best = bestRows(score, heading, pairsHeld, pairCount, want);
    return { rows: best.rows.map(function (item) { return entry(item.row); }), entry: function (row) { return score[row] ? entry(row) : null; },
             more: best.scored > best.rows.length };
  }

  // The loops over every posting and every row of a query are functions of
  // their own, called the same way by every query: the engine optimises
  // them early and keeps them so, where inside `rankRows` each query's
  // first pass over a few hundred thousand rows ran unoptimised.

  // Adds `weight` to the score of each row of `values`, and marks the
  // headings among them. Every list holds each row once, so this loop
  // checks nothing more.
  function addWeight(values, weight, score, heading) {
    for (var i = 0; i < values.length; i++) {
      var row = values[i] >> 1;
      if (row >= score.length) continue;
      score[row] += weight;
      heading[row] |= values[i] & 1;
    }
  }

  // Counts one more pair held in each row of `values`.
  function countPairs(values, pairsHeld) {
    for (var i = 0; i < values.length; i++) {
      var row = values[i] >> 1;
      if (row < pairsHeld.length && pairsHeld[row] < 255) pairsHeld[row]++;
    }
  }

  // Whether kept row `a` is worse than `b`: a lower tier, a lower score, or
  // the same score further down the site.
  function worse(a, b) {
    return a.tier < b.tier || (a.tier === b.tier && (a.score < b.score || (a.score === b.score && a.row > b.row)));
  }

  // The `want` best of the scored rows (a row's tier first: 1 when it
  // holds all `pairCount` pairs), best first, and how many rows were
  // scored. They are kept in a heap whose root is the worst kept. Once it
  // is full, the root's tier and score are kept in plain numbers
  // (`floorTier`, `floorScore`), and a row that cannot beat them is passed
  // over without a call: a query of common words scores most rows of the
  // site, and few of them are kept. The rows come in order, so one with
  // the root's tier and score is further down, and worse.
  function bestRows(score, heading, pairsHeld, pairCount, want) {
    var heap = [], scored = 0, floorTier = -1, floorScore = -Infinity;
    for (var row = 0; row < score.length; row++) {
      var value = score[row];
      if (!value) continue;
      scored++;
      if (heading[row]) value *= 1.6;
      var tier = pairCount && pairsHeld[row] === pairCount ? 1 : 0;
      if (heap.length === want && (tier < floorTier || (tier === floorTier && value <= floorScore))) continue;
      var kept = { row: row, score: value, tier: tier };
      if (heap.length < want) {
        heap.push(kept);
        siftUp(heap, heap.length - 1);
      } else {
        heap[0] = kept;
        siftDown(heap, 0);
      }
      if (heap.length === want) {
        floorTier = heap[0].tier;
        floorScore = heap[0].score;
      }
    }
    heap.sort(function (a, b) { return b.tier - a.tier || b.score - a.score || a.row - b.row; });
    return { rows: heap, scored: scored };
  }

  function siftUp(heap, i) {
    while (i > 0) {
      var parent = (i - 1) >> 1;
      if (!worse(heap[i], heap[parent])) return;
      var t = heap[i]; heap[i] = heap[parent]; heap[parent] = t; i = parent;
    }
  }

  function siftDown(heap, i) {
    for (;;) {
      var l = 2 * i + 1, r = l + 1, m = i;
      if (l < heap.length && worse(heap[l], heap[m])) m = l;
      if (r < heap.length && worse(heap[r], heap[m])) m = r;
      if (m === i) return;
      var t = heap[i]; heap[i] = heap[m]; heap[m] = t; i = m;
    }
  }

  // Whether the terms found (indexes into `list`) hold enough of the query:
  // half its weight, and half its Japanese pairs that stay in one script.
  // `found` with the terms its groups cover.
  function withGroups(list, found) {
    var all = new Set(found);
    list.forEach(function (term, number) {
      if (term.group && found.has(number)) term.covers.forEach(function (n) { all.add(n); });
    });
    return all;
  }

  //
  // The pairs that cross into kana (particles, endings) count only when
  // the query has fewer than two words of its own: a long question's
  // endings (なぞって, うっかり, ないように) are many pairs that no answer
  // needs to repeat.
  function enough(list, found) {
    var total = 0, matched = 0, core = 0, coreFound = 0;
    var hits = withGroups(list, found);
    var words = list.filter(function (term) { return !term.group && !term.pair && term.weight === 1; }).length;
    list.forEach(function (term, number) {
      if (term.group || term.pair || (words >= 2 && term.weight < 1)) return;
      var hit = hits.has(number);
      total += term.weight;
      if (hit) matched += term.weight;
      if (!term.word && term.weight === 1) {
        core += 1;
        if (hit) coreFound += 1;
      }
    });
    return total > 0 && matched >= total * 0.5 && coreFound >= core * 0.5;
  }

  // How much of each of the query's words the terms found (indexes into
  // `list`) hold, on average: 1 when a row and its heading hold them all.
  function coverage(list, found) {
    var total = [], matched = [];
    var hits = withGroups(list, found);
    list.forEach(function (term, number) {
      if (term.group || term.w < 0) return;
      total[term.w] = (total[term.w] || 0) + term.weight;
      if (hits.has(number)) matched[term.w] = (matched[term.w] || 0) + term.weight;
    });
    var words = 0, sum = 0;
    total.forEach(function (weight, w) {
      if (!weight) return;
      words += 1;
      sum += (matched[w] || 0) / weight;
    });
    return words ? sum / words : 1;
  }

  // A question about an amount: "how much space", "how big", 「最小サイズは」.
  var amountQuestion = /\bhow (much|many|big|large|small|tall|wide|high|far|long|thick)\b|\bwhat size\b|\b(minimum|maximum)\b|どのくらい|どれくらい|どのぐらい|どれぐらい|何ポイント|最小|最大/;
  // The words that name the amount asked for. In such a question a row
  // that states a measurement (44 points, 12 pt, 50%) holds them.
  var amountTerms = new Set();
  ["size big large small tall wide high far long thick space room height width minimum maximum",
   "サイズ 大きさ 高さ 幅 長さ 厚さ 最小 最大 余白 間隔"].join(" ").split(" ").forEach(function (word) {
    terms(word, false).forEach(function (term) { amountTerms.add(term.text); });
  });
  var measurements = /\d\s*(?:[×x]\s*\d+(?:\.\d+)?\s*)?(?:-?points?\b|pt\b|px\b|%|ポイント|ピクセル)/gi;

  // How often a row says each of the query's Latin words (in the language
  // that says it more), worth more the more often, but less with each time
  // (as BM25 counts a term's frequency): a row about buttons says
  // "button" more than one that mentions one. Japanese character pairs are
  // left out: a long word's pairs would count it many times over.
  function frequencyBonus(list, row, entry) {
    var words = entry.terms.filter(function (number) { return list[number].word; });
    if (!words.length) return 0;
    var counts = [new Map(), new Map()];
    [row[2], row[3]].forEach(function (text, language) {
      terms(text, false).forEach(function (term) { counts[language].set(term.text, (counts[language].get(term.text) || 0) + 1); });
    });
    var bonus = 0;
    words.forEach(function (number) {
      var term = list[number];
      var forms = [term.text].concat(term.near || []);
      (term.group || []).forEach(function (form) { if (form.length === 1) forms.push(form[0]); });
      var times = Math.max.apply(null, counts.map(function (count) {
        return forms.reduce(function (sum, text) { return sum + (count.get(text) || 0); }, 0);
      }));
      if (times > 1) bonus += (term.score || 0) * (times * 2.2 / (times + 1.2) - 1);
    });
    return bonus;
  }

  // Marks the terms that name the amount a question asks for.
  function markAmount(list, query) {
    if (!amountQuestion.test(query.normalize("NFKC").toLowerCase())) return;
    list.forEach(function (term) { if (amountTerms.has(term.text)) term.amount = true; });
  }

  // Adds what needs each page's rows: a row in a section whose heading
  // also matches gains, and so does a row holding the query's words side by
  // side. Loads the scripts of the pages the best rows are on.
  //
  // `round` 1 looks at the best 150 rows on at most 12 pages; each further
  // round (more results, as the reader scrolls) at as many more.
  //
  // The rows come back with `more`: whether a further round may find
  // rows this one did not look at (rows past the 150, or on pages past
  // the 12) or did not return (past `limit`). Most rows of a common word
  // can fail the checks below, so a short list is no sign of the end.
  function refine(ranked, list, query, limit, round) {
    var candidates = ranked.rows;
    var slugs = [];
    candidates.forEach(function (entry) {
      var page = pageOfRow(entry.row);
      entry.slug = page[0];
      entry.local = entry.row - page[1];
      if (slugs.indexOf(page[0]) < 0 && slugs.length < 12 * round) slugs.push(page[0]);
    });
    var considered = candidates.length;
    candidates = candidates.filter(function (entry) { return slugs.indexOf(entry.slug) >= 0; });
    var more = ranked.more || candidates.length < considered;
    var compact = compactText(query).text;
    var phrases = quotedPhrases(query).map(phrase).filter(Boolean);
    // A phrase, not a word: three words or more, or Japanese of four
    // characters or more.
    var phraseQuery = list.words >= 3 || (compact.length >= 4 && /[\u3040-\u30ff\u3400-\u9fff]/.test(compact));
    return Promise.all(slugs.map(function (slug) { return load("p/" + encodeURI(slug)); })).then(function () {
      candidates.forEach(function (entry) {
        var rows = loaded.page[entry.slug] || [];
        var row = rows[entry.local];
        if (!row) return;
        var first = pageOfRow(entry.row)[1];
        var section = row[1] !== entry.local ? ranked.entry(first + row[1]) : null;
        // A row and its section's heading together hold enough of the query.
        var found = new Set(entry.terms.concat(section ? section.terms : []));
        var measures = Math.max.apply(null, [row[2], row[3]].map(function (text) {
          return (text.normalize("NFKC").match(measurements) || []).length;
        }));
        list.forEach(function (term, number) {
          if (!term.amount || !measures || found.has(number)) return;
          found.add(number);
          entry.score += term.weight * 2 * measures * 2.2 / (measures + 1.2);
        });
        entry.score += frequencyBonus(list, row, entry) * (entry.heading ? 1.6 : 1);
        if (!enough(list, found)) return;
        if (phrases.length) {
          var held = [phraseText(row[2]), phraseText(row[3])];
          var all = phrases.every(function (p) { return holdsPhrase(held[0], p) || holdsPhrase(held[1], p); });
          if (!all) return;
        }
        entry.data = row;
        if (section) entry.score += section.score * 0.3;
        // Rows that hold every word of the query go first.
        entry.score *= 0.4 + 0.6 * coverage(list, found);
        // Verbatim within a sentence: "notch. Height" is not "notch height".
        var texts = [row[2], row[3]].map(function (text) {
          return sentences(text).map(function (part) { return compactText(part).text; }).join("|");
        });
        if (compact.length > 1 && (texts[0].indexOf(compact) >= 0 || texts[1].indexOf(compact) >= 0)) {
          entry.score *= 1.5;
          entry.verbatim = phraseQuery;
        }
      });
      candidates = candidates.filter(function (entry) { return entry.data; });
      // A row that holds a phrase of the query as typed comes first.
      candidates.sort(function (a, b) {
        return (b.verbatim ? 1 : 0) - (a.verbatim ? 1 : 0) || b.tier - a.tier || b.score - a.score || a.row - b.row;
      });
      var rows = candidates.slice(0, limit);
      rows.more = more || candidates.length > limit;
      return rows;
    });
  }

  // Runs a query: the best rows, each with its page, anchor, texts.
  // `round`: 1 for the first screen, more for the results further down.
  function search(query, limit, round) {
    round = round || 1;
    return Promise.all([load("index"), load("glossary")]).then(function () {
      if (!loaded.index) return [];
      var list = queryTerms(query);
      if (!list.length) return [];
      // A quoted word is looked up as written: no other forms.
      list = list.concat(groups(list, query).filter(function (group) {
        return !group.covers.some(function (n) { return list[n].quoted; });
      }));
      markAmount(list, query);
      list.forEach(function (term) {
        if (term.word && term.s !== undefined) term.written = query.slice(term.s, term.e).normalize("NFKC").toLowerCase();
      });
      // The query as typed, and each phrase quoted in it, for snippets.
      list.phrases = [query].concat(quotedPhrases(query)).map(function (text) {
        return characters(text).filter(function (ch) { return ch.k !== SEPARATOR; }).map(function (ch) { return ch.c; });
      });
      return lookUp(list).then(function () { return refine(rank(list, 150 * round), list, query, limit, round); }).then(function (rows) {
        var described = rows.map(function (entry) { return describe(entry, list, languageOf(query)); });
        described.more = rows.more;
        return described;
      });
    });
  }

  // ---- Presenting ----

  function escapeHTML(text) {
    return text.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c]; });
  }

  // Where the first of `phrases` (each a list of normalised characters,
  // separators left out) is written in `text`, or null.
  function phraseRange(text, phrases) {
    if (!phrases || !phrases.length) return null;
    var chars = characters(text).filter(function (ch) { return ch.k !== SEPARATOR; });
    for (var p = 0; p < phrases.length; p++) {
      var wanted = phrases[p];
      for (var i = 0; wanted.length > 1 && i + wanted.length <= chars.length; i++) {
        var j = 0;
        while (j < wanted.length && chars[i + j].c === wanted[j]) j++;
        if (j === wanted.length) return [chars[i].s, chars[i + j - 1].e];
      }
    }
    return null;
  }

  // The text with the query's terms marked, cut to a window around the
  // query as typed (or a quoted phrase of it) where the text holds it,
  // else around the first mark.
  function marked(text, list, width) {
    var wanted = new Set();
    list.forEach(function (term) {
      wanted.add(term.text);
      (term.near || []).forEach(function (word) { wanted.add(word); });
      (term.group || []).forEach(function (form) { form.forEach(function (text) { wanted.add(text); }); });
    });
    var ranges = terms(text, false).filter(function (term) { return wanted.has(term.text); })
      .map(function (term) { return [term.s, term.e]; });
    var phrase = phraseRange(text, list.phrases);
    if (phrase) ranges.push(phrase);
    var merged = [];
    ranges.sort(function (a, b) { return a[0] - b[0]; }).forEach(function (range) {
      var last = merged[merged.length - 1];
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]); else merged.push(range.slice());
    });
    var start = 0, end = text.length;
    if (text.length > width) {
      var centre = phrase ? phrase[0] : merged.length ? merged[0][0] : 0;
      start = Math.max(0, centre - Math.floor(width / 3));
      end = Math.min(text.length, start + width);
    }
    var html = start > 0 ? "…" : "", at = start;
    merged.forEach(function (range) {
      if (range[1] <= start || range[0] >= end) return;
      var s = Math.max(range[0], at), e = Math.min(range[1], end);
      if (s > at) html += escapeHTML(text.slice(at, s));
      html += "<mark>" + escapeHTML(text.slice(s, e)) + "</mark>";
      at = e;
    });
    html += escapeHTML(text.slice(at, end)) + (end < text.length ? "…" : "");
    return { html: html, marks: merged.length };
  }

  // The snippet is in the query's language when that side of the row
  // matches at all: a Japanese word is one mark, and its English form in
  // the glossary often two ("safe" "area"), so counting marks alone showed
  // English snippets for Japanese queries.
  function describe(entry, list, queried) {
    var row = entry.data, rows = loaded.page[entry.slug];
    var english = marked(row[2], list, 160), japanese = marked(row[3], list, 90);
    var language = !row[2] ? "ja" : !row[3] ? "en"
      : queried === "ja" && japanese.marks > 0 ? "ja"
      : queried === "en" && english.marks > 0 ? "en"
      : japanese.marks > english.marks ? "ja" : "en";
    var heading = rows[row[1]] || rows[0];
    var title = rows[0];
    return {
      href: siteRoot + entry.slug + "/index.html" + (row[0] ? "#" + row[0] : ""),
      language: language,
      page: { en: title[2], ja: title[3] },
      section: row[1] === 0 ? null : { en: heading[2], ja: heading[3] },
      snippet: language === "ja" ? japanese.html : english.html,
      partner: language === "ja" ? marked(row[2], list, 120).html : marked(row[3], list, 60).html,
      slug: entry.slug
    };
  }

  function languageOf(query) {
    return /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/.test(query) ? "ja" : "en";
  }

  // The empty state, in both languages at once, with the site's closest
  // words as links to their own search when there are any.
  function noResults(query, suggested) {
    var text = languageOf(query) === "ja"
      ? { en: "No results. Try the English words: this site is written in both languages.",
          ja: "一致する結果はありません。英語の言葉でも検索してみてください。" }
      : { en: "No results. Try the Japanese words: this site is written in both languages.",
          ja: "一致する結果はありません。日本語の言葉でも検索してみてください。" };
    var html = "<span lang=\"en\">" + escapeHTML(text.en) + "</span> <span lang=\"ja\">" + escapeHTML(text.ja) + "</span>";
    if (suggested && suggested.length) {
      html += " <span class=\"search-suggestions\"><span lang=\"en\">Did you mean:</span> <span lang=\"ja\">もしかして：</span> " +
        suggested.map(function (word) {
        return "<a href=\"" + escapeHTML(siteRoot + "search/index.html?q=" + encodeURIComponent(word.text)) + "\" lang=\"" +
          word.language + "\">" + escapeHTML(word.text) + "</a>";
      }).join(" ") + "</span>";
    }
    return html;
  }

  // ---- Nothing found: the site's closest words ----

  // Edits (a letter added, removed, changed, or two swapped) from `a` to
  // `b`, or `limit + 1` once more than `limit`.
  function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var before = null, previous = [], current = [];
    for (var j = 0; j <= b.length; j++) previous[j] = j;
    for (var i = 1; i <= a.length; i++) {
      current = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
        current[j] = value;
        best = Math.min(best, value);
      }
      if (best > limit) return limit + 1;
      before = previous;
      previous = current;
    }
    return previous[b.length];
  }

  // The site's words closest to those of a query that found nothing: an
  // English word within one edit (two for a word of six letters or more),
  // shown as the pages write it; a two-kanji word that shares one of two
  // kanji, in the same place, with one of the query's, the most common
  // first. At most six.
  function suggestions(query) {
    if (!loaded.index) return Promise.resolve([]);
    var list = queryTerms(query).filter(function (term) { return !term.pair && entryOf(term.text) === undefined; });
    list.forEach(function (term) { term.written = query.slice(term.s, term.e).normalize("NFKC").toLowerCase(); });
    var english = list.filter(function (term) { return term.word && /^[a-z]{3,}$/.test(term.text); });
    var kanji = list.filter(function (term) {
      var chars = Array.from(term.text);
      return !term.word && chars.length === 2 && chars.every(function (c) { return classOf(c.codePointAt(0), c) === KANJI; });
    });
    var lengths = new Set();
    english.forEach(function (term) {
      for (var length = 3; length <= Math.max(term.text.length, term.written.length) + 2; length++) {
        if (loaded.index.vocabulary.indexOf(length) >= 0) lengths.add(length);
      }
    });
    var files = Array.from(lengths).map(function (length) { return load("v/" + length); });
    if (kanji.length) files.push(load("v/ja"));
    return Promise.all(files).then(function () {
      var stems = [], out = [];
      var known = new Set();
      lengths.forEach(function (length) { (loaded.vocabulary[length] || []).forEach(function (word) { known.add(word); }); });
      english.forEach(function (term) {
        var limit = term.text.length >= 6 ? 2 : 1, found = [];
        // The typed word one edit away, stemmed as the index stems
        // (paddingz → padding → pad), then the index's stems near the
        // query's own stem.
        oneEditVariants(term.written).forEach(function (variant) {
          var stemmed = stem(variant);
          if (known.has(stemmed)) found.push({ word: stemmed, distance: 1 });
        });
        known.forEach(function (word) {
          if (Math.abs(word.length - term.text.length) > limit) return;
          var distance = editDistance(term.text, word, limit);
          if (distance <= limit) found.push({ word: word, distance: distance });
        });
        found.sort(function (a, b) { return a.distance - b.distance || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0); });
        found.slice(0, 3).forEach(function (item) { if (stems.indexOf(item.word) < 0) stems.push(item.word); });
      });
      kanji.forEach(function (term) {
        var chars = Array.from(term.text);
        (loaded.vocabulary.ja || []).filter(function (word) {
          var other = Array.from(word);
          return (other[0] === chars[0]) !== (other[1] === chars[1]);
        }).slice(0, 3).forEach(function (word) {
          if (!out.some(function (item) { return item.text === word; })) out.push({ text: word, language: "ja" });
        });
      });
      return surfaceForms(stems).then(function (words) { return words.concat(out).slice(0, 6); });
    });
  }

  // Every word one letter added, removed, changed, or two swapped away.
  function oneEditVariants(word) {
    var letters = "abcdefghijklmnopqrstuvwxyz", out = new Set();
    for (var i = 0; i <= word.length; i++) {
      for (var l = 0; l < 26; l++) {
        out.add(word.slice(0, i) + letters[l] + word.slice(i));
        if (i < word.length) out.add(word.slice(0, i) + letters[l] + word.slice(i + 1));
      }
      if (i < word.length) out.add(word.slice(0, i) + word.slice(i + 1));
      if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    }
    out.delete(word);
    return out;
  }

  // Each stem as a page writes it: the word of the first row holding it.
  function surfaceForms(stems) {
    if (!stems.length) return Promise.resolve([]);
    return loadTerms(stems).then(function () {
      var places = stems.map(function (stem) {
        var postings = decode(entryOf(stem));
        if (!postings.length) return null;
        var page = pageOfRow(postings[0] >> 1);
        return { stem: stem, slug: page[0], local: (postings[0] >> 1) - page[1] };
      }).filter(Boolean);
      return Promise.all(places.map(function (place) { return load("p/" + encodeURI(place.slug)); })).then(function () {
        var words = [];
        places.forEach(function (place) {
          var row = (loaded.page[place.slug] || [])[place.local];
          var text = row ? row[2] : "";
          var term = terms(text, false).filter(function (t) { return t.word && t.text === place.stem; })[0];
          var word = term ? text.slice(term.s, term.e) : place.stem;
          if (!words.some(function (item) { return item.text.toLowerCase() === word.toLowerCase(); })) words.push({ text: word, language: "en" });
        });
        return words;
      });
    });
  }

  function pair(text) {
    return "<span lang=\"en\">" + escapeHTML(text.en || text.ja) + "</span> <span lang=\"ja\">" + escapeHTML(text.ja || text.en) + "</span>";
  }

  function resultBody(result) {
    var other = result.language === "ja" ? "en" : "ja";
    return "<span class=\"search-snippet\" lang=\"" + result.language + "\">" + result.snippet + "</span>" +
      (result.partner ? "<span class=\"search-partner\" lang=\"" + other + "\">" + result.partner + "</span>" : "");
  }

  // ---- The header's field: a combobox with a listbox of results ----

  function setUpField(box) {
    var input = box.querySelector("input");
    var list = box.querySelector("[role=listbox]");
    var status = box.querySelector(".search-status");
    var options = [], active = -1, generation = 0;

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function highlight(index) {
      options.forEach(function (option, i) { option.setAttribute("aria-selected", i === index ? "true" : "false"); });
      active = index;
      if (index >= 0) {
        input.setAttribute("aria-activedescendant", options[index].id);
        options[index].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function allResultsHref() {
      return siteRoot + "search/index.html?q=" + encodeURIComponent(input.value);
    }

    function show(results, query) {
      var html = "", groups = [], bySlug = {};
      results.forEach(function (result) {
        if (!bySlug[result.slug]) { bySlug[result.slug] = []; groups.push(result.slug); }
        bySlug[result.slug].push(result);
      });
      var n = 0;
      groups.forEach(function (slug, g) {
        var first = bySlug[slug][0];
        html += "<div role=\"group\" aria-labelledby=\"site-search-group-" + g + "\">";
        html += "<div class=\"search-group pair\" id=\"site-search-group-" + g + "\" role=\"presentation\">" + pair(first.page) + "</div>";
        bySlug[slug].forEach(function (result) {
          html += "<div role=\"option\" id=\"site-search-option-" + n + "\" aria-selected=\"false\" data-href=\"" +
            escapeHTML(result.href) + "\">" + (result.section ? "<span class=\"search-section pair\">" + pair(result.section) + "</span>" : "") +
            resultBody(result) + "</div>";
          n += 1;
        });
        html += "</div>";
      });
      html += "<div role=\"option\" id=\"site-search-option-" + n + "\" class=\"search-all pair\" aria-selected=\"false\" data-href=\"" +
        escapeHTML(allResultsHref()) + "\"><span lang=\"en\">All results</span> <span lang=\"ja\">すべての結果</span></div>";
      list.innerHTML = html;
      options = Array.prototype.slice.call(list.querySelectorAll("[role=option]"));
      status.innerHTML = results.length ? "" : noResults(query);
      if (!results.length) {
        var ticket = generation;
        suggestions(query).then(function (words) {
          if (ticket === generation && words.length) status.innerHTML = noResults(query, words);
        });
      }
      if (!results.length) options = [];
      if (!results.length) list.innerHTML = "";
      list.hidden = !results.length;
      input.setAttribute("aria-expanded", results.length ? "true" : "false");
      highlight(-1);
    }

    function update() {
      var query = input.value.trim();
      var ticket = ++generation;
      if (!query) { status.innerHTML = ""; close(); return; }
      search(query, 8).then(function (results) {
        if (ticket === generation) show(results, query);
      });
    }

    function follow(option) {
      var href = option ? option.getAttribute("data-href") : allResultsHref();
      if (href) window.location.href = href;
    }

    input.addEventListener("focus", function () { load("index"); load("glossary"); });
    input.addEventListener("input", update);
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        if (list.hidden && options.length) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
        if (options.length) highlight((active + 1) % options.length);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        if (options.length) highlight(active <= 0 ? options.length - 1 : active - 1);
      } else if (event.key === "Enter") {
        event.preventDefault();
        if (input.value.trim()) follow(active >= 0 ? options[active] : null);
      } else if (event.key === "Escape") {
        // Either way a search still on its way is stale: it must not
        // open the list again (`update` checks the generation).
        generation += 1;
        if (!list.hidden) { event.preventDefault(); close(); } else { input.value = ""; status.innerHTML = ""; }
      }
    });
    list.addEventListener("mousedown", function (event) { event.preventDefault(); });
    list.addEventListener("click", function (event) {
      var option = event.target.closest("[role=option]");
      if (option) follow(option);
    });
    input.addEventListener("blur", function () { setTimeout(close, 150); });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var target = event.target;
      if (target && (target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName))) return;
      event.preventDefault();
      input.focus();
    });
  }

  // ---- The results page ----

  // The first results, then more each time the reader reaches the end of
  // the list (or presses the button there): each round looks further down
  // the ranking and adds the rows not shown yet.
  function setUpResultsPage(page) {
    var query = new URLSearchParams(window.location.search).get("q") || "";
    var input = page.querySelector("input[name=q]");
    var list = document.getElementById("search-results");
    var status = document.getElementById("search-status");
    var more = document.getElementById("search-more");
    var perRound = 20, round = 0, shown = new Set(), busy = false, finished = false, emptyRounds = 0;
    // The field's default value too: WebKit resets a field whose
    // autocomplete is off to its default when it brings a page back from its
    // back-forward cache, at a moment of its own, after `pageshow` at times.
    input.defaultValue = query;
    input.value = query;
    // A page the browser brings back (from its back-forward cache, or with
    // its form's state restored after this script ran) keeps the field as
    // the reader last left it, not as this page's query; the field says
    // what the results are for.
    window.addEventListener("pageshow", function () {
      input.value = query;
      // WebKit restores the form's state after the page is shown.
      setTimeout(function () { input.value = query; }, 0);
    });
    if (!query.trim()) return;
    status.textContent = "…";

    function item(result) {
      return "<li><a href=\"" + escapeHTML(result.href) + "\" class=\"pair\">" +
        (result.section ? pair(result.section) : pair(result.page)) + "</a>" +
        "<span class=\"search-page pair\">" + pair(result.page) + "</span>" + resultBody(result) + "</li>";
    }

    function next() {
      if (busy || finished) return;
      busy = true;
      round += 1;
      search(query.trim(), perRound * round, round).then(function (results) {
        var fresh = results.filter(function (result) { return !shown.has(result.href); });
        fresh.forEach(function (result) { shown.add(result.href); });
        list.insertAdjacentHTML("beforeend", fresh.map(item).join(""));
        // The end is where the ranking ends, not where a round came back
        // short. A round with nothing new looks further at once, a few
        // times; a first round with nothing at all is the honest answer.
        emptyRounds = fresh.length ? 0 : emptyRounds + 1;
        finished = !results.more || !shown.size;
        if (more) more.hidden = finished;
        busy = false;
        page.setAttribute("data-search-rounds", String(round));
        if (!fresh.length && !finished && emptyRounds < 4) {
          next();
          return;
        }
        if (round > 1 || results.length) {
          status.innerHTML = "";
          page.setAttribute("data-search-done", "true");
          return;
        }
        status.innerHTML = noResults(query);
        suggestions(query.trim()).then(function (words) {
          if (words.length) status.innerHTML = noResults(query, words);
          page.setAttribute("data-search-done", "true");
        });
      });
    }

    if (more) {
      more.addEventListener("click", next);
      if ("IntersectionObserver" in window) {
        new IntersectionObserver(function (entries) {
          if (entries.some(function (entry) { return entry.isIntersecting; })) next();
        }).observe(more);
      }
    }
    next();
  }

  function start() {
    var box = document.querySelector(".site-search");
    if (!box) return;
    siteRoot = box.getAttribute("data-root") || "";
    box.hidden = false;
    setUpField(box);
    var page = document.querySelector(".search-page-form");
    if (page) setUpResultsPage(page);
  }

  // Loaded with `defer`: the document is parsed.
  start();
  // For the benchmark and the tests: the ranked results of a query.
  window.kumikiSearch.query = function (query, limit, round) { return search(query, limit || 10, round); };
  window.kumikiSearch.suggest = function (query) {
    return Promise.all([load("index"), load("glossary")]).then(function () { return suggestions(query); });
  };
})();
