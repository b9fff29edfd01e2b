#!/usr/bin/env python3
# Writes the made-up rfl_gpu_link run of tests/gpu_link/ceilings.sh (README.md says what it is).
import json

sizes = [1024, 65536, 4194304, 268435456]
# (src, dst, direction, method, peer, latency_us, GB/s)
series = [
    (0, 1, "uni", "memcpy_peer", 1, 2.0, 50.0), (0, 2, "uni", "memcpy_peer", 1, 2.0, 40.0),
    (1, 0, "uni", "memcpy_peer", 1, 2.0, 50.0), (1, 2, "uni", "memcpy_peer", 0, 10.0, 20.0),
    (2, 0, "uni", "memcpy_peer", 1, 2.0, 40.0), (2, 1, "uni", "memcpy_peer", 0, 10.0, 20.0),
    (0, 1, "bidir", "memcpy_peer", 1, 2.5, 95.0), (0, 2, "bidir", "memcpy_peer", 1, 2.5, 78.0),
    (1, 2, "bidir", "memcpy_peer", 0, 12.0, 38.0),
    (0, 1, "uni", "peer_kernel", 1, 4.0, 45.0), (0, 2, "uni", "peer_kernel", 1, 4.0, 35.0),
    (1, 0, "uni", "peer_kernel", 1, 4.0, 45.0), (2, 0, "uni", "peer_kernel", 1, 4.0, 35.0),
    (0, 1, "bidir", "peer_kernel", 1, 5.0, 85.0), (0, 2, "bidir", "peer_kernel", 1, 5.0, 66.0),
    (1, 2, "uni", "host_staged", 0, 20.0, 10.0), (2, 1, "uni", "host_staged", 0, 20.0, 10.0),
]
rows = ["src_device,dst_device,peer_access,direction,method,bytes,repeats,experiments,time_min_s,time_median_s,"
        "time_max_s,gbytes_per_s,gbytes_per_s_median,model_time_s,model_relative_error,verified"]
fits = ["src_device,dst_device,peer_access,direction,method,points,bytes_min,bytes_max,latency_us,"
        "bandwidth_gbytes_per_s,rms_relative_error,max_relative_error,largest_bytes,largest_gbytes_per_s,"
        "fit_over_largest,verified"]
links = []
for s, d, di, me, peer, lat, bw in series:
    ways = 2 if di == "bidir" else 1
    for b in sizes:
        t = lat * 1e-6 + ways * b / (bw * 1e9)
        rows.append("%d,%d,%d,%s,%s,%d,%d,5,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,0,1" % (
            s, d, peer, di, me, b, 16, t, t * 1.02, t * 1.05, ways * b / t * 1e-9, ways * b / (t * 1.02) * 1e-9, t))
    big = ways * sizes[-1] / (lat * 1e-6 + ways * sizes[-1] / (bw * 1e9)) * 1e-9
    fits.append("%d,%d,%d,%s,%s,%d,%d,%d,%g,%g,0,0,%d,%.9g,%.9g,1" % (
        s, d, peer, di, me, len(sizes), sizes[0], sizes[-1], lat, bw, sizes[-1], big, bw / big))
    links.append({"src": s, "dst": d, "direction": di, "method": me, "peer_access": bool(peer)})
open("gpu_link.csv", "w").write("\n".join(rows) + "\n")
open("gpu_link_fit.csv", "w").write("\n".join(fits) + "\n")
meta = {"program": "rfl_gpu_link", "rfl_version": "0.1.0", "host": "fixture", "date_utc": "2026-11-25T00:00:00Z",
        "command_line": ["rfl_gpu_link", "--sizes", "1K:256M"], "status": "complete", "bytes": sizes,
        "min_time_s": 0.005, "experiments": 5, "links": links}
open("gpu_link.json", "w").write(json.dumps(meta, indent=2) + "\n")
