#!/bin/sh
# Writes help2man's include file for the rfl page (man/local.mk): one section
# per subcommand, made from that subcommand's own --help (the same option
# table), then FILES, ENVIRONMENT and SEE ALSO.
# Usage: rfl-sections.sh RFL CONFIG_DIR PAGE...   (PAGE: the other pages, e.g. rfl_flops)
set -eu
rfl=$1 confdir=$2
shift 2

# --help text -> roff: the usage line in bold, each option a tagged paragraph
# (its text's lines, at column 20 or more, joined to it, even one that starts
# with '-'), other lines as filled text.
to_roff()
{
    awk '
    function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); sub(/^[.\047]/, "\\\\&&", s); return s }
    /^Usage: / { sub(/^Usage: /, ""); print ".PP"; print "\\fB" esc($0) "\\fR"; print ".PP"; next }
    /^Options:$/ { print ".SS Options"; next }
    /^$/ { print ".PP"; next }
    /^                    / { line = $0; sub(/^ +/, "", line); print esc(line); next }
    /^  +-/ {
        line = $0; sub(/^ +/, "", line)
        if (match(line, /  +/)) { opt = substr(line, 1, RSTART - 1); desc = substr(line, RSTART + RLENGTH) }
        else { opt = line; desc = "" }
        print ".TP"; print "\\fB" esc(opt) "\\fR"; if (desc != "") print esc(desc); next
    }
    /^  / { print ".nf"; print esc($0); print ".fi"; next }
    { print esc($0) }'
}

# The subcommands, as rfl --help lists them.
cmds=$("$rfl" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }')
[ -n "$cmds" ] || { echo "$0: $rfl --help lists no command" >&2; exit 1; }
for cmd in $cmds; do
    echo "[RFL $(echo "$cmd" | tr '[:lower:]' '[:upper:]')]"
    "$rfl" "$cmd" --help | to_roff
done

cat <<EOT
[FILES]
.TP
.I $confdir
the example machine configs; \\fBrfl run \\-\\-config\\fR \\fINAME\\fR reads \\fINAME\\fR.conf from here
(\\fINAME\\fR without '/' that is not a file in the current directory).
.TP
.I results/HOST\\-DATE\\-TIME/
a run directory of \\fBrfl run\\fR, under the current directory (the config's \\fBresults_dir\\fR).
[ENVIRONMENT]
.TP
.B RFL_CONFIG_DIR
look up \\-\\-config \\fINAME\\fR there instead.
.TP
.B RFL_PROGRAM_DIR
where \\fBrfl run\\fR finds the programs (default: beside \\fBrfl\\fR).
.TP
.B GNUPLOT
the gnuplot that renders the charts (default: gnuplot in PATH).
.TP
.B MPIEXEC
the MPI launcher of \\fBrfl run \\-\\-ranks\\fR (default: the one configure found).
[SEE ALSO]
EOT
sep=
for page in "$@"; do
    printf '%s.BR %s (1)' "$sep" "$page"
    sep=',
'
done
echo
