/* two threads call getpwnam: both fill the one static passwd entry it returns */
#include <pthread.h>
#include <pwd.h>

static void *who(void *arg)
{
    (void)arg;
    return getpwnam("root"); // RACE
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
