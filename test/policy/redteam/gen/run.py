import sys; sys.path.insert(0,"/work/redteam/gen")
import h, importlib, glob, os
for m in ["b_cc","b_cur","b_cx","b_gm","b_cp","b_ws","b_ag","b_x","b_y"]:
    if os.path.exists(f"/work/redteam/gen/{m}.py"): importlib.import_module(m)
h.write_out()
