/* calls functions of its project that these sources do not define, off the path where two workers race */
#include <pthread.h>
int reload_config(const char *path);
void rotate_logs(void);
extern int log_level;
static int requests;
static void *worker(void *arg) {
    requests++; // RACE
    return arg;
}
int main(int argc, char **argv) {
    if (argc > 3)
        reload_config(argv[1]);
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (requests > 1000 && log_level)
        rotate_logs();
    return 0;
}
