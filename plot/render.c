/* rfl plot: every chart of the chart table that applies, as a gnuplot
 * script, rendered to PNG when gnuplot is there. */
#include "config.h"
#include "plot.h"
#include "common/interrupt.h"
#include "common/log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---------------------------------------------------------------------------
 * Rendering
 * ------------------------------------------------------------------------- */

const char *rfl_gnuplot_path(char *buf, size_t len)
{
    const char *env = getenv("GNUPLOT");
    if (env && *env && strchr(env, '/'))
        return access(env, X_OK) == 0 ? env : NULL;
    const char *name = env && *env ? env : "gnuplot";
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        char cand[4096];
        if (n && (size_t)snprintf(cand, sizeof cand, "%.*s/%s", (int)n, p, name) < sizeof cand &&
            access(cand, X_OK) == 0 && strlen(cand) < len) {
            memcpy(buf, cand, strlen(cand) + 1);
            return buf;
        }
        p += n + (p[n] == ':');
    }
    return NULL;
}

/* gnuplot writes the PNG in a scratch folder of the run directory; it is
 * renamed into place only when gnuplot succeeded, so an interrupted or
 * failed rendering leaves no half-written PNG. */
static int render(const char *gnuplot, const char *dir, const char *base)
{
    char scratch[2048], gp[2100], png[4200], made[4200];
    if (rfl_interrupted()) { /* rfl run had a signal: no new gnuplot */
        rfl_error("%s/%s.gp: not rendered: interrupted", dir, base);
        return -1;
    }
    snprintf(scratch, sizeof scratch, "%s/.render-XXXXXX", dir);
    if (!mkdtemp(scratch)) {
        rfl_error("%s: cannot make a scratch folder: %s", dir, strerror(errno));
        return -1;
    }
    snprintf(gp, sizeof gp, "../%s.gp", base);
    snprintf(png, sizeof png, "%s/%s.png", dir, base);
    snprintf(made, sizeof made, "%s/%s.png", scratch, base);
    /* gnuplot dies with rfl and gets rfl run's first signal (interrupt.h) */
    pid_t pid = rfl_interrupt_fork(0);
    if (pid < 0) {
        rfl_error("cannot start gnuplot: %s", strerror(errno));
        rmdir(scratch);
        return -1;
    }
    if (pid == 0) {
        if (chdir(scratch) != 0)
            _exit(127);
        int fd = open("/dev/null", O_RDONLY);
        if (fd >= 0) {
            dup2(fd, STDIN_FILENO);
            close(fd);
        }
        execl(gnuplot, gnuplot, gp, (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = 127 << 8;
            break;
        }
    rfl_interrupt_forget_child();
    struct stat st;
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && stat(made, &st) == 0 && st.st_size > 0 &&
             rename(made, png) == 0;
    unlink(made);
    rmdir(scratch);
    if (!ok) {
        rfl_error("%s/%s.gp: gnuplot failed (exit %d); the script is kept", dir, base,
                  WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
        return -1;
    }
    return 0;
}

int rfl_plot_write(const struct rfl_model *m, const char *dir, int do_render, int *rendered)
{
    char names[32][64];
    size_t n = 0;
    for (size_t i = 0; i < rfl_plot_ncharts && n < sizeof names / sizeof names[0]; i++) {
        const struct rfl_plot_chart *k = &rfl_plot_charts[i];
        if (!k->applies(m))
            continue;
        char gp[2048];
        rfl_plot_chart_name(k, m, names[n], sizeof names[0]);
        snprintf(gp, sizeof gp, "%s/%s.gp", dir, names[n]);
        /* A GPU chart with nothing to draw writes no script: remove a stale one. */
        if (k->gpu)
            remove(gp);
        if (k->write(m, dir) != 0)
            return RFL_PLOT_FAILED;
        FILE *f = k->gpu ? fopen(gp, "r") : NULL;
        if (f)
            fclose(f);
        if (!k->gpu || f)
            n++;
    }
    for (size_t i = 0; i < n; i++)
        rfl_info("wrote %s/%s.gp", dir, names[i]);
    *rendered = 0;
    if (!do_render)
        return RFL_PLOT_OK;
    char buf[1024];
    const char *gnuplot = rfl_gnuplot_path(buf, sizeof buf);
    if (!gnuplot) {
        rfl_warn("gnuplot not found (set GNUPLOT or install gnuplot-nox): PNGs skipped, the .gp scripts are in %s",
                 dir);
        return RFL_PLOT_NO_GNUPLOT;
    }
    for (size_t i = 0; i < n; i++) {
        if (render(gnuplot, dir, names[i]) != 0)
            return RFL_PLOT_FAILED;
        rfl_info("wrote %s/%s.png", dir, names[i]);
        (*rendered)++;
    }
    return RFL_PLOT_OK;
}
