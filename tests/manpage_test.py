#!/usr/bin/env python3
"""The manual page says what the help says: grundy help --man, unescaped,
holds the usage text and every topic of `grundy help TOPIC` verbatim, and
(when groff is installed) formats without warnings.
Usage: manpage_test.py GRUNDY_BINARY [MANPAGE_FILE]"""
import re
import shutil
import subprocess
import sys

grundy = sys.argv[1]


def run(*args):
    return subprocess.run([grundy, *args], check=True, capture_output=True, text=True).stdout


man = run("help", "--man")
if len(sys.argv) > 2:
    with open(sys.argv[2], encoding="utf-8") as f:
        if f.read() != man:
            sys.exit("manpage_test: the built grundy.1 differs from 'grundy help --man'")


def unescape(block):
    lines = []
    for line in block.split("\n"):
        if line.startswith("\\&"):
            line = line[2:]
        lines.append(line.replace("\\e", "\\"))
    return "\n".join(lines)


blocks = re.findall(r"^\.nf\n(.*?)^\.fi$", man, re.S | re.M)
texts = [unescape(b) for b in blocks]
fail = 0
if run("help") not in texts:
    print("manpage_test: the usage text is not in the manual page")
    fail = 1
topics = run("help", "topics").split(":", 1)[1].split()
for t in topics:
    if f".SS {t}\n" not in man:
        print(f"manpage_test: no section for topic {t}")
        fail = 1
    elif run("help", t) not in texts:
        print(f"manpage_test: the section for {t} differs from 'grundy help {t}'")
        fail = 1
if shutil.which("groff"):
    r = subprocess.run(["groff", "-k", "-man", "-ww", "-z"], input=man, capture_output=True, text=True)
    if r.returncode != 0 or r.stderr.strip():
        print("manpage_test: groff warns:", r.stderr.strip()[:500])
        fail = 1
if not fail:
    print(f"manpage_test: the usage and {len(topics)} topics match the help")
sys.exit(fail)
