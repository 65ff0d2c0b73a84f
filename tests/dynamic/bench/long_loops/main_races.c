/* main and one thread increment a counter a million times each, unlocked
 * (racy). */
#include <pthread.h>
#include <stdio.h>
static unsigned long ticks;
static void *work(void *a) {
  for (int i = 0; i < 1000000; i++)
    ticks++;
  return a;
}
int main(void) {
  pthread_t a;
  pthread_create(&a, 0, work, 0);
  for (int i = 0; i < 1000000; i++)
    ticks++;
  pthread_join(a, 0);
  printf("%lu\n", ticks);
  return 0;
}
