/* two threads recv into one shared buffer under one mutex: ordered */
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

static char buf[8];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *receiver(void *arg)
{
    int fd = *(int *)arg;
    pthread_mutex_lock(&m);
    if (recv(fd, buf, sizeof buf, 0) < 0) // NORACE
        buf[0] = 0; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    int s1[2], s2[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, s1) || socketpair(AF_UNIX, SOCK_STREAM, 0, s2))
        return 0;
    if (write(s1[1], "abcdefgh", 8) != 8 || write(s2[1], "abcdefgh", 8) != 8)
        return 0;
    pthread_t a, b;
    pthread_create(&a, NULL, receiver, &s1[0]);
    pthread_create(&b, NULL, receiver, &s2[0]);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
