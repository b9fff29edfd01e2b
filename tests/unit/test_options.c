/* The shared option table (common/options.h): every option type accepts
 * good values and refuses bad ones with one line naming the option and the
 * value; --help and --version; operands; bounds; repeated parsing in
 * one process; and the rows the programs share. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/mpi_shim.h"
#include "common/options.h"
#include "tests/unit/check.h"

static const char *const colours[] = {"red", "green", "blue", NULL};
static const char *const shapes[] = {"circle", "square", "triangle", "hexagon", NULL};

struct values {
    int flag;
    uint64_t size;
    uint64_t range[2];
    double ratio;     /* bounded [0.5, 10] */
    double offset;    /* unbounded */
    unsigned count;   /* bounded [1, 100] */
    unsigned big;     /* unbounded */
    const char *name;
    int colour;
    unsigned shape_mask;
};

static struct values v;

static const struct rfl_option table[] = {
    {"flag", 'f', RFL_OPT_FLAG, &v.flag, NULL, "a flag", 0, 0, NULL},
    {"size", 's', RFL_OPT_SIZE, &v.size, "SIZE", "a size", 0, 0, NULL},
    {"range", 'r', RFL_OPT_SIZE_RANGE, v.range, "MIN:MAX", "a size range", 0, 0, NULL},
    {"ratio", 'x', RFL_OPT_DOUBLE, &v.ratio, "X", "a bounded number", 0.5, 10, NULL},
    {"offset", 0, RFL_OPT_DOUBLE, &v.offset, "X", "any number", 0, 0, NULL},
    {"count", 'n', RFL_OPT_UINT, &v.count, "N", "a bounded count", 1, 100, NULL},
    {"big", 0, RFL_OPT_UINT, &v.big, "N", "any count", 0, 0, NULL},
    {"name", 'o', RFL_OPT_STRING, &v.name, "TEXT", "a string", 0, 0, NULL},
    {"colour", 'c', RFL_OPT_CHOICE, &v.colour, "C", "a choice", 0, 0, colours},
    {"shapes", 'k', RFL_OPT_LIST, &v.shape_mask, "LIST", "a list", 0, 0, shapes},
};

static const struct rfl_cli cli = {
    .program = "test_prog",
    .summary = "A program that exists only in this test.",
    .epilog = "The epilog.",
    .options = table,
    .noptions = sizeof table / sizeof table[0],
    .allow_operands = 0,
};

static const struct rfl_cli cli_operands = {
    .program = "test_prog",
    .summary = "A program that takes operands.",
    .options = table,
    .noptions = sizeof table / sizeof table[0],
    .allow_operands = 1,
};

/* What a parse printed on stdout and stderr. */
static char out_text[16384], err_text[4096];

static void read_back(int fd, char *buf, size_t len)
{
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, buf, len - 1);
    buf[n > 0 ? n : 0] = '\0';
}

/* The argv of the last parse: STRING options point into it, so it lives
 * until the next parse. */
static char **last_argv;

static void free_last_argv(void)
{
    for (int i = 0; last_argv && last_argv[i]; i++)
        free(last_argv[i]);
    free(last_argv);
    last_argv = NULL;
}

static int free_last_argv_teardown(void **state)
{
    (void)state;
    free_last_argv();
    return 0;
}

/* Parses the NULL-terminated words as argv (copied: getopt may permute),
 * capturing stdout and stderr. */
static enum rfl_cli_result parse_with(const struct rfl_cli *c, int *first_operand, const char *const *words)
{
    int argc = 0;
    while (words[argc])
        argc++;
    free_last_argv();
    char **argv = calloc((size_t)argc + 1, sizeof *argv);
    assert_non_null(argv);
    for (int i = 0; i < argc; i++)
        argv[i] = strdup(words[i]);
    last_argv = argv;

    char out_path[] = "/tmp/rfl-test-options-out.XXXXXX", err_path[] = "/tmp/rfl-test-options-err.XXXXXX";
    int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
    assert_true(out_fd >= 0 && err_fd >= 0);
    unlink(out_path);
    unlink(err_path);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    enum rfl_cli_result r = rfl_cli_parse(c, argc, argv, first_operand);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    read_back(out_fd, out_text, sizeof out_text);
    read_back(err_fd, err_text, sizeof err_text);
    close(out_fd);
    close(err_fd);
    return r;
}

#define PARSE(...) parse_with(&cli, NULL, (const char *const[]){"test_prog", __VA_ARGS__, NULL})

static void reset(void) { memset(&v, 0, sizeof v); }

/* A good parse: RFL_CLI_RUN and silence. */
static void expect_ok(enum rfl_cli_result r)
{
    if (r != RFL_CLI_RUN)
        fail_msg("expected RFL_CLI_RUN, got %d; stderr: %s", (int)r, err_text);
    if (err_text[0] || out_text[0])
        fail_msg("a good parse printed: stdout '%s' stderr '%s'", out_text, err_text);
}

/* A refused parse: RFL_CLI_ERROR and exactly one line on stderr that
 * contains each of the NULL-terminated texts. */
static void expect_error_mentions(enum rfl_cli_result r, const char *const *texts)
{
    if (r != RFL_CLI_ERROR)
        fail_msg("expected RFL_CLI_ERROR, got %d", (int)r);
    size_t len = strlen(err_text);
    const char *nl = strchr(err_text, '\n');
    if (len == 0 || !nl || nl != err_text + len - 1)
        fail_msg("expected exactly one line on stderr, got '%s'", err_text);
    for (size_t i = 0; texts[i]; i++)
        if (!strstr(err_text, texts[i]))
            fail_msg("the message '%.*s' does not mention '%s'", (int)len - 1, err_text, texts[i]);
    if (strncmp(err_text, "test_prog", 9) != 0)
        fail_msg("the message does not start with the program name: '%s'", err_text);
    if (out_text[0])
        fail_msg("an error printed on stdout: '%s'", out_text);
}
#define EXPECT_ERROR(r, ...) expect_error_mentions((r), (const char *const[]){__VA_ARGS__, NULL})

/* OPTION ARG, parsed after those before it, sets the field to `want`. */
struct setting {
    const char *option, *arg;
    unsigned want;
};

static void expect_settings(const unsigned *field, const struct setting *s, size_t n)
{
    for (; n > 0; n--, s++) {
        expect_ok(PARSE(s->option, s->arg));
        if (*field != s->want)
            fail_msg("%s %s set %u, expected %u", s->option, s->arg, *field, s->want);
    }
}
#define EXPECT_SETTINGS(field, table) expect_settings((const unsigned *)(field), table, sizeof table / sizeof table[0])

/* Each of the NULL-terminated `args` after OPTION is refused, the message
 * naming the option and the argument (an empty one, the option alone). */
static void expect_refused(const char *option, const char *const *args)
{
    for (; *args; args++)
        EXPECT_ERROR(PARSE(option, *args), option, **args ? *args : NULL);
}

static void test_flag(void **state)
{
    (void)state;
    reset();
    expect_ok(PARSE("--flag"));
    assert_int_equal(v.flag, 1);
    reset();
    expect_ok(PARSE("-f"));
    assert_int_equal(v.flag, 1);
    reset();
    expect_ok(parse_with(&cli, NULL, (const char *const[]){"test_prog", NULL}));
    assert_int_equal(v.flag, 0);
    reset();
    EXPECT_ERROR(PARSE("--flag=1"), "--flag");
}

static void test_size(void **state)
{
    (void)state;
    reset();
    expect_ok(PARSE("--size", "64K"));
    assert_true(v.size == 65536);
    expect_ok(PARSE("--size=1.5M"));
    assert_true(v.size == 1572864);
    expect_ok(PARSE("-s", "2g"));
    assert_true(v.size == 2ull << 30);
    expect_ok(PARSE("-s4096"));
    assert_true(v.size == 4096);
    EXPECT_ERROR(PARSE("--size", "12Q"), "--size", "12Q");
    EXPECT_ERROR(PARSE("--size", "0"), "--size", "'0'");
    EXPECT_ERROR(PARSE("--size", "-1K"), "--size", "-1K");
    EXPECT_ERROR(PARSE("--size="), "--size");
}

static void test_size_range(void **state)
{
    (void)state;
    reset();
    expect_ok(PARSE("--range", "4K:1G"));
    assert_true(v.range[0] == 4096 && v.range[1] == 1ull << 30);
    expect_ok(PARSE("-r", "64K"));
    assert_true(v.range[0] == 65536 && v.range[1] == 65536);
    expect_refused("--range", (const char *const[]){"1G:4K", "abc", "4K:", NULL});
}

static void test_double(void **state)
{
    (void)state;
    reset();
    expect_ok(PARSE("--ratio", "2.5"));
    assert_true(v.ratio == 2.5);
    expect_ok(PARSE("-x", "1e0"));
    assert_true(v.ratio == 1.0);
    expect_ok(PARSE("--ratio", "0.5")); /* bounds are inclusive */
    assert_true(v.ratio == 0.5);
    expect_ok(PARSE("--ratio", "10"));
    assert_true(v.ratio == 10.0);
    expect_refused("--ratio", (const char *const[]){"0.49", "10.01", "abc", "2.5x", "2,5", "nan", "inf", "", NULL});
    /* Unbounded (min = max = 0): any finite number. */
    expect_ok(PARSE("--offset", "-1e6"));
    assert_true(v.offset == -1e6);
    expect_refused("--offset", (const char *const[]){"1e999", "-inf", NULL});
}

/* Option values are written with '.' whatever LC_NUMERIC says. */
static void test_double_under_comma_locale(void **state)
{
    (void)state;
    if (!setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
        setlocale(LC_NUMERIC, "C");
        skip();
    }
    reset();
    enum rfl_cli_result r = PARSE("--ratio", "2.5");
    char err_good[sizeof err_text];
    memcpy(err_good, err_text, sizeof err_good);
    double got = v.ratio;
    enum rfl_cli_result r2 = PARSE("--ratio", "2,5");
    setlocale(LC_NUMERIC, "C");
    if (r != RFL_CLI_RUN || err_good[0])
        fail_msg("--ratio 2.5 under a comma locale: result %d, stderr '%s'", (int)r, err_good);
    assert_true(got == 2.5);
    assert_int_equal(r2, RFL_CLI_ERROR);
}

static void test_uint(void **state)
{
    (void)state;
    reset();
    expect_ok(PARSE("--count", "50"));
    assert_int_equal(v.count, 50);
    expect_ok(PARSE("-n", "1"));
    assert_int_equal(v.count, 1);
    expect_ok(PARSE("-n100"));
    assert_int_equal(v.count, 100);
    EXPECT_ERROR(PARSE("--count", "0"), "--count", "'0'");
    expect_refused("--count", (const char *const[]){"101", "-3", "+3", "3x", "2.0", "", NULL});
    /* Unbounded: the whole range of unsigned, and no further. */
    expect_ok(PARSE("--big", "0"));
    assert_int_equal(v.big, 0);
    expect_ok(PARSE("--big", "4294967295"));
    assert_true(v.big == 4294967295u);
    expect_refused("--big", (const char *const[]){"4294967296", "99999999999999999999999", "-1", NULL});
}

static void test_string(void **state)
{
    (void)state;
    reset();
    expect_ok(PARSE("--name", "out.csv"));
    assert_non_null(v.name);
    assert_string_equal(v.name, "out.csv");
    expect_ok(PARSE("-o", "-"));
    assert_string_equal(v.name, "-");
    expect_ok(PARSE("--name=a b,c"));
    assert_string_equal(v.name, "a b,c");
    EXPECT_ERROR(PARSE("--name", ""), "--name");
}

static void test_choice(void **state)
{
    (void)state;
    reset();
    static const struct setting picks[] = {{"--colour", "green", 1}, {"-c", "blue", 2}, {"-c", "red", 0}};
    EXPECT_SETTINGS(&v.colour, picks);
    EXPECT_ERROR(PARSE("--colour", "purple"), "--colour", "purple", "red", "green", "blue");
    expect_refused("--colour", (const char *const[]){"gree", "greenish", "RED", "red,green", "", NULL});
}

static void test_list(void **state)
{
    (void)state;
    reset();
    static const struct setting picks[] = {
        {"--shapes", "circle,triangle", (1u << 0) | (1u << 2)},
        {"-k", "hexagon", 1u << 3},
        {"-k", "square,square", 1u << 1},
        {"--shapes", "all", 0xfu},
        {"--shapes", "hexagon,square,triangle,circle", 0xfu},
    };
    EXPECT_SETTINGS(&v.shape_mask, picks);
    EXPECT_ERROR(PARSE("--shapes", "circle,bogus"), "--shapes", "circle,bogus", "all");
    expect_refused("--shapes", (const char *const[]){"circle,", ",circle", "circle,,square", "all,circle", "", NULL});
}

static void test_last_value_wins(void **state)
{
    (void)state;
    reset();
    expect_ok(PARSE("-n", "5", "--count", "7"));
    assert_int_equal(v.count, 7);
}

static void test_help_and_version(void **state)
{
    (void)state;
    static const char *const help_words[][3] = {{"test_prog", "--help", NULL}, {"test_prog", "-h", NULL}};
    for (int i = 0; i < 2; i++) {
        reset();
        assert_int_equal(parse_with(&cli, NULL, help_words[i]), RFL_CLI_DONE);
        assert_string_equal(err_text, "");
        assert_true(strncmp(out_text, "Usage: test_prog", 16) == 0);
        for (size_t k = 0; k < cli.noptions; k++) {
            char name[64];
            snprintf(name, sizeof name, "--%s", table[k].name);
            if (!strstr(out_text, name))
                fail_msg("--help does not list %s", name);
        }
        assert_non_null(strstr(out_text, "--version"));
        assert_non_null(strstr(out_text, "triangle")); /* the choices of a list */
        assert_non_null(strstr(out_text, "The epilog."));
    }
    /* --help wins over the options around it, even bad ones after it. */
    assert_int_equal(PARSE("--count", "5", "--help", "--count", "0"), RFL_CLI_DONE);

    static const char *const version_words[][3] = {{"test_prog", "--version", NULL}, {"test_prog", "-V", NULL}};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(parse_with(&cli, NULL, version_words[i]), RFL_CLI_DONE);
        assert_string_equal(err_text, "");
        assert_true(strncmp(out_text, "test_prog", 9) == 0);
        assert_non_null(strstr(out_text, PACKAGE_VERSION));
    }
}

/* The --help text of `c` (the caller frees it). */
static char *help_text(const struct rfl_cli *c)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_non_null(mem);
    rfl_cli_print_help(c, mem);
    fclose(mem);
    return text;
}

/* --help's layout (common/options.h): every line within RFL_HELP_WIDTH
 * columns but a lone word longer than a line; in the options, every line
 * that names no option continues the text at RFL_HELP_COLUMN; no text line
 * starts with '-'. Fails with the line. */
static void expect_layout(const char *text)
{
    int options = 0;
    for (const char *p = text; *p;) {
        const size_t len = strcspn(p, "\n");
        const size_t lead = strspn(p, " ");
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        if (len > RFL_HELP_WIDTH && memchr(p + lead, ' ', len - lead))
            fail_msg("line of %zu columns: '%s'", len, line);
        if (len && line[len - 1] == ' ')
            fail_msg("trailing blank: '%s'", line);
        if (!strcmp(line, "Options:"))
            options = 1;
        else if (len == 0)
            options = 0;
        else if (options && !(lead >= 2 && lead <= 6 && p[lead] == '-') && lead != RFL_HELP_COLUMN)
            fail_msg("continuation at column %zu, not %d: '%s'", lead, RFL_HELP_COLUMN, line);
        if (options && lead == RFL_HELP_COLUMN && p[lead] == '-')
            fail_msg("a text line that reads as an option: '%s'", line);
        p += len + (p[len] == '\n');
    }
}

/* The words of text, blanks and line breaks folded into one blank. */
static void fold(const char *text, char *out, size_t len)
{
    size_t n = 0;
    for (const char *p = text; *p && n + 1 < len; p++) {
        const int blank = *p == ' ' || *p == '\n';
        if (blank && (n == 0 || out[n - 1] == ' '))
            continue;
        out[n++] = blank ? ' ' : *p;
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
}

static void test_print_help(void **state)
{
    (void)state;
    char *text = help_text(&cli_operands);
    expect_layout(text);
    assert_non_null(strstr(text, "Usage: test_prog [OPTION]... [ARG]..."));
    assert_non_null(strstr(text, "-s, --size=SIZE"));
    assert_non_null(strstr(text, "--offset=X"));
    free(text);
}

static int wrap_flag;
static const char *const wrap_choices[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
                                           "iota", "kappa", "lambda", "omicron", NULL};
static const char long_help[] = "a description far longer than the fifty columns the description gets, written as one "
                                "sentence with no line break for width, which the printer wraps word by word at a "
                                "hanging indent under the description column";
static const struct rfl_option wrap_table[] = {
    {"long", 'l', RFL_OPT_FLAG, &wrap_flag, NULL, long_help, 0, 0, NULL},
    {"list", 0, RFL_OPT_FLAG, &wrap_flag, NULL, "an explicit list:\nfirst item\nsecond item", 0, 0, NULL},
    /* The old hand-made break: its blanks are the printer's to write. */
    {"legacy", 0, RFL_OPT_FLAG, &wrap_flag, NULL, "before the break\n                              after it", 0, 0,
     NULL},
    {"dash", 0, RFL_OPT_FLAG, &wrap_flag, NULL, "a line of words that ends just before its column --dashed", 0, 0,
     NULL},
    {"word", 0, RFL_OPT_FLAG, &wrap_flag, NULL,
     "short then a_single_word_longer_than_the_fifty_columns_of_the_description_column and more", 0, 0, NULL},
    {"a-name-as-long-as-the-column", 'a', RFL_OPT_FLAG, &wrap_flag, NULL, "text on the next line", 0, 0, NULL},
    {"choices", 'c', RFL_OPT_LIST, &wrap_flag, "LIST", "many choices", 0, 0, wrap_choices},
};
static const struct rfl_cli wrap_cli = {
    .program = "test_prog",
    .summary = "A summary written as one paragraph, longer than a line of eighty columns, so that the printer has "
               "to break it word by word at the width.",
    .epilog = "An epilog with a preformatted line:\n  an indented command line that is longer than eighty columns "
              "goes on at its own indent\nand a last line.",
    RFL_CLI_OPTIONS(wrap_table),
};

static void test_help_layout(void **state)
{
    (void)state;
    char *text = help_text(&wrap_cli);
    expect_layout(text);
    /* Every word in its place: the text is the description, line breaks aside. */
    char want[1024], got[1024], all[4096];
    snprintf(all, sizeof all, "%s", text);
    char *row = strstr(all, "  -l, --long                  a description"), *end = strstr(all, "\n      --list");
    assert_true(row && end && row < end);
    *end = '\0';
    fold(row + RFL_HELP_COLUMN, got, sizeof got);
    fold(long_help, want, sizeof want);
    assert_string_equal(got, want);
    /* Explicit breaks stay; the old hand-made indent is not doubled. */
    assert_non_null(strstr(text, "      --list                  an explicit list:\n"
                                 "                              first item\n"
                                 "                              second item\n"));
    assert_non_null(strstr(text, "      --legacy                before the break\n"
                                 "                              after it\n"));
    /* A word that would start a line with '-' takes the word before it along. */
    assert_non_null(strstr(text, "      --dash                  a line of words that ends just before its\n"
                                 "                              column --dashed\n"));
    assert_non_null(strstr(text, "      --word                  short then\n"
                                 "                              a_single_word_longer_than_the_fifty_columns_of_the_"
                                 "description_column\n"
                                 "                              and more\n"));
    assert_non_null(strstr(text, "  -a, --a-name-as-long-as-the-column\n"
                                 "                              text on the next line\n"));
    assert_non_null(strstr(text, "  -c, --choices=LIST          many choices\n"
                                 "                              (alpha, beta, gamma, delta, epsilon, zeta, eta,\n"
                                 "                              theta, iota, kappa, lambda, omicron; or all)\n"));
    assert_non_null(strstr(text, "Usage: test_prog [OPTION]...\n"
                                 "A summary written as one paragraph, longer than a line of eighty columns, so\n"
                                 "that the printer has to break it word by word at the width.\n"));
    assert_non_null(strstr(text, "An epilog with a preformatted line:\n"
                                 "  an indented command line that is longer than eighty columns goes on at its own\n"
                                 "  indent\nand a last line.\n"));
    free(text);

    /* A row at another column (rfl --help's commands). */
    char *rows = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&rows, &len);
    assert_non_null(mem);
    rfl_help_row(mem, "  run", 13, "run every program built here, then ceilings, plot and report, and then some more");
    fclose(mem);
    assert_string_equal(rows, "  run        run every program built here, then ceilings, plot and report, and\n"
                              "             then some more\n");
    free(rows);
}

static void test_unknown_and_missing(void **state)
{
    (void)state;
    reset();
    EXPECT_ERROR(PARSE("--bogus"), "--bogus");
    EXPECT_ERROR(PARSE("-z"), "-z");
    EXPECT_ERROR(PARSE("--siz", "4K", "--bogus-option"), "--bogus-option"); /* an abbreviation is fine */
    EXPECT_ERROR(PARSE("--count"), "--count");
    EXPECT_ERROR(PARSE("-n"), "-n");
    EXPECT_ERROR(PARSE("--flag", "--name"), "--name");
}

static void test_operands(void **state)
{
    (void)state;
    reset();
    /* Without allow_operands, any operand is an error, wherever it is. */
    EXPECT_ERROR(PARSE("stray"), "stray");
    EXPECT_ERROR(PARSE("--flag", "stray", "--count", "3"), "stray");
    EXPECT_ERROR(PARSE("--count", "3", "stray"), "stray");

    /* With operands: options stop at the first one. */
    int first = -1;
    reset();
    expect_ok(parse_with(&cli_operands, &first,
                         (const char *const[]){"test_prog", "--flag", "-n", "3", "in.csv", "--count", "9", NULL}));
    assert_int_equal(first, 4);
    assert_int_equal(v.flag, 1);
    assert_int_equal(v.count, 3);
    first = -1;
    expect_ok(parse_with(&cli_operands, &first, (const char *const[]){"test_prog", "-f", NULL}));
    assert_int_equal(first, 2); /* no operands: argc */
    first = -1;
    expect_ok(parse_with(&cli_operands, &first, (const char *const[]){"test_prog", "--", "--flag", NULL}));
    assert_int_equal(first, 2);
    assert_int_equal(v.count, 3);
}

/* The parser keeps no state between calls: an error half-way through one
 * argv must not leak into the next parse. */
static void test_reentrant(void **state)
{
    (void)state;
    for (int round = 0; round < 3; round++) {
        reset();
        EXPECT_ERROR(PARSE("-n", "5", "--count", "bad", "--size", "1K"), "--count", "bad");
        reset();
        expect_ok(PARSE("--size", "8K", "-n", "9", "--flag"));
        assert_true(v.size == 8192);
        assert_int_equal(v.count, 9);
        assert_int_equal(v.flag, 1);
        reset();
        EXPECT_ERROR(PARSE("-n"), "-n");
        reset();
        expect_ok(PARSE("-f"));
        assert_int_equal(v.flag, 1);
        assert_int_equal(v.count, 0);
        int first = -1;
        expect_ok(parse_with(&cli_operands, &first, (const char *const[]){"test_prog", "a", "b", NULL}));
        assert_int_equal(first, 1);
        assert_int_equal(PARSE("-h"), RFL_CLI_DONE);
    }
}

/* The rows the programs share (RFL_OPTION_*): names, letters, types,
 * value names and bounds, wherever a table places them. */
static struct {
    const char *output;
    int quick, print_columns, list_devices, self_test, inject_fault;
    double min_time_s;
    unsigned experiments, device;
} sv;

static const struct rfl_option shared_table[] = {
    RFL_OPTION_MIN_TIME('t', &sv.min_time_s, "trials double"),
    RFL_OPTION_EXPERIMENTS(&sv.experiments, 100, "timed samples"),
    RFL_OPTION_DEVICE(&sv.device),
    RFL_OPTION_OUTPUT("FILE", &sv.output, "CSV output"),
    RFL_OPTION_QUICK(&sv.quick, "a coarse sweep"),
    RFL_OPTION_LIST_DEVICES(&sv.list_devices),
    RFL_OPTION_PRINT_COLUMNS(&sv.print_columns, "print the columns"),
    RFL_OPTION_SELF_TEST(&sv.self_test),
    RFL_OPTION_INJECT_FAULT(&sv.inject_fault, "testing"),
};

static const struct rfl_cli shared_cli = {
    .program = "test_prog",
    .summary = "The shared rows.",
    RFL_CLI_OPTIONS(shared_table),
};

#define PARSE_SHARED(...) parse_with(&shared_cli, NULL, (const char *const[]){"test_prog", __VA_ARGS__, NULL})

static void test_shared_rows(void **state)
{
    (void)state;
    assert_int_equal(shared_cli.noptions, 9);
    memset(&sv, 0, sizeof sv);
    expect_ok(PARSE_SHARED("-t", "0.5", "-e", "7", "-d", "3", "-o", "x.csv", "-q", "--list-devices", "--print-columns",
                           "--self-test", "--inject-fault"));
    assert_true(sv.min_time_s == 0.5);
    assert_int_equal(sv.experiments, 7);
    assert_int_equal(sv.device, 3);
    assert_string_equal(sv.output, "x.csv");
    assert_true(sv.quick && sv.list_devices && sv.print_columns && sv.self_test && sv.inject_fault);
    expect_ok(PARSE_SHARED("--min-time=1e-6", "--experiments=100", "--device=1024", "--output=-"));
    assert_string_equal(sv.output, "-");
    EXPECT_ERROR(PARSE_SHARED("--min-time", "61"), "--min-time", "61");
    EXPECT_ERROR(PARSE_SHARED("--min-time", "0"), "--min-time");
    EXPECT_ERROR(PARSE_SHARED("--experiments", "0"), "--experiments");
    EXPECT_ERROR(PARSE_SHARED("--experiments", "101"), "--experiments", "101");
    EXPECT_ERROR(PARSE_SHARED("--device", "1025"), "--device", "1025");
    EXPECT_ERROR(PARSE_SHARED("--output", ""), "--output");
    EXPECT_ERROR(PARSE_SHARED("--quick=1"), "--quick");

    char *text = help_text(&shared_cli);
    assert_non_null(strstr(text, "  -t, --min-time=SECONDS      trials double\n"));
    assert_non_null(strstr(text, "  -e, --experiments=N         timed samples\n"));
    assert_non_null(strstr(text, "  -d, --device=N              first CUDA device; MPI rank r on a node uses (N +\n"
                                 "                              r) % devices (default 0)\n"));
    assert_non_null(strstr(text, "  -o, --output=FILE           CSV output\n"));
    assert_non_null(strstr(text, "  -q, --quick                 a coarse sweep\n"));
    assert_non_null(strstr(text, "      --list-devices          print the CUDA devices and exit (exit 1: none)\n"));
    assert_non_null(strstr(text, "      --self-test             run the host-side self-checks and exit (no GPU\n"
                                 "                              needed)\n"));
    free(text);
}

/* Help or version text that cannot reach stdout is the program's failure:
 * exit 1 and one line on stderr, never the exit 0 a caller returns for
 * RFL_CLI_DONE (issue 28). In a child, as the check runs at exit. */
static void test_stdout_write_error(void **state)
{
    (void)state;
    int full = open("/dev/full", O_WRONLY);
    if (full < 0)
        skip();
    static const char *const words[][2] = {{"test_prog", "--help"}, {"test_prog", "--version"}};
    for (int i = 0; i < 2; i++) {
        char err_path[] = "/tmp/rfl-test-options-full.XXXXXX";
        int err_fd = mkstemp(err_path);
        assert_true(err_fd >= 0);
        unlink(err_path);
        fflush(stdout);
        fflush(stderr);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            dup2(full, 1);
            dup2(err_fd, 2);
            char prog[16], opt[16];
            snprintf(prog, sizeof prog, "%s", words[i][0]);
            snprintf(opt, sizeof opt, "%s", words[i][1]);
            char *argv[] = {prog, opt, NULL};
            exit(rfl_cli_parse(&cli, 2, argv, NULL) == RFL_CLI_DONE ? 0 : 3);
        }
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        read_back(err_fd, err_text, sizeof err_text);
        close(err_fd);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 1)
            fail_msg("%s >/dev/full: status %d, expected exit 1 (stderr: %s)", words[i][1], status, err_text);
        assert_non_null(strstr(err_text, "standard output: cannot write"));
        assert_non_null(strchr(err_text, '\n'));
        assert_string_equal(strchr(err_text, '\n') + 1, "");
    }
    close(full);
}

/* Lists of counts take the options' integers: no blanks, signs or hex. */
static void test_uint_ranges_strict(void **state)
{
    (void)state;
    unsigned values[16];
    size_t n = 0;
    assert_int_equal(rfl_parse_uint_ranges("1,4:16", 1, 100, values, 16, &n), 0);
    assert_int_equal(n, 4);
    assert_int_equal(values[3], 16);
    static const char *const bad[] = {" 5", "5 ", "0x10", "+5", "-5", "5:", ":5", "4: 16", "1e1", "5,", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (rfl_parse_uint_ranges(bad[i], 1, 100, values, 16, &n) != -1)
            fail_msg("'%s' was taken as a list of counts", bad[i]);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_flag),
    cmocka_unit_test(test_size),
    cmocka_unit_test(test_size_range),
    cmocka_unit_test(test_double),
    cmocka_unit_test(test_double_under_comma_locale),
    cmocka_unit_test(test_uint),
    cmocka_unit_test(test_string),
    cmocka_unit_test(test_choice),
    cmocka_unit_test(test_list),
    cmocka_unit_test(test_last_value_wins),
    cmocka_unit_test(test_help_and_version),
    cmocka_unit_test(test_print_help),
    cmocka_unit_test(test_help_layout),
    cmocka_unit_test(test_unknown_and_missing),
    cmocka_unit_test(test_operands),
    cmocka_unit_test(test_reentrant),
    cmocka_unit_test(test_shared_rows),
    cmocka_unit_test(test_stdout_write_error),
    cmocka_unit_test(test_uint_ranges_strict),
};

RFL_TEST_MPI_MAIN(tests, NULL, NULL, free_last_argv_teardown)
