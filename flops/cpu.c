#include "config.h"
#include "cpu.h"

#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif

struct uarch_row {
    double fma[RFL_FL_NWIDTH], add_only, loads[RFL_FL_NWIDTH], stores[RFL_FL_NWIDTH];
    unsigned latency;
};

static void apply(struct rfl_fl_cpu *c, const char *name, const struct uarch_row *r, const char *assumption)
{
    snprintf(c->uarch, sizeof c->uarch, "%s", name);
    snprintf(c->assumption, sizeof c->assumption, "%s", assumption);
    memcpy(c->fma_per_cycle, r->fma, sizeof c->fma_per_cycle);
    memcpy(c->loads_per_cycle, r->loads, sizeof c->loads_per_cycle);
    memcpy(c->stores_per_cycle, r->stores, sizeof c->stores_per_cycle);
    c->add_only_per_cycle = r->add_only;
    c->fma_latency_cycles = r->latency;
    c->known = 1;
}

int rfl_fl_width_index(unsigned vector_bytes)
{
    return vector_bytes >= 64 ? RFL_FL_W512 : vector_bytes >= 32 ? RFL_FL_W256 : RFL_FL_W128;
}

/* An unknown CPU: two FMA pipes at every width it has, two loads and one
 * store per cycle, the common case since Haswell and Zen 2. */
static void generic(struct rfl_fl_cpu *c, int has256, int has512)
{
    static const struct uarch_row row = {{2, 2, 2}, 0, {2, 2, 2}, {1, 1, 1}, 4};
    apply(c, "unknown", &row,
          "unknown microarchitecture: assumed 2 FMA pipes at every supported width, 2 loads and 1 store "
          "per cycle, 4-cycle FMA latency (override the FMA pipes with --fma-units)");
    if (!has256)
        c->fma_per_cycle[RFL_FL_W256] = c->loads_per_cycle[RFL_FL_W256] = c->stores_per_cycle[RFL_FL_W256] = 0;
    if (!has512)
        c->fma_per_cycle[RFL_FL_W512] = c->loads_per_cycle[RFL_FL_W512] = c->stores_per_cycle[RFL_FL_W512] = 0;
    c->known = 0;
}

#if defined(__x86_64__) && defined(__GNUC__)
static int in(unsigned model, const unsigned *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (list[i] == model)
            return 1;
    return 0;
}
#define IN(model, ...) in((model), (const unsigned[]){__VA_ARGS__}, sizeof((const unsigned[]){__VA_ARGS__}) / sizeof(unsigned))

static void detect_x86(struct rfl_fl_cpu *c)
{
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) {
        generic(c, 0, 0);
        return;
    }
    memcpy(c->vendor, &ebx, 4);
    memcpy(c->vendor + 4, &edx, 4);
    memcpy(c->vendor + 8, &ecx, 4);
    c->vendor[12] = '\0';
    __get_cpuid(1, &eax, &ebx, &ecx, &edx);
    unsigned base_family = (eax >> 8) & 0xf, base_model = (eax >> 4) & 0xf;
    c->family = base_family == 0xf ? base_family + ((eax >> 20) & 0xff) : base_family;
    c->model = base_family == 0xf || base_family == 0x6 ? base_model | (((eax >> 16) & 0xf) << 4) : base_model;

    __builtin_cpu_init();
    const int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    const int avx512 = __builtin_cpu_supports("avx512f");
    const unsigned f = c->family, m = c->model;

    if (strcmp(c->vendor, "AuthenticAMD") == 0 || strcmp(c->vendor, "HygonGenuine") == 0) {
        if (f == 0x1a) {
            /* Zen 5: the mobile parts (Strix Point, Krackan Point) keep
             * Zen 4's 256-bit datapath; the others execute 512-bit FMAs at
             * full width. */
            int half = (m >= 0x20 && m <= 0x2f) || (m >= 0x60 && m <= 0x6f);
            static const struct uarch_row full = {{2, 2, 2}, 2, {4, 4, 2}, {2, 2, 1}, 4};
            static const struct uarch_row halfw = {{2, 2, 1}, 2, {4, 4, 1}, {2, 2, 0.5}, 4};
            apply(c, half ? "AMD Zen 5 (256-bit datapath)" : "AMD Zen 5", half ? &halfw : &full,
                  half ? "Zen 5 mobile (family 1Ah, models 20h-2Fh/60h-6Fh): 2 FMA pipes of 256 bits, a 512-bit "
                         "FMA takes both; 2 separate FP add pipes"
                       : "Zen 5 (family 1Ah): 2 FMA pipes of 512 bits and 2 separate FP add pipes; 4 loads "
                         "(2 of 512 bits) and 2 stores (1 of 512 bits) per cycle");
        } else if (f == 0x19 && avx512) {
            static const struct uarch_row zen4 = {{2, 2, 1}, 2, {3, 2, 1}, {2, 1, 0.5}, 4};
            apply(c, "AMD Zen 4", &zen4,
                  "Zen 4 (family 19h with AVX-512): 2 FMA pipes of 256 bits, a 512-bit FMA takes both; "
                  "2 separate FP add pipes");
        } else if (f == 0x19) {
            static const struct uarch_row zen3 = {{2, 2, 0}, 2, {3, 2, 0}, {2, 1, 0}, 4};
            apply(c, "AMD Zen 3", &zen3, "Zen 3 (family 19h): 2 FMA pipes of 256 bits, 2 separate FP add pipes");
        } else if (f == 0x17 && m >= 0x30) {
            static const struct uarch_row zen2 = {{2, 2, 0}, 2, {2, 2, 0}, {1, 1, 0}, 5};
            apply(c, "AMD Zen 2", &zen2, "Zen 2 (family 17h, model >= 30h): 2 FMA pipes of 256 bits");
        } else if (f == 0x17 || f == 0x18) {
            static const struct uarch_row zen1 = {{2, 1, 0}, 2, {2, 1, 0}, {1, 0.5, 0}, 5};
            apply(c, "AMD Zen / Zen+", &zen1,
                  "Zen 1 (family 17h/18h): 2 FMA pipes of 128 bits, a 256-bit FMA takes both");
        } else {
            generic(c, avx2, avx512);
        }
    } else if (strcmp(c->vendor, "GenuineIntel") == 0 && f == 6) {
        if (IN(m, 0x55)) {
            static const struct uarch_row skx = {{2, 2, 2}, 0, {2, 2, 2}, {1, 1, 1}, 4};
            apply(c, "Intel Skylake-SP / Cascade Lake", &skx,
                  "Xeon Scalable (Skylake-SP/Cascade Lake): assumed 2 AVX-512 FMA units (Platinum and most "
                  "Gold 6xxx); Bronze, Silver and most Gold 5xxx have 1: use --fma-units 1");
        } else if (IN(m, 0x6a, 0x6c, 0x8f, 0xcf, 0xad, 0xae)) {
            static const struct uarch_row icx = {{2, 2, 2}, 0, {3, 3, 2}, {2, 2, 1}, 4};
            apply(c, "Intel Ice Lake-SP / Sapphire Rapids or later", &icx,
                  "Xeon Scalable (Ice Lake-SP and later): assumed 2 AVX-512 FMA units (ports 0+1 and 5); "
                  "SKUs with one: use --fma-units 1");
        } else if (IN(m, 0x57, 0x85)) {
            static const struct uarch_row knl = {{2, 2, 2}, 0, {2, 2, 2}, {1, 1, 1}, 6};
            apply(c, "Intel Xeon Phi", &knl, "Knights Landing/Mill: 2 AVX-512 FMA units per core");
        } else if (avx512 && IN(m, 0x66, 0x7d, 0x7e, 0x8c, 0x8d, 0xa7)) {
            static const struct uarch_row icl = {{2, 2, 1}, 0, {2, 2, 2}, {1, 1, 1}, 4};
            apply(c, "Intel client with AVX-512", &icl,
                  "client core with AVX-512 (Ice/Tiger/Rocket Lake): one 512-bit FMA per cycle (ports 0+1 "
                  "fused), two 256-bit");
        } else if (IN(m, 0x3c, 0x3f, 0x45, 0x46, 0x3d, 0x47, 0x4f, 0x56)) {
            static const struct uarch_row hsw = {{2, 2, 0}, 0, {2, 2, 0}, {1, 1, 0}, 5};
            apply(c, "Intel Haswell / Broadwell", &hsw, "Haswell/Broadwell: 2 FMA units of 256 bits");
        } else if (IN(m, 0x97, 0x9a, 0xb7, 0xba, 0xbf, 0xaa, 0xac, 0xc5, 0xc6, 0xbd)) {
            static const struct uarch_row adl = {{2, 2, 0}, 0, {3, 3, 0}, {2, 2, 0}, 4};
            apply(c, "Intel hybrid (Alder Lake or later)", &adl,
                  "hybrid client: the P-cores' 2 FMA units of 256 bits are assumed for every core; the "
                  "E-cores have less, so the peak is an upper bound");
        } else if (avx2) {
            static const struct uarch_row skl = {{2, 2, 0}, 0, {2, 2, 0}, {1, 1, 0}, 4};
            apply(c, "Intel Skylake-class client", &skl, "AVX2 core since Skylake: 2 FMA units of 256 bits");
        } else {
            /* Sandy Bridge, Ivy Bridge: one multiply and one add pipe. */
            static const struct uarch_row snb = {{1, 1, 0}, 1, {2, 1, 0}, {1, 0.5, 0}, 5};
            apply(c, "Intel Sandy/Ivy Bridge", &snb, "no FMA: 1 multiply and 1 add pipe of 256 bits");
        }
    } else {
        generic(c, avx2, avx512);
    }
}
#endif

#if defined(__aarch64__)
/* AArch64: the core's part number from /proc/cpuinfo. */
static void detect_arm(struct rfl_fl_cpu *c)
{
    unsigned implementer = 0, part = 0;
    FILE *fp = fopen("/proc/cpuinfo", "r");
    if (fp) {
        char line[256];
        while (fgets(line, sizeof line, fp)) {
            if (!implementer)
                sscanf(line, "CPU implementer : %x", &implementer);
            if (!part)
                sscanf(line, "CPU part : %x", &part);
        }
        fclose(fp);
    }
    snprintf(c->vendor, sizeof c->vendor, "arm:0x%02x", implementer);
    c->family = implementer;
    c->model = part;
    generic(c, 0, 0);
    if (implementer == 0x41 && (part == 0xd40 || part == 0xd4f || part == 0xd8f)) {
        static const struct uarch_row v = {{4, 0, 0}, 0, {3, 0, 0}, {2, 0, 0}, 4};
        apply(c, "Arm Neoverse V-series", &v, "Neoverse V1/V2/V3: 4 NEON FMA pipes of 128 bits");
    } else if (implementer == 0x41 && (part == 0xd0c || part == 0xd49 || part == 0xd8e)) {
        static const struct uarch_row n = {{2, 0, 0}, 0, {2, 0, 0}, {1, 0, 0}, 4};
        apply(c, "Arm Neoverse N-series", &n, "Neoverse N1/N2/N3: 2 NEON FMA pipes of 128 bits");
    }
}
#endif

void rfl_fl_cpu_detect(struct rfl_fl_cpu *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->vendor, sizeof c->vendor, "unknown");
#if defined(__x86_64__) && defined(__GNUC__)
    detect_x86(c);
#elif defined(__aarch64__)
    detect_arm(c);
#else
    generic(c, 0, 0);
#endif
}

void rfl_fl_cpu_override_fma(struct rfl_fl_cpu *c, unsigned units, unsigned vector_bytes)
{
    int w = rfl_fl_width_index(vector_bytes);
    c->fma_units_override = (int)units;
    c->override_width = w;
    c->fma_per_cycle[w] = units;
    /* A core needs at least one load and store port per width it runs. */
    if (c->loads_per_cycle[w] <= 0)
        c->loads_per_cycle[w] = 1;
    if (c->stores_per_cycle[w] <= 0)
        c->stores_per_cycle[w] = 1;
}

static double lanes_of(unsigned vector_bytes, enum rfl_precision p)
{
    unsigned elem = rfl_precision_bytes(p);
    return vector_bytes > elem ? (double)(vector_bytes / elem) : 1.0;
}

double rfl_fl_flops_per_cycle(const struct rfl_fl_cpu *c, unsigned vector_bytes, int fma, enum rfl_precision p)
{
    int w = rfl_fl_width_index(vector_bytes);
    double f = c->fma_per_cycle[w], a = c->add_only_per_cycle, lanes = lanes_of(vector_bytes, p);
    if (f <= 0)
        return 0.0;
    if (fma)
        return 2.0 * f * lanes;
    /* A multiply and an add per step: the multiplies need the FMA pipes,
     * the adds any FP pipe. */
    double pairs = f < (f + a) / 2 ? f : (f + a) / 2;
    return 2.0 * pairs * lanes;
}

double rfl_fl_model_flops_per_cycle(const struct rfl_fl_cpu *c, unsigned vector_bytes, int fma,
                                    enum rfl_precision p, unsigned fpe, const char **bound)
{
    int w = rfl_fl_width_index(vector_bytes);
    double f = c->fma_per_cycle[w], a = c->add_only_per_cycle;
    double loads = c->loads_per_cycle[w], stores = c->stores_per_cycle[w];
    if (bound)
        *bound = "";
    if (f <= 0 || loads <= 0 || stores <= 0)
        return 0.0;
    double steps = (double)(fpe / 2), odd = (double)(fpe & 1);
    double on_fma_pipes = steps, adds = odd + (fma ? 0.0 : steps);
    double fp_cycles = on_fma_pipes / f;
    if ((on_fma_pipes + adds) / (f + a) > fp_cycles)
        fp_cycles = (on_fma_pipes + adds) / (f + a);
    double load_cycles = rfl_fl_kernel.reads_per_elem / loads, store_cycles = rfl_fl_kernel.writes_per_elem / stores;
    double cycles = fp_cycles;
    const char *b = "fp";
    if (load_cycles > cycles) {
        cycles = load_cycles;
        b = "load";
    }
    if (store_cycles > cycles) {
        cycles = store_cycles;
        b = "store";
    }
    if (bound)
        *bound = b;
    return (double)fpe * lanes_of(vector_bytes, p) / cycles;
}

json_t *rfl_fl_cpu_to_json(const struct rfl_fl_cpu *c)
{
    char family[16], model[16];
    snprintf(family, sizeof family, "0x%x", c->family);
    snprintf(model, sizeof model, "0x%x", c->model);
    json_t *widths[3];
    const double *tables[3] = {c->fma_per_cycle, c->loads_per_cycle, c->stores_per_cycle};
    for (int t = 0; t < 3; t++)
        widths[t] = json_pack("{s:f, s:f, s:f}", "128", tables[t][RFL_FL_W128], "256", tables[t][RFL_FL_W256],
                              "512", tables[t][RFL_FL_W512]);
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:b, s:s, s:o, s:f, s:o, s:o, s:i}", "vendor", c->vendor,
                          "family", family, "model", model, "microarchitecture", c->uarch, "table_known",
                          c->known, "assumption", c->assumption, "fma_per_cycle", widths[0],
                          "add_only_per_cycle", c->add_only_per_cycle, "loads_per_cycle", widths[1],
                          "stores_per_cycle", widths[2], "fma_latency_cycles", (int)c->fma_latency_cycles);
    if (c->fma_units_override) {
        static const char *const names[] = {"128", "256", "512"};
        json_object_set_new(o, "fma_units_override",
                            json_pack("{s:i, s:s}", "fma_per_cycle", c->fma_units_override, "width_bits",
                                      names[c->override_width]));
    } else {
        json_object_set_new(o, "fma_units_override", json_null());
    }
    return o;
}
