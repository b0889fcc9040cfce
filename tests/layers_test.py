#!/usr/bin/env python3
"""The library's layers hold: each folder of src/ is a layer, and a layer
includes and calls only the layers below it (docs/architecture.md):

    core < arith < io < lang < boards < games < misere < play

Checked here:
- every private include names its folder ("core/family.h"), and the file
  exists: the build puts only src/ on the include path, so no include
  resolves by a search path;
- no include goes up a layer;
- no .c file calls a function (or names a family table) that a .c file of
  a higher layer defines (found by name, as text);
- the check itself fails when a layer is broken: a copy of the sources with
  one upward include and one upward call added must give two violations.

    layers_test.py SOURCE_DIR"""
import os
import re
import sys

ORDER = ["core", "arith", "io", "lang", "boards", "games", "misere", "play"]
RANK = {layer: i for i, layer in enumerate(ORDER)}


def strip(s):
    return re.sub(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', " ", s, flags=re.S)


def read_sources(root):
    files = {}
    for layer in sorted(os.listdir(os.path.join(root, "src"))):
        d = os.path.join(root, "src", layer)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if f.endswith((".c", ".h")):
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    files[f"{layer}/{f}"] = fh.read()
    return files


def violations(files):
    out = []
    for path in files:
        if path.split("/")[0] not in RANK:
            out.append(f"src/{path}: folder {path.split('/')[0]} is not a layer (add it to the order)")
    defined = {}
    for path, text in files.items():
        if path.endswith(".c"):
            body = strip(text)
            for m in re.finditer(r'^(?!static\b)[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*\{', body, re.M):
                defined.setdefault(m.group(1), path)
            for m in re.finditer(r'^const\s+\w+\s+(\w+)\s*=', body, re.M):
                defined.setdefault(m.group(1), path)
    for path, text in files.items():
        layer = path.split("/")[0]
        if layer not in RANK:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            m = re.match(r'\s*#\s*include\s*"([^"]+)"', line)
            if not m or m.group(1).startswith("grundy/"):
                continue
            inc = m.group(1)
            if "/" not in inc:
                out.append(f"src/{path}:{n}: #include \"{inc}\" does not name its folder (write \"LAYER/{inc}\")")
                continue
            if inc not in files:
                out.append(f"src/{path}:{n}: #include \"{inc}\": no such file under src/")
                continue
            to = inc.split("/")[0]
            if to in RANK and RANK[to] > RANK[layer]:
                out.append(f"src/{path}:{n}: includes {inc}, and {to} is above {layer}")
        if path.endswith(".c"):
            for name in sorted(set(re.findall(r"\b([A-Za-z_]\w*)\b", strip(text)))):
                d = defined.get(name)
                if d and d.split("/")[0] in RANK and RANK[d.split("/")[0]] > RANK[layer]:
                    out.append(f"src/{path}: uses {name}, defined in src/{d}, and {d.split('/')[0]} is above {layer}")
    return out


def main():
    root = sys.argv[1]
    files = read_sources(root)
    bad = violations(files)
    for v in bad:
        print("FAIL:", v)
    # the check checks: one upward include and one upward call are found
    mutated = dict(files)
    mutated["core/buf.c"] = files["core/buf.c"] + '\n#include "play/position_internal.h"\n'
    mutated["arith/primes.c"] = files["arith/primes.c"] + "\nstatic void layers_probe(void) { (void)gri_registry_find; }\n"
    caught = len(violations(mutated)) - len(bad)
    if caught != 2:
        print(f"FAIL: the check found {caught} of 2 planted violations")
        bad.append("self-test")
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as fh:
        cm = fh.read()
    m = re.search(r"set\(GRUNDY_PRIVATE_INCLUDES([^)]*)\)", cm)
    if not m or m.group(1).split() != ["${CMAKE_CURRENT_SOURCE_DIR}/src"]:
        print("FAIL: GRUNDY_PRIVATE_INCLUDES must be src/ alone (includes name their folder)")
        bad.append("include path")
    print(f"layers_test: {len(files)} files in {len(ORDER)} layers, {len(bad)} violations")
    sys.exit(1 if bad else 0)


main()
