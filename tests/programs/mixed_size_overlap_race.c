/* One thread stores a whole 4-byte int, the other stores one byte of it through an unsigned char * cast: the byte lies inside the int, race. */
#include <pthread.h>
#include <stdio.h>

unsigned int word;

void *store_word(void *arg)
{
    (void)arg;
    word = 0xdeadbeefu; // RACE
    return NULL;
}

void *store_byte(void *arg)
{
    unsigned char *bytes = (unsigned char *)&word;
    (void)arg;
    bytes[2] = 0x55; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, store_word, NULL);
    pthread_create(&t2, NULL, store_byte, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%08x\n", word); // NORACE
    return 0;
}
