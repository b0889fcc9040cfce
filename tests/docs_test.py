#!/usr/bin/env python3
"""Runs the examples in README.md and docs/*.md and compares their output.

Usage: docs_test.py [--no-nauty] GRUNDY SOURCE_DIR [FILE.md ...]

What counts as an example. In a fenced code block (``` with any language
tag, or none), a line `$ COMMAND` that runs `grundy` (at the start of the
command, or after `|`, `;`, `&&`, `||`, `(` or `$(`) is an example; the
lines after it, up to the next `$ ` line or the end of the block, are its
expected output. A `$ ` line that does not run grundy (`printf ... > f`,
`cat > f << EOF` with its here-document) is a set-up step: it is run, its
output is not compared, and it must exit 0; one that shows output
(README's `python3 -c 'import grundy ...'`, which needs an install) is not
run at all.

How an example is run. Each page gets its own scratch directory, and its
commands run there in the page's order with `bash -c`, so a file that a
page creates is there for its later examples. `grundy` is the binary under
test (first on PATH; `./build/grundy` works too), GRUNDY_NATIVE=0, and HOME
and XDG_CACHE_HOME are inside the scratch directory. The shipped files of
examples/ and tests/golden/files/ are copied into it first; and a code
block without `$ ` lines whose preceding line ends in "`NAME`:" (loopy.md:
"A worked example with a file, `moves.txt`:") is written as the file NAME.
A `grundy play` example with no input of its own gets the moves that its
transcript shows after the prompt `your move> ` on stdin.

How the output is compared. Line by line, trailing blanks ignored, and
trailing empty lines ignored. The output is stdout; when the expected
output holds a line `grundy: error: ...` or `grundy: warning: ...`, it is
stdout followed by stderr. Elisions:
  - a line that is just `...` (optionally indented, optionally followed by
    blanks and a `# comment`) matches any number of lines, zero included;
  - any other line that ends in `...` matches every line that begins with
    the text before the `...` (so `value: 3 ...` matches `value: 3 (N)`).
The exit status is not compared; a `$ grundy` line with no output shown
(its comment describes the output instead) must exit with status 0.
Set-up steps and examples both time out after 300 s.

Builds with and without nauty. An example whose command line says
"(needs nauty)" (in its comment) needs nauty; one that says "(a build
without nauty)" shows what a build without it prints, and is skipped here.
With --no-nauty the binary is a build without nauty (test.sh builds one):
the examples "(a build without nauty)" are run and compared; every example
"(needs nauty)" must exit 2 and print exactly the output of one of them
(the documented refusal, read from every page even when only some are
run); all other examples are run as usual, so a first run without nauty
keeps every promise the pages make. The run fails when it finds no example
of either kind.

Prints one line per mismatch (file:line, the command, a short diff) and
then `docs_test: N examples, M mismatches`; exits 1 on any mismatch.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Examples not run, each with its reason: (file, a substring of the command).
ALLOWLIST = [
    ("README.md", "grundy census 'tb[0.???]' --to 100000",
     "about 6 minutes on 2 cores; the census is tested by census_shards"),
]

# Examples whose doc is right and the binary wrong: (file, substring, reason).
# They are run and reported, but do not fail the test.
KNOWN_BUGS = [
]

TIMEOUT = 300

GRUNDY_CMD = re.compile(r"(?:^|[|;&(]|\$\()\s*(?:[A-Z_]+=\S*\s+)*(?:\./build/)?grundy(?:\s|$)")
ELIDE_ALL = re.compile(r"^\s*\.\.\.\s*(?:#.*)?$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)(.*)$")
FILE_INTRO = re.compile(r"`([\w.-]+\.\w+)`:\s*$")
HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?")
PROMPT = "your move> "
NEEDS_NAUTY = "(needs nauty)"
WITHOUT_NAUTY = "(a build without nauty)"


class Example:
    def __init__(self, path, line, cmd, expected, setup=False, shows_output=False):
        self.path, self.line, self.cmd, self.expected = path, line, cmd, expected
        self.setup, self.shows_output = setup, shows_output


def parse(path, rel):
    """Yields the page's steps in order: Example, or ('file', name, text)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence = m.group(1), m.group(2)
        start = i
        body = []
        i += 1
        while i < len(lines) and not (lines[i].strip().startswith(fence) and lines[i].strip().strip(fence[0]) == ""):
            ln = lines[i]
            body.append(ln[len(indent):] if ln.startswith(indent) else ln.lstrip())
            i += 1
        i += 1
        if not any(b.startswith("$ ") for b in body):
            prev = lines[start - 1] if start > 0 else ""
            fm = FILE_INTRO.search(prev)
            if fm:
                yield ("file", fm.group(1), "\n".join(body) + "\n")
            continue
        j = 0
        while j < len(body):
            if not body[j].startswith("$ "):
                j += 1
                continue
            lineno = start + 2 + j
            cmd = body[j][2:]
            j += 1
            while cmd.endswith("\\") and j < len(body):
                cmd = cmd + "\n" + body[j]
                j += 1
            hd = HEREDOC.search(cmd)
            if hd:
                while j < len(body):
                    cmd += "\n" + body[j]
                    j += 1
                    if body[j - 1].strip() == hd.group(1):
                        break
            out = []
            while j < len(body) and not body[j].startswith("$ "):
                out.append(body[j])
                j += 1
            is_grundy = bool(GRUNDY_CMD.search(cmd.split("\n")[0]))
            yield Example(rel, lineno, cmd, out, setup=not is_grundy, shows_output=bool(out))


def strip_tail(lines):
    lines = [ln.rstrip() for ln in lines]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def matches(expected, actual):
    pat = []
    for e in expected:
        if ELIDE_ALL.match(e):
            pat.append(r"(?:[^\n]*\n)*?")
        elif e.endswith("..."):
            pat.append(re.escape(e[:-3]) + r"[^\n]*\n")
        else:
            pat.append(re.escape(e) + r"\n")
    text = "".join(a + "\n" for a in actual)
    return re.fullmatch("".join(pat), text) is not None


def play_input(ex):
    """The moves a `grundy play` transcript shows after its prompts."""
    if not re.match(r"^\s*grundy\s+play\b", ex.cmd) or "<" in ex.cmd:
        return None
    moves = [e[len(PROMPT):] for e in ex.expected if e.startswith(PROMPT)]
    return "".join(m + "\n" for m in moves) if moves else None


def setup_dir(root, src, grundy):
    os.makedirs(os.path.join(root, "bin"))
    os.makedirs(os.path.join(root, "work", "build"))
    os.makedirs(os.path.join(root, "home"))
    os.symlink(grundy, os.path.join(root, "bin", "grundy"))
    os.symlink(grundy, os.path.join(root, "work", "build", "grundy"))
    for d in ("examples", os.path.join("tests", "golden", "files")):
        full = os.path.join(src, d)
        for name in sorted(os.listdir(full)):
            if os.path.isfile(os.path.join(full, name)):
                shutil.copy(os.path.join(full, name), os.path.join(root, "work", name))
    env = dict(os.environ)
    env.update(PATH=os.path.join(root, "bin") + os.pathsep + env.get("PATH", "/usr/bin:/bin"),
               GRUNDY_NATIVE="0", HOME=os.path.join(root, "home"),
               XDG_CACHE_HOME=os.path.join(root, "home", ".cache"), LC_ALL="C.UTF-8")
    return os.path.join(root, "work"), env


def listed(table, ex):
    for entry in table:
        if entry[0] == ex.path and entry[1] in ex.cmd:
            return entry
    return None


def all_pages(src):
    return ["README.md"] + sorted(
        os.path.join("docs", f) for f in os.listdir(os.path.join(src, "docs")) if f.endswith(".md"))


def nauty_kind(ex):
    first = ex.cmd.split("\n")[0]
    return "needs" if NEEDS_NAUTY in first else "without" if WITHOUT_NAUTY in first else None


def main():
    args = sys.argv[1:]
    no_nauty = bool(args) and args[0] == "--no-nauty"
    if no_nauty:
        args = args[1:]
    if len(args) < 2:
        sys.exit("usage: docs_test.py [--no-nauty] GRUNDY SOURCE_DIR [FILE.md ...]")
    grundy = os.path.abspath(args[0])
    src = os.path.abspath(args[1])
    chosen = args[2:]
    pages = chosen or all_pages(src)
    # what a build without nauty prints, as the pages show it
    refusals = [strip_tail(step.expected) for rel in all_pages(src) for step in parse(os.path.join(src, rel), rel)
                if not isinstance(step, tuple) and nauty_kind(step) == "without"]
    checked = mismatches = unshown = skipped_nauty = ran_needs = ran_without = 0
    used_allow, used_bugs = set(), set()
    with tempfile.TemporaryDirectory(prefix="docs_test.") as tmp:
        for n, rel in enumerate(pages):
            cwd, env = setup_dir(os.path.join(tmp, str(n)), src, grundy)
            for step in parse(os.path.join(src, rel), rel):
                if isinstance(step, tuple):
                    with open(os.path.join(cwd, step[1]), "w", encoding="utf-8") as f:
                        f.write(step[2])
                    continue
                ex = step
                if ex.setup and ex.shows_output:
                    continue
                allow = listed(ALLOWLIST, ex)
                if allow:
                    used_allow.add(allow)
                    continue
                kind = nauty_kind(ex)
                if kind == "without" and not no_nauty:
                    skipped_nauty += 1
                    continue
                stdin = play_input(ex) if not ex.setup else None
                try:
                    p = subprocess.run(["bash", "-c", ex.cmd], cwd=cwd, env=env, input=stdin or "",
                                       capture_output=True, text=True, timeout=TIMEOUT)
                    out, err, rc = p.stdout, p.stderr, p.returncode
                except subprocess.TimeoutExpired:
                    out, err, rc = "", f"(timed out after {TIMEOUT} s)", None
                where = f"{ex.path}:{ex.line}: $ {ex.cmd.splitlines()[0]}"
                if no_nauty and kind == "needs":
                    checked += 1
                    ran_needs += 1
                    actual = strip_tail((out + err).split("\n"))
                    if rc == 2 and any(matches(r, actual) for r in refusals):
                        continue
                    mismatches += 1
                    print(f"MISMATCH {where}\n    (needs nauty): a build without nauty must exit 2 with a documented "
                          f"refusal {refusals[:1]}, got exit {rc}: {actual[:3]}")
                    continue
                if ex.setup or not ex.shows_output:
                    if not ex.setup:
                        unshown += 1
                    if rc != 0:
                        mismatches += 1
                        print(f"MISMATCH {where}\n    exit {rc} (a command shown without output must succeed): "
                              f"{err.strip()[:300]}")
                    continue
                checked += 1
                ran_without += kind == "without"
                expected = strip_tail(ex.expected)
                shows_err = any(re.match(r"grundy: (error|warning): ", e) for e in expected)
                actual = strip_tail((out + err if shows_err else out).split("\n"))
                if matches(expected, actual):
                    continue
                bug = listed(KNOWN_BUGS, ex)
                diff = list(difflib.unified_diff(expected, actual, "doc", "grundy", n=1, lineterm=""))[2:]
                if len(diff) > 14:
                    diff = diff[:14] + [f"... ({len(diff) - 14} more diff lines)"]
                if bug:
                    used_bugs.add(bug)
                    print(f"KNOWN BUG {where}\n    {bug[2]}")
                    continue
                mismatches += 1
                print(f"MISMATCH {where}")
                for d in diff:
                    print("    " + d)
                if not shows_err and err.strip():
                    print("    stderr: " + err.strip().splitlines()[0][:200])
    if no_nauty and not chosen and (not ran_needs or not ran_without):
        mismatches += 1
        print(f"MISMATCH --no-nauty: {ran_needs} examples '{NEEDS_NAUTY}' and {ran_without} '{WITHOUT_NAUTY}' run; "
              "each kind must have one at least")
    for entry in ALLOWLIST:
        if entry not in used_allow and not chosen:
            mismatches += 1
            print(f"MISMATCH allowlist entry {entry[0]}: {entry[1]!r} matches no example any more")
    for entry in KNOWN_BUGS:
        if entry in used_bugs:
            continue
        if not chosen:
            print(f"NOTE known bug {entry[0]}: {entry[1]!r} no longer differs (remove it from KNOWN_BUGS)")
    print(f"docs_test: {unshown} commands shown without output run (they must exit 0); "
          f"{len(used_allow)} allowlisted, {len(used_bugs)} known bugs")
    if no_nauty:
        print(f"docs_test --no-nauty: {ran_needs} examples '{NEEDS_NAUTY}' checked for the documented refusal; "
              f"{ran_without} '{WITHOUT_NAUTY}' compared")
    else:
        print(f"docs_test: {skipped_nauty} examples '{WITHOUT_NAUTY}' skipped (docs_test.py --no-nauty runs them)")
    print(f"docs_test: {checked} examples, {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
