/* Both workers parse a number with sscanf and let %n store how far they
 * read into one shared position: the %n stores race. */
#include <pthread.h>
#include <stdio.h>

int pos;

void *parse(void *arg)
{
    int value = 0;
    sscanf((const char *)arg, "%d%n", &value, &pos); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, parse, "12 apples");
    pthread_create(&b, NULL, parse, "345 pears");
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", pos);
    return 0;
}
