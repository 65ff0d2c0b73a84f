/* a data file, opened with open() and mapped with mmap(), must start with the header "RHDB"
 * and a version byte of 3 or more for the workers to start; their unlocked count races */
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int records;

static void *work(void *arg)
{
    (void)arg;
    records++; // RACE
    return NULL;
}

static int header_ok(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size < 5) {
        close(fd);
        return 0;
    }
    const unsigned char *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
        return 0;
    int ok = memcmp(p, "RHDB", 4) == 0 && p[4] >= 3;
    munmap((void *)p, (size_t)st.st_size);
    return ok;
}

int main(void)
{
    if (!header_ok("/var/lib/rh-demo/store.db"))
        return 1;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
