/* cfg_race.h - given with -imacros: a lock that does nothing, so the counter races */
#define LOCK(m) ((void)(m))
#define UNLOCK(m) ((void)(m))
#define ROUNDS 4
