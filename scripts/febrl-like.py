#!/usr/bin/env python3
"""Generate a Febrl-like person-record set of any size, for the scale figures of scripts/linkage-bench.sh.

    python3 scripts/febrl-like.py VOCABULARY N OUT_DIR [--seed S]

VOCABULARY is a Febrl records.jsonl (e.g. ../shared/datasets/public/febrl/dataset2/records.jsonl): its field values
are the pools the originals are drawn from, field by field, so the names, streets and suburbs have Febrl's
distributions while the records themselves are new. About 60% of the N records are originals; each of the others is a
duplicate of an original (at most 5 per original, as Febrl's dataset2), with one to three modifications in the way
Febrl's generator makes them: a typo (insert, delete, substitute or transpose a character), a value left out, given
name and surname swapped, a digit of the date of birth or identity number changed. Writes OUT_DIR/records.jsonl and
OUT_DIR/truth.jsonl (every pair of records of one entity, as the public Febrl sets). Deterministic for a seed.
"""
import argparse
import json
import os
import random
import string

FIELDS = ["given_name", "surname", "street_number", "address_1", "address_2", "suburb", "postcode", "state",
          "date_of_birth", "soc_sec_id"]


def typo(rng, v):
    if not v:
        return v
    i = rng.randrange(len(v))
    kind = rng.randrange(4)
    alphabet = string.digits if v.isdigit() else string.ascii_lowercase
    if kind == 0:
        return v[:i] + rng.choice(alphabet) + v[i:]
    if kind == 1 and len(v) > 1:
        return v[:i] + v[i + 1:]
    if kind == 2:
        return v[:i] + rng.choice(alphabet) + v[i + 1:]
    if len(v) > 1:
        j = min(i + 1, len(v) - 1)
        i = j - 1
        return v[:i] + v[j] + v[i] + v[j + 1:]
    return v


def modify(rng, rec):
    r = dict(rec)
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        field = rng.choice(FIELDS)
        if kind < 0.6:
            r[field] = typo(rng, r[field])
        elif kind < 0.75:
            r[field] = ""
        elif kind < 0.85:
            r["given_name"], r["surname"] = r["surname"], r["given_name"]
        else:
            f = rng.choice(["date_of_birth", "soc_sec_id"])
            v = r[f]
            if v:
                i = rng.randrange(len(v))
                r[f] = v[:i] + rng.choice(string.digits) + v[i + 1:]
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("vocabulary")
    ap.add_argument("n", type=int)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    if a.n < 1:
        ap.error("N must be at least 1")
    rng = random.Random(a.seed)
    pools = {f: [] for f in FIELDS}
    with open(a.vocabulary, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                d = json.loads(line)
                for k in FIELDS:
                    if d.get(k):
                        pools[k].append(d[k])
    for k, v in pools.items():
        if not v:
            raise SystemExit(f"{a.vocabulary}: no values for '{k}': not a Febrl records file")
    os.makedirs(a.out_dir, exist_ok=True)
    originals = max(1, int(a.n * 0.6))
    entities = []
    for e in range(originals):
        rec = {k: rng.choice(pools[k]) for k in FIELDS}
        # Dates of birth and identity numbers are drawn anew: a shared one would be a coincidence Febrl does not have.
        rec["date_of_birth"] = f"{rng.randint(1920, 2005)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
        rec["soc_sec_id"] = str(rng.randint(1_000_000, 9_999_999))
        entities.append([(f"rec-{e}-org", rec)])
    made = originals
    while made < a.n:
        group = entities[rng.randrange(originals)]
        if len(group) > 5:
            continue
        e = group[0][0].split("-")[1]
        group.append((f"rec-{e}-dup-{len(group) - 1}", modify(rng, group[0][1])))
        made += 1
    with open(os.path.join(a.out_dir, "records.jsonl"), "w", encoding="utf-8") as out, \
            open(os.path.join(a.out_dir, "truth.jsonl"), "w", encoding="utf-8") as truth:
        records = [r for g in entities for r in g]
        rng.shuffle(records)
        for rid, rec in records:
            out.write(json.dumps({"id": rid, **rec}) + "\n")
        for g in entities:
            for i in range(len(g)):
                for j in range(i + 1, len(g)):
                    truth.write(json.dumps({"left": g[i][0], "right": g[j][0], "entity": g[0][0]}) + "\n")


if __name__ == "__main__":
    main()
