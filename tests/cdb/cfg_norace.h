/* cfg_norace.h - given with -imacros: a real mutex, so the counter does not race */
#define LOCK(m) pthread_mutex_lock(m)
#define UNLOCK(m) pthread_mutex_unlock(m)
#define ROUNDS 4
