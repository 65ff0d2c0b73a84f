/* two threads call strerror (an unknown error: glibc formats it into a per-thread buffer) and inet_ntoa (a __thread buffer) and read what they return: each thread reads its own buffer, no race */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>

static void *describe(void *arg)
{
    struct in_addr addr;
    addr.s_addr = htonl(0x7f000001u + (unsigned)(long)arg);
    const char *why = strerror(4000 + (int)(long)arg); // NORACE
    const char *who = inet_ntoa(addr); // NORACE
    size_t n = strlen(why) + strlen(who); // NORACE
    return (void *)n;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, describe, (void *)1L);
    pthread_create(&b, NULL, describe, (void *)2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
