#include "config.h"
#include "chart.h"
#include "common/afile.h"
#include "common/csv.h"
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

int rfl_chart_open(struct rfl_chart *c, const char *base, double width, double height)
{
    memset(c, 0, sizeof *c);
    c->f = open_memstream(&c->text, &c->len);
    if (!c->f)
        return -1;
    c->width = width;
    c->height = height;
    c->font_pt = 10;
    char gp[256], png[256];
    snprintf(gp, sizeof gp, "%s.gp", base);
    snprintf(png, sizeof png, "%s.png", base);
    rfl_chart_printf(c, "# Written by rfl plot; render with: gnuplot %s (in this directory).\n",
                     rfl_chart_literal(c, gp));
    rfl_chart_printf(c, "# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.\n");
    rfl_chart_printf(c, "set terminal pngcairo size %.0f,%.0f font \"sans,11\" noenhanced\n", width, height);
    rfl_chart_printf(c, "set output %s\n", rfl_chart_literal(c, png));
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

static void add_box(struct rfl_chart *c, struct rfl_box b)
{
    if (c->nboxes == c->cap_boxes) {
        size_t cap = c->cap_boxes ? 2 * c->cap_boxes : 256;
        struct rfl_box *more = realloc(c->boxes, cap * sizeof *more);
        if (!more)
            return; /* out of memory: labels may overlap, nothing else is lost */
        c->boxes = more;
        c->cap_boxes = cap;
    }
    c->boxes[c->nboxes++] = b;
}

void rfl_chart_add_box(struct rfl_chart *c, struct rfl_box b) { add_box(c, b); }

/* Separating-axis test for two oriented rectangles. */
static int overlap(const struct rfl_box *a, const struct rfl_box *b)
{
    double axes[4][2] = {{cos(a->angle), sin(a->angle)},
                         {-sin(a->angle), cos(a->angle)},
                         {cos(b->angle), sin(b->angle)},
                         {-sin(b->angle), cos(b->angle)}};
    double dx = b->cx - a->cx, dy = b->cy - a->cy;
    for (int i = 0; i < 4; i++) {
        double ux = axes[i][0], uy = axes[i][1];
        double ra = a->hw * fabs(cos(a->angle) * ux + sin(a->angle) * uy) +
                    a->hh * fabs(-sin(a->angle) * ux + cos(a->angle) * uy);
        double rb = b->hw * fabs(cos(b->angle) * ux + sin(b->angle) * uy) +
                    b->hh * fabs(-sin(b->angle) * ux + cos(b->angle) * uy);
        if (fabs(dx * ux + dy * uy) > ra + rb)
            return 0;
    }
    return 1;
}

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

static size_t collisions(const struct rfl_chart *c, const struct rfl_box *b)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nboxes; i++)
        n += (size_t)overlap(&c->boxes[i], b);
    return n;
}

void rfl_chart_block_line(struct rfl_chart *c, double x0, double y0, double x1, double y1)
{
    double px0 = rfl_chart_px(c, x0), py0 = rfl_chart_py(c, y0);
    double px1 = rfl_chart_px(c, x1), py1 = rfl_chart_py(c, y1);
    double len = hypot(px1 - px0, py1 - py0);
    add_box(c, (struct rfl_box){0.5 * (px0 + px1), 0.5 * (py0 + py1), 0.5 * len, 1.5, atan2(py1 - py0, px1 - px0)});
}

void rfl_chart_block_point(struct rfl_chart *c, double x, double y, double radius_px)
{
    add_box(c, (struct rfl_box){rfl_chart_px(c, x), rfl_chart_py(c, y), radius_px, radius_px, 0});
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
    rfl_chart_printf(c, "set label %d %s at %s,%s center rotate by %s front textcolor rgb \"%s\" font \"sans,%g\"\n",
                     ++c->nlabels, rfl_chart_literal(c, text), coord(bx, sizeof bx, data_x(c, b->cx)), coord(by, sizeof by, data_y(c, b->cy)),
                     ang, color, c->font_pt);
    add_box(c, *b);
}

static struct rfl_box text_box(const struct rfl_chart *c, const char *text)
{
    struct rfl_box b = {0, 0, 0.5 * (double)strlen(text) * CHAR_PX_PER_PT * c->font_pt + 2,
                        HALF_HEIGHT_PX_PER_PT * c->font_pt, 0};
    return b;
}

int rfl_chart_label_line(struct rfl_chart *c, const char *text, const char *color, double x0, double y0, double x1,
                         double y1, double from, double to)
{
    double px0 = rfl_chart_px(c, x0), py0 = rfl_chart_py(c, y0);
    double px1 = rfl_chart_px(c, x1), py1 = rfl_chart_py(c, y1);
    double len = hypot(px1 - px0, py1 - py0), a = atan2(py1 - py0, px1 - px0);
    struct rfl_box b = text_box(c, text), fallback = b;
    b.angle = a;
    size_t least = (size_t)-1;
    int have_fallback = 0;
    /* to = NaN: outwards from `from` both ways, nearest first. */
    int both = isnan(to);
    double step = both || to >= from ? 0.025 : -0.025;
    int nsteps = both ? 2 * (int)(fmax(from, 1 - from) / 0.025) + 1 : (int)floor(fabs(to - from) / 0.025 + 1e-9) + 1;
    /* Pass 0 keeps the label beside its own segment; later passes let it
     * run past the ends and sit further from the line. */
    static const double offsets[] = {1.0, 1.0, 2.4};
    for (int pass = 0; pass < 3; pass++)
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
                if (!inside(c, &b))
                    continue;
                size_t n = collisions(c, &b);
                if (n == 0) {
                    emit_label(c, text, color, &b);
                    return 0;
                }
                if (n < least) {
                    least = n;
                    fallback = b;
                    have_fallback = 1;
                }
            }
    if (!have_fallback) {
        fallback.angle = a;
        fallback.cx = 0.5 * (px0 + px1) - sin(a) * (b.hh + LABEL_GAP_PX);
        fallback.cy = 0.5 * (py0 + py1) + cos(a) * (b.hh + LABEL_GAP_PX);
    }
    emit_label(c, text, color, &fallback);
    return -1;
}

int rfl_chart_label_point(struct rfl_chart *c, const char *text, const char *color, double x, double y)
{
    double px = rfl_chart_px(c, x), py = rfl_chart_py(c, y);
    struct rfl_box b = text_box(c, text), fallback = b;
    const double r = 6;
    /* right, left, above, below, then the diagonals; twice, the second time further out */
    static const double dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    size_t least = (size_t)-1;
    for (int ring = 0; ring < 3; ring++)
        for (int d = 0; d < 8; d++) {
            double extra = ring * 10.0;
            b.cx = px + dirs[d][0] * (r + b.hw + extra);
            b.cy = py + dirs[d][1] * (r + b.hh + extra);
            if (dirs[d][0] == 0)
                b.cx = px;
            if (!inside(c, &b))
                continue;
            size_t n = collisions(c, &b);
            if (n == 0) {
                emit_label(c, text, color, &b);
                return 0;
            }
            if (n < least) {
                least = n;
                fallback = b;
            }
        }
    if (least == (size_t)-1) {
        fallback.cx = px + r + fallback.hw;
        fallback.cy = py;
    }
    emit_label(c, text, color, &fallback);
    return -1;
}

void rfl_chart_label_vertical(struct rfl_chart *c, const char *text, const char *color, double x, int at_top,
                              int side)
{
    struct rfl_box b = text_box(c, text);
    double px = rfl_chart_px(c, x) + side * (b.hh + LABEL_GAP_PX);
    double py = at_top ? c->top * c->height - 6 : c->bottom * c->height + 6;
    char bx[32], by[32];
    rfl_chart_printf(c, "set label %d %s at %s,%s %s rotate by 90 front textcolor rgb \"%s\" font \"sans,%g\"\n",
                     ++c->nlabels, rfl_chart_literal(c, text), coord(bx, sizeof bx, data_x(c, px)), coord(by, sizeof by, data_y(c, py)),
                     at_top ? "right" : "left", color, c->font_pt);
    add_box(c, (struct rfl_box){px, at_top ? py - b.hw : py + b.hw, b.hw, b.hh, M_PI / 2});
}

int rfl_chart_end(struct rfl_chart *c, const char *gp_path)
{
    int failed = fclose(c->f) != 0 || c->failed;
    c->f = NULL;
    free_texts(c);
    int rc = failed ? -1 : rfl_afile_write_string(gp_path, c->text);
    free(c->text);
    c->text = NULL;
    free(c->boxes);
    c->boxes = NULL;
    c->nboxes = c->cap_boxes = 0;
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
    free(c->boxes);
    c->boxes = NULL;
    c->nboxes = c->cap_boxes = 0;
}
