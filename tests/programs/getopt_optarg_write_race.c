/* A worker upper-cases the label in place while the other prints it.
 * The label is the -l option's argument (optarg points into main's
 * argument strings) or a buffer of the program's own: either way the
 * write races with the read. */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

char fallback[] = "unnamed";
char *label = fallback;

void *shout(void *arg)
{
    (void)arg;
    label[0] = (char)toupper((unsigned char)label[0]); // RACE
    return NULL;
}

void *show(void *arg)
{
    (void)arg;
    printf("%c\n", label[0]); // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    int c;
    while ((c = getopt(argc, argv, "l:")) != -1)
        if (c == 'l' && optarg[0])
            label = optarg;
    pthread_t a, b;
    pthread_create(&a, NULL, shout, NULL);
    pthread_create(&b, NULL, show, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
