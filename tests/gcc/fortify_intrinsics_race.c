/* gcc's own extern gnu_inline functions (glibc's fortified wrappers, x86 intrinsics) around a racy log position */
// gcc -E: -O2 -D_FORTIFY_SOURCE=2
#include <emmintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char log_buf[64];
static int log_pos;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    char line[16];
    snprintf(line, sizeof line, "%d;", *(int *)arg);
    int at = log_pos; // RACE
    pthread_mutex_lock(&lock);
    memcpy(log_buf + (at % 32), line, 4); // NORACE
    pthread_mutex_unlock(&lock);
    log_pos = at + 4; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    int ids[2] = {1, 2};
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, &ids[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    __m128i v = _mm_set1_epi32(log_pos); // NORACE
    v = _mm_add_epi32(v, v);
    return _mm_cvtsi128_si32(v) > 0 ? 0 : 1;
}
