/* one thread write(2)s a shared buffer while main fills it: write reads what main writes */
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

static char line[8];

static void *writer(void *arg)
{
    (void)arg;
    int fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) {
        if (write(fd, line, 4) != 4) // RACE
            return arg;
        close(fd);
    }
    return NULL;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, writer, NULL);
    line[0] = 'x'; // RACE
    pthread_join(a, NULL);
    return 0;
}
