/* Two readers read the shared config under rdlock while a writer updates it under wrlock: readers only read, the writer is exclusive, no race. */
#include <pthread.h>
#include <stdio.h>

struct config {
    int width;
    int height;
};

struct config cfg = {640, 480};
pthread_rwlock_t cfg_lock = PTHREAD_RWLOCK_INITIALIZER;

void *reader(void *arg)
{
    long *area = arg;
    pthread_rwlock_rdlock(&cfg_lock);
    int w = cfg.width; // NORACE
    int h = cfg.height; // NORACE
    pthread_rwlock_unlock(&cfg_lock);
    *area = (long)w * h; // NORACE
    return NULL;
}

void *writer(void *arg)
{
    (void)arg;
    pthread_rwlock_wrlock(&cfg_lock);
    cfg.width = 1024; // NORACE
    cfg.height = 768; // NORACE
    pthread_rwlock_unlock(&cfg_lock);
    return NULL;
}

int main(void)
{
    pthread_t r1, r2, w;
    long area1 = 0; // NORACE
    long area2 = 0; // NORACE

    pthread_create(&r1, NULL, reader, &area1);
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r2, NULL, reader, &area2);
    pthread_join(r1, NULL);
    pthread_join(w, NULL);
    pthread_join(r2, NULL);
    printf("%ld %ld\n", area1, area2); // NORACE
    return 0;
}
