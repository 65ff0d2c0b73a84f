/* Like slot_record_array_norace, but the creator writes the record through its array slot once more after the create: the thread reads that field meanwhile (the records are freed after the joins). */
#include <pthread.h>
#include <stdlib.h>

struct task { long link[2]; int id; int weight; };

static void *task_run(void *p)
{
    struct task *t = p;
    long v = (long)t->id * t->weight; // RACE
    return (void *)v;
}

static long spawn_all(int n)
{
    pthread_t tids[2];
    struct task **slots = malloc(2 * sizeof *slots);
    long sum = 0;
    if (slots == NULL)
        return 0;
    for (int i = 0; i < n; i++) {
        slots[i] = malloc(sizeof **slots);
        if (slots[i] == NULL)
            exit(1);
        slots[i]->id = i; // NORACE
        slots[i]->weight = 2; // NORACE
        pthread_create(&tids[i], NULL, task_run, slots[i]);
        slots[i]->id = -1; // RACE
    }
    for (int i = 0; i < n; i++) {
        void *r;
        pthread_join(tids[i], &r);
        free(slots[i]); // NORACE
        sum += (long)r;
    }
    free(slots);
    return sum;
}

static void *caller(void *unused)
{
    (void)unused;
    return (void *)spawn_all(2);
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, caller, NULL);
    pthread_create(&b, NULL, caller, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
