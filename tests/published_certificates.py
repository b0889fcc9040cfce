#!/usr/bin/env python3
"""Certificates of the published periods (tests/published_periods.txt): for
each code, `grundy seq CODE --period --certificate F` with the values the
proof needs, then both checkers (`grundy check F` and
tools/check_certificate.py F), each timed; every certificate must be
accepted by both and state the published preperiod and period.

Usage: published_certificates.py GRUNDY SOURCE_DIR [--max-count N] [--py-max-count N] [--only CODE,...]
  --max-count N     skip codes whose certificate covers more than N values
  --py-max-count N  run the Python checker only up to N values (it is the
                    slow one; the table says 'skipped' past it)
Exit 0 when every certificate written was accepted by both checkers."""
import os
import subprocess
import sys
import tempfile
import time


def window(th, t, e, p):
    e1 = max(e, 1)
    return {"subtraction": e + t, "take-break-nosplit": e1 + t, "guy-smith-2": 2 * e1 + p + t,
            "guy-smith-3": 3 * e1 + 2 * p + t}[th]


def timed(cmd):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r, time.perf_counter() - t0


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    grundy, src = args[0], args[1]
    opts = {"--max-count": 10 ** 12, "--py-max-count": 10 ** 12}
    only = None
    i = 2
    while i < len(args):
        if args[i] in opts and i + 1 < len(args):
            opts[args[i]] = int(float(args[i + 1]))
        elif args[i] == "--only" and i + 1 < len(args):
            only = set(args[i + 1].split(","))
        else:
            print("published_certificates: unknown argument %r" % args[i], file=sys.stderr)
            return 2
        i += 2
    py = os.path.join(src, "tools", "check_certificate.py")
    games = []
    with open(os.path.join(src, "tests", "published_periods.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                code, e, p = line.split()
                games.append((code, int(e), int(p)))
    tmp = tempfile.mkdtemp()
    bad = 0
    print("| code | preperiod + period | theorem | values (window) | stored | file | write | grundy check | check_certificate.py |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for code, e, p in games:
        if only and code not in only:
            continue
        spec = "tb[%s]" % code
        # the most tokens one move removes: the last nonzero digit after the point
        t = max([k + 1 for k, d in enumerate(code.split(".")[1]) if d != "0"] or [0])
        th = "guy-smith-3" if any(int(d, 16) & 8 for d in code.replace(".", "")) else (
            "guy-smith-2" if any(int(d, 16) & 4 for d in code.replace(".", "")) else "take-break-nosplit")
        count = window(th, t, e, p) + p
        if count > opts["--max-count"]:
            continue
        path = os.path.join(tmp, code + ".cert")
        r, tw = timed([grundy, "seq", spec, "--to", str(count + 1), "--period", "--certificate", path])
        if r.returncode != 0 or ("period %d from n = %d " % (p, e)) not in r.stdout:
            print("published_certificates: %s: %s%s" % (spec, r.stdout.strip(), r.stderr.strip()), file=sys.stderr)
            bad += 1
            continue
        stored = 0
        with open(path) as f:
            for line in f:
                if line.startswith("stored "):
                    stored = int(line.split()[1])
                    break
        size = os.path.getsize(path)
        rc, tc = timed([grundy, "check", path])
        if rc.returncode != 0:
            print("published_certificates: grundy check %s: %s" % (spec, rc.stderr.strip()), file=sys.stderr)
            bad += 1
        ptime = "skipped"
        if count <= opts["--py-max-count"]:
            rp, tp = timed([sys.executable, py, path])
            if rp.returncode != 0:
                print("published_certificates: check_certificate.py %s: %s" % (spec, rp.stderr.strip()), file=sys.stderr)
                bad += 1
            ptime = "%.2f s" % tp
        print("| `%s` | %d + %d | %s | %d | %d | %s | %.2f s | %.2f s | %s |" % (
            spec, e, p, th, count, stored,
            "%.1f KB" % (size / 1e3) if size < 1e6 else "%.1f MB" % (size / 1e6), tw, tc, ptime))
        sys.stdout.flush()
        os.remove(path)
    os.rmdir(tmp)
    if bad:
        print("published_certificates: %d failures" % bad, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
