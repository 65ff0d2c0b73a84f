/* each thread read(2)s into its own local buffer: nothing shared */
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

static void *reader(void *arg)
{
    char buf[16];
    (void)arg;
    int fd = open("/dev/zero", O_RDONLY);
    if (fd >= 0) {
        if (read(fd, buf, sizeof buf) < 0)
            buf[0] = 0;
        close(fd);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, reader, NULL);
    pthread_create(&b, NULL, reader, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
