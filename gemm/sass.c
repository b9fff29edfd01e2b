#include "config.h"
#include "gemm/sass.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *const rfl_sass_class_names[RFL_SASS_NCLASSES] = {
    "ffma", "dfma", "dmma884", "dmma16816", "hmma", "lds32", "lds64", "lds128", "ldsm",
    "sts",  "ldg",  "stg",     "ldgsts",    "local", "bar",  "nop",   "branch", "other"};

/* The base opcode (up to the first '.') equals `name`. */
static int base_is(const char *op, const char *name)
{
    size_t n = strlen(name);
    return strncmp(op, name, n) == 0 && (op[n] == '\0' || op[n] == '.');
}

static int has_modifier(const char *op, const char *mod)
{
    size_t n = strlen(mod);
    for (const char *p = strchr(op, '.'); p; p = strchr(p + 1, '.'))
        if (strncmp(p + 1, mod, n) == 0 && (p[1 + n] == '\0' || p[1 + n] == '.'))
            return 1;
    return 0;
}

enum rfl_sass_class rfl_sass_classify(const char *op)
{
    if (base_is(op, "FFMA") || base_is(op, "FFMA32I"))
        return RFL_SASS_FFMA;
    if (base_is(op, "DFMA"))
        return RFL_SASS_DFMA;
    if (base_is(op, "DMMA"))
        return strstr(op, ".8x8x4") ? RFL_SASS_DMMA884 : RFL_SASS_DMMA16816;
    if (base_is(op, "HMMA") || base_is(op, "HGMMA") || base_is(op, "IMMA") || base_is(op, "IGMMA") ||
        base_is(op, "QGMMA") || base_is(op, "BMMA") || base_is(op, "BGMMA"))
        return RFL_SASS_HMMA;
    if (base_is(op, "LDS"))
        return has_modifier(op, "128") ? RFL_SASS_LDS128 : has_modifier(op, "64") ? RFL_SASS_LDS64 : RFL_SASS_LDS32;
    if (base_is(op, "LDSM"))
        return RFL_SASS_LDSM;
    if (base_is(op, "STS"))
        return RFL_SASS_STS;
    if (base_is(op, "LDG") || base_is(op, "LD"))
        return RFL_SASS_LDG;
    if (base_is(op, "STG") || base_is(op, "ST"))
        return RFL_SASS_STG;
    if (base_is(op, "LDGSTS"))
        return RFL_SASS_LDGSTS;
    if (base_is(op, "LDL") || base_is(op, "STL"))
        return RFL_SASS_LOCAL;
    if (base_is(op, "BAR") || base_is(op, "DEPBAR") || base_is(op, "LDGDEPBAR") || base_is(op, "WARPSYNC") ||
        base_is(op, "MEMBAR") || base_is(op, "SYNCS") || base_is(op, "ARRIVES"))
        return RFL_SASS_BAR;
    if (base_is(op, "NOP"))
        return RFL_SASS_NOP;
    if (base_is(op, "BRA") || base_is(op, "BRX") || base_is(op, "JMP") || base_is(op, "JMX") ||
        base_is(op, "EXIT") || base_is(op, "RET") || base_is(op, "CALL") || base_is(op, "BSSY") ||
        base_is(op, "BSYNC") || base_is(op, "BREAK") || base_is(op, "BMOV") || base_is(op, "KILL"))
        return RFL_SASS_BRANCH;
    return RFL_SASS_OTHER;
}

int rfl_sass_fma(const int *c)
{
    return c[RFL_SASS_FFMA] + c[RFL_SASS_DFMA] + c[RFL_SASS_DMMA884] + c[RFL_SASS_DMMA16816] + c[RFL_SASS_HMMA];
}

int rfl_sass_lds(const int *c)
{
    return c[RFL_SASS_LDS32] + c[RFL_SASS_LDS64] + c[RFL_SASS_LDS128] + c[RFL_SASS_LDSM];
}

/* ------------------------------------------------------------------------
 * Parsing
 * ---------------------------------------------------------------------- */

struct insn {
    unsigned addr;
    enum rfl_sass_class cls;
    int branch;          /* a BRA/BRX/JMP with a target */
    unsigned target;     /* its address, once resolved */
    int label;           /* index into labels when the target is a label; -1 otherwise */
};

struct label {
    char name[64];
    unsigned addr;
    int bound; /* the next instruction's address is known */
};

struct func {
    struct insn *insns;
    int n, cap;
    struct label *labels;
    int nlabels, cap_labels;
    int pending[16]; /* labels defined since the last instruction: they name the next one */
    int npending;
};

static int push_insn(struct func *f, const struct insn *in)
{
    if (f->n == f->cap) {
        int cap = f->cap ? f->cap * 2 : 1024;
        struct insn *p = realloc(f->insns, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        f->insns = p;
        f->cap = cap;
    }
    f->insns[f->n++] = *in;
    for (int i = 0; i < f->npending; i++) {
        f->labels[f->pending[i]].addr = in->addr;
        f->labels[f->pending[i]].bound = 1;
    }
    f->npending = 0;
    return 0;
}

static int find_label(struct func *f, const char *name, int create)
{
    for (int i = 0; i < f->nlabels; i++)
        if (strcmp(f->labels[i].name, name) == 0)
            return i;
    if (!create)
        return -1;
    if (f->nlabels == f->cap_labels) {
        int cap = f->cap_labels ? f->cap_labels * 2 : 64;
        struct label *p = realloc(f->labels, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        f->labels = p;
        f->cap_labels = cap;
    }
    struct label *l = &f->labels[f->nlabels];
    snprintf(l->name, sizeof l->name, "%s", name);
    l->addr = 0;
    l->bound = 0;
    return f->nlabels++;
}

/* A label definition: optional blanks, ".L..." then ':' and nothing else. */
static int label_definition(const char *line, char *name, size_t len)
{
    while (*line == ' ' || *line == '\t')
        line++;
    if (line[0] != '.' || line[1] != 'L')
        return 0;
    const char *colon = strchr(line, ':');
    if (!colon)
        return 0;
    for (const char *p = colon + 1; *p; p++)
        if (!isspace((unsigned char)*p))
            return 0;
    size_t n = (size_t)(colon - line);
    if (n + 1 > len)
        n = len - 1;
    memcpy(name, line, n);
    name[n] = '\0';
    return 1;
}

/* An instruction line: "/ *00a0* /   [@P0] OPCODE operands ;  / * 0x... * /"
 * (without the spaces inside the comment markers). */
static int instruction_line(struct func *f, const char *line)
{
    const char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    if (p[0] != '/' || p[1] != '*' || !isxdigit((unsigned char)p[2]))
        return 0;
    char *end;
    unsigned long addr = strtoul(p + 2, &end, 16);
    if (end[0] != '*' || end[1] != '/')
        return 0;
    p = end + 2;
    char text[512];
    size_t n = 0;
    while (*p && *p != ';' && !(p[0] == '/' && p[1] == '*') && n + 1 < sizeof text)
        text[n++] = *p++;
    text[n] = '\0';
    char *save = NULL;
    char *tok = strtok_r(text, " \t", &save);
    if (!tok)
        return 0;
    int never = 0;
    if (tok[0] == '@') {
        never = strcmp(tok, "@!PT") == 0;
        tok = strtok_r(NULL, " \t", &save);
        if (!tok)
            return 0;
    }
    struct insn in = {(unsigned)addr, rfl_sass_classify(tok), 0, 0, -1};
    if (never)
        in.cls = RFL_SASS_NOP;
    if (base_is(tok, "BRA") || base_is(tok, "JMP")) {
        char *arg = save ? save : (char *)"";
        while (*arg == ' ' || *arg == '\t')
            arg++;
        char *hex = strstr(arg, "0x");
        char *lab = strstr(arg, ".L");
        if (lab) {
            char name[64];
            size_t k = 0;
            while (lab[k] && lab[k] != ')' && lab[k] != ' ' && lab[k] != ',' && k + 1 < sizeof name) {
                name[k] = lab[k];
                k++;
            }
            name[k] = '\0';
            in.label = find_label(f, name, 1);
            in.branch = in.label >= 0;
        } else if (hex) {
            in.target = (unsigned)strtoul(hex, NULL, 16);
            in.branch = 1;
        }
    }
    return push_insn(f, &in) == 0 ? 1 : -1;
}

static void count_range(const struct func *f, int from, int to, int *counts, int *total)
{
    memset(counts, 0, RFL_SASS_NCLASSES * sizeof *counts);
    *total = 0;
    for (int i = from; i <= to; i++) {
        counts[f->insns[i].cls]++;
        (*total)++;
    }
}

static int index_of(const struct func *f, unsigned addr)
{
    for (int i = 0; i < f->n; i++)
        if (f->insns[i].addr == addr)
            return i;
    return -1;
}

static void finish(struct func *f, struct rfl_sass_counts *c)
{
    for (int i = 0; i < f->n; i++) {
        struct insn *in = &f->insns[i];
        if (in->label >= 0) {
            if (f->labels[in->label].bound)
                in->target = f->labels[in->label].addr;
            else
                in->branch = 0;
        }
    }
    count_range(f, 0, f->n - 1, c->all, &c->instructions);
    c->has_loop = 0;
    int best_fma = 0, best_len = 0;
    for (int i = 0; i < f->n; i++) {
        const struct insn *in = &f->insns[i];
        if (!in->branch || in->target >= in->addr)
            continue;
        int from = index_of(f, in->target);
        if (from < 0)
            continue;
        int counts[RFL_SASS_NCLASSES], total;
        count_range(f, from, i, counts, &total);
        int fma = rfl_sass_fma(counts);
        if (fma == 0)
            continue;
        if (!c->has_loop || fma > best_fma || (fma == best_fma && total > best_len)) {
            c->has_loop = 1;
            best_fma = fma;
            best_len = total;
            c->loop_start = in->target;
            c->loop_end = in->addr;
            c->loop_instructions = total;
            memcpy(c->loop, counts, sizeof counts);
        }
    }
    f->n = 0;
    f->nlabels = 0;
    f->npending = 0;
}

int rfl_sass_parse(FILE *in, struct rfl_sass_counts **out, int *n, char *why, size_t why_len)
{
    struct func f;
    memset(&f, 0, sizeof f);
    struct rfl_sass_counts *list = NULL;
    int count = 0, cap = 0, rc = 0, open = 0;
    char *line = NULL;
    size_t line_cap = 0;
    *out = NULL;
    *n = 0;
    while (getline(&line, &line_cap, in) >= 0) {
        const char *fn = strstr(line, "Function : ");
        if (fn) {
            if (open)
                finish(&f, &list[count - 1]);
            if (count == cap) {
                cap = cap ? cap * 2 : 64;
                struct rfl_sass_counts *p = realloc(list, (size_t)cap * sizeof *p);
                if (!p) {
                    snprintf(why, why_len, "out of memory");
                    rc = -1;
                    break;
                }
                list = p;
            }
            struct rfl_sass_counts *c = &list[count++];
            memset(c, 0, sizeof *c);
            fn += strlen("Function : ");
            size_t k = 0;
            while (fn[k] && !isspace((unsigned char)fn[k]) && k + 1 < sizeof c->function) {
                c->function[k] = fn[k];
                k++;
            }
            c->function[k] = '\0';
            open = 1;
            continue;
        }
        if (!open)
            continue;
        char name[64];
        if (label_definition(line, name, sizeof name)) {
            int li = find_label(&f, name, 1);
            if (li < 0) {
                snprintf(why, why_len, "out of memory");
                rc = -1;
                break;
            }
            if (f.npending < (int)(sizeof f.pending / sizeof f.pending[0]))
                f.pending[f.npending++] = li;
            continue;
        }
        if (instruction_line(&f, line) < 0) {
            snprintf(why, why_len, "out of memory");
            rc = -1;
            break;
        }
    }
    if (rc == 0 && open)
        finish(&f, &list[count - 1]);
    free(line);
    free(f.insns);
    free(f.labels);
    if (rc == 0 && ferror(in)) {
        snprintf(why, why_len, "read error");
        rc = -1;
    }
    if (rc == 0 && count == 0) {
        snprintf(why, why_len, "no \"Function : NAME\" line: not a cuobjdump -sass listing");
        rc = -1;
    }
    if (rc != 0) {
        free(list);
        return -1;
    }
    *out = list;
    *n = count;
    return 0;
}
