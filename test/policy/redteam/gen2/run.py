"""Builds ../redteam-2.jsonl from cases_deny.py, cases_flag.py, cases_allow.py.
A case without a fixed surface goes to the surface that supports its kind and has the
fewest cases so far of that kind and label, so every label is spread over the seven surfaces."""
import json, os, collections
import env, cases_deny, cases_flag, cases_allow

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "redteam-2.jsonl")

def main():
    all_cases = cases_deny.CASES + cases_flag.CASES + cases_allow.CASES
    # interleave deterministically so ids are not grouped by label
    order = sorted(range(len(all_cases)), key=lambda i: env.R.random())
    per = collections.Counter()      # (surface, expect)
    pk = collections.Counter()       # (surface, kind, expect)
    tot = collections.Counter()
    rows = []
    for n, i in enumerate(order, 1):
        kind, data, expect, cat, note, surface, mac = all_cases[i]
        if surface is None:
            opts = env.SUPPORTS[kind]
            surface = min(opts, key=lambda s: (pk[(s, kind, expect)], per[(s, expect)], tot[s], env.SURFACES.index(s)))
        assert surface in env.SUPPORTS[kind], (surface, kind, note)
        per[(surface, expect)] += 1; tot[surface] += 1; pk[(surface, kind, expect)] += 1
        payload, event = env.build(surface, kind, data, mac)
        rows.append({"id": "rt2-%04d" % n, "surface": surface, "event": event, "payload": payload,
                     "expect": expect, "category": cat, "note": note})
    with open(OUT, "w") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote", len(rows), OUT)

if __name__ == "__main__":
    main()
