import json, os, gen_base
for m in ['c1','c2','c3','c4','c5','c6','c7','c8','c9','c10','c11','c12']:
    __import__(m)
C=gen_base.CASES
for i,c in enumerate(C,1): c['id']="rt8-%04d"%i
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'redteam-8.jsonl'),'w') as f:
    for c in C: f.write(json.dumps(c,ensure_ascii=False)+"\n")
