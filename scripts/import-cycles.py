#!/usr/bin/env python3
"""Prints the package import graph of jvortex's main sources and any cycle in it.

Usage: scripts/import-cycles.py [--classes] [module ...]   (default: every module with src/main/java)

Edges come from `import` lines (static ones included) and from fully qualified names in the
code (`dev.jvortex.x.y.Type`); same-package references need no edge. Exits 1 when some
strongly connected component holds more than one package. With `--classes` the nodes are
top-level classes instead (same-package references found by name) and only the cycles are
printed, each with the packages it spans.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKG = re.compile(r'^package\s+([\w.]+)\s*;', re.M)
REF = re.compile(r'\b(dev\.jvortex(?:\.[a-z_][a-z0-9_]*)+)\.[A-Z]')


def sources(modules):
    for m in modules:
        base = os.path.join(ROOT, m, 'src', 'main', 'java')
        for d, _, files in os.walk(base):
            for f in files:
                if f.endswith('.java'):
                    yield os.path.join(d, f)


def graph(modules):
    edges = {}
    for path in sources(modules):
        text = open(path, encoding='utf-8').read()
        p = PKG.search(text)
        if not p:
            continue
        pkg = p.group(1)
        out = edges.setdefault(pkg, set())
        # Drop comments so Javadoc links do not count as dependencies.
        code = re.sub(r'//[^\n]*|/\*.*?\*/', '', text, flags=re.S)
        for ref in REF.findall(code):
            if ref != pkg:
                out.add(ref)
    return edges


def class_graph(modules):
    files = {}
    for path in sources(modules):
        text = open(path, encoding='utf-8').read()
        p = PKG.search(text)
        if p:
            name = os.path.basename(path)[:-5]
            code = re.sub(r'//[^\n]*|/\*.*?\*/', '', text, flags=re.S)
            code = re.sub(r'"(?:\\.|[^"\\])*"', '""', code)
            files[p.group(1) + '.' + name] = (p.group(1), code)
    by_package = {}
    for fq, (pkg, _) in files.items():
        by_package.setdefault(pkg, set()).add(fq.rsplit('.', 1)[1])
    edges = {}
    for fq, (pkg, code) in files.items():
        out = edges.setdefault(fq, set())
        for m in re.finditer(r'\b(dev\.jvortex(?:\.[a-z_][a-z0-9_]*)+)\.([A-Z]\w*)', code):
            target = m.group(1) + '.' + m.group(2)
            if target in files and target != fq:
                out.add(target)
        body = re.sub(r'^\s*(import|package)\s[^;]*;', '', code, flags=re.M)
        words = set(re.findall(r'\b[A-Z]\w*\b', body))
        for name in by_package[pkg] & words:
            if pkg + '.' + name != fq:
                out.add(pkg + '.' + name)
    return edges


def cycles(edges):
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in edges:
                continue
            if w not in index:
                visit(w)
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
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return comps


def main():
    args = sys.argv[1:]
    classes = '--classes' in args
    args = [a for a in args if a != '--classes']
    modules = args or sorted(
        m for m in os.listdir(ROOT) if os.path.isdir(os.path.join(ROOT, m, 'src', 'main', 'java')))
    if classes:
        comps = cycles(class_graph(modules))
        for c in comps:
            pkgs = sorted({x.rsplit('.', 1)[0] for x in c})
            print(f'CLASS CYCLE ({len(c)} classes, packages {", ".join(pkgs)}): ' + ', '.join(x.rsplit('.', 1)[1] for x in c))
        if not comps:
            print(f'no class cycle in {", ".join(modules)}')
        return 1 if comps else 0
    edges = graph(modules)
    for pkg in sorted(edges):
        deps = sorted(d for d in edges[pkg] if d in edges)
        print(f'{pkg} -> {", ".join(deps) if deps else "-"}')
    comps = cycles(edges)
    if not comps:
        print(f'no package cycle among {len(edges)} packages in {", ".join(modules)}')
        return 0
    for c in comps:
        # one concrete loop inside the component, for the message
        print('CYCLE: ' + ' <-> '.join(c))
        for a in c:
            for b in sorted(edges[a]):
                if b in c:
                    print(f'    {a} -> {b}')
    return 1


if __name__ == '__main__':
    sys.exit(main())
