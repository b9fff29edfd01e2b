/* One option table for every program: parsing, validation, --help and
 * --version come from the same declaration.  A bad value is one line on
 * stderr naming the program, the option and the value; the caller exits 2. */
#ifndef RFL_OPTIONS_H
#define RFL_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum rfl_opt_type {
    RFL_OPT_FLAG,       /* int *: set to 1 */
    RFL_OPT_SIZE,       /* uint64_t *: 64K, 1G ... */
    RFL_OPT_SIZE_RANGE, /* uint64_t[2]: MIN:MAX or one size */
    RFL_OPT_DOUBLE,     /* double *, within [min, max] */
    RFL_OPT_UINT,       /* unsigned *, within [min, max] */
    RFL_OPT_STRING,     /* const char **: any non-empty text */
    RFL_OPT_CHOICE,     /* int *: index of the value in choices */
    RFL_OPT_LIST        /* unsigned *: bitmask of comma-separated choices, or "all" */
};

struct rfl_option {
    const char *name; /* long name, without the dashes */
    int short_name;   /* 0: long form only */
    enum rfl_opt_type type;
    void *dest;
    const char *metavar;
    const char *help;           /* sentences, no breaks for width: --help wraps them (rfl_help_row) */
    double min, max;            /* inclusive bounds for DOUBLE and UINT */
    const char *const *choices; /* NULL-terminated, for CHOICE and LIST */
};

struct rfl_cli {
    const char *program;  /* name in messages and --help */
    const char *summary;  /* one paragraph under the usage line (wrapped as rfl_help_text) */
    const char *epilog;   /* printed after the options (may be NULL; wrapped as rfl_help_text) */
    const struct rfl_option *options;
    size_t noptions;
    int allow_operands;   /* 0: a non-option argument is an error */
};

/* --help is laid out for RFL_HELP_WIDTH columns: an option's names in the
 * first RFL_HELP_COLUMN, its text from there on. Texts are written as
 * sentences: the printer breaks them word by word, so no literal carries a
 * line break for width or blanks to indent (blanks at the start of a
 * description's line are dropped). A '\n' is a line break the text asks
 * for (a list, a paragraph); a word longer than a line stands alone; a
 * line never starts with '-' (readers of --help, help2man among them, take
 * such a line for an option), the word before it moves down with it. */
enum { RFL_HELP_WIDTH = 80, RFL_HELP_COLUMN = 30 };
/* NAME (as printed, e.g. "  -o, --output=FILE") then text from column
 * `column`, on the next line when NAME leaves fewer than two blanks; every
 * further line of the text indented to `column`. */
void rfl_help_row(FILE *out, const char *name, size_t column, const char *text);
/* A paragraph of text from column 0: each line (a '\n' ends one) wrapped,
 * its further lines indented as far as the line itself ("  ncu ..."). */
void rfl_help_text(FILE *out, const char *text);

/* The rows the benchmark programs share, declared once: a program's table
 * names each where its --help lists it, with its destination and the help
 * text that states its own defaults; name, letter, type, value name and
 * bounds come from here. (--min-time's letter differs between programs,
 * and --experiments' upper bound.) */
#define RFL_OPTION_OUTPUT(metavar, dest, help) {"output", 'o', RFL_OPT_STRING, (dest), (metavar), (help), 0, 0, NULL}
/* uint64_t[2]: the working sets' range, swept geometrically by --growth. */
#define RFL_OPTION_WSS(dest, help) {"wss", 'w', RFL_OPT_SIZE_RANGE, (dest), "MIN:MAX", (help), 0, 0, NULL}
#define RFL_OPTION_GROWTH(dest, most, help) {"growth", 'g', RFL_OPT_DOUBLE, (dest), "RATIO", (help), 1.01, (most), NULL}
/* unsigned bitmask of the element types in `names`. */
#define RFL_OPTION_PRECISION(dest, names, help) {"precision", 'p', RFL_OPT_LIST, (dest), "LIST", (help), 0, 0, (names)}
/* uint64_t: the most memory the buffers take. */
#define RFL_OPTION_MEM_LIMIT(letter, dest, help)                                                              \
    {"mem-limit", (letter), RFL_OPT_SIZE, (dest), "SIZE", (help), 0, 0, NULL}
/* The CPU programs': OpenMP threads per rank, the buffers' memory per node. */
#define RFL_OPTION_THREADS(dest)                                                                              \
    {"threads", 'T', RFL_OPT_UINT, (dest), "N",                                                               \
     "OpenMP threads per rank (default: OMP_NUM_THREADS, else one per core of the rank's share of the node)", \
     1, 4096, NULL}
#define RFL_OPTION_CPU_MEM_LIMIT(dest)                                                                        \
    RFL_OPTION_MEM_LIMIT('m', (dest),                                                                         \
                         "memory all ranks of a node may use for buffers (default: half the available memory)")
#define RFL_OPTION_QUICK(dest, help) {"quick", 'q', RFL_OPT_FLAG, (dest), NULL, (help), 0, 0, NULL}
#define RFL_OPTION_MIN_TIME(letter, dest, help)                                                               \
    {"min-time", (letter), RFL_OPT_DOUBLE, (dest), "SECONDS", (help), 1e-6, 60, NULL}
#define RFL_OPTION_EXPERIMENTS(dest, most, help) {"experiments", 'e', RFL_OPT_UINT, (dest), "N", (help), 1, (most), NULL}
/* The program's whole run within SECONDS (common/budget.h); rfl run gives
 * each step its share of `rfl run --budget`. */
#define RFL_OPTION_TIME_BUDGET(dest, help)                                                                    \
    {"time-budget", 0, RFL_OPT_DOUBLE, (dest), "SECONDS", (help), 0.1, 1e6, NULL}
#define RFL_OPTION_PRINT_COLUMNS(dest, help) {"print-columns", 0, RFL_OPT_FLAG, (dest), NULL, (help), 0, 0, NULL}
/* ... and the GPU programs'. */
#define RFL_OPTION_DEVICE(dest)                                                                               \
    {"device", 'd', RFL_OPT_UINT, (dest), "N",                                                                \
     "first CUDA device; MPI rank r on a node uses (N + r) % devices (default 0)", 0, 1024, NULL}
#define RFL_OPTION_LIST_DEVICES(dest)                                                                         \
    {"list-devices", 0, RFL_OPT_FLAG, (dest), NULL, "print the CUDA devices and exit (exit 1: none)", 0, 0, NULL}
#define RFL_OPTION_SELF_TEST(dest)                                                                            \
    {"self-test", 0, RFL_OPT_FLAG, (dest), NULL, "run the host-side self-checks and exit (no GPU needed)", 0, 0, NULL}
#define RFL_OPTION_INJECT_FAULT(dest, help) {"inject-fault", 0, RFL_OPT_FLAG, (dest), NULL, (help), 0, 0, NULL}
/* const char *: a list of threads per block and of blocks per grid, read
 * after parsing by gpu/gpu.h's rfl_gpu_parse_threads and _blocks. */
#define RFL_OPTION_THREADS_PER_BLOCK(dest, help)                                                              \
    {"threads-per-block", 't', RFL_OPT_STRING, (dest), "LIST", (help), 0, 0, NULL}
#define RFL_OPTION_BLOCKS(dest)                                                                               \
    {"blocks", 'b', RFL_OPT_STRING, (dest), "LIST",                                                           \
     "blocks per grid: max (all that fit at once), Nx (N per SM) or N (default max)", 0, 0, NULL}

/* Help texts the programs word alike, written once: each program gives
 * only its own words (what doubles, what is sampled, its defaults). */
#define RFL_HELP_MIN_TIME(repeats, defaults) repeats " double until one sample lasts this long (default " defaults ")"
#define RFL_HELP_EXPERIMENTS(point, defaults)                                                                 \
    "timed samples per " point "; min/median/max reported (default " defaults ")"
#define RFL_HELP_OUTPUT_CSV(file) "CSV output, with its metadata in NAME.json (default " file "; - for stdout)"
#define RFL_HELP_INJECT_FAULT(what) "testing: corrupt " what " (the run must end with exit 3)"
/* --time-budget: what a GPU sweep and a CPU sweep cut first (`cuts`). */
#define RFL_HELP_TIME_BUDGET(cuts)                                                                            \
    "finish within this: shorter samples, " cuts "; the sidecar says what was cut (default: no limit)"
#define RFL_HELP_CPU_TIME_BUDGET(cuts)                                                                        \
    "the whole run within SECONDS: fewer and shorter samples, " cuts "; what was cut is in the sidecar"

/* The options struct fields both CPU sweeps have (rfl_bandwidth,
 * rfl_flops), in place in each program's struct; gpu/gpu.h has the GPU
 * programs' as RFL_GPU_RUN_OPTS. */
#define RFL_CPU_SWEEP_OPTS                                                                                     \
    double min_time_s;    /* shortest sample that counts; 0: default */                                        \
    unsigned experiments; /* timed samples per point; 0: default */                                            \
    uint64_t mem_limit;   /* bytes per node for all ranks' buffers; 0: half the available memory */            \
    unsigned threads;     /* OpenMP threads per rank; 0: the OpenMP default */                                 \
    const char *output;   /* CSV path ("-": stdout, no sidecar) */                                             \
    double time_budget_s; /* the whole run within this (budget_plan.h); 0: none */                             \
    int quick;                                                                                                  \
    int inject_fault; /* tests only: corrupt one element after timing */                                        \
    int argc;         /* the command line, for the metadata */                                                  \
    char **argv
/* Groups of rows that stand together in most tables, for an options
 * struct `o` whose fields are named as the rows are (min_time_s,
 * experiments, device, output, quick, list_devices, print_columns,
 * self_test, inject_fault). A table whose order differs names the rows
 * one by one. */
/* --min-time and --experiments: `repeats` double until one sample lasts
 * --min-time (`defaults`: "0.002; --quick 0.001"), 5 samples per `point`
 * (--quick 3), at most 1000. */
#define RFL_OPTIONS_SAMPLING(o, letter, repeats, defaults, point)                                             \
    RFL_OPTION_MIN_TIME((letter), &(o)->min_time_s, RFL_HELP_MIN_TIME(repeats, defaults)),                    \
        RFL_OPTION_EXPERIMENTS(&(o)->experiments, 1000, RFL_HELP_EXPERIMENTS(point, "5; --quick 3"))
/* The rows that test a GPU program rather than measure: --print-columns
 * ("print `columns` and exit"; it needs no GPU), --self-test,
 * --inject-fault (corrupting `fault`). */
#define RFL_OPTIONS_GPU_CHECKS(o, columns, fault)                                                             \
    RFL_OPTION_PRINT_COLUMNS(&(o)->print_columns, "print " columns " and exit (no GPU needed)"),              \
        RFL_OPTION_SELF_TEST(&(o)->self_test),                                                                \
        RFL_OPTION_INJECT_FAULT(&(o)->inject_fault, RFL_HELP_INJECT_FAULT(fault))
/* A GPU program's last rows: --device, --output (`metavar`, `output_help`),
 * --quick (`quick_help`), --list-devices, then the checks above. */
#define RFL_OPTIONS_GPU_TAIL(o, metavar, output_help, quick_help, columns, fault)                             \
    RFL_OPTION_DEVICE(&(o)->device), RFL_OPTION_OUTPUT((metavar), &(o)->output, (output_help)),               \
        RFL_OPTION_QUICK(&(o)->quick, (quick_help)), RFL_OPTION_LIST_DEVICES(&(o)->list_devices),             \
        RFL_OPTIONS_GPU_CHECKS(o, columns, fault)
/* ... of a sweep that writes one CSV, `file` by default, and checks its
 * results element by element after timing. */
#define RFL_OPTIONS_GPU_SWEEP_TAIL(o, file, quick_help)                                                       \
    RFL_OPTIONS_GPU_TAIL(o, "NAME.csv", RFL_HELP_OUTPUT_CSV(file), quick_help,                                \
                         "the CSV file name and its columns", "one element after timing")

/* What the programs' epilogs share. The CPU sweeps under MPI, and their
 * test-only settings (common/hosts.h): */
#define RFL_HELP_CPU_RANKS(program)                                                                           \
    "Run under MPI as: mpirun -n 2 " program ": each rank's own rows (rank, host) follow the job's. "         \
    "Testing only: RFL_TEST_HOSTS=a,a,b,b names rank r's host by its r-th entry; RFL_TEST_SLOW_RANK=R:FACTOR " \
    "keeps rank R asleep after each timed kernel until FACTOR times its time has passed (a planted slow rank)"
#define RFL_HELP_CPU_EXIT                                                                                     \
    "Exit status: 0 ok, 1 run failed, 2 bad usage (or a malformed test setting), 3 verification failed, "     \
    "130 interrupted (rows so far are kept). Columns of the CSV: see docs/FORMAT.md."
/* The GPU programs: a GPU per rank, rank 0 writing. */
#define RFL_HELP_GPU_RANKS                                                                                    \
    "Under MPI each rank drives one GPU (chosen by its rank on the node); rank 0 writes one row per GPU"
#define RFL_HELP_GPU_EXIT                                                                                     \
    "Exit status: 0 ok, 1 run failed (or no CUDA device), 2 bad usage, 3 verification failed, "               \
    "130 interrupted (rows so far are kept). Columns: see docs/FORMAT.md."

/* In a struct rfl_cli: its options are the array `table`. */
#define RFL_CLI_OPTIONS(table) .options = (table), .noptions = sizeof(table) / sizeof((table)[0])

enum rfl_cli_result {
    RFL_CLI_RUN = 0,    /* options parsed: go on */
    RFL_CLI_DONE = 1,   /* --help or --version printed: exit 0 */
    RFL_CLI_ERROR = 2   /* a message was printed: exit RFL_EXIT_USAGE */
};

/* Parses argv against the table (plus -h/--help and -V/--version). On
 * RFL_CLI_RUN, *first_operand (if not NULL) is the index of the first
 * non-option argument. Re-entrant: tests call it many times in one process. */
enum rfl_cli_result rfl_cli_parse(const struct rfl_cli *cli, int argc, char **argv, int *first_operand);
/* A benchmark program's parse, as rfl_cli_parse: its options `opts` (a
 * struct with int argc and char **argv) keep the command line, for the
 * sidecar and the checks after parsing (rfl_cli_bad_value). */
#define RFL_CLI_PARSE_PROGRAM(opts, cli, argc_, argv_)                                                      \
    ((opts)->argc = (argc_), (opts)->argv = (argv_), rfl_cli_parse(&(cli), (argc_), (argv_), NULL))
void rfl_cli_print_help(const struct rfl_cli *cli, FILE *out);
/* For a value the table accepted but the program refuses: prints (rank 0)
 * "PROGRAM: option --NAME: invalid value 'TEXT' (WHY)", TEXT as the command
 * line gave it to --NAME or -SHORT (short_name 0: none; the last one, as
 * the parser keeps), and returns RFL_CLI_ERROR. */
int rfl_cli_bad_value(const char *program, int argc, char **argv, const char *name, int short_name, const char *why);
/* The same line for a value the caller holds: prints (rank 0) "PROGRAM:
 * option --NAME: invalid value 'TEXT' (WHY)", WHY a printf format, and
 * returns RFL_CLI_ERROR. */
__attribute__((format(printf, 4, 5))) int rfl_cli_invalid(const char *program, const char *name, const char *text,
                                                          const char *why, ...);
/* ... for a number the table parsed (its value in decimal as TEXT). */
int rfl_cli_invalid_number(const char *program, const char *name, unsigned long long value, const char *why);

/* A list of unsigned values within [lo, hi] as users write them: values and MIN:MAX ranges
 * (MIN, 2 MIN, 4 MIN ... below MAX, then MAX) separated by commas, into values[], sorted and
 * distinct (rfl_flops --fpe, rfl_dense --sizes). 0, or -1 on a malformed entry or more than
 * max values. */
int rfl_parse_uint_ranges(const char *text, unsigned lo, unsigned hi, unsigned *values, size_t max, size_t *count);

#endif
