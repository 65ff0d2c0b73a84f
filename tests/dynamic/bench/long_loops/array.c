/* Two threads bump a histogram's cells a million times each, unlocked (racy).
 */
#include <pthread.h>
#include <stdio.h>
#define N 1000
static int hist[N];
static void *work(void *a) {
  for (int i = 0; i < 1000000; i++)
    hist[(i * 31) % N]++;
  return a;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d\n", hist[0]);
  return 0;
}
