"""Shared helpers for the Python client checks.

Each check runs the same steps against MariaDB directly and through squeeze
and compares what the client saw, value by value (bytes, not row counts).
"""
import argparse
import sys

EMOJI = "😀🎉 ünïcödé 中文 𝄞 \U0001F468\u200D\U0001F469"
ALL_BYTES = bytes(range(256))


def args():
    p = argparse.ArgumentParser()
    p.add_argument("--direct", type=int, required=True, help="MariaDB port")
    p.add_argument("--proxy", type=int, required=True, help="squeeze port")
    p.add_argument("--ca", required=True, help="CA certificate (PEM)")
    p.add_argument("--db", required=True, help="database name to (re)create")
    return p.parse_args()


def compare(name, direct, proxied):
    """direct/proxied: lists of (label, value). Exits 1 on the first mismatch."""
    if len(direct) != len(proxied):
        print(f"{name}: {len(direct)} steps direct vs {len(proxied)} through squeeze", file=sys.stderr)
        sys.exit(1)
    for (l1, d), (l2, p) in zip(direct, proxied):
        assert l1 == l2, (l1, l2)
        if repr(d) != repr(p):
            print(f"{name}/{l1}: differs\n direct: {repr(d)[:2000]}\n proxy:  {repr(p)[:2000]}", file=sys.stderr)
            sys.exit(1)
    print(f"{name}: {len(direct)} steps identical")


def check(cond, msg):
    if not cond:
        print("assertion failed: " + msg, file=sys.stderr)
        sys.exit(1)
