/* two threads write(2) the same shared constant-size buffer: write only reads it */
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

static char line[8] = "hello\n";

static void *writer(void *arg)
{
    (void)arg;
    int fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) {
        if (write(fd, line, 6) != 6) // NORACE
            return arg;
        close(fd);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, writer, NULL);
    pthread_create(&b, NULL, writer, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
