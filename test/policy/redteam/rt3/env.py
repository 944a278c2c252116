"""Payload envelopes for redteam-3 (written from the hook-format research only).

Case strings may contain @H@ (home), @U@ (user name) and @P@ (project dir);
they are replaced per case so the session's cwd and home match the paths.
"""
import json
import random
import uuid

R = random.Random(30303)

USERS = ["dana", "okafor", "mei", "lpetrov", "sam", "jbautista", "ines", "ravi", "t.nguyen", "hkowalski"]
PROJECTS = ["billing-api", "web-console", "infra-live", "mobile-app", "data-pipeline", "docs-site",
            "auth-service", "cli-tools", "ml-train", "shop-frontend", "ledger", "edge-proxy"]
MODELS = {"cursor": ["claude-sonnet-4-6", "gpt-5.1-codex", "composer-2"],
          "codex": ["gpt-5.1-codex", "gpt-5.1-codex-mini"]}
BASE_MS = 1791590400000


def uid():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


def ctx(os_="linux"):
    u = R.choice(USERS)
    p = R.choice(PROJECTS)
    if os_ == "mac":
        h = "/Users/" + u
        proj = h + "/src/" + p
    elif os_ == "win":
        h = "C:\\Users\\" + u
        proj = h + "\\source\\repos\\" + p
    else:
        h = "/home/" + u
        proj = h + "/code/" + p
    return {"H": h, "U": u, "P": proj, "os": os_}


def sub(x, c):
    if isinstance(x, str):
        return x.replace("@H@", c["H"]).replace("@U@", c["U"]).replace("@P@", c["P"])
    if isinstance(x, list):
        return [sub(i, c) for i in x]
    if isinstance(x, dict):
        return {k: sub(v, c) for k, v in x.items()}
    return x


def iso(ms):
    import datetime
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def ms():
    return BASE_MS + R.randrange(0, 40 * 86400 * 1000)


# ---------------- builders: each returns (event, payload) given ctx ----------------

def _cc_base(c, ev):
    sid = uid()
    slug = c["P"].replace("/", "-").replace("\\", "-").replace(":", "")
    return {"session_id": sid,
            "transcript_path": (c["H"] + "\\.claude\\projects\\" + slug + "\\" + sid + ".jsonl") if c["os"] == "win"
            else c["H"] + "/.claude/projects/" + slug + "/" + sid + ".jsonl",
            "cwd": c["P"], "prompt_id": uid(),
            "permission_mode": R.choice(["default", "acceptEdits", "default", "auto"]),
            "effort": {"level": R.choice(["low", "medium", "high"])},
            "hook_event_name": ev}


def cc(tool, inp):
    def b(c):
        p = _cc_base(c, "PreToolUse")
        p.update({"tool_name": tool, "tool_input": sub(inp, c), "tool_use_id": "toolu_01" + uuid.UUID(int=R.getrandbits(128)).hex[:22]})
        return "PreToolUse", p
    return b


def cc_prompt(text):
    def b(c):
        p = _cc_base(c, "UserPromptSubmit")
        p["prompt"] = sub(text, c)
        return "UserPromptSubmit", p
    return b


def _cur_base(c, ev):
    return {"conversation_id": uid(), "generation_id": uid(), "model": R.choice(MODELS["cursor"]),
            "hook_event_name": ev, "cursor_version": R.choice(["2.3.41", "2.4.7", "2.5.0"]),
            "workspace_roots": [c["P"]], "user_email": c["U"].replace(".", "") + "@example.dev",
            "transcript_path": c["H"] + "/.cursor/projects/" + c["P"].strip("/").replace("/", "-") + "/agent-transcripts/" + uid() + ".txt"}


def cur_shell(cmd, sandbox=False):
    def b(c):
        p = _cur_base(c, "beforeShellExecution")
        p.update({"command": sub(cmd, c), "cwd": c["P"], "sandbox": sandbox})
        return "beforeShellExecution", p
    return b


def cur_read(path, content=""):
    def b(c):
        p = _cur_base(c, "beforeReadFile")
        p.update({"file_path": sub(path, c), "content": sub(content, c), "attachments": []})
        return "beforeReadFile", p
    return b


def cur_mcp(server, tool, inp, url=None, command=None):
    def b(c):
        p = _cur_base(c, "beforeMCPExecution")
        p.update({"tool_name": tool, "tool_input": json.dumps(sub(inp, c)), "mcp_server_name": server})
        if url:
            p["url"] = url
        else:
            p["command"] = command or "npx -y @modelcontextprotocol/server-" + server
        return "beforeMCPExecution", p
    return b


def cur_prompt(text, attachments=None):
    def b(c):
        p = _cur_base(c, "beforeSubmitPrompt")
        p.update({"prompt": sub(text, c), "attachments": sub(attachments or [], c)})
        return "beforeSubmitPrompt", p
    return b


def cur_tool(tool, inp):
    def b(c):
        p = _cur_base(c, "preToolUse")
        p.update({"tool_name": tool, "tool_input": sub(inp, c), "tool_use_id": "call_" + uuid.UUID(int=R.getrandbits(128)).hex[:20], "cwd": c["P"]})
        return "preToolUse", p
    return b


def _cx_base(c, ev):
    sid = uid()
    return {"session_id": sid, "turn_id": uid(),
            "transcript_path": c["H"] + "/.codex/sessions/2026/11/%02d/rollout-%s.jsonl" % (R.randint(1, 23), sid),
            "cwd": c["P"], "hook_event_name": ev, "model": R.choice(MODELS["codex"]),
            "permission_mode": R.choice(["default", "acceptEdits", "bypassPermissions"])}


def cx(tool, inp):
    def b(c):
        p = _cx_base(c, "PreToolUse")
        p.update({"tool_name": tool, "tool_input": sub(inp, c), "tool_use_id": "call_" + uuid.UUID(int=R.getrandbits(128)).hex[:24]})
        return "PreToolUse", p
    return b


def cx_bash(cmd):
    return cx("Bash", {"command": cmd})


def cx_patch(body):
    return cx("apply_patch", {"command": body})


def cx_prompt(text):
    def b(c):
        p = _cx_base(c, "UserPromptSubmit")
        p["prompt"] = sub(text, c)
        return "UserPromptSubmit", p
    return b


def _gm_base(c, ev):
    sid = uid()
    t = ms()
    return {"session_id": sid,
            "transcript_path": c["H"] + "/.gemini/tmp/" + c["P"].split("/")[-1] + "/chats/session-" + iso(t)[:16].replace(":", "-") + "-" + sid[:8] + ".jsonl",
            "cwd": c["P"], "hook_event_name": ev, "timestamp": iso(t)}


def gm(tool, inp):
    def b(c):
        p = _gm_base(c, "BeforeTool")
        p.update({"tool_name": tool, "tool_input": sub(inp, c)})
        return "BeforeTool", p
    return b


def gm_prompt(text):
    def b(c):
        p = _gm_base(c, "BeforeAgent")
        p["prompt"] = sub(text, c)
        return "BeforeAgent", p
    return b


def cp(tool, args):
    def b(c):
        return "preToolUse", {"sessionId": uid(), "timestamp": ms(), "cwd": c["P"], "toolName": tool,
                              "toolArgs": json.dumps(sub(args, c))}
    return b


def cp_prompt(text):
    def b(c):
        return "userPromptSubmitted", {"sessionId": uid(), "timestamp": ms(), "cwd": c["P"], "prompt": sub(text, c)}
    return b


def _ws(c, ev, info):
    return ev, {"agent_action_name": ev, "trajectory_id": uuid.UUID(int=R.getrandbits(128)).hex,
                "execution_id": uuid.UUID(int=R.getrandbits(128)).hex, "timestamp": iso(ms()), "tool_info": sub(info, c)}


def ws_cmd(cmd):
    return lambda c: _ws(c, "pre_run_command", {"command_line": cmd, "cwd": "@P@"})


def ws_read(path):
    return lambda c: _ws(c, "pre_read_code", {"file_path": path})


def ws_write(path, edits):
    return lambda c: _ws(c, "pre_write_code", {"file_path": path, "edits": [{"old_string": o, "new_string": n} for o, n in edits]})


def ws_mcp(server, tool, args):
    return lambda c: _ws(c, "pre_mcp_tool_use", {"mcp_server_name": server, "mcp_tool_name": tool, "mcp_tool_arguments": args})


def ws_prompt(text):
    return lambda c: _ws(c, "pre_user_prompt", {"user_prompt": text})


def _ag_base(c):
    cid = uid()
    return {"conversationId": cid, "transcriptPath": c["H"] + "/.gemini/antigravity/brain/" + cid + "/transcript.jsonl",
            "workspacePaths": [c["P"]]}


def ag(tool, args):
    def b(c):
        p = _ag_base(c)
        p.update({"stepIdx": R.randint(1, 60), "toolCall": {"name": tool, "args": sub(args, c)},
                  "artifactDirectoryPath": c["H"] + "/.gemini/antigravity/brain/" + p["conversationId"]})
        return "PreToolUse", p
    return b


def ag_cmd(cmd):
    return ag("run_command", {"CommandLine": cmd, "Cwd": "@P@", "SafeToAutoRun": False, "WaitMsBeforeAsync": 2000})


def ag_prompt(text):
    def b(c):
        p = _ag_base(c)
        p["prompt"] = sub(text, c)
        return "PreInvocation", p
    return b


SURF = {}
for n in ["cc", "cc_prompt"]:
    SURF[n] = "claude-code"
for n in ["cur_shell", "cur_read", "cur_mcp", "cur_prompt", "cur_tool"]:
    SURF[n] = "cursor"
for n in ["cx", "cx_bash", "cx_patch", "cx_prompt"]:
    SURF[n] = "codex"
for n in ["gm", "gm_prompt"]:
    SURF[n] = "gemini"
for n in ["cp", "cp_prompt"]:
    SURF[n] = "copilot"
for n in ["ws_cmd", "ws_read", "ws_write", "ws_mcp", "ws_prompt"]:
    SURF[n] = "windsurf"
for n in ["ag", "ag_cmd", "ag_prompt"]:
    SURF[n] = "antigravity"


def fake(prefix, n, alpha="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"):
    return prefix + "".join(R.choice(alpha) for _ in range(n))
