# The layout rule of docs/ARCHITECTURE.md, checked on the sources: data and
# code flow one way (program -> CSV -> ceilings -> plot -> report), so the
# folders' #include graph has no circle, no module (a .c with its .h)
# includes itself through others, and each folder includes only the folders
# below it:
#   common <- cpu, gpu, schema <- the programs; common, schema <- ceilings
#   <- plot <- driver; cpu <- driver (rfl run plans the ranks' layout with
#   the programs' planner).  gpu/ includes no GPU program; plot/ reads the model.
# Every C or CUDA source stays under 700 lines (a file read in one sitting).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

have_python3 || skip "python3 is not installed"

python3 - "$top_srcdir" >"$tmp/out" 2>&1 <<'EOF'
import os, re, sys

top = sys.argv[1]
# What each folder may include besides itself (config.h, from configure, is everyone's).
allowed = {
    "common": set(),
    "cpu": {"common"},
    "schema": {"common"},
    "gpu": {"common"},
    "bandwidth": {"common", "cpu", "schema"},
    "flops": {"common", "cpu", "schema"},
    "network": {"common", "schema"},
    "gpu_bandwidth": {"common", "gpu", "schema"},
    "gpu_flops": {"common", "gpu", "schema"},
    "gpu_micro": {"common", "gpu", "schema"},
    "gpu_link": {"common", "gpu", "schema"},
    "unified_memory": {"common", "gpu", "schema"},
    "gemm": {"common", "gpu", "schema"},
    "dense": {"common", "cpu", "gpu", "schema"},
    "ceilings": {"common", "schema"},
    "plot": {"common", "ceilings"},
    "driver": {"common", "cpu", "schema", "ceilings", "plot"},
}
sources = (".c", ".h", ".cu", ".cuh", ".inc", ".def")
include = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
problems = []
graph = {}  # module (folder/name, a .c and its .h as one) -> modules it includes
def module(path):
    return os.path.splitext(path)[0]
for folder in allowed:
    d = os.path.join(top, folder)
    if not os.path.isdir(d):
        continue
    for name in sorted(os.listdir(d)):
        if not name.endswith(sources):
            continue
        rel = folder + "/" + name
        with open(os.path.join(d, name), encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
        if name.endswith((".c", ".cu")) and len(lines) >= 700:
            problems.append("%s: %d lines (the limit is 700)" % (rel, len(lines)))
        deps = graph.setdefault(module(rel), set())
        for n, line in enumerate(lines, 1):
            m = include.match(line)
            if not m or m.group(1) == "config.h":
                continue
            target = m.group(1)
            if "/" not in target:                       # a neighbour in the same folder
                target = folder + "/" + target
            if not os.path.exists(os.path.join(top, target)):
                continue                                # generated at build time
            other = target.split("/")[0]
            if other != folder and other not in allowed[folder]:
                problems.append('%s:%d: includes "%s": %s/ may include only %s' % (
                    rel, n, m.group(1), folder, ", ".join(sorted(allowed[folder])) or "itself"))
            if module(target) != module(rel):
                deps.add(module(target))

# Module circles: a depth-first search that reports each back edge once.
state = {}
def visit(f, path):
    state[f] = 1
    for g in sorted(graph.get(f, ())):
        if state.get(g) == 1:
            problems.append("include circle: " + " -> ".join(path[path.index(g):] + [g]))
        elif g not in state:
            visit(g, path + [g])
    state[f] = 2
for f in sorted(graph):
    if f not in state:
        visit(f, [f])

for p in problems:
    print(p)
print("%d modules checked" % len(graph))
sys.exit(1 if problems else 0)
EOF
rc=$?
cat "$tmp/out" >&2
[ $rc -eq 0 ] || fail "the layout rule is broken (above)"
