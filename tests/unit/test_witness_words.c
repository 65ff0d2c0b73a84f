/* test_witness_words.c - unit tests of the words a witness's program
 * carries for the inputs --inputs=solver chose (result/race.h): the check
 * of --env=, --env-unset= and --file-hex= words, and their way through
 * rh_witness_program and back through rh_witness_program_parse next to
 * the files and --arg= words; the clock inputs' names
 * (rh_witness_clock_input); and the input in a reader's words
 * (rh_witness_input_text). */
#include "check.h"
#include "result/race.h"
#include "result/witness_file.h"
#include "util/options.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

static void test_check(void)
{
    char err[RH_ERR_MAX];
    CHECK(rh_witness_input_word("--env=MODE=turbo", err) == 1);
    CHECK(rh_witness_input_word("--env=MODE=", err) == 1);
    CHECK(rh_witness_input_word("--env-unset=MODE", err) == 1);
    CHECK(rh_witness_input_word("--file-hex=6869:/etc/x.conf", err) == 1);
    CHECK(rh_witness_input_word("--file-hex=:/etc/empty", err) == 1);
    CHECK(rh_witness_input_word("--arg=x", err) == 0 && rh_witness_input_word("main.c", err) == 0);
    CHECK(rh_witness_input_word("--env==turbo", err) == -1 && strstr(err, "--env=NAME=VALUE"));
    CHECK(rh_witness_input_word("--env=MODE", err) == -1);
    CHECK(rh_witness_input_word("--env-unset=", err) == -1);
    /* what steers the loader or racehunt's runtime is no input a witness may set */
    CHECK(rh_witness_input_word("--env=LD_PRELOAD=/tmp/x.so", err) == -1 && strstr(err, "refused"));
    CHECK(rh_witness_input_word("--env=RH_RT_OUT=main.c", err) == -1 && strstr(err, "RH_RT_OUT"));
    CHECK(rh_witness_input_word("--env-unset=ASAN_OPTIONS", err) == -1);
    CHECK(rh_witness_input_word("--env=LDAP_HOST=x", err) == 1);
    CHECK(rh_witness_input_word("--file-hex=686:/x", err) == -1);
    CHECK(rh_witness_input_word("--file-hex=zz:/x", err) == -1);
    CHECK(rh_witness_input_word("--file-hex=6869", err) == -1 && strstr(err, "HEX:PATH"));
    CHECK(rh_witness_input_word("--file-hex=6869:", err) == -1);
}

static void test_round_trip(void)
{
    const char *files[] = {"/nonexistent/main.c"}, *args[] = {"-v", "--env=not-an-input"};
    const char *words[] = {"--env=MODE=a b", "--file-hex=6869:/etc/x y.conf", "--env-unset=HOME"};
    rh_options o = {0};
    o.files = files, o.nfiles = 1;
    o.run_args = args, o.nrun_args = 2;
    o.input_words = words, o.ninput_words = 3;
    char *program = rh_witness_program(&o);
    rh_options back = {0};
    char **tokens = NULL;
    int n = 0;
    rh_witness_program_parse(program, &back, &tokens, &n);
    CHECK(back.nfiles == 1 && strcmp(back.files[0], "/nonexistent/main.c") == 0);
    /* an argument spelled like an input word stays an argument */
    CHECK(back.nrun_args == 2 && strcmp(back.run_args[1], "--env=not-an-input") == 0);
    CHECK(back.ninput_words == 3);
    for (int i = 0; i < 3 && back.ninput_words == 3; i++)
        CHECK(strcmp(back.input_words[i], words[i]) == 0);
    for (int i = 0; i < n; i++)
        free(tokens[i]);
    free(tokens);
    free(program);
}

static void test_clock_names(void)
{
    int tid = -1;
    unsigned call = 9, word = 9;
    CHECK(rh_witness_clock_input("clock:3:0:2", &tid, &call, &word) == 0 && tid == 3 && call == 0 &&
          word == 2);
    CHECK(rh_witness_clock_input("clock:999999:999999:4", &tid, &call, &word) == 0);
    static const char *const bad[] = {"clock:1:0",        "clock:1:0:2:3", "clock::0:1",
                                      "clock:-1:0:0",     "clock:1:0:x",   "clock: 1:0:0",
                                      "clock:1:0:0 ",     "clock:1:+0:0",  "clock:9999999:0:0",
                                      "clock:1:0:",       "clocks:1:0:0",  "argc",
                                      "clock:99999999999999999999:0:0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(rh_witness_clock_input(bad[i], &tid, &call, &word) == -1);
}

static void input_is(const char *program, const char *want)
{
    rh_witness w = {0};
    w.program = (char *)program;
    char *got = rh_witness_input_text(&w);
    CHECK(want ? got && strcmp(got, want) == 0 : got == NULL);
    if (want && (!got || strcmp(got, want) != 0))
        printf("  input of \"%s\": \"%s\", want \"%s\"\n", program, got ? got : "(none)", want);
    free(got);
}

static void test_input_text(void)
{
    input_is("/src/a.c", NULL);
    input_is("/src/a.c --entry=f", NULL);
    input_is("/src/a.c --arg=-v --arg=3", "arguments -v 3");
    input_is("/src/a.c --arg=two%20words --arg=", "arguments 'two words' ''");
    /* text with a newline, zeros counted, binary counted */
    input_is("/src/a.c --stdin-hex=676f0a", "standard input \"go\\n\"");
    input_is("/src/a.c --stdin-hex=000000", "standard input 3 zero bytes");
    input_is("/src/a.c --stdin-hex=ff01", "standard input 2 bytes");
    input_is("/src/a.c --arg=-c --file-hex=6869:/etc/x.conf --env=MODE=turbo --env-unset=HOME",
             "arguments -c; file /etc/x.conf holding \"hi\"; MODE=turbo in the environment; "
             "HOME not in the environment");
    input_is("/src/a.c --stdin=/tmp/in.txt", "standard input from /tmp/in.txt");
}

int main(void)
{
    test_input_text();
    test_check();
    test_clock_names();
    test_round_trip();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
