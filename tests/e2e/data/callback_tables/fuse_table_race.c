/* A file system on libfuse's callback table: the library's workers run the callbacks concurrently, each in several threads. */
/* Declarations only, as fuse.h gives them (the program is analysed, not
 * linked): fuse_new takes the table, fuse_loop_mt_31 runs the workers.
 * The program itself creates no thread. */
#include <pthread.h>
#include <stddef.h>

struct fuse;
struct fuse_args {
    int argc;
    char **argv;
    int allocated;
};
struct fuse_operations {
    int (*getattr)(const char *path, long *size);
    int (*read)(const char *path, char *buf, size_t n);
    int (*write)(const char *path, const char *buf, size_t n);
};
struct fuse *fuse_new(struct fuse_args *args, const struct fuse_operations *op, size_t op_size,
                      void *private_data);
int fuse_loop_mt_31(struct fuse *f, int clone_fd);

static long reads;
static long written;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int fs_getattr(const char *path, long *size)
{
    (void)path;
    *size = reads; // RACE
    return 0;
}

static int fs_read(const char *path, char *buf, size_t n)
{
    (void)path;
    (void)buf;
    reads++; // RACE
    return (int)n;
}

static int fs_write(const char *path, const char *buf, size_t n)
{
    (void)path;
    (void)buf;
    pthread_mutex_lock(&lock);
    written += (long)n; // NORACE
    pthread_mutex_unlock(&lock);
    return (int)n;
}

static const struct fuse_operations ops = {
    .getattr = fs_getattr,
    .read = fs_read,
    .write = fs_write,
};

int main(int argc, char **argv)
{
    struct fuse_args args = {argc, argv, 0};
    struct fuse *f = fuse_new(&args, &ops, sizeof ops, NULL);
    if (!f)
        return 1;
    return fuse_loop_mt_31(f, 0);
}
