"""Envelope builders for redteam-4. Independent of the product's code."""
import json, random, uuid, string, base64, zlib, codecs

RNG = random.Random(4404)

PROFILES = [  # (user, home, project, os)
    ("maya", "/home/maya", "/home/maya/code/billing-api", "linux"),
    ("tkowalski", "/Users/tkowalski", "/Users/tkowalski/src/ios-shop", "mac"),
    ("ubuntu", "/home/ubuntu", "/home/ubuntu/work/infra-live", "linux"),
    ("priya.n", "/Users/priya.n", "/Users/priya.n/dev/web-dashboard", "mac"),
    ("jlee", "/home/jlee", "/home/jlee/projects/ml-pipeline", "linux"),
    ("dev", "/home/dev", "/home/dev/repos/checkout-service", "linux"),
    ("sofia", "/Users/sofia", "/Users/sofia/Projects/marketing-site", "mac"),
    ("oadeyemi", "/home/oadeyemi", "/home/oadeyemi/src/go-gateway", "linux"),
    ("rk", "/Users/rk", "/Users/rk/work/data-platform", "mac"),
    ("chen.w", "/home/chen.w", "/home/chen.w/git/monorepo", "linux"),
]

_pi = {"linux": 0, "mac": 0, "any": 0}
def pick_profile(os_req=None):
    if os_req:
        c = [p for p in PROFILES if p[3] == os_req]
        p = c[_pi[os_req] % len(c)]; _pi[os_req] += 1; return p
    p = PROFILES[_pi["any"] % len(PROFILES)]; _pi["any"] += 1; return p

def uid(): return str(uuid.UUID(int=RNG.getrandbits(128), version=4))
def tok(n, alphabet=string.ascii_letters + string.digits): return "".join(RNG.choice(alphabet) for _ in range(n))
_ts = [1790000000000]
def ts_ms():
    _ts[0] += RNG.randint(40000, 7000000); return _ts[0]
def ts_iso():
    import datetime
    return datetime.datetime.utcfromtimestamp(ts_ms() / 1000).strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % RNG.randint(0, 999)

def sub(s, prof):
    if isinstance(s, str):
        return s.replace("{H}", prof[1]).replace("{P}", prof[2]).replace("{U}", prof[0]).replace("{PN}", prof[2].rsplit("/", 1)[1])
    if isinstance(s, dict): return {k: sub(v, prof) for k, v in s.items()}
    if isinstance(s, list): return [sub(v, prof) for v in s]
    return s

# ---------- encoders used by cases ----------
def b64(s): return base64.b64encode(s.encode()).decode()
def hexs(s): return s.encode().hex()
def octal_ansi(s): return "".join("\\%03o" % ord(c) for c in s)
def xesc(s): return "".join("\\x%02x" % ord(c) for c in s)
def zb64(s): return base64.b64encode(zlib.compress(s.encode())).decode()
def rot13(s): return codecs.encode(s, "rot13")

# ---------- surface envelopes ----------
def cc_base(prof, event):
    sid = uid()
    d = {"session_id": sid,
         "transcript_path": f"{prof[1]}/.claude/projects/{prof[2].replace('/', '-').replace('.', '-')}/{sid}.jsonl",
         "cwd": prof[2], "prompt_id": uid(),
         "permission_mode": RNG.choice(["default", "default", "acceptEdits", "plan", "auto"]),
         "hook_event_name": event}
    if event == "PreToolUse": d["effort"] = {"level": RNG.choice(["medium", "high", "low"])}
    return d

def cursor_base(prof, event):
    return {"conversation_id": uid(), "generation_id": uid(),
            "model": RNG.choice(["claude-4.5-sonnet", "gpt-5", "composer-1", "claude-opus-4-7-thinking-max"]),
            "hook_event_name": event, "cursor_version": RNG.choice(["2.1.50", "2.2.4", "2.3.11"]),
            "workspace_roots": [prof[2]], "user_email": f"{prof[0].replace('.', '')}@acme-corp.dev",
            "transcript_path": f"{prof[1]}/.cursor/projects/{prof[2].strip('/').replace('/', '-')}/agent-transcripts/{uid()}.txt"}

def codex_base(prof, event):
    sid = uid(); t = ts_iso()
    return {"session_id": sid,
            "transcript_path": f"{prof[1]}/.codex/sessions/{t[:4]}/{t[5:7]}/{t[8:10]}/rollout-{t[:10]}T{t[11:13]}-{t[14:16]}-{t[17:19]}-{sid}.jsonl",
            "cwd": prof[2], "hook_event_name": event, "model": RNG.choice(["gpt-5.1-codex", "gpt-5.1-codex-max", "gpt-5-codex"]),
            "permission_mode": RNG.choice(["default", "bypassPermissions", "default"]), "turn_id": uid()}

def gem_base(prof, event):
    sid = uid(); t = ts_iso()
    return {"session_id": sid,
            "transcript_path": f"{prof[1]}/.gemini/tmp/{prof[2].rsplit('/',1)[1]}/chats/session-{t[:10]}T{t[11:13]}-{t[14:16]}-{sid[:8]}.jsonl",
            "cwd": prof[2], "hook_event_name": event, "timestamp": t}

def cop_base(prof):
    return {"sessionId": uid(), "timestamp": ts_ms(), "cwd": prof[2]}

def ws_base(event):
    return {"agent_action_name": event, "trajectory_id": uid(), "execution_id": uid(), "timestamp": ts_iso()}

def ag_base(prof, name, args):
    cid = uid()
    return {"conversationId": cid, "stepIdx": RNG.randint(2, 80), "toolCall": {"name": name, "args": args},
            "transcriptPath": f"{prof[1]}/.gemini/antigravity/brain/{cid}/transcript.jsonl",
            "workspacePaths": [prof[2]], "artifactDirectoryPath": f"{prof[1]}/.gemini/antigravity/brain/{cid}"}

def toolu(): return "toolu_01" + tok(22)
def callid(): return "call_" + tok(24)

SUPPORT = {
    "sh": ["claude-code", "cursor", "codex", "gemini", "copilot", "windsurf", "antigravity"],
    "read": ["claude-code", "cursor", "gemini", "copilot", "windsurf", "antigravity"],
    "write": ["claude-code", "cursor", "codex", "gemini", "copilot", "windsurf", "antigravity"],
    "edit": ["claude-code", "codex", "gemini", "copilot", "windsurf", "antigravity"],
    "mcp": ["claude-code", "cursor", "codex", "gemini", "copilot", "windsurf", "antigravity"],
    "prompt": ["claude-code", "cursor", "codex", "gemini", "copilot", "windsurf", "antigravity"],
    "sub": ["claude-code", "cursor", "gemini", "copilot", "antigravity"],
    "fetch": ["claude-code", "cursor", "codex", "gemini", "copilot", "windsurf", "antigravity"],
    "grep": ["claude-code", "gemini", "copilot", "antigravity"],
    "del": ["cursor"],
    "ls": ["gemini", "claude-code", "copilot"],
}

MCP_CMD = {"filesystem": "npx -y @modelcontextprotocol/server-filesystem", "github": "npx -y @modelcontextprotocol/server-github",
           "fetch": "uvx mcp-server-fetch", "postgres": "npx -y @modelcontextprotocol/server-postgres",
           "memory": "npx -y @modelcontextprotocol/server-memory", "puppeteer": "npx -y @modelcontextprotocol/server-puppeteer",
           "slack": "npx -y @modelcontextprotocol/server-slack", "desktop-commander": "npx -y @wonderwhy-er/desktop-commander",
           "playwright": "npx -y @playwright/mcp@latest", "sqlite": "uvx mcp-server-sqlite --db-path ./dev.db",
           "git": "uvx mcp-server-git", "shell": "npx -y mcp-shell-server", "docker": "uvx docker-mcp"}
MCP_URL = {"linear": "https://mcp.linear.app/sse", "notion": "https://mcp.notion.com/mcp", "sentry": "https://mcp.sentry.dev/mcp",
           "atlassian": "https://mcp.atlassian.com/v1/sse", "context7": "https://mcp.context7.com/mcp"}

def build(kind, surface, prof, spec):
    """spec: dict with kind-specific fields. Returns (event, payload)."""
    s = surface
    if kind == "sh":
        cmd = spec["cmd"]; desc = spec.get("desc", "Run command")
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name="Bash", tool_input={"command": cmd, "description": desc}, tool_use_id=toolu()); return "PreToolUse", p
        if s == "cursor":
            if spec.get("cursor_pre"):
                p = cursor_base(prof, "preToolUse"); p.update(tool_name="Shell", tool_input={"command": cmd, "working_directory": prof[2]}, tool_use_id=toolu(), cwd=prof[2], agent_message=desc + "..."); return "preToolUse", p
            p = cursor_base(prof, "beforeShellExecution"); p.update(command=cmd, cwd=prof[2], sandbox=RNG.choice([False, False, True])); return "beforeShellExecution", p
        if s == "codex":
            p = codex_base(prof, "PreToolUse"); p.update(tool_name="Bash", tool_use_id=callid(), tool_input={"command": cmd}); return "PreToolUse", p
        if s == "gemini":
            p = gem_base(prof, "BeforeTool"); p.update(tool_name="run_shell_command", tool_input={"command": cmd, "description": desc, "dir_path": prof[2]}); return "BeforeTool", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName="bash", toolArgs=json.dumps({"command": cmd, "description": desc})); return "preToolUse", p
        if s == "windsurf":
            p = ws_base("pre_run_command"); p["tool_info"] = {"command_line": cmd, "cwd": prof[2]}; return "pre_run_command", p
        if s == "antigravity":
            return "PreToolUse", ag_base(prof, "run_command", {"CommandLine": cmd, "Cwd": prof[2], "SafeToAutoRun": RNG.choice([False, True]), "WaitMsBeforeAsync": RNG.choice([0, 500, 2000])})
    if kind == "read":
        path = spec["path"]
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name="Read", tool_input={"file_path": path}, tool_use_id=toolu()); return "PreToolUse", p
        if s == "cursor":
            p = cursor_base(prof, "beforeReadFile"); p.update(file_path=path, content=spec.get("content", ""), attachments=[]); return "beforeReadFile", p
        if s == "gemini":
            p = gem_base(prof, "BeforeTool")
            if spec.get("many"):
                p.update(tool_name="read_many_files", tool_input={"paths": spec["many"]})
            else:
                p.update(tool_name="read_file", tool_input={"file_path": path})
            return "BeforeTool", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName="view", toolArgs=json.dumps({"path": path})); return "preToolUse", p
        if s == "windsurf":
            p = ws_base("pre_read_code"); p["tool_info"] = {"file_path": path}; return "pre_read_code", p
        if s == "antigravity":
            return "PreToolUse", ag_base(prof, "view_file", {"AbsolutePath": path, "StartLine": 1, "EndLine": 200})
    if kind == "write":
        path, content = spec["path"], spec["content"]
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name="Write", tool_input={"file_path": path, "content": content}, tool_use_id=toolu()); return "PreToolUse", p
        if s == "cursor":
            p = cursor_base(prof, "preToolUse"); p.update(tool_name="Write", tool_input={"file_path": path, "content": content}, tool_use_id=toolu(), cwd=prof[2]); return "preToolUse", p
        if s == "codex":
            rel = path[len(prof[2]) + 1:] if path.startswith(prof[2] + "/") else path
            body = "*** Begin Patch\n*** Add File: " + rel + "\n" + "".join("+" + l + "\n" for l in content.split("\n")) + "*** End Patch\n"
            p = codex_base(prof, "PreToolUse"); p.update(tool_name="apply_patch", tool_use_id=callid(), tool_input={"command": body}); return "PreToolUse", p
        if s == "gemini":
            p = gem_base(prof, "BeforeTool"); p.update(tool_name="write_file", tool_input={"file_path": path, "content": content}); return "BeforeTool", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName="create", toolArgs=json.dumps({"path": path, "file_text": content})); return "preToolUse", p
        if s == "windsurf":
            p = ws_base("pre_write_code"); p["tool_info"] = {"file_path": path, "edits": [{"old_string": "", "new_string": content}]}; return "pre_write_code", p
        if s == "antigravity":
            return "PreToolUse", ag_base(prof, "write_to_file", {"TargetFile": path, "CodeContent": content, "Overwrite": True, "EmptyFile": False})
    if kind == "edit":
        path, old, new = spec["path"], spec["old"], spec["new"]
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name="Edit", tool_input={"file_path": path, "old_string": old, "new_string": new, "replace_all": False}, tool_use_id=toolu()); return "PreToolUse", p
        if s == "codex":
            rel = path[len(prof[2]) + 1:] if path.startswith(prof[2] + "/") else path
            body = "*** Begin Patch\n*** Update File: " + rel + "\n@@\n" + "".join("-" + l + "\n" for l in old.split("\n")) + "".join("+" + l + "\n" for l in new.split("\n")) + "*** End Patch\n"
            p = codex_base(prof, "PreToolUse"); p.update(tool_name="apply_patch", tool_use_id=callid(), tool_input={"command": body}); return "PreToolUse", p
        if s == "gemini":
            p = gem_base(prof, "BeforeTool"); p.update(tool_name="replace", tool_input={"file_path": path, "old_string": old, "new_string": new, "instruction": spec.get("why", "update")}); return "BeforeTool", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName="edit", toolArgs=json.dumps({"path": path, "old_str": old, "new_str": new})); return "preToolUse", p
        if s == "windsurf":
            p = ws_base("pre_write_code"); p["tool_info"] = {"file_path": path, "edits": [{"old_string": old, "new_string": new}]}; return "pre_write_code", p
        if s == "antigravity":
            return "PreToolUse", ag_base(prof, "replace_file_content", {"TargetFile": path, "Instruction": spec.get("why", "update"), "TargetContent": old, "ReplacementContent": new, "AllowMultiple": False})
    if kind == "mcp":
        srv, tool, args = spec["server"], spec["tool"], spec["args"]
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name=f"mcp__{srv}__{tool}", tool_input=args, tool_use_id=toolu()); return "PreToolUse", p
        if s == "cursor":
            p = cursor_base(prof, "beforeMCPExecution"); p.update(tool_name=tool, tool_input=json.dumps(args), mcp_server_name=srv)
            if srv in MCP_URL: p["url"] = MCP_URL[srv]
            else: p["command"] = MCP_CMD.get(srv, f"npx -y {srv}-mcp")
            return "beforeMCPExecution", p
        if s == "codex":
            p = codex_base(prof, "PreToolUse"); p.update(tool_name=f"mcp__{srv}__{tool}", tool_use_id=callid(), tool_input=args); return "PreToolUse", p
        if s == "gemini":
            p = gem_base(prof, "BeforeTool"); p.update(tool_name=f"mcp_{srv}_{tool}", tool_input=args, mcp_context={"server_name": srv, "tool_name": tool}, original_request_name=f"mcp_{srv}_{tool}"); return "BeforeTool", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName=f"{srv}-{tool}", toolArgs=json.dumps(args)); return "preToolUse", p
        if s == "windsurf":
            p = ws_base("pre_mcp_tool_use"); p["tool_info"] = {"mcp_server_name": srv, "mcp_tool_name": tool, "mcp_tool_arguments": args}; return "pre_mcp_tool_use", p
        if s == "antigravity":
            return "PreToolUse", ag_base(prof, f"mcp_{srv}_{tool}", args)
    if kind == "prompt":
        t = spec["text"]
        if s == "claude-code":
            p = cc_base(prof, "UserPromptSubmit"); p.pop("effort", None); p["prompt"] = t; return "UserPromptSubmit", p
        if s == "cursor":
            p = cursor_base(prof, "beforeSubmitPrompt"); p.update(prompt=t, attachments=spec.get("attachments", [])); return "beforeSubmitPrompt", p
        if s == "codex":
            p = codex_base(prof, "UserPromptSubmit"); p["prompt"] = t; return "UserPromptSubmit", p
        if s == "gemini":
            p = gem_base(prof, "BeforeAgent"); p["prompt"] = t; return "BeforeAgent", p
        if s == "copilot":
            p = cop_base(prof); p["prompt"] = t; return "userPromptSubmitted", p
        if s == "windsurf":
            p = ws_base("pre_user_prompt"); p["tool_info"] = {"user_prompt": t}; return "pre_user_prompt", p
        if s == "antigravity":
            cid = uid()
            return "PreInvocation", {"conversationId": cid, "prompt": t, "transcriptPath": f"{prof[1]}/.gemini/antigravity/brain/{cid}/transcript.jsonl", "workspacePaths": [prof[2]]}
    if kind == "sub":
        t = spec["text"]; d = spec.get("desc", "Delegate subtask")
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name="Agent", tool_input={"prompt": t, "description": d, "subagent_type": spec.get("type", "general-purpose")}, tool_use_id=toolu()); return "PreToolUse", p
        if s == "cursor":
            p = cursor_base(prof, "preToolUse"); p.update(tool_name="Task", tool_input={"prompt": t, "description": d, "subagent_type": "generalPurpose"}, tool_use_id=toolu(), cwd=prof[2]); return "preToolUse", p
        if s == "gemini":
            p = gem_base(prof, "BeforeTool"); p.update(tool_name="invoke_agent", tool_input={"agent_name": spec.get("agent", "generalist"), "prompt": t}); return "BeforeTool", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName="task", toolArgs=json.dumps({"prompt": t, "description": d, "agent_type": spec.get("ctype", "general-purpose")})); return "preToolUse", p
        if s == "antigravity":
            return "PreToolUse", ag_base(prof, "invoke_subagent", {"Prompt": t, "TaskName": d})
    if kind == "fetch":
        url, pr = spec["url"], spec.get("prompt", "Summarize the page")
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name="WebFetch", tool_input={"url": url, "prompt": pr}, tool_use_id=toolu()); return "PreToolUse", p
        if s == "gemini":
            p = gem_base(prof, "BeforeTool"); p.update(tool_name="web_fetch", tool_input={"prompt": f"{pr}: {url}"}); return "BeforeTool", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName="web_fetch", toolArgs=json.dumps({"url": url, "max_length": 20000})); return "preToolUse", p
        if s == "antigravity":
            return "PreToolUse", ag_base(prof, "read_url_content", {"Url": url})
        # surfaces without a native fetch tool: the fetch MCP server
        return build("mcp", s, prof, {"server": "fetch", "tool": "fetch", "args": {"url": url, "max_length": 10000}})
    if kind == "grep":
        pat, path = spec["pattern"], spec["path"]
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name="Grep", tool_input={"pattern": pat, "path": path, "output_mode": "content", "-n": True}, tool_use_id=toolu()); return "PreToolUse", p
        if s == "gemini":
            p = gem_base(prof, "BeforeTool"); p.update(tool_name="grep_search", tool_input={"pattern": pat, "dir_path": path}); return "BeforeTool", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName="grep", toolArgs=json.dumps({"pattern": pat, "path": path})); return "preToolUse", p
        if s == "antigravity":
            return "PreToolUse", ag_base(prof, "grep_search", {"Query": pat, "SearchPath": path, "IsRegex": True, "MatchPerLine": True})
    if kind == "ls":
        path = spec["path"]
        if s == "gemini":
            p = gem_base(prof, "BeforeTool")
            if spec.get("pattern", "**/*") != "**/*": p.update(tool_name="glob", tool_input={"pattern": spec["pattern"], "dir_path": path})
            else: p.update(tool_name="list_directory", tool_input={"dir_path": path})
            return "BeforeTool", p
        if s == "claude-code":
            p = cc_base(prof, "PreToolUse"); p.update(tool_name="Glob", tool_input={"pattern": spec.get("pattern", "**/*"), "path": path}, tool_use_id=toolu()); return "PreToolUse", p
        if s == "copilot":
            p = cop_base(prof); p.update(toolName="glob", toolArgs=json.dumps({"pattern": spec.get("pattern", "**/*"), "path": path})); return "preToolUse", p
    if kind == "del":
        p = cursor_base(prof, "preToolUse"); p.update(tool_name="Delete", tool_input={"path": spec["path"]}, tool_use_id=toolu(), cwd=prof[2]); return "preToolUse", p
    raise ValueError((kind, surface))
