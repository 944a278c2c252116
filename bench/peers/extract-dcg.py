#!/usr/bin/env python3
"""Extract dcg's (destructive_command_guard) default-configuration labelled cases.

Reads the peer's git snapshot through `git show` only (no work tree needed) and
writes one JSON object per line to the output file (default: dcg.jsonl next to
the working directory).
Usage: python3 bench/peers/extract-dcg.py <git dir of dcg> [out.jsonl]  Python 3.11+, standard library only.

Sources (see README-dcg.md for the full rules):
  1. unit tests of the default `core` packs (src/packs/core/*.rs), plus the
     pack-level core tests in tests/repro_git_bypasses.rs;
  2. tests/corpus/**/*.toml (command cases; default config is what the
     regression harness runs them with);
  3. regression tests in tests/*.rs that run the whole evaluator (or the hook
     binary) with the default configuration -- an explicit list of files below,
     each with the reason it was kept; every other tests/*.rs file is dropped.

Commands labelled both ways are dropped; identical commands are kept once.
"""
import json
import os
import subprocess
import sys
import tomllib

REPO = ""  # set from argv: a clone or bare git dir of destructive_command_guard
OUT = "dcg.jsonl"


def debug(*a):
    if os.environ.get("DCG_EXTRACT_DEBUG"):
        print("debug:", *a, file=sys.stderr)


def git(*args):
    return subprocess.run(["git", "-C", REPO, *args], check=True,
                          capture_output=True).stdout


def show(path):
    return git("show", "HEAD:" + path).decode("utf-8")


def ls_files():
    return git("ls-tree", "-r", "--name-only", "HEAD").decode().splitlines()


# ---------------------------------------------------------------------------
# A small Rust tokenizer: enough to find string literals (normal and raw, with
# escapes decoded), identifiers, numbers and punctuation; comments skipped.
# ---------------------------------------------------------------------------
STR, IDENT, PUNCT, OTHER = "str", "ident", "punct", "other"


def decode_rust_escapes(body):
    out, i, n = [], 0, len(body)
    while i < n:
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        i += 1
        e = body[i]
        if e == "n":
            out.append("\n")
        elif e == "t":
            out.append("\t")
        elif e == "r":
            out.append("\r")
        elif e == "0":
            out.append("\0")
        elif e in "\\\"'":
            out.append(e)
        elif e == "x":
            out.append(chr(int(body[i + 1:i + 3], 16)))
            i += 2
        elif e == "u":  # \u{XXXX}
            j = body.index("}", i)
            out.append(chr(int(body[i + 2:j], 16)))
            i = j
        elif e == "\n":  # line continuation: skip newline and leading whitespace
            i += 1
            while i < n and body[i] in " \t\n\r":
                i += 1
            continue
        else:
            raise ValueError("unknown escape \\" + e)
        i += 1
    return "".join(out)


def tokenize(src):
    toks, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if c.isspace():
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            depth, i = 1, i + 2
            while depth:
                if src.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif src.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and i + 1 < n and src[i + 1] in '"#' and (
                src[i + 1] == '"' or src[i + 1:].lstrip("#").startswith('"')):
            j = i + 1
            hashes = 0
            while src[j] == "#":
                hashes += 1
                j += 1
            assert src[j] == '"'
            end = '"' + "#" * hashes
            k = src.index(end, j + 1)
            toks.append((STR, src[j + 1:k]))
            i = k + len(end)
        elif c == "b" and i + 1 < n and src[i + 1] in "\"'r":
            # byte string / byte char: not a command; skip it as OTHER
            j = i + 1
            if src[j] == "r":
                j += 1
                hashes = 0
                while src[j] == "#":
                    hashes += 1
                    j += 1
                end = '"' + "#" * hashes
                k = src.index(end, j + 1)
                i = k + len(end)
            else:
                q = src[j]
                k = j + 1
                while src[k] != q:
                    k += 2 if src[k] == "\\" else 1
                i = k + 1
            toks.append((OTHER, "b-literal"))
        elif c == '"':
            k = i + 1
            while src[k] != '"':
                k += 2 if src[k] == "\\" else 1
            toks.append((STR, decode_rust_escapes(src[i + 1:k])))
            i = k + 1
        elif c == "'":
            # char literal or lifetime
            if i + 2 < n and src[i + 1] == "\\":
                k = src.index("'", i + 3)
                toks.append((OTHER, "char"))
                i = k + 1
            elif i + 2 < n and src[i + 2] == "'":
                toks.append((OTHER, "char"))
                i += 3
            else:
                j = i + 1
                while j < n and (src[j].isalnum() or src[j] == "_"):
                    j += 1
                toks.append((OTHER, src[i:j]))
                i = j
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            toks.append((IDENT, src[i:j]))
            i = j
        elif c.isdigit():
            j = i
            while j < n and (src[j].isalnum() or src[j] in "._"):
                j += 1
            toks.append((OTHER, src[i:j]))
            i = j
        else:
            two = src[i:i + 2]
            if two in ("::", "!=", "==", "=>", "->", "&&", "||", "..", "<=", ">="):
                toks.append((PUNCT, two))
                i += 2
            else:
                toks.append((PUNCT, c))
                i += 1
    return toks


def match_close(toks, i):
    """toks[i] is an opening bracket; return the index of its closer."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    opener = toks[i][1]
    closer = pairs[opener]
    depth = 0
    for j in range(i, len(toks)):
        t = toks[j]
        if t[0] == PUNCT and t[1] in pairs:
            depth += 1
        elif t[0] == PUNCT and t[1] in pairs.values():
            depth -= 1
            if depth == 0:
                assert t[1] == closer
                return j
    raise ValueError("unbalanced")


def split_args(toks, lo, hi):
    """Split toks[lo:hi] (the inside of a bracket) on top-level commas."""
    args, cur, depth = [], [], 0
    for t in toks[lo:hi]:
        if t[0] == PUNCT and t[1] in "([{":
            depth += 1
        elif t[0] == PUNCT and t[1] in ")]}":
            depth -= 1
        if depth == 0 and t == (PUNCT, ","):
            args.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        args.append(cur)
    return args


def strip_ref(arg):
    while arg and arg[0] == (PUNCT, "&"):
        arg = arg[1:]
    while arg and arg[0] == (PUNCT, "*"):
        arg = arg[1:]
    return arg


def literal_of(arg):
    """A plain string literal argument (optionally borrowed) or None."""
    arg = strip_ref(arg)
    if len(arg) == 1 and arg[0][0] == STR:
        return arg[0][1]
    return None


def literal_list(arg):
    """`&[lit, lit]`, `[...]`, `vec![...]`, or `[(lit, ..), ..]` -> list of
    first-position literals; None when any element is not a literal."""
    arg = strip_ref(arg)
    if arg[:2] == [(IDENT, "vec"), (PUNCT, "!")]:
        arg = arg[2:]
    if not arg or arg[0] != (PUNCT, "[") or arg[-1] != (PUNCT, "]"):
        return None
    out = []
    for el in split_args(arg, 1, len(arg) - 1):
        if not el:
            continue
        if el[0] == (PUNCT, "(") and el[-1] == (PUNCT, ")"):
            inner = split_args(el, 1, len(el) - 1)
            lit = literal_of(inner[0]) if inner else None
        else:
            lit = literal_of(el)
        if lit is None:
            return None
        out.append(lit)
    return out


def functions(toks):
    """Yield (name, body_lo, body_hi) for every `fn name(...) ... { body }`."""
    i = 0
    while i < len(toks):
        if toks[i] == (IDENT, "fn") and i + 1 < len(toks) and toks[i + 1][0] == IDENT:
            name = toks[i + 1][1]
            j = i + 2
            while j < len(toks) and toks[j] not in ((PUNCT, "{"), (PUNCT, ";")):
                j += 1
            if j < len(toks) and toks[j] == (PUNCT, "{"):
                k = match_close(toks, j)
                yield name, j + 1, k
                i = k
        i += 1


# ---------------------------------------------------------------------------
# Source 1: core pack unit tests (test_helpers calls)
# ---------------------------------------------------------------------------
PACK_DENY = {"assert_blocks", "assert_blocks_with_pattern",
             "assert_blocks_with_severity", "assert_rm_parser_denies"}
PACK_ALLOW = {"assert_allows", "assert_safe_pattern_matches", "assert_no_match",
              "assert_rm_parser_allows", "assert_rm_parser_no_match"}
PACK_BATCH = {"test_batch_blocks": "deny", "test_batch_allows": "allow"}
# Not verdicts: assert_no_safe_match, assert_matches_within_budget,
# pack.matches_safe(...) (a safe pattern not matching says nothing about the
# final decision).


def extract_pack_tests(path, src, stats):
    toks = tokenize(src)
    # only inside `mod tests` for src files; whole file for tests/*.rs
    lo, hi = 0, len(toks)
    if path.startswith("src/"):
        for i in range(len(toks) - 2):
            if toks[i] == (IDENT, "mod") and toks[i + 1] == (IDENT, "tests"):
                lo = i + 3
                hi = match_close(toks, i + 2)
                break
        else:
            return []
    out = []
    i = lo
    while i < hi:
        t = toks[i]
        if (t[0] == IDENT and i + 1 < hi and toks[i + 1] == (PUNCT, "(")
                and (i == 0 or toks[i - 1] != (IDENT, "fn"))
                and (t[1] in PACK_DENY or t[1] in PACK_ALLOW or t[1] in PACK_BATCH)):
            close = match_close(toks, i + 1)
            args = split_args(toks, i + 2, close)
            name = t[1]
            if name.startswith("assert_rm_parser"):
                cmd_args = args[:1]           # (command, ...)
            else:
                cmd_args = args[1:2]          # (&pack, command, ...)
            if name in PACK_BATCH:
                cmds = literal_list(cmd_args[0]) if cmd_args else None
                label = PACK_BATCH[name]
            else:
                lit = literal_of(cmd_args[0]) if cmd_args else None
                cmds = None if lit is None else [lit]
                label = "deny" if name in PACK_DENY else "allow"
            if cmds is None:
                stats["pack_nonliteral"] += 1
            else:
                out += [(c, label) for c in cmds]
            i = close
        i += 1
    return out


# ---------------------------------------------------------------------------
# Source 3: whole-evaluator / hook regression tests with the default config
# ---------------------------------------------------------------------------
# file -> why it counts as the default configuration
REGRESSION_FILES = {
    "tests/repro_comment_fp.rs": "Config::default(), default allowlists",
    "tests/repro_echo_fp.rs": "Config::default(), enabled keywords of default packs",
    "tests/repro_line_continuation_bypass.rs": "Config::default()",
    "tests/repro_line_continuation_split.rs": "Config::default()",
    "tests/repro_newline_separator.rs": "Config::default()",
    "tests/repro_normalization_bypass.rs": "Config::default(), empty allowlists",
    "tests/repro_redirection_bypass.rs": "Config::default(), empty allowlists",
    "tests/repro_rm_multi_arg.rs": "Config::default()",
    "tests/repro_safe_pattern_bypass.rs": "Config::default(), empty allowlists",
    "tests/repro_windows_exe.rs": "Config::default() with heredoc.enabled=Some(true), which is the default",
    "tests/repro_wrapper_bypass.rs": "Config::default()",
    "tests/regression_path_anchors.rs": "Config::default(); keywords of core.git+core.filesystem (the default packs)",
    "tests/security_regressions_v2.rs": "Config::default() with heredoc on and packs=[core], both the defaults",
    "tests/security_regressions_v3.rs": "Config::default()",
    "tests/golden_isomorphism.rs": "test_helpers eval_snapshot: Config::default(), empty allowlists",
    "tests/git_bypass.rs": "hook binary run with no config, env or allowlist",
}
# Every other tests/*.rs file is dropped; the ones that evaluate commands and
# why (for the README):
DROPPED_FILES = {
    "tests/security_regressions.rs": "custom heredoc.max_body_bytes; commands built with format!",
    "tests/heredoc_pack_gap.rs": "enables kubernetes.kubectl",
    "tests/repro_restic_quoted.rs": "backup.restic pack (not default)",
    "tests/disk_tests.rs": "DCG_PACKS=system.disk",
    "tests/permissions_tests.rs": "DCG_PACKS=system.permissions",
    "tests/allowlist_command_tests.rs": "custom allowlist",
    "tests/cli_e2e.rs": "DCG_PACKS env override; allow-once/config/scan features",
    "tests/stdin_batch_mode.rs": "DCG_PACKS env override; batch-mode output tests",
    "tests/test_explanations.rs": "runs with a fixture config (with_config)",
    "tests/agent_profile_comprehensive.rs": "agent env/profile overrides",
    "tests/env_s_repro.rs": "calls normalizer + one pack directly, not the evaluator",
    "tests/*other*": "output-format / exit-code / CLI tests with no verdict on a command, "
                     "or internals (tokenizer, span classifier, heredoc extractor)",
}

# calls whose first argument is a command and whose verdict is asserted later
RUNNERS = {"evaluate_command", "run_hook", "eval_snapshot"}
# self-labelling calls
SELF_LABEL = {"check_blocked": "deny", "assert_allows_command": "allow",
              "assert_denies_with_rule": "deny"}
ASSERT_MACROS = {"assert", "assert_eq", "assert_ne"}


def assert_spans(toks, lo, hi):
    spans = []
    for i in range(lo, hi - 2):
        if (toks[i][0] == IDENT and toks[i][1] in ASSERT_MACROS
                and toks[i + 1] == (PUNCT, "!") and toks[i + 2] == (PUNCT, "(")):
            spans.append((i, match_close(toks, i + 2)))
    return spans


def assertion_verdict(toks, a, b):
    """Verdict asserted by the assert macro spanning toks[a..b], or None."""
    body = toks[a + 3:b]
    verdicts = set()
    for k, t in enumerate(body):
        prev = body[k - 1] if k else None
        if t == (IDENT, "is_denied"):
            verdicts.add("deny")
        elif t == (IDENT, "is_allowed"):
            verdicts.add("allow")
        elif t == (IDENT, "Allow") and k >= 3 and body[k - 3] == (PUNCT, "!=") \
                and body[k - 2] == (IDENT, "EvaluationDecision"):
            verdicts.add("deny")
        elif t == (IDENT, "contains") and k + 2 < len(body) and body[k + 2] == (STR, "deny"):
            # output.contains("deny") / !output.contains("deny")
            j = k - 1
            while j >= 0 and (body[j][0] == IDENT or body[j] in ((PUNCT, "."), (PUNCT, "("), (PUNCT, ")"))):
                j -= 1
            neg = j >= 0 and body[j] == (PUNCT, "!")
            verdicts.add("allow" if neg else "deny")
        elif t == (IDENT, "evaluate") and k + 1 < len(body) and body[k + 1] == (PUNCT, "("):
            # helper returning is_denied(): assert!(evaluate(cmd)) / assert!(!evaluate(cmd))
            verdicts.add("allow" if prev == (PUNCT, "!") else "deny")
        elif t[0] == STR and t[1] in ("deny", "allow") and prev == (PUNCT, ",") \
                and any(x == (IDENT, "decision") for x in body[:k]):
            # assert_eq!(snapshot.decision, "deny")
            verdicts.add(t[1])
    if len(verdicts) == 1:
        return verdicts.pop()
    return None


def extract_regression(path, src, stats):
    toks = tokenize(src)
    out = []
    for fname, lo, hi in functions(toks):
        # name -> list of literal commands (let bindings and loop variables)
        binds = {}
        spans = assert_spans(toks, lo, hi)
        span_verdict = {a: assertion_verdict(toks, a, b) for a, b in spans}
        pending = []
        i = lo
        while i < hi:
            t = toks[i]
            # let NAME = <literal | literal list>;
            if t == (IDENT, "let"):
                j = i + 1
                if toks[j] == (IDENT, "mut"):
                    j += 1
                if toks[j][0] == IDENT:
                    name = toks[j][1]
                    k = j + 1
                    if toks[k] == (PUNCT, ":"):
                        while toks[k] != (PUNCT, "="):
                            k += 1
                    if toks[k] == (PUNCT, "="):
                        e = k + 1
                        depth = 0
                        while True:
                            x = toks[e]
                            if x[0] == PUNCT and x[1] in "([{":
                                depth += 1
                            elif x[0] == PUNCT and x[1] in ")]}":
                                depth -= 1
                            elif x == (PUNCT, ";") and depth == 0:
                                break
                            e += 1
                        expr = toks[k + 1:e]
                        lit = literal_of(expr)
                        if lit is not None:
                            binds[name] = [lit]
                        else:
                            lst = literal_list(expr)
                            if lst is not None:
                                binds[name] = lst
                            else:
                                binds.pop(name, None)
            # for PAT in [&]NAME {
            if t == (IDENT, "for"):
                j = i + 1
                if toks[j] == (PUNCT, "("):
                    var = toks[j + 1][1]
                    j = match_close(toks, j) + 1
                else:
                    var = toks[j][1]
                    j += 1
                if toks[j] == (IDENT, "in"):
                    src_arg = []
                    k = j + 1
                    while toks[k] != (PUNCT, "{"):
                        src_arg.append(toks[k])
                        k += 1
                    src_arg = strip_ref(src_arg)
                    if len(src_arg) == 1 and src_arg[0][0] == IDENT and src_arg[0][1] in binds:
                        binds[var] = binds[src_arg[0][1]]
                    else:
                        lst = literal_list(src_arg)
                        if lst is not None:
                            binds[var] = lst
            if (t[0] == IDENT and i + 1 < hi and toks[i + 1] == (PUNCT, "(")
                    and toks[i - 1] != (IDENT, "fn")
                    and (t[1] in RUNNERS or t[1] in SELF_LABEL or t[1] == "evaluate")):
                close = match_close(toks, i + 1)
                args = split_args(toks, i + 2, close)
                first = strip_ref(args[0]) if args else []
                cmds = None
                if len(first) == 1 and first[0][0] == STR:
                    cmds = [first[0][1]]
                elif len(first) == 1 and first[0][0] == IDENT and first[0][1] in binds:
                    cmds = binds[first[0][1]]
                if cmds is None:
                    stats["regression_nonliteral"] += 1
                    debug("nonliteral", path, fname, first)
                elif t[1] in SELF_LABEL:
                    out += [(c, SELF_LABEL[t[1]]) for c in cmds]
                elif t[1] == "evaluate":
                    # labelled by the enclosing assert (assertion_verdict)
                    enclosing = [a for a, b in spans if a < i < b]
                    v = span_verdict.get(enclosing[-1]) if enclosing else None
                    if v:
                        out += [(c, v) for c in cmds]
                    else:
                        stats["regression_unasserted"] += len(cmds)
                        debug("unasserted", path, fname, cmds)
                else:
                    pending += cmds
                i = close
                continue
            # an assert macro closes the pending runner calls
            if t[0] == IDENT and t[1] in ASSERT_MACROS and i in span_verdict:
                v = span_verdict[i]
                if v and pending:
                    out += [(c, v) for c in pending]
                    pending = []
            i += 1
        stats["regression_unasserted"] += len(pending)
        if pending:
            debug("unasserted", path, fname, pending)
    return out


# ---------------------------------------------------------------------------
# Source 2: TOML corpus
# ---------------------------------------------------------------------------
def extract_toml(path, src, stats):
    data = tomllib.loads(src)
    out = []
    for case in data.get("case", []):
        if case.get("input_kind", "command") != "command" or "command" not in case:
            stats["toml_not_command"] += 1
            continue
        exp = case.get("expected", case.get("expected_decision"))
        if exp not in ("deny", "allow"):
            stats["toml_no_verdict"] += 1
            continue
        out.append((case["command"], exp))
    return out


def main():
    global REPO
    if len(sys.argv) < 2:
        sys.exit("usage: extract-dcg.py <git dir or clone of destructive_command_guard> [out.jsonl]")
    REPO = sys.argv[1]
    out_path = sys.argv[2] if len(sys.argv) > 2 else OUT
    files = ls_files()
    stats = {k: 0 for k in ("pack_nonliteral", "regression_nonliteral",
                            "regression_unasserted", "toml_not_command",
                            "toml_no_verdict")}
    raw = []  # (command, label, source)
    for f in files:
        if f.startswith("src/packs/core/") and f.endswith(".rs"):
            raw += [(c, l, f) for c, l in extract_pack_tests(f, show(f), stats)]
    # pack-level tests of core packs that live under tests/
    f = "tests/repro_git_bypasses.rs"
    raw += [(c, l, f) for c, l in extract_pack_tests(f, show(f), stats)]
    for f in files:
        if f.startswith("tests/corpus/") and f.endswith(".toml"):
            raw += [(c, l, f) for c, l in extract_toml(f, show(f), stats)]
    for f in sorted(REGRESSION_FILES):
        raw += [(c, l, f) for c, l in extract_regression(f, show(f), stats)]

    labels, first_src, order = {}, {}, []
    for c, l, s in raw:
        if c not in labels:
            labels[c] = set()
            first_src[c] = s
            order.append(c)
        labels[c].add(l)
    conflicted = [c for c in order if len(labels[c]) > 1]
    empty = [c for c in order if not c.strip()]
    kept = [c for c in order if len(labels[c]) == 1 and c.strip()]

    per_source = {}
    with open(out_path, "w") as fh:
        for n, c in enumerate(kept, 1):
            label = next(iter(labels[c]))
            src = first_src[c]
            per_source.setdefault(src, {"deny": 0, "allow": 0})[label] += 1
            rec = {
                "id": "dcg-%04d" % n,
                "surface": "claude-code",
                "event": "PreToolUse",
                "payload": {
                    "session_id": "peer-dcg",
                    "cwd": "/home/user/project",
                    "hook_event_name": "PreToolUse",
                    "tool_name": "Bash",
                    "tool_input": {"command": c},
                },
                "expect": label,
                "category": "dcg:" + src,
            }
            fh.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n")

    commit = git("rev-parse", "HEAD").decode().strip()
    print("dcg snapshot", commit, file=sys.stderr)
    print("raw labelled calls/cases:", len(raw), file=sys.stderr)
    print("distinct commands:", len(order), file=sys.stderr)
    print("dropped, labelled both ways:", len(conflicted), file=sys.stderr)
    for c in conflicted:
        print("   ", json.dumps(c), file=sys.stderr)
    print("dropped, empty command:", len(empty), file=sys.stderr)
    for k, v in stats.items():
        print("skipped %s: %d" % (k, v), file=sys.stderr)
    tot = {"deny": 0, "allow": 0}
    for s in sorted(per_source):
        d = per_source[s]
        tot["deny"] += d["deny"]
        tot["allow"] += d["allow"]
        print("  %-50s deny %3d allow %3d" % (s, d["deny"], d["allow"]), file=sys.stderr)
    print("written %d cases (%d deny, %d allow) to %s"
          % (len(kept), tot["deny"], tot["allow"], out_path), file=sys.stderr)


if __name__ == "__main__":
    main()
