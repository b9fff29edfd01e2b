#!/usr/bin/env bash
# Several device scripts in one device call, each in its own folder under /tmp/rfl-session
# (its $OUT), then one summary and one archive back: $OUT/summary.txt, $OUT/session.tgz (the
# device tool returns at most 8 files). A script that fails does not stop the others.
# Usage (repository root, device machine): bash tests/device/session.sh 'NAME:COMMAND' ...
#   e.g. bash tests/device/session.sh 'build:bash tests/device/gpu.sh build' 'roofs:bash tests/device/roofs.sh'
set -uo pipefail
top=/tmp/rfl-session
mkdir -p "$top"
final=${OUT:-$top}
for job in "$@"; do
    name=${job%%:*} cmd=${job#*:}
    mkdir -p "$top/$name"
    t0=$SECONDS
    echo "=== $name: $cmd ($(date -u +%TZ))" | tee -a "$top/summary.txt"
    OUT=$top/$name bash -c "$cmd" >"$top/$name/stdout.log" 2>&1
    rc=$?
    tail -n 40 "$top/$name/stdout.log" >>"$top/summary.txt"
    [ -s "$top/$name/summary.txt" ] && { echo "--- $name/summary.txt" >>"$top/summary.txt"; cat "$top/$name/summary.txt" >>"$top/summary.txt"; }
    echo "=== $name: exit $rc, $((SECONDS - t0)) s" | tee -a "$top/summary.txt"
done
if [ "$final" != "$top" ]; then
    cp "$top/summary.txt" "$final/summary.txt"
    tar czf "$final/session.tgz" -C "$top" . 2>/dev/null
fi
exit 0
