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
    const char *help;
    double min, max;            /* inclusive bounds for DOUBLE and UINT */
    const char *const *choices; /* NULL-terminated, for CHOICE and LIST */
};

struct rfl_cli {
    const char *program;  /* name in messages and --help */
    const char *summary;  /* one paragraph under the usage line */
    const char *epilog;   /* printed after the options (may be NULL) */
    const struct rfl_option *options;
    size_t noptions;
    int allow_operands;   /* 0: a non-option argument is an error */
};

/* The rows the benchmark programs share, declared once: a program's table
 * names each where its --help lists it, with its destination and the help
 * text that states its own defaults; name, letter, type, value name and
 * bounds come from here. (--min-time's letter differs between programs,
 * and --experiments' upper bound.) */
#define RFL_OPTION_OUTPUT(metavar, dest, help) {"output", 'o', RFL_OPT_STRING, (dest), (metavar), (help), 0, 0, NULL}
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
void rfl_cli_print_help(const struct rfl_cli *cli, FILE *out);
/* For a value the table accepted but the program refuses: prints (rank 0)
 * "PROGRAM: option --NAME: invalid value 'TEXT' (WHY)", TEXT as the command
 * line gave it to --NAME or -SHORT (short_name 0: none; the last one, as
 * the parser keeps), and returns RFL_CLI_ERROR. */
int rfl_cli_bad_value(const char *program, int argc, char **argv, const char *name, int short_name, const char *why);

/* A list of unsigned values within [lo, hi] as users write them: values and MIN:MAX ranges
 * (MIN, 2 MIN, 4 MIN ... below MAX, then MAX) separated by commas, into values[], sorted and
 * distinct (rfl_flops --fpe, rfl_dense --sizes). 0, or -1 on a malformed entry or more than
 * max values. */
int rfl_parse_uint_ranges(const char *text, unsigned lo, unsigned hi, unsigned *values, size_t max, size_t *count);

#endif
