import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import h, c1, c2, c3, c4, c5, c6, c7, c8, c9
n = h.emit(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "redteam-5.jsonl")); print("wrote", n)
