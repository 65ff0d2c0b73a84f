/* Two threads write different bytes of a union's byte-array member; main reads the whole word member only after joining: disjoint bytes, no race. */
#include <pthread.h>
#include <stdio.h>

union packet {
    unsigned int word;
    unsigned char bytes[4];
};

union packet pkt;

void *set_first(void *arg)
{
    (void)arg;
    pkt.bytes[0] = 0xaa; // NORACE
    return NULL;
}

void *set_last(void *arg)
{
    (void)arg;
    pkt.bytes[3] = 0xbb; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pkt.word = 0; // NORACE
    pthread_create(&t1, NULL, set_first, NULL);
    pthread_create(&t2, NULL, set_last, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%08x\n", pkt.word); // NORACE
    return 0;
}
