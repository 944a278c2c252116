"""Payload envelopes for redteam-2.jsonl, one builder per surface and kind.
Written from shared/research/agent-hook-formats.md and verified-gemini-codex.md only."""
import json, random, uuid, datetime

R = random.Random(20261124)
LINUX_USERS = ["maya", "tkowalski", "dev", "rafael", "ingrid", "omar", "li.wei", "build"]
MAC_USERS = ["ana", "jporter", "sofia", "kenji", "hanna"]
PROJECTS = ["checkout-api", "infra-live", "web-dashboard", "ml-pipeline", "mobile-app", "docs-site", "billing-svc", "cli-tools"]
SURFACES = ["claude-code", "cursor", "codex", "gemini", "copilot", "windsurf", "antigravity"]

SUPPORTS = {
    "sh": SURFACES,
    "ps": ["claude-code"],
    "read": ["claude-code", "cursor", "gemini", "copilot", "windsurf", "antigravity"],
    "write": SURFACES,
    "edit": SURFACES,
    "prompt": SURFACES,
    "mcp": SURFACES,
    "fetch": ["claude-code", "gemini", "copilot"],
    "agent": ["claude-code", "cursor", "copilot", "antigravity"],
    "grep": ["claude-code", "cursor", "gemini", "copilot"],
    "glob": ["claude-code", "gemini", "copilot"],
    "many": ["gemini"],
    "patch": ["codex"],
}

_t0 = datetime.datetime(2026, 11, 3, 8, 0, 0, tzinfo=datetime.timezone.utc)

def _ctx(mac):
    u = R.choice(MAC_USERS if mac else LINUX_USERS)
    home = ("/Users/" if mac else "/home/") + u
    proj = R.choice(PROJECTS)
    cwd = home + "/" + R.choice(["src", "code", "work", "repos"]) + "/" + proj
    ts = _t0 + datetime.timedelta(seconds=R.randint(0, 86400 * 20))
    return {"U": u, "H": home, "P": cwd, "ts": ts}

def fill(x, c):
    if isinstance(x, str):
        return x.replace("{H}", c["H"]).replace("{P}", c["P"]).replace("{U}", c["U"])
    if isinstance(x, list):
        return [fill(i, c) for i in x]
    if isinstance(x, dict):
        return {k: fill(v, c) for k, v in x.items()}
    return x

def _hex(n):
    return "".join(R.choice("0123456789abcdef") for _ in range(n))

def _uuid():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))

def _iso(ts):
    return ts.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % R.randint(0, 999)

def patch_add(path, content):
    body = "\n".join("+" + l for l in content.split("\n"))
    return "*** Begin Patch\n*** Add File: %s\n%s\n*** End Patch\n" % (path, body)

def patch_update(path, old, new):
    o = "\n".join("-" + l for l in old.split("\n"))
    n = "\n".join("+" + l for l in new.split("\n"))
    return "*** Begin Patch\n*** Update File: %s\n@@\n%s\n%s\n*** End Patch\n" % (path, o, n)

def build(surface, kind, data, mac=False):
    c = _ctx(mac)
    data = fill(data, c)
    H, P, ts = c["H"], c["P"], c["ts"]
    if surface == "claude-code":
        sid = _uuid()
        base = {"session_id": sid,
                "transcript_path": "%s/.claude/projects/%s/%s.jsonl" % (H, P.replace("/", "-"), sid),
                "cwd": P, "prompt_id": _uuid(),
                "permission_mode": R.choice(["default", "default", "acceptEdits", "auto", "plan"])}
        if kind == "prompt":
            return dict(base, hook_event_name="UserPromptSubmit", prompt=data), "UserPromptSubmit"
        if kind == "sh":
            tn, ti = "Bash", {"command": data, "description": R.choice(["Run command", "Execute step", "Clean up", "Inspect files", "Set up environment"])}
        elif kind == "ps":
            tn, ti = "PowerShell", {"command": data}
        elif kind == "read":
            tn, ti = "Read", {"file_path": data}
        elif kind == "write":
            tn, ti = "Write", {"file_path": data[0], "content": data[1]}
        elif kind == "edit":
            tn, ti = "Edit", {"file_path": data[0], "old_string": data[1], "new_string": data[2], "replace_all": False}
        elif kind == "mcp":
            tn, ti = "mcp__%s__%s" % (data[0], data[1]), data[2]
        elif kind == "fetch":
            tn, ti = "WebFetch", {"url": data[0], "prompt": data[1]}
        elif kind == "agent":
            tn, ti = "Agent", {"prompt": data, "description": "Delegated task", "subagent_type": "general-purpose"}
        elif kind == "grep":
            tn, ti = "Grep", {"pattern": data[0], "path": data[1], "output_mode": "content"}
        elif kind == "glob":
            tn, ti = "Glob", {"pattern": data[0], "path": data[1]}
        p = dict(base, effort={"level": R.choice(["low", "medium", "high"])}, hook_event_name="PreToolUse",
                 tool_name=tn, tool_input=ti, tool_use_id="toolu_01" + _hex(22))
        return p, "PreToolUse"
    if surface == "cursor":
        common = {"conversation_id": _uuid(), "generation_id": _uuid(),
                  "model": R.choice(["claude-4.5-sonnet", "gpt-5", "composer-1", "gemini-3-pro"]),
                  "cursor_version": R.choice(["2.3.41", "2.4.7", "2.5.12"]),
                  "workspace_roots": [P], "user_email": "%s@example.com" % c["U"],
                  "transcript_path": "%s/.cursor/projects/%s/agent-transcripts/%s.txt" % (H, P.split("/")[-1], _uuid())}
        if kind == "sh":
            ev = "beforeShellExecution"; p = {"command": data, "cwd": P, "sandbox": False}
        elif kind == "read":
            ev = "beforeReadFile"; p = {"file_path": data if isinstance(data, str) else data[0],
                                        "content": "" if isinstance(data, str) else data[1], "attachments": []}
        elif kind == "prompt":
            ev = "beforeSubmitPrompt"; p = {"prompt": data, "attachments": []}
        elif kind == "mcp":
            ev = "beforeMCPExecution"
            p = {"tool_name": data[1], "tool_input": json.dumps(data[2]), "mcp_server_name": data[0]}
            if len(data) > 3 and data[3].startswith("http"):
                p["url"] = data[3]
            else:
                p["command"] = data[3] if len(data) > 3 else "npx -y @modelcontextprotocol/server-%s" % data[0]
        else:
            ev = "preToolUse"
            if kind == "write":
                tn, ti = "Write", {"file_path": data[0], "content": data[1]}
            elif kind == "edit":
                tn, ti = "Write", {"file_path": data[0], "old_string": data[1], "new_string": data[2]}
            elif kind == "agent":
                tn, ti = "Task", {"prompt": data, "description": "subtask"}
            elif kind == "grep":
                tn, ti = "Grep", {"pattern": data[0], "path": data[1]}
            p = {"tool_name": tn, "tool_input": ti, "tool_use_id": "call_" + _hex(24), "cwd": P}
        return dict(common, hook_event_name=ev, **p), ev
    if surface == "codex":
        base = {"session_id": _uuid(), "turn_id": _uuid(),
                "transcript_path": "%s/.codex/sessions/%s/rollout-%s.jsonl" % (H, ts.strftime("%Y/%m/%d"), _uuid()),
                "cwd": P, "model": R.choice(["gpt-5.1-codex", "gpt-5-codex", "gpt-5.2-codex"]),
                "permission_mode": R.choice(["default", "default", "acceptEdits"])}
        if kind == "prompt":
            return dict(base, hook_event_name="UserPromptSubmit", prompt=data), "UserPromptSubmit"
        if kind == "sh":
            tn, ti = "Bash", {"command": data}
        elif kind == "patch":
            tn, ti = "apply_patch", {"command": data}
        elif kind == "write":
            tn, ti = "apply_patch", {"command": patch_add(data[0], data[1])}
        elif kind == "edit":
            tn, ti = "apply_patch", {"command": patch_update(data[0], data[1], data[2])}
        elif kind == "mcp":
            tn, ti = "mcp__%s__%s" % (data[0], data[1]), data[2]
        return dict(base, hook_event_name="PreToolUse", tool_name=tn, tool_use_id="call_" + _hex(24), tool_input=ti), "PreToolUse"
    if surface == "gemini":
        sid = _uuid()
        base = {"session_id": sid,
                "transcript_path": "%s/.gemini/tmp/%s/chats/session-%s-%s.jsonl" % (H, P.split("/")[-1], ts.strftime("%Y-%m-%dT%H-%M"), sid[:8]),
                "cwd": P, "timestamp": _iso(ts)}
        if kind == "prompt":
            return dict(base, hook_event_name="BeforeAgent", prompt=data), "BeforeAgent"
        extra = {}
        if kind == "sh":
            tn, ti = "run_shell_command", {"command": data, "description": "run it"}
        elif kind == "read":
            tn, ti = "read_file", {"file_path": data}
        elif kind == "many":
            tn, ti = "read_many_files", {"paths": data}
        elif kind == "write":
            tn, ti = "write_file", {"file_path": data[0], "content": data[1]}
        elif kind == "edit":
            tn, ti = "replace", {"file_path": data[0], "old_string": data[1], "new_string": data[2]}
        elif kind == "fetch":
            tn, ti = "web_fetch", {"prompt": "%s %s" % (data[1], data[0])}
        elif kind == "grep":
            tn, ti = "grep_search", {"pattern": data[0], "dir_path": data[1]}
        elif kind == "glob":
            tn, ti = "glob", {"pattern": data[0], "dir_path": data[1]}
        elif kind == "mcp":
            tn, ti = "mcp_%s_%s" % (data[0], data[1]), data[2]
            extra = {"mcp_context": {"server_name": data[0], "tool_name": data[1]}, "original_request_name": tn}
        return dict(base, hook_event_name="BeforeTool", tool_name=tn, tool_input=ti, **extra), "BeforeTool"
    if surface == "copilot":
        base = {"sessionId": _uuid(), "timestamp": int(ts.timestamp() * 1000) + R.randint(0, 999), "cwd": P}
        if kind == "prompt":
            return dict(base, prompt=data), "userPromptSubmitted"
        if kind == "sh":
            tn, ta = "bash", {"command": data, "description": "run"}
        elif kind == "read":
            tn, ta = "view", {"path": data}
        elif kind == "write":
            tn, ta = "create", {"path": data[0], "file_text": data[1]}
        elif kind == "edit":
            tn, ta = "edit", {"path": data[0], "old_str": data[1], "new_str": data[2]}
        elif kind == "fetch":
            tn, ta = "web_fetch", {"url": data[0]}
        elif kind == "agent":
            tn, ta = "task", {"prompt": data, "description": "subtask", "agent_type": "general-purpose"}
        elif kind == "grep":
            tn, ta = "grep", {"pattern": data[0], "path": data[1]}
        elif kind == "glob":
            tn, ta = "glob", {"pattern": data[0], "path": data[1]}
        elif kind == "mcp":
            tn, ta = "%s-%s" % (data[0], data[1]), data[2]
        return dict(base, toolName=tn, toolArgs=json.dumps(ta)), "preToolUse"
    if surface == "windsurf":
        if kind == "sh":
            ev, ti = "pre_run_command", {"command_line": data, "cwd": P}
        elif kind == "read":
            ev, ti = "pre_read_code", {"file_path": data}
        elif kind == "write":
            ev, ti = "pre_write_code", {"file_path": data[0], "edits": [{"old_string": "", "new_string": data[1]}]}
        elif kind == "edit":
            ev, ti = "pre_write_code", {"file_path": data[0], "edits": [{"old_string": data[1], "new_string": data[2]}]}
        elif kind == "mcp":
            ev, ti = "pre_mcp_tool_use", {"mcp_server_name": data[0], "mcp_tool_name": data[1], "mcp_tool_arguments": data[2]}
        elif kind == "prompt":
            ev, ti = "pre_user_prompt", {"user_prompt": data}
        p = {"agent_action_name": ev, "trajectory_id": _hex(32), "execution_id": _hex(32), "timestamp": _iso(ts), "tool_info": ti}
        return p, ev
    if surface == "antigravity":
        cid = _uuid()
        tp = "%s/.gemini/antigravity/brain/%s/transcript.jsonl" % (H, cid)
        if kind == "prompt":
            return {"conversationId": cid, "prompt": data, "transcriptPath": tp, "workspacePaths": [P]}, "PreInvocation"
        if kind == "sh":
            name, args = "run_command", {"CommandLine": data, "Cwd": P, "SafeToAutoRun": False, "WaitMsBeforeAsync": 500}
        elif kind == "read":
            name, args = "view_file", {"AbsolutePath": data}
        elif kind == "write":
            name, args = "write_to_file", {"TargetFile": data[0], "CodeContent": data[1], "Overwrite": True}
        elif kind == "edit":
            name, args = "replace_file_content", {"TargetFile": data[0], "ReplacementChunks": [{"TargetContent": data[1], "ReplacementContent": data[2], "AllowMultiple": False}]}
        elif kind == "agent":
            name, args = "invoke_subagent", {"Prompt": data}
        elif kind == "mcp":
            name, args = "mcp_%s_%s" % (data[0], data[1]), data[2]
        p = {"conversationId": cid, "stepIdx": R.randint(1, 60), "toolCall": {"name": name, "args": args},
             "transcriptPath": tp, "workspacePaths": [P], "artifactDirectoryPath": "%s/.gemini/antigravity/brain/%s" % (H, cid)}
        return p, "PreToolUse"
    raise ValueError(surface)
