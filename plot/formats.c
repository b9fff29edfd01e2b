/* The chart formats and each one's terminal lines in a script: apart from
 * render.c, so the script writers (chart.c) need no chart table. */
#include "config.h"
#include "plot.h"
#include "chart.h"
#include "common/csv.h"

#include <stdio.h>

const char *const rfl_plot_format_names[] = RFL_PLOT_FORMAT_NAMES;

const struct rfl_plot_format rfl_plot_formats[RFL_PLOT_NFORMATS] = {
    {"png", "PNG", "pngcairo"}, {"pdf", "PDF", "pdfcairo"}, {"svg", "SVG", "svg"}};

/* A process-wide setting rather than an argument: the two dozen chart
 * writers reach rfl_chart_open through their own signatures, and only the
 * terminal lines depend on the formats. */
static unsigned script_formats = RFL_PLOT_PNG;

void rfl_plot_script_formats(unsigned f) { script_formats = f; }

/* Label placement (chart.c) measures text, lines and markers in PNG pixels,
 * so each vector terminal is set to draw the same picture: pngcairo draws a
 * font point as 4/3 px (pango at 96 dpi), a line width of 1 as 1 px and a
 * point size of 1 as about 6 px. pdfcairo at 100 px an inch is 0.72 pt a
 * pixel: fonts x0.72, lines x1.44 (its line width 1 is 0.5 pt), markers
 * x0.75. svg writes a font point as 1 px and a point size of 1 as 8.25 px
 * whatever its size, so its canvas is 4/3 of the PNG's with fonts x16/9
 * and lines x4/3: the PNG scaled by 4/3. */
static void terminal_of(int f, double width, double height, char *buf, size_t len)
{
    char w[32], h[32];
    if (f == 1) {
        rfl_format_double(w, sizeof w, "%.4g", width / 100);
        rfl_format_double(h, sizeof h, "%.4g", height / 100);
        snprintf(buf, len,
                 "pdfcairo size %sin,%sin font \"sans,11\" fontscale 0.72 linewidth 1.44 pointscale 0.75 noenhanced", w,
                 h);
    } else if (f == 2) {
        snprintf(buf, len,
                 "svg size %.0f,%.0f fixed font \"sans,11\" fontscale 1.7778 linewidth 1.3333 background \"white\" "
                 "noenhanced",
                 width * 4 / 3, height * 4 / 3);
    } else {
        snprintf(buf, len, "pngcairo size %.0f,%.0f font \"sans,11\" noenhanced", width, height);
    }
}

void rfl_plot_terminal(struct rfl_chart *c, const char *base, double width, double height)
{
    char file[RFL_PLOT_NFORMATS][256], term[256];
    for (int f = 0; f < RFL_PLOT_NFORMATS; f++)
        snprintf(file[f], sizeof file[f], "%s.%s", base, rfl_plot_formats[f].ext);
    terminal_of(0, width, height, term, sizeof term);
    if (!(script_formats & ~RFL_PLOT_PNG)) { /* PNG alone: the script as it always was */
        rfl_chart_printf(c, "set terminal %s\nset output %s\n", term, rfl_chart_literal(c, file[0]));
        return;
    }
    /* One script draws every format, one gnuplot run each: multiplot charts
     * cannot be replotted on a second terminal in gnuplot 5. */
    const int both = (script_formats & RFL_PLOT_PDF) && (script_formats & RFL_PLOT_SVG);
    const struct rfl_plot_format *first = &rfl_plot_formats[script_formats & RFL_PLOT_PDF ? 1 : 2];
    char gp[256];
    snprintf(gp, sizeof gp, "%s.gp", base);
    rfl_chart_printf(c, "# Also %s: gnuplot -e \"rfl_format='%s'\" %s draws %s%s.\n", both ? "PDF and SVG" : first->name,
                     first->ext, rfl_chart_literal(c, gp), rfl_chart_literal(c, file[first - rfl_plot_formats]),
                     both ? " (likewise 'svg')" : "");
    rfl_chart_printf(c, "if (!exists(\"rfl_format\")) { rfl_format = 'png' }\n");
    int open = 0; /* gnuplot 5 has no `else if`: each test nests in the else before */
    for (int f = 1; f < RFL_PLOT_NFORMATS; f++)
        if (script_formats >> f & 1) {
            char t[256];
            terminal_of(f, width, height, t, sizeof t);
            rfl_chart_printf(c, "if (rfl_format eq '%s') {\n    set terminal %s\n} else {\n", rfl_plot_formats[f].ext,
                             t);
            open++;
        }
    rfl_chart_printf(c, "    set terminal %s\n", term);
    while (open--)
        rfl_chart_printf(c, "}\n");
    rfl_chart_printf(c, "set output (");
    for (int f = 1; f < RFL_PLOT_NFORMATS; f++)
        if (script_formats >> f & 1)
            rfl_chart_printf(c, "rfl_format eq '%s' ? %s : ", rfl_plot_formats[f].ext, rfl_chart_literal(c, file[f]));
    rfl_chart_printf(c, "%s)\n", rfl_chart_literal(c, file[0]));
}
