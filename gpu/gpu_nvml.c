/* NVML readings for the metadata: SM and memory clocks, power, temperature
 * and the reasons the clocks are held down.  NVML is a part of the driver,
 * so it is loaded with dlopen when first needed: a binary built with
 * nvml.h still starts where there is no driver (and its GPU tests skip). */
#include "config.h"
#include "gpu/gpu.h"

#include "common/timer.h"

#include <math.h>
#include <string.h>
#include <time.h>

#ifdef HAVE_NVML
#include <dlfcn.h>
#include <nvml.h>

typedef nvmlReturn_t (*init_fn)(void);
typedef nvmlReturn_t (*handle_fn)(const char *, nvmlDevice_t *);
typedef nvmlReturn_t (*clock_fn)(nvmlDevice_t, nvmlClockType_t, unsigned int *);
typedef nvmlReturn_t (*uint_fn)(nvmlDevice_t, unsigned int *);
typedef nvmlReturn_t (*temp_fn)(nvmlDevice_t, nvmlTemperatureSensors_t, unsigned int *);
typedef nvmlReturn_t (*reasons_fn)(nvmlDevice_t, unsigned long long *);
typedef nvmlReturn_t (*version_fn)(char *, unsigned int);
typedef const char *(*error_fn)(nvmlReturn_t);

static struct {
    int tried, ok;
    char reason[256];
    init_fn init;
    handle_fn by_pci;
    clock_fn clock, max_clock;
    uint_fn power, power_limit;
    temp_fn temperature;
    reasons_fn reasons;
    version_fn driver_version;
    error_fn error_string;
} nvml;

static void load(void)
{
    if (nvml.tried)
        return;
    nvml.tried = 1;
    void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(nvml.reason, sizeof nvml.reason, "libnvidia-ml.so.1 not loaded: %s", e ? e : "unknown");
        return;
    }
    /* Versioned names, as nvml.h maps them; the clock event reasons kept
     * their old name (ThrottleReasons) in drivers before 535. */
    nvml.init = (init_fn)dlsym(lib, "nvmlInit_v2");
    nvml.by_pci = (handle_fn)dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
    nvml.clock = (clock_fn)dlsym(lib, "nvmlDeviceGetClockInfo");
    nvml.max_clock = (clock_fn)dlsym(lib, "nvmlDeviceGetMaxClockInfo");
    nvml.power = (uint_fn)dlsym(lib, "nvmlDeviceGetPowerUsage");
    nvml.power_limit = (uint_fn)dlsym(lib, "nvmlDeviceGetEnforcedPowerLimit");
    nvml.temperature = (temp_fn)dlsym(lib, "nvmlDeviceGetTemperature");
    nvml.reasons = (reasons_fn)dlsym(lib, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!nvml.reasons)
        nvml.reasons = (reasons_fn)dlsym(lib, "nvmlDeviceGetCurrentClocksThrottleReasons");
    nvml.driver_version = (version_fn)dlsym(lib, "nvmlSystemGetDriverVersion");
    nvml.error_string = (error_fn)dlsym(lib, "nvmlErrorString");
    if (!nvml.init || !nvml.by_pci) {
        snprintf(nvml.reason, sizeof nvml.reason, "libnvidia-ml.so.1 lacks nvmlInit_v2 or nvmlDeviceGetHandleByPciBusId_v2");
        return;
    }
    nvmlReturn_t r = nvml.init();
    if (r != NVML_SUCCESS) {
        snprintf(nvml.reason, sizeof nvml.reason, "nvmlInit: %s", nvml.error_string ? nvml.error_string(r) : "failed");
        return;
    }
    /* nvmlShutdown is left to process exit: readings are taken at the start and the end. */
    nvml.ok = 1;
}

static json_t *uint_or_null(nvmlReturn_t r, unsigned v, double scale)
{
    return r == NVML_SUCCESS ? json_real(v * scale) : json_null();
}

static json_t *reason_names(unsigned long long mask)
{
    static const struct { unsigned long long bit; const char *name; } names[] = {
        {0x1ull, "gpu_idle"},
        {0x2ull, "applications_clocks_setting"},
        {0x4ull, "sw_power_cap"},
        {0x8ull, "hw_slowdown"},
        {0x10ull, "sync_boost"},
        {0x20ull, "sw_thermal_slowdown"},
        {0x40ull, "hw_thermal_slowdown"},
        {0x80ull, "hw_power_brake_slowdown"},
        {0x100ull, "display_clock_setting"},
    };
    json_t *a = json_array();
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (mask & names[i].bit)
            json_array_append_new(a, json_string(names[i].name));
    return a;
}

json_t *rfl_gpu_nvml_json(const struct rfl_gpu_device *dev)
{
    load();
    nvmlDevice_t h;
    nvmlReturn_t r = NVML_ERROR_UNINITIALIZED;
    if (nvml.ok) {
        r = nvml.by_pci(dev->pci_bus_id, &h);
        if (r != NVML_SUCCESS)
            snprintf(nvml.reason, sizeof nvml.reason, "nvmlDeviceGetHandleByPciBusId(%s): %s", dev->pci_bus_id,
                     nvml.error_string ? nvml.error_string(r) : "failed");
    }
    if (!nvml.ok || r != NVML_SUCCESS)
        return json_pack("{s:b, s:s, s:n, s:n, s:n, s:n, s:n, s:n, s:n, s:n, s:n}", "available", 0, "reason",
                         nvml.reason, "sm_clock_mhz", "mem_clock_mhz", "sm_clock_max_mhz", "power_w",
                         "power_limit_w", "temperature_c", "clocks_event_reasons", "clocks_event_reasons_mask",
                         "driver_version");
    unsigned sm = 0, mem = 0, sm_max = 0, mw = 0, limit = 0, temp = 0;
    unsigned long long mask = 0;
    nvmlReturn_t r_sm = nvml.clock ? nvml.clock(h, NVML_CLOCK_SM, &sm) : NVML_ERROR_FUNCTION_NOT_FOUND;
    nvmlReturn_t r_mem = nvml.clock ? nvml.clock(h, NVML_CLOCK_MEM, &mem) : NVML_ERROR_FUNCTION_NOT_FOUND;
    nvmlReturn_t r_max = nvml.max_clock ? nvml.max_clock(h, NVML_CLOCK_SM, &sm_max) : NVML_ERROR_FUNCTION_NOT_FOUND;
    nvmlReturn_t r_pw = nvml.power ? nvml.power(h, &mw) : NVML_ERROR_FUNCTION_NOT_FOUND;
    nvmlReturn_t r_lim = nvml.power_limit ? nvml.power_limit(h, &limit) : NVML_ERROR_FUNCTION_NOT_FOUND;
    nvmlReturn_t r_t = nvml.temperature ? nvml.temperature(h, NVML_TEMPERATURE_GPU, &temp)
                                        : NVML_ERROR_FUNCTION_NOT_FOUND;
    nvmlReturn_t r_rs = nvml.reasons ? nvml.reasons(h, &mask) : NVML_ERROR_FUNCTION_NOT_FOUND;
    char version[96] = "";
    int have_version = nvml.driver_version && nvml.driver_version(version, sizeof version) == NVML_SUCCESS;
    return json_pack("{s:b, s:n, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "available", 1, "reason",
                     "sm_clock_mhz", uint_or_null(r_sm, sm, 1.0), "mem_clock_mhz", uint_or_null(r_mem, mem, 1.0),
                     "sm_clock_max_mhz", uint_or_null(r_max, sm_max, 1.0), "power_w", uint_or_null(r_pw, mw, 1e-3),
                     "power_limit_w", uint_or_null(r_lim, limit, 1e-3), "temperature_c",
                     uint_or_null(r_t, temp, 1.0), "clocks_event_reasons",
                     r_rs == NVML_SUCCESS ? reason_names(mask) : json_null(), "clocks_event_reasons_mask",
                     r_rs == NVML_SUCCESS ? json_integer((json_int_t)mask) : json_null(), "driver_version",
                     have_version ? json_string(version) : json_null());
}

#else /* !HAVE_NVML */

json_t *rfl_gpu_nvml_json(const struct rfl_gpu_device *dev)
{
    (void)dev;
    return json_pack("{s:b, s:s, s:n, s:n, s:n, s:n, s:n, s:n, s:n, s:n, s:n}", "available", 0, "reason",
                     "built without NVML (nvml.h was not found at configure time)", "sm_clock_mhz", "mem_clock_mhz",
                     "sm_clock_max_mhz", "power_w", "power_limit_w", "temperature_c", "clocks_event_reasons",
                     "clocks_event_reasons_mask", "driver_version");
}

#endif

double rfl_gpu_nvml_sm_mhz(const struct rfl_gpu_device *dev)
{
    json_t *j = rfl_gpu_nvml_json(dev);
    json_t *v = j ? json_object_get(j, "sm_clock_mhz") : NULL;
    double mhz = v && json_is_number(v) ? json_number_value(v) : NAN;
    json_decref(j);
    return mhz > 0 ? mhz : NAN;
}

int rfl_gpu_nvml_settle(const struct rfl_gpu_device *dev, double max_s, double *waited_s)
{
    const unsigned long long limits = 0x4ull | 0x8ull | 0x20ull | 0x40ull | 0x80ull;
    const double t0 = rfl_now_s();
    *waited_s = 0;
    for (;;) {
        json_t *j = rfl_gpu_nvml_json(dev);
        json_t *v = j ? json_object_get(j, "clocks_event_reasons_mask") : NULL;
        const int known = v && json_is_integer(v);
        const int held = known && ((unsigned long long)json_integer_value(v) & limits);
        json_decref(j);
        *waited_s = rfl_now_s() - t0;
        if (!known)
            return -1;
        if (!held)
            return 0;
        if (*waited_s >= max_s)
            return 1;
        const struct timespec ten_ms = {0, 10000000L};
        nanosleep(&ten_ms, NULL);
    }
}
