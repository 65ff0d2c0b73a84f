/* test_libspec.c - unit tests of the library specification: its size, that
 * every effects string reads fully and names sane argument positions, no
 * name twice, hidden state only where the reentrant twin has none, and
 * the decoded effects of a few rows. */
#include "check.h"
#include "model/concurrency.h"
#include "model/libspec.h"

#include <stdio.h>
#include <string.h>


/* The effects string re-read by hand: MODE ARG [+] [<SRC] [:SIZE] items. */
static int well_formed(const char *s)
{
    while (*s) {
        if (*s == ' ') {
            s++;
            continue;
        }
        char mode = *s++;
        if (!strchr("rwmp", mode) || *s < '0' || *s > '9')
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
        s += *s == '+';
        if (*s == '<') {
            if (mode != 'p' || !strchr("0123456789*n", s[1]))
                return 0;
            for (s++; *s && strchr("0123456789*n", *s); s++)
                ;
        }
        if (*s == ':') {
            s++;
            if (strncmp(s, "ret", 3) == 0)
                s += 3;
            else if (*s == 's')
                s++;
            else if (*s == 'a' || (*s >= '0' && *s <= '9')) {
                s += *s == 'a';
                while ((*s >= '0' && *s <= '9') || *s == '*' || *s == 'a')
                    s++;
            } else
                return 0;
            s += strncmp(s, "ret", 3) == 0 ? 3 : 0; /* aK*ret */
            s += *s == '!';
        }
        if (*s && *s != ' ')
            return 0;
    }
    return 1;
}

static void test_rows(void)
{
    int n = rh_libspec_count(), dups = 0, bad = 0;
    CHECK(n >= 500);
    for (int i = 0; i < n; i++) {
        const rh_libspec_row *r = rh_libspec_row_at(i);
        if (rh_libspec_lookup(r->e.name) != &r->e)
            dups++, fprintf(stderr, "twice: %s\n", r->e.name);
        if (r->effects && !well_formed(r->effects))
            bad++, fprintf(stderr, "malformed effects of %s: '%s'\n", r->e.name, r->effects);
        rh_effect ef[RH_MAX_EFFECTS];
        int k = rh_libspec_effects(&r->e, ef);
        for (int j = 0; j < k; j++)
            bad += ef[j].arg > 9 || ef[j].a > 9 || ef[j].b > 9;
        size_t len = strlen(r->e.name);
        if (len > 2 && strcmp(r->e.name + len - 2, "_r") == 0 && r->state)
            bad++, fprintf(stderr, "reentrant %s has hidden state\n", r->e.name);
    }
    CHECK(dups == 0);
    CHECK(bad == 0);
}

static void test_lookup(void)
{
    const rh_conc_entry *e = rh_conc_lookup(NULL, "read", 0);
    rh_effect ef[RH_MAX_EFFECTS];
    CHECK(e && e->op == RH_OP_MEMORY && rh_libspec_of(e));
    CHECK(rh_libspec_effects(e, ef) == 1 && ef[0].arg == 1 && ef[0].write && !ef[0].read &&
          ef[0].size == RH_SZ_RET);
    e = rh_conc_lookup(NULL, "fread", 0);
    CHECK(e && rh_libspec_effects(e, ef) == 1 && ef[0].size == RH_SZ_ARG_RET && ef[0].a == 1 &&
          ef[0].exact);
    e = rh_conc_lookup(NULL, "fgets", 0);
    CHECK(e && rh_libspec_effects(e, ef) == 1 && ef[0].size == RH_SZ_ARG && !ef[0].exact);
    e = rh_conc_lookup(NULL, "explicit_bzero", 0);
    CHECK(e && rh_libspec_effects(e, ef) == 1 && ef[0].exact);
    e = rh_conc_lookup(NULL, "strtok", 0);
    CHECK(e && rh_libspec_of(e)->state && (e->flags & RH_F_STATE_WRITE) && e->obj == 0);
    e = rh_conc_lookup(NULL, "strtok_r", 0);
    CHECK(e && !rh_libspec_of(e)->state);
    CHECK(rh_libspec_effects(e, ef) == 3 && ef[2].ptrs && ef[2].bounded && ef[2].from_args == 1u &&
          ef[2].from_old && !ef[2].from_new);
    e = rh_conc_lookup(NULL, "getline", 0);
    CHECK(e && rh_libspec_effects(e, ef) == 2 && ef[0].bounded && !ef[0].from_args && ef[0].from_old &&
          ef[0].from_new && !ef[1].bounded);
    e = rh_conc_lookup(NULL, "qsort", 0);
    CHECK(e && (e->flags & RH_F_CALLBACK) && e->fn == 3);
    e = rh_conc_lookup(NULL, "atexit", 0);
    CHECK(e && (e->flags & RH_F_REGISTER) && e->fn == 0);
    e = rh_conc_lookup(NULL, "execl", 0);
    CHECK(e && rh_libspec_effects(e, ef) == 1 && ef[0].rest && ef[0].size == RH_SZ_STRING);
    CHECK(rh_conc_lookup(NULL, "read", 1) == NULL); /* a program's own read */
    CHECK(rh_conc_lookup(NULL, "pthread_mutex_lock", 0)->op == RH_OP_LOCK); /* sync table first */
    /* one name test serves the undefined-function assumption and the dynamic engine */
    CHECK(rh_conc_may_sync("pthread_foo_np") && rh_conc_may_sync("futex_wait"));
    CHECK(rh_conc_may_sync("uvMutexUnlock") && rh_conc_may_sync("queue_wait_locked"));
    CHECK(rh_conc_may_sync("siglongjmp") && rh_conc_may_sync("tss_foo"));
    CHECK(!rh_conc_may_sync("get_config") && !rh_conc_may_sync("clock_gettime"));
    char buf[64];
    CHECK(strcmp(rh_libspec_state_object("strtok's static buffer", buf, sizeof buf),
                 "libc: strtok's static buffer") == 0);
}

int main(void)
{
    test_rows();
    test_lookup();
    printf("%d passed, %d failed (%d library functions)\n", passed, failed, rh_libspec_count());
    return failed ? 1 : 0;
}
