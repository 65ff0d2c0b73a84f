/* Two threads add to a field of one heap block a million times each, unlocked
 * (racy). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct box {
  long hits;
  long pad;
};
static void *work(void *a) {
  struct box *b = a;
  for (long i = 0; i < 1000000; i++)
    b->hits += i & 1;
  return NULL;
}
int main(void) {
  struct box *b = calloc(1, sizeof *b);
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, work, b);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  printf("%ld\n", b->hits);
  free(b);
  return 0;
}
