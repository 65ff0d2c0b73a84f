/* dyn_par.c - a publication's group replay (rh_wit_group) in a child
 * process of the dynamic stage, while the stage runs another group's: the
 * replays of a real program are its own computation (a profiler's main
 * thread spends them in its workload), so a second core doubles the
 * witnesses the budget pays for.  The child works in a directory of its
 * own and hands its witnesses back as JSON (the one witness writer).
 */
#include "dyn_par.h"
#include "result/witness_file.h"
#include "util/cleanup.h"
#include "util/proc_contain.h"
#include "util/util.h"

#include <errno.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* How long past its group's deadline a child may take before it is
 * killed: its last replay may be given half a second past it
 * (wit_run_cut's least time), and its witnesses are written after. */
#define DYN_PAR_GRACE 1.0
/* A core is idle when the load average is this much below the cores:
 * the stage's own replay is one of the load. */
#define DYN_PAR_BUSY 0.5
#define DYN_PAR_NO_NETWORK 3 /* the child's exit status when it could not isolate */

static json_t *witnesses_json(rh_witness *const *w, int n)
{
    json_t *a = json_array();
    for (int k = 0; k < n; k++)
        json_array_append_new(a, w[k] ? rh_witness_to_json(w[k]) : json_null());
    return a;
}

/* The child's network namespace, its loopback up: the program under
 * test (a server) binds the same ports in both replays at once, and the
 * second would fail to start.  Connections to the machine itself work as
 * they did; the program's own input does not come from the network (a
 * replay does not give it again), so its replays are the runs they were. */
static int own_network(void)
{
    if (!(geteuid() == 0 && unshare(CLONE_NEWNET) == 0) && rh_contain_userns(CLONE_NEWNET) != 0)
        return -1;
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "lo");
    int ok = fd >= 0 && ioctl(fd, SIOCGIFFLAGS, &ifr) == 0;
    ifr.ifr_flags |= IFF_UP;
    ok = ok && ioctl(fd, SIOCSIFFLAGS, &ifr) == 0;
    if (fd >= 0)
        close(fd);
    return ok ? 0 : -1;
}

/* The child: the group's replay in its own directory, its witnesses
 * written to p->file (through a temporary name, so that the parent reads
 * all or nothing), then _exit (the stage's exit handlers are the stage's). */
static void child(const dyn_par *p, const rh_wit_ctx *c, rh_witness *const *ws, int m,
                  const rh_group_riders *rd)
{
    if (own_network() != 0)
        _exit(DYN_PAR_NO_NETWORK);
    rh_wit_ctx own = *c;
    own.workdir = p->dir;
    rh_witness **out = rh_xcalloc((size_t)m + 1, sizeof *out);
    const char **why = rh_xcalloc((size_t)m + 1, sizeof *why);
    rh_wit_group(&own, ws, m, out, why, rd);
    json_t *j = json_object();
    json_object_set_new(j, "members", witnesses_json(out, m));
    json_object_set_new(j, "riders", witnesses_json(rd ? rd->out : NULL, rd ? rd->n : 0));
    char *tmp = rh_xasprintf("%s.part", p->file);
    int ok = json_dump_file(j, tmp, JSON_COMPACT) == 0 && rename(tmp, p->file) == 0;
    _exit(ok ? 0 : 1);
}

int dyn_par_idle_core(void)
{
    const char *env = getenv("RACEHUNT_WITNESS_PAIRS");
    if (env && (!strcmp(env, "always") || !strcmp(env, "off")))
        return !strcmp(env, "always");
    double load;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return getloadavg(&load, 1) == 1 && cores >= 2 && load < (double)cores - DYN_PAR_BUSY;
}

int dyn_par_start(dyn_par *p, const rh_wit_ctx *c, rh_witness *const *ws, int m,
                  const rh_group_riders *rd)
{
    memset(p, 0, sizeof *p);
    p->pid = -1;
    p->m = m, p->n = rd ? rd->n : 0;
    p->deadline = c->deadline;
    p->dir = rh_xasprintf("%s/par", c->workdir);
    p->file = rh_xasprintf("%s/par.json", c->workdir);
    remove(p->file);
    if (mkdir(p->dir, 0700) != 0 && errno != EEXIST)
        return -1;
    fflush(NULL); /* nothing buffered is written twice */
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0)
        child(p, c, ws, m, rd);
    p->pid = pid;
    return 0;
}

/* The witnesses of array `key` of j into w[0..n), those not set already
 * (a witness is kept only when it has the shape it was written with). */
static int take(json_t *j, const char *key, rh_witness **w, int n)
{
    json_t *a = json_object_get(j, key);
    int got = 0;
    for (int k = 0; json_is_array(a) && k < n && k < (int)json_array_size(a); k++) {
        json_t *e = json_array_get(a, (size_t)k);
        char err[RH_ERR_MAX];
        if (w[k] || !json_is_object(e))
            continue;
        w[k] = rh_witness_from_json(e, err);
        got += w[k] != NULL;
    }
    return got;
}

int dyn_par_finish(dyn_par *p, rh_witness **out, rh_witness **rout)
{
    int status = 0, got = 0;
    pid_t r = 0;
    for (int k = 0; k < p->m; k++)
        out[k] = NULL;
    while (p->pid > 0 && (r = waitpid(p->pid, &status, WNOHANG)) == 0) {
        if (rh_cancelled() || rh_now() > p->deadline + DYN_PAR_GRACE)
            kill(p->pid, SIGKILL); /* its program's run dies with it (rh_die_with_parent) */
        usleep(5000);
    }
    if (p->pid > 0) {
        rh_cleanup_remove_child(p->pid); /* sweeps what a killed child left registered */
        if (r == p->pid && WIFEXITED(status) && WEXITSTATUS(status) == DYN_PAR_NO_NETWORK)
            got = -1;
        json_error_t je;
        json_t *j = r == p->pid && WIFEXITED(status) && WEXITSTATUS(status) == 0
                        ? json_load_file(p->file, 0, &je)
                        : NULL;
        if (j) {
            got = take(j, "members", out, p->m);
            take(j, "riders", rout, p->n);
            json_decref(j);
        }
    }
    remove(p->file);
    rmdir(p->dir);
    free(p->dir);
    free(p->file);
    p->pid = -1;
    return got;
}
