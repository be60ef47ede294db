#!/usr/bin/env python3
"""File-level import circles in the workspace's Rust sources.

For every crate (crates/*/src, benches/src if any, python/src) each .rs file is a node; an
edge a -> b means file a names an item of file b through `use crate::...`, `use super::...` or
an inline `crate::...` path (comments and strings aside). A name that a file re-exports
(`pub use m::X`) is followed to the file that defines it, so `use crate::X` through lib.rs
counts as an import of the defining file, not of lib.rs. `mod` declarations are not imports.
Prints every circle found and exits 1 if there is one.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def strip(text):
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return text


def drop_tests(text):
    """The text without `#[cfg(test)]` items: test modules are leaves nothing imports, and may
    check one module against another."""
    out, i = [], 0
    while True:
        j = text.find("#[cfg(test)]", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k = j + len("#[cfg(test)]")
        brace, semi = text.find("{", k), text.find(";", k)
        if semi >= 0 and (brace < 0 or semi < brace):
            i = semi + 1
            continue
        depth, k = 0, brace
        while k < len(text):
            depth += text[k] == "{"
            depth -= text[k] == "}"
            k += 1
            if depth == 0:
                break
        i = k


def module_files(src):
    """Module path (tuple) -> file, for every .rs file under src."""
    files = {}
    for dirpath, _, names in os.walk(src):
        for name in names:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, src)[:-3].split(os.sep)
            if rel in (["lib"], ["main"]):
                key = ()
            elif rel[-1] == "mod":
                key = tuple(rel[:-1])
            else:
                key = tuple(rel)
            if key == () and rel == ["main"] and () in files:
                continue
            files[key] = path
    return files


def expand_use(tree):
    """Paths of a use tree such as `crate::{a::b, c::{d, e}}`."""
    tree = tree.replace(" ", "").replace("\n", "")
    m = re.match(r"^(.*?)\{(.*)\}$", tree)
    if not m:
        return [tree.split(" as ")[0]]
    prefix, inner = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    if cur:
        parts.append(cur)
    out = []
    for p in parts:
        for q in expand_use(p):
            out.append(prefix + q if q != "self" else prefix.rstrip(":"))
    return out


def main():
    crates = []
    for base in ("crates",):
        for name in sorted(os.listdir(os.path.join(ROOT, base))):
            src = os.path.join(ROOT, base, name, "src")
            if os.path.isdir(src):
                crates.append(src)
    for extra in ("python/src", "benches/src"):
        if os.path.isdir(os.path.join(ROOT, extra)):
            crates.append(os.path.join(ROOT, extra))
    circles = []
    for src in crates:
        files = module_files(src)
        by_file = {v: k for k, v in files.items()}
        texts = {f: drop_tests(strip(open(f).read())) for f in files.values()}
        # pub use re-exports: (module, name) -> full path
        reexports = {}
        for f, text in texts.items():
            mod = by_file[f]
            for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", text):
                for path in expand_use(m.group(1)):
                    segs = [s for s in path.split("::") if s]
                    if not segs:
                        continue
                    if segs[0] == "crate":
                        full = segs[1:]
                    elif segs[0] == "self":
                        full = list(mod) + segs[1:]
                    elif segs[0] == "super":
                        full = list(mod[:-1]) + segs[1:]
                    elif tuple(list(mod) + segs[:1]) in files:
                        full = list(mod) + segs
                    else:
                        continue
                    reexports[(mod, full[-1])] = full

        def resolve(segs, depth=0):
            """The file defining the item at module path segs."""
            for n in range(len(segs), -1, -1):
                key = tuple(segs[:n])
                if key in files:
                    if n < len(segs) and (key, segs[n]) in reexports and depth < 8:
                        target = reexports[(key, segs[n])]
                        if tuple(target) != tuple(segs[: n + 1]):
                            return resolve(target + segs[n + 1 :], depth + 1)
                    return files[key]
            return None

        edges = {f: set() for f in files.values()}
        for f, text in texts.items():
            mod = by_file[f]
            paths = []
            for m in re.finditer(r"\buse\s+([^;]+);", text):
                paths += expand_use(m.group(1))
            paths += re.findall(r"(?<![:\w])crate(?:::\w+)+", text)
            for path in paths:
                segs = [s for s in path.split("::") if s and s != "*"]
                if not segs:
                    continue
                if segs[0] == "crate":
                    full = segs[1:]
                elif segs[0] == "super":
                    base = list(mod)
                    while segs and segs[0] == "super":
                        base = base[:-1]
                        segs = segs[1:]
                    full = base + segs
                elif segs[0] == "self":
                    full = list(mod) + segs[1:]
                else:
                    continue
                target = resolve(full)
                if target and target != f:
                    edges[f].add(target)
        # Tarjan's strongly connected components
        index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

        def strong(v):
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on.add(v)
            for w in edges[v]:
                if w not in index:
                    strong(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(comp)

        sys.setrecursionlimit(10000)
        for v in edges:
            if v not in index:
                strong(v)
        for comp in comps:
            names = sorted(os.path.relpath(c, ROOT) for c in comp)
            circles.append(names)
    for names in circles:
        print("import circle: " + " <-> ".join(names))
    print(f"circles: {len(circles)} ({len(crates)} source trees checked)")
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main())
