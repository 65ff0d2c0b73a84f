/* counter.h - the shared counter of the tests/cdb project */
#include <pthread.h>

extern pthread_mutex_t counter_lock;
void *counter_worker(void *arg);
long counter_total(void);
