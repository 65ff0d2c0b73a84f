/* inline assembly in one function (a cycle counter and a locked exchange) and an unprotected counter elsewhere */
#include <pthread.h>
#include <stdint.h>
static int total;
static int flag;
static uint64_t cycles(void) {
    uint32_t lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}
static int swap_flag(int v) {
    __asm__ volatile("xchgl %0, %1" : "+r"(v), "+m"(flag) : : "memory");
    return v;
}
static void *worker(void *arg) {
    total += (int)(cycles() & 1) + 1; // RACE
    return arg;
}
int main(void) {
    swap_flag(1);
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
