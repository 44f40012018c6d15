#!/usr/bin/env python3
"""Reference values for crates/arena/src/stats.rs, derived independently.

Elo intervals: the normal approximation of the mean score, mapped through
the logistic Elo curve. LLR (trinomial): the constrained maximum-likelihood
fit found by golden-section search over the draw rate, not by the Lagrange
root the Rust code uses. Pentanomial LLR: the usual normal approximation
N (s1 - s0)(2 m - s0 - s1) / (2 var), which the exact value must be close to.
Run: python3 docs/arena-stats-reference.py
"""
import math

Z = 1.959963984540054


def elo(s):
    return -400 * math.log10(1 / s - 1)


def score(e):
    return 1 / (1 + 10 ** (-e / 400))


def estimate(outcomes):
    n = sum(c for _, c in outcomes)
    m = sum(x * c for x, c in outcomes) / n
    v = sum(c * (x - m) ** 2 for x, c in outcomes) / n
    e = math.sqrt(v / n)
    return m, elo(m), elo(m - Z * e), elo(m + Z * e)


def trinomial_log_likelihood(w, d, l, mu):
    def f(pd):
        pw, pl = mu - pd / 2, 1 - mu - pd / 2
        if min(pw, pd, pl) <= 0:
            return -1e300
        return w * math.log(pw) + d * math.log(pd) + l * math.log(pl)

    a, b = 1e-15, min(2 * mu, 2 * (1 - mu)) - 1e-15
    g = (math.sqrt(5) - 1) / 2
    for _ in range(300):
        c, d_ = b - g * (b - a), a + g * (b - a)
        if f(c) > f(d_):
            b = d_
        else:
            a = c
    return f((a + b) / 2)


print("trinomial 60/20/20:", estimate([(1, 60), (0.5, 20), (0, 20)]))
print("pentanomial 5/20/50/30/10:", estimate([(i / 4, c) for i, c in enumerate([5, 20, 50, 30, 10])]))
for w, d, l, e0, e1 in [(1200, 1500, 1100, 0, 10), (36433, 36027, 68692, 0, 10)]:
    llr = trinomial_log_likelihood(w, d, l, score(e1)) - trinomial_log_likelihood(w, d, l, score(e0))
    print(f"LLR {w}/{d}/{l} [{e0}, {e1}]:", llr)
counts = [400, 2000, 5000, 2200, 450]
outcomes = [(i / 4, c) for i, c in enumerate(counts)]
n = sum(counts)
m = sum(x * c for x, c in outcomes) / n
v = sum(c * (x - m) ** 2 for x, c in outcomes) / n
s0, s1 = score(0), score(5)
print("pentanomial LLR approx [0, 5]:", n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v))
