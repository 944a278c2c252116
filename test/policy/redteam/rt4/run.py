import json, os, sys, collections, re
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import h, dsl
import cases_1, cases_2, cases_3, cases_4, cases_5, cases_6
MAC = re.compile(r"Library/|osascript|\bsecurity |launchctl|tmutil|diskutil|pbcopy|\bbrew |dseditgroup|/Users/|rdisk")
LIN = re.compile(r"/home/\*|systemd|secret-tool|keyrings|\.mozilla|autostart|apt-get|setcap|usermod|getent|wipefs|lvremove|/proc/|xdg|sgdisk|nvme|zfs|vim\.basic|/var/lib/|google-chrome|\.var\b")
cnt_ke = collections.Counter(); cnt_s = collections.Counter()
out = []; seen = {}
for i, c in enumerate(dsl.C, 1):
    kind = c["kind"]
    key = json.dumps({k: v for k, v in c["spec"].items() if k not in ("desc", "cursor_pre")}, sort_keys=True)
    if key in seen: raise SystemExit(f"duplicate content: {c['note']} / {seen[key]}")
    seen[key] = c["note"]
    blob = json.dumps(c["spec"])
    osr = c["os"] or ("mac" if MAC.search(blob) else ("linux" if LIN.search(blob) else None))
    prof = h.pick_profile(osr)
    s = c["surface"]
    if not s:
        opts = h.SUPPORT[kind]
        s = min(opts, key=lambda x: (cnt_ke[(x, kind, c["expect"])], cnt_s[x], opts.index(x)))
    cnt_ke[(s, kind, c["expect"])] += 1; cnt_s[s] += 1
    spec = h.sub(c["spec"], prof)
    # a few cursor shell cases use the generic preToolUse Shell shape
    if s == "cursor" and kind == "sh" and cnt_ke[(s, kind, c["expect"])] % 6 == 0: spec["cursor_pre"] = True
    event, payload = h.build(kind, s, prof, spec)
    out.append({"id": "rt4-%04d" % (len(out) + 1), "surface": s, "event": event, "payload": payload,
                "expect": c["expect"], "category": c["category"], "family": c["family"],
                "note": h.sub(c["note"], prof)})
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "redteam-4.jsonl"), "w") as f:
    for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
print(len(out))
