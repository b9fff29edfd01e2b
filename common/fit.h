/* The model T = latency + bytes / bandwidth of a transfer (Volkov, Eq. 1),
 * fitted to measured times: rfl_gpu_micro's host<->device copies and
 * rfl_network's MPI messages. */
#ifndef RFL_FIT_H
#define RFL_FIT_H

struct rfl_fit {
    double latency_s, bandwidth_bytes_per_s;
    double rms_relative, max_relative; /* of the residuals (model - T) / T */
};

/* Weighted least squares over the n points (bytes[i], seconds[i]) that
 * minimises the relative residuals (weights 1/T^2), so small transfers set
 * the latency and large ones the bandwidth; points without a positive time
 * are left out. 0, or -1 (and *fit zeroed) when the points do not determine
 * both parameters or the bandwidth comes out not positive. */
int rfl_fit_latency_bandwidth(const double *bytes, const double *seconds, int n, struct rfl_fit *fit);

#endif
