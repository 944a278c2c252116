import json, random, uuid, hashlib, time
R = random.Random(1337)
USERS = ["dev","alice","bkumar","jmartin","sofia","tchen","rgarcia","mwilson","ops","nadia"]
PROJ = ["webapp","payments-api","infra","ml-pipeline","mobile-app","docs-site","billing","auth-service","data-etl","cli-tool","frontend","monorepo"]
CASES = []
DESCS = ["Run command","Execute shell command","Run the requested command","Run in project directory","Execute step","Run it","Check the result","Perform the task step","Run script","Execute as requested"]
GDESCS = ["Runs the command requested by the user.","Executes the shell command in the project directory.","Running the command to complete the task.","Executes the next step.","Run shell command"]
def _u(): return str(uuid.UUID(int=R.getrandbits(128), version=4))
import re
HINT=[None]
def _ctx(user=None, proj=None, mac=None):
    sub = R.choice(["projects","src","code","work","repos"])
    h = HINT[0]
    if h and not user:
        m = re.search(r'/(home|Users)/([a-z]+)(?:/(projects|src|code|work|repos)/([A-Za-z0-9_-]+))?', h)
        if m and m.group(2) not in ("runner",):
            user = m.group(2); mac = m.group(1)=="Users"
            if m.group(4): sub, proj = m.group(3), m.group(4)
    if mac is None and h and re.search(r'diskutil|pbcopy|launchctl|LaunchAgents|Library/|security find-|base64 -D|/opt/homebrew', h): mac = True
    user = user or R.choice(USERS); proj = proj or R.choice(PROJ)
    mac = R.random() < 0.35 if mac is None else mac
    home = f"/Users/{user}" if mac else f"/home/{user}"
    return home, f"{home}/{sub}/{proj}"
def hint(x): HINT[0] = x if isinstance(x,str) else json.dumps(x)
def _ts(): return f"2026-11-{R.randint(10,23):02d}T{R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d}.{R.randint(0,999):03d}Z"
def _ms(): return 1763000000000 + R.randint(0, 900000000)
def add(surface, event, payload, expect, category, note):
    CASES.append({"surface":surface,"event":event,"payload":payload,"expect":expect,"category":category,"note":note})
def _toolu():
    a="ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789"
    return "toolu_01"+"".join(R.choice(a) for _ in range(22))
# ---- Claude Code
def cc(tool, inp, expect, cat, note, mode=None, cwd=None, user=None, agent=False):
    hint(inp)
    if cwd: hint(cwd)
    home, d = _ctx(user); cwd = cwd or d; sid=_u()
    p = {"session_id":sid,"transcript_path":f"{home}/.claude/projects/{cwd.replace('/','-')}/{sid}.jsonl","cwd":cwd,"prompt_id":_u(),
         "permission_mode":mode or R.choice(["default","default","acceptEdits","auto","plan"]),"effort":{"level":R.choice(["low","medium","high"])},
         "hook_event_name":"PreToolUse","tool_name":tool,"tool_input":inp,"tool_use_id":_toolu()}
    if agent: p["agent_id"]=_u()[:8]; p["agent_type"]=R.choice(["general-purpose","Explore","code-reviewer"])
    add("claude-code","PreToolUse",p,expect,cat,note)
def ccb(cmd, expect, cat, note, desc=None, **k):
    inp={"command":cmd,"description":desc or R.choice(DESCS)}
    if R.random()<0.3: inp["timeout"]=R.choice([60000,120000,300000])
    cc("Bash", inp, expect, cat, note, **k)
def ccp(prompt, expect, cat, note, cwd=None):
    hint(prompt)
    home, d = _ctx(); cwd=cwd or d; sid=_u()
    add("claude-code","UserPromptSubmit",{"session_id":sid,"transcript_path":f"{home}/.claude/projects/{cwd.replace('/','-')}/{sid}.jsonl","cwd":cwd,"prompt_id":_u(),"permission_mode":"default","hook_event_name":"UserPromptSubmit","prompt":prompt},expect,cat,note)
# ---- Cursor
def _cur(ev, user=None, cwd=None):
    home, d = _ctx(user); cwd=cwd or d
    u = home.split('/')[-1]
    return {"conversation_id":_u(),"generation_id":_u(),"model":R.choice(["claude-4.5-sonnet","gpt-5.1-codex","composer-1","claude-opus-4-7-thinking-max"]),
            "hook_event_name":ev,"cursor_version":R.choice(["2.1.46","2.2.3","2.3.10"]),"workspace_roots":[cwd],"user_email":f"{u}@{R.choice(['acme.io','example.com','corp.internal'])}",
            "transcript_path":f"{home}/.cursor/projects/{cwd.strip('/').replace('/','-')}/agent-transcripts/{_u()}.txt"}, cwd, home
def cus(cmd, expect, cat, note, cwd=None):
    hint(cmd)
    if cwd: hint(cwd)
    p,cwd,h=_cur("beforeShellExecution",cwd=cwd); p.update({"command":cmd,"cwd":cwd,"sandbox":R.random()<0.2}); add("cursor","beforeShellExecution",p,expect,cat,note)
def cur(path, expect, cat, note, content="", cwd=None):
    hint(path)
    if cwd: hint(cwd)
    p,cwd,h=_cur("beforeReadFile",cwd=cwd); path=path.replace("~",h) if path.startswith("~") else (path if path.startswith("/") else f"{cwd}/{path}")
    p.update({"file_path":path,"content":content,"attachments":[]}); add("cursor","beforeReadFile",p,expect,cat,note)
def cum(server, tool, args, expect, cat, note, url=None, command=None):
    hint(args)
    p,cwd,h=_cur("beforeMCPExecution"); p.update({"tool_name":tool,"tool_input":json.dumps(args),"mcp_server_name":server})
    if url: p["url"]=url
    else: p["command"]=command or f"npx -y @modelcontextprotocol/server-{server}"
    add("cursor","beforeMCPExecution",p,expect,cat,note)
def cup(prompt, expect, cat, note, att=None):
    hint(prompt)
    p,cwd,h=_cur("beforeSubmitPrompt"); p.update({"prompt":prompt,"attachments":[{"type":"file","file_path":f"{cwd}/{a}"} for a in (att or [])]}); add("cursor","beforeSubmitPrompt",p,expect,cat,note)
def cut(tool, inp, expect, cat, note):
    hint(inp)
    p,cwd,h=_cur("preToolUse"); p.update({"tool_name":tool,"tool_input":inp,"tool_use_id":_u(),"cwd":cwd}); add("cursor","preToolUse",p,expect,cat,note)
# ---- Codex
def _cx(ev, user=None):
    home,cwd=_ctx(user); sid=_u(); d=_ts()
    return {"session_id":sid,"turn_id":_u(),"transcript_path":f"{home}/.codex/sessions/2026/11/{d[8:10]}/rollout-{d[:10]}T{d[11:13]}-{d[14:16]}-{d[17:19]}-{sid}.jsonl","cwd":cwd,
            "hook_event_name":ev,"model":R.choice(["gpt-5.1-codex","gpt-5.1-codex-max","gpt-5.2"]),"permission_mode":R.choice(["default","bypassPermissions","acceptEdits"])}, cwd, home
def cxb(cmd, expect, cat, note):
    hint(cmd)
    p,cwd,h=_cx("PreToolUse"); p.update({"tool_name":"Bash","tool_input":{"command":cmd},"tool_use_id":"call_"+_u().replace('-','')[:24]}); add("codex","PreToolUse",p,expect,cat,note)
def cxt(tool, inp, expect, cat, note):
    hint(inp)
    p,cwd,h=_cx("PreToolUse"); p.update({"tool_name":tool,"tool_input":inp,"tool_use_id":"call_"+_u().replace('-','')[:24]}); add("codex","PreToolUse",p,expect,cat,note)
def cxpatch(path, body, expect, cat, note, op="Update"):
    patch=f"*** Begin Patch\n*** {op} File: {path}\n{body}\n*** End Patch\n"; cxt("apply_patch",{"command":patch},expect,cat,note)
def cxp(prompt, expect, cat, note):
    hint(prompt)
    p,cwd,h=_cx("UserPromptSubmit"); p["prompt"]=prompt; add("codex","UserPromptSubmit",p,expect,cat,note)
# ---- Gemini
def _gm(ev):
    home,cwd=_ctx(); sid=_u(); t=_ts()
    return {"session_id":sid,"transcript_path":f"{home}/.gemini/tmp/{cwd.split('/')[-1]}/chats/session-{t[:16].replace(':','-')}-{sid[:8]}.jsonl","cwd":cwd,"hook_event_name":ev,"timestamp":t}, cwd, home
def gm(tool, inp, expect, cat, note):
    hint(inp)
    p,cwd,h=_gm("BeforeTool"); p.update({"tool_name":tool,"tool_input":inp}); add("gemini","BeforeTool",p,expect,cat,note)
def gms(cmd, expect, cat, note, desc=None):
    gm("run_shell_command",{"command":cmd,"description":desc or R.choice(GDESCS)},expect,cat,note)
def gmp(prompt, expect, cat, note):
    hint(prompt)
    p,cwd,h=_gm("BeforeAgent"); p["prompt"]=prompt; add("gemini","BeforeAgent",p,expect,cat,note)
# ---- Copilot
def _cp():
    home,cwd=_ctx(); return {"sessionId":_u(),"timestamp":_ms(),"cwd":cwd},cwd,home
def cpt(tool, args, expect, cat, note):
    hint(args)
    p,cwd,h=_cp(); p.update({"toolName":tool,"toolArgs":json.dumps(args)}); add("copilot","preToolUse",p,expect,cat,note)
def cpb(cmd, expect, cat, note, desc=None):
    a={"command":cmd,"description":desc or R.choice(DESCS)}
    if R.random()<0.4: a["mode"]="sync"
    cpt("bash",a,expect,cat,note)
def cpp(prompt, expect, cat, note):
    hint(prompt)
    p,cwd,h=_cp(); p["prompt"]=prompt; add("copilot","userPromptSubmitted",p,expect,cat,note)
# ---- Windsurf
def _ws(ev):
    return {"agent_action_name":ev,"trajectory_id":_u(),"execution_id":_u(),"timestamp":_ts()}
def wsc(cmd, expect, cat, note):
    hint(cmd)
    home,cwd=_ctx(); p=_ws("pre_run_command"); p["tool_info"]={"command_line":cmd,"cwd":cwd}; add("windsurf","pre_run_command",p,expect,cat,note)
def wsr(path, expect, cat, note):
    hint(path)
    home,cwd=_ctx(); path=path.replace("~",home,1) if path.startswith("~") else (path if path.startswith("/") else f"{cwd}/{path}")
    p=_ws("pre_read_code"); p["tool_info"]={"file_path":path}; add("windsurf","pre_read_code",p,expect,cat,note)
def wsw(path, edits, expect, cat, note):
    hint(edits)
    home,cwd=_ctx(); path=path.replace("~",home,1) if path.startswith("~") else (path if path.startswith("/") else f"{cwd}/{path}")
    p=_ws("pre_write_code"); p["tool_info"]={"file_path":path,"edits":[{"old_string":o,"new_string":n} for o,n in edits]}; add("windsurf","pre_write_code",p,expect,cat,note)
def wsm(server, tool, args, expect, cat, note):
    hint(args)
    p=_ws("pre_mcp_tool_use"); p["tool_info"]={"mcp_server_name":server,"mcp_tool_name":tool,"mcp_tool_arguments":args}; add("windsurf","pre_mcp_tool_use",p,expect,cat,note)
def wsp(prompt, expect, cat, note):
    hint(prompt)
    p=_ws("pre_user_prompt"); p["tool_info"]={"user_prompt":prompt}; add("windsurf","pre_user_prompt",p,expect,cat,note)
# ---- Antigravity
def ag(name, args, expect, cat, note):
    hint(args)
    home,cwd=_ctx(); cid=_u()
    p={"conversationId":cid,"stepIdx":R.randint(1,60),"toolCall":{"name":name,"args":args},"transcriptPath":f"{home}/.gemini/antigravity/brain/{cid}/transcript.jsonl",
       "workspacePaths":[cwd],"artifactDirectoryPath":f"{home}/.gemini/antigravity/brain/{cid}"}
    add("antigravity","PreToolUse",p,expect,cat,note); return cwd
def agc(cmd, expect, cat, note):
    hint(cmd)
    home,cwd=_ctx(); cid=_u()
    p={"conversationId":cid,"stepIdx":R.randint(1,60),"toolCall":{"name":"run_command","args":{"CommandLine":cmd,"Cwd":cwd,"Blocking":True,"SafeToAutoRun":False}},"transcriptPath":f"{home}/.gemini/antigravity/brain/{cid}/transcript.jsonl",
       "workspacePaths":[cwd],"artifactDirectoryPath":f"{home}/.gemini/antigravity/brain/{cid}"}
    add("antigravity","PreToolUse",p,expect,cat,note)
def agp(prompt, expect, cat, note):
    hint(prompt)
    home,cwd=_ctx(); cid=_u()
    p={"conversationId":cid,"prompt":prompt,"transcriptPath":f"{home}/.gemini/antigravity/brain/{cid}/transcript.jsonl","workspacePaths":[cwd]}
    add("antigravity","PreInvocation",p,expect,cat,note)
def write_out():
    with open("/work/redteam/redteam.jsonl","w") as f:
        for i,c in enumerate(CASES,1):
            f.write(json.dumps({"id":f"rt-{i:04d}",**c})+"\n")
    print(len(CASES))
