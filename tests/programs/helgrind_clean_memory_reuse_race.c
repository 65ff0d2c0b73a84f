/* Code annotated for Helgrind: a buffer used by a first worker is handed to a second generation of workers after VALGRIND_HG_CLEAN_MEMORY (new memory to Helgrind).  Forgetting the first generation's accesses hides nothing new: the two workers of the second generation write the buffer without a lock, and that race is reported. */
#include <pthread.h>
#include <valgrind/helgrind.h>

char buf[64];

static void *fill(void *arg)
{
    buf[0] = (char)(long)arg; // NORACE
    return 0;
}

static void *reuse(void *arg)
{
    buf[1] = (char)(long)arg; // RACE
    return 0;
}

int main(void)
{
    pthread_t a, b, c;
    pthread_create(&a, 0, fill, (void *)1);
    pthread_join(a, 0);
    VALGRIND_HG_CLEAN_MEMORY(buf, sizeof buf);
    pthread_create(&b, 0, reuse, (void *)2);
    pthread_create(&c, 0, reuse, (void *)3);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
