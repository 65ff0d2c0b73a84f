/* One thread writes a global a million times while another reads it as often
 * (racy). */
#include <pthread.h>
#include <stdio.h>
static int value;
static void *writer(void *a) {
  for (int i = 0; i < 1000000; i++)
    value = i;
  return a;
}
static void *reader(void *a) {
  (void)a;
  long s = 0;
  for (int i = 0; i < 1000000; i++)
    s += value;
  return (void *)s;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d\n", value);
  return 0;
}
