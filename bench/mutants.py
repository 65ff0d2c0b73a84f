#!/usr/bin/env python3
"""mutants.py -- source-level mutation operators that can introduce a data race into C code.

Used by bench/soundness.py.  Works on a small C tokenizer of its own (comments, strings,
character literals and preprocessor lines are skipped; nothing is keyed on file names), so a
mutant is the original text with one span replaced.  Every operator is general: it looks for a
synchronisation call, a join, a create or an atomic builtin and edits that site.

Operators (OPERATORS lists them in table order):
  del-lock       delete one lock acquisition (mutex, trylock, spin, rwlock, mtx_, atomic_begin)
  del-unlock     delete one lock release
  del-lock-pair  delete an acquisition and the next release of the same lock in the function
  unlock-early   swap a release with the statement before it (the access leaves the section)
  lock-late      swap an acquisition with the statement after it
  lock-index     lock or unlock another element of a lock array: [i] -> [0] or [(i+1) % N]
  nondet-index   lock or unlock a nondeterministically chosen element: [i] -> [nondet % N];
                 or unlock such an element one statement early (an imprecise unlock)
  wrong-lock     lock and unlock another lock of the program (same kind) instead, as a pair
  drop-join      delete a pthread_join / thrd_join
  late-join      swap a join with the statement after it, or move it to the end of its block
  create-early   swap a pthread_create / thrd_create with the statement before it
  atomic-plain   turn an atomic builtin (__atomic_*, __sync_*, C11 atomic_*) into plain C,
                 drop an _Atomic qualifier or atomic_* type, or make a __VERIFIER_atomic_*
                 function an ordinary one
  del-wait       delete a barrier wait, semaphore wait or condition wait

Python 3 standard library only.  `python3 bench/mutants.py FILE` lists the mutants of FILE.
"""

import random
import re
import sys
from collections import namedtuple

Token = namedtuple("Token", "kind text start end line")
# A mutant: operator, its number among the operator's mutants of the file, source line, what it
# does, and its edits: (start, end, replacement) character spans of the original text.
Mutant = namedtuple("Mutant", "op site line desc edits")

OPERATORS = ["del-lock", "del-unlock", "del-lock-pair", "unlock-early", "lock-late",
             "lock-index", "nondet-index", "wrong-lock", "drop-join", "late-join", "create-early",
             "atomic-plain", "del-wait"]

# Operators that find few sites in most programs; sample() takes them first.
RARE = ["nondet-index", "lock-index", "atomic-plain", "del-wait", "wrong-lock"]

ACQUIRE = {
    "pthread_mutex_lock", "pthread_mutex_trylock", "pthread_mutex_timedlock",
    "pthread_spin_lock", "pthread_spin_trylock",
    "pthread_rwlock_rdlock", "pthread_rwlock_wrlock", "pthread_rwlock_tryrdlock",
    "pthread_rwlock_trywrlock", "pthread_rwlock_timedrdlock", "pthread_rwlock_timedwrlock",
    "mtx_lock", "mtx_trylock", "mtx_timedlock", "__VERIFIER_atomic_begin",
}
RELEASE = {"pthread_mutex_unlock", "pthread_spin_unlock", "pthread_rwlock_unlock",
           "mtx_unlock", "__VERIFIER_atomic_end"}
JOIN = {"pthread_join", "thrd_join"}
CREATE = {"pthread_create", "thrd_create"}
WAIT = {"pthread_barrier_wait", "sem_wait", "sem_timedwait", "sem_trywait",
        "pthread_cond_wait", "pthread_cond_timedwait", "cnd_wait", "cnd_timedwait"}

# Keywords that cannot start a statement we move around.
CONTROL = {"if", "else", "for", "while", "do", "switch", "case", "default", "return",
           "break", "continue", "goto", "typedef", "static", "extern"}

# Tokens that make a statement an access or a call (moving anything else changes nothing).
EFFECTS = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--", "("}

# C11 atomic typedefs and the plain types they stand for.
ATOMIC_TYPEDEFS = {
    "atomic_bool": "_Bool", "atomic_char": "char", "atomic_schar": "signed char",
    "atomic_uchar": "unsigned char", "atomic_short": "short", "atomic_ushort": "unsigned short",
    "atomic_int": "int", "atomic_uint": "unsigned int", "atomic_long": "long",
    "atomic_ulong": "unsigned long", "atomic_llong": "long long",
    "atomic_ullong": "unsigned long long", "atomic_size_t": "size_t",
    "atomic_intptr_t": "intptr_t", "atomic_uintptr_t": "uintptr_t",
}

NONDET = "({ extern int __VERIFIER_nondet_int(void); __VERIFIER_nondet_int(); })"

# ------------------------------------------------------------------ tokenizer

TOKEN_RE = re.compile(r"""
  (?P<nl>\n)
 |(?P<ws>[ \t\r\f\v]+|\\\n)
 |(?P<comment>//[^\n]*|/\*.*?\*/)
 |(?P<str>(?:u8|[LuU])?"(?:\\.|[^"\\\n])*")
 |(?P<chr>[LuU]?'(?:\\.|[^'\\\n])*')
 |(?P<id>[A-Za-z_]\w*)
 |(?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)
 |(?P<punct>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\.\.\.|\#\#
            |[{}\[\]();,.<>+\-*/%&|^!~?:=\#])
 |(?P<other>.)""", re.S | re.X)


def tokenize(src):
    """Significant tokens of C source; comments and preprocessor lines are dropped."""
    toks, line, pos, at_line_start, in_directive = [], 1, 0, True, False
    for m in TOKEN_RE.finditer(src):
        kind, text = m.lastgroup, m.group()
        if kind == "nl":
            line += 1
            at_line_start, in_directive = True, False
            continue
        line_here = line
        line += text.count("\n")
        if kind in ("ws", "comment"):
            continue
        if at_line_start and text == "#":
            in_directive = True
        at_line_start = False
        if not in_directive:
            toks.append(Token(kind, text, m.start(), m.end(), line_here))
    return toks


# ------------------------------------------------------------------ token helpers

OPEN = {"(": ")", "[": "]", "{": "}"}


def match_close(toks, i):
    """Index of the bracket closing toks[i], or None."""
    want, depth = OPEN[toks[i].text], 0
    for j in range(i, len(toks)):
        t = toks[j].text
        if t == toks[i].text:
            depth += 1
        elif t == want:
            depth -= 1
            if depth == 0:
                return j
    return None


def split_args(toks, lp, rp):
    """Top-level comma-separated argument ranges [(a, b)) of the call whose parens are lp, rp."""
    args, depth, start = [], 0, lp + 1
    for j in range(lp + 1, rp):
        t = toks[j].text
        if t in OPEN:
            depth += 1
        elif t in (")", "]", "}"):
            depth -= 1
        elif t == "," and depth == 0:
            args.append((start, j))
            start = j + 1
    if start < rp:
        args.append((start, rp))
    return args


class Source:
    """Source text plus its tokens, with the span helpers the operators share."""

    def __init__(self, text):
        self.text = text
        self.toks = tokenize(text)
        self._outer_end = None

    def span(self, a, b):
        """Source text of tokens a..b inclusive."""
        return self.text[self.toks[a].start:self.toks[b].end]

    def replace(self, a, b, new):
        """The edit that replaces tokens a..b inclusive by `new`."""
        return ((self.toks[a].start, self.toks[b].end, new),)

    def calls(self, names):
        """(name index, '(' index, ')' index) of every call to one of `names`."""
        toks = self.toks
        for i, t in enumerate(toks[:-1]):
            if t.kind != "id" or t.text not in names or toks[i + 1].text != "(":
                continue
            prev = toks[i - 1] if i else None
            if prev is not None and (prev.kind in ("id", "num") and prev.text not in
                                     ("return", "else", "do", "case")
                                     or prev.text in (".", "->", "*")):
                continue                         # a declaration or a member, not a call
            rp = match_close(toks, i + 1)
            if rp is not None:
                yield i, i + 1, rp

    def statement_of_call(self, i, rp):
        """(first, last) token of the expression statement that is just this call, or None.

        `f(x);` and `(void) f(x);` qualify; the call must stand in statement position.
        """
        toks = self.toks
        if rp + 1 >= len(toks) or toks[rp + 1].text != ";":
            return None
        first = i
        if i >= 3 and [t.text for t in toks[i - 3:i]] == ["(", "void", ")"]:
            first = i - 3
        if first == 0:
            return None
        if toks[first - 1].text in (";", "{", "}", ")", "else", "do", ":"):
            return first, rp + 1
        return None

    def block_statement_of_call(self, i, rp):
        """statement_of_call, only for a statement of a block (not the body of an if or a loop)."""
        stmt = self.statement_of_call(i, rp)
        if stmt and self.toks[stmt[0] - 1].text in (";", "{", "}"):
            return stmt
        return None

    def simple_statement_before(self, first):
        """(a, b) of the plain statement ending just before token `first`, in the same block."""
        toks = self.toks
        if first == 0 or toks[first - 1].text != ";":
            return None
        b, depth, j = first - 1, 0, first - 2
        while j >= 0:
            t = toks[j].text
            if t in (")", "]"):
                depth += 1
            elif t in ("(", "["):
                if depth == 0:
                    return None                  # inside a for header
                depth -= 1
            elif depth == 0 and t in (";", "{", "}"):
                break
            j -= 1
        return (j + 1, b) if self.plain(j + 1, b) else None

    def simple_statement_after(self, last):
        """(a, b) of the plain statement starting just after token `last`, in the same block."""
        toks = self.toks
        a, depth, j = last + 1, 0, last + 1
        while j < len(toks):
            t = toks[j].text
            if t in ("(", "["):
                depth += 1
            elif t in (")", "]"):
                if depth == 0:
                    return None
                depth -= 1
            elif t in ("{", "}"):
                return None
            elif t == ";" and depth == 0:
                return (a, j) if self.plain(a, j) else None
            j += 1
        return None

    def plain(self, a, b):
        """A statement we may move: an assignment or a call, no block, no control keyword, no label."""
        toks = self.toks
        if a >= b or toks[a].text in CONTROL or toks[a].text.startswith("__VERIFIER_atomic"):
            return False
        if toks[a].kind == "id" and a + 1 <= b and toks[a + 1].text == ":":
            return False
        body = [t.text for t in toks[a:b + 1]]
        if not any(t in EFFECTS for t in body):
            return False                          # a declaration without initialiser: no access
        return not any(t in ("{", "}") for t in body)

    def enclosing_function_end(self, i):
        """Index of the '}' closing the outermost block around token i, or None."""
        if self._outer_end is None:
            self._outer_end, depth, start = [None] * len(self.toks), 0, 0
            for j, t in enumerate(self.toks):
                if t.text == "{":
                    start = j if depth == 0 else start
                    depth += 1
                elif t.text == "}" and depth > 0:
                    depth -= 1
                    if depth == 0:
                        self._outer_end[start:j + 1] = [j] * (j + 1 - start)
        return self._outer_end[i]


# ------------------------------------------------------------------ operators

def delete_call(src, i, lp, rp):
    """The edit deleting the call: its statement becomes `;`, an expression use becomes 0."""
    stmt = src.statement_of_call(i, rp)
    if stmt:
        return src.replace(stmt[0], stmt[1], ";")
    return src.replace(i, rp, "0")


def swap(src, first_a, last_a, first_b, last_b):
    """The edit exchanging statement a (before) and statement b (after, adjacent)."""
    gap = src.text[src.toks[last_a].end:src.toks[first_b].start]
    return src.replace(first_a, last_b, src.span(first_b, last_b) + gap + src.span(first_a, last_a))


def op_delete(src, names, op, what):
    for i, lp, rp in src.calls(names):
        yield op, src.toks[i].line, "delete %s %s" % (what, src.span(i, rp)), delete_call(src, i, lp, rp)


def op_del_lock_pair(src):
    """Delete an acquisition and the next release of the same lock expression in its function."""
    for (i, lp, rp), stmt, (k, klp, krp), kstmt, _ in lock_pairs(src):
        yield ("del-lock-pair", src.toks[i].line,
               "delete %s and %s" % (src.span(i, rp), src.span(k, krp)),
               src.replace(stmt[0], stmt[1], ";") + src.replace(kstmt[0], kstmt[1], ";"))


def lock_pairs(src):
    """(acquire (i, lp, rp), its statement, release (k, klp, krp), its statement, lock argument):
    each acquisition statement with the next release of the same lock expression in its function."""
    releases = list(src.calls(RELEASE))
    for i, lp, rp in src.calls(ACQUIRE):
        stmt = src.statement_of_call(i, rp)
        if not stmt:
            continue
        arg = src.span(lp + 1, rp - 1) if rp > lp + 1 else ""
        end = src.enclosing_function_end(i)
        for k, klp, krp in releases:
            if k <= rp or (end is not None and k > end):
                continue
            karg = src.span(klp + 1, krp - 1) if krp > klp + 1 else ""
            kstmt = src.statement_of_call(k, krp)
            if karg == arg and kstmt:
                yield (i, lp, rp), stmt, (k, klp, krp), kstmt, arg
                break


def op_wrong_lock(src, per_site=2):
    """Lock and unlock another lock of the program (one of the same kind), as a pair."""
    pairs = list(lock_pairs(src))
    for (i, lp, rp), _, (k, klp, krp), _, arg in pairs:
        if not arg:
            continue
        name = src.toks[i].text
        others = []
        for (j, jlp, jrp), _, _, _, other in pairs:
            if src.toks[j].text == name and other not in (arg, "") and other not in others:
                others.append(other)
        for other in others[:per_site]:
            yield ("wrong-lock", src.toks[i].line, "%s(%s) -> %s(%s) and its unlock" % (name, arg, name, other),
                   src.replace(lp + 1, rp - 1, other) + src.replace(klp + 1, krp - 1, other))


def op_swap(src, names, op, what, where):
    """Swap a call statement with the plain statement just before or after it (where)."""
    for i, lp, rp in src.calls(names):
        stmt = src.block_statement_of_call(i, rp)
        if where == "before":
            other = stmt and src.simple_statement_before(stmt[0])
            first, second = other, stmt
        else:
            other = stmt and src.simple_statement_after(stmt[1])
            first, second = stmt, other
        if other:
            yield (op, src.toks[i].line, "move %s %s `%s`" % (what, where, src.span(*other)),
                   swap(src, first[0], first[1], second[0], second[1]))


def op_join_to_end(src):
    """Move a join to the end of its block (before the block's last `return`, if any)."""
    toks = src.toks
    for i, lp, rp in src.calls(JOIN):
        stmt = src.block_statement_of_call(i, rp)
        if not stmt:
            continue
        depth, j, target, statements = 0, stmt[1] + 1, None, 0
        while j < len(toks):
            t = toks[j].text
            if t in ("{", "(", "["):
                depth += 1
            elif t in (")", "]"):
                depth -= 1
            elif t == "}":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and t == ";":
                statements += 1
            elif depth == 0 and t == "return" and toks[j - 1].text in (";", "{", "}"):
                target, before_return = j, statements
            j += 1
        if target is not None:
            statements = before_return
        if j >= len(toks) or statements < 2:
            continue                              # a swap with the next statement covers it
        at = toks[target].start if target is not None else toks[j].start
        yield ("late-join", toks[i].line, "move %s to the end of its block" % src.span(i, rp),
               src.replace(stmt[0], stmt[1], "") + ((at, at, src.span(stmt[0], stmt[1]) + " "),))


def array_element(src, lp, rp):
    """For a first argument `&BASE[INDEX]`: (base first, base last, '[' index, ']' index)."""
    args = split_args(src.toks, lp, rp)
    if not args:
        return None
    a, b = args[0]
    toks = src.toks
    if toks[a].text != "&" or toks[b - 1].text != "]":
        return None
    depth, j = 0, b - 1
    while j > a:                                  # the '[' matching the last ']'
        if toks[j].text == "]":
            depth += 1
        elif toks[j].text == "[":
            depth -= 1
            if depth == 0:
                break
        j -= 1
    if j <= a + 1:
        return None
    base = (a + 1, j - 1)
    if any(toks[k].text in ("(", "?", ",", "=") for k in range(base[0], base[1] + 1)) and \
            toks[base[0]].text != "(":
        return None
    return base[0], base[1], j, b - 1


def count_expr(base):
    """Element count of array expression `base`; 1 when it is a pointer (index 0 only)."""
    return ("(__builtin_types_compatible_p(__typeof__(%s), __typeof__(&(%s)[0])) ? 1u : "
            "(unsigned)(sizeof(%s) / sizeof((%s)[0])))" % (base, base, base, base))


def op_index(src):
    for i, lp, rp in src.calls(ACQUIRE | RELEASE):
        el = array_element(src, lp, rp)
        if not el:
            continue
        b0, b1, lb, rb = el
        base, index = src.span(b0, b1), src.span(lb + 1, rb - 1)
        n = count_expr(base)
        call = src.toks[i].text
        line = src.toks[i].line
        if index.strip() != "0":
            yield ("lock-index", line, "%s: [%s] -> [0]" % (call, index),
                   src.replace(lb + 1, rb - 1, "0"))
        yield ("lock-index", line, "%s: [%s] -> [(%s)+1 mod N]" % (call, index, index),
               src.replace(lb + 1, rb - 1, "((unsigned)(%s) + 1u) %% %s" % (index, n)))
        nondet = "(unsigned)%s %% %s" % (NONDET, n)
        yield ("nondet-index", line, "%s: [%s] -> [nondet mod N]" % (call, index),
               src.replace(lb + 1, rb - 1, nondet))
        # The imprecise unlock: release a nondeterministic element before the last access of
        # the section; only when it hits the lock taken is that access unprotected.
        stmt = call in RELEASE and src.block_statement_of_call(i, rp)
        prev = stmt and src.simple_statement_before(stmt[0])
        if prev:
            toks = src.toks
            unlock = (src.text[toks[stmt[0]].start:toks[lb + 1].start] + nondet +
                      src.text[toks[rb - 1].end:toks[stmt[1]].end])
            gap = src.text[toks[prev[1]].end:toks[stmt[0]].start]
            yield ("nondet-index", line, "%s at [nondet mod N] before `%s`" % (call, src.span(*prev)),
                   src.replace(prev[0], stmt[1], unlock + gap + src.span(*prev)))


# Plain replacements of atomic builtins.  P is the location made plain (qualifiers and
# _Atomic dropped through the comma operator's lvalue conversion), T its plain type.
P = "(*(__typeof__((0, *({0})))*)({0}))"
T = "__typeof__((0, *({0})))"
OPS = {"add": "+", "sub": "-", "and": "&", "or": "|", "xor": "^"}


def atomic_table():
    t = {}
    load = "(" + P + ")"
    for n in ("__atomic_load_n", "atomic_load", "atomic_load_explicit", "__c11_atomic_load"):
        t[n] = load
    for n in ("__atomic_store_n", "atomic_store", "atomic_store_explicit", "__c11_atomic_store"):
        t[n] = "((void)(" + P + " = ({1})))"
    t["__atomic_load"] = "((void)(*({1}) = " + P + "))"
    t["__atomic_store"] = "((void)(" + P + " = *({1})))"
    xchg = "({{ " + T + " rh_old_ = " + P + "; " + P + " = ({1}); rh_old_; }})"
    for n in ("__atomic_exchange_n", "atomic_exchange", "atomic_exchange_explicit",
              "__sync_lock_test_and_set", "__c11_atomic_exchange"):
        t[n] = xchg
    t["__sync_lock_release"] = "((void)(" + P + " = 0))"
    for name, sym in OPS.items():
        fetch = "({{ " + T + " rh_old_ = " + P + "; " + P + " = rh_old_ " + sym + " ({1}); rh_old_; }})"
        for n in ("__atomic_fetch_" + name, "atomic_fetch_" + name,
                  "atomic_fetch_" + name + "_explicit", "__sync_fetch_and_" + name,
                  "__c11_atomic_fetch_" + name):
            t[n] = fetch
        for n in ("__atomic_" + name + "_fetch", "__sync_" + name + "_and_fetch"):
            t[n] = "(" + P + " " + sym + "= ({1}))"
    t["__sync_bool_compare_and_swap"] = ("({{ int rh_ok_ = " + P + " == ({1}); if (rh_ok_) " + P +
                                         " = ({2}); rh_ok_; }})")
    t["__sync_val_compare_and_swap"] = ("({{ " + T + " rh_old_ = " + P + "; if (rh_old_ == ({1})) " +
                                        P + " = ({2}); rh_old_; }})")
    cas = ("({{ int rh_ok_ = " + P + " == *({1}); if (rh_ok_) " + P + " = {2}; else *({1}) = " +
           P + "; rh_ok_; }})")
    for n in ("__atomic_compare_exchange_n", "atomic_compare_exchange_strong",
              "atomic_compare_exchange_weak", "atomic_compare_exchange_strong_explicit",
              "atomic_compare_exchange_weak_explicit", "__c11_atomic_compare_exchange_strong",
              "__c11_atomic_compare_exchange_weak"):
        t[n] = cas.replace("{2}", "({2})")
    t["__atomic_compare_exchange"] = cas.replace("{2}", "*({2})")
    return t


ATOMICS = atomic_table()
SIDE_EFFECT = re.compile(r"\+\+|--|(?<![=!<>])=(?!=)")


def op_atomic_plain(src):
    toks = src.toks
    for i, lp, rp in src.calls(set(ATOMICS)):
        args = [src.span(a, b - 1) for a, b in split_args(toks, lp, rp)]
        template = ATOMICS[toks[i].text]
        needed = max(int(d) for d in re.findall(r"\{(\d)\}", template)) + 1
        if len(args) < needed or SIDE_EFFECT.search(args[0]):
            continue
        yield ("atomic-plain", toks[i].line, "plain %s" % src.span(i, rp),
               src.replace(i, rp, template.format(*args)))
    for i, t in enumerate(toks):
        if t.text == "_Atomic":
            if i + 1 < len(toks) and toks[i + 1].text == "(":
                rp = match_close(toks, i + 1)
                if rp is None:
                    continue
                new = src.span(i + 2, rp - 1)
                yield ("atomic-plain", t.line, "_Atomic(%s) -> %s" % (new, new), src.replace(i, rp, new))
            else:
                yield ("atomic-plain", t.line, "drop _Atomic", src.replace(i, i, ""))
        elif t.text in ATOMIC_TYPEDEFS and (i == 0 or toks[i - 1].text not in (".", "->")):
            yield ("atomic-plain", t.line, "%s -> %s" % (t.text, ATOMIC_TYPEDEFS[t.text]),
                   src.replace(i, i, ATOMIC_TYPEDEFS[t.text]))
    # An SV-COMP __VERIFIER_atomic_* function runs atomically; renaming it makes it ordinary.
    names = sorted({t.text for t in toks if t.kind == "id" and t.text.startswith("__VERIFIER_atomic_")
                    and t.text not in ("__VERIFIER_atomic_begin", "__VERIFIER_atomic_end")})
    for name in names:
        uses = [t for t in toks if t.text == name]
        plain = "rh_plain_" + name[len("__VERIFIER_atomic_"):]
        text = tuple((t.start, t.end, plain) for t in uses)
        first = uses[0]
        yield "atomic-plain", first.line, "make %s an ordinary function" % name, text


def apply(text, edits):
    """The mutant's text: `text` with every (start, end, replacement) edit made."""
    out, pos = [], 0
    for start, end, new in sorted(edits):
        out += [text[pos:start], new]
        pos = end
    return "".join(out) + text[pos:]


def generate(text):
    """Every mutant of C source `text`, as Mutant(op, site, line, desc, edits), in a fixed order.

    `site` numbers the mutants of one operator in source order.
    """
    src = Source(text)
    gens = [
        op_delete(src, ACQUIRE, "del-lock", "lock"),
        op_delete(src, RELEASE, "del-unlock", "unlock"),
        op_del_lock_pair(src),
        op_swap(src, RELEASE, "unlock-early", "unlock", "before"),
        op_swap(src, ACQUIRE, "lock-late", "lock", "after"),
        op_index(src),
        op_wrong_lock(src),
        op_delete(src, JOIN, "drop-join", "join"),
        op_swap(src, JOIN, "late-join", "join", "after"),
        op_join_to_end(src),
        op_swap(src, CREATE, "create-early", "create", "before"),
        op_atomic_plain(src),
        op_delete(src, WAIT, "del-wait", "wait"),
    ]
    out, seen, count = [], set(), {}
    for gen in gens:
        for op, line, desc, new in gen:
            new = tuple(sorted(new))
            if new in seen or all(text[a:b] == r for a, b, r in new):
                continue
            seen.add(new)
            count[op] = count.get(op, 0) + 1
            out.append(Mutant(op, count[op] - 1, line, " ".join(desc.split()), new))
    return out


def sample(mutants, limit, rng):
    """Up to `limit` mutants, spread over the operators: round robin, the operators that are
    rare in programs (RARE) first, so a small sample still has them, then the rest shuffled."""
    by_op = {}
    for m in mutants:
        by_op.setdefault(m.op, []).append(m)
    for lst in by_op.values():
        rng.shuffle(lst)
    picked, ops = [], [op for op in OPERATORS if op in by_op]
    rng.shuffle(ops)
    ops.sort(key=lambda op: RARE.index(op) if op in RARE else len(RARE))
    while len(picked) < limit and any(by_op[op] for op in ops):
        for op in ops:
            if by_op[op] and len(picked) < limit:
                picked.append(by_op[op].pop())
    return picked


def main():
    for path in [a for a in sys.argv[1:] if a != "-v"]:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for m in generate(text):
            print("%s:%d: %s #%d: %s" % (path, m.line, m.op, m.site, m.desc))
            if "-v" in sys.argv:
                lines = set(range(m.line - 1, m.line + 2))
                print("".join(l for n, l in enumerate(apply(text, m.edits).splitlines(True), 1)
                              if n in lines))


if __name__ == "__main__":
    main()
