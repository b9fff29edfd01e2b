/* The chart formats and each one's gnuplot terminal: apart from render.c, so
 * the script writers (chart.c, which writes the terminal lines) need no chart
 * table. */
#include "config.h"
#include "plot.h"
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
void rfl_plot_terminal_of(int f, double width, double height, char *buf, size_t len)
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

unsigned rfl_plot_script_format_mask(void) { return script_formats; }
