# docs/results stays small and every path the docs cite into it exists.
# docs/results holds one folder per claim of docs/PERFORMANCE.md: its CSVs, their
# JSON sidecars, its charts and a README.md with the figures and the command.
# This fails when the folder holds
#   - more than 3 MB,
#   - a dot-file or dot-folder (step markers, lock files, editor leftovers),
#   - a log, an archive, a patch, a step marker, a lock file, or a report.html
#     copy that no doc cites,
#   - a folder (docs/results itself included) without a README.md,
# and when docs/*.md, README.md or bench/'s READMEs cite a docs/results/ path
# that does not exist (cite literal paths: no globs, no {a,b}).
# The files are git's tracked ones when top_srcdir is a git work tree and git is
# here, else the file tree (a distribution tarball, a copy without .git).
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
export top_srcdir
. "$top_srcdir/tests/lib.sh"

limit=3000000
top=$top_srcdir
[ -d "$top/docs/results" ] || fail "$top/docs/results: no such folder"

# The files under docs/results, one path (from $top) a line.
list=$tmp/files
where="the file tree"
if command -v git >/dev/null 2>&1 &&
    [ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$top" && pwd -P)" ]; then
    git -C "$top" ls-files docs/results >"$list.all" || hard_error "git ls-files failed"
    # tracked, and still in the tree (a deletion not yet staged is gone)
    while IFS= read -r f; do
        [ -f "$top/$f" ] && printf '%s\n' "$f"
    done <"$list.all" >"$list"
    where="git's tracked files"
else
    (cd "$top" && find docs/results -type f) | LC_ALL=C sort >"$list"
fi
[ -s "$list" ] || fail "docs/results: no files ($where)"
note "$(wc -l <"$list" | tr -d ' ') files in docs/results ($where)"

problems=$tmp/problems
: >"$problems"

# The docs that cite into docs/results.
docs=$(cd "$top" && ls docs/*.md README.md bench/*.md bench/*/*.md 2>/dev/null)
cited=$tmp/cited
(cd "$top" && grep -ho 'docs/results/[A-Za-z0-9_./-]*' $docs 2>/dev/null) |
    sed 's/[.,]*$//' | LC_ALL=C sort -u >"$cited"

# 1. Size.
bytes=$(cd "$top" && tr '\n' '\0' <"$list" | xargs -0 cat | wc -c | tr -d ' ')
[ "$bytes" -le "$limit" ] ||
    echo "docs/results holds $bytes bytes, more than $limit: keep one small folder per claim" >>"$problems"
note "docs/results: $bytes bytes (limit $limit)"

# 2. Dot-files, and files that are not evidence.
while IFS= read -r f; do
    case "/$f" in
    */.*) echo "$f: a dot-file (markers, locks and hidden files stay out of docs/results)" >>"$problems"; continue ;;
    esac
    case $f in
    *.log | *.err | *.out) what="a log" ;;
    *.tgz | *.tar | *.tar.* | *.gz | *.zip | *.xz | *.bz2 | *.zst | *.7z) what="an archive" ;;
    *.patch | *.diff | *.rej | *.orig) what="a patch" ;;
    *.done | *.marker | *.stamp) what="a step marker" ;;
    *.lock | *.pid) what="a lock file" ;;
    *.html)
        grep -qxF "$f" "$cited" && continue
        what="a report.html copy that no doc cites" ;;
    *) continue ;;
    esac
    echo "$f: $what (keep the CSVs, the sidecars, the charts and a README; git history keeps the rest)" >>"$problems"
done <"$list"

# 3. A README.md in every folder, docs/results itself included.
sed -n 's|/[^/]*$||p' "$list" | LC_ALL=C sort -u | while IFS= read -r d; do
    while :; do
        echo "$d"
        [ "$d" = docs/results ] && break
        d=${d%/*}
    done
done | LC_ALL=C sort -u >"$tmp/dirs"
while IFS= read -r d; do
    grep -qxF "$d/README.md" "$list" ||
        echo "$d/: no README.md (the figures and the command that produced them)" >>"$problems"
done <"$tmp/dirs"

# 4. Every cited path exists (a folder cited with or without its slash).
while IFS= read -r c; do
    p=${c%/}
    [ "$p" = docs/results ] && continue
    grep -qxF "$p" "$list" && continue
    grep -q "^$(printf '%s' "$p" | sed 's/[.[\*^$]/\\&/g')/" "$list" && continue
    from=$(cd "$top" && grep -lE "$(printf '%s' "$c" | sed 's/[.[\*^$]/\\&/g')([^A-Za-z0-9_./-]|\$)" $docs 2>/dev/null |
        tr '\n' ' ')
    echo "$c: cited in ${from% } but not in docs/results" >>"$problems"
done <"$cited"
note "$(wc -l <"$cited" | tr -d ' ') docs/results paths cited in: $(echo $docs)"

if [ -s "$problems" ]; then
    cat "$problems" >&2
    fail "$(wc -l <"$problems" | tr -d ' ') problems in docs/results (above)"
fi
exit 0
