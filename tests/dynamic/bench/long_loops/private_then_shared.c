/* Two threads sum a million values in a local, then add it to a global unlocked
 * (racy). */
#include <pthread.h>
#include <stdio.h>
static long total;
static void *work(void *a) {
  long local = 0;
  for (long i = 0; i < 1000000; i++)
    local += i % 7;
  total += local;
  return a;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%ld\n", total);
  return 0;
}
