/* A thread allocates a buffer and publishes it through a pointer-to-pointer argument; main uses it only after pthread_join: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

void *make_buffer(void *arg)
{
    int **out = arg;
    int *buf = malloc(4 * sizeof *buf);
    if (buf != NULL) {
        for (int i = 0; i < 4; i++)
            buf[i] = i * 10; // NORACE
    }
    *out = buf; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int *buffer = NULL; // NORACE

    pthread_create(&t, NULL, make_buffer, &buffer);
    pthread_join(t, NULL);
    if (buffer != NULL) { // NORACE
        printf("%d\n", buffer[3]); // NORACE
        free(buffer); // NORACE
    }
    return 0;
}
