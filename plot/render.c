/* rfl plot: every chart of the chart table that applies, as a gnuplot
 * script, rendered to PNG (and PDF, SVG) when gnuplot is there. */
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

static int contains(const unsigned char *buf, size_t n, const char *s)
{
    size_t k = strlen(s);
    for (size_t i = 0; i + k <= n; i++)
        if (!memcmp(buf + i, s, k))
            return 1;
    return 0;
}

/* Whether the file at `path` is whole: its signature, and its end (a full
 * file system leaves a file cut short, however gnuplot exits): PNG's IEND
 * chunk, PDF's %%EOF, SVG's closing tag. */
static int file_whole(const char *path, int f)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static const unsigned char iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    unsigned char head[8], tail[64];
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    int ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= (off_t)sizeof tail &&
             pread(fd, head, sizeof head, 0) == (ssize_t)sizeof head &&
             pread(fd, tail, sizeof tail, st.st_size - (off_t)sizeof tail) == (ssize_t)sizeof tail;
    close(fd);
    if (!ok)
        return 0;
    if (f == 1)
        return !memcmp(head, "%PDF-", 5) && contains(tail, sizeof tail, "%%EOF");
    if (f == 2)
        return (!memcmp(head, "<?xml", 5) || !memcmp(head, "<svg", 4)) && contains(tail, sizeof tail, "</svg>");
    return !memcmp(head, sig, 8) && !memcmp(tail + sizeof tail - 12, iend, 12);
}

/* gnuplot in `cwd` on `script`, with `-e rfl_format=...` for a format
 * other than PNG (NULL: none) and, where out >= 0, stdout and stderr
 * there. It dies with rfl and gets rfl run's first signal (interrupt.h).
 * The wait status, or -1 when it could not start. */
static int gnuplot_run(const char *gnuplot, const char *cwd, const char *e, const char *script, int out)
{
    pid_t pid = rfl_interrupt_fork(0);
    if (pid < 0) {
        rfl_error("cannot start gnuplot: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        if (cwd && chdir(cwd) != 0)
            _exit(127);
        int fd = open("/dev/null", O_RDONLY);
        if (fd >= 0) {
            dup2(fd, STDIN_FILENO);
            close(fd);
        }
        if (out >= 0) {
            dup2(out, STDOUT_FILENO);
            dup2(out, STDERR_FILENO);
            if (out > STDERR_FILENO)
                close(out);
        }
        if (e)
            execl(gnuplot, gnuplot, "-e", e, script, (char *)NULL);
        else
            execl(gnuplot, gnuplot, script, (char *)NULL);
        _exit(127);
    }
    if (out >= 0)
        close(out);
    return (int)pid;
}

static int gnuplot_wait(pid_t pid)
{
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = 127 << 8;
            break;
        }
    rfl_interrupt_forget_child();
    return status;
}

/* The formats this gnuplot has a terminal for, from its `set terminal`
 * list, asked once per gnuplot (a line for each one missing, once). A
 * gnuplot whose list names none of them (a wrapper, a stand-in) is taken
 * at its word: its failures are reported when it draws. 0, or -1 after a
 * message. */
static int terminals(const char *gnuplot, unsigned *have)
{
    static char asked[1024];
    static unsigned known;
    if (!strcmp(asked, gnuplot)) {
        *have = known;
        return 0;
    }
    int fds[2];
    if (pipe(fds) != 0) {
        rfl_error("cannot ask gnuplot for its terminals: %s", strerror(errno));
        return -1;
    }
    /* No script: execl's list ends there, so gnuplot runs -e alone. */
    int pid = gnuplot_run(gnuplot, NULL, "set terminal", NULL, fds[1]);
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    char text[65536];
    size_t n = 0;
    for (;;) {
        char chunk[4096];
        ssize_t r = read(fds[0], chunk, sizeof chunk);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        size_t take = (size_t)r < sizeof text - 1 - n ? (size_t)r : sizeof text - 1 - n;
        memcpy(text + n, chunk, take); /* the rest is drained, so gnuplot never blocks on a full pipe */
        n += take;
    }
    close(fds[0]);
    text[n] = '\0';
    gnuplot_wait(pid);
    if (rfl_interrupted()) {
        rfl_error("%s: not rendered: interrupted", gnuplot);
        return -1;
    }
    unsigned found = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        line += strspn(line, " \t");
        for (int f = 0; f < RFL_PLOT_NFORMATS; f++) {
            size_t k = strlen(rfl_plot_formats[f].terminal);
            if (!strncmp(line, rfl_plot_formats[f].terminal, k) && (line[k] == ' ' || line[k] == '\t'))
                found |= 1u << f;
        }
    }
    if (!found)
        found = (1u << RFL_PLOT_NFORMATS) - 1;
    for (int f = 0; f < RFL_PLOT_NFORMATS; f++)
        if (!(found >> f & 1))
            rfl_warn("%s has no %s terminal (gnuplot -e 'set terminal' lists its own): %s charts skipped", gnuplot,
                     rfl_plot_formats[f].terminal, rfl_plot_formats[f].name);
    snprintf(asked, sizeof asked, "%s", gnuplot);
    known = *have = found;
    return 0;
}

/* gnuplot runs the staged script (DIR/.BASE.gp.PID.XXXXXX) in a scratch
 * folder of the run directory, once per format, and writes BASE.EXT there;
 * each whole file is staged for DIR/BASE.EXT, to be renamed into place
 * with every other chart once all of them were made. */
int rfl_plot_render(const char *gnuplot, const char *dir, const char *base, unsigned want)
{
    char scratch[2048], gp_path[2100], gp[2200], out[4200], made[4200];
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
    unsigned have;
    if (terminals(gnuplot, &have) != 0)
        return -1;
    if (!(want &= have))
        return 0;
    const char *slash = strrchr(staged, '/');
    snprintf(gp, sizeof gp, "../%s", slash ? slash + 1 : staged);
    snprintf(scratch, sizeof scratch, "%s/.render.%ld.XXXXXX", dir, (long)getpid());
    if (!mkdtemp(scratch)) {
        rfl_error("%s: cannot make a scratch folder: %s", dir, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (int f = 0; f < RFL_PLOT_NFORMATS && rc == 0; f++) {
        if (!(want >> f & 1))
            continue;
        char e[64];
        snprintf(e, sizeof e, "rfl_format='%s'", rfl_plot_formats[f].ext);
        snprintf(out, sizeof out, "%s/%s.%s", dir, base, rfl_plot_formats[f].ext);
        snprintf(made, sizeof made, "%s/%s.%s", scratch, base, rfl_plot_formats[f].ext);
        if (rfl_interrupted()) {
            rfl_error("%s: not rendered: interrupted", gp_path);
            rc = -1;
            break;
        }
        int pid = gnuplot_run(gnuplot, scratch, f ? e : NULL, gp, -1);
        int status = pid < 0 ? 127 << 8 : gnuplot_wait(pid);
        int exited = pid >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
        int whole = exited && file_whole(made, f);
        const char *what = rfl_plot_formats[f].name;
        if (pid >= 0 && !exited)
            rfl_error("%s: gnuplot failed (exit %d)%s%s; no chart was replaced (rfl plot --no-render writes the "
                      "scripts)",
                      gp_path, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
                      f ? " drawing the " : "", f ? what : "");
        else if (pid >= 0 && !whole)
            rfl_error("%s: gnuplot made no whole %s (is the disk full?); no chart was replaced", out, what);
        if (!whole || rfl_afile_stage_file(made, out) != 0)
            rc = -1;
        unlink(made);
    }
    rmdir(scratch);
    return rc;
}

int rfl_plot_write(const struct rfl_model *m, const char *dir, int do_render, unsigned want, int *rendered)
{
    char names[64][64], empty[64][64];
    size_t n = 0, nempty = 0;
    *rendered = 0;
    /* Every script and chart file is staged and renamed only when all were
     * made: a failure leaves the charts of the previous plot as they were. */
    rfl_afile_stage_begin();
    rfl_plot_script_formats(want);
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
    rfl_plot_script_formats(RFL_PLOT_PNG);
    char buf[1024];
    const char *gnuplot = do_render ? rfl_gnuplot_path(buf, sizeof buf) : NULL;
    unsigned have = 0;
    if (gnuplot && terminals(gnuplot, &have) != 0)
        goto failed;
    want &= have;
    for (size_t i = 0; gnuplot && want && i < n; i++)
        if (rfl_plot_render(gnuplot, dir, names[i], want) != 0)
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
    for (size_t i = 0; want && i < n; i++) {
        for (int f = 0; f < RFL_PLOT_NFORMATS; f++)
            if (want >> f & 1)
                rfl_info("wrote %s/%s.%s", dir, names[i], rfl_plot_formats[f].ext);
        (*rendered)++;
    }
    return RFL_PLOT_OK;
failed:
    rfl_plot_script_formats(RFL_PLOT_PNG);
    rfl_afile_stage_abort();
    return RFL_PLOT_FAILED;
}
