#include "config.h"
#include "chart.h"
#include "chart_index.h"
#include "plot.h"
#include "common/afile.h"
#include "common/csv.h"
#include "common/interrupt.h"
#include "common/utf8.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* pngcairo draws a font of P points about 0.83 P pixels per character
 * (measured on DejaVu Sans, mixed text) and 1.4 P pixels tall. */
#define CHAR_PX_PER_PT 0.83
#define HALF_HEIGHT_PX_PER_PT 0.72
#define LABEL_GAP_PX 3.0
/* Notes: a smaller font, one row along the bottom edge of the canvas. */
#define NOTE_PT 8
#define NOTE_ROW_Y_PX 9.0
/* Candidates a chart may spend on labels placed away from their point or
 * line: with thousands of crowded points, most find no place at all. */
#define FAR_BUDGET 200000

/* Characters, not bytes: a label's width. */
static size_t glyphs(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

static struct rfl_box text_box_pt(const char *text, double pt);
static void record_box(struct rfl_chart *c, struct rfl_box b, const char *text);

const char *rfl_chart_literal(struct rfl_chart *c, const char *text)
{
    if (!text)
        text = "";
    /* Worst cases: a quote is 10 bytes ('."\047".'), an invalid byte 3. */
    size_t len = strlen(text);
    char *out = len < ((size_t)-1 - 3) / 10 ? malloc(10 * len + 3) : NULL;
    if (out && c->ntexts == c->texts_cap) {
        size_t cap = c->texts_cap ? 2 * c->texts_cap : 32;
        char **more = realloc(c->texts, cap * sizeof *more);
        if (more) {
            c->texts = more;
            c->texts_cap = cap;
        } else {
            free(out);
            out = NULL;
        }
    }
    if (!out) {
        c->failed = 1;
        return "''";
    }
    size_t o = 0;
    out[o++] = '\'';
    for (const char *p = text; *p;) {
        unsigned char b = (unsigned char)*p;
        size_t n = rfl_utf8_seq(p);
        if (!n) { /* not UTF-8 */
            memcpy(out + o, RFL_UTF8_REPLACEMENT, 3);
            o += 3;
            p++;
        } else if (b == '\n' || b == '\t' || b == '\r') {
            out[o++] = ' ';
            p++;
        } else if (b < 0x20 || b == 0x7f) {
            p++;
        } else if (b == '\'') {
            memcpy(out + o, "'.\"\\047\".'", 10);
            o += 10;
            p++;
        } else {
            memcpy(out + o, p, n);
            o += n;
            p += n;
        }
    }
    out[o++] = '\'';
    out[o] = '\0';
    c->texts[c->ntexts++] = out;
    return out;
}

static void free_texts(struct rfl_chart *c)
{
    for (size_t i = 0; i < c->ntexts; i++)
        free(c->texts[i]);
    free(c->texts);
    c->texts = NULL;
    c->ntexts = c->texts_cap = 0;
}

void rfl_chart_printf(struct rfl_chart *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(c->f, fmt, ap);
    va_end(ap);
}

const char *rfl_chart_num(char *buf, size_t len, double v)
{
    double a = fabs(v);
    rfl_format_double(buf, len, a >= 1000 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g", v);
    return buf;
}

/* Data coordinates in scripts: enough digits to land on the pixel. */
static const char *coord(char *buf, size_t len, double v)
{
    rfl_format_double(buf, len, "%.7g", v);
    return buf;
}

/* The terminal and output lines: PNG alone, or every format asked, one run of the script each. */
static void terminal(struct rfl_chart *c, const char *base, double width, double height)
{
    const unsigned formats = rfl_plot_script_format_mask();
    char file[RFL_PLOT_NFORMATS][256], term[256];
    for (int f = 0; f < RFL_PLOT_NFORMATS; f++)
        snprintf(file[f], sizeof file[f], "%s.%s", base, rfl_plot_formats[f].ext);
    rfl_plot_terminal_of(0, width, height, term, sizeof term);
    if (!(formats & ~RFL_PLOT_PNG)) { /* PNG alone: the script as it always was */
        rfl_chart_printf(c, "set terminal %s\nset output %s\n", term, rfl_chart_literal(c, file[0]));
        return;
    }
    /* One script draws every format, one gnuplot run each: multiplot charts
     * cannot be replotted on a second terminal in gnuplot 5. */
    const int both = (formats & RFL_PLOT_PDF) && (formats & RFL_PLOT_SVG);
    const struct rfl_plot_format *first = &rfl_plot_formats[formats & RFL_PLOT_PDF ? 1 : 2];
    char gp[256];
    snprintf(gp, sizeof gp, "%s.gp", base);
    rfl_chart_printf(c, "# Also %s: gnuplot -e \"rfl_format='%s'\" %s draws %s%s.\n", both ? "PDF and SVG" : first->name,
                     first->ext, rfl_chart_literal(c, gp), rfl_chart_literal(c, file[first - rfl_plot_formats]),
                     both ? " (likewise 'svg')" : "");
    rfl_chart_printf(c, "if (!exists(\"rfl_format\")) { rfl_format = 'png' }\n");
    int open = 0; /* gnuplot 5 has no `else if`: each test nests in the else before */
    for (int f = 1; f < RFL_PLOT_NFORMATS; f++)
        if (formats >> f & 1) {
            char t[256];
            rfl_plot_terminal_of(f, width, height, t, sizeof t);
            rfl_chart_printf(c, "if (rfl_format eq '%s') {\n    set terminal %s\n} else {\n", rfl_plot_formats[f].ext,
                             t);
            open++;
        }
    rfl_chart_printf(c, "    set terminal %s\n", term);
    while (open--)
        rfl_chart_printf(c, "}\n");
    rfl_chart_printf(c, "set output (");
    for (int f = 1; f < RFL_PLOT_NFORMATS; f++)
        if (formats >> f & 1)
            rfl_chart_printf(c, "rfl_format eq '%s' ? %s : ", rfl_plot_formats[f].ext, rfl_chart_literal(c, file[f]));
    rfl_chart_printf(c, "%s)\n", rfl_chart_literal(c, file[0]));
}

int rfl_chart_open(struct rfl_chart *c, const char *base, double width, double height)
{
    memset(c, 0, sizeof *c);
    c->f = open_memstream(&c->text, &c->len);
    if (!c->f)
        return -1;
    c->width = width;
    c->height = height;
    c->font_pt = 10;
    c->far_budget = FAR_BUDGET;
    c->note_x = 6;
    c->note_end = width - 6;
    char gp[256];
    snprintf(gp, sizeof gp, "%s.gp", base);
    rfl_chart_printf(c, "# Written by rfl plot; render with: gnuplot %s (in this directory).\n",
                     rfl_chart_literal(c, gp));
    rfl_chart_printf(c, "# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.\n");
    terminal(c, base, width, height);
    rfl_chart_printf(c, "set encoding utf8\n");
    return 0;
}

int rfl_chart_begin(struct rfl_chart *c, const char *base, double width, double height, double left, double right,
                    double bottom, double top, const char *title, const char *corner)
{
    if (rfl_chart_open(c, base, width, height) != 0)
        return -1;
    c->left = left;
    c->right = right;
    c->bottom = bottom;
    c->top = top;
    char b1[32], b2[32], b3[32], b4[32];
    rfl_chart_printf(c, "set lmargin at screen %s\nset rmargin at screen %s\n", coord(b1, sizeof b1, left),
                     coord(b2, sizeof b2, right));
    rfl_chart_printf(c, "set bmargin at screen %s\nset tmargin at screen %s\n", coord(b3, sizeof b3, bottom),
                     coord(b4, sizeof b4, top));
    rfl_chart_printf(c, "set logscale xy\n");
    rfl_chart_printf(c, "set grid xtics ytics mxtics mytics lc rgb \"#e4e4e4\" lw 1, lc rgb \"#f2f2f2\" lw 1\n");
    rfl_chart_printf(c, "set border lc rgb \"#404040\"\n");
    rfl_chart_printf(c, "set title %s font \"sans,14\"\n", rfl_chart_literal(c, title));
    rfl_chart_printf(c, "set label 1000 %s at screen 0.995,0.012 right font \"sans,9\" textcolor rgb \"#707070\"\n",
                     rfl_chart_literal(c, corner));
    /* The notes' row ends before the corner note. */
    struct rfl_box b = text_box_pt(corner ? corner : "", 9);
    b.cx = 0.995 * width - b.hw;
    b.cy = 0.012 * height;
    record_box(c, b, corner ? corner : "");
    c->note_end = b.cx - b.hw - 12;
    return 0;
}

void rfl_chart_bound_axis(double *lo, double *hi)
{
    /* fmax/fmin pick the bound when a value is NaN. */
    double l = fmin(fmax(*lo, RFL_CHART_AXIS_MIN), RFL_CHART_AXIS_MAX);
    double h = fmin(fmax(*hi, RFL_CHART_AXIS_MIN), RFL_CHART_AXIS_MAX);
    if (!(h > l)) {
        if (l * 16 <= RFL_CHART_AXIS_MAX)
            h = l * 16;
        else
            l = h / 16;
    }
    *lo = l;
    *hi = h;
}

void rfl_chart_ranges(struct rfl_chart *c, double xmin, double xmax, double ymin, double ymax)
{
    char a[32], b[32], d[32], e[32];
    rfl_chart_bound_axis(&xmin, &xmax);
    rfl_chart_bound_axis(&ymin, &ymax);
    c->xmin = xmin;
    c->xmax = xmax;
    c->ymin = ymin;
    c->ymax = ymax;
    rfl_chart_printf(c, "set xrange [%s:%s]\nset yrange [%s:%s]\n", coord(a, sizeof a, xmin),
                     coord(b, sizeof b, xmax), coord(d, sizeof d, ymin), coord(e, sizeof e, ymax));
}

double rfl_chart_px(const struct rfl_chart *c, double x)
{
    double x0 = c->left * c->width, x1 = c->right * c->width;
    return x0 + (log(x) - log(c->xmin)) / (log(c->xmax) - log(c->xmin)) * (x1 - x0);
}

double rfl_chart_py(const struct rfl_chart *c, double y)
{
    double y0 = c->bottom * c->height, y1 = c->top * c->height;
    return y0 + (log(y) - log(c->ymin)) / (log(c->ymax) - log(c->ymin)) * (y1 - y0);
}

static double data_x(const struct rfl_chart *c, double px)
{
    double x0 = c->left * c->width, x1 = c->right * c->width;
    return exp(log(c->xmin) + (px - x0) / (x1 - x0) * (log(c->xmax) - log(c->xmin)));
}

static double data_y(const struct rfl_chart *c, double py)
{
    double y0 = c->bottom * c->height, y1 = c->top * c->height;
    return exp(log(c->ymin) + (py - y0) / (y1 - y0) * (log(c->ymax) - log(c->ymin)));
}

static void add_box(struct rfl_chart *c, struct rfl_box b, int hard)
{
    if (!c->index && !(c->index = rfl_chart_index_new(c->width, c->height))) {
        c->failed = 1; /* placement without the index could overlap: no chart */
        return;
    }
    if (c->nboxes == c->cap_boxes) {
        size_t cap = c->cap_boxes ? 2 * c->cap_boxes : 256;
        struct rfl_box *more = realloc(c->boxes, cap * sizeof *more);
        if (!more) {
            c->failed = 1;
            return;
        }
        c->boxes = more;
        c->cap_boxes = cap;
    }
    c->boxes[c->nboxes] = b;
    if (rfl_chart_index_add(c->index, c->boxes, c->nboxes, hard) != 0)
        c->failed = 1;
    c->nboxes++;
}

/* "# box CX CY HW HH ANGLE 'text'" (chart.h), and the box as a hard obstacle. */
static void record_box(struct rfl_chart *c, struct rfl_box b, const char *text)
{
    char v[5][32];
    double deg = b.angle * 180.0 / M_PI;
    rfl_format_double(v[0], sizeof v[0], "%.2f", b.cx);
    rfl_format_double(v[1], sizeof v[1], "%.2f", b.cy);
    rfl_format_double(v[2], sizeof v[2], "%.2f", b.hw);
    rfl_format_double(v[3], sizeof v[3], "%.2f", b.hh);
    rfl_format_double(v[4], sizeof v[4], "%.2f", fabs(deg) < 0.005 ? 0.0 : deg);
    rfl_chart_printf(c, "# box %s %s %s %s %s %s\n", v[0], v[1], v[2], v[3], v[4], rfl_chart_literal(c, text));
    add_box(c, b, 1);
}

void rfl_chart_add_box(struct rfl_chart *c, struct rfl_box b) { record_box(c, b, "(key)"); }

static int inside(const struct rfl_chart *c, const struct rfl_box *b)
{
    double x0 = c->left * c->width + 2, x1 = c->right * c->width - 2;
    double y0 = c->bottom * c->height + 2, y1 = c->top * c->height - 2;
    double ca = cos(b->angle), sa = sin(b->angle);
    for (int i = 0; i < 4; i++) {
        double u = (i & 1) ? b->hw : -b->hw, v = (i & 2) ? b->hh : -b->hh;
        double x = b->cx + u * ca - v * sa, y = b->cy + u * sa + v * ca;
        if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1)) /* NaN: outside */
            return 0;
    }
    return 1;
}

/* A candidate place: FREE, OVER_LINES (it covers lines or markers only) or
 * TAKEN (a label, a key, or off the plot). */
enum { FREE, OVER_LINES, TAKEN };

static int judge(struct rfl_chart *c, const struct rfl_box *b, size_t *soft)
{
    *soft = 0;
    if (!inside(c, b))
        return TAKEN;
    if (!c->index)
        return FREE;
    if (rfl_chart_index_hits(c->index, c->boxes, b, soft, 1))
        return TAKEN;
    return *soft ? OVER_LINES : FREE;
}

/* A signal ends placement; the chart then fails and is not written. */
static int stopped(struct rfl_chart *c)
{
    if (rfl_interrupted())
        c->failed = 1;
    return c->failed;
}

void rfl_chart_block_line(struct rfl_chart *c, double x0, double y0, double x1, double y1)
{
    double px0 = rfl_chart_px(c, x0), py0 = rfl_chart_py(c, y0);
    double px1 = rfl_chart_px(c, x1), py1 = rfl_chart_py(c, y1);
    double len = hypot(px1 - px0, py1 - py0);
    add_box(c, (struct rfl_box){0.5 * (px0 + px1), 0.5 * (py0 + py1), 0.5 * len, 1.5, atan2(py1 - py0, px1 - px0)},
            0);
}

void rfl_chart_block_point(struct rfl_chart *c, double x, double y, double radius_px)
{
    add_box(c, (struct rfl_box){rfl_chart_px(c, x), rfl_chart_py(c, y), radius_px, radius_px, 0}, 0);
}

static void emit_label(struct rfl_chart *c, const char *text, const char *color, const struct rfl_box *b)
{
    char bx[32], by[32], ang[32];
    /* A label placed off a finite axis (a point far outside the chart)
     * would read "inf" in the script: it is left out. */
    if (!isfinite(data_x(c, b->cx)) || !isfinite(data_y(c, b->cy)) || !isfinite(b->angle))
        return;
    double deg = b->angle * 180.0 / M_PI;
    rfl_format_double(ang, sizeof ang, "%.2f", fabs(deg) < 0.005 ? 0.0 : deg);
    record_box(c, *b, text);
    rfl_chart_printf(c, "set label %d %s at %s,%s center rotate by %s front textcolor rgb \"%s\" font \"sans,%g\"\n",
                     ++c->nlabels, rfl_chart_literal(c, text), coord(bx, sizeof bx, data_x(c, b->cx)),
                     coord(by, sizeof by, data_y(c, b->cy)), ang, color, c->font_pt);
}

static struct rfl_box text_box_pt(const char *text, double pt)
{
    struct rfl_box b = {0, 0, 0.5 * (double)glyphs(text) * CHAR_PX_PER_PT * pt + 2, HALF_HEIGHT_PX_PER_PT * pt,
                        0};
    return b;
}

static struct rfl_box text_box(const struct rfl_chart *c, const char *text) { return text_box_pt(text, c->font_pt); }

/* Away from its place: the label horizontal on rings around (ax, ay), the
 * nearest spot free or over one line (else the nearest over lines only),
 * joined to it by a thin leader. From the chart's budget of candidates, so
 * thousands of crowded points cannot make placement slow. */
static int place_far(struct rfl_chart *c, const char *text, const char *color, double ax, double ay)
{
    struct rfl_box b = text_box(c, text), spare = b;
    int have_spare = 0;
    for (double r = 24; r <= 360 && c->far_budget > 0; r += 12) {
        int n = (int)fmin(48, fmax(12, r / 8));
        for (int k = 0; k < n && c->far_budget > 0; k++, c->far_budget--) {
            double th = 2 * M_PI * k / n;
            b.cx = ax + cos(th) * (r + b.hw);
            b.cy = ay + sin(th) * (r + b.hh);
            size_t soft;
            int j = judge(c, &b, &soft);
            /* Over one line near the point beats a long leader across the chart. */
            if (j == FREE || (j == OVER_LINES && soft <= 1))
                goto found;
            if (j == OVER_LINES && !have_spare)
                spare = b, have_spare = 1;
        }
    }
    if (!have_spare)
        return -1;
    b = spare;
found:;
    /* From the box's edge towards the point. */
    double dx = ax - b.cx, dy = ay - b.cy;
    double f = fmin(fabs(dx) > 0 ? b.hw / fabs(dx) : INFINITY, fabs(dy) > 0 ? b.hh / fabs(dy) : INFINITY);
    double ex = b.cx + dx * fmin(f, 1), ey = b.cy + dy * fmin(f, 1);
    char s[4][32];
    if (!isfinite(data_x(c, ex)) || !isfinite(data_y(c, ey)) || !isfinite(data_x(c, ax)) || !isfinite(data_y(c, ay)))
        return -1;
    emit_label(c, text, color, &b);
    rfl_chart_printf(c, "set arrow from %s,%s to %s,%s nohead lw 0.6 lc rgb \"%s\" front\n",
                     coord(s[0], sizeof s[0], data_x(c, ex)), coord(s[1], sizeof s[1], data_y(c, ey)),
                     coord(s[2], sizeof s[2], data_x(c, ax)), coord(s[3], sizeof s[3], data_y(c, ay)), color);
    add_box(c, (struct rfl_box){0.5 * (ex + ax), 0.5 * (ey + ay), 0.5 * hypot(ax - ex, ay - ey), 0.5, atan2(ay - ey, ax - ex)},
            0);
    return 0;
}

/* The last resort: "[n] text" in the row below the chart (or, that full, a
 * free spot of the plot), and "[n]" at the label's place if one is free.
 * `tag` places the marker (a small label: it fits where the text did not). */
static int place_note(struct rfl_chart *c, const char *text, const char *color,
                      int (*tag)(struct rfl_chart *c, const char *t, const char *color, const void *where),
                      const void *where)
{
    char num[16];
    snprintf(num, sizeof num, "[%d]", c->nnotes + 1);
    size_t len = strlen(num) + 1 + strlen(text) + 1;
    char *line = malloc(len);
    if (!line) {
        c->failed = 1;
        return -1;
    }
    snprintf(line, len, "%s %s", num, text);
    struct rfl_box b = text_box_pt(line, NOTE_PT);
    int placed = 0;
    if (c->note_x + 2 * b.hw <= c->note_end) {
        b.cx = c->note_x + b.hw;
        b.cy = NOTE_ROW_Y_PX;
        size_t soft;
        if (!c->index || !rfl_chart_index_hits(c->index, c->boxes, &b, &soft, 1)) {
            char sx[32], sy[32];
            record_box(c, b, line);
            rfl_chart_printf(c, "set label %d %s at screen %s,%s center front textcolor rgb \"%s\" font \"sans,%g\"\n",
                             ++c->nlabels, rfl_chart_literal(c, line), coord(sx, sizeof sx, b.cx / c->width),
                             coord(sy, sizeof sy, b.cy / c->height), color, (double)NOTE_PT);
            c->note_x += 2 * b.hw + 6;
            placed = 1;
        }
    }
    /* A free spot of the plot, scanned from its top right: bounded tries. */
    for (double y = c->top * c->height - b.hh - 4; !placed && y > c->bottom * c->height && c->far_budget > 0; y -= 12)
        for (double x = c->right * c->width - b.hw - 4; x > c->left * c->width && c->far_budget > 0; x -= 16) {
            c->far_budget--;
            b.cx = x, b.cy = y;
            size_t soft;
            if (judge(c, &b, &soft) == FREE) {
                double keep = c->font_pt;
                c->font_pt = NOTE_PT;
                emit_label(c, line, color, &b);
                c->font_pt = keep;
                placed = 1;
                break;
            }
        }
    if (placed) {
        c->nnotes++;
        tag(c, num, color, where);
    } else {
        rfl_chart_printf(c, "# not placed (no free spot): %s\n", rfl_chart_literal(c, text));
    }
    free(line);
    return placed ? 1 : -1;
}

struct line_at {
    double x0, y0, x1, y1, from, to;
};

/* One candidate place b of a label: taken when free (1); else, where it
 * only crosses lines and fewer than the spare so far (*least), it becomes
 * the spare (0). */
static int try_place(struct rfl_chart *c, const char *text, const char *color, const struct rfl_box *b, size_t *least,
                     struct rfl_box *spare)
{
    size_t soft;
    const int j = judge(c, b, &soft);
    if (j == FREE) {
        emit_label(c, text, color, b);
        return 1;
    }
    if (j == OVER_LINES && soft < *least)
        *least = soft, *spare = *b;
    return 0;
}

/* Beside the line, parallel to it: along it from `from` to `to`, above and
 * then below; pass 0 keeps within the segment, later passes may run past
 * its ends and sit further out. A free place is taken before one over
 * lines, and one over lines close to the line before any further out. */
static int place_line(struct rfl_chart *c, const char *text, const char *color, const struct line_at *w)
{
    double px0 = rfl_chart_px(c, w->x0), py0 = rfl_chart_py(c, w->y0);
    double px1 = rfl_chart_px(c, w->x1), py1 = rfl_chart_py(c, w->y1);
    double len = hypot(px1 - px0, py1 - py0), a = atan2(py1 - py0, px1 - px0);
    struct rfl_box b = text_box(c, text), spare = b;
    b.angle = a;
    size_t least = (size_t)-1;
    /* to = NaN: outwards from `from` both ways, nearest first. */
    int both = isnan(w->to);
    double from = w->from, step = both || w->to >= from ? 0.025 : -0.025;
    int nsteps = both ? 2 * (int)(fmax(from, 1 - from) / 0.025) + 1 : (int)floor(fabs(w->to - from) / 0.025 + 1e-9) + 1;
    static const double offsets[] = {1.0, 1.0, 2.4, 4.0, 6.0};
    for (int pass = 0; pass < 5; pass++) {
        /* Over a line beside its own reads better than free but far from it. */
        if (pass == 3 && least != (size_t)-1)
            break;
        for (int side = 0; side < 2; side++) /* 0: above (left of the direction), 1: below */
            for (int i = 0; i < nsteps; i++) {
                double t = both ? from + step * ((i + 1) / 2) * (i % 2 ? 1 : -1) : from + step * i;
                if (t < -1e-9 || t > 1 + 1e-9)
                    continue;
                double along = t * len;
                if (pass == 0 && (along - b.hw < 0 || along + b.hw > len))
                    continue;
                double off = (b.hh + LABEL_GAP_PX) * offsets[pass] * (side ? -1 : 1);
                b.cx = px0 + t * (px1 - px0) - sin(a) * off;
                b.cy = py0 + t * (py1 - py0) + cos(a) * off;
                if (try_place(c, text, color, &b, &least, &spare))
                    return 0;
            }
    }
    if (least != (size_t)-1) {
        emit_label(c, text, color, &spare);
        return 0;
    }
    return -1;
}

/* The anchor of a line's label placed away: at `from` along it, clamped to the plot. */
static void line_anchor(const struct rfl_chart *c, const struct line_at *w, double *ax, double *ay)
{
    double t = fmin(fmax(w->from, 0), 1);
    double px0 = rfl_chart_px(c, w->x0), py0 = rfl_chart_py(c, w->y0);
    double px1 = rfl_chart_px(c, w->x1), py1 = rfl_chart_py(c, w->y1);
    *ax = fmin(fmax(px0 + t * (px1 - px0), c->left * c->width), c->right * c->width);
    *ay = fmin(fmax(py0 + t * (py1 - py0), c->bottom * c->height), c->top * c->height);
}

static int tag_line(struct rfl_chart *c, const char *t, const char *color, const void *where)
{
    if (place_line(c, t, color, where) == 0)
        return 0;
    double ax, ay;
    line_anchor(c, where, &ax, &ay);
    return place_far(c, t, color, ax, ay);
}

int rfl_chart_label_line(struct rfl_chart *c, const char *text, const char *color, double x0, double y0, double x1,
                         double y1, double from, double to)
{
    if (stopped(c))
        return -1;
    struct line_at w = {x0, y0, x1, y1, from, to};
    if (place_line(c, text, color, &w) == 0)
        return 0;
    double ax, ay;
    line_anchor(c, &w, &ax, &ay);
    if (place_far(c, text, color, ax, ay) == 0)
        return 1;
    return place_note(c, text, color, tag_line, &w);
}

struct point_at {
    double px, py;
};

/* Right, left, above, below, then the diagonals; on three rings. */
static int place_point(struct rfl_chart *c, const char *text, const char *color, const struct point_at *p)
{
    struct rfl_box b = text_box(c, text), spare = b;
    const double r = 6;
    static const double dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    size_t least = (size_t)-1;
    for (int ring = 0; ring < 3; ring++)
        for (int d = 0; d < 8; d++) {
            double extra = ring * 10.0;
            b.cx = dirs[d][0] ? p->px + dirs[d][0] * (r + b.hw + extra) : p->px;
            b.cy = p->py + dirs[d][1] * (r + b.hh + extra);
            if (try_place(c, text, color, &b, &least, &spare))
                return 0;
        }
    /* Over one line beside the point reads better than a leader. */
    if (least <= 1) {
        emit_label(c, text, color, &spare);
        return 0;
    }
    return -1;
}

static int tag_point(struct rfl_chart *c, const char *t, const char *color, const void *where)
{
    const struct point_at *p = where;
    return place_point(c, t, color, p) == 0 ? 0 : place_far(c, t, color, p->px, p->py);
}

int rfl_chart_label_point(struct rfl_chart *c, const char *text, const char *color, double x, double y)
{
    if (stopped(c))
        return -1;
    struct point_at p = {rfl_chart_px(c, x), rfl_chart_py(c, y)};
    if (!isfinite(p.px) || !isfinite(p.py))
        return -1;
    if (place_point(c, text, color, &p) == 0)
        return 0;
    if (place_far(c, text, color, p.px, p.py) == 0)
        return 1;
    return place_note(c, text, color, tag_point, &p);
}

struct vertical_at {
    double x;
    int at_top, side;
};

/* At the end and on the side asked, else the other side, else the other end. */
static int place_vertical(struct rfl_chart *c, const char *text, const char *color, const struct vertical_at *v)
{
    struct rfl_box b = text_box(c, text);
    b.angle = M_PI / 2;
    for (int k = 0; k < 4; k++) {
        int side = k & 1 ? -v->side : v->side, top = k & 2 ? !v->at_top : v->at_top;
        b.cx = rfl_chart_px(c, v->x) + side * (b.hh + LABEL_GAP_PX);
        b.cy = top ? c->top * c->height - 6 - b.hw : c->bottom * c->height + 6 + b.hw;
        size_t soft;
        if (judge(c, &b, &soft) != TAKEN) {
            emit_label(c, text, color, &b);
            return 0;
        }
    }
    return -1;
}

static int tag_vertical(struct rfl_chart *c, const char *t, const char *color, const void *where)
{
    return place_vertical(c, t, color, where);
}

void rfl_chart_label_vertical(struct rfl_chart *c, const char *text, const char *color, double x, int at_top,
                              int side)
{
    if (stopped(c))
        return;
    struct vertical_at v = {x, at_top, side};
    if (place_vertical(c, text, color, &v) != 0)
        place_note(c, text, color, tag_vertical, &v);
}

static void free_boxes(struct rfl_chart *c)
{
    free(c->boxes);
    c->boxes = NULL;
    c->nboxes = c->cap_boxes = 0;
    rfl_chart_index_free(c->index);
    c->index = NULL;
}

int rfl_chart_end(struct rfl_chart *c, const char *gp_path)
{
    int failed = fclose(c->f) != 0 || c->failed;
    c->f = NULL;
    free_texts(c);
    int rc = failed ? -1 : rfl_afile_write_string(gp_path, c->text);
    free(c->text);
    c->text = NULL;
    free_boxes(c);
    return rc;
}

void rfl_chart_discard(struct rfl_chart *c)
{
    if (c->f)
        fclose(c->f);
    c->f = NULL;
    free_texts(c);
    free(c->text);
    c->text = NULL;
    free_boxes(c);
}
