#!/usr/bin/env python3
"""Builds Deja's word-translation tables from the FreeDict dictionaries that Debian packages.

    apt-get install dict-freedict-deu-eng dict-freedict-nld-eng dict-freedict-spa-eng \
        dict-freedict-por-eng dict-freedict-fra-eng dict-freedict-ita-eng
    python3 scripts/bilingual-tables.py [DICTD_DIR] [OUT_DIR]

Reads /usr/share/dictd/freedict-LLL-eng.{index,dict.dz} and writes OUT_DIR/LL-en.tsv.gz (default
deja-lexicon/src/main/resources/dev/deja/lexicon/bilingual/): one line per one-word headword, lower-cased,
"headword<TAB>translation|translation|...", at most twelve translations of at most three words each, in the
dictionary's order, general senses before those a subject or region label marks ("[cook.]", "[Sachsen]").
Deterministic: the same packages give byte-identical files (gzip without a time stamp).
The tables are derived from FreeDict (GPL-2.0-or-later); see the NOTICE beside them.
"""
import gzip, io, os, re, sys, zlib

LANGS = {"deu": "de", "nld": "nl", "spa": "es", "por": "pt", "fra": "fr", "ita": "it"}
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
MAX_TRANSLATIONS = 12
MAX_WORDS = 3


def b64(s):
    n = 0
    for ch in s:
        n = n * 64 + B64.index(ch)
    return n


def dict_text(path):
    # dictzip is gzip with extra fields; a plain gzip reader reads it whole.
    with gzip.open(path, "rb") as f:
        return f.read()


def clean(t):
    t = re.sub(r"\[[^\]]*\]", " ", t)
    t = re.sub(r"\([^)]*\)", " ", t)
    t = re.sub(r"\{[^}]*\}", " ", t)
    t = re.sub(r"^\s*\d+\.\s*", "", t)
    t = re.sub(r"^(to|a|an|the)\s+", "", t.strip())
    t = re.sub(r"\s+", " ", t).strip(" .;:!?'\"")
    return t.lower()


def translations(entry):
    """The entry's translations, as (general, labelled): a translation line that opens with a subject or region label
    ("[cook.] meat <n>", "[Sachsen] chimney <n>", deu-eng) gives a specialised sense, ranked after the general ones."""
    lines = entry.split("\n")
    general, labelled = [], []
    for line in lines[1:]:
        # Translation lines start at the margin, or after a space when they open with a label; examples, notes,
        # synonyms and cross-references are indented without one.
        if not line.strip() or (line[:1].isspace() and not line.lstrip().startswith("[")):
            continue
        out = labelled if line.lstrip().startswith("[") else general
        # Grammar tags may hold commas ("I <pron, pers>, me <pron, pers>"), and an abbreviation may follow a tag
        # ("Friday <n>Fri"): both are removed before the line is split.
        line = re.sub(r"<[^>]*>[^\s,;]*", " ", line)
        for part in re.split(r"[,;]", re.sub(r"\([^)]*\)", "", line)):
            t = clean(part)
            if not t or len(t.split()) > MAX_WORDS or not re.fullmatch(r"[a-z][a-z' -]*", t):
                continue
            if t not in out:
                out.append(t)
    return general, labelled


def build(dictd, lang3):
    index = os.path.join(dictd, f"freedict-{lang3}-eng.index")
    data = dict_text(os.path.join(dictd, f"freedict-{lang3}-eng.dict.dz"))
    table = {}
    with open(index, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 3 or parts[0].startswith("00-database") or parts[0].startswith("00database"):
                continue
            head = parts[0].strip().lower()
            if not head or " " in head or not re.fullmatch(r"[^\W\d_][\w'-]*", head):
                continue
            entry = data[b64(parts[1]):b64(parts[1]) + b64(parts[2])].decode("utf-8", "replace")
            general, labelled = translations(entry)
            if not general and not labelled:
                continue
            known = table.setdefault(head, ([], []))
            for ts, into in ((general, known[0]), (labelled, known[1])):
                for t in ts:
                    if t not in into:
                        into.append(t)
    # A headword's general senses first, then its labelled ones, each in the dictionary's order.
    out = {}
    for head, (general, labelled) in table.items():
        ranked = general + [t for t in labelled if t not in general]
        out[head] = ranked[:MAX_TRANSLATIONS]
    return out


def main():
    dictd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/dictd"
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..",
        "deja-lexicon/src/main/resources/dev/deja/lexicon/bilingual")
    os.makedirs(out, exist_ok=True)
    for lang3, lang in LANGS.items():
        table = build(dictd, lang3)
        text = "".join(f"{h}\t{'|'.join(ts)}\n" for h, ts in sorted(table.items()))
        buf = io.BytesIO()
        with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as g:
            g.write(text.encode("utf-8"))
        with open(os.path.join(out, f"{lang}-en.tsv.gz"), "wb") as f:
            f.write(buf.getvalue())
        print(f"{lang}-en: {len(table)} headwords, {len(buf.getvalue())} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
