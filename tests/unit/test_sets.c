/* test_sets.c - unit tests of the containers the analyses are built on:
 * the sorted sets of the static engine (sset.h), checked operation by
 * operation against a plain bitmap over many random sets; the one hash map
 * and hash functions (util/hashmap.h); the SHA-256 of a file. */
#include "check.h"
#include "engines/static/sset.h"
#include "util/hashmap.h"
#include "util/sha256.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>


#define UNIVERSE 96 /* small, so that random sets overlap often */

typedef struct {
    unsigned char in[UNIVERSE];
} bits;

/* A deterministic generator: the same sets on every run. */
static uint64_t rng = 88172645463325252ULL;
static uint64_t next_rand(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* Values spread over the whole 64-bit range, so sorting by the upper bits matters. */
static uint64_t value_of(unsigned i)
{
    return (uint64_t)i * 0x0155555555555555ULL; /* increasing over the universe */
}

static void random_set(rh_sset *s, bits *b, unsigned density)
{
    memset(b, 0, sizeof *b);
    rh_sset_clear(s);
    unsigned order[UNIVERSE];
    for (unsigned i = 0; i < UNIVERSE; i++)
        order[i] = i;
    for (unsigned i = UNIVERSE - 1; i > 0; i--) { /* insert in random order */
        unsigned j = (unsigned)(next_rand() % (i + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (unsigned k = 0; k < UNIVERSE; k++)
        if (next_rand() % 100 < density) {
            b->in[order[k]] = 1;
            rh_sset_add(s, value_of(order[k]));
        }
}

/* s holds exactly b's members, sorted and unique. */
static int same(const rh_sset *s, const bits *b)
{
    uint32_t k = 0;
    for (unsigned i = 0; i < UNIVERSE; i++)
        if (b->in[i] && (k >= s->n || s->v[k++] != value_of(i)))
            return 0;
    return k == s->n;
}

static void test_sset_basics(void)
{
    rh_sset s = {0}, t = {0};
    CHECK(s.n == 0 && !rh_sset_has(&s, 0));
    CHECK(rh_sset_add(&s, 5) == 1 && rh_sset_add(&s, 5) == 0);
    CHECK(rh_sset_add(&s, 0) == 1 && rh_sset_add(&s, UINT64_MAX) == 1);
    CHECK(s.n == 3 && s.v[0] == 0 && s.v[1] == 5 && s.v[2] == UINT64_MAX);
    CHECK(rh_sset_lower_bound(&s, 1) == 1 && rh_sset_lower_bound(&s, 6) == 2);
    CHECK(rh_sset_remove(&s, 7) == 0 && rh_sset_remove(&s, 5) == 1 && s.n == 2);
    CHECK(rh_sset_union(&s, &s) == 0 && s.n == 2); /* a set with itself */
    rh_sset_copy(&t, &s);
    CHECK(rh_sset_equal(&s, &t) && rh_sset_hash(&s) == rh_sset_hash(&t));
    CHECK(rh_sset_intersect(&t, &s) == 0); /* nothing changed: the fixpoint loops stop */
    rh_sset_add(&t, 9);
    CHECK(!rh_sset_equal(&s, &t) && rh_sset_hash(&s) != rh_sset_hash(&t));
    rh_sset empty = {0};
    CHECK(rh_sset_intersect(&t, &empty) == 1 && t.n == 0);
    CHECK(rh_sset_hash(&empty) != rh_sset_hash(&s));
    rh_sset_free(&s);
    rh_sset_free(&t);
    CHECK(s.v == NULL && s.n == 0);
}

/* Every operation on many random pairs of sets, of sparse and dense sets. */
static void test_sset_against_bitmaps(void)
{
    static const unsigned density[] = {0, 3, 20, 50, 90, 100};
    int bad = 0;
    rh_sset s = {0}, t = {0}, out = {0};
    bits bs, bt, want;
    for (int round = 0; round < 600; round++) {
        random_set(&s, &bs, density[round % 6]);
        random_set(&t, &bt, density[(round / 6) % 6]);
        bad += !same(&s, &bs) || !same(&t, &bt);
        unsigned nminus = 0, nunion = 0, ninter = 0, nsame = 1;
        for (unsigned i = 0; i < UNIVERSE; i++) {
            nminus += bt.in[i] && !bs.in[i];
            nunion += bt.in[i] && !bs.in[i];
            ninter += bs.in[i] && !bt.in[i];
            nsame &= bs.in[i] == bt.in[i];
            bad += rh_sset_has(&s, value_of(i)) != bs.in[i];
        }
        bad += rh_sset_equal(&s, &t) != (int)nsame;
        rh_sset_clear(&out);
        bad += rh_sset_minus(&t, &s, &out) != nminus || rh_sset_minus(&t, &s, NULL) != nminus;
        for (unsigned i = 0; i < UNIVERSE; i++)
            want.in[i] = bt.in[i] && !bs.in[i];
        bad += !same(&out, &want);

        rh_sset u = {0};
        rh_sset_copy(&u, &s);
        bad += rh_sset_union(&u, &t) != (nunion > 0);
        for (unsigned i = 0; i < UNIVERSE; i++)
            want.in[i] = bs.in[i] || bt.in[i];
        bad += !same(&u, &want);
        rh_sset_copy(&u, &s);
        bad += rh_sset_intersect(&u, &t) != (ninter > 0);
        for (unsigned i = 0; i < UNIVERSE; i++)
            want.in[i] = bs.in[i] && bt.in[i];
        bad += !same(&u, &want);
        for (unsigned i = 0; i < UNIVERSE; i++) /* removing one by one empties it */
            bad += rh_sset_remove(&u, value_of(i)) != want.in[i];
        bad += u.n != 0;
        rh_sset_free(&u);
    }
    CHECK(bad == 0);
    rh_sset_free(&s);
    rh_sset_free(&t);
    rh_sset_free(&out);
}

static void test_map(void)
{
    rh_map m = {0};
    CHECK(rh_map_get(&m, 0, -7) == -7); /* the empty map allocates nothing */
    rh_map_put(&m, 0, 11);              /* 0 is a key like any other */
    CHECK(rh_map_get(&m, 0, -1) == 11 && m.len == 1);
    rh_map_put(&m, 0, 12);
    CHECK(rh_map_get(&m, 0, -1) == 12 && m.len == 1);
    const int n = 5000;
    for (int i = 1; i <= n; i++) /* keys that share their low bits */
        rh_map_put(&m, (uint64_t)i << 32, i);
    int bad = 0;
    for (int i = 1; i <= n; i++)
        bad += rh_map_get(&m, (uint64_t)i << 32, -1) != i || rh_map_get(&m, (uint64_t)i, -1) != -1;
    CHECK(bad == 0 && m.len == (size_t)n + 1 && 2 * m.len <= m.cap);

    rh_map c;
    rh_map_copy(&c, &m);
    rh_map_put(&c, 1, 1); /* a copy is independent of its original */
    CHECK(rh_map_get(&m, 1, -1) == -1 && rh_map_get(&c, 1, -1) == 1);
    uint64_t key, sum = 0;
    long val;
    size_t seen = 0;
    for (size_t pos = 0; rh_map_next(&m, &pos, &key, &val);) {
        seen++;
        sum += (uint64_t)val;
        bad += rh_map_get(&m, key, -1) != val;
    }
    CHECK(bad == 0 && seen == m.len && sum == 12 + (uint64_t)n * (n + 1) / 2);

    int x, y;
    rh_map_put_ptr(&c, &x, 3);
    CHECK(rh_map_get_ptr(&c, &x, 0) == 3 && rh_map_get_ptr(&c, &y, 0) == 0);
    rh_map_free(&m);
    rh_map_free(&c);
    CHECK(m.cap == 0 && m.keys == NULL && rh_map_get(&m, 0, -2) == -2);
    rh_map empty = {0}, empty_copy;
    rh_map_copy(&empty_copy, &empty);
    size_t pos = 0;
    CHECK(empty_copy.cap == 0 && !rh_map_next(&empty_copy, &pos, &key, &val));
}

static void test_hashes(void)
{
    /* FNV-1a 64 reference values: the empty string is the offset basis */
    CHECK(rh_hash_bytes(RH_HASH_SEED, "", 0) == 0xcbf29ce484222325ULL);
    CHECK(rh_hash_bytes(RH_HASH_SEED, "a", 1) == 0xaf63dc4c8601ec8cULL);
    CHECK(rh_hash_bytes(RH_HASH_SEED, "foobar", 6) == 0x85944171f73967e8ULL);
    /* hashing in pieces is hashing the whole */
    CHECK(rh_hash_bytes(rh_hash_bytes(RH_HASH_SEED, "foo", 3), "bar", 3) ==
          rh_hash_bytes(RH_HASH_SEED, "foobar", 6));
    CHECK(rh_hash64(0) == 0 && rh_hash64(1) != rh_hash64(2) && (rh_hash64(1) >> 32) != 0);
}

static void test_sha256(void)
{
    char path[] = "/tmp/racehunt-test-sha-XXXXXX", hex[65];
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, "abc", 3) == 3);
    close(fd);
    CHECK(rh_sha256_file(path, hex) == 0 &&
          strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
    fd = open(path, O_WRONLY | O_TRUNC);
    close(fd);
    CHECK(rh_sha256_file(path, hex) == 0 &&
          strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0);
    unlink(path);
    CHECK(rh_sha256_file(path, hex) == -1);
}

int main(void)
{
    test_sset_basics();
    test_sset_against_bitmaps();
    test_map();
    test_hashes();
    test_sha256();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
