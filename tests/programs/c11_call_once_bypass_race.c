/* C11 call_once: one thread fills the table through call_once, the other reads it without calling call_once first: nothing orders the fill before that read, race. */
#include <threads.h>

once_flag table_once = ONCE_FLAG_INIT;
int table[8];

static void fill(void)
{
    table[3] = 6; // RACE
}

static int careful(void *arg)
{
    (void)arg;
    call_once(&table_once, fill);
    return 0;
}

static int hasty(void *arg)
{
    (void)arg;
    return table[3]; // RACE
}

int main(void)
{
    thrd_t a, b;
    thrd_create(&a, careful, 0);
    thrd_create(&b, hasty, 0);
    thrd_join(a, 0);
    thrd_join(b, 0);
    return 0;
}
