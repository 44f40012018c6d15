#!/usr/bin/env python3
"""Puts levels 1-10 on one Elo scale from the matches of docs/levels.sh.

    python3 docs/levels-fit.py docs/levels-results.tsv [--anchor LEVEL]

Input: one match a line, `HI LO GAMES W D L P0 P1 P2 P3 P4` (W D L: HI's
wins, draws, losses; P0..P4: opening pairs in which HI scored 0..2 points);
`#` starts a comment. The model is the logistic Elo curve: a game between
ratings a and b scores E = 1 / (1 + 10^((b - a) / 400)) for a, a draw
counting half. The ratings are its maximum-likelihood fit over all matches
together (Newton's method), the anchor level (default: the highest) held at 0. The 95 % intervals
are 1.96 standard errors of the sandwich estimate with each opening pair as
one observation, as `towers arena`'s pentanomial interval is (one match
alone gives the arena's Elo and interval back). A match one side won every
game of only bounds its gap from below and pushes the fit to infinity when
nothing else links that side: the script says so and stops.

Standard library only.
"""

import math
import sys

C = math.log(10) / 400  # dE/d(Elo) = C * E * (1 - E)


def read(path):
    matches = []
    for line in open(path):
        line = line.split("#")[0].split()
        if not line:
            continue
        hi, lo, games, w, d, l, *pairs = map(int, line)
        assert w + d + l == games and len(pairs) == 5 and sum(pairs) * 2 == games, line
        matches.append((hi, lo, games, w, d, l, pairs))
    return matches


def solve(a, b):
    """Solves a x = b (a small dense matrix) by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def inverse(a):
    n = len(a)
    cols = [solve(a, [float(i == j) for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def expected(d):
    return 1 / (1 + 10 ** (-d / 400))


def fit(matches, anchor):
    levels = sorted({x for m in matches for x in m[:2]})
    free = [x for x in levels if x != anchor]
    index = {x: i for i, x in enumerate(free)}
    for level in levels:
        scores = [(m[3] + m[4] / 2) / m[2] if m[0] == level else (m[5] + m[4] / 2) / m[2]
                  for m in matches if level in m[:2]]
        if all(s == 1 for s in scores) or all(s == 0 for s in scores):
            sys.exit(f"level {level} won or lost every game it played: its Elo is unbounded; "
                     "give it a match it does not sweep")
    rating = {x: 0.0 for x in levels}

    def grad_hess():
        g = [0.0] * len(free)
        h = [[0.0] * len(free) for _ in free]
        for hi, lo, games, w, d, l, _ in matches:
            e = expected(rating[hi] - rating[lo])
            gd = C * (w + d / 2 - games * e)  # d(log-likelihood)/d(hi - lo)
            hd = C * C * games * e * (1 - e)
            for x, sx in ((hi, 1), (lo, -1)):
                if x in index:
                    g[index[x]] += sx * gd
                    for y, sy in ((hi, 1), (lo, -1)):
                        if y in index:
                            h[index[x]][index[y]] += sx * sy * hd
        return g, h

    for _ in range(100):
        g, h = grad_hess()
        step = solve(h, g)
        for x in free:
            rating[x] += max(-400, min(400, step[index[x]]))
        if max(map(abs, step)) < 1e-9:
            break
    _, h = grad_hess()
    j = [[0.0] * len(free) for _ in free]  # sum of the pair scores' outer products
    for hi, lo, games, w, d, l, pairs in matches:
        e = expected(rating[hi] - rating[lo])
        jd = C * C * sum(n * (k / 2 - 2 * e) ** 2 for k, n in enumerate(pairs))
        for x, sx in ((hi, 1), (lo, -1)):
            if x in index:
                for y, sy in ((hi, 1), (lo, -1)):
                    if y in index:
                        j[index[x]][index[y]] += sx * sy * jd
    hinv = inverse(h)
    n = len(free)
    cov_free = [[sum(hinv[a][k] * j[k][l] * hinv[l][b] for k in range(n) for l in range(n))
                 for b in range(n)] for a in range(n)]

    def cov(x, y):
        return 0.0 if anchor in (x, y) else cov_free[index[x]][index[y]]

    return levels, rating, cov


def elo_of_score(score):
    return -400 * math.log10(1 / score - 1) if 0 < score < 1 else math.copysign(math.inf, score - 0.5)


def main():
    args = sys.argv[1:]
    anchor = None
    if "--anchor" in args:
        i = args.index("--anchor")
        anchor = int(args[i + 1])
        del args[i : i + 2]
    matches = read(args[0])
    if anchor is None:
        anchor = max(m[0] for m in matches)
    levels, rating, cov = fit(matches, anchor)
    print(f"Ratings (level {anchor} = 0; 95 % intervals):")
    print("level | Elo | gap to the level below")
    below = None
    for x in levels:
        half = 1.96 * math.sqrt(cov(x, x))
        gap = ""
        if below is not None:
            var = cov(x, x) + cov(below, below) - 2 * cov(x, below)
            gap = f"{rating[x] - rating[below]:+.0f} ± {1.96 * math.sqrt(var):.0f}"
        print(f"{x} | {rating[x]:+.0f} ± {half:.0f} | {gap}")
        below = x
    print("\nEach match, its own Elo against the fit's:")
    print("match | games | W-D-L | score | Elo (match) | Elo (fit)")
    for hi, lo, games, w, d, l, _ in matches:
        score = (w + d / 2) / games
        print(f"{hi}-{lo} | {games} | {w}-{d}-{l} | {100 * score:.1f} % | "
              f"{elo_of_score(score):+.0f} | {rating[hi] - rating[lo]:+.0f}")


if __name__ == "__main__":
    main()
