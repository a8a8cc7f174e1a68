#!/usr/bin/env bash
# Checks that scripts/bilingual-tables.py reproduces the committed translation tables (their text) from Debian's
# FreeDict packages (installed when missing; an 'apt-get update' first only when a package is unknown).
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(dict-freedict-deu-eng dict-freedict-nld-eng dict-freedict-spa-eng dict-freedict-por-eng
  dict-freedict-fra-eng dict-freedict-ita-eng)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  apt-cache show "${missing[0]}" >/dev/null 2>&1 || apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
python3 scripts/bilingual-tables.py /usr/share/dictd "$out" 2>/dev/null
committed=deja-lexicon/src/main/resources/dev/deja/lexicon/bilingual
# The tables' text is compared (not the gzip bytes, which another zlib may compress differently).
for f in "$out"/*.tsv.gz; do
  if ! cmp -s <(gzip -dc "$f") <(gzip -dc "$committed/$(basename "$f")"); then
    echo "bilingual tables: $(basename "$f") differs from what scripts/bilingual-tables.py builds; rebuild and commit" >&2
    exit 1
  fi
done
echo "bilingual tables: reproduced from FreeDict ($(ls "$out" | wc -l) tables)"
