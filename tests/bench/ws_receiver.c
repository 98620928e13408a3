/*
 * A cheap WebSocket receiver for the socket benchmarks: many client
 * connections in one epoll loop, recording when each ride's `new` message
 * arrives. The Deno generator spends ~17 µs of CPU per message (more than
 * the server spends sending it); this one spends an epoll event, a read()
 * and a memmem(): ~6 µs, nearly all of it the kernel's receive path.
 *
 * Driven by ws_receiver.ts over stdin/stdout, one line per command:
 *   open <path>      queue a connection (any number), then
 *   go               connect them all -> "ready <n>" or "error <msg>" (exit 1)
 *   sync             -> "mono <µs CLOCK_MONOTONIC>"
 *   report <tag>     -> "tag <tag> <count> <t1> ..." arrival times (µs) so far
 *   closed           -> "closed <k> <code1> ..." (0: ended without close frame)
 *   quit             close every connection (code 1000), exit 0
 *
 * Build: gcc -O2 -o ws_receiver ws_receiver.c
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_TAG 100000
#define MAX_FRAME (1 << 20) /* larger frames are skipped, not buffered */
#define BATCH 50            /* handshakes in flight at once */
#define STDIN_ID UINT32_MAX

struct conn {
  int fd;             /* -1 once closed */
  unsigned char *pend; /* bytes of an unfinished frame, kept between reads */
  size_t plen, pcap;
  uint64_t skip;      /* bytes still to discard of an oversized frame */
};

struct times {
  int64_t *t;
  uint32_t n, cap;
};

static struct conn *conns;
static uint32_t nconns;
static char **paths;
static uint32_t npaths, cpaths;
static struct times tags[MAX_TAG + 1];
static int *closed_codes;
static uint32_t nclosed, cclosed;
static struct sockaddr_in server;
static char host_header[64];
static int ep;
/* Room for a pending frame plus a full read after it. */
static unsigned char rbuf[2 * MAX_FRAME + 64];

static const char MARK[] = "\"destination\":\"bench-";
static const char NEW[] = "{\"type\":\"new\"";

static int64_t mono_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void die(const char *what, const char *detail) {
  printf("error %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  fflush(stdout);
  exit(1);
}

static void *grow(void *p, uint32_t *cap, size_t item) {
  *cap = *cap ? *cap * 2 : 64;
  p = realloc(p, *cap * item);
  if (!p) die("out of memory", NULL);
  return p;
}

/* Client frames must be masked (RFC 6455 5.3); the key need not be secret here. */
static void send_masked(int fd, int opcode, const unsigned char *payload, size_t len) {
  unsigned char frame[6 + 125];
  static const unsigned char mask[4] = {0x37, 0xfa, 0x21, 0x3d};
  if (len > 125) len = 125; /* control frames only */
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | len;
  memcpy(frame + 2, mask, 4);
  for (size_t i = 0; i < len; i++) frame[6 + i] = payload[i] ^ mask[i & 3];
  /* Best effort: a control frame fits any socket buffer that is not stalled. */
  if (write(fd, frame, 6 + len) < 0) { /* the connection is going away anyway */ }
}

static void record_close(struct conn *c, int code) {
  if (nclosed == cclosed) closed_codes = grow(closed_codes, &cclosed, sizeof *closed_codes);
  closed_codes[nclosed++] = code;
  close(c->fd); /* also removes it from the epoll set */
  c->fd = -1;
}

/* A text message: count it for tag T if it is a `new` with destination "bench-T". */
static void on_text(const unsigned char *p, size_t len, int64_t at) {
  if (len < sizeof NEW - 1 || memcmp(p, NEW, sizeof NEW - 1) != 0) return;
  const unsigned char *m = memmem(p, len, MARK, sizeof MARK - 1);
  if (!m) return;
  const unsigned char *d = m + sizeof MARK - 1, *end = p + len;
  uint32_t tag = 0;
  if (d >= end || *d < '0' || *d > '9') return;
  while (d < end && *d >= '0' && *d <= '9' && tag <= MAX_TAG) tag = tag * 10 + (*d++ - '0');
  if (d >= end || *d != '"' || tag > MAX_TAG) return;
  struct times *t = &tags[tag];
  if (t->n == t->cap) t->t = grow(t->t, &t->cap, sizeof *t->t);
  t->t[t->n++] = at;
}

/*
 * Handles every whole frame in buf[0..len); answers how many bytes it used.
 * Returns -1 when the connection was closed.
 */
static long parse_frames(struct conn *c, unsigned char *buf, size_t len, int64_t at) {
  size_t off = 0;
  while (len - off >= 2) {
    unsigned char *f = buf + off;
    int opcode = f[0] & 0x0f;
    uint64_t plen = f[1] & 0x7f;
    size_t head = 2;
    if (plen == 126) {
      if (len - off < 4) break;
      plen = (uint64_t)f[2] << 8 | f[3];
      head = 4;
    } else if (plen == 127) {
      if (len - off < 10) break;
      plen = 0;
      for (int i = 2; i < 10; i++) plen = plen << 8 | f[i];
      head = 10;
    }
    if (f[1] & 0x80) head += 4; /* servers must not mask, but skip a key if one does */
    if (plen > MAX_FRAME) {      /* too big to buffer: discard it as it streams in */
      if (len - off < head) break;
      uint64_t have = len - off - head < plen ? len - off - head : plen;
      c->skip = plen - have;
      off += head + have;
      continue;
    }
    if (len - off < head + plen) break;
    unsigned char *payload = f + head;
    if (opcode == 1) on_text(payload, plen, at);
    else if (opcode == 9) send_masked(c->fd, 10, payload, plen);
    else if (opcode == 8) {
      int code = plen >= 2 ? payload[0] << 8 | payload[1] : 1005;
      send_masked(c->fd, 8, payload, plen >= 2 ? 2 : 0); /* echo the close, as RFC 6455 asks */
      record_close(c, code);
      return -1;
    }
    off += head + plen;
  }
  return off;
}

/* Takes bytes that arrived on c (buf[0..n) may start with earlier leftovers) and keeps the rest. */
static void consume(struct conn *c, unsigned char *buf, size_t n, int64_t at) {
  if (c->skip) {
    size_t drop = c->skip < n ? c->skip : n;
    c->skip -= drop;
    buf += drop;
    n -= drop;
  }
  long used = parse_frames(c, buf, n, at);
  if (used < 0) return;
  c->plen = n - used;
  if (c->plen > c->pcap) {
    c->pcap = c->plen < 4096 ? 4096 : c->plen;
    c->pend = realloc(c->pend, c->pcap);
    if (!c->pend) die("out of memory", NULL);
  }
  if (c->plen) memmove(c->pend, buf + used, c->plen);
}

static void on_readable(struct conn *c) {
  /* Leftovers first, so a frame is always contiguous in rbuf. */
  if (c->plen) memcpy(rbuf, c->pend, c->plen);
  ssize_t n = read(c->fd, rbuf + c->plen, sizeof rbuf - c->plen);
  int64_t at = mono_us(); /* one clock read per read(), shared by its messages */
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
  if (n <= 0) { /* the TCP connection ended (or reset) without a close frame */
    record_close(c, 0);
    return;
  }
  consume(c, rbuf, c->plen + n, at);
}

/* Connects conns[from..to), sends their handshakes, then reads the 101 answers. */
static void handshake_batch(uint32_t from, uint32_t to) {
  char req[8192];
  for (uint32_t i = from; i < to; i++) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) die("socket", strerror(errno));
    if (connect(fd, (struct sockaddr *)&server, sizeof server) < 0) die("connect", strerror(errno));
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    /* A hung server should fail the run, not stall it. */
    struct timeval tv = {.tv_sec = 30};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    int len = snprintf(req, sizeof req,
                       "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
                       paths[i], host_header);
    if (len >= (int)sizeof req) die("path too long", NULL);
    if (write(fd, req, len) != len) die("write", strerror(errno));
    conns[i] = (struct conn){.fd = fd};
  }
  for (uint32_t i = from; i < to; i++) {
    struct conn *c = &conns[i];
    size_t got = 0;
    unsigned char *end = NULL;
    while (!end) {
      if (got == 16384) die("handshake answer too long", paths[i]);
      ssize_t n = read(c->fd, rbuf + got, 16384 - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) die("handshake", n < 0 ? strerror(errno) : "connection closed");
      got += n;
      end = memmem(rbuf, got, "\r\n\r\n", 4);
    }
    if (got < 12 || memcmp(rbuf, "HTTP/1.1 101", 12) != 0) {
      char *eol = memchr(rbuf, '\r', got);
      if (eol) *eol = 0;
      die((char *)rbuf, paths[i]);
    }
    fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = i};
    if (epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev) < 0) die("epoll_ctl", strerror(errno));
    /* Bytes after the header are already the frame stream. */
    end += 4;
    consume(c, end, rbuf + got - end, mono_us());
  }
}

static void open_all(void) {
  conns = calloc(npaths ? npaths : 1, sizeof *conns);
  nconns = npaths;
  for (uint32_t i = 0; i < npaths; i += BATCH) handshake_batch(i, i + BATCH < npaths ? i + BATCH : npaths);
  printf("ready %u\n", nconns);
  fflush(stdout);
}

/* Sends close frames, then waits (briefly) for each server to end its side, so nothing is reset. */
static void quit(void) {
  static const unsigned char normal[2] = {0x03, 0xe8};
  uint32_t open = 0;
  for (uint32_t i = 0; i < nconns; i++) {
    if (conns[i].fd < 0) continue;
    send_masked(conns[i].fd, 8, normal, 2);
    shutdown(conns[i].fd, SHUT_WR);
    open++;
  }
  int64_t deadline = mono_us() + 2000000;
  struct epoll_event evs[256];
  while (open > 0 && mono_us() < deadline) {
    int n = epoll_wait(ep, evs, 256, 100);
    for (int e = 0; e < n; e++) {
      uint32_t id = evs[e].data.u32;
      if (id == STDIN_ID) continue;
      struct conn *c = &conns[id];
      if (c->fd < 0) continue;
      ssize_t r = read(c->fd, rbuf, sizeof rbuf);
      if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR)) {
        close(c->fd);
        c->fd = -1;
        open--;
      }
    }
  }
  exit(0);
}

static void command(char *line) {
  if (strncmp(line, "open ", 5) == 0) {
    if (npaths == cpaths) paths = grow(paths, &cpaths, sizeof *paths);
    paths[npaths++] = strdup(line + 5);
  } else if (strcmp(line, "go") == 0) {
    open_all();
  } else if (strcmp(line, "sync") == 0) {
    printf("mono %lld\n", (long long)mono_us());
  } else if (strncmp(line, "report ", 7) == 0) {
    long tag = strtol(line + 7, NULL, 10);
    if (tag < 0 || tag > MAX_TAG) die("tag out of range", line + 7);
    struct times *t = &tags[tag];
    printf("tag %ld %u", tag, t->n);
    for (uint32_t i = 0; i < t->n; i++) printf(" %lld", (long long)t->t[i]);
    putchar('\n');
  } else if (strcmp(line, "closed") == 0) {
    printf("closed %u", nclosed);
    for (uint32_t i = 0; i < nclosed; i++) printf(" %d", closed_codes[i]);
    putchar('\n');
  } else if (strcmp(line, "quit") == 0) {
    quit();
  } else {
    die("unknown command", line);
  }
  fflush(stdout);
}

/* Reads what stdin has and runs each whole line; EOF means the parent is gone. */
static void on_stdin(void) {
  static char buf[1 << 16];
  static size_t len;
  for (;;) {
    ssize_t n = read(0, buf + len, sizeof buf - len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return; /* EAGAIN: all read */
    if (n == 0) quit();
    len += n;
    char *start = buf, *nl;
    while ((nl = memchr(start, '\n', buf + len - start))) {
      *nl = 0;
      command(start);
      start = nl + 1;
    }
    len = buf + len - start;
    memmove(buf, start, len);
    if (len == sizeof buf) die("command line too long", NULL);
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s <ipv4 host> <port>\n", argv[0]);
    return 2;
  }
  server.sin_family = AF_INET;
  server.sin_port = htons(atoi(argv[2]));
  if (inet_pton(AF_INET, argv[1], &server.sin_addr) != 1) die("not an IPv4 address", argv[1]);
  snprintf(host_header, sizeof host_header, "%s:%s", argv[1], argv[2]);

  /* 5,000 sockets exceed the usual soft limit of 1,024 descriptors. */
  struct rlimit rl;
  if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
  }

  ep = epoll_create1(0);
  fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
  struct epoll_event ev = {.events = EPOLLIN, .data.u32 = STDIN_ID};
  epoll_ctl(ep, EPOLL_CTL_ADD, 0, &ev);

  struct epoll_event evs[256];
  for (;;) {
    int n = epoll_wait(ep, evs, 256, -1);
    if (n < 0 && errno != EINTR) die("epoll_wait", strerror(errno));
    for (int e = 0; e < n; e++) {
      uint32_t id = evs[e].data.u32;
      if (id == STDIN_ID) on_stdin();
      else if (conns[id].fd >= 0) on_readable(&conns[id]);
    }
  }
}
