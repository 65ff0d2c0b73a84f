/* main calls a launcher twice; it allocates a task and hands it to a spawner, which starts the task's thread through a create wrapper (three wrappers deep); main writes a task's input before joining its thread: race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct job { pthread_t tid; void (*run)(void *); void *arg; } job;

static void *job_main(void *p)
{
    job *j = p;
    j->run(j->arg);
    return NULL;
}

static int job_start(void (*run)(void *), void *arg, job **out)
{
    job *j = malloc(sizeof *j);
    if (!j)
        return 0;
    j->run = run;
    j->arg = arg;
    if (pthread_create(&j->tid, NULL, job_main, j) != 0) {
        free(j);
        return 0;
    }
    *out = j;
    return 1;
}

static void job_join(job *j)
{
    pthread_join(j->tid, NULL);
    free(j);
}


struct task { int in; int out; job *job; };

static void task_run(void *p)
{
    struct task *t = p;
    int v = t->in; // RACE
    t->out = v + 1; // NORACE
}

static int task_spawn(struct task *t)
{
    t->out = 0; // NORACE
    return job_start(task_run, t, &t->job);
}

static struct task *task_launch(int in)
{
    struct task *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->in = in; // NORACE
    if (!task_spawn(t)) {
        free(t);
        return NULL;
    }
    return t;
}

int main(void)
{
    struct task *a = task_launch(1);
    struct task *b = task_launch(2);
    int sum = 0;

    if (a) {
        a->in = 5; // RACE
        job_join(a->job);
        a->in = 10; // NORACE
        sum += a->out; // NORACE
        free(a);
    }
    if (b) {
        job_join(b->job);
        sum += b->out; // NORACE
        free(b);
    }
    printf("%d\n", sum);
    return 0;
}
