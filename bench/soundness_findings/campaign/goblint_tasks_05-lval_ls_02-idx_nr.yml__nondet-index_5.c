#include <pthread.h>

int data;
pthread_mutex_t m[10];

void *t_fun(void *arg) {
  pthread_mutex_lock(&m[4]);
  data++; // NORACE
  pthread_mutex_unlock(&m[4]);
  return NULL;
}

int main() {
  for (int i = 0; i < 10; i++)
    pthread_mutex_init(&m[i], NULL);

  pthread_t id;
  pthread_create(&id, NULL, t_fun, NULL);
  pthread_mutex_lock(&m[4]);
  pthread_mutex_unlock(&m[(unsigned)({ extern int __VERIFIER_nondet_int(void); __VERIFIER_nondet_int(); }) % (__builtin_types_compatible_p(__typeof__(m), __typeof__(&(m)[0])) ? 1u : (unsigned)(sizeof(m) / sizeof((m)[0])))]); // NORACE
  data++;
  return 0;
}

