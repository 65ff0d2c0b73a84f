/* A GNU C nested function: gcc compiles it, clang cannot; racehunt must say so in one line */
#include <pthread.h>

int counter;

int main(void)
{
    int step = 2;
    void bump(void) { counter += step; }
    bump();
    return counter == 2 ? 0 : 1;
}
