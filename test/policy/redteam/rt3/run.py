"""Build redteam-3.jsonl: python3 rt3/run.py (from test/policy/redteam)."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import env, common  # noqa: E402
import cases_a, cases_b, cases_c  # noqa: E402,F401

out = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "redteam-3.jsonl")
with open(out, "w") as fh:
    for i, (b, expect, cat, note, os_) in enumerate(common.CASES, 1):
        c = env.ctx(os_)
        ev, payload = b(c)
        fh.write(json.dumps({"id": "rt3-%04d" % i, "surface": b.surface, "event": ev, "payload": payload,
                             "expect": expect, "category": cat, "note": note}, ensure_ascii=False) + "\n")
print(len(common.CASES), "cases ->", out)
