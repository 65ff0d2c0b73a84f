/* two threads read entries of one directory stream with no lock: each readdir may overwrite the entry the other thread is still reading (POSIX: the data is overwritten by another readdir on the same stream) */
#include <dirent.h>
#include <pthread.h>
#include <string.h>

static DIR *shared_dir;

static void *list(void *arg)
{
    (void)arg;
    size_t total = 0;
    struct dirent *e;
    while ((e = readdir(shared_dir)) != NULL) // RACE
        total += strlen(e->d_name); // RACE
    return (void *)total;
}

int main(void)
{
    pthread_t a, b;
    shared_dir = opendir("/");
    if (!shared_dir)
        return 0;
    pthread_create(&a, NULL, list, NULL);
    pthread_create(&b, NULL, list, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    closedir(shared_dir);
    return 0;
}
