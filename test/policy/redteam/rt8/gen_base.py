import json, uuid, random, hashlib
random.seed(8)
LIN = [("maria","/home/maria","billing-api"),("dev","/home/dev","projects/webapp"),("tkowalski","/home/tkowalski","src/ingest-pipeline"),
       ("ubuntu","/home/ubuntu","app"),("ravi","/home/ravi","work/ledger-svc"),("jo","/home/jo","code/telemetry-agent"),
       ("nkim","/home/nkim","repos/search-indexer"),("ci","/home/ci","workspace/monorepo"),("fatima","/home/fatima","git/payments-gateway")]
MAC = [("sam","/Users/sam","Developer/ios-shell"),("lena","/Users/lena","projects/storefront"),("akira","/Users/akira","code/edge-proxy"),
       ("pdiaz","/Users/pdiaz","repos/analytics-ui"),("oliver","/Users/oliver","src/rust-cache")]
CASES=[]
N=[0]
def uid(): return str(uuid.UUID(int=random.getrandbits(128), version=4))
def hx(n): return ''.join(random.choice('0123456789abcdef') for _ in range(n))
def ts_iso():
    return "2026-11-%02dT%02d:%02d:%02d.%03dZ"%(random.randint(1,24),random.randint(0,23),random.randint(0,59),random.randint(0,59),random.randint(0,999))
def ts_ms(): return 1763900000000+random.randint(0,2500000000)
def ctx(os):
    pool = MAC if os=='m' else LIN
    u,h,p = pool[N[0] % len(pool)]
    return u,h,h+"/"+p
def sub(x,u,h,p):
    if isinstance(x,str): return x.replace("«H»",h).replace("«P»",p).replace("«U»",u)
    if isinstance(x,list): return [sub(i,u,h,p) for i in x]
    if isinstance(x,dict): return {k:sub(v,u,h,p) for k,v in x.items()}
    return x
CURSOR_MCP_CMD={"filesystem":"npx -y @modelcontextprotocol/server-filesystem /","github":"docker run -i --rm ghcr.io/github/github-mcp-server",
 "postgres":"npx -y @modelcontextprotocol/server-postgres","fetch":"uvx mcp-server-fetch","slack":"npx -y @modelcontextprotocol/server-slack",
 "shell":"uvx mcp-shell-server","sqlite":"uvx mcp-server-sqlite","git":"uvx mcp-server-git"}
def add(surf, kind, a, exp, cat, note, os='l', **kw):
    N[0]+=1
    u,h,p = ctx(os)
    if 'cwd' in kw: p = sub(kw['cwd'],u,h,p)
    a = sub(a,u,h,p)
    sid = uid()
    if surf=='cc':
        proj = "-"+p.strip("/").replace("/","-").replace(".","-")
        base = {"session_id":sid,"transcript_path":f"{h}/.claude/projects/{proj}/{sid}.jsonl","cwd":p,"prompt_id":uid(),
                "permission_mode":random.choice(["default","default","acceptEdits","auto"]) if exp!='x' else "default","effort":{"level":random.choice(["low","medium","high"])}}
        if kind=='prompt':
            ev="UserPromptSubmit"; base.update({"hook_event_name":ev,"prompt":a})
        else:
            ev="PreToolUse"
            if kind=='sh': tn,ti="Bash",{"command":a,"description":kw.get('desc',"Run command")}
            elif kind=='ps': tn,ti="PowerShell",{"command":a,"description":kw.get('desc',"Run PowerShell")}
            elif kind=='read': tn,ti="Read",{"file_path":a}
            elif kind=='write': tn,ti="Write",{"file_path":a[0],"content":a[1]}
            elif kind=='edit': tn,ti="Edit",{"file_path":a[0],"old_string":a[1],"new_string":a[2],"replace_all":False}
            elif kind=='mcp': tn,ti=f"mcp__{a[0]}__{a[1]}",a[2]
            elif kind=='tool': tn,ti=a[0],a[1]
            base.update({"hook_event_name":ev,"tool_name":tn,"tool_input":ti,"tool_use_id":"toolu_01"+hx(22)})
    elif surf=='cu':
        conv=uid()
        base={"conversation_id":conv,"generation_id":uid(),"model":random.choice(["claude-4.5-sonnet","gpt-5.1-codex","composer-1","claude-opus-4-7-thinking-max"]),
              "cursor_version":random.choice(["2.1.46","2.2.14","2.3.7"]),"workspace_roots":[p],"user_email":f"{u}@{random.choice(['acme.io','example.com','corp.dev'])}",
              "transcript_path":f"{h}/.cursor/projects/{p.strip('/').replace('/','-')}/agent-transcripts/{conv}.txt"}
        if kind=='sh': ev="beforeShellExecution"; base.update({"command":a,"cwd":kw.get('dir',p),"sandbox":False})
        elif kind=='read': ev="beforeReadFile"; base.update({"file_path":a if isinstance(a,str) else a[0],"content":"" if isinstance(a,str) else a[1],"attachments":[]})
        elif kind=='mcp':
            ev="beforeMCPExecution"; base.update({"tool_name":a[1],"tool_input":json.dumps(a[2]),"mcp_server_name":a[0]})
            if a[0] in ("fetch_remote","linear","sentry","notion"): base["url"]=f"https://mcp.{a[0]}.app/sse" if a[0]!="fetch_remote" else "https://mcp.example-tools.dev/mcp"
            else: base["command"]=CURSOR_MCP_CMD.get(a[0],f"npx -y {a[0]}-mcp")
        elif kind=='prompt': ev="beforeSubmitPrompt"; base.update({"prompt":a,"attachments":sub(kw.get("att",[]),u,h,p)})
        else:
            ev="preToolUse"
            if kind=='write': tn,ti="Write",{"file_path":a[0],"content":a[1]}
            elif kind=='edit': tn,ti="Edit",{"file_path":a[0],"old_string":a[1],"new_string":a[2]}
            elif kind=='tool': tn,ti=a[0],a[1]
            base.update({"tool_name":tn,"tool_input":ti,"tool_use_id":"call_"+hx(24),"cwd":p})
        base["hook_event_name"]=ev
    elif surf=='cx':
        base={"session_id":sid,"turn_id":uid(),"transcript_path":f"{h}/.codex/sessions/2026/11/{random.randint(1,24):02d}/rollout-2026-11-{random.randint(1,24):02d}T{random.randint(0,23):02d}-{random.randint(0,59):02d}-{random.randint(0,59):02d}-{sid}.jsonl",
              "cwd":p,"model":random.choice(["gpt-5.1-codex","gpt-5.1-codex-max","gpt-5.2"]),"permission_mode":random.choice(["default","acceptEdits","default"])}
        if kind=='prompt': ev="UserPromptSubmit"; base.update({"hook_event_name":ev,"prompt":a})
        else:
            ev="PreToolUse"
            if kind=='sh': tn,ti="Bash",{"command":a}
            elif kind=='patch': tn,ti="apply_patch",{"command":a}
            elif kind=='write': tn,ti="apply_patch",{"command":"*** Begin Patch\n*** Add File: "+a[0]+"\n"+"\n".join("+"+l for l in a[1].split("\n"))+"\n*** End Patch\n"}
            elif kind=='edit': tn,ti="apply_patch",{"command":"*** Begin Patch\n*** Update File: "+a[0]+"\n@@\n"+"\n".join("-"+l for l in a[1].split("\n"))+"\n"+"\n".join("+"+l for l in a[2].split("\n"))+"\n*** End Patch\n"}
            elif kind=='mcp': tn,ti=f"mcp__{a[0]}__{a[1]}",a[2]
            base.update({"hook_event_name":ev,"tool_name":tn,"tool_input":ti,"tool_use_id":"call_"+hx(24)})
    elif surf=='ge':
        base={"session_id":sid,"transcript_path":f"{h}/.gemini/tmp/{hx(12)}/chats/session-{ts_iso()[:16].replace(':','-')}-{sid[:8]}.json","cwd":p,"timestamp":ts_iso()}
        if kind=='prompt': ev="BeforeAgent"; base.update({"hook_event_name":ev,"prompt":a})
        else:
            ev="BeforeTool"
            if kind=='sh':
                ti={"command":a,"description":kw.get('desc',"Run shell command")}
                if 'dir' in kw: ti["dir_path"]=sub(kw['dir'],u,h,p)
                tn="run_shell_command"
            elif kind=='read': tn,ti="read_file",{"file_path":a}
            elif kind=='write': tn,ti="write_file",{"file_path":a[0],"content":a[1]}
            elif kind=='edit': tn,ti="replace",{"file_path":a[0],"old_string":a[1],"new_string":a[2],"instruction":kw.get('desc',"Update file")}
            elif kind=='mcp': tn,ti=f"mcp_{a[0]}_{a[1]}",a[2]
            elif kind=='tool': tn,ti=a[0],a[1]
            base.update({"hook_event_name":ev,"tool_name":tn,"tool_input":ti})
            if kind=='mcp': base["mcp_context"]={"server_name":a[0],"tool_name":a[1]}
    elif surf=='co':
        base={"sessionId":sid,"timestamp":ts_ms(),"cwd":p}
        if kind=='prompt': ev="userPromptSubmitted"; base["prompt"]=a
        else:
            ev="preToolUse"
            if kind=='sh': tn,ti="bash",{"command":a,"description":kw.get('desc',"Run command")}
            elif kind=='ps': tn,ti="powershell",{"command":a,"description":kw.get('desc',"Run command")}
            elif kind=='read': tn,ti="view",{"path":a}
            elif kind=='write': tn,ti="create",{"path":a[0],"file_text":a[1]}
            elif kind=='edit': tn,ti="edit",{"path":a[0],"old_str":a[1],"new_str":a[2]}
            elif kind=='mcp': tn,ti=f"{a[0]}-{a[1]}",a[2]
            elif kind=='tool': tn,ti=a[0],a[1]
            base.update({"toolName":tn,"toolArgs":json.dumps(ti)})
    elif surf=='ws':
        base={"trajectory_id":uid(),"execution_id":uid(),"timestamp":ts_iso()}
        if kind=='sh': ev="pre_run_command"; ti={"command_line":a,"cwd":kw.get('dir',p)}
        elif kind=='read': ev="pre_read_code"; ti={"file_path":a}
        elif kind=='write': ev="pre_write_code"; ti={"file_path":a[0],"edits":[{"old_string":"","new_string":a[1]}]}
        elif kind=='edit': ev="pre_write_code"; ti={"file_path":a[0],"edits":[{"old_string":a[1],"new_string":a[2]}]}
        elif kind=='edits': ev="pre_write_code"; ti={"file_path":a[0],"edits":[{"old_string":o,"new_string":n} for o,n in a[1]]}
        elif kind=='mcp': ev="pre_mcp_tool_use"; ti={"mcp_server_name":a[0],"mcp_tool_name":a[1],"mcp_tool_arguments":a[2]}
        elif kind=='prompt': ev="pre_user_prompt"; ti={"user_prompt":a}
        base={"agent_action_name":ev,**base,"tool_info":ti}
    elif surf=='ag':
        conv=uid()
        base={"conversationId":conv,"transcriptPath":f"{h}/.gemini/antigravity/brain/{conv}/transcript.jsonl","workspacePaths":[p]}
        if kind=='prompt': ev="PreInvocation"; base["prompt"]=a
        else:
            ev="PreToolUse"
            if kind=='sh': tc={"name":"run_command","args":{"CommandLine":a,"Cwd":kw.get('dir',p),"Blocking":True,"SafeToAutoRun":False,"WaitMsBeforeAsync":0}}
            elif kind=='read': tc={"name":"view_file","args":{"AbsolutePath":a}}
            elif kind=='write': tc={"name":"write_to_file","args":{"TargetFile":a[0],"CodeContent":a[1],"Overwrite":True,"EmptyFile":False}}
            elif kind=='edit': tc={"name":"replace_file_content","args":{"TargetFile":a[0],"ReplacementChunks":[{"TargetContent":a[1],"ReplacementContent":a[2],"AllowMultiple":False}],"Instruction":kw.get('desc',"Edit file")}}
            elif kind=='mcp': tc={"name":f"mcp_{a[0]}_{a[1]}","args":a[2]}
            elif kind=='tool': tc={"name":a[0],"args":a[1]}
            base.update({"stepIdx":random.randint(2,60),"toolCall":tc,"artifactDirectoryPath":f"{h}/.gemini/antigravity/brain/{conv}"})
    SURF={'cc':'claude-code','cu':'cursor','cx':'codex','ge':'gemini','co':'copilot','ws':'windsurf','ag':'antigravity'}[surf]
    CASES.append({"id":"rt8-%04d"%len(CASES+[0]),"surface":SURF,"event":ev,"payload":base,"expect":exp,"category":cat,"note":note})
