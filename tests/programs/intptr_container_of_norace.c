/* container_of through an integer: each thread is handed the address of a list link embedded in its own job and recovers the job by subtracting the link's offset; the jobs are distinct: race-free. */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct link {
    struct link *next;
};

struct job {
    int result;
    struct link node;
    int input;
};

#define JOB_OF(l) ((struct job *)((uintptr_t)(l) - offsetof(struct job, node)))

static struct job jobs[3];

static void *work(void *arg)
{
    struct job *j = JOB_OF(arg);
    j->result = j->input * 2; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < 3; i++) {
        jobs[i].input = i; // NORACE
        pthread_create(&t[i], NULL, work, &jobs[i].node);
    }
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    return jobs[2].result != 4; // NORACE
}
