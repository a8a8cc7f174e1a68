#!/usr/bin/env python3
"""Generate the known-value table that pins dev.deja.core.measure.SequenceMeasure to CPython's difflib.

Every row is a pair (a, b) and the value of ``difflib.SequenceMatcher(None, a, b).ratio()`` computed by the
Python that runs this script (the table in the repository was made with /usr/bin/python3, CPython 3.11.2).

Usage (from the repository root):

    /usr/bin/python3 scripts/gen-sequence-known-values.py [--seed N] [--out PATH]

The default seed is fixed, so running the script again rewrites the same file byte for byte.

File format (UTF-8, but in practice pure ASCII, lines end with "\\n"):

* Lines starting with "#" are comments and are skipped by readers.
* The first non-comment line is the header ``a<TAB>b<TAB>ratio``.
* Every other line has exactly three fields separated by one TAB:
  1. ``a``: a JSON string literal (``json.dumps(a, ensure_ascii=True)``), i.e. in double quotes, with
     ``\\"``, ``\\\\``, ``\\n``, ``\\t``, ``\\r``, ``\\b``, ``\\f`` and ``\\uXXXX`` escapes; every character outside
     printable ASCII is a ``\\uXXXX`` escape, and a code point above U+FFFF is written as its UTF-16 surrogate pair
     (``\\ud83d\\ude00``). A field therefore never contains a raw TAB, newline or non-ASCII byte, and the text is
     immune to editors or tools that re-normalise Unicode.
  2. ``b``: the same.
  3. ``ratio``: ``repr(float)``, the shortest decimal that reads back as exactly the same IEEE double
     (``0.75``, ``0.2941176470588235``, ``1.0``).

Rows cover hand-written cases (difflib's documented ("abcd", "bcde") -> 0.75, empty and identical strings),
calendar titles with typos, long sentences and repetitive text where len(b) >= 200 so difflib's "autojunk"
heuristic drops popular characters, strings around the 200-code-point boundary, accents (precomposed and
combining), CJK, emoji and other astral code points (where code points and UTF-16 units differ), and every
generated pair in both orders, because ratio() is not symmetric.
"""

import argparse
import difflib
import json
import os
import random
import sys

DEFAULT_SEED = 20240611
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "deja-core", "src", "test",
                           "resources", "dev", "deja", "core", "measure", "sequence-known-values.tsv")

TITLE_WORDS = ("doctor appointment dentist checkup team standup weekly sync review sprint planning retro lunch "
               "with maya call mom birthday party dinner gym session yoga class flight to amsterdam train "
               "meeting client demo quarterly report budget hiring interview onboarding one on one coffee "
               "haircut car service school pickup parent teacher conference dr smith project kickoff "
               "design workshop release deadline tax return insurance renewal").split()

SENTENCE_WORDS = ("the a an of to and in for on with by at from that this is was be are will can should "
                  "application applicant must provide proof identity authentication verification process "
                  "municipality citizen request permit registration address record office document "
                  "signature digital secure system user account password login session token service "
                  "data privacy regulation compliance audit report annual review decision appeal objection "
                  "deadline within days after receipt notification letter email phone number legal entity "
                  "representative authorised person mandate access control level strong weak").split()

ACCENTED = "éèêëáàâäíìîïóòôöúùûüçñøåæœßÉÈÁÖÜÇÑØÅÆŒ"
COMBINING = "\u0300\u0301\u0302\u0303\u0308\u0327\u030a\u0323"
CJK = "日本語中文漢字東京北京会議予定確認山田太郎花子検証手続"
HANGUL = "가나다라마바사아자차카타파하한국어"
EMOJI = ["\U0001F600", "\U0001F389", "\U0001F4C5", "\U0001F468\u200D\U0001F469\u200D\U0001F467",
         "\U0001F44D\U0001F3FD", "\u2728", "\U0001F680", "\U0001D11E", "\U00020000", "\U0001F1F3\U0001F1F1"]


def ratio(a, b):
    return difflib.SequenceMatcher(None, a, b).ratio()


def typo(rng, s, edits):
    """s with a few random character edits (insert, delete, substitute, swap)."""
    chars = list(s)
    alphabet = "abcdefghijklmnopqrstuvwxyz "
    for _ in range(edits):
        op = rng.randrange(4)
        if not chars:
            op = 0
        i = rng.randrange(len(chars) + 1 if op == 0 else len(chars))
        if op == 0:
            chars.insert(i, rng.choice(alphabet))
        elif op == 1:
            del chars[i]
        elif op == 2:
            chars[i] = rng.choice(alphabet)
        elif i + 1 < len(chars):
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
    return "".join(chars)


def words(rng, vocabulary, n):
    return " ".join(rng.choice(vocabulary) for _ in range(n))


def sentence(rng, min_len):
    """A sentence of at least min_len characters, capitalised, ending with a full stop."""
    s = ""
    while len(s) < min_len:
        s = (s + " " + words(rng, SENTENCE_WORDS, rng.randint(3, 8))).strip()
        if rng.random() < 0.2:
            s += ","
    return s[0].upper() + s[1:] + "."


def shuffle_words(rng, s):
    w = s.split(" ")
    rng.shuffle(w)
    return " ".join(w)


def unicode_text(rng, n):
    pools = [ACCENTED, CJK, HANGUL, "abcdefghij ", "ABC xyz 123"]
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            out.append(rng.choice(EMOJI))
        elif r < 0.18 and out:
            out.append(rng.choice(COMBINING))
        else:
            out.append(rng.choice(rng.choice(pools)))
    return "".join(out)


def generate(seed):
    rng = random.Random(seed)
    pairs = []

    def both(a, b):
        pairs.append((a, b))
        pairs.append((b, a))

    # Hand-written rows.
    pairs += [
        ("abcd", "bcde"),  # difflib documentation: 0.75
        ("", ""), ("abc", ""), ("", "abc"), ("a", "a"), ("a", "b"),
        ("doctor appointment", "dr smith checkup"),
        ("Doctor appointment", "doctor appointment"),
        ("verificatie proces", "verificatieproces"),
        ("bezwaarschift", "bezwaarschrift"),
        ("Team standup", "Team stand-up"),
        ("caf\u00e9", "cafe\u0301"),  # precomposed vs combining acute
        ("\U0001F600", "\U0001F601"), ("\U0001F600x", "x\U0001F600"),
        ("\u65e5\u672c\u8a9e", "\u65e5\u672c"),
        ("a" * 200, "a" * 200),  # identical, but b's only character is popular: ratio 0.0
        ("a" * 199, "a" * 199),  # just below the autojunk threshold: 1.0
        ("ab" * 100, "ab" * 100),
        ("tie", "eit"), ("abab", "baba"), ("abcabc", "cbacba"),
        ("ab", "bacb"), ("bacb", "ab"),  # the shortest asymmetric pair over {a, b, c}: 2/3 one way, 1/3 the other
    ]
    both("qabxcd", "abycdf")
    both("private Thread currentThread;", "private volatile Thread currentThread;")

    # Short random strings over tiny alphabets: many tied longest matches, the source of asymmetry.
    for _ in range(60):
        alphabet = rng.choice(["ab", "abc", "xyz ", "aab"])
        a = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        b = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        both(a, b)

    # Calendar titles with typos, reordering and dropped words.
    for _ in range(50):
        a = words(rng, TITLE_WORDS, rng.randint(1, 6))
        kind = rng.randrange(4)
        if kind == 0:
            b = typo(rng, a, rng.randint(1, 3))
        elif kind == 1:
            b = shuffle_words(rng, a)
        elif kind == 2:
            b = a.title()
        else:
            b = words(rng, TITLE_WORDS, rng.randint(1, 6))
        both(a, b)

    # Long sentences (>= 200 characters): autojunk drops spaces, 'e', 't', ... from b's index.
    for _ in range(40):
        a = sentence(rng, rng.choice([200, 220, 260, 400]))
        kind = rng.randrange(3)
        if kind == 0:
            b = typo(rng, a, rng.randint(1, 15))
        elif kind == 1:
            b = shuffle_words(rng, a)
        else:
            b = sentence(rng, 200)
        both(a, b)
    # Short title against a long sentence: only one direction applies autojunk.
    for _ in range(10):
        both(words(rng, TITLE_WORDS, 3), sentence(rng, 210))

    # Repetitive text, where nearly every character of b is popular.
    for unit, n in [("ab", 100), ("abc ", 60), ("la ", 80), ("0123456789", 25), ("xy", 150), ("aab", 70)]:
        base = unit * n
        both(base, typo(rng, base, 5))
        both(base, base[1:])
        both(base, base + "!")
        both(base[: len(base) // 2], base)

    # Around the 200 boundary: 199 vs 200 vs 201 code points in b.
    for n in (198, 199, 200, 201):
        s = "".join(rng.choice("abcde ") for _ in range(n))
        both(s, typo(rng, s, 4))
        pairs.append((s, s))

    # Unicode: accents, combining marks, CJK, Hangul, emoji and other astral code points.
    for _ in range(40):
        a = unicode_text(rng, rng.randint(0, 20))
        b = unicode_text(rng, rng.randint(0, 20)) if rng.random() < 0.5 else a[::-1]
        both(a, b)
    # Astral-heavy strings: 150 code points but 300 UTF-16 units, so autojunk must NOT apply; and 210 code points.
    for n in (150, 199, 200, 210):
        s = "".join(rng.choice(EMOJI[:3] + ["a", " "]) for _ in range(n))
        both(s, typo(rng, s, 3))
    for _ in range(10):
        a = unicode_text(rng, 220)
        both(a, typo(rng, a, 6))
        pairs.append((a, a))

    # Identical strings of every flavour.
    for s in ["x", "Team standup", sentence(rng, 250), unicode_text(rng, 30), "\t\n\\\"'"]:
        pairs.append((s, s))
    # Control characters and the characters the TSV format must escape.
    both("tab\there", "tab here")
    both("line\nbreak", "line break")
    both("back\\slash \"quoted\"", "backslash 'quoted'")
    return pairs


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", default=DEFAULT_OUT)
    args = parser.parse_args(argv)

    pairs = generate(args.seed)
    rows = []
    seen = set()
    for a, b in pairs:
        if (a, b) in seen:
            continue
        seen.add((a, b))
        rows.append((a, b, ratio(a, b)))

    asymmetric = sum(1 for a, b, r in rows if (b, a) in seen and ratio(b, a) != r)
    long_b = sum(1 for _, b, _ in rows if len(b) >= 200)
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        out.write("# Known values of difflib.SequenceMatcher(None, a, b).ratio(), CPython %s.\n"
                  % sys.version.split()[0])
        out.write("# Generated by scripts/gen-sequence-known-values.py --seed %d; do not edit by hand.\n" % args.seed)
        out.write("# Fields: a and b are JSON string literals (ASCII, \\uXXXX escapes), ratio is Python repr().\n")
        out.write("a\tb\tratio\n")
        for a, b, r in rows:
            out.write("%s\t%s\t%r\n" % (json.dumps(a, ensure_ascii=True), json.dumps(b, ensure_ascii=True), r))
    print("seed %d: wrote %d rows (%d with len(b) >= 200, %d asymmetric) to %s"
          % (args.seed, len(rows), long_b, asymmetric, os.path.normpath(args.out)), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
