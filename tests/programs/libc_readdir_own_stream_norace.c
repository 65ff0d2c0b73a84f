/* two threads each open a directory stream of their own and read its entries: readdir's entry lives in its stream (POSIX), so the threads never touch each other's */
#include <dirent.h>
#include <pthread.h>
#include <string.h>

static void *list(void *arg)
{
    (void)arg;
    size_t total = 0;
    DIR *d = opendir("/");
    if (!d)
        return NULL;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) // NORACE
        total += strlen(e->d_name); // NORACE
    closedir(d);
    return (void *)total;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, list, NULL);
    pthread_create(&b, NULL, list, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
