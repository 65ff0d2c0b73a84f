/* The logger thread is started only when logging is on and joined under the same test; after that test no logger runs on either path, so main may reuse the log buffer without the lock. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
char log_buf[64];

void *logger(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&log_lock);
    strcpy(log_buf, "logger started"); // NORACE
    pthread_mutex_unlock(&log_lock);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    int logging = argc > 1 && strcmp(argv[1], "-v") == 0;

    if (logging)
        pthread_create(&t, NULL, logger, NULL);
    pthread_mutex_lock(&log_lock);
    strcpy(log_buf, "main running"); // NORACE
    pthread_mutex_unlock(&log_lock);
    if (logging)
        pthread_join(t, NULL);
    memset(log_buf, 0, sizeof log_buf); // NORACE
    printf("done\n");
    return 0;
}
