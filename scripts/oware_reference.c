/*
 * oware_reference.c -- an independent second implementation of the Oware family's rules
 * (Awari, Oware/Abapa and its grand-slam-illegal variant, Ayo, Wari) and of their endgame
 * databases, written to check the Rust engine (mancala-lab) from outside.
 *
 * Written from the rules cards (`mancala-lab rules awari-6-4`, `oware-6-4`, `oware-6-4-gi`,
 * `ayo-6-4`, `wari-6-4`), docs/rules.md, docs/notation.md and the papers in shared/seeds
 * (Broline & Loeb section 2 for Ayo; Erickson, "Sowing Games", sections 3-4 for Wari) only:
 * no Rust source, test or bench of the engine was read, and nothing here was fitted to the
 * engine's output (where the two disagree, the disagreement is reported, see below).
 *
 * Build and run (C99, libc only, one thread):
 *     cc -O2 -o /tmp/oware_reference scripts/oware_reference.c
 *     /tmp/oware_reference tsv > data/oware_reference.tsv   # about 25 s of CPU (under a minute)
 *     /tmp/oware_reference claim [K2 K3 K4]                  # point 3 below: about 90 s of CPU
 * Other commands, for single cases:
 *     /tmp/oware_reference perft RULES DEPTH [MOVES]        (after the moves MOVES from the start)
 *     /tmp/oware_reference game RULES SEED [q]               (q: the "quiet" move choice; with the
 *                                                             environment OWARE_TRACE=1 each
 *                                                             position's legal moves on stderr)
 *     /tmp/oware_reference value RULES b1.b2...              (a board seen by the mover)
 *     /tmp/oware_reference layers RULES MAXSEEDS [verify]    (any board size: each layer's
 *                                                             counts, digest, Ayo's stall positions,
 *                                                             positions that can play for ever;
 *                                                             verify re-checks every value by a
 *                                                             one-move look-ahead)
 * Diagnostics (environment, never used for the data): OWARE_NO_REP=1, OWARE_NO_STALL=1 leave the
 * repetition / Ayo's stall ending out of games and perft; OWARE_GI_FEED_ANY=1 is the other
 * reading of -gi described below.
 *
 * RULES ids are FAMILY-PITS-SEEDS with FAMILY awari, oware, ayo, wari, and the suffix -gi for
 * Oware's grand slam illegal (pits 2..12, seeds a pit 0..99; here at most 255 seeds in all).
 *
 * ---------------------------------------------------------------------------------------
 * THE RULES AS READ HERE. A board is seen by the player to move: his pits a.. in sowing order,
 * then the opponent's a..; sowing is counterclockwise: mover's a..last, opponent's a..last.
 *
 * Awari, Oware, Ayo: lift a non-empty pit and sow from the next pit, the origin pit skipped on
 *   every lap. The last seed in an opponent's pit now holding 2 or 3 captures it, and the pits
 *   before it while they are the opponent's and hold 2 or 3. A "grand slam" is a move whose
 *   capture would take every seed on the opponent's side (after the sowing).
 *   - Awari: legal moves are those leaving the opponent a seed; if none does, every non-empty
 *     pit (a grand slam then captures everything). A player to move without seeds: game over,
 *     the opponent takes every seed left.
 *   - Oware: a grand slam is played and captures nothing. If the opponent has no seeds, only
 *     moves leaving him seeds are legal. -gi: among the moves allowed so far (after the feeding
 *     rule), grand slams are removed unless every one is a grand slam (then it is played and
 *     captures nothing): the card's "a grand slam is not allowed; if every move is one, it is
 *     played" has no exception for feeding (and Oji: "not permitted at any time"). No legal
 *     move (no seeds, or cannot feed): game over, each takes the seeds on his side. A player
 *     with more than half of all the seeds (2 * captured > 2 * PITS * SEEDS) wins at once.
 *     >>> The engine allows a grand slam that feeds an opponent without seeds although another
 *     feeding move is no grand slam: oware-2-4-gi --setup 6.1-0.0-0.0-s: engine a, b; here b
 *     only (a sows b Na Nb b Na Nb, leaving 2 and 2 in North's pits: a grand slam); in a game,
 *     oware-3-3-gi --moves accacbcc (5.9.1-0.0.0, South to move): engine a b c, here a c.
 *     With OWARE_GI_FEED_ANY=1 this program reproduces the engine's layer counts for -gi on 2, 3
 *     and 4 pits (they differ from 8, 13, 14 seeds on) and its perft.
 *   - Ayo: legal moves are those after which the opponent has a seed (so a move). None: game
 *     over, the mover is awarded every seed left (also when he has no seeds at all, as the card
 *     reads it). Stall: after every move (and at the start) every position reachable by legal
 *     moves is explored (at most 100000, as the card says; then the game goes on); if no
 *     position there has a legal capturing move or no legal move, the game ends, each taking
 *     his side.
 * Wari (Erickson): lift a pit of at least two seeds and sow starting with that pit itself (no
 *   pit skipped). If the last pit sown holds 2 or 3, it is captured, and the pits before it
 *   one after another (round the ring, each at most once) while they hold 2 or 3, on either
 *   side; the mover takes them all. A player who cannot move passes; the pass is not a move
 *   (not counted in perft, no letter): the turn goes straight back. Neither can move: game
 *   over, the seeds left count for nobody. (Endless play is possible only on small boards:
 *   none on 6 pits up to 14 seeds; on 2 pits from 13 seeds, on 3 pits from 14.)
 * Repetition (games, perft, point 3): a position (board, captures, player to move, taken after
 *   any pass) that occurred earlier in the same game ends it: Awari and Wari: the seeds left
 *   count for nobody (Awari shares them equally); Oware and Ayo: each takes his side.
 * Order of the checks on reaching a position: Oware's majority; the player to move has no
 *   legal move (Wari: pass, or the end); Ayo's stall; repetition.
 *
 * ---------------------------------------------------------------------------------------
 * `tsv` writes the rows described in its own header (perft, game, layer, value).
 *
 * THE DATABASES: a position is a board seen by the mover (12-tuple on 6 pits); its value is
 * the best net number of seeds the mover will still capture or be awarded minus the
 * opponent's; endless play is worth 0; Oware's majority is not applied; Ayo's stall positions
 * are worth (his side - opponent's side). Each layer (seeds on the board) is solved after the
 * smaller ones: a capture leaves the layer (its value known), a non-capturing move stays in it.
 * Within a layer, for t = s..1: W_t (mover can force an outcome >= t) and L_t (mover cannot
 * avoid <= -t) are the attractors of a reachability game (W_t: some move is an exit worth >= t
 * or goes to L_t; L_t: every move is an exit worth <= -t or goes to W_t), computed
 * incrementally as t falls, with move counters over the layer's reversed edges; a position in
 * neither W_1 nor L_1 is worth 0 (each side can keep the other from any exit that good, and
 * endless play is 0). Ayo's stall positions are those of the layer from which no terminal
 * position and no legal capturing move can be reached (the backward closure over the layer's
 * non-capturing legal moves); they are made terminal before the thresholds. A pass (Wari) is a
 * move to the same board seen by the other player; a position where neither can move is
 * terminal, worth 0. `layers ... verify` checks each value against a one-move look-ahead
 * (Ayo's stall then by the explicit exploration): no inconsistency on 6 pits up to 14 seeds.
 *
 * ---------------------------------------------------------------------------------------
 * `claim` (point 3): is it true that a database value (the convention above) "may differ in
 * its margin, never in its winner" from the game the rules actually play? For each rule set
 * (awari, oware, oware-gi, ayo, wari), 2..4 pits a side and every board up to a seed limit
 * (default: 16 seeds on 2 pits, 8 on 3 pits, 5 on 4 pits), South to move, captures so far
 * equal (so Oware's majority is reached by capturing more than half of the seeds on the board
 * at the start) and an empty history, the game under the actual rules is solved exactly: a
 * minimax over the game's paths, repetition ending the game at the first repeat of (board,
 * captures, turn); as captures only grow, only the positions since the last capture can
 * repeat, so the search (alpha-beta, MTD(f) from the databases' value, moves ordered by the
 * databases) is memoised on (position, captures, set of positions since the last capture).
 * The winner (sign of the final score difference) is compared with the sign of the database
 * value; every kind of disagreement is counted and the smallest case of each kind printed with
 * two lines of play (both sides playing the rules' optimum; both playing the databases'
 * optimum under the rules' endings). Checks of the method: with a repetition counting for
 * nobody and without majority, the search must give the databases' value exactly (it does on
 * every board checked, for Oware, Oware -gi and Ayo; for Awari and Wari, whose repetition counts
 * for nobody anyway, the rules' value equals the databases' on every board); the majority
 * alone changes margins but never the winner.
 * RESULT (default range): the sentence is FALSE for Oware, Oware -gi and Ayo: their "each takes
 * his side" at a repetition changes the winner on thousands of boards, in every direction
 * (database win -> rules loss included), e.g. oware-3-1 / ayo-3-1 --setup 0.0.1-4.0.0-0.0-s:
 * database +2, rules -1. It holds (values identical) for Awari and Wari.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdarg.h>
#include <time.h>

typedef uint8_t u8;
#define MAXL 24
#define MAXN 12
#define MAXS 40

enum { AWARI, OWARE, AYO, WARI };
static const char *famname[] = {"awari", "oware", "ayo", "wari"};

typedef struct {
    int fam, gi, n, s;
    char id[48];
} Rules;

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

static int parse_rules(const char *id, Rules *R) {
    char fam[16], rest[16] = "";
    int n, s, f;
    if (sscanf(id, "%15[a-z]-%d-%d%15s", fam, &n, &s, rest) < 3) return 0;
    for (f = 0; f < 4; f++)
        if (!strcmp(fam, famname[f])) break;
    if (f == 4 || n < 2 || n > MAXN || s < 0 || s > 99 || 2 * n * s > 255) return 0;
    R->fam = f;
    R->n = n;
    R->s = s;
    R->gi = 0;
    if (rest[0]) {
        if (f != OWARE || strcmp(rest, "-gi")) return 0;
        R->gi = 1;
    }
    snprintf(R->id, sizeof R->id, "%s", id);
    return 1;
}

/* ---------------------------------------------------------------- moves ---------------- */

typedef struct {
    u8 b[MAXL];   /* board after the move, still seen by the mover (not flipped) */
    int pit, cap, gs, oppafter;
} Move;

static void sow(const Rules *R, const u8 *in, int pit, Move *m) {
    int n = R->n, L = 2 * n, k, seeds, i, c = 0, j, taken = 0, opptaken = 0, opptotal = 0;
    int chain[MAXL];
    memcpy(m->b, in, L);
    m->pit = pit;
    seeds = m->b[pit];
    m->b[pit] = 0;
    k = pit;
    if (R->fam == WARI) {
        m->b[k]++;
        seeds--;
        while (seeds > 0) {
            k = (k + 1) % L;
            m->b[k]++;
            seeds--;
        }
    } else {
        while (seeds > 0) {
            k = (k + 1) % L;
            if (k == pit) continue;
            m->b[k]++;
            seeds--;
        }
    }
    for (i = n; i < L; i++) opptotal += m->b[i];
    j = k;
    if (R->fam == WARI) {
        while (c < L && (m->b[j] == 2 || m->b[j] == 3)) {
            chain[c++] = j;
            j = (j - 1 + L) % L;
        }
    } else if (k >= n) {
        while (j >= n && (m->b[j] == 2 || m->b[j] == 3)) {
            chain[c++] = j;
            j--;
        }
    }
    for (i = 0; i < c; i++) {
        taken += m->b[chain[i]];
        if (chain[i] >= n) opptaken += m->b[chain[i]];
    }
    m->gs = (opptotal > 0 && opptaken == opptotal);
    if (R->fam == OWARE && m->gs) {
        taken = 0;
        opptaken = 0;
    } else {
        for (i = 0; i < c; i++) m->b[chain[i]] = 0;
    }
    m->cap = taken;
    m->oppafter = opptotal - opptaken;
}

static int side_sum(const Rules *R, const u8 *b, int who) {
    int i, t = 0;
    for (i = 0; i < R->n; i++) t += b[who * R->n + i];
    return t;
}

static int wari_can(const Rules *R, const u8 *b, int who) {
    int i;
    for (i = 0; i < R->n; i++)
        if (b[who * R->n + i] >= 2) return 1;
    return 0;
}

/* Diagnostic only (environment OWARE_GI_FEED_ANY=1): the other reading of -gi, where a
 * player feeding an opponent without seeds may play any feeding move, grand slams included
 * (they capture nothing). Not the card's reading; off in every output unless asked for. */
static int gi_feed_any = 0;

/* Legal moves of the mover of b. *refused: 1 when a grand slam was a candidate but is not
 * legal. Returns the number of legal moves (0: none; for Wari the caller decides pass/end). */
static int gen(const Rules *R, const u8 *b, Move *mv, int *refused) {
    int n = R->n, i, c = 0, k, need = R->fam == WARI ? 2 : 1, oppsum = side_sum(R, b, 1);
    int gsc = 0, gsl = 0;
    for (i = 0; i < n; i++)
        if (b[i] >= need) sow(R, b, i, &mv[c++]);
    switch (R->fam) {
    case AWARI: {
        int keep = 0;
        for (i = 0; i < c; i++) {
            if (mv[i].gs) gsc++;
            if (mv[i].oppafter > 0) keep++;
        }
        if (keep > 0) {
            for (i = k = 0; i < c; i++)
                if (mv[i].oppafter > 0) mv[k++] = mv[i];
            c = k;
        }
        break;
    }
    case AYO:
        for (i = 0; i < c; i++)
            if (mv[i].gs) gsc++;
        for (i = k = 0; i < c; i++)
            if (mv[i].oppafter > 0) mv[k++] = mv[i];
        c = k;
        break;
    case OWARE:
        if (oppsum == 0) {
            for (i = k = 0; i < c; i++)
                if (mv[i].oppafter > 0) mv[k++] = mv[i];
            c = k;
        }
        for (i = 0; i < c; i++)
            if (mv[i].gs) gsc++;
        if (R->gi && !(gi_feed_any && oppsum == 0)) {
            int plain = 0;
            for (i = 0; i < c; i++)
                if (!mv[i].gs) plain++;
            if (plain > 0) {
                for (i = k = 0; i < c; i++)
                    if (!mv[i].gs) mv[k++] = mv[i];
                c = k;
            }
        }
        break;
    default:
        break;
    }
    for (i = 0; i < c; i++)
        if (mv[i].gs) gsl++;
    if (refused) *refused = gsc > gsl;
    return c;
}

/* Awards when the mover of b has no legal move (Wari: neither can move). */
static void terminal_award(const Rules *R, const u8 *b, int *am, int *ao) {
    int mine = side_sum(R, b, 0), theirs = side_sum(R, b, 1);
    switch (R->fam) {
    case AWARI:
        *am = mine; /* 0: a mover with a seed always has a move */
        *ao = theirs;
        if (mine) die("internal: awari terminal with seeds");
        break;
    case OWARE:
        *am = mine;
        *ao = theirs;
        break;
    case AYO:
        *am = mine + theirs;
        *ao = 0;
        break;
    default:
        *am = *ao = 0;
    }
}

static void flip(const Rules *R, const u8 *b, u8 *out) {
    int n = R->n, i;
    for (i = 0; i < n; i++) {
        out[i] = b[n + i];
        out[n + i] = b[i];
    }
}

/* ---------------------------------------------------------------- Ayo's stall ---------- */

#define STALL_CAP 100000
#define STALL_HASH (1 << 18)
static u8 (*st_q)[MAXL];
static int32_t *st_slot;
static uint32_t *st_gen, st_cur;
static long stall_cap_hits = 0;

static uint64_t hash_bytes(const u8 *b, int L) {
    uint64_t h = 0xcbf29ce484222325ULL;
    int i;
    for (i = 0; i < L; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 29;
    return h;
}

/* 1: no position reachable from b (mover to move) by legal moves has a legal capturing move or
 * no legal move. 0 otherwise, or when the exploration passes STALL_CAP positions. */
typedef struct {
    u8 b[MAXL];
    int8_t n, res; /* res: 0 not stalled, 1 stalled, -1 empty slot */
} StallCache;
static StallCache *st_cache;
#define STALL_CACHE (1 << 20)

static int ayo_stall_bfs(const Rules *R, const u8 *b);

/* The same, remembered (the answer depends on the board and the number of pits only). */
static int ayo_stall(const Rules *R, const u8 *b) {
    int L = 2 * R->n, r;
    uint64_t h;
    StallCache *e;
    if (!st_cache) {
        st_cache = malloc(sizeof(StallCache) * STALL_CACHE);
        if (!st_cache) die("out of memory");
        for (r = 0; r < STALL_CACHE; r++) st_cache[r].res = -1;
    }
    h = (hash_bytes(b, L) ^ (uint64_t)R->n * 0x9e3779b97f4a7c15ULL) & (STALL_CACHE - 1);
    e = &st_cache[h];
    if (e->res >= 0 && e->n == R->n && !memcmp(e->b, b, L)) return e->res;
    r = ayo_stall_bfs(R, b);
    memcpy(e->b, b, L);
    e->n = (int8_t)R->n;
    e->res = (int8_t)r;
    return r;
}

static int ayo_stall_bfs(const Rules *R, const u8 *b) {
    int L = 2 * R->n, head = 0, tail = 0, i, c;
    Move mv[MAXN];
    if (!st_q) {
        st_q = malloc(sizeof(*st_q) * STALL_CAP);
        st_slot = malloc(sizeof(int32_t) * STALL_HASH);
        st_gen = calloc(STALL_HASH, sizeof(uint32_t));
        if (!st_q || !st_slot || !st_gen) die("out of memory");
    }
    st_cur++;
    memcpy(st_q[tail], b, L);
    {
        uint64_t h = hash_bytes(b, L) & (STALL_HASH - 1);
        st_gen[h] = st_cur;
        st_slot[h] = tail;
    }
    tail++;
    while (head < tail) {
        u8 x[MAXL];
        memcpy(x, st_q[head++], L);
        c = gen(R, x, mv, NULL);
        if (c == 0) return 0;
        for (i = 0; i < c; i++)
            if (mv[i].cap > 0) return 0;
        for (i = 0; i < c; i++) {
            u8 y[MAXL];
            uint64_t h;
            flip(R, mv[i].b, y);
            h = hash_bytes(y, L) & (STALL_HASH - 1);
            while (st_gen[h] == st_cur) {
                if (!memcmp(st_q[st_slot[h]], y, L)) break;
                h = (h + 1) & (STALL_HASH - 1);
            }
            if (st_gen[h] == st_cur) continue;
            if (tail >= STALL_CAP) {
                stall_cap_hits++;
                return 0;
            }
            st_gen[h] = st_cur;
            st_slot[h] = tail;
            memcpy(st_q[tail++], y, L);
        }
    }
    return 1;
}

/* ---------------------------------------------------------------- game positions ------- */

typedef struct {
    u8 b[MAXL]; /* absolute: South's pits a.., North's pits a.. */
    int turn;   /* 0 South, 1 North */
    int cap[2];
} GS;

static void rel_of(const Rules *R, const GS *g, u8 *rel) {
    int L = 2 * R->n, i;
    for (i = 0; i < L; i++) rel[i] = g->b[(i + g->turn * R->n) % L];
}

static void apply_move(const Rules *R, GS *g, const Move *m) {
    int L = 2 * R->n, i;
    for (i = 0; i < L; i++) g->b[(i + g->turn * R->n) % L] = m->b[i];
    g->cap[g->turn] += m->cap;
    g->turn ^= 1;
}

enum { E_NONE, E_REP, E_STALL, E_NOMOVE, E_MAJ, E_EMPTY, E_LIMIT };
static const char *endname[] = {"none", "repetition", "stall", "no-move", "majority", "empty", "limit"};

typedef struct {
    GS *a;
    int n, cap;
} Hist;

static int hist_contains(const Rules *R, const Hist *h, const GS *g) {
    int i, L = 2 * R->n;
    for (i = h->n - 1; i >= 0; i--) {
        const GS *x = &h->a[i];
        if (x->cap[0] != g->cap[0] || x->cap[1] != g->cap[1]) break;
        if (x->turn == g->turn && !memcmp(x->b, g->b, L)) return 1;
    }
    return 0;
}

static void hist_push(Hist *h, const GS *g) {
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 1024;
        h->a = realloc(h->a, sizeof(GS) * h->cap);
        if (!h->a) die("out of memory");
    }
    h->a[h->n++] = *g;
}

/* Diagnostics only (environment OWARE_NO_REP, OWARE_NO_STALL): leave out the repetition ending
 * or Ayo's stall ending in games and perft, to find which ending a difference comes from. */
static int diag_no_rep = 0, diag_no_stall = 0;

/* On reaching g (after a move, or at the start): Wari's pass (turn flipped), then the
 * endings. Pushes g on the history when the game goes on. T: all the seeds of the game. */
static int arrive(const Rules *R, GS *g, int T, Hist *h) {
    u8 rel[MAXL];
    Move mv[MAXN];
    int L = 2 * R->n, i, tot = 0;
    if (R->fam == OWARE && (2 * g->cap[0] > T || 2 * g->cap[1] > T)) return E_MAJ;
    rel_of(R, g, rel);
    if (gen(R, rel, mv, NULL) == 0) {
        if (R->fam == WARI && wari_can(R, rel, 1)) {
            g->turn ^= 1;
            rel_of(R, g, rel);
        } else {
            for (i = 0; i < L; i++) tot += g->b[i];
            return tot ? E_NOMOVE : E_EMPTY;
        }
    }
    if (R->fam == AYO && !diag_no_stall && ayo_stall(R, rel)) return E_STALL;
    if (!diag_no_rep && hist_contains(R, h, g)) return E_REP;
    hist_push(h, g);
    return E_NONE;
}

/* The awards of an ending, added to g->cap. */
static void award(const Rules *R, GS *g, int code) {
    u8 rel[MAXL];
    int am = 0, ao = 0, n = R->n;
    rel_of(R, g, rel);
    switch (code) {
    case E_NOMOVE:
    case E_EMPTY:
        terminal_award(R, rel, &am, &ao);
        break;
    case E_STALL:
        am = side_sum(R, rel, 0);
        ao = side_sum(R, rel, 1);
        break;
    case E_REP:
        if (R->fam == OWARE || R->fam == AYO) {
            am = side_sum(R, rel, 0);
            ao = side_sum(R, rel, 1);
        }
        break;
    default:
        break;
    }
    (void)n;
    g->cap[g->turn] += am;
    g->cap[g->turn ^ 1] += ao;
}

static void start_pos(const Rules *R, GS *g) {
    int i;
    memset(g, 0, sizeof *g);
    for (i = 0; i < 2 * R->n; i++) g->b[i] = (u8)R->s;
}

/* ---------------------------------------------------------------- output buffer -------- */

typedef struct {
    char *p;
    size_t n, cap;
} Buf;

static void bprintf(Buf *b, const char *fmt, ...) {
    va_list ap;
    int k;
    for (;;) {
        size_t room = b->cap - b->n;
        va_start(ap, fmt);
        k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? room : 0, fmt, ap);
        va_end(ap);
        if (k < 0) die("vsnprintf");
        if (b->p && (size_t)k < room) {
            b->n += k;
            return;
        }
        b->cap = (b->cap + k + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if (!b->p) die("out of memory");
    }
}

/* ---------------------------------------------------------------- perft ---------------- */

static uint64_t perft_rec(const Rules *R, const GS *g, int d, Hist *h, int T) {
    u8 rel[MAXL];
    Move mv[MAXN];
    int c, i;
    uint64_t tot = 0;
    if (d == 0) return 1;
    rel_of(R, g, rel);
    c = gen(R, rel, mv, NULL);
    for (i = 0; i < c; i++) {
        GS g2 = *g;
        int hn = h->n, code;
        apply_move(R, &g2, &mv[i]);
        code = arrive(R, &g2, T, h);
        if (code)
            tot += (d == 1);
        else
            tot += perft_rec(R, &g2, d - 1, h, T);
        h->n = hn;
    }
    return tot;
}

/* perft after the moves `pre` (letters) from the start; NULL or "" for none */
static uint64_t perft_after(const Rules *R, int d, const char *pre) {
    GS g;
    Hist h = {0};
    uint64_t r;
    start_pos(R, &g);
    if (arrive(R, &g, 2 * R->n * R->s, &h)) {
        free(h.a);
        return 0;
    }
    for (; pre && *pre; pre++) {
        u8 rel[MAXL];
        Move mv[MAXN];
        int c = gen(R, (rel_of(R, &g, rel), rel), mv, NULL), i;
        for (i = 0; i < c && mv[i].pit != *pre - 'a'; i++)
            ;
        if (i == c) die("illegal move %c", *pre);
        apply_move(R, &g, &mv[i]);
        if (arrive(R, &g, 2 * R->n * R->s, &h)) {
            free(h.a);
            return 0;
        }
    }
    r = perft_rec(R, &g, d, &h, 2 * R->n * R->s);
    free(h.a);
    return r;
}

static uint64_t perft(const Rules *R, int d) { return perft_after(R, d, NULL); }

/* ---------------------------------------------------------------- games ---------------- */

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#define GAME_LIMIT 200000

typedef struct {
    char *moves;
    int nmoves;
    GS end;     /* before the award */
    int score[2];
    int code, gsplayed, gsrefused;
} GameResult;

/* quiet: draw among the legal moves that capture nothing, when there are any */
static int trace_legal = 0; /* print every position's legal moves on stderr */

static void play_game(const Rules *R, uint64_t seed, int quiet, GameResult *res) {
    GS g;
    Hist h = {0};
    int T = 2 * R->n * R->s, code, cap = 256;
    uint64_t st = seed;
    res->moves = malloc(cap);
    res->nmoves = 0;
    res->gsplayed = res->gsrefused = 0;
    start_pos(R, &g);
    code = arrive(R, &g, T, &h);
    while (!code) {
        u8 rel[MAXL];
        Move mv[MAXN];
        int c, refused, k;
        if (res->nmoves >= GAME_LIMIT) {
            code = E_LIMIT;
            break;
        }
        rel_of(R, &g, rel);
        c = gen(R, rel, mv, &refused);
        if (c == 0) die("internal: no move in a live position");
        if (trace_legal) {
            int i;
            fprintf(stderr, "%d %c ", res->nmoves, g.turn ? 'n' : 's');
            for (i = 0; i < c; i++) fputc('a' + mv[i].pit, stderr);
            fputc('\n', stderr);
        }
        if (quiet) {
            int q[MAXN], nq = 0, i;
            for (i = 0; i < c; i++)
                if (mv[i].cap == 0) q[nq++] = i;
            if (nq > 0)
                k = q[splitmix(&st) % (uint64_t)nq];
            else
                k = (int)(splitmix(&st) % (uint64_t)c);
        } else
            k = (int)(splitmix(&st) % (uint64_t)c);
        if (refused) res->gsrefused++;
        if (mv[k].gs) res->gsplayed++;
        if (res->nmoves + 2 > cap) {
            cap *= 2;
            res->moves = realloc(res->moves, cap);
        }
        res->moves[res->nmoves++] = (char)('a' + mv[k].pit);
        apply_move(R, &g, &mv[k]);
        code = arrive(R, &g, T, &h);
    }
    res->moves[res->nmoves] = 0;
    res->end = g;
    award(R, &g, code);
    res->score[0] = g.cap[0];
    res->score[1] = g.cap[1];
    res->code = code;
    free(h.a);
}

static void print_board_abs(Buf *o, const Rules *R, const u8 *b) {
    int i;
    for (i = 0; i < 2 * R->n; i++) bprintf(o, "%s%d", i == 0 ? "" : (i == R->n ? "-" : "."), b[i]);
}

/* ---------------------------------------------------------------- databases ------------ */

typedef struct {
    Rules R;
    int n, L, smax;
    uint64_t cnt[MAXL + 1][MAXS + 1]; /* cnt[k][r]: k pits holding r seeds in all */
    int8_t *V[MAXS + 1];
    uint64_t N[MAXS + 1];
    uint64_t stalls[MAXS + 1];
    uint64_t cyclic[MAXS + 1]; /* positions from which endless non-capturing play is possible */
    /* layer statistics */
    uint64_t won[MAXS + 1], drawn[MAXS + 1], lost[MAXS + 1];
    int largest[MAXS + 1];
    uint64_t digest[MAXS + 1];
    double secs[MAXS + 1];
} DB;

static uint64_t db_rank(const DB *d, const u8 *t, int s) {
    uint64_t r = 0;
    int rem = s, L = d->L, i, v;
    for (i = 0; i < L - 1; i++) {
        for (v = 0; v < t[i]; v++) r += d->cnt[L - 1 - i][rem - v];
        rem -= t[i];
    }
    return r;
}

static void db_unrank(const DB *d, uint64_t idx, int s, u8 *t) {
    int L = d->L, i, rem = s;
    for (i = 0; i < L - 1; i++) {
        int v = 0;
        while (idx >= d->cnt[L - 1 - i][rem - v]) {
            idx -= d->cnt[L - 1 - i][rem - v];
            v++;
        }
        t[i] = (u8)v;
        rem -= v;
    }
    t[L - 1] = (u8)rem;
}

static void next_tuple(u8 *t, int L) {
    int i = L - 2, tail = t[L - 1], j;
    while (tail == 0) {
        tail += t[i];
        i--;
    }
    t[i]++;
    for (j = i + 1; j < L; j++) t[j] = 0;
    t[L - 1] = (u8)(tail - 1);
}

typedef struct {
    uint32_t *a;
    size_t n, cap;
} Vec;

static void vpush(Vec *v, uint32_t x) {
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 1 << 16;
        v->a = realloc(v->a, v->cap * sizeof(uint32_t));
        if (!v->a) die("out of memory");
    }
    v->a[v->n++] = x;
}

static int db_value_of(const DB *d, const u8 *t, int s) {
    return d->V[s][db_rank(d, t, s)];
}

/* Solve layer s (all smaller layers done). */
static void db_layer(DB *d, int s) {
    const Rules *R = &d->R;
    int L = d->L;
    uint64_t N = d->cnt[L][s], idx, i;
    u8 t[MAXL];
    Move mv[MAXN];
    u8 *nmv = calloc(N, 1), *term = calloc(N, 1), *state = calloc(N, 1), *hascap = NULL;
    int8_t *maxe = malloc(N), *V;
    Vec epar = {0}, echild = {0}, evpos = {0}, evt = {0};
    uint32_t *rstart, *rpar, *queue, *bstart, *bpos;
    clock_t t0 = clock();
    if (!nmv || !term || !state || !maxe) die("out of memory");
    if (N > 0xffffffffULL) die("layer too large");
    if (R->fam == AYO) hascap = calloc(N, 1);
    memset(maxe, -128, N);
    d->N[s] = N;
    V = d->V[s] = malloc(N ? N : 1);
    if (!V) die("out of memory");

    /* phase A: the moves of every position */
    memset(t, 0, sizeof t);
    t[L - 1] = (u8)s;
    for (idx = 0; idx < N; idx++) {
        int c, k;
        if (idx) next_tuple(t, L);
        if (R->fam == WARI && !wari_can(R, t, 0)) {
            if (wari_can(R, t, 1)) {
                u8 y[MAXL];
                flip(R, t, y);
                vpush(&epar, (uint32_t)idx);
                vpush(&echild, (uint32_t)db_rank(d, y, s));
                nmv[idx] = 1;
            } else {
                term[idx] = 1;
                nmv[idx] = 1;
                maxe[idx] = 0;
            }
            continue;
        }
        c = gen(R, t, mv, NULL);
        if (c == 0) {
            int am, ao, v;
            terminal_award(R, t, &am, &ao);
            v = am - ao;
            term[idx] = 1;
            nmv[idx] = 1;
            maxe[idx] = (int8_t)v;
            if (v < 0) {
                vpush(&evpos, (uint32_t)idx);
                vpush(&evt, (uint32_t)(-v));
            }
            continue;
        }
        nmv[idx] = (u8)c;
        for (k = 0; k < c; k++) {
            u8 y[MAXL];
            flip(R, mv[k].b, y);
            if (mv[k].cap > 0) {
                int e = mv[k].cap - db_value_of(d, y, s - mv[k].cap);
                if (e > maxe[idx]) maxe[idx] = (int8_t)e;
                if (e < 0) {
                    vpush(&evpos, (uint32_t)idx);
                    vpush(&evt, (uint32_t)(-e));
                }
                if (hascap) hascap[idx] = 1;
            } else {
                vpush(&epar, (uint32_t)idx);
                vpush(&echild, (uint32_t)db_rank(d, y, s));
            }
        }
    }
    /* reversed edges */
    rstart = calloc(N + 1, sizeof(uint32_t));
    rpar = malloc((epar.n ? epar.n : 1) * sizeof(uint32_t));
    if (!rstart || !rpar) die("out of memory");
    for (i = 0; i < epar.n; i++) rstart[echild.a[i] + 1]++;
    for (i = 0; i < N; i++) rstart[i + 1] += rstart[i];
    {
        uint32_t *fill = malloc((N + 1) * sizeof(uint32_t));
        if (!fill) die("out of memory");
        memcpy(fill, rstart, (N + 1) * sizeof(uint32_t));
        for (i = 0; i < epar.n; i++) rpar[fill[echild.a[i]]++] = epar.a[i];
        free(fill);
    }
    free(epar.a);
    free(echild.a);
    queue = malloc((N ? N : 1) * sizeof(uint32_t));
    if (!queue) die("out of memory");

    /* diagnostic: positions that can reach a cycle of non-capturing moves (Kahn's algorithm) */
    {
        uint32_t *outd = calloc(N ? N : 1, sizeof(uint32_t)), j;
        size_t qh = 0, qt = 0;
        for (i = 0; i < N; i++)
            for (j = rstart[i]; j < rstart[i + 1]; j++) outd[rpar[j]]++;
        for (i = 0; i < N; i++)
            if (!outd[i]) queue[qt++] = (uint32_t)i;
        while (qh < qt) {
            uint32_t x = queue[qh++];
            for (j = rstart[x]; j < rstart[x + 1]; j++)
                if (--outd[rpar[j]] == 0) queue[qt++] = rpar[j];
        }
        d->cyclic[s] = N - qt;
        free(outd);
    }

    /* Ayo's stall: positions that cannot reach a terminal position or a capturing move */
    d->stalls[s] = 0;
    if (R->fam == AYO) {
        u8 *bad = calloc(N, 1);
        size_t qh = 0, qt = 0;
        uint32_t j;
        for (i = 0; i < N; i++)
            if (term[i] || hascap[i]) {
                bad[i] = 1;
                queue[qt++] = (uint32_t)i;
            }
        while (qh < qt) {
            uint32_t x = queue[qh++];
            for (j = rstart[x]; j < rstart[x + 1]; j++) {
                uint32_t q = rpar[j];
                if (!bad[q]) {
                    bad[q] = 1;
                    queue[qt++] = q;
                }
            }
        }
        memset(t, 0, sizeof t);
        t[L - 1] = (u8)s;
        for (i = 0; i < N; i++) {
            if (i) next_tuple(t, L);
            if (!bad[i]) {
                int v = side_sum(R, t, 0) - side_sum(R, t, 1);
                d->stalls[s]++;
                term[i] = 1;
                nmv[i] = 1;
                maxe[i] = (int8_t)v;
                if (v < 0) {
                    vpush(&evpos, (uint32_t)i);
                    vpush(&evt, (uint32_t)(-v));
                }
            }
        }
        free(bad);
        free(hascap);
    }

    /* buckets: positions by best exit, negative-exit events by threshold */
    bstart = calloc(s + 2, sizeof(uint32_t));
    bpos = malloc((evpos.n ? evpos.n : 1) * sizeof(uint32_t));
    {
        uint32_t *mstart = calloc(s + 2, sizeof(uint32_t)), *mpos, *fill;
        size_t qh, qt;
        int th;
        for (i = 0; i < N; i++)
            if (maxe[i] > 0) mstart[maxe[i] + 1]++;
        for (th = 0; th <= s; th++) mstart[th + 1] += mstart[th];
        mpos = malloc((mstart[s + 1] ? mstart[s + 1] : 1) * sizeof(uint32_t));
        fill = malloc((s + 2) * sizeof(uint32_t));
        memcpy(fill, mstart, (s + 2) * sizeof(uint32_t));
        for (i = 0; i < N; i++)
            if (maxe[i] > 0) mpos[fill[maxe[i]]++] = (uint32_t)i;
        for (i = 0; i < evpos.n; i++) bstart[evt.a[i] + 1]++;
        for (th = 0; th <= s; th++) bstart[th + 1] += bstart[th];
        memcpy(fill, bstart, (s + 2) * sizeof(uint32_t));
        for (i = 0; i < evpos.n; i++) bpos[fill[evt.a[i]]++] = evpos.a[i];
        free(fill);
        free(evpos.a);
        free(evt.a);

        /* thresholds: state 1 = in W (value t), 2 = in L (value -t) */
        memset(V, 0, N);
        for (th = s; th >= 1; th--) {
            uint32_t j;
            qh = qt = 0;
            for (j = mstart[th]; j < mstart[th + 1]; j++) {
                uint32_t p = mpos[j];
                if (!state[p]) {
                    state[p] = 1;
                    V[p] = (int8_t)th;
                    queue[qt++] = p;
                }
            }
            for (j = bstart[th]; j < bstart[th + 1]; j++) {
                uint32_t p = bpos[j];
                if (!state[p] && --nmv[p] == 0) {
                    state[p] = 2;
                    V[p] = (int8_t)-th;
                    queue[qt++] = p;
                }
            }
            while (qh < qt) {
                uint32_t x = queue[qh++];
                for (j = rstart[x]; j < rstart[x + 1]; j++) {
                    uint32_t q = rpar[j];
                    if (state[q] || term[q]) continue;
                    if (state[x] == 1) {
                        if (--nmv[q] == 0) {
                            state[q] = 2;
                            V[q] = (int8_t)-th;
                            queue[qt++] = q;
                        }
                    } else {
                        state[q] = 1;
                        V[q] = (int8_t)th;
                        queue[qt++] = q;
                    }
                }
            }
        }
        free(mstart);
        free(mpos);
    }
    free(bstart);
    free(bpos);
    free(queue);
    free(rstart);
    free(rpar);
    free(nmv);
    free(term);
    free(state);
    free(maxe);

    /* statistics */
    {
        uint64_t h = 0xcbf29ce484222325ULL;
        int big = -1000;
        d->won[s] = d->drawn[s] = d->lost[s] = 0;
        for (i = 0; i < N; i++) {
            int v = V[i];
            if (v > 0)
                d->won[s]++;
            else if (v == 0)
                d->drawn[s]++;
            else
                d->lost[s]++;
            if (v > big) big = v;
            h ^= (uint64_t)(uint8_t)V[i];
            h *= 0x100000001b3ULL;
        }
        d->largest[s] = big;
        d->digest[s] = h;
    }
    d->secs[s] = (double)(clock() - t0) / CLOCKS_PER_SEC;
}

/* One-move look-ahead check of a solved layer: every value must equal the best of its moves'
 * values (a necessary condition only: it does not see whether a cycle was valued right); Ayo's
 * stall positions are found here by the explicit exploration, not by the layer's closure.
 * Returns the number of inconsistent positions. */
static uint64_t db_verify(const DB *d, int s) {
    const Rules *R = &d->R;
    int L = d->L;
    uint64_t N = d->N[s], idx, bad = 0;
    u8 t[MAXL];
    Move mv[MAXN];
    memset(t, 0, sizeof t);
    t[L - 1] = (u8)s;
    for (idx = 0; idx < N; idx++) {
        int c, k, best = -1000, v = d->V[s][idx];
        if (idx) next_tuple(t, L);
        if (R->fam == WARI && !wari_can(R, t, 0)) {
            u8 y[MAXL];
            flip(R, t, y);
            best = wari_can(R, t, 1) ? -db_value_of(d, y, s) : 0;
        } else if ((c = gen(R, t, mv, NULL)) == 0) {
            int am, ao;
            terminal_award(R, t, &am, &ao);
            best = am - ao;
        } else if (R->fam == AYO && ayo_stall(R, t)) {
            best = side_sum(R, t, 0) - side_sum(R, t, 1);
        } else {
            for (k = 0; k < c; k++) {
                u8 y[MAXL];
                int e;
                flip(R, mv[k].b, y);
                e = mv[k].cap - db_value_of(d, y, s - mv[k].cap);
                if (e > best) best = e;
            }
        }
        if (best != v) bad++;
    }
    return bad;
}

static void db_init(DB *d, const Rules *R, int n, int smax) {
    int k, r;
    memset(d, 0, sizeof *d);
    d->R = *R;
    d->R.n = n;
    d->n = n;
    d->L = 2 * n;
    d->smax = smax;
    if (smax > MAXS) die("too many seeds");
    for (k = 0; k <= d->L; k++)
        for (r = 0; r <= smax; r++) {
            if (k == 0)
                d->cnt[k][r] = (r == 0);
            else if (r == 0)
                d->cnt[k][r] = 1;
            else
                d->cnt[k][r] = d->cnt[k - 1][r] + d->cnt[k][r - 1];
        }
}

static void db_build(DB *d, int verbose) {
    int s;
    for (s = 0; s <= d->smax; s++) {
        db_layer(d, s);
        if (verbose)
            fprintf(stderr, "  %s %d pits: layer %d: %llu positions, %.2f s\n", d->R.id, d->n, s,
                    (unsigned long long)d->N[s], d->secs[s]);
    }
}

static void db_free(DB *d) {
    int s;
    for (s = 0; s <= d->smax; s++) free(d->V[s]);
}

/* ---------------------------------------------------------------- point 3: the rules' game */

typedef struct {
    uint64_t k1, k2, k3, k4;
    int8_t lo, hi;
    u8 used;
} MemoE;

/* variants of the rules' game, for attributing a disagreement to its cause:
 * v_rep0: a repetition counts the seeds left for nobody (as the databases' 0);
 * v_nomaj: Oware's majority is not applied. Both 0: the actual rules. */
static int v_rep0 = 0, v_nomaj = 0;

static MemoE *memo;
static uint64_t memo_mask, memo_fill;
static uint64_t *rkeys;   /* positions since the last capture, a stack shared by all epochs */
#define RK_MAX 2000000
static long rv_nodes;
static const DB *order_db; /* the databases, used only to order the moves (best first) */

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t gkey(const Rules *R, const GS *g) {
    uint64_t k = (uint64_t)g->turn;
    int i;
    for (i = 0; i < 2 * R->n; i++) k = (k << 6) | g->b[i]; /* n <= 4, < 64 seeds a pit */
    return k;
}

static void memo_reset(void) {
    if (!memo) {
        memo_mask = (1ULL << 23) - 1;
        memo = calloc(memo_mask + 1, sizeof(MemoE));
        rkeys = malloc(RK_MAX * sizeof(uint64_t));
        if (!memo || !rkeys) die("out of memory");
    } else
        memset(memo, 0, (memo_mask + 1) * sizeof(MemoE));
    memo_fill = 0;
}

static MemoE *memo_slot(uint64_t k1, uint64_t k2, uint64_t k3, uint64_t k4, int *found) {
    uint64_t h = mix64(k1 ^ mix64(k2 + 0x1234567) ^ (k3 * 0x9e3779b97f4a7c15ULL) ^ mix64(k4 ^ 0xabcdef)) & memo_mask;
    for (;;) {
        MemoE *e = &memo[h];
        if (!e->used) {
            *found = 0;
            return e;
        }
        if (e->k1 == k1 && e->k2 == k2 && e->k3 == k3 && e->k4 == k4) {
            *found = 1;
            return e;
        }
        h = (h + 1) & memo_mask;
    }
}

#define INF 1000

/* Alpha-beta (fail-soft) value of g, just reached (not yet checked), for the player to move
 * there (before any pass): the rest of the game's net score under the actual rules. A result
 * <= alpha is an upper bound, >= beta a lower bound, else exact. base..top: the positions since
 * the last capture (hashes h1, h2 of that set). T: all seeds (captures since the start + board).
 * The memo holds bounds by (position, captures for Oware, set of positions since the capture). */
static int rvab(const Rules *R, GS g, int T, int base, int top, uint64_t h1, uint64_t h2, int alpha, int beta) {
    u8 rel[MAXL];
    Move mv[MAXN];
    int c, i, j, best = -INF, found, a, lo, hi, ord[MAXN], sc[MAXN], seeds = 0;
    uint64_t key, k1, k2;
    MemoE *e;
    rv_nodes++;
    if (R->fam == OWARE && !v_nomaj && (2 * g.cap[0] > T || 2 * g.cap[1] > T)) return 0;
    rel_of(R, &g, rel);
    c = gen(R, rel, mv, NULL);
    if (c == 0) {
        int am, ao;
        if (R->fam == WARI && wari_can(R, rel, 1)) {
            g.turn ^= 1;
            return -rvab(R, g, T, base, top, h1, h2, -beta, -alpha);
        }
        terminal_award(R, rel, &am, &ao);
        return am - ao;
    }
    if (R->fam == AYO && ayo_stall(R, rel)) return side_sum(R, rel, 0) - side_sum(R, rel, 1);
    key = gkey(R, &g);
    for (i = base; i < top; i++)
        if (rkeys[i] == key)
            return (!v_rep0 && (R->fam == OWARE || R->fam == AYO)) ? side_sum(R, rel, 0) - side_sum(R, rel, 1) : 0;
    k1 = key | ((uint64_t)(R->n - 2) << 49) | ((uint64_t)(v_rep0 * 2 + v_nomaj) << 52);
    k2 = R->fam == OWARE ? (uint64_t)(g.cap[0] * 256 + g.cap[1]) + 1 : 0;
    e = memo_slot(k1, k2, h1, h2, &found);
    lo = -INF;
    hi = INF;
    if (found) {
        lo = e->lo;
        hi = e->hi;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
    }
    if (top >= RK_MAX) die("history stack overflow");
    rkeys[top] = key;
    /* order: by the databases' value of each move, best first */
    for (i = 0; i < 2 * R->n; i++) seeds += rel[i];
    for (i = 0; i < c; i++) {
        u8 y[MAXL];
        flip(R, mv[i].b, y);
        sc[i] = order_db ? mv[i].cap - db_value_of(order_db, y, seeds - mv[i].cap) : 0;
        ord[i] = i;
        for (j = i; j > 0 && sc[ord[j - 1]] < sc[ord[j]]; j--) {
            int tmp = ord[j];
            ord[j] = ord[j - 1];
            ord[j - 1] = tmp;
        }
    }
    a = alpha > lo ? alpha : lo;
    for (j = 0; j < c; j++) {
        GS g2 = g;
        int v, bb = beta < hi ? beta : hi;
        i = ord[j];
        apply_move(R, &g2, &mv[i]);
        if (mv[i].cap > 0)
            v = mv[i].cap - rvab(R, g2, T, top + 1, top + 1, 0, 0, mv[i].cap - bb, mv[i].cap - a);
        else
            v = -rvab(R, g2, T, base, top + 1, h1 ^ mix64(key), h2 ^ mix64(key ^ 0x5555555555555555ULL), -bb, -a);
        if (v > best) best = v;
        if (best > a) a = best;
        if (a >= bb) break;
    }
    /* the window searched was (max(alpha,lo), min(beta,hi)) */
    {
        int wa = alpha > lo ? alpha : lo, wb = beta < hi ? beta : hi;
        if (best <= wa) {
            if (best < hi) hi = best;
        } else if (best >= wb) {
            if (best > lo) lo = best;
        } else
            lo = hi = best;
    }
    e = memo_slot(k1, k2, h1, h2, &found);
    if (!found) {
        if (memo_fill * 10 > memo_mask * 7) {
            /* full: drop everything (a cache only) */
            memset(memo, 0, (memo_mask + 1) * sizeof(MemoE));
            memo_fill = 0;
            e = memo_slot(k1, k2, h1, h2, &found);
        }
        e->used = 1;
        e->k1 = k1;
        e->k2 = k2;
        e->k3 = h1;
        e->k4 = h2;
        e->lo = (int8_t)(lo < -127 ? -127 : lo);
        e->hi = (int8_t)(hi > 127 ? 127 : hi);
        memo_fill++;
    } else {
        if (lo > e->lo) e->lo = (int8_t)lo;
        if (hi < e->hi) e->hi = (int8_t)hi;
    }
    return best;
}

/* Exact value by MTD(f) from a first guess. */
static int rv_exact(const Rules *R, GS g, int T, int base, int top, uint64_t h1, uint64_t h2, int guess) {
    int lo = -INF, hi = INF, v = guess;
    while (lo < hi) {
        int beta = v == lo ? v + 1 : v;
        v = rvab(R, g, T, base, top, h1, h2, beta - 1, beta);
        if (v < beta)
            hi = v;
        else
            lo = v;
    }
    return v;
}

static int rv(const Rules *R, GS g, int T, int base, int top, uint64_t h1, uint64_t h2) {
    return rv_exact(R, g, T, base, top, h1, h2, 0);
}

/* A line of play from g (South to move, empty history) under the actual rules' endings, printed
 * into o: both sides choose by the rules' values (by_db 0) or by the databases' values (by_db
 * 1), the first best move in pit order. */
static void rules_line(Buf *o, const Rules *R, GS g, int T, int by_db) {
    int base = 0, top = 0, plies = 0;
    uint64_t h1 = 0, h2 = 0;
    for (;;) {
        u8 rel[MAXL];
        Move mv[MAXN];
        int c, i, best = -1000, bi = -1, code = E_NONE;
        uint64_t key;
        if (R->fam == OWARE && !v_nomaj && (2 * g.cap[0] > T || 2 * g.cap[1] > T)) code = E_MAJ;
        if (!code) {
            rel_of(R, &g, rel);
            c = gen(R, rel, mv, NULL);
            if (c == 0) {
                if (R->fam == WARI && wari_can(R, rel, 1)) {
                    g.turn ^= 1;
                    bprintf(o, "(%c passes) ", g.turn ? 's' : 'n');
                    rel_of(R, &g, rel);
                    c = gen(R, rel, mv, NULL);
                } else
                    code = E_NOMOVE;
            }
        }
        if (!code && R->fam == AYO && ayo_stall(R, rel)) code = E_STALL;
        if (!code) {
            key = gkey(R, &g);
            for (i = base; i < top; i++)
                if (rkeys[i] == key) code = E_REP;
        }
        if (code) {
            int tot = 0;
            GS f = g;
            for (i = 0; i < 2 * R->n; i++) tot += g.b[i];
            if (code == E_NOMOVE && tot == 0) code = E_EMPTY;
            award(R, &f, code);
            bprintf(o, "-> %s at ", endname[code]);
            print_board_abs(o, R, g.b);
            bprintf(o, "-%d.%d-%c, final S.N %d.%d", g.cap[0], g.cap[1], g.turn ? 'n' : 's', f.cap[0], f.cap[1]);
            return;
        }
        rkeys[top] = key;
        for (i = 0; i < c; i++) {
            GS g2 = g;
            int v, seeds = 0, j;
            apply_move(R, &g2, &mv[i]);
            if (by_db) {
                u8 y[MAXL];
                for (j = 0; j < 2 * R->n; j++) seeds += rel[j];
                flip(R, mv[i].b, y);
                v = mv[i].cap - db_value_of(order_db, y, seeds - mv[i].cap);
            } else if (mv[i].cap > 0)
                v = mv[i].cap - rv(R, g2, T, top + 1, top + 1, 0, 0);
            else
                v = -rv(R, g2, T, base, top + 1, h1 ^ mix64(key), h2 ^ mix64(key ^ 0x5555555555555555ULL));
            if (v > best) {
                best = v;
                bi = i;
            }
        }
        bprintf(o, "%c%c ", g.turn ? 'N' : 'S', 'a' + mv[bi].pit);
        if (mv[bi].cap > 0) {
            base = top = top + 1;
            h1 = h2 = 0;
        } else {
            h1 ^= mix64(key);
            h2 ^= mix64(key ^ 0x5555555555555555ULL);
            top++;
        }
        apply_move(R, &g, &mv[bi]);
        if (++plies > 10000) {
            bprintf(o, "...");
            return;
        }
    }
}

static int sgn(int x) { return (x > 0) - (x < 0); }

static void claim(int argc, char **argv) {
    static const char *fams[] = {"awari", "oware", "oware-gi", "ayo", "wari"};
    static const char *sn[] = {"<0", "=0", ">0"};
    int kmax[5] = {0, 0, 16, 8, 5}; /* by pits a side */
    int f, n, k, kk = 0;
    clock_t t0 = clock();
    if (argc >= 5) {
        kmax[2] = atoi(argv[2]);
        kmax[3] = atoi(argv[3]);
        kmax[4] = atoi(argv[4]);
    }
    for (n = 2; n <= 4; n++)
        if (kmax[n] > kk) kk = kmax[n];
    printf("# point 3 (scripts/oware_reference.c claim %d %d %d): the databases' value (endless play = 0,\n",
           kmax[2], kmax[3], kmax[4]);
    printf("# no majority) against the game under the actual rules (Oware's majority, repetition ending the\n");
    printf("# game at the first repeat of board+captures+turn), from every board with South to move,\n");
    printf("# captures so far equal and an empty history. Range: 2 pits a side up to %d seeds on the board,\n", kmax[2]);
    printf("# 3 pits up to %d, 4 pits up to %d. 'smallest' = fewest seeds, then fewest pits, then the first\n", kmax[3],
           kmax[4]);
    printf("# board in lexicographic order. Lines: 'rules line' = both sides play the rules' optimum; 'db line'\n");
    printf("# = both play the databases' optimum, the rules' endings applied (first best move in pit order).\n");
    printf("# Checks of the method: rep0 = the rules' game with a repetition counting the seeds left for\n");
    printf("# nobody and without majority must give the databases' value exactly; maj = the same with Oware's\n");
    printf("# majority: may change the margin, never the winner; rep = repetition each-takes-his-side, no majority.\n");
    for (f = 0; f < 5; f++) {
        long kinds[3][3], margin = 0, total = 0, rep0_bad = 0, maj_sign = 0, maj_val = 0, rep_sign = 0;
        int have[3][3], a, b, any = 0;
        Buf best[3][3];
        DB d[5];
        Rules Rn[5];
        memset(kinds, 0, sizeof kinds);
        memset(have, 0, sizeof have);
        memset(best, 0, sizeof best);
        for (n = 2; n <= 4; n++) {
            char id[48];
            snprintf(id, sizeof id, "%s-%d-1%s", f == 2 ? "oware" : fams[f], n, f == 2 ? "-gi" : "");
            if (!parse_rules(id, &Rn[n])) die("bad id %s", id);
            db_init(&d[n], &Rn[n], n, kmax[n]);
            db_build(&d[n], 0);
        }
        memo_reset();
        for (k = 0; k <= kk; k++)
            for (n = 2; n <= 4; n++) {
                uint64_t idx, N;
                u8 t[MAXL];
                const Rules *R = &Rn[n];
                if (k > kmax[n]) continue;
                order_db = &d[n];
                N = d[n].N[k];
                memset(t, 0, sizeof t);
                t[2 * n - 1] = (u8)k;
                for (idx = 0; idx < N; idx++) {
                    GS g;
                    int dv, rvv;
                    if (idx) next_tuple(t, 2 * n);
                    memset(&g, 0, sizeof g);
                    memcpy(g.b, t, 2 * n);
                    dv = d[n].V[k][idx];
                    rvv = rv_exact(R, g, k, 0, 0, 0, 0, dv);
                    total++;
                    if (R->fam == OWARE || R->fam == AYO) {
                        int r0, rm, rr;
                        v_rep0 = 1;
                        v_nomaj = 1;
                        r0 = rv_exact(R, g, k, 0, 0, 0, 0, dv);
                        if (r0 != dv) rep0_bad++;
                        if (R->fam == OWARE) {
                            v_nomaj = 0;
                            rm = rv_exact(R, g, k, 0, 0, 0, 0, dv);
                            if (sgn(rm) != sgn(dv)) maj_sign++;
                            if (rm != dv) maj_val++;
                            v_rep0 = 0;
                            v_nomaj = 1;
                            rr = rv_exact(R, g, k, 0, 0, 0, 0, dv);
                            if (sgn(rr) != sgn(dv)) rep_sign++;
                        }
                        v_rep0 = v_nomaj = 0;
                    }
                    a = sgn(dv) + 1;
                    b = sgn(rvv) + 1;
                    if (dv != rvv) margin++;
                    if (a != b || dv != rvv) {
                        kinds[a][b]++;
                        if (!have[a][b]) {
                            Buf *o = &best[a][b];
                            have[a][b] = 1;
                            bprintf(o, "  smallest: %s --setup ", R->id);
                            print_board_abs(o, R, g.b);
                            bprintf(o, "-0.0-s  database %+d, rules %+d\n    rules line: ", dv, rvv);
                            rules_line(o, R, g, k, 0);
                            bprintf(o, "\n    db line:    ");
                            rules_line(o, R, g, k, 1);
                            bprintf(o, "\n");
                        }
                    }
                }
            }
        for (n = 2; n <= 4; n++) db_free(&d[n]);
        fprintf(stderr, "claim %s done (%.1f s, %ld nodes)\n", fams[f], (double)(clock() - t0) / CLOCKS_PER_SEC, rv_nodes);
        printf("\n%s: %ld boards checked; the rules' value differs from the databases' on %ld", fams[f], total, margin);
        {
            long same = margin;
            for (a = 0; a < 3; a++)
                for (b = 0; b < 3; b++)
                    if (a != b) same -= kinds[a][b];
            printf(" (same winner, other margin: %ld; other winner: %ld)\n", same, margin - same);
        }
        if (f >= 1 && f <= 3)
            printf(" check rep0 (repetition = 0, no majority) differs from the databases on %ld boards\n", rep0_bad);
        if (f == 1 || f == 2)
            printf(" majority alone (repetition = 0): winner differs on %ld boards, margin on %ld;"
                   " repetition alone (each takes his side, no majority): winner differs on %ld boards\n",
                   maj_sign, maj_val, rep_sign);
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++)
                if (kinds[a][b]) {
                    any = 1;
                    printf(" database %s, rules %s%s: %ld boards\n", sn[a], sn[b],
                           a == b ? " (same winner, value differs)" : " (WINNER DIFFERS)", kinds[a][b]);
                    fputs(best[a][b].p, stdout);
                    free(best[a][b].p);
                }
        if (!any) printf(" no disagreement of winner or value\n");
        fflush(stdout);
    }
    printf("\n# %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
}

/* ---------------------------------------------------------------- tsv ------------------ */

static const char *main_ids[] = {"awari-6-4", "oware-6-4", "oware-6-4-gi", "ayo-6-4", "wari-6-4"};
static const char *small_ids[] = {"awari-3-2", "awari-2-3", "oware-3-3", "oware-3-3-gi", "oware-2-3", "oware-2-3-gi",
                                  "ayo-4-2", "ayo-3-1", "ayo-2-3", "wari-4-3", "wari-2-3", "wari-2-8"};
#define NMAIN 5
#define NSMALL 12
#define GAMES 100

static void tsv(int vmax) {
    Buf body = {0}, head = {0};
    int r, s, d, k;
    clock_t t0 = clock();
    const char *ids[NMAIN + NSMALL];
    for (r = 0; r < NMAIN; r++) ids[r] = main_ids[r];
    for (r = 0; r < NSMALL; r++) ids[NMAIN + r] = small_ids[r];

    bprintf(&head, "# Oware family reference data, written by scripts/oware_reference.c: an independent C implementation\n");
    bprintf(&head, "# written from the rules cards (mancala-lab rules ID), docs/rules.md, docs/notation.md and the papers in\n");
    bprintf(&head, "# shared/seeds only, not from the Rust sources; nothing in it was fitted to the engine's output.\n");
    bprintf(&head, "# command: cc -O2 -o /tmp/oware_reference scripts/oware_reference.c && /tmp/oware_reference tsv > data/oware_reference.tsv\n");
    bprintf(&head, "# rows (tab-separated):\n");
    bprintf(&head, "#   perft RULES DEPTH COUNT  move sequences of exactly DEPTH moves from the start (depth 1..6 on 6 pits,\n");
    bprintf(&head, "#       1..10 on the small boards); a move that ends the game (any ending: repetition and Ayo's stall\n");
    bprintf(&head, "#       included) ends its sequence; a Wari pass is not a move.\n");
    bprintf(&head, "#   game RULES SEED MOVES BOARD TURN SCORE ENDING GRANDSLAMS GSREFUSED\n");
    bprintf(&head, "#   layer RULES SEEDS POSITIONS WON DRAWN LOST LARGEST DIGEST   (6 pits a side, by the mover's value)\n");
    bprintf(&head, "#   value RULES BOARD VALUE   (BOARD: mover's a..f then opponent's a..f; 40 of 13 and 40 of 14 seeds)\n");
    bprintf(&head, "# games: from the start; each move drawn by splitmix64 seeded with SEED, index = next() %% (number of legal\n");
    bprintf(&head, "# moves, in pit order); on the small boards (fewer than 6 pits) games with SEED > %d are 'quiet': the draw is\n", GAMES / 2);
    bprintf(&head, "# among the legal moves that capture nothing when there are any (this makes repetitions frequent).\n");
    bprintf(&head, "# Repetition = the same board, captures and side to move earlier in the game (positions taken after any\n");
    bprintf(&head, "# Wari pass). MOVES: the letters of the moves; BOARD: the pits when the game ended, before any award\n");
    bprintf(&head, "# (South's from South's left, then North's); TURN: side to move then; SCORE: S.N after the ending's award.\n");
    bprintf(&head, "# ENDING: repetition; stall (Ayo: no capture and no game over reachable); majority (Oware: more than half of\n");
    bprintf(&head, "# all the seeds captured); no-move (the player to move has no legal move: Awari no seeds, Oware no seeds or\n");
    bprintf(&head, "# cannot feed, Ayo cannot leave the opponent a move; Wari: neither player can move); empty (the same with no\n");
    bprintf(&head, "# seed left on the board). GRANDSLAMS: grand-slam moves played (a move whose capture takes every seed on the\n");
    bprintf(&head, "# opponent's side: Oware plays it capturing nothing; -gi only when every allowed move is one; Awari only when\n");
    bprintf(&head, "# no move leaves a seed, capturing everything; Wari captures them). GSREFUSED (a column beyond the brief's\n");
    bprintf(&head, "# list): positions where a grand slam was a candidate but not legal (Awari, Ayo, Oware -gi).\n");
    bprintf(&head, "# Oware -gi read literally: a grand slam is refused whenever some allowed move is not one, also when it\n");
    bprintf(&head, "# would feed an opponent without seeds (the feeding rule first selects the moves that feed, then the\n");
    bprintf(&head, "# grand-slam rule). The engine reads it otherwise (it allows a feeding grand slam): see the source's header.\n");
    bprintf(&head, "# layers and values: this program's own retrograde analysis (thresholds over each layer; endless play 0,\n");
    bprintf(&head, "# no majority, Ayo's stall positions worth his side minus the opponent's); DIGEST = FNV-1a 64 over the values\n");
    bprintf(&head, "# as signed bytes, boards in ascending lexicographic order of the 12-tuple (mover's a..f, opponent's a..f).\n");

    for (r = 0; r < NMAIN + NSMALL; r++) {
        Rules R;
        int cnt[7] = {0}, gsp = 0, gsr = 0, gsg = 0;
        int maxd = r < NMAIN ? 6 : 10;
        if (!parse_rules(ids[r], &R)) die("bad id %s", ids[r]);
        for (d = 1; d <= maxd; d++) bprintf(&body, "perft\t%s\t%d\t%llu\n", R.id, d, (unsigned long long)perft(&R, d));
        for (k = 1; k <= GAMES; k++) {
            GameResult g;
            play_game(&R, (uint64_t)k, k > GAMES / 2 && R.n < 6, &g);
            bprintf(&body, "game\t%s\t%d\t%s\t", R.id, k, g.moves);
            print_board_abs(&body, &R, g.end.b);
            bprintf(&body, "\t%c\t%d.%d\t%s\t%d\t%d\n", g.end.turn ? 'n' : 's', g.score[0], g.score[1], endname[g.code],
                    g.gsplayed, g.gsrefused);
            cnt[g.code]++;
            gsp += g.gsplayed;
            gsr += g.gsrefused;
            gsg += g.gsplayed > 0;
            free(g.moves);
        }
        bprintf(&head, "# games by ending, %s (%d games): repetition %d, stall %d, no-move %d, majority %d, empty %d%s;"
                       " grand slams played %d (in %d games), refused %d\n",
                R.id, GAMES, cnt[E_REP], cnt[E_STALL], cnt[E_NOMOVE], cnt[E_MAJ], cnt[E_EMPTY],
                cnt[E_LIMIT] ? " LIMIT!" : "", gsp, gsg, gsr);
        fprintf(stderr, "perft and games %s done (%.1f s)\n", R.id, (double)(clock() - t0) / CLOCKS_PER_SEC);
    }
    for (r = 0; r < NMAIN; r++) {
        Rules R;
        DB db;
        uint64_t st = 0x5eed0000ULL + (uint64_t)r;
        if (!parse_rules(main_ids[r], &R)) die("bad id");
        db_init(&db, &R, 6, vmax);
        db_build(&db, 1);
        for (s = 0; s <= 8 && s <= vmax; s++)
            bprintf(&body, "layer\t%s\t%d\t%llu\t%llu\t%llu\t%llu\t%d\t%016llx\n", R.id, s, (unsigned long long)db.N[s],
                    (unsigned long long)db.won[s], (unsigned long long)db.drawn[s], (unsigned long long)db.lost[s],
                    db.largest[s], (unsigned long long)db.digest[s]);
        for (s = 13; s <= 14 && s <= vmax; s++)
            for (k = 0; k < 40; k++) {
                u8 t[MAXL];
                uint64_t idx = splitmix(&st) % db.N[s];
                int i;
                db_unrank(&db, idx, s, t);
                bprintf(&body, "value\t%s\t", R.id);
                for (i = 0; i < 12; i++) bprintf(&body, "%s%d", i ? "." : "", t[i]);
                bprintf(&body, "\t%d\n", db.V[s][idx]);
            }
        if (R.fam == AYO) {
            bprintf(&head, "# ayo 6 pits: stall positions (valued each his side) by layer:");
            for (s = 0; s <= vmax; s++) bprintf(&head, " %d:%llu", s, (unsigned long long)db.stalls[s]);
            bprintf(&head, "\n");
        }
        {
            double tt = 0;
            for (s = 0; s <= vmax; s++) tt += db.secs[s];
            fprintf(stderr, "databases %s: layers 0..%d, %.1f s\n", R.id, vmax, tt);
        }
        db_free(&db);
    }
    if (stall_cap_hits) bprintf(&head, "# Ayo stall exploration stopped at %d positions %ld times\n", STALL_CAP, stall_cap_hits);
    fprintf(stderr, "whole run: %.1f s of CPU\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    fwrite(head.p, 1, head.n, stdout);
    fwrite(body.p, 1, body.n, stdout);
}

/* ---------------------------------------------------------------- main ----------------- */

int main(int argc, char **argv) {
    Rules R;
    gi_feed_any = getenv("OWARE_GI_FEED_ANY") != NULL;
    diag_no_rep = getenv("OWARE_NO_REP") != NULL;
    diag_no_stall = getenv("OWARE_NO_STALL") != NULL;
    if (argc >= 2 && !strcmp(argv[1], "tsv")) {
        tsv(argc >= 3 ? atoi(argv[2]) : 14);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "claim")) {
        claim(argc, argv);
        return 0;
    }
    if (argc >= 4 && !strcmp(argv[1], "perft")) {
        int d, dm = atoi(argv[3]);
        if (!parse_rules(argv[2], &R)) die("bad rules id");
        for (d = 1; d <= dm; d++)
            printf("perft\t%s\t%d\t%llu\n", R.id, d, (unsigned long long)perft_after(&R, d, argc >= 5 ? argv[4] : NULL));
        return 0;
    }
    if (argc >= 4 && !strcmp(argv[1], "game")) {
        GameResult g;
        Buf o = {0};
        if (!parse_rules(argv[2], &R)) die("bad rules id");
        trace_legal = getenv("OWARE_TRACE") != NULL;
        play_game(&R, strtoull(argv[3], NULL, 10), argc >= 5, &g);
        bprintf(&o, "game\t%s\t%s\t%s\t", R.id, argv[3], g.moves);
        print_board_abs(&o, &R, g.end.b);
        bprintf(&o, "\t%c\t%d.%d\t%s\t%d\t%d\n", g.end.turn ? 'n' : 's', g.score[0], g.score[1], endname[g.code],
                g.gsplayed, g.gsrefused);
        fwrite(o.p, 1, o.n, stdout);
        return 0;
    }
    if (argc >= 4 && !strcmp(argv[1], "layers")) {
        DB d;
        int s, n, smax = atoi(argv[3]);
        if (!parse_rules(argv[2], &R)) die("bad rules id");
        n = R.n;
        db_init(&d, &R, n, smax);
        for (s = 0; s <= smax; s++) {
            db_layer(&d, s);
            printf("layer\t%s\t%d\t%llu\t%llu\t%llu\t%llu\t%d\t%016llx\tstalls %llu\tcyclic %llu\t%.2fs", R.id, s,
                   (unsigned long long)d.N[s], (unsigned long long)d.won[s], (unsigned long long)d.drawn[s],
                   (unsigned long long)d.lost[s], d.largest[s], (unsigned long long)d.digest[s],
                   (unsigned long long)d.stalls[s], (unsigned long long)d.cyclic[s], d.secs[s]);
            if (argc >= 5) printf("\tverify-bad %llu", (unsigned long long)db_verify(&d, s));
            printf("\n");
            fflush(stdout);
        }
        return 0;
    }
    if (argc >= 4 && !strcmp(argv[1], "value")) {
        DB d;
        u8 t[MAXL];
        int i = 0, s = 0;
        char *p = argv[3];
        if (!parse_rules(argv[2], &R)) die("bad rules id");
        while (*p && i < 2 * R.n) {
            t[i] = (u8)strtol(p, &p, 10);
            s += t[i++];
            if (*p == '.') p++;
        }
        if (i != 2 * R.n) die("board needs %d numbers", 2 * R.n);
        db_init(&d, &R, R.n, s);
        db_build(&d, 0);
        printf("%d\n", db_value_of(&d, t, s));
        return 0;
    }
    fprintf(stderr, "usage: %s tsv [MAXSEEDS] | claim [K2 K3 K4] | perft RULES DEPTH | game RULES SEED |"
                    " layers RULES MAXSEEDS [verify] | value RULES BOARD\n", argv[0]);
    return 2;
}
