#!/usr/bin/env python3
"""Generator for redteam-7. Cases live in cases_*.py as C(...) calls; this wraps each into the surface's hook payload."""
import json, random, uuid, hashlib, glob, os, sys
random.seed(7007)
CASES = []
LUSERS = ["dana", "rkoval", "mei", "tobias", "ana.silva", "jpark", "oluwaseun", "ci"]
MUSERS = ["hannah", "pvelasco", "kenji", "lukas.b", "sofia", "amir"]
WUSERS = ["Marta", "devuser", "JWilliams", "arun.k", "Chen"]
PROJS = ["billing-api", "web-dashboard", "infra-live", "ml-pipeline", "mobile-app", "docs-site", "payments-svc", "data-etl", "cli-tool", "auth-gateway"]

def C(surface, kind, data, expect, cat, note, os_="l", user=None, proj=None, cwd=None, desc=None, **kw):
    CASES.append(dict(surface=surface, kind=kind, data=data, expect=expect, cat=cat, note=note, os=os_, user=user, proj=proj, cwd=cwd, desc=desc, kw=kw))

def ctx(c, i):
    r = random.Random(i * 31 + 5)
    o = c["os"]
    if o == "m": u = c["user"] or r.choice(MUSERS); home = f"/Users/{u}"
    elif o == "w": u = c["user"] or r.choice(WUSERS); home = f"C:\\Users\\{u}"
    else: u = c["user"] or r.choice(LUSERS); home = f"/home/{u}" if u != "root" else "/root"
    p = c["proj"] or r.choice(PROJS)
    import re as _re
    _m = _re.search(r"@H@/((?:[A-Za-z]+/)?)(src|code|work|projects|dev|Projects|Developer)/@P@", json.dumps(c["data"]))
    if c["cwd"]: cwd = c["cwd"]
    elif _m and o != "w": cwd = f"{home}/{_m.group(1)}{_m.group(2)}/{p}"
    elif o == "m" and "~/Projects/@P@" in json.dumps(c["data"]): cwd = f"{home}/Projects/{p}"
    elif o == "m" and "~/Developer/@P@" in json.dumps(c["data"]): cwd = f"{home}/Developer/{p}"
    elif o == "w": cwd = f"{home}\\source\\repos\\{p}"
    else: cwd = f"{home}/{r.choice(['src','code','work','projects','dev'])}/{p}"
    return u, home, p, cwd, r

def sub(x, H, P, U):
    if isinstance(x, str): return x.replace("@H@", H).replace("@P@", P).replace("@U@", U)
    if isinstance(x, dict): return {k: sub(v, H, P, U) for k, v in x.items()}
    if isinstance(x, (list, tuple)): return type(x)(sub(v, H, P, U) for v in x)
    return x

def hexid(r, n): return "".join(r.choice("0123456789abcdef") for _ in range(n))
def uid(r): return str(uuid.UUID(int=r.getrandbits(128), version=4))
def tuid(r): return "toolu_01" + "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789") for _ in range(22))
def iso(r): return f"2026-11-{r.randint(2,23):02d}T{r.randint(7,22):02d}:{r.randint(0,59):02d}:{r.randint(0,59):02d}.{r.randint(0,999):03d}Z"
def ms(r): return 1795000000000 + r.randint(0, 4000000000)

def build(c, i):
    u, H, P, cwd, r = ctx(c, i)
    d = sub(c["data"], H, P, u); cwd = sub(cwd, H, P, u); desc = sub(c["desc"], H, P, u)
    s, k = c["surface"], c["kind"]
    win = c["os"] == "w"
    if s == "claude-code":
        sid = uid(r)
        slug = cwd.replace("\\", "-").replace("/", "-").replace(":", "-").replace(".", "-")
        base = {"session_id": sid, "transcript_path": (f"{H}\\.claude\\projects\\{slug}\\{sid}.jsonl" if win else f"{H}/.claude/projects/{slug}/{sid}.jsonl"),
                "cwd": cwd, "prompt_id": uid(r), "permission_mode": c["kw"].get("mode", r.choice(["default", "default", "acceptEdits", "auto"])),
                "effort": {"level": r.choice(["medium", "high", "low"])}}
        if k == "prompt":
            ev = "UserPromptSubmit"; base.update(hook_event_name=ev, prompt=d)
        else:
            ev = "PreToolUse"
            if k == "sh": tn, ti = "Bash", {"command": d, "description": desc or c["kw"].get("d", "Run command")}
            elif k == "ps": tn, ti = "PowerShell", {"command": d, "description": desc or "Run PowerShell"}
            elif k == "read": tn, ti = "Read", {"file_path": d}
            elif k == "write": tn, ti = "Write", {"file_path": d[0], "content": d[1]}
            elif k == "edit": tn, ti = "Edit", {"file_path": d[0], "old_string": d[1], "new_string": d[2], "replace_all": False}
            elif k == "mcp": tn, ti = f"mcp__{d[0]}__{d[1]}", d[2]
            elif k == "fetch": tn, ti = "WebFetch", {"url": d[0], "prompt": d[1]}
            elif k == "agent": tn, ti = "Agent", {"description": d[0], "prompt": d[1], "subagent_type": d[2] if len(d) > 2 else "general-purpose"}
            elif k == "grep": tn, ti = "Grep", {"pattern": d[0], "path": d[1], "output_mode": "files_with_matches"}
            elif k == "glob": tn, ti = "Glob", {"pattern": d[0], "path": d[1]}
            else: raise ValueError(k)
            base.update(hook_event_name=ev, tool_name=tn, tool_input=ti, tool_use_id=tuid(r))
        return ev, base
    if s == "cursor":
        cid = uid(r)
        base = {"conversation_id": cid, "generation_id": uid(r), "model": r.choice(["claude-4.5-sonnet", "gpt-5.1-codex", "composer-1", "auto"]),
                "cursor_version": r.choice(["2.1.46", "2.2.14", "2.0.77"]), "workspace_roots": [cwd if not win else cwd.replace("\\", "/")],
                "user_email": f"{u.lower()}@{r.choice(['acme.io','example.com','fintrail.dev','northwind.co'])}",
                "transcript_path": (f"{H}\\.cursor\\projects\\{P}\\agent-transcripts\\{cid}.txt" if win else f"{H}/.cursor/projects/{P}/agent-transcripts/{cid}.txt")}
        if k in ("sh", "ps"): ev = "beforeShellExecution"; base.update(command=d, cwd=cwd, sandbox=False)
        elif k == "read": ev = "beforeReadFile"; base.update(file_path=d if isinstance(d, str) else d[0], content=("" if isinstance(d, str) else d[1]), attachments=[])
        elif k == "mcp":
            ev = "beforeMCPExecution"; base.update(tool_name=d[1], tool_input=json.dumps(d[2]), mcp_server_name=d[0])
            if len(d) > 3: base.update(d[3])
            else: base.update(command=f"npx -y @modelcontextprotocol/server-{d[0]}")
        elif k == "prompt": ev = "beforeSubmitPrompt"; base.update(prompt=d, attachments=c["kw"].get("att", []))
        elif k == "write": ev = "preToolUse"; base.update(tool_name="Write", tool_input={"file_path": d[0], "contents": d[1]}, tool_use_id=tuid(r), cwd=cwd)
        elif k == "edit": ev = "preToolUse"; base.update(tool_name="Write", tool_input={"file_path": d[0], "old_string": d[1], "new_string": d[2]}, tool_use_id=tuid(r), cwd=cwd)
        elif k == "delete": ev = "preToolUse"; base.update(tool_name="Delete", tool_input={"file_path": d}, tool_use_id=tuid(r), cwd=cwd)
        elif k == "agent": ev = "preToolUse"; base.update(tool_name="Task", tool_input={"description": d[0], "prompt": d[1]}, tool_use_id=tuid(r), cwd=cwd)
        elif k == "grep": ev = "preToolUse"; base.update(tool_name="Grep", tool_input={"pattern": d[0], "path": d[1]}, tool_use_id=tuid(r), cwd=cwd)
        else: raise ValueError(k)
        base["hook_event_name"] = ev
        return ev, base
    if s == "codex":
        sid = uid(r)
        base = {"session_id": sid, "turn_id": uid(r), "transcript_path": f"{H}/.codex/sessions/2026/11/{r.randint(2,23):02d}/rollout-{sid}.jsonl",
                "cwd": cwd, "model": r.choice(["gpt-5.1-codex", "gpt-5.1-codex-max", "gpt-5-codex"]), "permission_mode": c["kw"].get("mode", r.choice(["default", "acceptEdits"]))}
        if k == "prompt": ev = "UserPromptSubmit"; base.update(hook_event_name=ev, prompt=d)
        else:
            ev = "PreToolUse"
            if k == "sh": tn, ti = "Bash", {"command": d}
            elif k == "patch": tn, ti = "apply_patch", {"command": d}
            elif k == "write": tn, ti = "apply_patch", {"command": "*** Begin Patch\n*** Add File: " + d[0] + "\n" + "\n".join("+" + l for l in d[1].split("\n")) + "\n*** End Patch\n"}
            elif k == "edit": tn, ti = "apply_patch", {"command": "*** Begin Patch\n*** Update File: " + d[0] + "\n@@\n" + "\n".join("-" + l for l in d[1].split("\n")) + "\n" + "\n".join("+" + l for l in d[2].split("\n")) + "\n*** End Patch\n"}
            elif k == "mcp": tn, ti = f"mcp__{d[0]}__{d[1]}", d[2]
            else: raise ValueError(k)
            base.update(hook_event_name=ev, tool_name=tn, tool_input=ti, tool_use_id="call_" + hexid(r, 24))
        return ev, base
    if s == "gemini":
        sid = uid(r)
        base = {"session_id": sid, "transcript_path": f"{H}/.gemini/tmp/{hexid(r,16)}/chats/session-{sid}.json", "cwd": cwd, "timestamp": iso(r)}
        if k == "prompt": ev = "BeforeAgent"; base.update(hook_event_name=ev, prompt=d)
        else:
            ev = "BeforeTool"
            if k == "sh": tn, ti = "run_shell_command", {"command": d, "description": desc or c["kw"].get("d", "")}
            elif k == "read": tn, ti = "read_file", {"file_path": d}
            elif k == "readmany": tn, ti = "read_many_files", {"include": d}
            elif k == "write": tn, ti = "write_file", {"file_path": d[0], "content": d[1]}
            elif k == "edit": tn, ti = "replace", {"file_path": d[0], "old_string": d[1], "new_string": d[2], "instruction": desc or "update file"}
            elif k == "mcp": tn, ti = f"mcp_{d[0]}_{d[1]}", d[2]
            elif k == "fetch": tn, ti = "web_fetch", {"prompt": d}
            elif k == "grep": tn, ti = "grep_search", {"pattern": d[0], "dir_path": d[1]}
            elif k == "glob": tn, ti = "glob", {"pattern": d[0], "dir_path": d[1]}
            elif k == "ls": tn, ti = "list_directory", {"dir_path": d}
            else: raise ValueError(k)
            if not ti.get("description", True): ti.pop("description")
            base.update(hook_event_name=ev, tool_name=tn, tool_input=ti)
            if k == "mcp": base["mcp_context"] = {"server_name": d[0], "tool_name": d[1]}
        return ev, base
    if s == "copilot":
        base = {"sessionId": uid(r), "timestamp": ms(r), "cwd": cwd}
        if k == "prompt": return "userPromptSubmitted", dict(base, prompt=d)
        if k == "sh": tn, ta = "bash", {"command": d, "description": desc or c["kw"].get("d", "Run command")}
        elif k == "ps": tn, ta = "powershell", {"command": d, "description": desc or "Run command"}
        elif k == "read": tn, ta = "view", {"path": d}
        elif k == "write": tn, ta = "create", {"path": d[0], "file_text": d[1]}
        elif k == "edit": tn, ta = "edit", {"path": d[0], "old_str": d[1], "new_str": d[2]}
        elif k == "mcp": tn, ta = f"{d[0]}-{d[1]}", d[2]
        elif k == "fetch": tn, ta = "web_fetch", {"url": d[0]}
        elif k == "agent": tn, ta = "task", {"description": d[0], "prompt": d[1], "agent_type": "general-purpose"}
        elif k == "grep": tn, ta = "grep", {"pattern": d[0], "path": d[1]}
        else: raise ValueError(k)
        return "preToolUse", dict(base, toolName=tn, toolArgs=json.dumps(ta))
    if s == "windsurf":
        base = {"trajectory_id": hexid(r, 32), "execution_id": hexid(r, 32), "timestamp": iso(r)}
        if k in ("sh", "ps"): ev, ti = "pre_run_command", {"command_line": d, "cwd": cwd}
        elif k == "read": ev, ti = "pre_read_code", {"file_path": d}
        elif k == "write": ev, ti = "pre_write_code", {"file_path": d[0], "edits": [{"old_string": "", "new_string": d[1]}]}
        elif k == "edit": ev, ti = "pre_write_code", {"file_path": d[0], "edits": [{"old_string": d[1], "new_string": d[2]}]}
        elif k == "mcp": ev, ti = "pre_mcp_tool_use", {"mcp_server_name": d[0], "mcp_tool_name": d[1], "mcp_tool_arguments": d[2]}
        elif k == "prompt": ev, ti = "pre_user_prompt", {"user_prompt": d}
        else: raise ValueError(k)
        return ev, dict(agent_action_name=ev, **base, tool_info=ti)
    if s == "antigravity":
        cv = uid(r)
        ws = [cwd]
        sep = "\\" if win else "/"
        adir = sep.join([H, ".gemini", "antigravity", "brain", cv])
        base = {"conversationId": cv, "transcriptPath": adir + sep + "transcript.jsonl", "workspacePaths": ws}
        if k == "prompt": return "PreInvocation", dict(base, prompt=d)
        if k == "sh": tn, a = "run_command", {"CommandLine": d, "Cwd": cwd, "Blocking": True, "SafeToAutoRun": False, "WaitMsBeforeAsync": 500}
        elif k == "read": tn, a = "view_file", {"AbsolutePath": d}
        elif k == "write": tn, a = "write_to_file", {"TargetFile": d[0], "CodeContent": d[1], "Overwrite": True, "EmptyFile": False}
        elif k == "edit": tn, a = "replace_file_content", {"TargetFile": d[0], "TargetContent": d[1], "ReplacementContent": d[2], "AllowMultiple": False}
        elif k == "mcp": tn, a = f"mcp_{d[0]}_{d[1]}", d[2]
        elif k == "agent": tn, a = "invoke_subagent", {"Task": d[1], "Name": d[0]}
        elif k == "search": tn, a = "codebase_search", {"Query": d, "TargetDirectories": [cwd]}
        else: raise ValueError(k)
        return "PreToolUse", dict(base, stepIdx=r.randint(1, 60), toolCall={"name": tn, "args": a}, artifactDirectoryPath=adir)
    raise ValueError(s)

for f in sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases_*.py"))):
    exec(open(f).read())
out = []
for i, c in enumerate(CASES, 1):
    ev, p = build(c, i)
    out.append(json.dumps({"id": f"rt7-{i:04d}", "surface": c["surface"], "event": ev, "payload": p, "expect": c["expect"], "category": c["cat"], "note": c["note"]}, ensure_ascii=False))
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "redteam-7.jsonl"), "w").write("\n".join(out) + "\n")
print(len(out), "written")
