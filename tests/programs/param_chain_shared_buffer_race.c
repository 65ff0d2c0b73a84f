/* The worker passes main's buffer through two levels of calls to the function that fills it, while main fills the same buffer the same way: race. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char main_buf[16];
char worker_buf[16];

static void fill(char *dst, char c)
{
    memset(dst, c, 8); // RACE
}

static void emit(char *buf, char c)
{
    fill(buf, c);
}

static void *worker(void *arg)
{
    (void)arg;
    emit(worker_buf, 'w');
    emit(main_buf, 'x');
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    emit(main_buf, 'm');
    pthread_join(t, NULL);
    printf("%c %c\n", main_buf[0], worker_buf[0]); // NORACE
    return 0;
}
