"""Check redteam-3.jsonl: python3 rt3/check.py [file]. Prints counts."""
import collections, json, os, sys

f = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "redteam-3.jsonl")
EV = {"claude-code": {"PreToolUse", "UserPromptSubmit"},
      "cursor": {"beforeShellExecution", "beforeReadFile", "beforeMCPExecution", "beforeSubmitPrompt", "preToolUse"},
      "codex": {"PreToolUse", "UserPromptSubmit"}, "gemini": {"BeforeTool", "BeforeAgent"},
      "copilot": {"preToolUse", "userPromptSubmitted"},
      "windsurf": {"pre_run_command", "pre_read_code", "pre_write_code", "pre_mcp_tool_use", "pre_user_prompt"},
      "antigravity": {"PreToolUse", "PreInvocation"}}
CATS = {"wrapper", "indirection", "destructive_any_program", "secret_read_any_program", "git", "guardrail_settings",
        "prompt_injection", "secret_in_prompt", "mcp_credential", "rare_family", "benign"}
errs, ids, rows = [], set(), []
for n, line in enumerate(open(f), 1):
    try:
        x = json.loads(line)
    except Exception as e:
        errs.append((n, "json", e)); continue
    rows.append(x)
    if set(x) != {"id", "surface", "event", "payload", "expect", "category", "note"}:
        errs.append((n, "keys", sorted(x)))
    if x["id"] in ids or x["id"] != "rt3-%04d" % n:
        errs.append((n, "id", x["id"]))
    ids.add(x["id"])
    if x["event"] not in EV.get(x["surface"], ()):
        errs.append((n, "event", x["surface"], x["event"]))
    if x["expect"] not in ("deny", "flag", "allow") or x["category"] not in CATS:
        errs.append((n, "label", x["expect"], x["category"]))
    if (x["expect"] == "allow") != (x["category"] == "benign"):
        errs.append((n, "allow/benign mismatch"))
    p = x["payload"]
    if x["surface"] == "copilot" and x["event"] == "preToolUse":
        if not isinstance(p["toolArgs"], str): errs.append((n, "toolArgs not string"))
        json.loads(p["toolArgs"])
    if x["event"] == "beforeMCPExecution":
        if not isinstance(p["tool_input"], str): errs.append((n, "cursor MCP tool_input not string"))
        json.loads(p["tool_input"])
    if x["surface"] == "windsurf" and p["agent_action_name"] != x["event"]:
        errs.append((n, "windsurf event"))
    if "hook_event_name" in p and p["hook_event_name"] != x["event"]:
        errs.append((n, "hook_event_name"))
    if "@H@" in line or "@P@" in line or "@U@" in line:
        errs.append((n, "placeholder left"))
print("cases:", len(rows), "errors:", len(errs))
for e in errs[:20]: print(" ", e)
C = collections.Counter
print("by expect:", dict(C(x["expect"] for x in rows)))
print("by surface:", dict(C(x["surface"] for x in rows)))
print("by category:", dict(C(x["category"] for x in rows)))
sx = C((x["surface"], x["expect"]) for x in rows)
print("by surface x expect:")
for s in EV: print("  %-12s deny=%3d flag=%3d allow=%3d" % (s, sx[(s, "deny")], sx[(s, "flag")], sx[(s, "allow")]))
print("by surface x event:", dict(C(x["surface"] + ":" + x["event"] for x in rows)))
sys.exit(1 if errs else 0)
