#!/usr/bin/env python3
"""Validate redteam.jsonl: every line parses, required fields present, ids unique, counts."""
import json, sys, collections
path = sys.argv[1] if len(sys.argv) > 1 else "/work/redteam/redteam.jsonl"
SURF = {"claude-code":{"PreToolUse","UserPromptSubmit"},"cursor":{"beforeShellExecution","beforeReadFile","beforeMCPExecution","beforeSubmitPrompt","preToolUse"},
        "codex":{"PreToolUse","UserPromptSubmit"},"gemini":{"BeforeTool","BeforeAgent"},"copilot":{"preToolUse","userPromptSubmitted"},
        "windsurf":{"pre_run_command","pre_read_code","pre_write_code","pre_mcp_tool_use","pre_user_prompt"},"antigravity":{"PreToolUse","PreInvocation"}}
REQ = ["id","surface","event","payload","expect","category","note"]
ids, errs, rows = set(), [], []
for n, line in enumerate(open(path), 1):
    try: c = json.loads(line)
    except Exception as e: errs.append(f"line {n}: bad JSON {e}"); continue
    for k in REQ:
        if k not in c or c[k] in ("", None): errs.append(f"line {n}: missing {k}")
    if c.get("id") in ids: errs.append(f"line {n}: duplicate id {c.get('id')}")
    ids.add(c.get("id"))
    if c.get("surface") not in SURF: errs.append(f"line {n}: bad surface")
    elif c.get("event") not in SURF[c["surface"]]: errs.append(f"line {n}: bad event {c.get('event')}")
    if c.get("expect") not in ("deny","flag","allow"): errs.append(f"line {n}: bad expect")
    if not isinstance(c.get("payload"), dict): errs.append(f"line {n}: payload not object")
    p = c.get("payload", {})
    if c.get("surface") == "copilot" and c.get("event") == "preToolUse" and not isinstance(p.get("toolArgs"), str): errs.append(f"line {n}: toolArgs must be a JSON string")
    if c.get("surface") == "cursor" and c.get("event") == "beforeMCPExecution" and not isinstance(p.get("tool_input"), str): errs.append(f"line {n}: cursor MCP tool_input must be a JSON string")
    rows.append(c)
print("cases:", len(rows), "errors:", len(errs))
for e in errs[:30]: print("  ", e)
print("by expect:", dict(collections.Counter(c["expect"] for c in rows)))
print("harmful (deny+flag):", sum(c["expect"] != "allow" for c in rows), " benign (allow):", sum(c["expect"] == "allow" for c in rows))
print("by surface:", dict(collections.Counter(c["surface"] for c in rows)))
print("by category:", dict(collections.Counter(c["category"] for c in rows)))
print("by surface x expect:")
t = collections.Counter((c["surface"], c["expect"]) for c in rows)
for s in SURF: print(f"  {s:12s} deny={t[(s,'deny')]:3d} flag={t[(s,'flag')]:3d} allow={t[(s,'allow')]:3d}")
print("by surface x event:", dict(collections.Counter((c["surface"]+":"+c["event"]) for c in rows)))
sys.exit(1 if errs else 0)
