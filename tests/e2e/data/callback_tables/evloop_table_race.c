/* A server on an event-loop library that runs a table of handlers in its worker threads: races only a model row shows. */
/* The library is declared only; its row comes from a --model file:
 *     memory evloop_serve fn=1 registers
 * (fn=1 points to a struct of functions, each run concurrently in several
 * threads).  The program creates no thread of its own. */
#include <pthread.h>

struct evloop;
struct evloop_handlers {
    void (*on_connect)(int fd);
    void (*on_data)(int fd, const char *buf, int n);
    void (*on_close)(int fd);
};
struct evloop *evloop_new(int port);
int evloop_serve(struct evloop *loop, const struct evloop_handlers *h, int workers);

static int open_connections;
static long bytes_in;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void on_connect(int fd)
{
    (void)fd;
    open_connections++; // RACE
}

static void on_data(int fd, const char *buf, int n)
{
    (void)fd;
    (void)buf;
    pthread_mutex_lock(&lock);
    bytes_in += n; // NORACE
    pthread_mutex_unlock(&lock);
}

static void on_close(int fd)
{
    (void)fd;
    open_connections--; // RACE
}

static const struct evloop_handlers handlers = {on_connect, on_data, on_close};

int main(void)
{
    struct evloop *loop = evloop_new(8080);
    if (!loop)
        return 1;
    return evloop_serve(loop, &handlers, 4);
}
