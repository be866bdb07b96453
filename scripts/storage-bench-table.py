#!/usr/bin/env python3
"""storage-bench-table.py: the markdown tables of docs/storage.md from the
TSV rows of scripts/storage-bench.sh (files given as arguments, or stdin).
A later row of the same model, tool, mode and seed replaces an earlier
one; bitstate run with several seeds shows the mean (and the range).
SPIN's states come from the corpus's expected.tsv (safety_plain)."""
import collections, os, statistics, sys

here = os.path.dirname(os.path.abspath(__file__))
corpus = os.path.join(here, "..", "..", "shared", "corpus", "expected.tsv")
if not os.path.exists(corpus):
    corpus = "/work/shared/corpus/expected.tsv"
spin = {}
for line in open(corpus):
    f = line.rstrip("\n").split("\t")
    if len(f) > 7 and f[1] == "safety_plain" and f[7].isdigit():
        spin[f[0]] = int(f[7])

rows = {}
order = []
for path in sys.argv[1:] or ["-"]:
    for line in (sys.stdin if path == "-" else open(path)):
        f = line.rstrip("\n").split("\t")
        if len(f) != 11:
            continue
        model, tool, mode, seed = f[:4]
        if model not in order:
            order.append(model)
        rows[(model, tool, mode, seed)] = f

def runs(model, tool, mode):
    return [f for (m, t, md, s), f in sorted(rows.items()) if (m, t, md) == (model, tool, mode) and f[4].isdigit()]

def first(model, tool, mode):
    r = runs(model, tool, mode)
    return r[0] if r else None

W24 = 1 << 27  # pan's -w24 hash table: 2^24 eight-byte slots

def per_store(model, tool, mode):
    f = first(model, tool, mode)
    if not f:
        return "-"
    s = f[6]
    if tool == "pan" and mode in ("DEFAULT", "COLLAPSE"):
        s += " (%.1f)" % ((int(f[5]) - W24) / int(f[4]))
    return s

def per_rss(model, tool, mode):
    f = first(model, tool, mode)
    if not f or f[8] == "-":
        return "-"
    return "%s / %.1f" % (f[8], float(f[9]))

def stored(model, tool, mode):
    r = runs(model, tool, mode)
    if not r:
        return "-"
    n = [int(f[4]) for f in r]
    if len(n) == 1:
        return "{:,}".format(n[0])
    return "{:,.0f} ({:,}..{:,}, {} seeds)".format(statistics.mean(n), min(n), max(n), len(n))

def load(model):
    ls = [float(f[10]) for (m, *_), f in rows.items() if m == model and f[10].replace(".", "", 1).isdigit()]
    return "%.0f-%.0f" % (min(ls), max(ls)) if ls else "-"

models = sorted(order, key=lambda m: spin.get(m, 0))
g = ["exact", "tree", "hc", "bitstate"]
p = ["DEFAULT", "COLLAPSE", "HC4", "BITSTATE"]
print("| model | SPIN's states | gospin exact | tree | hc 64 | bitstate | pan default | -DCOLLAPSE | -DHC4 | -DBITSTATE | load |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for m in models:
    print("| %s | {:,} | %s | %s |".format(spin.get(m, 0)) % (m, " | ".join([per_store(m, "gospin", x) for x in g] + [per_store(m, "pan", x) for x in p]), load(m)))
print()
print("| model | gospin exact | tree | hc 64 | bitstate | pan default | -DCOLLAPSE | -DHC4 | -DBITSTATE |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for m in models:
    print("| %s | %s |" % (m, " | ".join([per_rss(m, "gospin", x) for x in g] + [per_rss(m, "pan", x) for x in p])))
print()
print("| model | SPIN's states | gospin hc | pan -DHC4 | gospin bitstate | pan -DBITSTATE |")
print("|---|---:|---:|---:|---:|---:|")
for m in models:
    print("| %s | {:,} | %s |".format(spin.get(m, 0)) % (m, " | ".join([stored(m, "gospin", "hc"), stored(m, "pan", "HC4"), stored(m, "gospin", "bitstate"), stored(m, "pan", "BITSTATE")])))
