/* The race in another file, for file-name suppression patterns. */
int other_total;

void other_work(void)
{
    other_total += 2; // RACE
}
