/* the configuration is looked for with access() in the directory $RH_DEMO_HOME names, then
 * in a fixed place; a "mode=parallel" line in the file found starts the workers, whose
 * append to the log is under a mutex */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int logged;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    logged = logged + 1; // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

static const char *find_config(char *buf, size_t size)
{
    const char *home = getenv("RH_DEMO_HOME");
    if (home) {
        snprintf(buf, size, "%s/demo.conf", home);
        if (access(buf, R_OK) == 0)
            return buf;
    }
    return access("/opt/rh-demo/demo.conf", R_OK) == 0 ? "/opt/rh-demo/demo.conf" : NULL;
}

int main(void)
{
    char path[256], line[64];
    const char *conf = find_config(path, sizeof path);
    FILE *f = conf ? fopen(conf, "r") : NULL;
    if (!f) {
        fprintf(stderr, "no configuration\n");
        return 1;
    }
    int parallel = 0;
    while (fgets(line, sizeof line, f))
        parallel |= strncmp(line, "mode=parallel", 13) == 0;
    fclose(f);
    if (!parallel)
        return 0;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
