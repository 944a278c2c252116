import json, random, uuid, hashlib
CASES = []
USERS = {"linux":["dana","mkovacs","ravi","jlee","ops","tberg","amira","sam"],
         "mac":["priya","lucas","hannah.w","kenji","marta","olu"],
         "win":["ALopez","dev","jmuller","S.Nakamura"]}
PROJ = ["payments-api","web-dashboard","infra-live","ml-pipeline","mobile-app","billing-svc","docs-site","cli-tool","auth-gateway","data-etl","shop-frontend","platform-helm","terraform-aws","search-indexer","notifier"]
import re as _re
def _fix(v):
    if isinstance(v, str): return _re.sub(r"/(home|Users)/[A-Za-z][A-Za-z0-9._-]*", lambda m: "{H}", v)
    if isinstance(v, dict): return {k: _fix(w) for k, w in v.items()}
    if isinstance(v, (list, tuple)): return type(v)(_fix(w) for w in v)
    return v
def C(surf, kind, x, exp, cat, note, os="linux", proj=None, **kw):
    r = repr(x)
    if "/Users/" in r or "~/Library" in r: os = "mac"
    x = _fix(x); kw = _fix(kw)
    CASES.append(dict(surf=surf, kind=kind, x=x, exp=exp, cat=cat, note=note, os=os, proj=proj, kw=kw))

def _ctx(i, c):
    r = random.Random(1000+i)
    os_ = c["os"]; u = r.choice(USERS[os_]); p = c["proj"] or r.choice(PROJ)
    if os_=="linux": H=f"/home/{u}"; P=f"{H}/src/{p}" if r.random()<.5 else f"{H}/work/{p}"
    elif os_=="mac": H=f"/Users/{u}"; P=f"{H}/code/{p}" if r.random()<.5 else f"{H}/Projects/{p}"
    else: H="C:\\Users\\"+u; P=H+"\\source\\repos\\"+p
    return r, H, P, u

def sub(v, H, P):
    if isinstance(v, str): return v.replace("{H}", H).replace("{P}", P)
    if isinstance(v, dict): return {k: sub(w, H, P) for k, w in v.items()}
    if isinstance(v, (list, tuple)): return type(v)(sub(w, H, P) for w in v)
    return v

def _desc(cmd, r):
    w = cmd.strip().split()[0] if cmd.strip() else ""
    m = {"git":"Git operation","npm":"Run npm task","kubectl":"Kubernetes command","terraform":"Terraform command","docker":"Docker command","aws":"AWS CLI command","gcloud":"gcloud command","az":"Azure CLI command","psql":"Query database","mysql":"Query database","redis-cli":"Redis command","helm":"Helm command","cat":"Show file contents","curl":"HTTP request","make":"Run make target"}
    return m.get(w, r.choice(["Run command","Execute shell step","Run the requested command","Continue task"]))

def build(i, c):
    r, H, P, u = _ctx(i, c)
    x = sub(c["x"], H, P); kw = sub(c["kw"], H, P)
    s, k = c["surf"], c["kind"]
    sid = str(uuid.UUID(int=r.getrandbits(128), version=4))
    ts_ms = 1795000000000 + i*577*1000 + r.randint(0, 99999)
    import datetime
    iso = datetime.datetime.utcfromtimestamp(ts_ms/1000).strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts_ms%1000:03d}Z"
    cwd = kw.get("cwd", P)
    def tid(): return "toolu_01" + "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789") for _ in range(22))
    if s == "claude-code":
        slug = cwd.replace("/", "-").replace("\\","-").replace(":","")
        base = {"session_id": sid, "transcript_path": f"{H}/.claude/projects/{slug}/{sid}.jsonl" if c["os"]!="win" else H+"\\.claude\\projects\\"+slug+"\\"+sid+".jsonl",
                "cwd": cwd, "prompt_id": str(uuid.UUID(int=r.getrandbits(128), version=4)),
                "permission_mode": kw.get("mode", r.choice(["default","default","acceptEdits","auto"]))}
        if k == "prompt":
            return "UserPromptSubmit", {**base, "hook_event_name": "UserPromptSubmit", "prompt": x}
        base.update({"effort": {"level": r.choice(["medium","high"])}, "hook_event_name": "PreToolUse"})
        if k == "sh":
            tn = "PowerShell" if kw.get("ps") else "Bash"
            ti = {"command": x, "description": kw.get("desc", _desc(x, r))}
        elif k == "read": tn, ti = "Read", {"file_path": x}
        elif k == "write": tn, ti = "Write", {"file_path": x[0], "content": x[1]}
        elif k == "edit": tn, ti = "Edit", {"file_path": x[0], "old_string": x[1], "new_string": x[2], "replace_all": False}
        elif k == "mcp": tn, ti = f"mcp__{x[0]}__{x[1]}", x[2]
        elif k == "task": tn, ti = "Agent", {"prompt": x, "description": kw.get("desc","Subtask"), "subagent_type": kw.get("sub","general-purpose")}
        elif k == "fetch": tn, ti = "WebFetch", {"url": x[0], "prompt": x[1]}
        elif k == "grep": tn, ti = "Grep", {"pattern": x[0], "path": x[1], "output_mode": "files_with_matches"}
        elif k == "glob": tn, ti = "Glob", {"pattern": x[0], "path": x[1]}
        return "PreToolUse", {**base, "tool_name": tn, "tool_input": ti, "tool_use_id": tid()}
    pname = _re.split(r"[\\/]", P)[-1]
    if s == "cursor":
        base = {"conversation_id": sid, "generation_id": str(uuid.UUID(int=r.getrandbits(128), version=4)),
                "model": r.choice(["claude-4.5-sonnet","gpt-5","composer-1","claude-opus-4-7-thinking-max"]), "cursor_version": r.choice(["2.1.46","2.2.3","2.3.11"]),
                "workspace_roots": [P], "user_email": f"{u.lower().replace('.','')}@{r.choice(['acme.io','example.com','northwind.dev','contoso.com'])}",
                "transcript_path": f"{H}/.cursor/projects/{pname}/agent-transcripts/{sid}.txt"}
        if k == "sh": return "beforeShellExecution", {**base, "hook_event_name": "beforeShellExecution", "command": x, "cwd": cwd, "sandbox": kw.get("sandbox", False)}
        if k == "read": return "beforeReadFile", {**base, "hook_event_name": "beforeReadFile", "file_path": x, "content": kw.get("content",""), "attachments": []}
        if k == "prompt": return "beforeSubmitPrompt", {**base, "hook_event_name": "beforeSubmitPrompt", "prompt": x, "attachments": kw.get("att", [])}
        if k == "mcp":
            d = {**base, "hook_event_name": "beforeMCPExecution", "tool_name": x[1], "tool_input": json.dumps(x[2]), "mcp_server_name": x[0]}
            if kw.get("url"): d["url"] = kw["url"]
            else: d["command"] = kw.get("mcmd", f"npx -y @modelcontextprotocol/server-{x[0]}")
            return "beforeMCPExecution", d
        if k == "write": tn, ti = "Write", {"file_path": x[0], "contents": x[1]}
        elif k == "edit": tn, ti = "Write", {"file_path": x[0], "old_string": x[1], "new_string": x[2]}
        elif k == "task": tn, ti = "Task", {"prompt": x, "description": kw.get("desc","Subtask"), "subagent_type": kw.get("sub","generalPurpose")}
        elif k == "grep": tn, ti = "Grep", {"pattern": x[0], "path": x[1]}
        elif k == "delete": tn, ti = "Delete", {"path": x}
        elif k == "fetch": tn, ti = "WebFetch", {"url": x[0]}
        return "preToolUse", {**base, "hook_event_name": "preToolUse", "tool_name": tn, "tool_input": ti, "tool_use_id": "call_"+hashlib.md5(sid.encode()).hexdigest()[:20], "cwd": cwd}
    if s == "codex":
        base = {"session_id": sid, "turn_id": str(uuid.UUID(int=r.getrandbits(128), version=4)),
                "transcript_path": f"{H}/.codex/sessions/2026/11/{20+i%5}/rollout-2026-11-{20+i%5}T{10+i%9:02d}-{sid}.jsonl",
                "cwd": cwd, "model": r.choice(["gpt-5-codex","gpt-5.1-codex","gpt-5.2"]), "permission_mode": kw.get("mode", r.choice(["default","default","acceptEdits"]))}
        if k == "prompt": return "UserPromptSubmit", {**base, "hook_event_name": "UserPromptSubmit", "prompt": x}
        base["hook_event_name"] = "PreToolUse"
        cid = "call_" + "".join(r.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(24))
        if k == "sh": tn, ti = "Bash", {"command": x}
        elif k == "patch": tn, ti = "apply_patch", {"command": x}
        elif k == "write":
            body = "\n".join("+"+l for l in x[1].split("\n"))
            tn, ti = "apply_patch", {"command": f"*** Begin Patch\n*** Add File: {x[0]}\n{body}\n*** End Patch\n"}
        elif k == "edit":
            o = "\n".join("-"+l for l in x[1].split("\n")); n = "\n".join("+"+l for l in x[2].split("\n"))
            tn, ti = "apply_patch", {"command": f"*** Begin Patch\n*** Update File: {x[0]}\n@@\n{o}\n{n}\n*** End Patch\n"}
        elif k == "mcp": tn, ti = f"mcp__{x[0]}__{x[1]}", x[2]
        return "PreToolUse", {**base, "tool_name": tn, "tool_input": ti, "tool_use_id": cid}
    if s == "gemini":
        base = {"session_id": sid, "transcript_path": f"{H}/.gemini/tmp/{hashlib.sha256(P.encode()).hexdigest()}/chats/session-{sid[:8]}.json", "cwd": cwd, "timestamp": iso}
        if k == "prompt": return "BeforeAgent", {**base, "hook_event_name": "BeforeAgent", "prompt": x}
        base["hook_event_name"] = "BeforeTool"
        mc = None
        if k == "sh": tn, ti = "run_shell_command", {"command": x, "description": kw.get("desc", _desc(x, r)), **({"dir_path": kw["dir"]} if kw.get("dir") else {})}
        elif k == "read": tn, ti = "read_file", {"file_path": x}
        elif k == "readmany": tn, ti = "read_many_files", {"include": x}
        elif k == "write": tn, ti = "write_file", {"file_path": x[0], "content": x[1]}
        elif k == "edit": tn, ti = "replace", {"file_path": x[0], "old_string": x[1], "new_string": x[2], "instruction": kw.get("desc","Apply edit")}
        elif k == "fetch": tn, ti = "web_fetch", {"prompt": x[1] + " " + x[0] if x[0] not in x[1] else x[1]}
        elif k == "grep": tn, ti = "grep_search", {"pattern": x[0], "dir_path": x[1]}
        elif k == "glob": tn, ti = "glob", {"pattern": x[0], "dir_path": x[1]}
        elif k == "task": tn, ti = "invoke_agent", {"agent_name": kw.get("sub","generalist"), "prompt": x}
        elif k == "mcp":
            tn, ti = f"mcp_{x[0]}_{x[1]}", x[2]; mc = {"server_name": x[0], "tool_name": x[1]}
        d = {**base, "tool_name": tn, "tool_input": ti}
        if mc: d["mcp_context"] = mc; d["original_request_name"] = tn
        return "BeforeTool", d
    if s == "copilot":
        base = {"sessionId": sid, "timestamp": ts_ms, "cwd": cwd}
        if k == "prompt": return "userPromptSubmitted", {**base, "prompt": x}
        if k == "sh": tn, ta = ("powershell" if kw.get("ps") else "bash"), {"command": x, "description": kw.get("desc", _desc(x, r))}
        elif k == "read": tn, ta = "view", {"path": x}
        elif k == "write": tn, ta = "create", {"path": x[0], "file_text": x[1]}
        elif k == "edit": tn, ta = "edit", {"path": x[0], "old_str": x[1], "new_str": x[2]}
        elif k == "task": tn, ta = "task", {"description": kw.get("desc","Subtask"), "prompt": x, "agent_type": kw.get("sub","general-purpose")}
        elif k == "fetch": tn, ta = "web_fetch", {"url": x[0]}
        elif k == "grep": tn, ta = "grep", {"pattern": x[0], "path": x[1]}
        elif k == "glob": tn, ta = "glob", {"pattern": x[0], "path": x[1]}
        elif k == "mcp": tn, ta = f"{x[0]}-{x[1]}", x[2]
        return "preToolUse", {**base, "toolName": tn, "toolArgs": json.dumps(ta)}
    if s == "windsurf":
        ev = {"sh":"pre_run_command","read":"pre_read_code","write":"pre_write_code","edit":"pre_write_code","mcp":"pre_mcp_tool_use","prompt":"pre_user_prompt"}[k]
        if k == "sh": ti = {"command_line": x, "cwd": cwd}
        elif k == "read": ti = {"file_path": x}
        elif k == "write": ti = {"file_path": x[0], "edits": [{"old_string": "", "new_string": x[1]}]}
        elif k == "edit": ti = {"file_path": x[0], "edits": [{"old_string": x[1], "new_string": x[2]}]}
        elif k == "mcp": ti = {"mcp_server_name": x[0], "mcp_tool_name": x[1], "mcp_tool_arguments": x[2]}
        elif k == "prompt": ti = {"user_prompt": x}
        return ev, {"agent_action_name": ev, "trajectory_id": sid.replace("-","")[:24], "execution_id": str(uuid.UUID(int=r.getrandbits(128), version=4)), "timestamp": iso, "tool_info": ti}
    if s == "antigravity":
        base = {"conversationId": sid, "transcriptPath": f"{H}/.gemini/antigravity/brain/{sid}/transcript.jsonl",
                "workspacePaths": [P], "artifactDirectoryPath": f"{H}/.gemini/antigravity/brain/{sid}"}
        if k == "prompt": return "PreInvocation", {"conversationId": sid, "prompt": x, "transcriptPath": base["transcriptPath"], "workspacePaths": [P]}
        if k == "sh": nm, a = "run_command", {"CommandLine": x, "Cwd": cwd, "Blocking": True, "SafeToAutoRun": kw.get("safe", False), "WaitMsBeforeAsync": 0}
        elif k == "read": nm, a = "view_file", {"AbsolutePath": x}
        elif k == "write": nm, a = "write_to_file", {"TargetFile": x[0], "CodeContent": x[1], "Overwrite": True}
        elif k == "edit": nm, a = "replace_file_content", {"TargetFile": x[0], "TargetContent": x[1], "ReplacementContent": x[2], "AllowMultiple": False}
        elif k == "task": nm, a = "invoke_subagent", {"Prompt": x}
        elif k == "fetch": nm, a = "read_url_content", {"Url": x[0]}
        elif k == "grep": nm, a = "grep_search", {"Query": x[0], "SearchPath": x[1]}
        elif k == "mcp": nm, a = f"mcp_{x[0]}_{x[1]}", x[2]
        return "PreToolUse", {**base, "stepIdx": 3 + i % 40, "toolCall": {"name": nm, "args": a}}
    raise ValueError((s, k))

def emit(path):
    out = []
    for i, c in enumerate(CASES, 1):
        ev, p = build(i, c)
        if c["os"] == "win":
            for k in ("transcript_path", "transcriptPath", "artifactDirectoryPath"):
                if k in p: p[k] = p[k].replace("/", "\\")
        out.append(json.dumps({"id": f"rt5-{i:04d}", "surface": c["surf"], "event": ev, "payload": p, "expect": c["exp"], "category": c["cat"], "note": c["note"]}, ensure_ascii=False))
    open(path, "w").write("\n".join(out) + "\n")
    return len(out)
