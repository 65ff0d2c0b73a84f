/* Two threads increment a global counter a million times each, unlocked (racy).
 */
#include <pthread.h>
#include <stdio.h>
static int counter;
static void *work(void *a) {
  for (int i = 0; i < 1000000; i++)
    counter++;
  return a;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d\n", counter);
  return 0;
}
