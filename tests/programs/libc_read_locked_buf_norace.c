/* two threads read(2) into one shared buffer, each holding the same mutex: ordered */
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

static char buf[16];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *arg)
{
    (void)arg;
    int fd = open("/dev/zero", O_RDONLY);
    if (fd < 0)
        return NULL;
    pthread_mutex_lock(&m);
    if (read(fd, buf, sizeof buf) < 0) // NORACE
        buf[0] = 0; // NORACE
    pthread_mutex_unlock(&m);
    close(fd);
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
