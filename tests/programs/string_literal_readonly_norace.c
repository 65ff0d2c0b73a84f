/* a string literal is never written (that would be undefined), so a write through a pointer that may point to one races only with the other objects it may point to */
#include <pthread.h>
#include <stdio.h>

static const char *greeting = "hello";
static char buf[16] = "world";

static void *reader(void *arg)
{
    (void)arg;
    char c = greeting[0]; // NORACE
    printf("%c\n", c);
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    pthread_t t;
    char *w = argc > 5 ? (char *)greeting : buf;
    pthread_create(&t, NULL, reader, NULL);
    if (w != greeting)
        w[0] = 'W'; // NORACE
    pthread_join(t, NULL);
    printf("%s\n", buf); // NORACE
    return 0;
}
