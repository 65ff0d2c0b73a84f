/* A hand-made publication: the producer fills a message, then sets a plain
 * flag; the consumer waits for the flag, then reads the message.  The flag
 * races, and so does every field of the message, but only the flag's race
 * needs fixing: made an atomic release and acquire, it orders the fields
 * too.  The hit counter both threads bump before the flag is a race of its
 * own. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct message {
    long value;
    char text[16];
};

static struct message *box;
static int ready;
static long hits;

static void *producer(void *arg)
{
    (void)arg;
    hits++;                               // RACE: its own race
    box->value = 42;                      // RACE: ordered by the flag
    box->text[0] = 'h';                   // RACE: ordered by the flag
    ready = 1;                            // RACE: the flag
    return NULL;
}

static void *consumer(void *arg)
{
    (void)arg;
    hits++;                               // RACE: its own race
    while (!ready)                        // RACE: the flag
        ;
    long value = box->value;              // RACE: ordered by the flag
    char first = box->text[0];            // RACE: ordered by the flag
    printf("%ld %c\n", value, first);
    return NULL;
}

int main(void)
{
    pthread_t p, c;
    box = calloc(1, sizeof *box);
    if (!box)
        return 1;
    pthread_create(&c, NULL, consumer, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    free(box);
    return 0;
}
