/* Two records, each published by a plain flag to a consumer of its own:
 * every field's write and read race, ordered only by its flag's race, so
 * one run shows two publications of four races each (and the two flags'
 * races).  Their group replays run at once, the second in a child process
 * (dyn_par.c).  The program first binds a name of its own (an abstract
 * socket, as a server binds its port): a second copy running at the same
 * time cannot, and ends there, so both replays give witnesses only when
 * each runs in a network namespace of its own. */
#include <pthread.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

struct record {
    int id;
    int size;
    long start;
    long length;
};

static struct record a, b;
static volatile int ready_a, ready_b;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long warm;

static void warm_up(int sign)
{
    for (int i = 0; i < 200; i++) {
        pthread_mutex_lock(&m);
        warm += sign * i; // NORACE
        pthread_mutex_unlock(&m);
    }
}

static void *consume_a(void *arg)
{
    warm_up(1);
    while (!ready_a) // RACE
        ;
    long sum = a.id; // RACE
    sum += a.size; // RACE
    sum += a.start; // RACE
    sum += a.length; // RACE
    return (void *)sum;
}

static void *consume_b(void *arg)
{
    warm_up(1);
    while (!ready_b) // RACE
        ;
    long sum = b.id; // RACE
    sum += b.size; // RACE
    sum += b.start; // RACE
    sum += b.length; // RACE
    return (void *)sum;
}

/* The program's one name: taken by a copy that runs alongside in the
 * same network namespace. */
static int bind_name(void)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    const char name[] = "racehunt-test-two-publications";
    for (size_t i = 0; i + 1 < sizeof name; i++)
        sa.sun_path[i + 1] = name[i];
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&sa, offsetof(struct sockaddr_un, sun_path) + sizeof name) != 0)
        return -1;
    return fd;
}

/* A tenth of a second of the program's own work, holding its name, so
 * that two copies started together overlap. */
static double work(void)
{
    double x = 0;
    for (long i = 0; i < 20000000; i++)
        x = x * 0.999999 + 1.0;
    return x;
}

int main(void)
{
    int fd = bind_name();
    if (fd < 0)
        return 3;
    if (work() < 0)
        return 4;
    pthread_t ta, tb;
    pthread_create(&ta, 0, consume_a, 0);
    pthread_create(&tb, 0, consume_b, 0);
    warm_up(-1);
    a.id = 7; // RACE
    a.size = 64; // RACE
    a.start = 1000; // RACE
    a.length = 250; // RACE
    ready_a = 1; // RACE
    b.id = 8; // RACE
    b.size = 32; // RACE
    b.start = 2000; // RACE
    b.length = 125; // RACE
    ready_b = 1; // RACE
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    close(fd);
    return 0;
}
