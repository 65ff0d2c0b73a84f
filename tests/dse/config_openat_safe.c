/* a state file opened with openat() from the working directory must hold "ready:" and a level digit
 * above 5 for the workers to start; their count is locked: race-free */
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static int jobs;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    jobs++; // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

static int state_ready(void)
{
    int fd = openat(AT_FDCWD, "rh-demo-state/level", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buf[16] = {0};
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    return n >= 7 && memcmp(buf, "ready:", 6) == 0 && buf[6] > '5' && buf[6] <= '9';
}

int main(void)
{
    if (!state_ready())
        return 1;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
