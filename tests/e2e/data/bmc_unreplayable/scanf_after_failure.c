/* bmc models each scanf result on its own, so it allows what no input
 * gives: a first scanf that fails to match (returns 0, leaving the
 * offending character unread) and a second one that then assigns a number.
 * The write of `limit` behind that pair is no race of any run; bmc's
 * counterexample for it has no standard input to carry, does not replay,
 * and must be reported as likely with a note, never as confirmed. */
#include <pthread.h>
#include <stdio.h>

int limit;

void *worker(void *arg)
{
    (void)arg;
    return (void *)(long)limit;
}

int main(void)
{
    pthread_t t;
    int a = 0, b = 0;
    pthread_create(&t, 0, worker, 0);
    int r1 = scanf("%d", &a);
    int r2 = scanf("%d", &b);
    if (r1 == 0 && r2 == 1)
        limit = b;
    pthread_join(t, 0);
    return 0;
}
