/* two threads call getpwnam_r with their own buffers: no shared state */
#include <pthread.h>
#include <pwd.h>

static void *who(void *arg)
{
    struct passwd pw, *res = NULL;
    char buf[1024];
    (void)arg;
    getpwnam_r("root", &pw, buf, sizeof buf, &res);
    return res ? (void *)1 : NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, who, NULL);
    pthread_create(&b, NULL, who, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
