# The layout rule of docs/ARCHITECTURE.md, checked on the sources: data and
# code flow one way (program -> CSV -> ceilings -> profile -> plot ->
# report), so the folders' #include graph has no circle, no module (a .c
# with its .h) includes itself through others, and each folder includes
# only the folders below it:
#   common <- cpu, gpu, schema <- the programs; common, schema <- ceilings
#   <- profile <- plot <- driver; cpu <- driver (rfl run plans the ranks'
#   layout with the programs' planner).  gpu/ includes no GPU program; plot/
#   reads the model.
# Every C or CUDA source stays under 700 lines (a file read in one sitting).
# Then on the objects the build made: no call circle between files or
# between folders (below).
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
    "gpu": {"common", "schema"},
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
    "profile": {"common", "schema", "ceilings"},
    "plot": {"common", "ceilings", "profile"},
    "driver": {"common", "cpu", "schema", "ceilings", "profile", "plot"},
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

# ---------------------------------------------------------------------------
# Call circles. An include circle shows in the sources; a call circle does
# not: two files whose functions call each other through their headers (a
# loader that owns a free function the model calls, and calls back into the
# model) include nothing circular. So the calls are read from the objects
# the build made (in make check they exist): `nm -P` of every object of a
# folder with a local.mk, each symbol it leaves undefined resolved to the
# object that defines it (one in the caller's own folder first, where two
# define it), is one edge file -> file; the same edges between folders.
# Tarjan's algorithm finds the strongly connected parts of either graph: any
# of more than one node is a circle, printed as its members and a shortest
# circle through them with the symbol each step calls.
# ---------------------------------------------------------------------------
builddir=${top_builddir:-.}
command -v nm >/dev/null 2>&1 || skip "the include rule holds; nm is not installed, so calls are not checked"
: >"$tmp/symbols"
for mk in "$top_srcdir"/*/local.mk; do
  folder=$(basename "$(dirname "$mk")")
  [ "$folder" != tests ] || continue
  for o in "$builddir/$folder"/*.o; do
    [ -f "$o" ] || continue
    base=$(basename "$o" .o)
    base=${base#*-} # libdriver_a-cli.o: a target's own flags (Automake's per-target name)
    # An object whose source is gone (left by a build before a file moved) says nothing.
    for src in "$top_srcdir/$folder/$base".c "$top_srcdir/$folder/$base".cu "$builddir/$folder/$base".c ""; do
      [ -z "$src" ] || [ ! -f "$src" ] || break
    done
    [ -n "$src" ] || continue
    nm -P "$o" >"$tmp/nm" 2>&1 || fail "nm -P $o: $(head -1 "$tmp/nm")"
    awk -v m="$folder/$base" '{ print m, $1, $2 }' "$tmp/nm" >>"$tmp/symbols"
  done
done
[ -s "$tmp/symbols" ] || skip "the include rule holds; no objects under $builddir to check calls on (build first)"

# "FROM TO SYMBOL", one a call (files).
awk '
$3 == "U" { use[++nu] = $1 SUBSEP $2; next }
$3 ~ /^[TDBRCGSVWi]$/ {
    if (index(" " defs[$2] " ", " " $1 " ") == 0)
        defs[$2] = defs[$2] (defs[$2] == "" ? "" : " ") $1
}
function folder(m) { return substr(m, 1, index(m, "/") - 1) }
END {
    for (i = 1; i <= nu; i++) {
        split(use[i], u, SUBSEP)
        if (!(u[2] in defs))
            continue                      # a library outside the tree (libc, MPI, jansson ...)
        n = split(defs[u[2]], d, " ")
        to = n == 1 ? d[1] : ""
        for (k = 1; n > 1 && k <= n; k++) # several define it (main): the one in the caller'"'"'s folder
            if (folder(d[k]) == folder(u[1]))
                to = to == "" ? d[k] : "?"
        if (to != "" && to != "?" && to != u[1])
            print u[1], to, u[2]
    }
}' "$tmp/symbols" | sort -u >"$tmp/calls"
awk '{ a = substr($1, 1, index($1, "/") - 1); b = substr($2, 1, index($2, "/") - 1)
       if (a != b) print a, b, $1 "->" $2 ":" $3 }' "$tmp/calls" | sort -u >"$tmp/folder_calls"

# Prints "circle: M1 M2 ..." and "  e.g. A -> B (sym) -> A (sym)" for each
# strongly connected part of more than one node of the "FROM TO WHY" edges.
circles='
function strong(v,    i, w, n) {
    idx[v] = low[v] = ++counter; stack[++sp] = v; on[v] = 1
    for (i = 1; i <= nout[v]; i++) {
        w = out[v, i]
        if (!(w in idx)) { strong(w); if (low[w] < low[v]) low[v] = low[w] }
        else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
    }
    if (low[v] != idx[v])
        return
    n = 0
    do { w = stack[sp--]; on[w] = 0; comp[w] = v; n++ } while (w != v)
    if (n > 1)
        roots[++nroots] = v
}
function shortest(v,    q, h, t, u, i, w, s, path) { # breadth-first, within v'"'"'s part
    split("", prev); h = 1; t = 0; q[++t] = v
    while (h <= t) {
        u = q[h++]
        for (i = 1; i <= nout[u]; i++) {
            w = out[u, i]
            if (comp[w] != comp[v] || (w in prev)) continue
            prev[w] = u; q[++t] = w
        }
        if (v in prev) break
    }
    path = ""; s = v
    do { path = " -> " s " (" why[prev[s], s] ")" path; s = prev[s] } while (s != v)
    return v path
}
{ if (!(($1, $2) in why)) { out[$1, ++nout[$1]] = $2; why[$1, $2] = $3 }; node[$1] = node[$2] = 1 }
END {
    for (v in node) names[++nn] = v
    for (i = 2; i <= nn; i++) for (j = i; j > 1 && names[j - 1] > names[j]; j--) { t = names[j]; names[j] = names[j - 1]; names[j - 1] = t }
    for (i = 1; i <= nn; i++) if (!(names[i] in idx)) strong(names[i])
    for (k = 1; k <= nroots; k++) {
        members = ""
        for (i = 1; i <= nn; i++) if (comp[names[i]] == roots[k]) members = members (members == "" ? "" : " ") names[i]
        print "circle: " members
        print "  e.g. " shortest(roots[k])
    }
}'
awk "$circles" "$tmp/calls" >"$tmp/file_circles"
awk "$circles" "$tmp/folder_calls" >"$tmp/folder_circles"
bad=0
if [ -s "$tmp/file_circles" ]; then
  sed 's/^circle: /call circle between files: /' "$tmp/file_circles" >&2
  bad=1
fi
awk '{ print $1; print $2 }' "$tmp/calls" | sort -u >"$tmp/files"
if [ -s "$tmp/folder_circles" ]; then
  sed 's/^circle: /call circle between folders: /' "$tmp/folder_circles" >&2
  bad=1
fi
echo "$(wc -l <"$tmp/files") files, $(wc -l <"$tmp/calls") calls between them checked for circles" >&2
[ $bad -eq 0 ] || fail "a call circle (above): a file or folder reaches itself through its calls"
