/* rfl plot: every chart of the chart table that applies, as a gnuplot
 * script, rendered to PNG when gnuplot is there. */
#include "config.h"
#include "plot.h"
#include "common/afile.h"
#include "common/interrupt.h"
#include "common/log.h"
#include "common/which.h"

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
    return rfl_which(env && *env ? env : "gnuplot", NULL, buf, len);
}

/* Whether the PNG at `path` is whole: the signature, and the IEND chunk at
 * its end (a full file system leaves a PNG cut short, however gnuplot
 * exits). */
static int png_whole(const char *path)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static const unsigned char iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    unsigned char head[8], tail[12];
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    int ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 20 && pread(fd, head, 8, 0) == 8 &&
             pread(fd, tail, 12, st.st_size - 12) == 12 && !memcmp(head, sig, 8) && !memcmp(tail, iend, 12);
    close(fd);
    return ok;
}

/* gnuplot runs the staged script (DIR/.BASE.gp.PID.XXXXXX) in a scratch
 * folder of the run directory and writes BASE.png there; a whole PNG is
 * staged for DIR/BASE.png, to be renamed into place with every other chart
 * once all of them were made. */
int rfl_plot_render(const char *gnuplot, const char *dir, const char *base)
{
    char scratch[2048], gp_path[2100], gp[2200], png[4200], made[4200];
    if (rfl_interrupted()) { /* rfl run had a signal: no new gnuplot */
        rfl_error("%s/%s.gp: not rendered: interrupted", dir, base);
        return -1;
    }
    snprintf(gp_path, sizeof gp_path, "%s/%s.gp", dir, base);
    const char *staged = rfl_afile_staged(gp_path);
    if (!staged) {
        rfl_error("%s: no script was written", gp_path);
        return -1;
    }
    const char *slash = strrchr(staged, '/');
    snprintf(gp, sizeof gp, "../%s", slash ? slash + 1 : staged);
    snprintf(scratch, sizeof scratch, "%s/.render.%ld.XXXXXX", dir, (long)getpid());
    if (!mkdtemp(scratch)) {
        rfl_error("%s: cannot make a scratch folder: %s", dir, strerror(errno));
        return -1;
    }
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
    int exited = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    int whole = exited && png_whole(made);
    int rc = 0;
    if (!exited)
        rfl_error("%s: gnuplot failed (exit %d); no chart was replaced (rfl plot --no-render writes the scripts)",
                  gp_path, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    else if (!whole)
        rfl_error("%s: gnuplot made no whole PNG (is the disk full?); no chart was replaced", png);
    if (!whole || rfl_afile_stage_file(made, png) != 0)
        rc = -1;
    unlink(made);
    rmdir(scratch);
    return rc;
}

int rfl_plot_write(const struct rfl_model *m, const char *dir, int do_render, int *rendered)
{
    char names[64][64], empty[64][64];
    size_t n = 0, nempty = 0;
    *rendered = 0;
    /* Every script and PNG is staged and renamed only when all were made: a
     * failure leaves the charts of the previous plot as they were. */
    rfl_afile_stage_begin();
    for (size_t i = 0; i < rfl_plot_ncharts; i++) {
        const struct rfl_plot_chart *k = &rfl_plot_charts[i];
        const size_t count = rfl_plot_chart_count(k, m);
        if (count && k->write(m, dir) != 0)
            goto failed;
        for (size_t j = 0; j < count && n < sizeof names / sizeof names[0]; j++) {
            char gp[2048];
            rfl_plot_chart_name(k, m, j, names[n], sizeof names[0]);
            snprintf(gp, sizeof gp, "%s/%s.gp", dir, names[n]);
            if (!k->gpu || rfl_afile_staged(gp))
                n++;
            else if (nempty < sizeof empty / sizeof empty[0]) /* nothing to draw: no script */
                memcpy(empty[nempty++], names[n], sizeof empty[0]);
        }
    }
    char buf[1024];
    const char *gnuplot = do_render ? rfl_gnuplot_path(buf, sizeof buf) : NULL;
    for (size_t i = 0; gnuplot && i < n; i++)
        if (rfl_plot_render(gnuplot, dir, names[i]) != 0)
            goto failed;
    if (rfl_afile_stage_commit() != 0)
        return RFL_PLOT_FAILED;
    for (size_t i = 0; i < nempty; i++) { /* a stale script of a GPU chart with nothing to draw */
        char gp[2048];
        snprintf(gp, sizeof gp, "%s/%s.gp", dir, empty[i]);
        unlink(gp);
    }
    for (size_t i = 0; i < n; i++)
        rfl_info("wrote %s/%s.gp", dir, names[i]);
    if (!do_render)
        return RFL_PLOT_OK;
    if (!gnuplot) {
        rfl_warn("gnuplot not found (set GNUPLOT or install gnuplot-nox): PNGs skipped, the .gp scripts are in %s",
                 dir);
        return RFL_PLOT_NO_GNUPLOT;
    }
    for (size_t i = 0; i < n; i++) {
        rfl_info("wrote %s/%s.png", dir, names[i]);
        (*rendered)++;
    }
    return RFL_PLOT_OK;
failed:
    rfl_afile_stage_abort();
    return RFL_PLOT_FAILED;
}
