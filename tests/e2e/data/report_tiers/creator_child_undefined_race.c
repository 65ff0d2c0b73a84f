/* report tiers: a coordinator thread (two instances) allocates a job, creates a child with it and afterwards sets the job's stop flag with no lock while the child polls it with none (likely: the child is this call's own, the object is the one they share); the job's setup before the create, the counter both sides touch under the job's lock (the child's reached through a pointer loaded again) the accesses and frees after the join, and a reference-counted tally both drop (updated under its lock, freed by the last user) are not likely; two different workers call localtime, one without a lock and only on one path (a may-race on the library's hidden state: likely), while strerror's buffer, which glibc keeps per thread, is no race at all; main reads a volatile progress counter in a helper the logger also runs while the logger writes it (likely); audit_log is defined by no input, so no run confirms any */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void audit_log(const char *what); /* defined by a library racehunt is not given */

struct job {
    pthread_mutex_t lock;
    int stop;
    int done;
    int arg;
};
struct tally {
    pthread_mutex_t lock;
    int users;
    long count;
};
struct holder {
    struct job *job;
    struct tally *tally;
};

/* Drops one reference to t; the last user frees it. */
static void tally_put(struct tally *t)
{
    pthread_mutex_lock(&t->lock);
    t->count = t->count + 1; // NORACE
    int left = --t->users; // NORACE
    pthread_mutex_unlock(&t->lock);
    if (!left)
        free(t); // NORACE
}

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile long progress;
static long stamp;

static long read_progress(void)
{
    return progress; // RACE
}

static void *child(void *p)
{
    struct holder *h = p;
    long seen = h->job->arg; // NORACE
    for (int i = 0; i < 1000 && !h->job->stop; i++) // RACE
        audit_log("poll");
    pthread_mutex_lock(&h->job->lock);
    h->job->done = h->job->done + (int)seen; // NORACE
    pthread_mutex_unlock(&h->job->lock);
    tally_put(h->tally);
    return NULL;
}

static void *coordinator(void *unused)
{
    (void)unused;
    pthread_t c;
    struct holder *h = malloc(sizeof *h);
    struct job *j = calloc(1, sizeof *j);
    struct tally *t = calloc(1, sizeof *t);
    if (!h || !j || !t)
        return NULL;
    h->job = j;
    h->tally = t;
    pthread_mutex_init(&t->lock, NULL);
    t->users = 2; // NORACE
    pthread_mutex_init(&j->lock, NULL);
    j->arg = 7; // NORACE
    pthread_create(&c, NULL, child, h);
    audit_log("started");
    pthread_mutex_lock(&j->lock);
    int early = j->done; // NORACE
    pthread_mutex_unlock(&j->lock);
    j->stop = 1; // RACE
    pthread_mutex_lock(&t->lock);
    t->count = t->count + 2; // NORACE
    int left = --t->users; // NORACE
    pthread_mutex_unlock(&t->lock);
    if (!left)
        free(t); // NORACE
    pthread_join(c, NULL);
    int done = j->done; // NORACE
    free(j);
    free(h);
    return done + early ? NULL : unused;
}

static void *logger(void *unused)
{
    time_t now = 0;
    struct tm *t = NULL;
    const char *why = NULL;
    if (unused) {
        t = localtime(&now); // RACE
        why = strerror(2); // NORACE
    }
    stamp = t ? t->tm_sec : 0; // RACE
    stamp += why ? 1 : 0;
    progress = read_progress() + 1; // RACE
    return unused;
}

static void *reporter(void *unused)
{
    time_t now = 0;
    pthread_mutex_lock(&log_lock);
    struct tm *t = localtime(&now); // RACE
    (void)t;
    pthread_mutex_unlock(&log_lock);
    const char *why = strerror(1); // NORACE
    (void)why;
    return unused;
}

int main(void)
{
    pthread_t t[4];
    pthread_create(&t[0], NULL, coordinator, NULL);
    pthread_create(&t[1], NULL, coordinator, NULL);
    pthread_create(&t[2], NULL, logger, &stamp);
    pthread_create(&t[3], NULL, reporter, NULL);
    long p = 0;
    for (int i = 0; i < 3; i++) {
        audit_log("tick");
        p += read_progress();
    }
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    return p > 100;
}
