/* hokm's C batch kernel: random hands from fresh deals, played by the composed ruleset's tables.
 *
 * The pure twin is hokm._kernel.batch with hokm._kernel.tricks: this file makes the same random
 * draws, in the same order, for the same choices, so a seed gives the same batch in both.
 *
 * - The generator is CPython's random.Random (MT19937): the Python side passes the words of
 *   getstate() and gets the state after the batch back; random() is CPython's formula.
 * - A hand: its Hakem (drawn when the batch has none: floor(random() * players)), the shuffle
 *   (one random() key per deck position, then a stable sort by key), the deal by the table
 *   seat_of[hakem][position], the classic trump call floor(random() * 4), then the tricks:
 *   a lead is the pick-th card of the hand in index order; a follow the k-th card of the led
 *   suit (under the follow duty, of those that beat the best card where it holds one); a void
 *   seat the duty's trumps (those beating the best card under overtrump, else all of them), else
 *   the pick-th card in index order. The best power wins; the capture table says
 *   who collects; the stop rule is a tally reaching stop_at, or the last trick.
 * - The score, and where the rules have one the completion and play-on rules, are asked of the
 *   Python side once per distinct tally (Hakem, tricks per team, tricks played, the opening run
 *   of one team) and kept in small hash tables.
 *
 * The Python side (hokm._kernel.native_plan) builds and checks every table; this file checks
 * every size again, and every value it indexes with, before the first hand. Nothing here knows a
 * variant: the tables are the rules.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

/* ---- CPython's Mersenne Twister, from and back to getstate()'s words -------------------- */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N]; /* the state words, as getstate() gives them */
    int index;         /* the next output's position in the block */
    uint32_t out[MT_N];/* the block's tempered outputs, worked out once per twist: a draw is a load */
    uint64_t pairs[MT_N / 2]; /* random()'s 53 bits from outputs 2i and 2i + 1 (for an even index) */
} twister;

static void twist(twister *s) {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t y;
    int k;
    for (k = 0; k < MT_N - MT_M; k++) {
        y = (s->mt[k] & 0x80000000u) | (s->mt[k + 1] & 0x7fffffffu);
        s->mt[k] = s->mt[k + MT_M] ^ (y >> 1) ^ mag01[y & 1u];
    }
    for (; k < MT_N - 1; k++) {
        y = (s->mt[k] & 0x80000000u) | (s->mt[k + 1] & 0x7fffffffu);
        s->mt[k] = s->mt[k + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1u];
    }
    y = (s->mt[MT_N - 1] & 0x80000000u) | (s->mt[0] & 0x7fffffffu);
    s->mt[MT_N - 1] = s->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1u];
    s->index = 0;
}

/* The block's outputs, then random()'s 53 bits from each pair of them (two loops the compiler
 * vectorises; one fused loop measured slower). */
static void temper(twister *s) {
    for (int i = 0; i < MT_N; i++) {
        uint32_t y = s->mt[i];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        s->out[i] = y;
    }
    for (int i = 0; i < MT_N / 2; i++)
        s->pairs[i] = (uint64_t)(s->out[2 * i] >> 5) << 26 | (s->out[2 * i + 1] >> 6);
}

static inline uint32_t next_word(twister *s) {
    if (s->index >= MT_N) {
        twist(s);
        temper(s);
    }
    return s->out[s->index++];
}

/* random()'s 53 bits as an integer k, from two outputs as CPython's random_random() takes them:
 * k / 2**53 is the double random() returns. From the block's pairs where the index is even (it
 * always is for a generator seeded here: every draw takes two outputs). */
static inline uint64_t next_bits(twister *s) {
    if (s->index >= MT_N) {
        twist(s);
        temper(s);
    }
    if (!(s->index & 1)) { /* (an even index below MT_N: the pair is in this block) */
        uint64_t k = s->pairs[s->index >> 1];
        s->index += 2;
        return k;
    }
    uint64_t a = next_word(s) >> 5, b = next_word(s) >> 6;
    return a << 26 | b;
}

/* random(): (a * 2**26 + b) / 2**53, both steps exact in a double, as CPython computes it. */
static inline double next_random(twister *s) { return (double)next_bits(s) * (1.0 / 9007199254740992.0); }

/* floor(random() * n) for a small count n, with Python's double product. */
static inline int pick_below(twister *s, int n) { return (int)(next_random(s) * (double)n); }

static int load_twister(PyObject *words, twister *s) {
    if (!PyTuple_Check(words) || PyTuple_GET_SIZE(words) != MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "the generator state must be getstate()[1]: 625 ints");
        return -1;
    }
    for (int i = 0; i < MT_N; i++) {
        unsigned long word = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(words, i));
        if (word == (unsigned long)-1 && PyErr_Occurred()) return -1;
        if (word > 0xffffffffUL) {
            PyErr_SetString(PyExc_ValueError, "a generator state word is over 32 bits");
            return -1;
        }
        s->mt[i] = (uint32_t)word;
    }
    long index = PyLong_AsLong(PyTuple_GET_ITEM(words, MT_N));
    if (index == -1 && PyErr_Occurred()) return -1;
    if (index < 0 || index > MT_N) {
        PyErr_SetString(PyExc_ValueError, "the generator state's index is out of range");
        return -1;
    }
    s->index = (int)index;
    temper(s);
    return 0;
}

/* random.Random(n) for an int n: init_by_array over n's 32-bit words, low word first (as
 * CPython's random_seed does; the key is the words of abs(n), at least one). */
static void seed_twister(twister *s, const uint32_t *key, int length) {
    uint32_t *mt = s->mt;
    mt[0] = 19650218u;
    for (int i = 1; i < MT_N; i++) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    int i = 1, j = 0;
    for (int k = MT_N > length ? MT_N : length; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= length) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    s->index = MT_N;
    temper(s);
}

#define MAX_KEY_WORDS 8

/* The generator from its seed's key words (bytes, 4 a word, little-endian; 1 to 8 words) or from
 * getstate()[1] (a tuple). */
static int start_twister(PyObject *seed, twister *s) {
    if (PyTuple_Check(seed)) return load_twister(seed, s);
    uint32_t key[MAX_KEY_WORDS];
    Py_buffer view;
    if (PyObject_GetBuffer(seed, &view, PyBUF_SIMPLE) < 0) return -1;
    int length = (int)(view.len / 4), ok = view.len % 4 == 0 && length >= 1 && length <= MAX_KEY_WORDS;
    const unsigned char *bytes = view.buf;
    for (int w = 0; ok && w < length; w++)
        key[w] = (uint32_t)bytes[4 * w] | (uint32_t)bytes[4 * w + 1] << 8 | (uint32_t)bytes[4 * w + 2] << 16 |
                 (uint32_t)bytes[4 * w + 3] << 24;
    PyBuffer_Release(&view);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "a seed key must be 1 to 8 words of 4 bytes");
        return -1;
    }
    seed_twister(s, key, length);
    return 0;
}

static PyObject *dump_twister(const twister *s) {
    PyObject *words = PyTuple_New(MT_N + 1);
    if (words == NULL) return NULL;
    for (int i = 0; i <= MT_N; i++) {
        PyObject *word = i < MT_N ? PyLong_FromUnsignedLong(s->mt[i]) : PyLong_FromLong(s->index);
        if (word == NULL) {
            Py_DECREF(words);
            return NULL;
        }
        PyTuple_SET_ITEM(words, i, word);
    }
    return words;
}

/* ---- The shuffle: a stable sort of the positions by one random() key each ---------------- */

#define MAX_DECK 52

/* (The shuffle sorts random()'s 53-bit integers: the same order as the doubles, and integer
 * comparisons are the cheaper ones.) */
#define BUCKET_BITS 7
#define BUCKETS (1 << BUCKET_BITS)

/* Python's sorted(range(count), key=keys) for random() keys: each key packed with its position
 * (key << 6 | position, below 2**59), so comparing the packed values orders by key and then by
 * position, which is what a stable sort gives; a counting sort into 128 buckets by the key's top
 * bits, then an insertion sort, which only reorders inside a bucket. */
static void shuffle(twister *s, int count, int *order) {
    uint64_t keys[MAX_DECK], sorted[MAX_DECK];
    int starts[BUCKETS + 1] = {0};
    for (int i = 0; i < count; i++) {
        keys[i] = next_bits(s) << 6 | (uint64_t)i; /* (count <= MAX_DECK < 64) */
        starts[(keys[i] >> (59 - BUCKET_BITS)) + 1]++;
    }
    for (int b = 0; b < BUCKETS; b++) starts[b + 1] += starts[b];
    for (int i = 0; i < count; i++) sorted[starts[keys[i] >> (59 - BUCKET_BITS)]++] = keys[i];
    for (int i = 1; i < count; i++) {
        uint64_t item = sorted[i];
        int j = i - 1;
        while (j >= 0 && sorted[j] > item) {
            sorted[j + 1] = sorted[j];
            j--;
        }
        sorted[j + 1] = item;
    }
    for (int i = 0; i < count; i++) order[i] = (int)(sorted[i] & 63);
}

/* ---- The rules, as tables ------------------------------------------------------------------ */

#define MAX_SEATS 4
#define MAX_TEAMS 3
#define MAX_TRICKS 26
#define NOBODY (-1)
#define NO_PLAY 0xFF
#define MAX_CAPTURES (MAX_SEATS * (MAX_SEATS + 1) * 4 * (MAX_TRICKS + 1))

/* Per 13-bit suit segment: how many cards it holds, and the bit of its k-th lowest card. */
static unsigned char COUNT[8192], NTH[8192][13];

static void count_tables(void) {
    for (int segment = 0; segment < 8192; segment++) {
        int n = 0;
        for (int bit = 0; bit < 13; bit++)
            if (segment >> bit & 1) NTH[segment][n++] = (unsigned char)bit;
        COUNT[segment] = (unsigned char)n;
    }
}

typedef struct {
    int players, teams, tricks, deck, stop_at;
    int duty;      /* 0: none; 1: a void seat must trump; 2: must overtrump where it can */
    int beats;     /* the follow duty: a seat following suit must beat the best card where it can */
    int captures;  /* 0: every trick to its winner; 1: by the capture table */
    int asks_complete, asks_play_on; /* whether a completion or play-on rule reads the tally */
    unsigned char team_of[MAX_SEATS];
    unsigned char followers[MAX_SEATS][MAX_SEATS - 1];
    unsigned char card_of[MAX_DECK];             /* deck position -> card index */
    unsigned char seat_of[MAX_SEATS][MAX_DECK];  /* per Hakem: dealing position -> seat (or none) */
    unsigned char suit_of[4][52];                /* per trump: the suit a card follows as */
    uint64_t suit_mask[4][4];                    /* per trump: the cards that follow each suit */
    unsigned char trick_suit_of[4][52];          /* per trump: the suit a card wins in */
    int32_t power[4][4][52];                     /* per trump and trick suit: each card's power */
    signed char capture[MAX_CAPTURES];           /* the capture table (hokm._compose.trick_end) */
} rules;

/* Copy a bytes-like argument of exactly `size` bytes. */
static int copy_exact(PyObject *object, void *into, Py_ssize_t size, const char *what) {
    Py_buffer view;
    if (PyObject_GetBuffer(object, &view, PyBUF_SIMPLE) < 0) return -1;
    int ok = view.len == size;
    if (ok) memcpy(into, view.buf, (size_t)size);
    PyBuffer_Release(&view);
    if (!ok) PyErr_Format(PyExc_ValueError, "the %s table must hold %zd bytes", what, size);
    return ok ? 0 : -1;
}

static int in_range(long value, long low, long high, const char *what) {
    if (value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "%s = %ld is out of range %ld..%ld", what, value, low, high);
        return 0;
    }
    return 1;
}

/* Read and check the rules tuple built by hokm._kernel.native_plan.NativePlan.arguments. */
static int load_rules(PyObject *args, rules *r, PyObject *capture) {
    PyObject *team_of, *followers, *card_of, *seat_of, *suit_of, *trick_suit_of, *power;
    memset(r, 0, sizeof *r);
    if (!PyArg_ParseTuple(args, "iiiiiiiiiOOOOOOOi", &r->players, &r->teams, &r->tricks, &r->deck,
                          &r->stop_at, &r->duty, &r->captures, &r->asks_complete, &r->asks_play_on,
                          &team_of, &followers,
                          &card_of, &seat_of, &suit_of, &trick_suit_of, &power, &r->beats))
        return -1;
    if (!in_range(r->players, 2, MAX_SEATS, "players") || !in_range(r->teams, 1, MAX_TEAMS, "teams") ||
        !in_range(r->tricks, 1, MAX_TRICKS, "tricks") || !in_range(r->deck, 1, MAX_DECK, "deck") ||
        !in_range(r->players * r->tricks, 1, r->deck, "cards dealt") ||
        !in_range(r->stop_at, 0, r->tricks + 1, "stop_at") || !in_range(r->duty, 0, 2, "duty") ||
        !in_range(r->captures, 0, 1, "captures") || !in_range(r->asks_complete, 0, 1, "asks_complete") ||
        !in_range(r->asks_play_on, 0, 1, "asks_play_on") || !in_range(r->beats, 0, 1, "beats"))
        return -1;
    int n = r->players;
    if (copy_exact(team_of, r->team_of, n, "team") < 0) return -1;
    unsigned char flat[MAX_SEATS * MAX_DECK];
    if (copy_exact(followers, flat, n * (n - 1), "followers") < 0) return -1;
    for (int leader = 0; leader < n; leader++)
        for (int k = 0; k < n - 1; k++) r->followers[leader][k] = flat[leader * (n - 1) + k];
    if (copy_exact(card_of, r->card_of, r->deck, "card") < 0) return -1;
    if (copy_exact(seat_of, flat, n * r->deck, "seat") < 0) return -1;
    for (int hakem = 0; hakem < n; hakem++)
        memcpy(r->seat_of[hakem], flat + hakem * r->deck, (size_t)r->deck);
    if (copy_exact(suit_of, r->suit_of, sizeof r->suit_of, "suit") < 0) return -1;
    if (copy_exact(trick_suit_of, r->trick_suit_of, sizeof r->trick_suit_of, "trick suit") < 0) return -1;
    if (copy_exact(power, r->power, sizeof r->power, "power") < 0) return -1;
    /* Every value used as an index is checked here, once. */
    int dealt[MAX_SEATS];
    for (int seat = 0; seat < n; seat++) {
        if (!in_range(r->team_of[seat], 0, r->teams - 1, "team of a seat")) return -1;
        for (int k = 0; k < n - 1; k++)
            if (!in_range(r->followers[seat][k], 0, n - 1, "follower")) return -1;
    }
    uint64_t cards = 0;
    for (int p = 0; p < r->deck; p++) {
        if (!in_range(r->card_of[p], 0, 51, "card") || (cards >> r->card_of[p] & 1)) {
            PyErr_SetString(PyExc_ValueError, "the deck's cards must be distinct card indices");
            return -1;
        }
        cards |= (uint64_t)1 << r->card_of[p];
    }
    for (int hakem = 0; hakem < n; hakem++) {
        memset(dealt, 0, sizeof dealt);
        for (int p = 0; p < r->deck; p++) {
            int seat = r->seat_of[hakem][p];
            if (seat == NO_PLAY) continue; /* a card that stays undealt */
            if (!in_range(seat, 0, n - 1, "seat dealt")) return -1;
            dealt[seat]++;
        }
        for (int seat = 0; seat < n; seat++)
            if (dealt[seat] != r->tricks) {
                PyErr_SetString(PyExc_ValueError, "every seat must be dealt one card per trick");
                return -1;
            }
    }
    for (int t = 0; t < 4; t++)
        for (int c = 0; c < 52; c++) {
            if (!in_range(r->trick_suit_of[t][c], 0, 3, "trick suit") || !in_range(r->suit_of[t][c], 0, 3, "suit"))
                return -1;
            r->suit_mask[t][r->suit_of[t][c]] |= (uint64_t)1 << c; /* (the masks follow from suit_of) */
        }
    if (r->captures) {
        int size = n * (n + 1) * 4 * (r->tricks + 1);
        if (copy_exact(capture, r->capture, size, "capture") < 0) return -1;
        for (int i = 0; i < size; i++)
            if (!in_range(r->capture[i], NOBODY, n - 1, "collector")) return -1;
    }
    return 0;
}

/* ---- Answers by tally, asked of the Python side once per distinct tally --------------------- */

/* A question the Python side answers from a tally: a tuple of `count` ints, each checked against
 * its range before the kernel uses it. */
typedef struct {
    int count;
    long low[4], high[4];
    const char *names[4];
} question;

static const question SCORE = {4, {0, 0, 0, 0}, {MAX_TEAMS - 1, INT32_MAX, 1, 255},
                               {"winner", "points", "kot", "label"}};
static const question COMPLETE = {1, {-1}, {1}, {"hand complete (-1: no answer)"}};
static const question PLAY_ON = {1, {0}, {1}, {"play on"}};

typedef struct { int32_t v[4]; } answer;

typedef struct {
    uint64_t *keys;   /* key + 1 (0: an empty slot) */
    answer *values;
    size_t size, used;
    PyObject *ask;    /* ask(key) -> a tuple of ints, as `what` says */
    const question *what;
    long high0;       /* the first value's top (the score's winner: the teams there are) */
} memo;

static void memo_free(memo *m) {
    PyMem_Free(m->keys);
    PyMem_Free(m->values);
    m->keys = NULL;
    m->values = NULL;
}

static int memo_init(memo *m, size_t size, PyObject *ask, const question *what, long high0) {
    m->keys = PyMem_Calloc(size, sizeof *m->keys);
    m->values = PyMem_Calloc(size, sizeof *m->values);
    m->size = size;
    m->used = 0;
    m->ask = ask;
    m->what = what;
    m->high0 = high0;
    if (m->keys == NULL || m->values == NULL) {
        memo_free(m);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static inline size_t slot_of(uint64_t key, size_t size) {
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 17) & (size - 1);
}

static int memo_grow(memo *m) {
    memo bigger;
    if (memo_init(&bigger, m->size * 2, m->ask, m->what, m->high0) < 0) return -1;
    for (size_t i = 0; i < m->size; i++) {
        if (!m->keys[i]) continue;
        size_t j = slot_of(m->keys[i] - 1, bigger.size);
        while (bigger.keys[j]) j = (j + 1) & (bigger.size - 1);
        bigger.keys[j] = m->keys[i];
        bigger.values[j] = m->values[i];
    }
    bigger.used = m->used;
    memo_free(m);
    *m = bigger;
    return 0;
}

static int ask(const memo *m, uint64_t key, answer *into) {
    PyObject *got = PyObject_CallFunction(m->ask, "K", (unsigned long long)key);
    if (got == NULL) return -1;
    const question *what = m->what;
    int ok = PyTuple_Check(got) && PyTuple_GET_SIZE(got) == what->count;
    if (!ok) PyErr_Format(PyExc_TypeError, "the answer must be a tuple of %d ints", what->count);
    for (int i = 0; ok && i < what->count; i++) {
        long value = PyLong_AsLong(PyTuple_GET_ITEM(got, i));
        ok = !(value == -1 && PyErr_Occurred()) &&
             in_range(value, what->low[i], i == 0 ? m->high0 : what->high[i], what->names[i]);
        into->v[i] = (int32_t)value;
    }
    Py_DECREF(got);
    return ok ? 0 : -1;
}

/* The answer for a key: from the table, else asked once and kept. */
static int memo_get(memo *m, uint64_t key, answer *into) {
    size_t i = slot_of(key, m->size);
    while (m->keys[i]) {
        if (m->keys[i] == key + 1) {
            *into = m->values[i];
            return 0;
        }
        i = (i + 1) & (m->size - 1);
    }
    if (ask(m, key, into) < 0) return -1;
    m->keys[i] = key + 1;
    m->values[i] = *into;
    if (++m->used * 2 > m->size) return memo_grow(m);
    return 0;
}

/* The tally's key, as hokm._kernel.native_plan.tally_key unpacks it: the Hakem in 2 bits, then
 * 5 bits each (counts up to MAX_TRICKS) for tricks played, opening team, opening run and each
 * team's tricks. */
static inline uint64_t tally_key(int hakem, int played, int opening, int run, const int *tally, int teams) {
    uint64_t key = (uint64_t)hakem | (uint64_t)played << 2 | (uint64_t)opening << 7 | (uint64_t)run << 12;
    for (int t = 0; t < teams; t++) key |= (uint64_t)tally[t] << (17 + 5 * t);
    return key;
}

/* ---- One hand ------------------------------------------------------------------------------ */

typedef struct {
    int hakem, trump, played;
    int tally[MAX_TEAMS];
    int opening, run; /* the team that won each of the first `run` tricks */
} outcome;

/* The k-th lowest card (set bit) of a mask of cards, k below the mask's count: 13 bits at a time. */
static inline int nth_card(uint64_t cards, int k) {
    int base = 0;
    for (int chunk = 0; chunk < 3; chunk++, base += 13) {
        unsigned segment = (unsigned)(cards >> base) & 0x1FFFu;
        if (k < COUNT[segment]) return base + NTH[segment][k];
        k -= COUNT[segment];
    }
    unsigned last = (unsigned)(cards >> 39) & 0x1FFFu;
    return 39 + NTH[last][k < COUNT[last] ? k : 0]; /* (k is in range: the guard only bounds the read) */
}

/* How many cards a mask holds (by the table: baseline x86-64 has no popcount instruction). */
static inline int count_cards(uint64_t cards) {
    return COUNT[cards & 0x1FFFu] + COUNT[cards >> 13 & 0x1FFFu] + COUNT[cards >> 26 & 0x1FFFu] +
           COUNT[cards >> 39 & 0x1FFFu];
}

/* A random card of a mask: floor(random() * count), then that card in index order; `suit`: the
 * 13-bit segment the cards usually lie in (the led suit), read directly when they do. */
static inline int random_card(twister *s, uint64_t cards, int suit) {
    unsigned segment = (unsigned)(cards >> 13 * suit) & 0x1FFFu;
    if ((uint64_t)segment << 13 * suit == cards) return 13 * suit + NTH[segment][pick_below(s, COUNT[segment])];
    return nth_card(cards, pick_below(s, count_cards(cards)));
}

/* hokm._compose.cards.beating: the cards of `cards` whose power in `row` beats `top`. */
static inline uint64_t beating(uint64_t cards, const int32_t *row, int32_t top) {
    uint64_t beats = 0;
    for (uint64_t rest = cards; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest);
        if (row[card] > top) beats |= (uint64_t)1 << card;
    }
    return beats;
}

/* The follow duty on `legal`, a seat's cards of the led suit: those that beat `top` in `row` where it
 * holds several and one of them beats it (Legality.legal_mask, hokm._kernel.turns.follow_duty). */
static inline uint64_t follow_duty(const rules *r, uint64_t legal, const int32_t *row, int32_t top) {
    if (r->beats && (legal & (legal - 1))) {
        uint64_t beats = beating(legal, row, top);
        if (beats) return beats;
    }
    return legal;
}

/* Whether the hand is over after a trick that left cards (HandState's rule, in hokm._compose.
 * trick_end.TrickEnd.hand_over): a completion rule's answer where it gives one, else a team at
 * the stop and no play-on rule keeping the hand going. -1: an error from the Python side. */
static int hand_over(const rules *r, const outcome *out, memo *questions) {
    answer got;
    uint64_t key = 0;
    if (!r->asks_complete && !r->asks_play_on) { /* (the usual: the stop rule alone) */
        for (int t = 0; t < r->teams; t++)
            if (out->tally[t] >= r->stop_at) return 1;
        return 0;
    }
    if (r->asks_complete || r->asks_play_on)
        key = tally_key(out->hakem, out->played, out->opening, out->run, out->tally, r->teams);
    if (r->asks_complete) {
        if (memo_get(&questions[1], key, &got) < 0) return -1;
        if (got.v[0] >= 0) return got.v[0];
    }
    int stop = 0;
    for (int t = 0; t < r->teams; t++) stop |= out->tally[t] >= r->stop_at;
    if (stop && r->asks_play_on) {
        if (memo_get(&questions[2], key, &got) < 0) return -1;
        stop = !got.v[0];
    }
    return stop;
}

/* Who collects the `done`-th trick, won by `winner`, by the capture table (NOBODY: it stays in the
 * pile); `previous` won the trick before and `collected` says whether he took it. (The flags: collected
 * after the previous trick; that trick won under the trump, which is in force from the first card in
 * every hand this kernel plays.) */
static inline int collector_of(const rules *r, int winner, int previous, int collected, int done) {
    int flags = done > 1 ? 2 * collected + 1 : 0;
    int previous_index = done > 1 ? previous + 1 : 0;
    return r->capture[((winner * (r->players + 1) + previous_index) * 4 + flags) * (r->tricks + 1) + done];
}

/* Where a hand stands when the kernel takes it over: after the deal (no trump yet, nothing
 * played), or a position of trick play that HandState.rollouts hands over (checked in
 * load_position). */
typedef struct {
    int hakem, trump;           /* trump -1: the classic call comes first */
    int leader, in_trick;       /* the current trick's leader and its cards played so far */
    int done, pile, previous, collected;
    int tally[MAX_TEAMS], opening, run;
    uint64_t held[MAX_SEATS];
    int played;                 /* how many plays so far */
    unsigned char plays[MAX_DECK]; /* those plays (seat << 6 | card), the current trick's last; kept
                                    * last, so a fresh deal clears the fields before them only */
} position;

/* A fresh deal: the Hakem (drawn if none), the shuffle, the packets by the deal table. */
static void deal(const rules *r, twister *s, int hakem, position *p) {
    int order[MAX_DECK];
    memset(p, 0, offsetof(position, plays)); /* (no plays: the rest is never read) */
    p->hakem = hakem >= 0 ? hakem : pick_below(s, r->players);
    p->trump = -1;
    p->leader = p->hakem;
    p->previous = -1;
    shuffle(s, r->deck, order);
    for (int at = 0; at < r->deck; at++) {
        int seat = r->seat_of[p->hakem][at];
        if (seat != NO_PLAY) p->held[seat] |= (uint64_t)1 << r->card_of[order[at]];
    }
}

/* Play a hand from `start` to its end: the classic call if no trump yet, then random cards as
 * the pure kernel picks them. The plays go to `row` (if any), the outcome to `out`. */
static int play_from(const rules *r, twister *s, const position *start, unsigned char *row, outcome *out,
                     memo *questions) {
    int n = r->players;
    uint64_t held[MAX_SEATS];
    memcpy(held, start->held, sizeof held);
    int trump = start->trump >= 0 ? start->trump : pick_below(s, 4);
    const uint64_t *suit_mask = r->suit_mask[trump];
    const unsigned char *suit_of = r->suit_of[trump];
    int seat = start->leader, done = start->done, plays = start->played, pile = start->pile;
    int previous = start->previous, collected = start->collected, in_trick = start->in_trick;
    out->hakem = start->hakem;
    out->trump = trump;
    memcpy(out->tally, start->tally, sizeof out->tally);
    out->opening = start->opening;
    out->run = start->run;
    out->played = done;
    if (row) memcpy(row, start->plays, (size_t)plays);
    for (;;) {
        int card, led, best, top, first = 0;
        const int32_t *power;
        if (in_trick == 0) { /* the lead: any card, in index order; it leads its effective suit */
            card = nth_card(held[seat], pick_below(s, r->tricks - done));
            held[seat] &= ~((uint64_t)1 << card);
            if (row) row[plays] = (unsigned char)(seat << 6 | card);
            plays++;
            led = suit_of[card];
            power = r->power[trump][r->trick_suit_of[trump][card]];
            best = seat;
            top = power[card];
        } else { /* a trick begun before the kernel took over: its best card so far */
            const unsigned char *trick = start->plays + plays - in_trick;
            card = trick[0] & 63;
            led = suit_of[card];
            power = r->power[trump][r->trick_suit_of[trump][card]];
            best = trick[0] >> 6;
            top = power[card];
            for (int k = 1; k < in_trick; k++)
                if (power[trick[k] & 63] > top) {
                    best = trick[k] >> 6;
                    top = power[trick[k] & 63];
                }
            first = in_trick - 1;
            in_trick = 0;
        }
        /* the follows */
        for (int k = first; k < n - 1; k++) {
            int follower = r->followers[seat][k];
            uint64_t hand = held[follower], legal = hand & suit_mask[led];
            if (legal) { /* follow the led suit */
                card = random_card(s, follow_duty(r, legal, power, top), led);
            } else if (r->duty && (legal = hand & suit_mask[trump])) { /* void, under a duty: a trump */
                if (r->duty == 2) { /* one that beats the best card, where it holds one */
                    uint64_t beats = beating(legal, power, top);
                    if (beats) legal = beats;
                }
                card = random_card(s, legal, trump);
            } else { /* void: any card */
                card = nth_card(hand, pick_below(s, r->tricks - done));
            }
            held[follower] = hand & ~((uint64_t)1 << card);
            if (row) row[plays] = (unsigned char)(follower << 6 | card);
            plays++;
            if (power[card] > top) {
                best = follower;
                top = power[card];
            }
        }
    /* the trick end: the opening run, who collects, the stop rule */
        done++;
        int team = r->team_of[best];
        if (out->run == done - 1 && (done == 1 || out->opening == team)) {
            out->opening = team;
            out->run = done;
        }
        int collector = r->captures ? collector_of(r, best, previous, collected, done) : best;
        previous = best;
        seat = best;
        if (collector == NOBODY) {
            pile++;
            collected = 0;
        } else {
            collected = 1;
            out->tally[r->team_of[collector]] += pile + 1;
            pile = 0;
        }
        out->played = done;
        if (done == r->tricks) break;
        int over = hand_over(r, out, questions);
        if (over < 0) return -1;
        if (over) break;
    }
    if (row) memset(row + plays, NO_PLAY, (size_t)(MAX_DECK - plays));
    return 0;
}

/* Read and check a tally: a tuple of a count per team, each at most `done`, adding up with the
 * pile to the tricks done. */
static int load_tally(const rules *r, PyObject *tally, int pile, int done, int *into) {
    if (!PyTuple_Check(tally) || PyTuple_GET_SIZE(tally) != r->teams) {
        PyErr_SetString(PyExc_ValueError, "the tally must be a tuple, a count per team");
        return -1;
    }
    int sum = pile;
    for (int t = 0; t < r->teams; t++) {
        long count = PyLong_AsLong(PyTuple_GET_ITEM(tally, t));
        if ((count == -1 && PyErr_Occurred()) || !in_range(count, 0, done, "a team's tricks")) return -1;
        into[t] = (int)count;
        sum += (int)count;
    }
    if (sum != done) {
        PyErr_SetString(PyExc_ValueError, "the teams' tricks and the pile must add up to the tricks done");
        return -1;
    }
    return 0;
}

/* Read and check a position of trick play (hokm._kernel.native_plan.position_of builds it):
 * (hakem, trump, leader, done, pile, previous, collected, tally, opening, run, held, plays), with
 * `held` each seat's cards as 8 little-endian bytes and `plays` the plays so far, a byte each. */
static int load_position(const rules *r, PyObject *object, position *p) {
    PyObject *tally, *held, *plays;
    int n = r->players;
    memset(p, 0, sizeof *p);
    if (!PyTuple_Check(object)) {
        PyErr_SetString(PyExc_TypeError, "a position must be a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(object, "iiiiiiiOiiOO", &p->hakem, &p->trump, &p->leader, &p->done, &p->pile,
                          &p->previous, &p->collected, &tally, &p->opening, &p->run, &held, &plays))
        return -1;
    if (!in_range(p->hakem, 0, n - 1, "hakem") || !in_range(p->trump, -1, 3, "trump") ||
        !in_range(p->leader, 0, n - 1, "leader") || !in_range(p->done, 0, r->tricks - 1, "tricks done") ||
        !in_range(p->pile, 0, p->done, "pile") || !in_range(p->previous, p->done ? 0 : -1, p->done ? n - 1 : -1,
                                                             "previous winner") ||
        !in_range(p->collected, 0, 1, "collected") || !in_range(p->opening, 0, r->teams - 1, "opening team") ||
        !in_range(p->run, 0, p->done, "opening run"))
        return -1;
    if (load_tally(r, tally, p->pile, p->done, p->tally) < 0) return -1;
    unsigned char bytes[MAX_SEATS * 8];
    if (copy_exact(held, bytes, n * 8, "held") < 0) return -1;
    Py_buffer view;
    if (PyObject_GetBuffer(plays, &view, PyBUF_SIMPLE) < 0) return -1;
    p->played = (int)view.len;
    p->in_trick = p->played - p->done * n;
    int ok = view.len <= MAX_DECK && p->in_trick >= 0 && p->in_trick < n && (p->trump >= 0 || p->played == 0);
    if (ok) memcpy(p->plays, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "the position's plays must be the tricks done and part of one "
                                          "(none before the trump call)");
        return -1;
    }
    uint64_t seen = 0;
    for (int i = 0; i < p->played; i++) {
        int seat = p->plays[i] >> 6, card = p->plays[i] & 63;
        int in_trick = i - p->done * n; /* this play's place in the current trick (< 0: an earlier trick) */
        if (seat >= n || card >= 52 || (seen >> card & 1) ||
            (in_trick >= 0 && seat != (in_trick ? r->followers[p->leader][in_trick - 1] : p->leader))) {
            PyErr_SetString(PyExc_ValueError, "the position's plays must be distinct cards played in turn");
            return -1;
        }
        seen |= (uint64_t)1 << card;
    }
    for (int seat = 0; seat < n; seat++) {
        uint64_t mask = 0;
        for (int b = 7; b >= 0; b--) mask = mask << 8 | bytes[seat * 8 + b];
        int played_now = 0;
        for (int k = 0; k < p->in_trick; k++) played_now |= (p->plays[p->done * n + k] >> 6) == seat;
        if ((mask >> 52) || (mask & seen) || count_cards(mask) != r->tricks - p->done - played_now) {
            PyErr_SetString(PyExc_ValueError, "each seat must hold one card per trick left, none played");
            return -1;
        }
        seen |= mask;
        p->held[seat] = mask;
    }
    return 0;
}

/* ---- The batch ----------------------------------------------------------------------------- */

typedef struct {
    Py_buffer hakem, trump, tricks[MAX_TEAMS], winner, points, kot, label, played, plays, checkpoints;
    int got;
} columns;

static void release_columns(columns *c) {
    Py_buffer *all[] = {&c->hakem, &c->trump, &c->tricks[0], &c->tricks[1], &c->tricks[2], &c->winner,
                        &c->points, &c->kot, &c->label, &c->played, &c->plays, &c->checkpoints};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (all[i]->obj != NULL) PyBuffer_Release(all[i]);
}

static int writable(PyObject *object, Py_buffer *view, Py_ssize_t size, const char *what) {
    if (PyObject_GetBuffer(object, view, PyBUF_WRITABLE) < 0) return -1;
    if (view->len != size) {
        PyErr_Format(PyExc_ValueError, "the %s column must hold %zd bytes, not %zd", what, size, view->len);
        return -1;
    }
    return 0;
}

/* A ruleset's tables, checked once (make_rules), with the answers its tallies got so far. */
typedef struct {
    rules r;
    memo questions[3]; /* the score, the completion rule, the play-on rule (answers kept) */
    int busy;          /* a batch is using the memos: a batch started from one of its callbacks
                        * (another thread's, say) gets memos of its own */
} kernel_rules;

#define RULES_NAME "hokm._kernel._native.rules"

static void free_rules(PyObject *capsule) {
    kernel_rules *k = PyCapsule_GetPointer(capsule, RULES_NAME);
    if (k == NULL) return;
    for (int i = 0; i < 3; i++) memo_free(&k->questions[i]);
    PyMem_Free(k);
}

static const question *const QUESTIONS[3] = {&SCORE, &COMPLETE, &PLAY_ON};

static int init_questions(memo *questions, const rules *r) {
    for (int i = 0; i < 3; i++)
        if (memo_init(&questions[i], 256, NULL, QUESTIONS[i], i ? QUESTIONS[i]->high[0] : r->teams - 1) < 0)
            return -1;
    return 0;
}

/* The memos a call asks the rules through, `asks` (score_of, complete_of, play_on_of) checked and
 * lent to them: the kept ones, marked busy (*holds = 1), or where they are in use further up this
 * thread's stack (or another's) fresh ones in `own`. NULL on an error. */
static memo *lend_questions(kernel_rules *k, PyObject *asks, memo *own, int *holds) {
    const rules *r = &k->r;
    int wanted[3] = {1, r->asks_complete, r->asks_play_on};
    if (!PyTuple_Check(asks) || PyTuple_GET_SIZE(asks) != 3) {
        PyErr_SetString(PyExc_ValueError, "asks must be a tuple (score_of, complete_of, play_on_of)");
        return NULL;
    }
    for (int i = 0; i < 3; i++)
        if (wanted[i] && !PyCallable_Check(PyTuple_GET_ITEM(asks, i))) {
            PyErr_SetString(PyExc_ValueError, "each question the rules ask needs a callable in asks");
            return NULL;
        }
    memo *questions = k->questions;
    if (k->busy) {
        if (init_questions(own, r) < 0) return NULL;
        questions = own;
    } else {
        k->busy = *holds = 1;
    }
    for (int i = 0; i < 3; i++) questions[i].ask = PyTuple_GET_ITEM(asks, i);
    return questions;
}

/* Undo lend_questions (also after its failure): free `own`, give the kept memos back. */
static void return_questions(kernel_rules *k, memo *own, int holds) {
    for (int i = 0; i < 3; i++) {
        memo_free(&own[i]);
        if (holds) k->questions[i].ask = NULL; /* (borrowed for this call only) */
    }
    if (holds) k->busy = 0;
}

PyDoc_STRVAR(make_rules_doc,
"make_rules(tables, capture) -> rules\n\n"
"A ruleset's tables (hokm._kernel.native_plan.NativePlan), checked once, for play().");

static PyObject *make_rules(PyObject *self, PyObject *args) {
    PyObject *tables, *capture;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &tables, &capture)) return NULL;
    kernel_rules *k = PyMem_Calloc(1, sizeof *k);
    if (k == NULL) return PyErr_NoMemory();
    if (load_rules(tables, &k->r, capture) < 0 || init_questions(k->questions, &k->r) < 0) {
        for (int i = 0; i < 3; i++) memo_free(&k->questions[i]);
        PyMem_Free(k);
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(k, RULES_NAME, free_rules);
    if (capsule == NULL) {
        for (int i = 0; i < 3; i++) memo_free(&k->questions[i]);
        PyMem_Free(k);
    }
    return capsule;
}

PyDoc_STRVAR(play_doc,
"play(rules, seed, count, hakem, columns, plays, checkpoints, every, asks, position)\n"
"-> (words, labels)\n\n"
"Play `count` hands of `rules` (make_rules) from fresh deals (`position` None; `hakem` -1:\n"
"drawn) or from `position` (a tuple, see load_position), on the generator seeded by `seed`\n"
"(a seed's key words as bytes, or getstate()[1]), into the writable `columns` (hakem, trump,\n"
"one per team, winner, points, kot, label, tricks played), the plays into `plays` (52 bytes a hand, or\n"
"None), and the generator's words into `checkpoints` every `every` hands. `asks`:\n"
"(score_of, complete_of, play_on_of), each taking a packed tally key and returning a tuple\n"
"of ints: (winner, points, kot, label), (-1 no answer, 0 goes on, 1 over), (0 stop, 1 play\n"
"on); the last two may be None where the rules do not ask them. Returns the generator's\n"
"625 words after the batch (as bytes, a checkpoint's layout) and the labels the batch met,\n"
"in order (`label` indexes them).");

static PyObject *play(PyObject *self, PyObject *args) {
    PyObject *capsule, *seed, *column_objects, *plays_object, *checkpoints_object, *asks, *position_object;
    Py_ssize_t count, every;
    int hakem;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOniOOOnOO", &capsule, &seed, &count, &hakem, &column_objects,
                          &plays_object, &checkpoints_object, &every, &asks, &position_object))
        return NULL;
    kernel_rules *k = PyCapsule_GetPointer(capsule, RULES_NAME);
    if (k == NULL) return NULL;
    const rules *r = &k->r;
    twister s;
    memo own[3]; /* this batch's memos, where another batch holds the kept ones */
    memset(own, 0, sizeof own);
    int holds = 0;
    columns c;
    memset(&c, 0, sizeof c);
    PyObject *result = NULL;
    if (start_twister(seed, &s) < 0) goto done;
    if (!in_range(hakem, -1, r->players - 1, "hakem")) goto done;
    if (count < 0 || every < 1 || count > PY_SSIZE_T_MAX / MAX_DECK) {
        PyErr_SetString(PyExc_ValueError, "count or every is out of range");
        goto done;
    }
    if (!PyTuple_Check(column_objects) || PyTuple_GET_SIZE(column_objects) != 7 + r->teams) {
        PyErr_SetString(PyExc_ValueError, "columns must be a tuple of 7 + teams writable buffers");
        goto done;
    }
    PyObject **col = &PyTuple_GET_ITEM(column_objects, 0);
    if (writable(col[0], &c.hakem, count, "hakem") < 0 || writable(col[1], &c.trump, count, "trump") < 0)
        goto done;
    for (int t = 0; t < r->teams; t++)
        if (writable(col[2 + t], &c.tricks[t], count, "tricks") < 0) goto done;
    col += r->teams;
    if (writable(col[2], &c.winner, count, "winner") < 0 ||
        writable(col[3], &c.points, count * (Py_ssize_t)sizeof(int32_t), "points") < 0 ||
        writable(col[4], &c.kot, count, "kot") < 0 || writable(col[5], &c.label, count, "label") < 0 ||
        writable(col[6], &c.played, count, "tricks played") < 0)
        goto done;
    if (plays_object != Py_None && writable(plays_object, &c.plays, count * MAX_DECK, "plays") < 0) goto done;
    Py_ssize_t marks = (count + every - 1) / every;
    if (writable(checkpoints_object, &c.checkpoints, marks * (MT_N + 1) * (Py_ssize_t)sizeof(uint32_t),
                 "checkpoints") < 0)
        goto done;
    position fresh, given, *start_at = NULL;
    if (position_object != Py_None) {
        if (load_position(r, position_object, &given) < 0) goto done;
        start_at = &given;
    }
    memo *questions = lend_questions(k, asks, own, &holds);
    if (questions == NULL) goto done;
    int batch_label[256];     /* a label's place among the labels this batch met, or -1 */
    unsigned char met[256];   /* the labels this batch met, in order */
    int labels_met = 0;
    memset(batch_label, -1, sizeof batch_label);
    int8_t *hakems = c.hakem.buf, *trumps = c.trump.buf, *winners = c.winner.buf;
    int32_t *points = c.points.buf;
    uint8_t *kots = c.kot.buf, *labels = c.label.buf, *rows = c.plays.buf;
    uint32_t *marks_at = c.checkpoints.buf;
    Py_ssize_t until_mark = 0; /* hands until the next checkpoint (a countdown: no division a hand) */
    uint32_t *mark = marks_at;
    for (Py_ssize_t h = 0; h < count; h++) {
        if (until_mark-- == 0) { /* the generator as the hand begins: Playouts.hand replays from here */
            memcpy(mark, s.mt, sizeof s.mt);
            mark[MT_N] = (uint32_t)s.index;
            mark += MT_N + 1;
            until_mark = every - 1;
        }
        outcome out;
        answer score;
        if (start_at == NULL) deal(r, &s, hakem, &fresh);
        if (play_from(r, &s, start_at ? start_at : &fresh, rows ? rows + h * MAX_DECK : NULL, &out,
                      questions) < 0 ||
            memo_get(&questions[0], tally_key(out.hakem, out.played, out.opening, out.run, out.tally, r->teams),
                     &score) < 0)
            goto done;
        hakems[h] = (int8_t)out.hakem;
        trumps[h] = (int8_t)out.trump;
        for (int t = 0; t < r->teams; t++) ((uint8_t *)c.tricks[t].buf)[h] = (uint8_t)out.tally[t];
        winners[h] = (int8_t)score.v[0];
        points[h] = score.v[1];
        kots[h] = (uint8_t)score.v[2];
        int label = score.v[3]; /* (checked: 0..255) */
        if (batch_label[label] < 0) {
            batch_label[label] = labels_met;
            met[labels_met++] = (unsigned char)label;
        }
        labels[h] = (uint8_t)batch_label[label];
        ((uint8_t *)c.played.buf)[h] = (uint8_t)out.played;
    }
    uint32_t words[MT_N + 1]; /* the generator after the batch, as a checkpoint holds it */
    memcpy(words, s.mt, sizeof s.mt);
    words[MT_N] = (uint32_t)s.index;
    result = Py_BuildValue("(y#y#)", (const char *)words, (Py_ssize_t)sizeof words, (const char *)met,
                           (Py_ssize_t)labels_met);
done:
    return_questions(k, own, holds);
    release_columns(&c);
    return result;
}

/* ---- The double-dummy search: hokm._solver.search's twin --------------------------------------
 *
 * solve() answers what Search.values answers, from the same tables: the legal cards of the seat to
 * move and each move's exact value, by alpha-beta with a transposition table at trick starts, its
 * partition entries (positions alike in the cards their bounds read), the tally's bounds, the sure
 * and owed tricks, the same move orderings and MTD(f) at the root. It reads the
 * rules from make_rules' capsule and asks the scores, completion and play-on answers through its
 * memos, as play() does; the card classes are hokm._solver.tables.CardClasses' (passed as bytes:
 * that class stays their one definition). Every function below is named for its Python twin. */

#define MAX_CLASSES 16                 /* (a class is an effective suit with a trick suit: 4 x 4) */
#define SOLVE_INFINITY ((int64_t)1 << 50) /* search._INFINITY */
#define BOUND_START ((int64_t)1 << 40)    /* Rules.bounds' starting values */
#define POINTS_SHIFT 8                 /* tables.POINTS */
#define MARGIN_OFFSET 128              /* tables._MARGIN */

/* The cards under one trump (CardClasses): its order, ruffers, alone and threats come from Python;
 * the masks, places, `above`, suits and masters follow from them here. */
typedef struct {
    int trump, exact, count;           /* the trump; whether classes decide the play; classes */
    unsigned char start[MAX_CLASSES], size[MAX_CLASSES]; /* each class's span of `order` */
    unsigned char order[52];           /* each class's cards, lowest first, class after class */
    unsigned char class_of[52], rank[52]; /* per card: its class and its place in it (0 lowest) */
    unsigned char suit[MAX_CLASSES], alone[MAX_CLASSES]; /* class_suits; alone */
    unsigned char ascending[MAX_CLASSES]; /* CardClasses.ascending: its order is its cards' index order */
    uint64_t mask[MAX_CLASSES], ruffers[MAX_CLASSES];  /* class_masks; ruffers */
    uint64_t above[52];                /* per card: the cards of its class ranked above it */
    uint64_t threats[52], masters;     /* CardClasses.threats and .masters */
    uint16_t cheap[52];                /* per card: how dear it is to give up (CardClasses.cheap) */
} card_classes;

/* A mask of 8 little-endian bytes. */
static inline uint64_t mask_of(const unsigned char *bytes) {
    uint64_t mask = 0;
    for (int b = 7; b >= 0; b--) mask = mask << 8 | bytes[b];
    return mask;
}

/* Read and check CardClasses.native (trump, exact, class sizes, order, ruffers, alone, threats). */
static int load_classes(const rules *r, PyObject *object, card_classes *c) {
    PyObject *sizes, *order, *ruffers, *alone, *threats;
    memset(c, 0, sizeof *c);
    if (!PyTuple_Check(object)) {
        PyErr_SetString(PyExc_TypeError, "the card classes must be a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(object, "iiOOOOO", &c->trump, &c->exact, &sizes, &order, &ruffers, &alone, &threats))
        return -1;
    if (!in_range(c->trump, 0, 3, "trump") || !in_range(c->exact, 0, 1, "exact")) return -1;
    Py_buffer view;
    if (PyObject_GetBuffer(sizes, &view, PyBUF_SIMPLE) < 0) return -1;
    int ok = view.len >= 1 && view.len <= MAX_CLASSES;
    if (ok) {
        c->count = (int)view.len;
        memcpy(c->size, view.buf, (size_t)view.len);
    }
    PyBuffer_Release(&view);
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "there must be 1 to %d card classes", MAX_CLASSES);
        return -1;
    }
    unsigned char flat[8 * MAX_CLASSES], reach[8 * 52];
    if (copy_exact(order, c->order, 52, "class order") < 0 ||
        copy_exact(ruffers, flat, 8 * c->count, "ruffers") < 0 ||
        copy_exact(alone, c->alone, c->count, "alone") < 0 || copy_exact(threats, reach, 8 * 52, "threats") < 0)
        return -1;
    /* CardClasses.threats, and .masters from them: cards that beat some card whatever is led */
    const uint64_t everything = ((uint64_t)1 << 52) - 1;
    for (int card = 0; card < 52; card++) {
        c->threats[card] = mask_of(reach + 8 * card);
        if (c->threats[card] >> 52 || c->threats[card] >> card & 1) {
            PyErr_SetString(PyExc_ValueError, "a card's threats must be other cards");
            return -1;
        }
        if (c->threats[card] != (everything ^ (uint64_t)1 << card)) c->masters |= (uint64_t)1 << card;
    }
    int at = 0;
    uint64_t seen = 0;
    for (int index = 0; index < c->count; index++) {
        if (!in_range(c->size[index], 1, 52 - at, "class size") || !in_range(c->alone[index], 0, 1, "alone"))
            return -1;
        c->ruffers[index] = mask_of(flat + 8 * index);
        if (c->ruffers[index] >> 52) {
            PyErr_SetString(PyExc_ValueError, "a class's ruffers must be cards");
            return -1;
        }
        c->start[index] = (unsigned char)at;
        int first = c->order[at];
        for (int k = 0; k < c->size[index]; k++, at++) {
            int card = c->order[at];
            /* every card once, and a class's cards alike in both suits (CardClasses' definition) */
            if (card >= 52 || (seen >> card & 1) ||
                r->suit_of[c->trump][card] != r->suit_of[c->trump][first] ||
                r->trick_suit_of[c->trump][card] != r->trick_suit_of[c->trump][first]) {
                PyErr_SetString(PyExc_ValueError, "the classes must split the 52 cards by their suits");
                return -1;
            }
            seen |= (uint64_t)1 << card;
            c->class_of[card] = (unsigned char)index;
            c->rank[card] = (unsigned char)k;
            c->mask[index] |= (uint64_t)1 << card;
        }
        c->suit[index] = r->suit_of[c->trump][first];
        c->ascending[index] = 1;
        for (int k = 1; k < c->size[index]; k++)
            if (c->order[c->start[index] + k] < c->order[c->start[index] + k - 1]) c->ascending[index] = 0;
        uint64_t higher = 0;
        for (int k = c->size[index] - 1; k >= 0; k--) {
            int card = c->order[c->start[index] + k];
            c->above[card] = higher;
            higher |= (uint64_t)1 << card;
        }
    }
    if (at != 52) {
        PyErr_SetString(PyExc_ValueError, "the classes must hold the 52 cards");
        return -1;
    }
    uint64_t trumps = 0;
    for (int index = 0; index < c->count; index++) trumps |= c->ruffers[index];
    for (int card = 0; card < 52; card++)
        c->cheap[card] = (uint16_t)((trumps >> card & 1) << 12 | (uint64_t)c->rank[card] << 6 | (uint64_t)card);
    return 0;
}

/* Where a hand's tally stands at a trick's start (tables.TallyState). */
typedef struct {
    int tally[MAX_TEAMS];
    int done, opening, run;  /* tricks done; the opening team (-1: none) and its run */
    int pile, previous, collected; /* the pile in the centre; the last trick's winner (-1) and whether it
                                    * collected */
} tally_state;

/* The state as one key: 5 bits a count, the opening team and previous winner + 1 (below bit 36). */
static inline uint64_t state_key(const tally_state *s) {
    uint64_t key = (uint64_t)s->done | (uint64_t)(s->opening + 1) << 5 | (uint64_t)s->run << 7 |
                   (uint64_t)s->pile << 12 | (uint64_t)(s->previous + 1) << 17 | (uint64_t)s->collected << 20;
    for (int t = 0; t < MAX_TEAMS; t++) key |= (uint64_t)s->tally[t] << (21 + 5 * t);
    return key;
}

/* A position at a trick's start in the transposition table: its bounds and the lead that did best. */
typedef struct {
    uint64_t key[MAX_SEATS + 1]; /* the canonical hands (CardClasses.canon), then the state and leader */
    int64_t low, high;
    signed char best;
    unsigned char used;
    unsigned char counts[MAX_CLASSES]; /* the top cards of each class the bounds read (Search.table) */
} tt_entry;

#define SHAPE_WORDS (MAX_CLASSES * MAX_SEATS / 8)
#define PARTITION_FROM 7       /* search.PARTITION_FROM */
#define PART_KEY (MAX_SEATS + 2)
#define FILTER_WORDS 8

/* One count of top cards read per class (Search.parts' keys), with the places of the canon key those
 * cards hold in a position of its bucket's shape (the k-th live card of a class at its k-th place). */
typedef struct {
    unsigned char counts[MAX_CLASSES];
    uint64_t places;
    uint64_t filter[FILTER_WORDS]; /* a bit per hash of the owners stored: a clear bit, no entry (no lookup) */
} part_reads;

/* The counts read by the bounds found for one leader, tally class and shape (CardClasses.canon's: a
 * byte per class and seat), in the order first found (Search.parts). */
typedef struct {
    uint64_t shape[SHAPE_WORDS];
    uint64_t head;               /* kind << 3 | leader, + 1 (0: an empty slot) */
    uint64_t serial;             /* the bucket's number, in the order made */
    part_reads *reads;
    size_t count, capacity;
} part_bucket;

/* A partition entry (Search.parts' Parted): the bucket's serial + 1 (0: an empty slot), the place of its counts
 * in the bucket, each seat's of their places; the bounds found for positions alike in them. */
typedef struct {
    uint64_t key[PART_KEY];
    int64_t low, high;
} part_entry;

/* A tally state's bounds (Rules.bounds, for the search's team). */
typedef struct {
    uint64_t key;                /* state_key + 1 (0: an empty slot) */
    int64_t low, high;
} bound_entry;

typedef struct {
    const rules *r;
    const card_classes *c;
    memo *questions;             /* the score, completion and play-on answers (play()'s memos) */
    uint64_t hands[MAX_SEATS];   /* changed during the search and put back */
    int hakem, team, shift;      /* shift: POINTS_SHIFT for a search of the points alone */
    const int32_t *powers;       /* power[trump]: per trick suit, each card's power */
    long long nodes;
    long long limit;             /* the most cards to try (0: no limit): past it, the next lead stops the search */
    int stopped;                 /* the search stopped at the limit (no Python error is set) */
    int until_signals;           /* trick starts until Python's signal handlers run (Ctrl-C stops a search) */
    tt_entry *table;             /* open addressing, growing at half full */
    size_t table_size, table_used;
    bound_entry *bounds;
    size_t bounds_size, bounds_used;
    bound_entry *kinds;          /* each tally state's class (Rules.kind) in `low` */
    size_t kinds_size, kinds_used;
    struct signature_entry *signatures; /* the classes by their signature */
    size_t signatures_size, signatures_used;
    int partition;               /* Search.partition: positions alike in the cards read share bounds */
    uint64_t read;               /* Search.read: the cards the bounds of the position searched read */
    uint64_t merged;             /* Search.merged: the lowest cards of the runs played as one in the trick */
    part_bucket *parts;          /* Search.parts, open addressing, growing at half full */
    size_t parts_size, parts_used;
    part_entry *parted;          /* the partition entries (Parted), the same */
    size_t parted_size, parted_used;
} search;

static inline uint64_t hash_words(const uint64_t *key, int words) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < words; i++) {
        h = (h ^ key[i]) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    return h;
}

/* The slot of `key`: its entry, or the empty slot where it goes. */
static tt_entry *tt_slot(tt_entry *table, size_t size, const uint64_t *key) {
    size_t i = (size_t)hash_words(key, MAX_SEATS + 1) & (size - 1);
    while (table[i].used && memcmp(table[i].key, key, sizeof table[i].key)) i = (i + 1) & (size - 1);
    return &table[i];
}

/* A zeroed table of `count` entries of `entry` bytes each, or NULL with MemoryError set (also
 * where the size would not fit a Py_ssize_t: the tables double as they fill). */
static void *new_table(size_t count, size_t entry) {
    void *table = count <= (size_t)PY_SSIZE_T_MAX / entry ? PyMem_Calloc(count, entry) : NULL;
    if (table == NULL) PyErr_NoMemory();
    return table;
}

static int tt_grow(search *S) {
    size_t size = S->table_size * 2;
    tt_entry *bigger = new_table(size, sizeof *bigger);
    if (bigger == NULL) return -1;
    for (size_t i = 0; i < S->table_size; i++)
        if (S->table[i].used) *tt_slot(bigger, size, S->table[i].key) = S->table[i];
    PyMem_Free(S->table);
    S->table = bigger;
    S->table_size = size;
    return 0;
}

static int tt_store(search *S, const uint64_t *key, int64_t low, int64_t high, int best,
                    const unsigned char *counts) {
    tt_entry *slot = tt_slot(S->table, S->table_size, key);
    if (!slot->used) {
        memcpy(slot->key, key, sizeof slot->key);
        slot->used = 1;
        S->table_used++;
    }
    slot->low = low;
    slot->high = high;
    slot->best = (signed char)best;
    memcpy(slot->counts, counts, sizeof slot->counts);
    return S->table_used * 2 > S->table_size ? tt_grow(S) : 0;
}

static bound_entry *bound_slot(bound_entry *table, size_t size, uint64_t key) {
    size_t i = (size_t)hash_words(&key, 1) & (size - 1);
    while (table[i].key && table[i].key != key + 1) i = (i + 1) & (size - 1);
    return &table[i];
}

/* Store `low` and `high` under a new `key` in a table of bound entries (the bounds' or the classes'),
 * doubling it at half full. */
static int map_store(bound_entry **table, size_t *size, size_t *used, uint64_t key, int64_t low, int64_t high) {
    bound_entry *slot = bound_slot(*table, *size, key);
    slot->key = key + 1;
    slot->low = low;
    slot->high = high;
    if (++*used * 2 <= *size) return 0;
    size_t bigger_size = *size * 2;
    bound_entry *bigger = new_table(bigger_size, sizeof *bigger);
    if (bigger == NULL) return -1;
    for (size_t i = 0; i < *size; i++)
        if ((*table)[i].key) *bound_slot(bigger, bigger_size, (*table)[i].key - 1) = (*table)[i];
    PyMem_Free(*table);
    *table = bigger;
    *size = bigger_size;
    return 0;
}

static int bound_store(search *S, uint64_t key, int64_t low, int64_t high) {
    return map_store(&S->bounds, &S->bounds_size, &S->bounds_used, key, low, high);
}

/* A value shifted right by the search's shift, as Python's >> (towards minus infinity). */
static inline int64_t shifted(const search *S, int64_t value) {
    if (!S->shift) return value;
    return value >= 0 ? value >> S->shift : -((-value - 1) >> S->shift) - 1;
}

/* The tally's key for the rules' questions (as hokm._solver.tables._key: no opening team without a run). */
static inline uint64_t question_key(const search *S, const tally_state *s) {
    return tally_key(S->hakem, s->done, s->run ? s->opening : 0, s->run, s->tally, S->r->teams);
}

/* Rules._trick_end: the state after a trick `winner` won, and whether the hand is then over (-1:
 * an error from the Python side). */
static int trick_end(search *S, const tally_state *s, int winner, tally_state *after) {
    const rules *r = S->r;
    *after = *s;
    int done = ++after->done;
    int team = r->team_of[winner];
    if (s->run == done - 1 && (done == 1 || s->opening == team)) {
        after->opening = team;
        after->run = done;
    }
    int collector = r->captures ? collector_of(r, winner, s->previous, s->collected, done) : winner;
    if (collector == NOBODY) {
        after->pile++;
        after->collected = 0;
    } else {
        after->tally[r->team_of[collector]] += s->pile + 1;
        after->pile = 0;
        after->collected = 1;
    }
    after->previous = winner;
    if (done == r->tricks) return 1;
    outcome out = {S->hakem, S->c->trump, done, {0}, after->run ? after->opening : 0, after->run};
    memcpy(out.tally, after->tally, sizeof out.tally);
    return hand_over(r, &out, S->questions); /* (Rules._over) */
}

/* Rules.value: a finished hand's value for the search's team (encode; unshifted). */
static int final_value(search *S, const tally_state *s, int64_t *value) {
    answer score;
    if (memo_get(&S->questions[0], question_key(S, s), &score) < 0) return -1;
    int total = 0;
    for (int t = 0; t < S->r->teams; t++) total += s->tally[t];
    int64_t points = score.v[0] < 0 ? 0 : score.v[0] == S->team ? score.v[1] : -(int64_t)score.v[1];
    *value = points * (1 << POINTS_SHIFT) + 2 * s->tally[S->team] - total + MARGIN_OFFSET;
    return 0;
}

/* Rules.bounds_owed: the least and the most value the team can end with from `s` (unshifted) where each
 * team t is owed owed[t] of the tricks left. Kept in the bounds' table under the state's key with the
 * owed counts above it (5 bits a team from bit 36: state_key stays below it). */
static int owed_bounds(search *S, const tally_state *s, const int *owed, int64_t *low, int64_t *high) {
    const rules *r = S->r;
    uint64_t code = 0;
    for (int t = 0; t < r->teams; t++) code |= (uint64_t)owed[t] << (5 * t);
    uint64_t key = state_key(s) | code << 36;
    const bound_entry *found = bound_slot(S->bounds, S->bounds_size, key);
    if (found->key) {
        *low = found->low;
        *high = found->high;
        return 0;
    }
    int left = r->tricks - s->done - 1;
    int64_t least = BOUND_START, most = -BOUND_START, a, b;
    int failed = 0;
    for (int winner = 0; winner < r->players && !failed; winner++) {
        int rest[MAX_TEAMS], side = r->team_of[winner], sum = 0;
        memcpy(rest, owed, sizeof rest);
        if (rest[side]) rest[side]--;
        for (int t = 0; t < r->teams; t++) sum += rest[t];
        if (sum > left) continue;
        tally_state after;
        int over = trick_end(S, s, winner, &after);
        if (over < 0) failed = 1;
        else if (over) {
            failed = final_value(S, &after, &a) < 0;
            b = a;
        } else
            failed = owed_bounds(S, &after, rest, &a, &b) < 0;
        if (!failed) {
            least = a < least ? a : least;
            most = b > most ? b : most;
        }
    }
    if (failed || bound_store(S, key, least, most) < 0) return -1;
    *low = least;
    *high = most;
    return 0;
}

/* Rules.bounds: the least and the most value the team can end with from `s`, nothing owed. */
static int tally_bounds(search *S, const tally_state *s, int64_t *low, int64_t *high) {
    static const int nothing_owed[MAX_TEAMS] = {0};
    return owed_bounds(S, s, nothing_owed, low, high);
}

/* A class of tally states by its signature: per trick winner, 2 * the (shifted) value + 1 where the
 * hand is then over, else 2 * the class after (Rules.kind's parts). */
typedef struct signature_entry {
    int64_t parts[MAX_SEATS];
    int64_t kind;                /* the class + 1 (0: an empty slot) */
} signature_entry;

static signature_entry *signature_slot(signature_entry *table, size_t size, const int64_t *parts) {
    size_t i = (size_t)hash_words((const uint64_t *)parts, MAX_SEATS) & (size - 1);
    while (table[i].kind && memcmp(table[i].parts, parts, sizeof table[i].parts)) i = (i + 1) & (size - 1);
    return &table[i];
}

/* The class of `parts`: found, else the next one, kept (the table doubling at half full). */
static int signature_kind(search *S, const int64_t *parts, int64_t *kind) {
    signature_entry *slot = signature_slot(S->signatures, S->signatures_size, parts);
    if (slot->kind) {
        *kind = slot->kind - 1;
        return 0;
    }
    memcpy(slot->parts, parts, sizeof slot->parts);
    *kind = (int64_t)S->signatures_used;
    slot->kind = *kind + 1;
    if (++S->signatures_used * 2 <= S->signatures_size) return 0;
    size_t size = S->signatures_size * 2;
    signature_entry *bigger = new_table(size, sizeof *bigger);
    if (bigger == NULL) return -1;
    for (size_t i = 0; i < S->signatures_size; i++)
        if (S->signatures[i].kind) *signature_slot(bigger, size, S->signatures[i].parts) = S->signatures[i];
    PyMem_Free(S->signatures);
    S->signatures = bigger;
    S->signatures_size = size;
    return 0;
}

/* Rules.kind: the class of `s`, tally states from which every run of trick winners ends the hand at the
 * same value sharing one (the transposition table keys positions by it). */
static int state_kind(search *S, const tally_state *s, int64_t *kind) {
    uint64_t key = state_key(s);
    const bound_entry *found = bound_slot(S->kinds, S->kinds_size, key);
    if (found->key) {
        *kind = found->low;
        return 0;
    }
    int64_t parts[MAX_SEATS] = {0};
    for (int winner = 0; winner < S->r->players; winner++) {
        tally_state after;
        int64_t value;
        int over = trick_end(S, s, winner, &after);
        if (over < 0) return -1;
        if (over) {
            if (final_value(S, &after, &value) < 0) return -1;
            parts[winner] = 2 * shifted(S, value) + 1;
        } else {
            if (state_kind(S, &after, &value) < 0) return -1;
            parts[winner] = 2 * value;
        }
    }
    if (signature_kind(S, parts, kind) < 0) return -1;
    return map_store(&S->kinds, &S->kinds_size, &S->kinds_used, key, *kind, 0);
}

/* CardClasses.moves: one card of each run of `cards` touching among the `live` cards, each the run's
 * lowest card: classes in order, the highest run first within a class (every card alone, highest
 * first, without `exact`). In `merged` (CardClasses.merged), the lowest card of each run of several. */
static int card_moves(const card_classes *c, uint64_t cards, uint64_t live, unsigned char *moves,
                      uint64_t *merged) {
    int count = 0;
    *merged = 0;
    if (!c->exact) {
        for (int card = 51; card >= 0; card--)
            if (cards >> card & 1) moves[count++] = (unsigned char)card;
        return count;
    }
    for (int index = 0; index < c->count; index++) {
        uint64_t mine = cards & c->mask[index];
        if (!mine) continue;
        int from = count, inside = 0;
        for (int k = c->start[index]; k < c->start[index] + c->size[index]; k++) {
            int card = c->order[k];
            if (!(live >> card & 1)) continue;
            if (mine >> card & 1) {
                if (!inside) moves[count++] = (unsigned char)card;
                if (++inside == 2) *merged |= (uint64_t)1 << moves[count - 1];
            } else
                inside = 0;
        }
        for (int i = from, j = count - 1; i < j; i++, j--) { /* highest run first */
            unsigned char swap = moves[i];
            moves[i] = moves[j];
            moves[j] = swap;
        }
    }
    return count;
}

/* CardClasses.run_of: the move standing for `card` (the lowest card of its run), or -1. */
static int run_of(const card_classes *c, int card, const unsigned char *moves, int count, uint64_t live,
                  uint64_t mine) {
    for (int i = 0; i < count; i++) {
        int move = moves[i];
        if (move == card || (c->exact && (c->above[move] >> card & 1) &&
                             !(c->above[move] & ~c->above[card] & live & ~mine)))
            return move;
    }
    return -1;
}

/* CardClasses.canon: per class, the owners of its live cards in order, as a mask per seat of the
 * class's places (the k-th live card of a class at its k-th place); without `exact` the hands. */
static void canon(const search *S, uint64_t live, uint64_t *key) {
    const card_classes *c = S->c;
    int players = S->r->players;
    memset(key, 0, MAX_SEATS * sizeof *key);
    if (!c->exact) {
        memcpy(key, S->hands, (size_t)players * sizeof *key);
        return;
    }
    for (int index = 0; index < c->count; index++) {
        if (!(live & c->mask[index])) continue;
        int place = c->start[index];
        for (int k = c->start[index]; k < c->start[index] + c->size[index]; k++) {
            uint64_t bit = (uint64_t)1 << c->order[k];
            if (!(live & bit)) continue;
            for (int seat = 0; seat < players; seat++)
                if (S->hands[seat] & bit) {
                    key[seat] |= (uint64_t)1 << place;
                    break;
                }
            place++;
        }
    }
}

/* The shape of CardClasses.canon: how many cards of each class each hand holds, a byte per class and seat. */
static void shape_of(const search *S, uint64_t *shape) {
    unsigned char *counts = (unsigned char *)shape;
    memset(shape, 0, SHAPE_WORDS * sizeof *shape);
    for (int index = 0; index < S->c->count; index++)
        for (int seat = 0; seat < S->r->players; seat++)
            counts[index * MAX_SEATS + seat] = (unsigned char)count_cards(S->hands[seat] & S->c->mask[index]);
}

/* CardClasses.top_counts: per class, how many of its `live` cards lie at or above the lowest of `cards`
 * in it (0: none of them). */
static void top_counts(const card_classes *c, uint64_t cards, uint64_t live, unsigned char *counts) {
    for (int index = 0; index < c->count; index++) {
        uint64_t mine = cards & c->mask[index];
        counts[index] = 0;
        if (!mine) continue;
        if (c->ascending[index]) { /* (a rank is a bit's place: the live cards from the lowest of `cards` up) */
            counts[index] = (unsigned char)count_cards(live & c->mask[index] & ~((mine & -mine) - 1));
            continue;
        }
        int count = 0;
        for (int k = c->start[index] + c->size[index] - 1; k >= c->start[index]; k--) {
            int card = c->order[k];
            if (live >> card & 1) {
                count++;
                if (cards >> card & 1) counts[index] = (unsigned char)count;
            }
        }
    }
}

/* CardClasses.tops: each class's top `counts` live cards. */
static uint64_t tops(const card_classes *c, const unsigned char *counts, uint64_t live) {
    uint64_t cards = 0;
    for (int index = 0; index < c->count; index++) {
        int left = counts[index];
        if (left > 0 && c->ascending[index]) { /* (the highest bits of the class's live cards) */
            uint64_t held = live & c->mask[index];
            for (; left > 0 && held; left--) {
                uint64_t high = (uint64_t)1 << (63 - __builtin_clzll(held));
                cards |= high;
                held ^= high;
            }
            continue;
        }
        for (int k = c->start[index] + c->size[index] - 1; left > 0 && k >= c->start[index]; k--) {
            int card = c->order[k];
            if (live >> card & 1) {
                cards |= (uint64_t)1 << card;
                left--;
            }
        }
    }
    return cards;
}

/* The bucket of `shape` and `head`: its entries, or the empty slot where they go. */
static part_bucket *part_slot(part_bucket *table, size_t size, const uint64_t *shape, uint64_t head) {
    size_t i = (size_t)(hash_words(shape, SHAPE_WORDS) ^ hash_words(&head, 1)) & (size - 1);
    while (table[i].head && (table[i].head != head || memcmp(table[i].shape, shape, sizeof table[i].shape)))
        i = (i + 1) & (size - 1);
    return &table[i];
}

/* The bit of a partition entry's key, of hash `h`, in its counts' filter (from the hash's top bits; the
 * table's slot reads its low bits). */
static inline uint64_t filter_bit(uint64_t h, size_t *word) {
    *word = (size_t)(h >> 61) % FILTER_WORDS;
    return (uint64_t)1 << (h >> 55 & 63);
}

/* The slot of a partition entry's `key`, of hash `h` (hash_words): its entry, or the empty slot. */
static part_entry *parted_slot(part_entry *table, size_t size, const uint64_t *key, uint64_t h) {
    size_t i = (size_t)h & (size - 1);
    while (table[i].key[0] && memcmp(table[i].key, key, sizeof table[i].key)) i = (i + 1) & (size - 1);
    return &table[i];
}

/* The entries' table doubled (at half full). */
static int parted_grow(search *S) {
    size_t size = S->parted_size * 2;
    part_entry *bigger = new_table(size, sizeof *bigger);
    if (bigger == NULL) return -1;
    for (size_t i = 0; i < S->parted_size; i++)
        if (S->parted[i].key[0])
            *parted_slot(bigger, size, S->parted[i].key, hash_words(S->parted[i].key, PART_KEY)) = S->parted[i];
    PyMem_Free(S->parted);
    S->parted = bigger;
    S->parted_size = size;
    return 0;
}

/* The buckets' table doubled (at half full). */
static int parts_grow(search *S) {
    size_t size = S->parts_size * 2;
    part_bucket *bigger = new_table(size, sizeof *bigger);
    if (bigger == NULL) return -1;
    for (size_t i = 0; i < S->parts_size; i++)
        if (S->parts[i].head) *part_slot(bigger, size, S->parts[i].shape, S->parts[i].head) = S->parts[i];
    PyMem_Free(S->parts);
    S->parts = bigger;
    S->parts_size = size;
    return 0;
}

/* The key of a partition entry: the bucket's, its `index`-th counts, and each seat's places of the canon
 * `key` (a position of the bucket's shape). */
static void parted_key(const search *S, const part_bucket *bucket, size_t index, const uint64_t *key,
                       uint64_t *entry) {
    entry[0] = bucket->serial + 1;
    entry[1] = index;
    for (int seat = 0; seat < MAX_SEATS; seat++)
        entry[2 + seat] = seat < S->r->players ? key[seat] & bucket->reads[index].places : 0;
}

/* Search._parted: the partition entry of the position (`key`, its canon, and its shape and head) whose
 * bounds decide the window, its bucket's counts taken in order: 1 with the value and the cards read. */
static int parted(const search *S, const uint64_t *shape, uint64_t head, const uint64_t *key, uint64_t live,
                  int64_t alpha, int64_t beta, int64_t *value, uint64_t *read) {
    const part_bucket *bucket = part_slot(S->parts, S->parts_size, shape, head);
    for (size_t i = 0; bucket->head && i < bucket->count; i++) {
        uint64_t entry[PART_KEY];
        size_t word;
        parted_key(S, bucket, i, key, entry);
        uint64_t h = hash_words(entry, PART_KEY), bit = filter_bit(h, &word);
        if (!(bucket->reads[i].filter[word] & bit)) continue;
        const part_entry *e = parted_slot(S->parted, S->parted_size, entry, h);
        if (!e->key[0] || (e->low < beta && e->high > alpha && e->low != e->high)) continue;
        *value = e->low >= beta || e->low == e->high ? e->low : e->high;
        *read = tops(S->c, bucket->reads[i].counts, live);
        return 1;
    }
    return 0;
}

/* Search.trick's partition entry: its counts added to its bucket if new, its bounds stored (intersected
 * with those found before for positions alike in the same cards); both tables double at half full. */
static int part_store(search *S, const uint64_t *shape, uint64_t head, const uint64_t *key, uint64_t live,
                      const unsigned char *counts, int64_t low, int64_t high) {
    const card_classes *c = S->c;
    part_bucket *bucket = part_slot(S->parts, S->parts_size, shape, head);
    if (!bucket->head) {
        memcpy(bucket->shape, shape, sizeof bucket->shape);
        bucket->head = head;
        bucket->serial = S->parts_used++;
    }
    size_t index = 0;
    while (index < bucket->count && memcmp(bucket->reads[index].counts, counts, MAX_CLASSES)) index++;
    if (index == bucket->count) {
        if (bucket->count == bucket->capacity) {
            size_t capacity = bucket->capacity ? bucket->capacity * 2 : 4;
            part_reads *more = capacity <= (size_t)PY_SSIZE_T_MAX / sizeof *more
                                   ? PyMem_Realloc(bucket->reads, capacity * sizeof *more) : NULL;
            if (more == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            bucket->reads = more;
            bucket->capacity = capacity;
        }
        part_reads *reads = &bucket->reads[bucket->count++];
        memset(reads, 0, sizeof *reads);
        memcpy(reads->counts, counts, sizeof reads->counts);
        for (int k = 0; k < c->count; k++) {
            int top = counts[k], n = count_cards(live & c->mask[k]);
            if (top > 0 && top <= n) reads->places |= (((uint64_t)1 << top) - 1) << (c->start[k] + n - top);
        }
    }
    uint64_t entry[PART_KEY];
    size_t word;
    parted_key(S, bucket, index, key, entry);
    uint64_t h = hash_words(entry, PART_KEY), bit = filter_bit(h, &word);
    bucket->reads[index].filter[word] |= bit;
    part_entry *e = parted_slot(S->parted, S->parted_size, entry, h);
    if (!e->key[0]) {
        memcpy(e->key, entry, sizeof e->key);
        e->low = low;
        e->high = high;
        S->parted_used++;
    } else {
        e->low = low > e->low ? low : e->low;
        e->high = high < e->high ? high : e->high;
    }
    if (S->parted_used * 2 > S->parted_size && parted_grow(S) < 0) return -1;
    return S->parts_used * 2 > S->parts_size ? parts_grow(S) : 0;
}

/* The partition entries' memory (a search's, or none). */
static void free_parts(search *S) {
    for (size_t i = 0; S->parts != NULL && i < S->parts_size; i++) PyMem_Free(S->parts[i].reads);
    PyMem_Free(S->parts);
    PyMem_Free(S->parted);
    S->parts = NULL;
    S->parted = NULL;
}

/* CardClasses.settled: `read` with the lowest card of each run of `merged` whose top lies in the upward
 * closure of `read` but whose lowest does not (a run plays as one move only where its cards touch). */
static uint64_t settled(const search *S, uint64_t read, uint64_t merged, uint64_t live) {
    const card_classes *c = S->c;
    for (int index = 0; index < c->count; index++) {
        uint64_t lows = merged & c->mask[index];
        if (!lows || !(read & c->mask[index])) continue;
        int start = c->start[index], end = start + c->size[index], floor = end;
        for (int k = start; k < end && floor == end; k++) /* the closure's lowest place */
            if (read >> c->order[k] & 1) floor = k;
        for (int k = end - 1; k >= start; k--) { /* the runs, highest first */
            int low = c->order[k];
            if (!(lows >> low & 1) || k >= floor) continue;
            uint64_t owner = 0;
            for (int seat = 0; seat < S->r->players; seat++)
                if (S->hands[seat] >> low & 1) owner = S->hands[seat];
            int top = k;
            for (int at = k + 1; at < end; at++) {
                int card = c->order[at];
                if (!(live >> card & 1)) continue;
                if (!(owner >> card & 1)) break;
                top = at;
            }
            if (top >= floor) { /* it straddles the closure's floor: its lowest card joins */
                read |= (uint64_t)1 << low;
                floor = k;
            }
        }
    }
    return read;
}

/* Search._won: `card` won the trick just played (`live`: the cards at its start); its place is read if
 * another card of its class was played to it. */
static inline void won(search *S, int card, uint64_t live) {
    uint64_t held = 0;
    for (int seat = 0; seat < S->r->players; seat++) held |= S->hands[seat];
    uint64_t played = live & ~held & S->c->mask[S->c->class_of[card]];
    if (played & (played - 1)) S->read |= (uint64_t)1 << card;
}

/* Search._compared: a duty picked which of `cards` beat `card`; its place is read if some are of its class. */
static inline void compared(search *S, uint64_t cards, int card) {
    if (cards & S->c->mask[S->c->class_of[card]]) S->read |= (uint64_t)1 << card;
}

/* Search.void_plays: what a seat that cannot follow may play. */
static inline uint64_t void_plays(const search *S, uint64_t hand, const int32_t *row, int32_t top) {
    uint64_t trumps = hand & S->r->suit_mask[S->c->trump][S->c->trump];
    if (!S->r->duty || !trumps) return hand;
    if (S->r->duty == 2) {
        uint64_t beats = beating(trumps, row, top);
        return beats ? beats : trumps;
    }
    return trumps;
}

/* Whether `seat` is one of the leader's Rules.partners: its side, free to play low (no void duty, and
 * no capture table reading which seat won). */
static inline int is_partner(const rules *r, int leader, int seat) {
    return !r->duty && !r->captures && r->team_of[seat] == r->team_of[leader];
}

/* Search.sure_tricks: the tricks in a row the leader takes cashing its top cards suit by suit (a partner
 * free to play low counts as a rival unless it holds a card for each trick that cannot trump it). */
static int sure_tricks(const search *S, int leader, uint64_t *read) {
    const card_classes *c = S->c;
    const rules *r = S->r;
    *read = 0;
    if (!c->exact) return 0;
    uint64_t hand = S->hands[leader], live = 0;
    for (int seat = 0; seat < r->players; seat++) live |= S->hands[seat];
    int total = 0, strict = 0;
    uint64_t cashed = 0;  /* the ruffers of the classes cashed */
    for (int index = 0; index < c->count; index++) {
        uint64_t mine = hand & c->mask[index];
        if (!mine || !c->alone[index]) continue;
        int run = 0;
        for (int k = c->start[index] + c->size[index] - 1; k >= c->start[index]; k--) {
            int card = c->order[k];
            if (live >> card & 1) {
                *read |= (uint64_t)1 << card; /* (the run's cards, down to the first not the leader's) */
                if (!(mine >> card & 1)) break;
                run++;
            }
        }
        if (!run) continue;
        uint64_t suit_mask = r->suit_mask[c->trump][c->suit[index]];
        /* Rules.rivals first (pass 0), then Rules.partners (pass 1: the strict count goes on from there) */
        for (int pass = 0; pass < 2; pass++) {
            for (int seat = 0; seat < r->players; seat++) {
                if (seat == leader || is_partner(r, leader, seat) != pass) continue;
                uint64_t held = S->hands[seat];
                if (held & c->ruffers[index]) {
                    int length = count_cards(held & suit_mask);
                    run = length < run ? length : run;
                }
            }
            if (!pass) {
                total += run;
                if (run) cashed |= c->ruffers[index];
            }
        }
        strict += run;
    }
    for (int seat = 0; seat < r->players; seat++)
        if (seat != leader && is_partner(r, leader, seat) && count_cards(S->hands[seat] & ~cashed) < total)
            return strict;
    return total;
}

/* Search._sure: the bounds narrowed by the leader's sure tricks. */
static int sure_bounds(search *S, int leader, const tally_state *state, int64_t *low, int64_t *high) {
    uint64_t read;
    int sure = sure_tricks(S, leader, &read);
    if (!sure) return 0;
    tally_state now = *state, after;
    int64_t least, most;
    int over = 0;
    for (int i = 0; i < sure && !over; i++) {
        over = trick_end(S, &now, leader, &after);
        if (over < 0) return -1;
        now = after;
    }
    if (over) {
        if (final_value(S, &now, &least) < 0) return -1;
        most = least;
    } else if (tally_bounds(S, &now, &least, &most) < 0)
        return -1;
    if (S->r->team_of[leader] == S->team) {
        int64_t raised = shifted(S, least);
        if (raised > *low) {
            *low = raised;
            S->read |= read;
        }
    } else {
        int64_t lowered = shifted(S, most);
        if (lowered < *high) {
            *high = lowered;
            S->read |= read;
        }
    }
    return 0;
}

/* Search.owed_tricks: per team, the tricks left it wins by the hand's end whatever anyone plays (its
 * best seat's count of cards no rival's card can beat). */
static void owed_tricks(const search *S, int *owed, uint64_t *read) {
    const rules *r = S->r;
    uint64_t held[MAX_TEAMS] = {0}, live = 0;
    *read = 0;
    for (int seat = 0; seat < r->players; seat++) held[r->team_of[seat]] |= S->hands[seat];
    for (int t = 0; t < r->teams; t++) {
        live |= held[t];
        owed[t] = 0;
    }
    for (int seat = 0; seat < r->players; seat++) {
        uint64_t mine = S->hands[seat] & S->c->masters;
        int team = r->team_of[seat], count = 0;
        uint64_t rivals = live & ~held[team];
        for (; mine; mine &= mine - 1) {
            uint64_t reach = S->c->threats[__builtin_ctzll(mine)];
            if (!(reach & rivals)) { /* counted: the card, and what could beat it, are read */
                count++;
                *read |= (mine & -mine) | (reach & live);
            }
        }
        if (count > owed[team]) owed[team] = count;
    }
}

/* Search._owed: the bounds narrowed by the tricks each team is owed by the hand's end. */
static int owed_narrowed(search *S, const tally_state *state, int64_t *low, int64_t *high) {
    int owed[MAX_TEAMS] = {0};
    int64_t least, most;
    uint64_t read;
    owed_tricks(S, owed, &read);
    if (owed_bounds(S, state, owed, &least, &most) < 0) return -1;
    least = shifted(S, least);
    most = shifted(S, most);
    if (least > *low || most < *high) S->read |= read;
    *low = least > *low ? least : *low;
    *high = most < *high ? most : *high;
    return 0;
}

/* Search._order_leads: a suit's top card no one can trump, a low card to the partner's top card,
 * other winners, then low cards; a suit an opponent can trump last (by score, then the lower card). */
static void order_leads(const search *S, int leader, unsigned char *moves, int count, uint64_t live) {
    const card_classes *c = S->c;
    const rules *r = S->r;
    int side = r->team_of[leader], keys[52];
    for (int i = 0; i < count; i++) {
        int card = moves[i], index = c->class_of[card], top = -1, ruffed = 0, partner_top = 0;
        uint64_t suit_mask = r->suit_mask[c->trump][c->suit[index]], ruffers = c->ruffers[index];
        for (int k = c->start[index] + c->size[index] - 1; k >= c->start[index]; k--)
            if (live >> c->order[k] & 1) {
                top = c->order[k];
                break;
            }
        for (int seat = 0; seat < r->players; seat++) {
            if (seat == leader) continue;
            uint64_t held = S->hands[seat];
            if (r->team_of[seat] != side) {
                if (!(held & suit_mask) && (held & ruffers)) ruffed = 1;
            } else if (top >= 0 && (held >> top & 1))
                partner_top = 1;
        }
        int score = ruffed ? 0 : !(c->above[card] & live) ? 3 : partner_top ? 2 : 1;
        keys[i] = (score * 64 + 63 - c->rank[card]) * 64 + card; /* (score, -rank, card) */
    }
    for (int i = 1; i < count; i++) { /* descending by key */
        int key = keys[i];
        unsigned char card = moves[i];
        int j = i - 1;
        while (j >= 0 && keys[j] < key) {
            keys[j + 1] = keys[j];
            moves[j + 1] = moves[j];
            j--;
        }
        keys[j + 1] = key;
        moves[j + 1] = card;
    }
}

/* _order_follows: with the side already winning, low cards; else the cards that beat the trick (the
 * lowest first when last to play, the highest first before; ties in move order), then low cards. */
static void order_follows(unsigned char *moves, int count, const int32_t *row, int32_t top, int ours, int last) {
    unsigned char beating[52], rest[52];
    int beats = 0, others = 0;
    if (!ours)
        for (int i = 0; i < count; i++) {
            if (row[moves[i]] > top) beating[beats++] = moves[i];
            else rest[others++] = moves[i];
        }
    if (!beats) {
        for (int i = 0, j = count - 1; i < j; i++, j--) {
            unsigned char swap = moves[i];
            moves[i] = moves[j];
            moves[j] = swap;
        }
        return;
    }
    for (int i = 1; i < beats; i++) { /* a stable insertion sort by power */
        unsigned char card = beating[i];
        int j = i - 1;
        while (j >= 0 && (last ? row[beating[j]] > row[card] : row[beating[j]] < row[card])) {
            beating[j + 1] = beating[j];
            j--;
        }
        beating[j + 1] = card;
    }
    memcpy(moves, beating, (size_t)beats);
    for (int i = 0; i < others; i++) moves[beats + i] = rest[others - 1 - i];
}

/* In the recursion below, a Python error (a callback's, or no memory) is returned as *failed set: each
 * caller puts its hands back and returns at once. */
static int64_t trick(search *S, int leader, const tally_state *state, int64_t alpha, int64_t beta, int *failed);

/* One move's value `got` taken in: whether it is the best so far for the side to move (the
 * maximiser's highest, the minimiser's lowest), the window narrowed by it; the caller cuts off
 * once alpha >= beta. */
static inline int better(int maximising, int64_t got, int64_t *value, int64_t *alpha, int64_t *beta) {
    if (maximising ? got <= *value : got >= *value) return 0;
    *value = got;
    if (maximising && got > *alpha) *alpha = got;
    if (!maximising && got < *beta) *beta = got;
    return 1;
}

/* Search._follow: the value of the trick's `place`-th card (1 the first follow) on, within the window
 * (`best` winning the trick so far with `win`, of power `top`). */
static int64_t follow(search *S, int place, const unsigned char *seats, int led, const int32_t *row, int best,
                      int32_t top, int win, uint64_t live, const tally_state *state, int64_t alpha, int64_t beta,
                      int *failed) {
    const rules *r = S->r;
    int seat = seats[place];
    uint64_t hand = S->hands[seat];
    uint64_t legal = hand & r->suit_mask[S->c->trump][led];
    if (S->partition) { /* a duty compares the seat's cards with `win` */
        if (!legal && r->duty == 2) compared(S, hand & r->suit_mask[S->c->trump][S->c->trump], win);
        else if (legal && r->beats && (legal & (legal - 1))) compared(S, legal, win);
    }
    legal = legal ? follow_duty(r, legal, row, top) : void_plays(S, hand, row, top);
    unsigned char moves[52];
    uint64_t merged;
    int count = card_moves(S->c, legal, live, moves, &merged);
    if (S->partition && (legal & (legal - 1))) S->merged |= merged; /* (runs played as one: see settled) */
    int last = place == r->players - 1;
    if (count > 1) order_follows(moves, count, row, top, r->team_of[seat] == r->team_of[best], last);
    int maximising = r->team_of[seat] == S->team;
    int64_t value = maximising ? -SOLVE_INFINITY : SOLVE_INFINITY, got;
    for (int i = 0; i < count; i++) {
        int card = moves[i];
        S->nodes++;
        S->hands[seat] = hand ^ (uint64_t)1 << card;
        int winner = row[card] > top ? seat : best, taker = row[card] > top ? card : win;
        int32_t high = row[card] > top ? row[card] : top;
        if (last) {
            if (S->partition) won(S, taker, live);
            tally_state after;
            int over = trick_end(S, state, winner, &after);
            if (over < 0) *failed = 1;
            else if (over) {
                *failed = final_value(S, &after, &got) < 0;
                got = shifted(S, got);
            } else got = trick(S, winner, &after, alpha, beta, failed);
        } else
            got = follow(S, place + 1, seats, led, row, winner, high, taker, live, state, alpha, beta, failed);
        S->hands[seat] = hand;
        if (*failed) return 0;
        if (better(maximising, got, &value, &alpha, &beta) && alpha >= beta) break;
    }
    return value;
}

/* The trick's seats in order from `leader`. */
static inline void seats_from(const rules *r, int leader, unsigned char *seats) {
    seats[0] = (unsigned char)leader;
    memcpy(seats + 1, r->followers[leader], (size_t)r->players - 1);
}

/* Search._lead: the best lead's value within the window, and that lead (`first`: try it first). */
static int64_t lead(search *S, int leader, const tally_state *state, uint64_t live, int64_t alpha, int64_t beta,
                    int first, int *best, int *failed) {
    if (S->limit > 0 && S->nodes > S->limit) { /* (Search._lead's NodeLimit) */
        S->stopped = 1;
        *failed = 1;
        return 0;
    }
    const card_classes *c = S->c;
    uint64_t hand = S->hands[leader];
    unsigned char moves[52], seats[MAX_SEATS];
    uint64_t merged;
    int count = card_moves(c, hand, live, moves, &merged);
    if (S->partition) S->merged |= merged; /* (runs played as one: see settled) */
    if (count > 1) {
        order_leads(S, leader, moves, count, live);
        if (first >= 0 && (hand >> first & 1)) {
            first = run_of(c, first, moves, count, live, hand);
            if (first >= 0) { /* to the front */
                int at = 0;
                while (moves[at] != first) at++;
                memmove(moves + 1, moves, (size_t)at);
                moves[0] = (unsigned char)first;
            }
        }
    }
    seats_from(S->r, leader, seats);
    int maximising = S->r->team_of[leader] == S->team;
    int64_t value = maximising ? -SOLVE_INFINITY : SOLVE_INFINITY;
    *best = -1;
    for (int i = 0; i < count; i++) {
        int card = moves[i];
        S->nodes++;
        S->hands[leader] = hand ^ (uint64_t)1 << card;
        const int32_t *row = S->powers + 52 * S->r->trick_suit_of[c->trump][card];
        int64_t got = follow(S, 1, seats, S->r->suit_of[c->trump][card], row, leader, row[card], card, live,
                             state, alpha, beta, failed);
        S->hands[leader] = hand;
        if (*failed) return 0;
        if (better(maximising, got, &value, &alpha, &beta)) {
            *best = card;
            if (alpha >= beta) break;
        }
    }
    return value;
}

/* Search.trick: the value of the position at a trick's start, `leader` to lead, within the window; with
 * `partition`, the cards its bounds read added to S->read. */
static int64_t trick(search *S, int leader, const tally_state *state, int64_t alpha, int64_t beta, int *failed) {
    uint64_t key[MAX_SEATS + 1], live = 0, shape[SHAPE_WORDS];
    for (int seat = 0; seat < S->r->players; seat++) live |= S->hands[seat];
    canon(S, live, key);
    int64_t kind;
    if (state_kind(S, state, &kind) < 0) {
        *failed = 1;
        return 0;
    }
    key[MAX_SEATS] = (uint64_t)kind << 3 | (uint64_t)leader; /* (a leader fits 3 bits: MAX_SEATS <= 8) */
    uint64_t outer = S->read, runs = S->merged, head = key[MAX_SEATS] + 1;
    S->read = 0;
    S->merged = 0;
    unsigned char counts[MAX_CLASSES] = {0};
    int64_t low, high;
    int first = -1, shaped = 0;
    const tt_entry *entry = tt_slot(S->table, S->table_size, key);
    if (entry->used) {
        low = entry->low;
        high = entry->high;
        first = entry->best;
        if (S->partition) S->read = tops(S->c, entry->counts, live);
    } else {
        if (S->partition) {
            int64_t value;
            uint64_t read;
            shape_of(S, shape);
            shaped = 1;
            if (parted(S, shape, head, key, live, alpha, beta, &value, &read)) {
                S->read = outer | read;
                S->merged = runs;
                return value;
            }
        }
        if (tally_bounds(S, state, &low, &high) < 0) {
            *failed = 1;
            return 0;
        }
        low = shifted(S, low);
        high = shifted(S, high);
        if ((low < high && sure_bounds(S, leader, state, &low, &high) < 0) ||
            (low < high && owed_narrowed(S, state, &low, &high) < 0)) {
            *failed = 1;
            return 0;
        }
        if (S->partition && S->read) top_counts(S->c, S->read, live, counts);
        if (tt_store(S, key, low, high, -1, counts) < 0) { /* (the entry may have moved: not read again) */
            *failed = 1;
            return 0;
        }
    }
    if (low >= beta || high <= alpha || low == high) {
        S->read |= outer;
        S->merged = runs;
        return low >= beta || low == high ? low : high;
    }
    if (--S->until_signals <= 0) {
        S->until_signals = 1 << 16;
        if (PyErr_CheckSignals() < 0) {
            *failed = 1;
            return 0;
        }
    }
    int64_t window_low = alpha > low ? alpha : low, window_high = beta < high ? beta : high;
    int best;
    int64_t value = lead(S, leader, state, live, window_low, window_high, first, &best, failed);
    if (*failed) return 0;
    if (value <= window_low) high = value < high ? value : high;
    else if (value >= window_high) low = value > low ? value : low;
    else low = high = value;
    if (S->merged && S->read) S->read = settled(S, S->read, S->merged, live);
    S->merged = runs;
    memset(counts, 0, sizeof counts);
    if (S->partition && S->read) top_counts(S->c, S->read, live, counts);
    if (tt_store(S, key, low, high, best, counts) < 0) { /* (the table may have moved: stored anew) */
        *failed = 1;
        return 0;
    }
    if (S->partition) {
        if (!shaped) shape_of(S, shape);
        if (part_store(S, shape, head, key, live, counts, low, high) < 0) {
            *failed = 1;
            return 0;
        }
        S->read = outer | tops(S->c, counts, live);
    }
    return value;
}

/* A root move's probe (Search.values' partials): the trick's `place`-th card played, `best` winning
 * with `top`; `place` 0: a lead. With `whole`, the position itself before its `place`-th card (the
 * trick's start where `place` is 0). */
typedef struct {
    int whole, place, led, best, win; /* win: the card `best` played */
    int32_t top;
    const int32_t *row;
    unsigned char seats[MAX_SEATS];
    uint64_t live;
    tally_state state;
} root_probe;

/* The probe within a window (Search._follow after a lead, else Search._then). */
static int64_t probe(search *S, const root_probe *p, int64_t alpha, int64_t beta, int *failed) {
    if (p->whole)
        return p->place ? follow(S, p->place, p->seats, p->led, p->row, p->best, p->top, p->win, p->live, &p->state,
                                 alpha, beta, failed)
                        : trick(S, p->seats[0], &p->state, alpha, beta, failed);
    if (p->place < S->r->players - 1)
        return follow(S, p->place + 1, p->seats, p->led, p->row, p->best, p->top, p->win, p->live, &p->state, alpha,
                      beta, failed);
    if (S->partition) won(S, p->win, p->live);
    tally_state after;
    int64_t value = 0;
    int over = trick_end(S, &p->state, p->best, &after);
    if (over < 0) *failed = 1;
    else if (over) {
        *failed = final_value(S, &after, &value) < 0;
        value = shifted(S, value);
    } else value = trick(S, p->best, &after, alpha, beta, failed);
    return value;
}

/* Search.exact: the probe's exact value by null-window searches (MTD(f)). */
static int64_t exact_value(search *S, const root_probe *p, int64_t guess, int *failed) {
    int64_t low = -SOLVE_INFINITY, high = SOLVE_INFINITY, value = guess;
    while (low < high) {
        int64_t beta = value == low ? value + 1 : value;
        S->read = S->merged = 0;
        value = probe(S, p, beta - 1, beta, failed);
        if (*failed) return 0;
        if (value < beta) high = value;
        else low = value;
    }
    return value;
}

/* Read and check a tally state (tables.TallyState). */
static int load_state(const rules *r, PyObject *object, tally_state *s) {
    PyObject *tally;
    memset(s, 0, sizeof *s);
    if (!PyTuple_Check(object)) {
        PyErr_SetString(PyExc_TypeError, "the tally state must be a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(object, "Oiiiiii", &tally, &s->done, &s->opening, &s->run, &s->pile, &s->previous,
                          &s->collected))
        return -1;
    if (!in_range(s->done, 0, r->tricks - 1, "tricks done") || !in_range(s->run, 0, s->done, "opening run") ||
        !in_range(s->opening, s->run ? 0 : -1, r->teams - 1, "opening team") ||
        !in_range(s->pile, 0, s->done, "pile") ||
        !in_range(s->previous, s->done ? 0 : -1, s->done ? r->players - 1 : -1, "previous winner") ||
        !in_range(s->collected, 0, 1, "collected"))
        return -1;
    if (load_tally(r, tally, s->pile, s->done, s->tally) < 0) return -1;
    return 0;
}

/* CardClasses.standing: a trick begun (`count` cards, the first led by seats[0]): its led suit, the
 * power row that decides it, the seat winning it so far and that card's power. */
static void standing(const search *S, const unsigned char *seats, const unsigned char *trick, int count, int *led,
                     const int32_t **row, int *best, int32_t *top) {
    int trump = S->c->trump, first = trick[0];
    *led = S->r->suit_of[trump][first];
    *row = S->powers + 52 * S->r->trick_suit_of[trump][first];
    *best = seats[0];
    *top = (*row)[first];
    for (int i = 1; i < count; i++)
        if ((*row)[trick[i]] > *top) {
            *best = seats[i];
            *top = (*row)[trick[i]];
        }
}

/* A position as solve() and policy_values() take it, read and checked by load_root: the card
 * classes, the tally state at the trick's start, the trick so far (its cards, and the seats in
 * play order from its leader), and the seat to move with its legal cards and the trick's standing
 * (led suit, power row, best seat and power; a lead: none yet). */
typedef struct {
    card_classes classes;
    tally_state state;
    unsigned char trick[MAX_SEATS], seats[MAX_SEATS];
    int in_trick, seat, led, best, win; /* win: the card `best` played (-1 on a lead) */
    int32_t top;
    const int32_t *row;
    uint64_t live, legal;
} root_position;

/* Read and check a position (the trick's distinct cards, then the hands: distinct cards, one per
 * trick left) into `p`, and point the search at it: its rules, classes, hands, Hakem and team. */
static int load_root(search *S, const rules *r, PyObject *classes_object, PyObject *hands_object, int hakem,
                     int team, int leader, PyObject *trick_object, PyObject *state_object, root_position *p) {
    int n = r->players;
    memset(p, 0, sizeof *p);
    if (load_classes(r, classes_object, &p->classes) < 0 || load_state(r, state_object, &p->state) < 0 ||
        !in_range(hakem, 0, n - 1, "hakem") || !in_range(team, 0, r->teams - 1, "team") ||
        !in_range(leader, 0, n - 1, "leader"))
        return -1;
    unsigned char bytes[MAX_SEATS * 8];
    Py_buffer view;
    if (PyObject_GetBuffer(trick_object, &view, PyBUF_SIMPLE) < 0) return -1;
    int ok = view.len < n;
    if (ok) {
        p->in_trick = (int)view.len;
        memcpy(p->trick, view.buf, (size_t)view.len);
    }
    PyBuffer_Release(&view);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "the trick holds fewer cards than there are seats");
        return -1;
    }
    uint64_t seen = 0;
    for (int i = 0; i < p->in_trick; i++) {
        if (p->trick[i] >= 52 || (seen >> p->trick[i] & 1)) {
            PyErr_SetString(PyExc_ValueError, "the trick's cards must be distinct cards");
            return -1;
        }
        seen |= (uint64_t)1 << p->trick[i];
    }
    if (copy_exact(hands_object, bytes, n * 8, "hands") < 0) return -1;
    seats_from(r, leader, p->seats);
    for (int seat = 0; seat < n; seat++) {
        uint64_t mask = mask_of(bytes + 8 * seat);
        int played = 0;
        for (int i = 0; i < p->in_trick; i++) played |= p->seats[i] == seat;
        if ((mask >> 52) || (mask & seen) || count_cards(mask) != r->tricks - p->state.done - played) {
            PyErr_SetString(PyExc_ValueError, "each seat must hold one card per trick left, none played");
            return -1;
        }
        seen |= mask;
        S->hands[seat] = mask;
    }
    S->r = r;
    S->c = &p->classes;
    S->hakem = hakem;
    S->team = team;
    S->powers = &r->power[p->classes.trump][0][0];
    /* the seat to move: its legal cards (Search.values), and the trick's standing */
    p->seat = p->seats[p->in_trick];
    p->live = seen;
    p->best = leader;
    p->win = -1;
    uint64_t hand = S->hands[p->seat];
    p->legal = hand;
    if (p->in_trick) {
        standing(S, p->seats, p->trick, p->in_trick, &p->led, &p->row, &p->best, &p->top);
        for (int i = 0; i < p->in_trick; i++)
            if (p->seats[i] == p->best) p->win = p->trick[i];
        p->legal = hand & r->suit_mask[p->classes.trump][p->led];
        p->legal = p->legal ? follow_duty(r, p->legal, p->row, p->top) : void_plays(S, hand, p->row, p->top);
    }
    return 0;
}

/* What solve() and policy_values() hold during a call: the rules, the position, the search over it
 * and the memos lent to it. open_root fills it (after a failure too, close_root undoes what was done). */
typedef struct {
    kernel_rules *k;
    root_position root;
    search S;
    memo own[3]; /* the call's own memos, where a batch or another search holds the kept ones */
    int holds;
} root_call;

/* The rules from their capsule, the position (load_root) and the memos, as play() takes them. */
static int open_root(root_call *call, PyObject *capsule, PyObject *classes_object, PyObject *hands_object,
                     int hakem, int team, int leader, PyObject *trick_object, PyObject *state_object,
                     PyObject *asks) {
    memset(&call->S, 0, sizeof call->S);
    memset(call->own, 0, sizeof call->own);
    call->holds = 0;
    call->k = PyCapsule_GetPointer(capsule, RULES_NAME);
    if (call->k == NULL ||
        load_root(&call->S, &call->k->r, classes_object, hands_object, hakem, team, leader, trick_object,
                  state_object, &call->root) < 0)
        return -1;
    call->S.questions = lend_questions(call->k, asks, call->own, &call->holds);
    return call->S.questions == NULL ? -1 : 0;
}

static void close_root(root_call *call) {
    PyMem_Free(call->S.table);
    PyMem_Free(call->S.bounds);
    PyMem_Free(call->S.kinds);
    PyMem_Free(call->S.signatures);
    free_parts(&call->S);
    if (call->k != NULL) return_questions(call->k, call->own, call->holds);
}

PyDoc_STRVAR(solve_doc,
"solve(rules, classes, hands, hakem, team, leader, trick, state, points_only, asks, whole=0, limit=0)\n"
"-> (legal, values, nodes)\n\n"
"hokm._solver.search.Search(...).values in C: the legal cards (a mask) of the seat to move and each\n"
"move's exact value ({card: value}, one card of each run of touching cards), for `team`, and the\n"
"cards the search tried. `rules`: make_rules; `classes`: CardClasses.native; `hands`: each seat's\n"
"cards, 8 little-endian bytes each; `trick`: the cards played to the current trick by `leader` and\n"
"its followers, a byte each; `state`: the tally state at its start (tables.TallyState); `asks`: as\n"
"play()'s. With `whole` 1, `values` is the position's own value (the best move's) instead,\n"
"found by one MTD(f) (Search.exact of Search.trick at a trick's start). With `limit` above 0, the search\n"
"stops where a lead is searched after more than `limit` cards were tried, and returns None.");

static PyObject *solve(PyObject *self, PyObject *args) {
    PyObject *capsule, *classes_object, *hands_object, *trick_object, *state_object, *asks;
    int hakem, team, leader, points_only, whole = 0;
    long long limit = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOiiiOOiO|iL", &capsule, &classes_object, &hands_object, &hakem, &team, &leader,
                          &trick_object, &state_object, &points_only, &asks, &whole, &limit))
        return NULL;
    root_call call;
    PyObject *result = NULL, *values = NULL;
    if (open_root(&call, capsule, classes_object, hands_object, hakem, team, leader, trick_object, state_object,
                  asks) < 0 ||
        !in_range(points_only, 0, 1, "points_only") || !in_range(whole, 0, 1, "whole"))
        goto done;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "limit must be 0 (none) or more");
        goto done;
    }
    const rules *r = &call.k->r;
    const root_position *root = &call.root;
    search *S = &call.S;
    S->shift = points_only ? POINTS_SHIFT : 0;
    S->limit = limit;
    S->table_size = 1 << 12;
    S->bounds_size = S->kinds_size = S->signatures_size = 1 << 8;
    S->table = new_table(S->table_size, sizeof *S->table);
    S->bounds = S->table == NULL ? NULL : new_table(S->bounds_size, sizeof *S->bounds);
    S->kinds = S->bounds == NULL ? NULL : new_table(S->kinds_size, sizeof *S->kinds);
    S->signatures = S->kinds == NULL ? NULL : new_table(S->signatures_size, sizeof *S->signatures);
    /* search.PARTITION_FROM: partition entries in a search that begins with that many tricks left */
    int most = 0;
    for (int seat = 0; seat < r->players; seat++)
        if (count_cards(S->hands[seat]) > most) most = count_cards(S->hands[seat]);
    S->partition = root->classes.exact && most >= PARTITION_FROM;
    S->parts_size = S->parted_size = 1 << 8;
    S->parts = S->signatures == NULL ? NULL : new_table(S->parts_size, sizeof *S->parts);
    S->parted = S->parts == NULL ? NULL : new_table(S->parted_size, sizeof *S->parted);
    if (S->parted == NULL || (values = PyDict_New()) == NULL) goto done;
    /* Search.values: each move's value by MTD(f), the last value the next guess */
    int seat = root->seat, in_trick = root->in_trick, trump = root->classes.trump;
    uint64_t legal = root->legal, hand = S->hands[seat];
    root_probe p;
    memset(&p, 0, sizeof p);
    memcpy(p.seats, root->seats, sizeof p.seats);
    p.live = root->live;
    p.state = root->state;
    p.place = in_trick;
    p.led = root->led;
    p.row = root->row;
    p.best = root->best;
    p.top = root->top;
    p.win = root->win;
    int failed = 0;
    int64_t guess = 0;
    if (whole) { /* the position's value alone */
        p.whole = 1;
        guess = exact_value(S, &p, guess, &failed);
        if (!failed) result = Py_BuildValue("(KLL)", (unsigned long long)legal, (long long)guess, S->nodes);
        goto done;
    }
    unsigned char moves[52];
    uint64_t merged;
    int count = card_moves(&root->classes, legal, root->live, moves, &merged);
    for (int i = 0; i < count; i++) {
        int card = moves[i];
        S->hands[seat] = hand ^ (uint64_t)1 << card;
        if (!in_trick) {
            p.led = r->suit_of[trump][card];
            p.row = S->powers + 52 * r->trick_suit_of[trump][card];
            p.best = seat;
            p.top = p.row[card];
            p.win = card;
        } else {
            p.best = root->row[card] > root->top ? seat : root->best;
            p.top = root->row[card] > root->top ? root->row[card] : root->top;
            p.win = root->row[card] > root->top ? card : root->win;
        }
        guess = exact_value(S, &p, guess, &failed);
        S->hands[seat] = hand;
        if (failed) goto done;
        PyObject *key = PyLong_FromLong(card), *value = PyLong_FromLongLong(guess);
        int stored = key != NULL && value != NULL ? PyDict_SetItem(values, key, value) : -1;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (stored < 0) goto done;
    }
    result = Py_BuildValue("(KOL)", (unsigned long long)legal, values, S->nodes);
done:
    if (result == NULL && call.S.stopped && !PyErr_Occurred()) result = Py_NewRef(Py_None); /* the limit */
    Py_XDECREF(values);
    close_root(&call);
    return result;
}

/* ---- Policy playouts (hokm._solver.playouts): a random lead, each follower by rule ------------ */

/* playouts._choose: a follower's card; its cheapest when its side is `winning`, else the cheapest
 * that beats `top` (the lowest power, then the cheapest), else its cheapest. */
static int policy_card(const card_classes *c, uint64_t legal, const int32_t *row, int32_t top, int winning) {
    int pick = -1;
    if (!winning)
        for (uint64_t rest = legal; rest; rest &= rest - 1) {
            int card = __builtin_ctzll(rest);
            if (row[card] > top &&
                (pick < 0 || row[card] < row[pick] || (row[card] == row[pick] && c->cheap[card] < c->cheap[pick])))
                pick = card;
        }
    if (pick >= 0) return pick;
    for (uint64_t rest = legal; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest);
        if (pick < 0 || c->cheap[card] < c->cheap[pick]) pick = card;
    }
    return pick;
}

/* playouts._playout: one playout from the trick `leader` leads (`trick`: its first `in_trick` cards,
 * perhaps all of them) to the hand's end; its value for the search's team (encode) in `value`.
 * `held` is changed in place. -1: an error from the Python side. */
static int policy_playout(search *S, twister *s, uint64_t *held, int leader, const unsigned char *trick,
                          int in_trick, tally_state state, int64_t *value) {
    const rules *r = S->r;
    const card_classes *c = S->c;
    int trump = c->trump, n = r->players;
    unsigned char lead[1];
    for (;;) {
        unsigned char seats[MAX_SEATS];
        seats_from(r, leader, seats);
        if (!in_trick) { /* the lead: any card, uniformly, in index order */
            lead[0] = (unsigned char)nth_card(held[leader], pick_below(s, count_cards(held[leader])));
            held[leader] &= ~((uint64_t)1 << lead[0]);
            trick = lead;
            in_trick = 1;
        }
        int led, best, place = in_trick;
        int32_t top;
        const int32_t *row;
        standing(S, seats, trick, in_trick, &led, &row, &best, &top);
        in_trick = 0;
        for (int k = place; k < n; k++) {
            int seat = seats[k];
            uint64_t hand = held[seat], legal = hand & r->suit_mask[trump][led];
            legal = legal ? follow_duty(r, legal, row, top) : void_plays(S, hand, row, top);
            int card = policy_card(c, legal, row, top, r->team_of[seat] == r->team_of[best]);
            held[seat] = hand & ~((uint64_t)1 << card);
            if (row[card] > top) {
                best = seat;
                top = row[card];
            }
        }
        tally_state after;
        int over = trick_end(S, &state, best, &after);
        if (over < 0) return -1;
        state = after;
        if (over) return final_value(S, &state, value);
        leader = best;
    }
}

#define MAX_POLICY_PLAYOUTS 100000 /* hokm.solver.MAX_PLAYOUTS */

PyDoc_STRVAR(policy_values_doc,
"policy_values(rules, classes, hands, hakem, team, leader, trick, state, asks, count, seed)\n"
"-> (legal, {card: (points, margin)})\n\n"
"hokm._solver.playouts.policy_values in C: the legal cards (a mask) of the seat to move and, for\n"
"each, `team`'s points and trick margin summed over `count` policy playouts after it, every card's\n"
"from the generator seeded by `seed` (a seed key: hokm._seeding.seed_key) afresh. The position's\n"
"arguments are solve()'s.");

static PyObject *policy_values(PyObject *self, PyObject *args) {
    PyObject *capsule, *classes_object, *hands_object, *trick_object, *state_object, *asks, *seed;
    int hakem, team, leader, count;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOiiiOOOiO", &capsule, &classes_object, &hands_object, &hakem, &team, &leader,
                          &trick_object, &state_object, &asks, &count, &seed))
        return NULL;
    root_call call;
    twister start, s;
    PyObject *result = NULL, *values = NULL;
    if (open_root(&call, capsule, classes_object, hands_object, hakem, team, leader, trick_object, state_object,
                  asks) < 0 ||
        !in_range(count, 1, MAX_POLICY_PLAYOUTS, "count") || start_twister(seed, &start) < 0 ||
        (values = PyDict_New()) == NULL)
        goto done;
    const root_position *root = &call.root;
    search *S = &call.S;
    unsigned char trick[MAX_SEATS];
    memcpy(trick, root->trick, sizeof trick);
    int until_signals = 4096;
    for (uint64_t rest = root->legal; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest);
        uint64_t after[MAX_SEATS], held[MAX_SEATS];
        memcpy(after, S->hands, sizeof after);
        after[root->seat] &= ~((uint64_t)1 << card);
        trick[root->in_trick] = (unsigned char)card;
        s = start; /* every card on the same random numbers */
        long long points = 0, margin = 0;
        for (int i = 0; i < count; i++) {
            if (--until_signals == 0) { /* Ctrl-C stops a long batch */
                until_signals = 4096;
                if (PyErr_CheckSignals() < 0) goto done;
            }
            int64_t value;
            memcpy(held, after, sizeof held);
            if (policy_playout(S, &s, held, root->seats[0], trick, root->in_trick + 1, root->state, &value) < 0)
                goto done;
            /* tables.decode: the points by floor division, the margin from the low byte */
            int64_t got = value >= 0 ? value >> POINTS_SHIFT : -((-value - 1) >> POINTS_SHIFT) - 1;
            points += got;
            margin += value - got * (1 << POINTS_SHIFT) - MARGIN_OFFSET;
        }
        PyObject *key = PyLong_FromLong(card), *total = Py_BuildValue("(LL)", points, margin);
        int stored = key != NULL && total != NULL ? PyDict_SetItem(values, key, total) : -1;
        Py_XDECREF(key);
        Py_XDECREF(total);
        if (stored < 0) goto done;
    }
    result = Py_BuildValue("(KO)", (unsigned long long)root->legal, values);
done:
    Py_XDECREF(values);
    close_root(&call);
    return result;
}

PyDoc_STRVAR(random_doc,
"random(words, count) -> (values, words)\n\n"
"`count` random() values from the generator's words, and its words after (for the tests).");

static PyObject *random_values(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *words;
    Py_ssize_t count;
    twister s;
    if (!PyArg_ParseTuple(args, "On", &words, &count)) return NULL;
    if (count < 0 || count > 1 << 24) {
        PyErr_SetString(PyExc_ValueError, "count is out of range");
        return NULL;
    }
    if (load_twister(words, &s) < 0) return NULL;
    PyObject *values = PyList_New(count);
    if (values == NULL) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *value = PyFloat_FromDouble(next_random(&s));
        if (value == NULL) {
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, i, value);
    }
    PyObject *after = dump_twister(&s);
    if (after == NULL) {
        Py_DECREF(values);
        return NULL;
    }
    return Py_BuildValue("(NN)", values, after);
}

static PyMethodDef methods[] = {
    {"make_rules", make_rules, METH_VARARGS, make_rules_doc},
    {"play", play, METH_VARARGS, play_doc},
    {"policy_values", policy_values, METH_VARARGS, policy_values_doc},
    {"random", random_values, METH_VARARGS, random_doc},
    {"solve", solve, METH_VARARGS, solve_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "hokm's C batch kernel (see hokm._kernel.native_plan).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    count_tables();
    return PyModule_Create(&module);
}
