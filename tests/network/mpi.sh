# rfl_network under mpiexec: 2 ranks (one same-node pair), and 4 ranks with
# every pair and the test-only host names RFL_TEST_HOSTS=a,a,b,b (ranks 0,1
# on "a", 2,3 on "b": pairs 0-1 and 2-3 same node, the other four other
# node). Rows whole, verified, documented; one fit row per class; a
# corrupted message is exit 3; malformed RFL_TEST_HOSTS is exit 2. Never
# judges a rate. Skips (77) without mpiexec or in a build without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_NETWORK=$top_builddir/rfl_network
require_program "$RFL_NETWORK"
require_mpi
small="--sizes 8:64K --growth 8 --min-time 0.0001 --experiments 2" # 8, 64, 512, 4K, 32K, 64K

# Two ranks: rank 0 with rank 1, six sizes.
out=$tmp/two.csv
unset RFL_TEST_HOSTS
expect_exit 0 "2 ranks" run_mpi 2 "$RFL_NETWORK" $small -o "$out"
[ ! -s "$tmp/out" ] || fail "2 ranks: wrote to stdout: $(head -n 3 "$tmp/out")"
[ "$(grep -c 'rows in ' "$tmp/err")" -eq 1 ] || fail "2 ranks: the closing line is not there once: $(cat "$tmp/err")"
check_header "$out" network "### network.csv"
check_header "$tmp/two_fit.csv" network "### network_fit.csv"
check_verified "$out"
check_verified "$tmp/two_fit.csv"
check_positive "$out" round_trip_min_s round_trip_median_s round_trip_max_s gbytes_per_s repeats
[ "$(csv_column "$out" bytes | tr '\n' ' ')" = "8 64 512 4096 32768 65536 " ] ||
    fail "2 ranks: sizes $(csv_column "$out" bytes | tr '\n' ' ')"
[ "$(csv_count "$out" '$col["rank_a"] == 0 && $col["rank_b"] == 1 && $col["pair_class"] == "same_node"')" -eq 6 ] ||
    fail "2 ranks: expected 6 rows of pair 0-1, same_node"
[ "$(csv_count "$out" '$col["round_trip_min_s"] + 0 > $col["round_trip_median_s"] + 0 || $col["round_trip_median_s"] + 0 > $col["round_trip_max_s"] + 0')" -eq 0 ] ||
    fail "2 ranks: a row whose min, median and max are out of order"
[ "$(csv_column "$tmp/two_fit.csv" pair_class | tr '\n' ' ')" = "same_node " ] ||
    fail "2 ranks: fit classes '$(csv_column "$tmp/two_fit.csv" pair_class | tr '\n' ' ')'"
[ "$(csv_count "$tmp/two_fit.csv" '$col["pairs"] == 1 && $col["points"] == 6 && $col["bytes_min"] == 8 && $col["bytes_max"] == 65536')" -eq 1 ] ||
    fail "2 ranks: fit row $(tail -n 1 "$tmp/two_fit.csv")"
check_sidecar "$tmp/two.json" rfl_network ranks hosts host_names pairs bytes fit classes
if have_python3; then
    [ "$(json_eval "$tmp/two.json" 'd["host_names"]')" = MPI_Get_processor_name ] ||
        fail "2 ranks: host_names $(json_eval "$tmp/two.json" 'd["host_names"]')"
    [ "$(json_eval "$tmp/two.json" 'd["ranks"]')" = 2 ] || fail "2 ranks: sidecar ranks"
    case $(json_eval "$tmp/two.json" 'd["cuda_aware_mpi"]') in
    yes | "no: "* | "unknown: "*) ;;
    *) fail "2 ranks: cuda_aware_mpi '$(json_eval "$tmp/two.json" 'd["cuda_aware_mpi"]')'" ;;
    esac
fi

# Four ranks, every pair, two test-only hosts.
out=$tmp/four.csv
RFL_TEST_HOSTS=a,a,b,b expect_exit 0 "4 ranks" run_mpi 4 "$RFL_NETWORK" $small --pairs all -o "$out"
check_verified "$out"
[ "$(csv_rows "$out" | wc -l)" -eq 36 ] || fail "4 ranks: $(csv_rows "$out" | wc -l) rows, expected 6 pairs x 6 sizes"
classes=$(awk -F, 'NR > 1 { print $1 "-" $2 "=" $3 $4 ":" $5 }' "$out" | sort -u | tr '\n' ' ')
[ "$classes" = "0-1=aa:same_node 0-2=ab:other_node 0-3=ab:other_node 1-2=ab:other_node 1-3=ab:other_node 2-3=bb:same_node " ] ||
    fail "4 ranks: pairs and classes '$classes'"
[ "$(csv_count "$tmp/four_fit.csv" '$col["pair_class"] == "same_node" && $col["pairs"] == 2 && $col["points"] == 12')" -eq 1 ] &&
    [ "$(csv_count "$tmp/four_fit.csv" '$col["pair_class"] == "other_node" && $col["pairs"] == 4 && $col["points"] == 24')" -eq 1 ] ||
    fail "4 ranks: fit rows $(cat "$tmp/four_fit.csv")"
if have_python3; then
    [ "$(json_eval "$tmp/four.json" '",".join(d["hosts"])')" = a,a,b,b ] || fail "4 ranks: sidecar hosts"
    [ "$(json_eval "$tmp/four.json" 'd["host_names"]')" = "RFL_TEST_HOSTS (testing only)" ] || fail "4 ranks: host_names"
fi

# The default pairs: rank 0 with ranks 1, 2 and 3 (one same node, two other).
RFL_TEST_HOSTS=a,a,b,b expect_exit 0 "4 ranks, rank0 pairs" run_mpi 4 "$RFL_NETWORK" --sizes 8:64 --growth 8 \
    --min-time 0.0001 --experiments 1 -o "$tmp/rank0.csv"
[ "$(awk -F, 'NR > 1 { print $1 "-" $2 ":" $5 }' "$tmp/rank0.csv" | sort -u | tr '\n' ' ')" = "0-1:same_node 0-2:other_node 0-3:other_node " ] ||
    fail "4 ranks, rank0 pairs: $(cut -d, -f1-5 "$tmp/rank0.csv")"

# -o - (issue 28 item 4): one CSV per stream. stdout has network.csv's rows and nothing else,
# the fit goes to network_fit.csv in the working directory (named on stderr), no sidecar.
mkdir "$tmp/stdout" || hard_error "mkdir"
(cd "$tmp/stdout" && run_mpi 2 "$RFL_NETWORK" $small -o - >"$tmp/stdout.csv" 2>"$tmp/stdout.err") ||
    fail "-o -: exit $?: $(cat "$tmp/stdout.err")"
check_header "$tmp/stdout.csv" network "### network.csv"
check_verified "$tmp/stdout.csv"
[ "$(csv_rows "$tmp/stdout.csv" | wc -l)" -eq 6 ] || fail "-o -: stdout is not 6 rows of one CSV: $(cat "$tmp/stdout.csv")"
[ "$(grep -c '^rank_a,' "$tmp/stdout.csv")" -eq 1 ] || fail "-o -: more than one header on stdout"
check_header "$tmp/stdout/network_fit.csv" network "### network_fit.csv"
check_verified "$tmp/stdout/network_fit.csv"
grep -q "rows in $tmp/stdout/network_fit.csv" "$tmp/stdout.err" || fail "-o -: stderr does not name the fit's file: $(cat "$tmp/stdout.err")"
[ "$(ls -A "$tmp/stdout")" = network_fit.csv ] || fail "-o -: files beside the fit: $(ls -A "$tmp/stdout")"

# A corrupted message: exit 3, the sidecar says so.
expect_exit 3 "--inject-fault" run_mpi 2 "$RFL_NETWORK" $small --inject-fault -o "$tmp/fault.csv"
grep -q "verification failed: ranks 0 and 1, 8 bytes" "$tmp/err" || fail "--inject-fault: $(cat "$tmp/err")"
if have_python3; then
    [ "$(json_eval "$tmp/fault.json" 'd["status"]')" = verification_failed ] || fail "--inject-fault: sidecar status"
fi
[ "$(csv_rows "$tmp/fault.csv" | wc -l)" -eq 0 ] || fail "--inject-fault: an unverified row was written"

# Malformed test-only host names: exit 2, one message, no file.
mkdir "$tmp/bad" || hard_error "mkdir"
RFL_TEST_HOSTS=a,b expect_exit 2 "RFL_TEST_HOSTS too short" run_mpi 4 "$RFL_NETWORK" $small -o "$tmp/bad/n.csv"
[ "$(grep -c 'RFL_TEST_HOSTS: invalid value .a,b. (2 host names for 4 ranks)' "$tmp/err")" -eq 1 ] ||
    fail "RFL_TEST_HOSTS too short: $(cat "$tmp/err")"
RFL_TEST_HOSTS=a,,b expect_exit 2 "RFL_TEST_HOSTS empty entry" run_mpi 3 "$RFL_NETWORK" $small -o "$tmp/bad/n.csv"
grep -q 'entry 2 is empty' "$tmp/err" || fail "RFL_TEST_HOSTS empty entry: $(cat "$tmp/err")"
[ -z "$(ls -A "$tmp/bad")" ] || fail "RFL_TEST_HOSTS: left files: $(ls -A "$tmp/bad")"
exit 0
