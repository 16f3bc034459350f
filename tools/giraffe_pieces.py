#!/usr/bin/env python3
"""Search the giraffe formation tour's pieces and write src/construct/besa/giraffe.toml.

The pieces of Section 5.4 of Besa, Johnson, Mamano, Osegueda and Williams, "Taming the
Knight's Tour" (2020) were lost with its figures; this finds new ones with a SAT solver
(CaDiCaL through PySAT: `pip install python-sat`). docs/formation.md explains the layout.

Each piece is a cover of a region by vertex-disjoint giraffe paths between fixed cells
of the 4x4 formation block: Boolean variables per leap, exactly two leaps at a region
cell and one at a block cell, a label per cell that every used leap carries across
(which fixes which block cell a path joins to which), and cycles cut lazily (a cycle's
cell set must have a used leap leaving it). Bands: b = y + floor(x / 4); the heel's
descending band is [7, 10], its climbing band [11, 14].

- heel: periodic (32 columns, the band number +8); each free cell belongs to the heel
  of its window or to the previous or next one, so heels interlock. Each giraffe leaves
  the heel at the block cell where it entered (the swap of columns 1-2, 3-4 has no
  solution with these blocks).
- corner: the last heel together with the right edge's first four moves up (which swap
  columns 1-2 and 3-4).
- junction, top_junction: two covers of the bottom-left junction; the second is used
  turned by a half turn at the top right, and is searched so that the two pairings of
  the block's sixteen cells close one cycle (the half turn of the first does not).

Usage: python3 tools/giraffe_pieces.py [OUT]   (default: the repository's file).
CaDiCaL is deterministic, so the same script writes the same file.
"""
import sys
import time
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Cadical153

LEAPS = [(1, 4), (-1, 4), (1, -4), (-1, -4), (4, 1), (4, -1), (-4, 1), (-4, -1)]
BLOCK = [(i, j) for j in range(4) for i in range(4)]
# The heel's blocks: descending band [7, 10] at column group 5 (the entry), climbing
# band [11, 14] at group 8 (the exit). The corner's right edge: descending band
# [15, 18] and climbing band [19, 22], both at group 10.
HEEL_ENTRY, HEEL_EXIT, CORNER_GROUP = 5, 8, 10
# The board with k = 1 (the corner is placed there) and the junction's first block.
WIDTH = 52
START = {(i, 7 + j): (i, j) for (i, j) in BLOCK}


def band(x, y):
    return y + x // 4


def heel_index(x, y):
    return (band(x, y) - 7) // 8


def block(group, lowest_band):
    """The block of a band at a column group: cell -> position in the block."""
    return {(4 * group + i, lowest_band - group + j): (i, j) for (i, j) in BLOCK}


def exactly(lits, k, pool):
    return CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=EncType.seqcounter).clauses


def one_of(lits, pool):
    return CardEnc.equals(lits=lits, bound=1, vpool=pool, encoding=EncType.pairwise).clauses


def components(adj, cells, stop):
    """The connected sets of `cells` in `adj` that meet no cell of `stop`."""
    seen, out = set(), []
    for c in sorted(cells):
        if c in seen:
            continue
        comp, todo, ends = {c}, [c], False
        while todo:
            u = todo.pop()
            for d in adj.get(u, ()):
                if d in stop:
                    ends = True
                elif d not in comp:
                    comp.add(d)
                    todo.append(d)
        seen |= comp
        if not ends:
            out.append(comp)
    return out


def search_heel():
    """The periodic heel: its sixteen paths (entry cell first) and every free cell's owner."""
    entry, exit_ = block(HEEL_ENTRY, 7), block(HEEL_EXIT, 11)
    free = set()
    for x in range(80):
        for y in range(16):
            b, a = band(x, y), x // 4
            if (7 <= b <= 10 and a > HEEL_ENTRY) or (11 <= b <= 14 and a > HEEL_EXIT):
                free.add((x, y))
    ports = set(entry) | set(exit_)
    nodes = free | ports
    pool = IDPool()
    edges = {}  # (u, v, s): u to v moved s windows (32 columns) right
    for u in sorted(nodes):
        for dx, dy in LEAPS:
            t = (u[0] + dx, u[1] + dy)
            if t[1] < 0:
                continue
            s = heel_index(*t)
            v = (t[0] - 32 * s, t[1])
            if v not in nodes or (u in ports and v in ports):
                continue
            key = min((u, v, s), (v, u, -s))
            edges.setdefault(key, pool.id(("e", key)))
    at = {c: [] for c in nodes}
    for (u, v, _), var in edges.items():
        at[u].append(var)
        at[v].append(var)
    clauses = []
    for c in sorted(nodes):
        clauses += exactly(at[c], 2 if c in free else 1, pool)
    owners = (-1, 0, 1)
    g = lambda c, p: pool.id(("g", c, p))
    o = lambda c, d: pool.id(("o", c, d))
    for c in sorted(nodes):
        clauses += one_of([g(c, p) for p in BLOCK], pool)
        clauses += one_of([o(c, d) for d in owners], pool)
    for c, p in list(entry.items()) + list(exit_.items()):
        clauses += [[g(c, p)], [o(c, 0)]]
    for (u, v, s), var in edges.items():
        for p in BLOCK:
            clauses += [[-var, -g(u, p), g(v, p)], [-var, g(u, p), -g(v, p)]]
        for d in owners:
            clauses.append([-var, -o(u, d)] + ([o(v, d - s)] if d - s in owners else []))
            clauses.append([-var, -o(v, d)] + ([o(u, d + s)] if d + s in owners else []))
    solver = Cadical153(bootstrap_with=clauses)
    unrolled = lambda u, v, s, w: ((u[0] + 32 * w, u[1]), (v[0] + 32 * (w + s), v[1]))
    rounds = 0
    while True:
        assert solver.solve(), "no heel"
        model = set(x for x in solver.get_model() if x > 0)
        used = [key for key, var in edges.items() if var in model]
        adj = {}
        for u, v, s in used:
            for w in range(-3, 4):
                a, b = unrolled(u, v, s, w)
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
        stop = {(c[0] + 32 * w, c[1]) for c in ports for w in range(-3, 4)}
        cycles = components(adj, free, stop)
        if not cycles:
            break
        rounds += 1
        for comp in cycles:
            cut = set()
            for (u, v, s), var in edges.items():
                for w in range(-3, 4):
                    a, b = unrolled(u, v, s, w)
                    if (a in comp) != (b in comp):
                        cut.add(var)
            solver.add_clause(sorted(cut))
    owner = {}
    for c in nodes:
        for d in owners:
            if o(c, d) in model:
                owner[c] = d
    paths = []
    for c in sorted(entry, key=lambda c: (entry[c][1], entry[c][0])):
        path, prev = [c], None
        while path[-1] not in exit_ or len(path) == 1:
            nxt = [d for d in adj[path[-1]] if d != prev]
            prev = path[-1]
            path.append(nxt[0])
        assert exit_[path[-1]] == entry[c]
        paths.append(path)
    print(f"heel: {len(free)} free cells a period, {len(edges)} leaps, {rounds} cycle cuts", file=sys.stderr)
    return paths, owner, entry, exit_


def cover(region, fixed, paired=(), check=None):
    """Paths covering `region` between port cells: `fixed` maps a port to its path's label
    (two ports a label); `paired` ports are paired freely, and `check(pairs)` returns None
    or a function telling which pairs a better pairing must use one of."""
    region, paired = set(region), sorted(paired)
    ports = set(fixed) | set(paired)
    nodes = region | ports
    pool = IDPool()
    edges = {}
    for u in sorted(nodes):
        for dx, dy in LEAPS:
            v = (u[0] + dx, u[1] + dy)
            if v in nodes and u < v and not (u in ports and v in ports):
                edges[(u, v)] = pool.id(("e", u, v))
    at = {c: [] for c in nodes}
    for (u, v), var in edges.items():
        at[u].append(var)
        at[v].append(var)
    clauses = []
    for c in sorted(nodes):
        clauses += exactly(at[c], 2 if c in region else 1, pool)
    labels = sorted(set(fixed.values()), key=str) + [("pair", i) for i in range(len(paired) // 2)]
    z = lambda c, g: pool.id(("z", c, g))
    for c in sorted(nodes):
        clauses += one_of([z(c, g) for g in labels], pool)
    clauses += [[z(c, g)] for c, g in fixed.items()]
    pair = {}
    if paired:
        free_labels = [g for g in labels if g[0] == "pair"]
        clauses += [[-z(c, g)] for c in paired for g in labels if g not in free_labels]
        clauses += [cl for g in free_labels for cl in exactly([z(c, g) for c in paired], 2, pool)]
        clauses.append([z(paired[0], free_labels[0])])
        for i, a in enumerate(paired):
            for b in paired[i + 1:]:
                y = pair[(a, b)] = pool.id(("y", a, b))
                for g in free_labels:
                    clauses += [[-z(a, g), -z(b, g), y], [-y, -z(a, g), z(b, g)]]
    for (u, v), var in edges.items():
        for g in labels:
            clauses += [[-var, -z(u, g), z(v, g)], [-var, z(u, g), -z(v, g)]]
    solver = Cadical153(bootstrap_with=clauses)
    while True:
        assert solver.solve(), "no cover"
        model = set(x for x in solver.get_model() if x > 0)
        adj = {c: [] for c in nodes}
        for (u, v), var in edges.items():
            if var in model:
                adj[u].append(v)
                adj[v].append(u)
        cycles = components(adj, region, ports)
        for comp in cycles:
            solver.add_clause([v for (a, b), v in edges.items() if (a in comp) != (b in comp)])
        if cycles:
            continue
        paths, seen = [], set()
        for c in sorted(ports):
            if c in seen:
                continue
            path, prev = [c], None
            while True:
                nxt = [d for d in adj[path[-1]] if d != prev]
                if not nxt:
                    break
                prev = path[-1]
                path.append(nxt[0])
            seen |= set(path)
            paths.append(path)
        if check:
            needs = check([tuple(sorted((p[0], p[-1]))) for p in paths if p[0] in pair or p[0] in paired])
            if needs:
                solver.add_clause([v for (a, b), v in pair.items() if needs(a, b)])
                continue
        return paths


def owned(owner, ports, j):
    """The free cells the j-th heel owns (heel 0 is the canonical window)."""
    return {(c[0] + 32 * (j - d), c[1]) for c, d in owner.items() if c not in ports}


def search_corner(owner, entry, exit_):
    """The last heel (k = 1) with the right edge's first four moves up."""
    ports = set(entry) | set(exit_)
    region = owned(owner, ports, 0) | {c for c, d in owner.items() if c not in ports and d == 1}
    for x in range(WIDTH):
        for y in range(20):
            b, a = band(x, y), x // 4
            if (15 <= b <= 18 and a > CORNER_GROUP) or (19 <= b <= 22 and a > CORNER_GROUP):
                region.add((x, y))
    region = {c for c in region if 0 <= c[0] < WIDTH and c[1] >= 0}
    fixed = {c: ("heel", p) for c, p in list(entry.items()) + list(exit_.items())}
    fixed.update({c: ("up", p) for c, p in block(CORNER_GROUP, 15).items()})
    fixed.update({c: ("up", (i ^ 1, j)) for c, (i, j) in block(CORNER_GROUP, 19).items()})
    assert not region & set(fixed)
    print(f"corner: {len(region)} cells", file=sys.stderr)
    return cover(region, fixed)


def search_junctions(owner, entry, exit_):
    ports = set(entry) | set(exit_)
    region = {(x, y) for x in range(40) for y in range(8) if band(x, y) <= 6}
    region -= owned(owner, ports, 0)
    region |= {c for c in owned(owner, ports, -1) if c[0] >= 0}
    region = {c for c in region if c[0] >= 0 and c[1] >= 0}
    turn = lambda p: (3 - p[0], 3 - p[1])
    half = lambda a, b: (START[a][0] < 2) != (START[b][0] < 2)

    def mixes(pairs):
        # the first junction pairs some cell of columns 1-2 with one of columns 3-4
        return None if any(half(a, b) for a, b in pairs) else half

    print(f"junction: {len(region)} cells", file=sys.stderr)
    first = cover(region, {}, START, mixes)
    m1 = [(START[p[0]], START[p[-1]]) for p in first]

    def one_cycle(pairs):
        m2 = [(turn(START[a]), turn(START[b])) for a, b in pairs]
        adj = {}
        for a, b in m1 + m2:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        comp = components(adj, [m1[0][0]], set())
        comp = comp[0] if comp else set(adj)
        if len(comp) == 16:
            return None
        return lambda a, b: (turn(START[a]) in comp) != (turn(START[b]) in comp)

    second = cover(region, {}, START, one_cycle)
    return first, second


def toml(pieces):
    out = [
        "# The giraffe's formation tour (docs/formation.md, \"The giraffe, a (1, 4)-leaper\"):",
        "# the pieces of the bottom half, as paths of cells [x, y] (y up) on a board with",
        "# k = 1, each path from one cell of the 4x4 formation block through the piece's own",
        "# cells to another block cell. Written by tools/giraffe_pieces.py (a SAT search, see",
        "# docs/regenerating.md); src/construct/besa/giraffe.rs re-checks them.",
    ]
    for name, doc, paths in pieces:
        out += ["", f"[{name}]"] + [f"# {d}" for d in doc] + ["paths = ["]
        out += ["    [" + ", ".join(f"[{x}, {y}]" for x, y in p) + "]," for p in paths]
        out.append("]")
    return "\n".join(out) + "\n"


def main():
    root = Path(__file__).resolve().parent.parent
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "src/construct/besa/giraffe.toml"
    t0 = time.time()
    heel, owner, entry, exit_ = search_heel()
    corner = search_corner(owner, entry, exit_)
    first, second = search_junctions(owner, entry, exit_)
    text = toml([
        ("junction", ["The bottom-left junction: eight paths pairing the cells of the block at",
                      "columns 0-3, rows 7-10."], first),
        ("top_junction", ["The top-right junction, turned by a half turn into the bottom-left one's place."], second),
        ("heel", ["The heel: sixteen paths from the descending block at columns 20-23, rows 2-5,",
                  "to the climbing block at columns 32-35, rows 3-6, each to the cell of its own",
                  "place in the block; the j-th heel is moved 32 j columns right."], heel),
        ("corner", ["The last heel with the right edge's first turn up: the heel's sixteen paths and",
                    "sixteen from the descending block at columns 40-43, rows 5-8, to the climbing",
                    "block at columns 40-43, rows 9-12; moved 32 (k - 1) columns right."], corner),
    ])
    target.write_text(text)
    print(f"wrote {target} in {time.time() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
