"""adversarial_kinds.py - the kinds of stress gen_adversarial.py can put into a program.

Each kind is a function (part, size, rng) that adds C declarations and a block of main() to
`part`.  Names in the C text are written `@name` and become `PREFIX_name`, so several kinds can
share one program (the `mix` kind); `$NAME` / `${NAME}` are numbers filled in per program.
`size(name, default)` scales a default size by --scale (never below 1).  Every kind makes some of
its shared data racy and protects the rest, so an engine has real work on both sides (and an
answer "race-free" on any generated program is wrong); every loop ends, so a dynamic run
terminates, and no construct has undefined behaviour besides the intended races.
"""
import string


class Part:
    """The C text one kind contributes: file-scope declarations and one block of main()."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.decls = []
        self.main = []

    def sub(self, text, **kw):
        # Values may hold @names too (calls built from lists), so they go in first.
        return string.Template(text).substitute(kw).replace("@", self.prefix + "_")

    def decl(self, text, **kw):
        self.decls.append(self.sub(text, **kw).strip("\n"))

    def body(self, text, **kw):
        self.main.append(self.sub(text, **kw).strip("\n"))


def ptrchain(part, size, rng):
    """A 200-deep p->next->next... chain over a cyclic list, a heap list walked node by node,
    and a tower of pointers to pointers (int ****...) 20 levels high."""
    depth, levels = size("depth", 200), size("levels", 20)
    nodes = depth + 1
    part.decl("""
struct @node { struct @node *next; int val; int pad; };
static struct @node @nodes[$NODES];
static int @target;
static pthread_mutex_t @lock = PTHREAD_MUTEX_INITIALIZER;
static int *@l1 = &@target;""", NODES=nodes)
    for k in range(2, levels + 1):
        part.decl("static int $STARS@l$K = &@l$PREV;", STARS="*" * k, K=k, PREV=k - 1)
    chain = "->next" * depth
    part.decl("""
static void @build(void)
{
    for (int i = 0; i < $NODES; i++)
        @nodes[i].next = &@nodes[(i + $STEP) % $NODES]; /* a cycle */
}

static struct @node *@heap_chain(int n)
{
    struct @node *head = 0;
    for (int i = 0; i < n; i++) {
        struct @node *x = malloc(sizeof *x);
        if (!x)
            break;
        x->next = head;
        x->val = i;
        head = x;
    }
    return head;
}

static void *@worker(void *arg)
{
    struct @node *h = arg;
    h$CHAIN->val += 1;
    pthread_mutex_lock(&@lock);
    h$CHAIN->pad += 1;
    pthread_mutex_unlock(&@lock);
    $DEREF@l$LEVELS = $VAL;
    struct @node *p = h;
    for (int i = 0; i < $DEPTH; i++)
        p = p->next;
    p->val++;
    struct @node *c = @heap_chain($DEPTH);
    while (c) {
        struct @node *n = c->next;
        free(c);
        c = n;
    }
    return 0;
}""", NODES=nodes, STEP=1, CHAIN=chain, DEREF="*" * levels, LEVELS=levels,
              VAL=rng.randrange(1, 100), DEPTH=depth)
    part.body("""
    @build();
    pthread_t @t[2];
    pthread_create(&@t[0], 0, @worker, &@nodes[0]);
    pthread_create(&@t[1], 0, @worker, &@nodes[$OTHER]);
    @target = 0;
    pthread_join(@t[0], 0);
    pthread_join(@t[1], 0);""", OTHER=rng.choice([0, rng.randrange(nodes)]))


def fnptr(part, size, rng):
    """Thousands of functions called only through tables of function pointers (a global
    table, a heap copy, a ring of ops structs), some calling back through the table,
    thread start routines picked from a table too."""
    n, starts = size("functions", 2000), 8
    part.decl("""
static int @acc[64];
static pthread_mutex_t @lock = PTHREAD_MUTEX_INITIALIZER;
typedef int (*@fn)(int);
struct @ops { @fn op; struct @ops *next; int id; };
static @fn @table[$N];
static @fn *@heap_table;
static struct @ops @ring[$N];""", N=n)
    for i in range(n):
        what = rng.randrange(4)
        if what == 0:
            text = "static int @f$I(int x) { @acc[$K] += x; return x + $I; }"
        elif what == 1:
            text = ("static int @f$I(int x) { pthread_mutex_lock(&@lock); @acc[$K] -= x; "
                    "pthread_mutex_unlock(&@lock); return x; }")
        elif what == 2:  # never true at run time; a cycle in the call graph for an analysis
            text = "static int @f$I(int x) { return x > $N ? @table[$J](x - 1) : x ^ $I; }"
        else:
            text = "static int @f$I(int x) { return x + @acc[$K]; }"
        part.decl(text, I=i, K=rng.randrange(64), N=n, J=rng.randrange(n))
    part.decl("static void @fill(void)\n{")
    for i in range(n):
        part.decl("    @table[$I] = @f$I;", I=i)
    part.decl("}")
    part.decl("""
static void *@worker(void *arg)
{
    long id = (long)arg;
    int s = 0;
    for (int i = 0; i < $N; i++)
        s += @table[(i * $MUL + id) % $N](i);
    for (int i = 0; i < $N; i++)
        s += @heap_table[(i + id) % $N](i & 15);
    struct @ops *o = &@ring[id % $N];
    for (int i = 0; i < $N; i++) {
        s += o->op(i & 7);
        o = o->next;
    }
    return (void *)(long)s;
}""", N=n, MUL=rng.choice([7, 13, 31, 97]))
    for i in range(starts):
        part.decl("static void *@start$I(void *a) { return @worker(a); }", I=i)
    part.decl("static void *(*@starts[$S])(void *) = {%s};" %
              ", ".join("@start%d" % i for i in range(starts)), S=starts)
    part.body("""
    @fill();
    @heap_table = malloc(sizeof @table);
    if (!@heap_table)
        return 1;
    memcpy(@heap_table, @table, sizeof @table);
    for (int i = 0; i < $N; i++) {
        @ring[i].op = @table[(i * 31 + 7) % $N];
        @ring[i].next = &@ring[(i + 1) % $N];
        @ring[i].id = i;
    }
    pthread_t @t[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&@t[i], 0, @starts[(i + $OFF) % $S], (void *)i);
    for (int i = 0; i < 4; i++)
        pthread_join(@t[i], 0);
    free(@heap_table);""", N=n, S=starts, OFF=rng.randrange(starts))


def bigstruct(part, size, rng):
    """A struct of hundreds of fields holding nested structs and arrays of them, copied
    whole by assignment, by value returns and by memcpy/memmove, on stacks and the heap."""
    fields, inner_fields = size("fields", 300), 10
    inners = max(1, fields // 30)
    for j in range(inners):
        part.decl("struct @in$J { %s double d; char tag[8]; };" %
                  " ".join("int a%d;" % k for k in range(inner_fields)), J=j)
    part.decl("struct @mid { %s struct @in0 arr[4]; };" %
              " ".join("struct @in%d x%d;" % (j, j) for j in range(inners)))
    part.decl("struct @big {\n%s\n    struct @mid mid;\n    struct @mid mids[3];\n    char blob[256];\n};" %
              "\n".join("    long f%d;" % i for i in range(fields)))
    j, k = rng.randrange(inners), rng.randrange(inner_fields)
    part.decl("""
static struct @big @g;
static struct @big @copies[8];
static pthread_mutex_t @lock = PTHREAD_MUTEX_INITIALIZER;

static struct @big @make(long seed)
{
    struct @big b;
    memset(&b, 0, sizeof b);
    b.f$R0 = seed;
    b.mid.x$J.a$K = (int)seed;
    b.mids[2] = b.mid;
    return b;
}

static void *@worker(void *arg)
{
    long id = (long)arg;
    struct @big local = @g;
    local.f$R1 += id;
    local.mid.arr[id % 4].a$K = (int)id;
    @copies[id] = local;
    memcpy(&@copies[id + 4], &local, sizeof local);
    struct @big *h = malloc(sizeof *h);
    if (h) {
        *h = @make(id);
        h->mids[1] = local.mid;
        memmove(h, &local, sizeof *h / 2);
        free(h);
    }
    pthread_mutex_lock(&@lock);
    @g.mids[2].x$J.a$K += 1;
    pthread_mutex_unlock(&@lock);
    @g.f$R2 = id;
    return 0;
}""", R0=rng.randrange(fields), R1=rng.randrange(fields), R2=rng.randrange(fields), J=j, K=k)
    part.body("""
    @g = @make(1);
    pthread_t @t[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&@t[i], 0, @worker, (void *)i);
    for (int i = 0; i < 4; i++)
        pthread_join(@t[i], 0);
    @copies[0] = @copies[7];""")


def ptrarith(part, size, rng):
    """Pointer arithmetic in loops that close into cycles: p = p + 1, p = &p->next[k],
    q = (char *)q + stride wrapping around, and uthash-style (char *)elem - offset walks."""
    n, m = size("pool", 1000), size("elems", 256)
    stride = rng.choice([1, 3, 5, 7])
    part.decl("""
struct @hh { struct @hh *next; size_t off; unsigned hv; };
struct @elem { int key; long val; char pad[$PAD]; struct @hh hh; int tail; };
struct @node { int v; struct @node *next; };
static struct @node @pool[$N];
static struct @elem @elems[$M];
static int @buf[$N];
static pthread_mutex_t @lock = PTHREAD_MUTEX_INITIALIZER;

static void @setup(void)
{
    for (int i = 0; i < $N; i++)
        @pool[i].next = @pool; /* p->next[k] indexes the whole pool */
    for (int i = 0; i < $M; i++) {
        @elems[i].hh.off = offsetof(struct @elem, hh);
        @elems[i].hh.next = &@elems[(i + $STEP) % $M].hh; /* a cycle */
    }
}

static void *@walker(void *arg)
{
    long id = (long)arg;
    int *p = @buf;
    for (int i = 0; i < $N; i++) {
        *p += (int)id;
        p = p + 1;
    }
    struct @node *q = &@pool[0];
    for (int i = 0; i < $ITER; i++) {
        q->v++;
        q = &q->next[(i * $K + 1) % $N];
    }
    char *r = (char *)@pool;
    char *end = (char *)(@pool + $N);
    for (int i = 0; i < $ITER; i++) {
        ((struct @node *)r)->v += 2;
        if ((size_t)(end - r) <= $STRIDE * sizeof(struct @node))
            r = (char *)@pool; /* wrap before stepping out of the pool */
        else
            r = r + $STRIDE * sizeof(struct @node);
    }
    void *vq = @buf;
    long sum = 0;
    for (int i = 0; i < $N; i++) {
        sum += *(int *)vq;
        vq = (char *)vq + sizeof(int);
    }
    struct @hh *h = &@elems[id % $M].hh;
    for (int i = 0; i < $ITER; i++) {
        struct @elem *e = (struct @elem *)((char *)h - h->off);
        pthread_mutex_lock(&@lock);
        e->val++;
        pthread_mutex_unlock(&@lock);
        e->key = i;
        h = h->next;
    }
    const unsigned char *w = (const unsigned char *)&@elems[0];
    for (unsigned i = 0; i < sizeof @elems; i++) {
        sum += *w;
        w = w + 1;
    }
    return (void *)sum;
}""", N=n, M=m, PAD=rng.choice([4, 12, 20, 36]), STEP=rng.choice([1, 5, 17]), ITER=3 * n,
              K=rng.choice([3, 7, 11]), STRIDE=stride)
    part.body("""
    @setup();
    pthread_t @t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&@t[i], 0, @walker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(@t[i], 0);""")


def locks(part, size, rng):
    """Thousands of mutexes: an array of locks, a lock in each of thousands of heap
    structs, hundreds of named global locks each guarding its own variable (a few guard the
    wrong one), nested acquisition in index order."""
    n = size("locks", 2000)
    named = max(2, n // 4)
    part.decl("""
static pthread_mutex_t @locks[$N];
static long @data[$N];
struct @acct { pthread_mutex_t m; long bal; struct @acct *peer; };
static struct @acct **@accts;""", N=n)
    for i in range(named):
        part.decl("static pthread_mutex_t @m$I = PTHREAD_MUTEX_INITIALIZER;\nstatic int @v$I;", I=i)
    for i in range(named):
        # A few also write their neighbour's variable, under the wrong lock.
        wrong = "@v%d++; " % ((i + 1) % named) if rng.random() < 0.05 else ""
        part.decl("static void @touch$I(void) { pthread_mutex_lock(&@m$I); @v$I++; ${WRONG}"
                  "pthread_mutex_unlock(&@m$I); }", I=i, WRONG=wrong)
    part.decl("static void (*@touches[$K])(void) = {%s};" %
              ", ".join("@touch%d" % i for i in range(named)), K=named)
    part.decl("""
static void *@worker(void *arg)
{
    long id = (long)arg;
    for (int i = 0; i < $N; i++) {
        pthread_mutex_lock(&@locks[i]);
        @data[i] += id;
        pthread_mutex_unlock(&@locks[i]);
    }
    for (int i = 0; i < $N; i++) {
        struct @acct *a = @accts[(i + id) % $N];
        pthread_mutex_lock(&a->m);
        a->bal++;
        a->peer->bal += $DELTA;
        pthread_mutex_unlock(&a->m);
    }
    for (int i = 0; i < $K; i++)
        @touches[(i + id) % $K]();
    for (int i = 0; i + 1 < $N; i += 2) {
        pthread_mutex_lock(&@locks[i]);
        pthread_mutex_lock(&@locks[i + 1]);
        @data[i] -= 1;
        @data[i + 1] += 1;
        pthread_mutex_unlock(&@locks[i + 1]);
        pthread_mutex_unlock(&@locks[i]);
    }
    @touch0();
    @touch$LAST();
    return 0;
}""", N=n, K=named, LAST=named - 1, DELTA=rng.randrange(1, 9))
    part.body("""
    for (int i = 0; i < $N; i++)
        pthread_mutex_init(&@locks[i], 0);
    @accts = malloc($N * sizeof *@accts);
    if (!@accts)
        return 1;
    for (int i = 0; i < $N; i++) {
        @accts[i] = malloc(sizeof **@accts);
        if (!@accts[i])
            return 1;
        pthread_mutex_init(&@accts[i]->m, 0);
        @accts[i]->bal = 0;
    }
    for (int i = 0; i < $N; i++)
        @accts[i]->peer = @accts[(i + 1) % $N];
    pthread_t @t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&@t[i], 0, @worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(@t[i], 0);
    for (int i = 0; i < $N; i++) {
        pthread_mutex_destroy(&@accts[i]->m);
        free(@accts[i]);
    }
    free(@accts);""", N=n)


def threads(part, size, rng):
    """Thousands of threads: detached ones created by while (1) pthread_create until a count,
    joinable ones in a for loop, and a binary tree of threads creating threads."""
    n, joinable, depth = size("detached", 2000), size("joinable", 500), size("tree_depth", 6)
    part.decl("""
static long @count;
static long @racy;
static pthread_mutex_t @lock = PTHREAD_MUTEX_INITIALIZER;

static void *@task(void *arg)
{
    pthread_mutex_lock(&@lock);
    @count++;
    pthread_mutex_unlock(&@lock);
    @racy += $INC;
    return arg;
}

static void *@tree(void *arg)
{
    long d = (long)arg;
    if (d > 0) {
        pthread_t a, b;
        int ra = pthread_create(&a, 0, @tree, (void *)(d - 1));
        int rb = pthread_create(&b, 0, @tree, (void *)(d - 1));
        if (ra == 0)
            pthread_join(a, 0);
        if (rb == 0)
            pthread_join(b, 0);
    }
    return @task(arg);
}""", INC=rng.randrange(1, 5))
    part.body("""
    pthread_attr_t @attr;
    pthread_attr_init(&@attr);
    pthread_attr_setdetachstate(&@attr, PTHREAD_CREATE_DETACHED);
    long @made = 0;
    while (1) {
        pthread_t t;
        if (pthread_create(&t, &@attr, @task, 0) != 0)
            break;
        if (++@made >= $N)
            break;
    }
    pthread_attr_destroy(&@attr);
    while (1) { /* the detached threads have no join */
        pthread_mutex_lock(&@lock);
        long c = @count;
        pthread_mutex_unlock(&@lock);
        if (c >= @made)
            break;
        sched_yield();
    }
    pthread_t *@ts = malloc($J * sizeof *@ts);
    if (!@ts)
        return 1;
    int @ok = 0;
    for (; @ok < $J; @ok++)
        if (pthread_create(&@ts[@ok], 0, @task, 0) != 0)
            break;
    for (int i = 0; i < @ok; i++)
        pthread_join(@ts[i], 0);
    free(@ts);
    pthread_t @root;
    if (pthread_create(&@root, 0, @tree, (void *)$D) == 0)
        pthread_join(@root, 0);""", N=n, J=joinable, D=depth)


def recursion(part, size, rng):
    """Recursion of every shape: self, mutual, rings of functions calling round, through a
    function pointer, over a heap tree shared by threads, under a recursive mutex taken once
    per level."""
    depth, rings, ring_len = size("depth", 2000), size("rings", 50), 6
    part.decl("""
static long @shared;
static int @levels;
static pthread_mutex_t @rlock;
struct @tnode { struct @tnode *l, *r; long v; };
static struct @tnode *@root;
static long (*@via_fp)(int);

static long @fib(int n) { return n < 2 ? n : @fib(n - 1) + @fib(n - 2); }
static int @is_odd(int n);
static int @is_even(int n)
{
    if (n == 0)
        return 1;
    @shared++;
    return @is_odd(n - 1);
}
static int @is_odd(int n) { return n == 0 ? 0 : @is_even(n - 1); }
static void @locked(int n)
{
    pthread_mutex_lock(&@rlock);
    @levels++;
    if (n > 0)
        @locked(n - 1);
    pthread_mutex_unlock(&@rlock);
}
static struct @tnode *@make(int d)
{
    if (d == 0)
        return 0;
    struct @tnode *t = malloc(sizeof *t);
    if (!t)
        return 0;
    t->l = @make(d - 1);
    t->r = @make(d - 1);
    t->v = d;
    return t;
}
static void @bump(struct @tnode *t)
{
    if (t) {
        t->v++;
        @bump(t->l);
        @bump(t->r);
    }
}
static void @drop(struct @tnode *t)
{
    if (t) {
        @drop(t->l);
        @drop(t->r);
        free(t);
    }
}
static long @via(int n) { return n <= 0 ? 0 : 1 + @via_fp(n - 1); }""")
    for r in range(rings):
        for k in range(ring_len):
            part.decl("static long @r${R}_$K(long n);", R=r, K=k)
    for r in range(rings):
        for k in range(ring_len):
            part.decl("static long @r${R}_$K(long n) { @shared += n & $BIT; return n <= 0 ? 0 : "
                      "@r${R}_$NEXT(n - 1) + 1; }", R=r, K=k, NEXT=(k + 1) % ring_len,
                      BIT=rng.choice([0, 1]))
    part.decl("static long @ring(int i, long n)\n{\n    switch (i) {\n%s\n    }\n    return 0;\n}" %
              "\n".join("    case %d: return @r%d_0(n);" % (r, r) for r in range(rings)))
    part.decl("""
static void *@worker(void *arg)
{
    long s = @fib($FIB) + @is_even($DEPTH) + @via($DEPTH);
    @locked($LOCKED);
    @bump(@root);
    for (int i = 0; i < $RINGS; i++)
        s += @ring(i, $DEPTH);
    return (void *)(s + (long)arg);
}""", FIB=rng.randrange(12, 18), DEPTH=depth, LOCKED=max(1, depth // 10), RINGS=rings)
    part.body("""
    pthread_mutexattr_t @ma;
    pthread_mutexattr_init(&@ma);
    pthread_mutexattr_settype(&@ma, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&@rlock, &@ma);
    @via_fp = @via;
    @root = @make($TREE);
    pthread_t @t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&@t[i], 0, @worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(@t[i], 0);
    @drop(@root);
    pthread_mutex_destroy(&@rlock);""", TREE=min(12, max(2, depth // 200)))


FILLER_LINES = 9  # lines of one filler function, whatever its variant


def filler(part, nfuncs, rng):
    """nfuncs ordinary functions of FILLER_LINES lines each, called as a binary tree from
    two threads: the bulk of a --lines program.  Globals are guarded by a lock chosen from
    their index, except a few written bare."""
    globs, nlocks = max(4, nfuncs // 8), max(2, nfuncs // 64)
    part.decl("""
static long @g[$G];
static pthread_mutex_t @l[$L];""", G=globs, L=nlocks)
    for i in range(nfuncs - 1, -1, -1):  # callees first, so no prototypes are needed
        kids = [c for c in (2 * i + 1, 2 * i + 2) if c < nfuncs]
        calls = "".join("@fn%d(x + %d);" % (c, c) for c in kids) or "x++;"
        g = rng.randrange(globs)
        guarded = i != 0 and rng.random() > 0.02  # fn0 runs in both threads: always a race
        access = ("pthread_mutex_lock(&@l[$LK]);\n    @g[$GI] += x;\n    pthread_mutex_unlock(&@l[$LK]);"
                  if guarded else "@g[$GI] += x; /* unguarded */\n    x ^= $GI;\n    x += 1;")
        part.decl("""
static void @fn$I(long x)
{
    for (int i = 0; i < $LOOP; i++)
        x += i;
    $ACCESS
    $CALLS
}""".replace("$ACCESS", access), I=i, LOOP=rng.randrange(1, 5), LK=g % nlocks, GI=g, CALLS=calls)
    part.decl("""
static void *@worker(void *arg)
{
    @fn0((long)arg);
    return 0;
}""")
    part.body("""
    for (int i = 0; i < $L; i++)
        pthread_mutex_init(&@l[i], 0);
    pthread_t @t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&@t[i], 0, @worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(@t[i], 0);""", L=nlocks)


# name -> (function, prefix, what it stresses)
KINDS = {
    "ptrchain": (ptrchain, "chain", ptrchain.__doc__),
    "fnptr": (fnptr, "fp", fnptr.__doc__),
    "bigstruct": (bigstruct, "big", bigstruct.__doc__),
    "ptrarith": (ptrarith, "arith", ptrarith.__doc__),
    "locks": (locks, "lk", locks.__doc__),
    "threads": (threads, "thr", threads.__doc__),
    "recursion": (recursion, "rec", recursion.__doc__),
}
