/* Both workers ask how many bytes wait in the pipe with ioctl(FIONREAD),
 * which writes its third argument: the count is one shared int, so the
 * writes race. */
#include <pthread.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

int fds[2];
int waiting;

void *probe(void *arg)
{
    (void)arg;
    ioctl(fds[0], FIONREAD, &waiting); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    if (pipe(fds) != 0 || write(fds[1], "abc", 3) != 3)
        return 1;
    pthread_create(&a, NULL, probe, NULL);
    pthread_create(&b, NULL, probe, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", waiting);
    return 0;
}
