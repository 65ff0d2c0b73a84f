/* C11 call_once: both threads call it before reading the table its routine fills; the routine's writes happen before every call_once return: no race. */
#include <threads.h>

once_flag table_once = ONCE_FLAG_INIT;
int table[8];

static void fill(void)
{
    for (int i = 0; i < 8; i++)
        table[i] = 2 * i; // NORACE
}

static int reader(void *arg)
{
    call_once(&table_once, fill);
    return table[(int)(long)arg]; // NORACE
}

int main(void)
{
    thrd_t a, b;
    thrd_create(&a, reader, (void *)3L);
    thrd_create(&b, reader, (void *)5L);
    thrd_join(a, 0);
    thrd_join(b, 0);
    return 0;
}
