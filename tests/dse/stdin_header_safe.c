/* a binary header read with read(2) must carry a magic number and a version; the workers' increment is locked: race-free */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    counter++; // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argc, (void)argv;
    unsigned char hdr[8];
    if (read(0, hdr, sizeof hdr) != (long)sizeof hdr || hdr[0] != 0x7f || hdr[1] != 'R' ||
        hdr[2] != 'H' || hdr[3] < 2)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
