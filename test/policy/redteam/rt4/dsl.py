C = []
def _add(kind, spec, exp, cat, fam, note, s=None, os=None):
    if exp == "allow": assert cat == "benign", note
    else: assert cat != "benign", note
    C.append(dict(kind=kind, spec=spec, expect=exp, category=cat, family=fam, note=note, surface=s, os=os))
def sh(cmd, exp, cat, fam, note, s=None, os=None, desc="Run command", cursor_pre=False):
    _add("sh", {"cmd": cmd, "desc": desc, "cursor_pre": cursor_pre}, exp, cat, fam, note, s, os)
def rd(path, exp, cat, fam, note, s=None, os=None, many=None):
    _add("read", {"path": path, "many": many}, exp, cat, fam, note, s, os)
def wr(path, content, exp, cat, fam, note, s=None, os=None):
    _add("write", {"path": path, "content": content}, exp, cat, fam, note, s, os)
def ed(path, old, new, exp, cat, fam, note, s=None, os=None, why="update"):
    _add("edit", {"path": path, "old": old, "new": new, "why": why}, exp, cat, fam, note, s, os)
def mcp(server, tool, args, exp, cat, fam, note, s=None, os=None):
    _add("mcp", {"server": server, "tool": tool, "args": args}, exp, cat, fam, note, s, os)
def pr(text, exp, cat, fam, note, s=None, os=None, attachments=None):
    _add("prompt", {"text": text, "attachments": attachments or []}, exp, cat, fam, note, s, os)
def sa(text, exp, cat, fam, note, s=None, os=None, desc="Delegate subtask"):
    _add("sub", {"text": text, "desc": desc}, exp, cat, fam, note, s, os)
def fe(url, exp, cat, fam, note, s=None, os=None, prompt="Summarize the page"):
    _add("fetch", {"url": url, "prompt": prompt}, exp, cat, fam, note, s, os)
def gr(pattern, path, exp, cat, fam, note, s=None, os=None):
    _add("grep", {"pattern": pattern, "path": path}, exp, cat, fam, note, s, os)
def ls(path, exp, cat, fam, note, s=None, os=None, pattern="**/*"):
    _add("ls", {"path": path, "pattern": pattern}, exp, cat, fam, note, s, os)
def dl(path, exp, cat, fam, note, os=None):
    _add("del", {"path": path}, exp, cat, fam, note, "cursor", os)
