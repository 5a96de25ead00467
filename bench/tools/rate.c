// rate: an open-loop HTTP/1.1 load generator for the benchmarks.
//
// wrk keeps N connections busy (a closed loop): it measures how many requests a server
// answers at saturation, and the latency of a request that waited behind 63 others. A
// target of the form "sustains R requests per second with p99 <= L" asks something else:
// when requests arrive at R a second, how long does each take? This tool sends requests
// at a fixed rate R over N keep-alive connections, and measures each request's latency
// from the moment it was due — not from when it was sent — so a server that falls behind
// is not let off by being sent less (no "coordinated omission"). A request due while
// every connection is busy waits, and that wait counts.
//
// Usage: rate HOST PORT CONNECTIONS RATE SECONDS REQUESTS_FILE
//   REQUESTS_FILE holds raw HTTP/1.1 requests, each preceded by a line with its length in
//   bytes; they are sent in order, from the start again when the file runs out.
// Prints one line of "key value" pairs: requests, seconds, rate (achieved), p50, p90,
// p99, p999, max (ms), non2xx, errors (connection or parse failures), unanswered (requests
// with no answer 10 s after the last was due). Exits 1 on a usage or set-up error.
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
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct { const char *data; size_t length; } Request;

typedef struct {
    int fd;
    int busy;
    int64_t due;          // when the request in flight was due (ns)
    char buffer[1 << 16]; // the response being read
    size_t filled;
} Connection;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void fail(const char *message) {
    perror(message);
    exit(1);
}

static Request *load_requests(const char *path, size_t *count) {
    FILE *file = fopen(path, "rb");
    if (!file) fail(path);
    size_t capacity = 1024, n = 0;
    Request *requests = malloc(capacity * sizeof(Request));
    size_t length;
    while (fscanf(file, "%zu", &length) == 1) {
        if (fgetc(file) != '\n') { fprintf(stderr, "%s: a length must be followed by a newline\n", path); exit(1); }
        char *data = malloc(length);
        if (fread(data, 1, length, file) != length) { fprintf(stderr, "%s: a request is shorter than its length\n", path); exit(1); }
        if (n == capacity) requests = realloc(requests, (capacity *= 2) * sizeof(Request));
        requests[n++] = (Request){data, length};
    }
    fclose(file);
    if (n == 0) { fprintf(stderr, "%s: no requests\n", path); exit(1); }
    *count = n;
    return requests;
}

static int open_connection(const char *host, int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) fail("socket");
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    if (inet_pton(AF_INET, host, &address.sin_addr) != 1) { fprintf(stderr, "%s: not an IPv4 address\n", host); exit(1); }
    if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) fail("connect");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

// The status and total length of the response in `buffer`, once its head is complete;
// 0 while more is needed, -1 when it cannot be read (no Content-Length, say).
static long response_length(const char *buffer, size_t filled, int *status) {
    const char *end = memmem(buffer, filled, "\r\n\r\n", 4);
    if (!end) return 0;
    size_t head = (size_t)(end - buffer) + 4;
    if (sscanf(buffer, "HTTP/1.%*d %d", status) != 1) return -1;
    for (const char *line = buffer; line < end; line = memchr(line, '\n', (size_t)(end - line)) + 1) {
        if (strncasecmp(line, "content-length:", 15) == 0) return (long)(head + strtoul(line + 15, NULL, 10));
        if (!memchr(line, '\n', (size_t)(end - line))) break;
    }
    return -1;
}

static int compare(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static double percentile_ms(const int64_t *sorted, size_t n, double p) {
    if (n == 0) return 0;
    size_t index = (size_t)(p * (double)(n - 1) + 0.5);
    return (double)sorted[index] / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: rate HOST PORT CONNECTIONS RATE SECONDS REQUESTS_FILE\n");
        return 1;
    }
    const char *host = argv[1];
    int port = atoi(argv[2]), connections = atoi(argv[3]);
    double rate = atof(argv[4]), seconds = atof(argv[5]);
    if (port <= 0 || connections <= 0 || rate <= 0 || seconds <= 0) { fprintf(stderr, "rate: bad arguments\n"); return 1; }
    size_t request_count;
    Request *requests = load_requests(argv[6], &request_count);

    int epoll = epoll_create1(0);
    if (epoll < 0) fail("epoll_create1");
    Connection *pool = calloc((size_t)connections, sizeof(Connection));
    for (int i = 0; i < connections; i++) {
        pool[i].fd = open_connection(host, port);
        struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        if (epoll_ctl(epoll, EPOLL_CTL_ADD, pool[i].fd, &event) < 0) fail("epoll_ctl");
    }

    size_t total = (size_t)(rate * seconds);
    int64_t *latencies = malloc(total * sizeof(int64_t));
    size_t answered = 0, sent = 0, non2xx = 0, errors = 0;
    int busy = 0;
    double interval = 1e9 / rate;
    int64_t start = now_ns(), deadline = start + (int64_t)(seconds * 1e9) + 10000000000LL;

    while (answered + errors < total) {
        int64_t now = now_ns();
        if (now > deadline) break;
        // Send every request that is due, while a connection is free.
        while (sent < total && start + (int64_t)(sent * interval) <= now && busy < connections) {
            int free_index = -1;
            for (int i = 0; i < connections; i++) if (!pool[i].busy && pool[i].fd >= 0) { free_index = i; break; }
            if (free_index < 0) break;
            Connection *c = &pool[free_index];
            const Request *r = &requests[sent % request_count];
            size_t written = 0;
            while (written < r->length) {
                ssize_t n = write(c->fd, r->data + written, r->length - written);
                if (n > 0) { written += (size_t)n; continue; }
                if (n < 0 && errno == EAGAIN) continue;
                fail("write");
            }
            c->busy = 1;
            c->due = start + (int64_t)(sent * interval);
            c->filled = 0;
            busy++;
            sent++;
        }
        // Sleep until the next request is due (to the nanosecond: rounding to whole
        // milliseconds would either send late or spin a core the server needs).
        struct timespec timeout = {.tv_sec = 0, .tv_nsec = 100000000};
        if (sent < total && busy < connections) {
            int64_t wait = start + (int64_t)(sent * interval) - now_ns();
            if (wait < 0) wait = 0;
            timeout = (struct timespec){.tv_sec = wait / 1000000000, .tv_nsec = wait % 1000000000};
        } else if (busy == 0 && sent == total) {
            break;
        }
        struct epoll_event events[256];
        int ready = epoll_pwait2(epoll, events, 256, &timeout, NULL);
        if (ready < 0 && errno != EINTR) fail("epoll_wait");
        for (int e = 0; e < ready; e++) {
            Connection *c = &pool[events[e].data.u32];
            for (;;) {
                ssize_t n = read(c->fd, c->buffer + c->filled, sizeof c->buffer - c->filled);
                if (n > 0) { c->filled += (size_t)n; if (c->filled < sizeof c->buffer) continue; }
                if (n < 0 && errno == EAGAIN) break;
                if (n == 0 || n < 0 || c->filled == sizeof c->buffer) {
                    // Closed, failed or too large: count it and open the connection again.
                    if (c->busy) { errors++; busy--; c->busy = 0; }
                    epoll_ctl(epoll, EPOLL_CTL_DEL, c->fd, NULL);
                    close(c->fd);
                    c->fd = open_connection(host, port);
                    struct epoll_event event = {.events = EPOLLIN, .data.u32 = events[e].data.u32};
                    epoll_ctl(epoll, EPOLL_CTL_ADD, c->fd, &event);
                    c->filled = 0;
                    break;
                }
            }
            if (!c->busy || c->filled == 0) continue;
            int status = 0;
            long length = response_length(c->buffer, c->filled, &status);
            if (length < 0) { errors++; busy--; c->busy = 0; c->filled = 0; continue; }
            if (length == 0 || (size_t)length > c->filled) continue;
            latencies[answered++] = now_ns() - c->due;
            if (status < 200 || status > 299) non2xx++;
            busy--;
            c->busy = 0;
            c->filled = 0;
        }
    }

    double elapsed = (double)(now_ns() - start) / 1e9;
    qsort(latencies, answered, sizeof(int64_t), compare);
    printf("requests %zu seconds %.2f rate %.1f p50 %.2f p90 %.2f p99 %.2f p999 %.2f max %.2f non2xx %zu errors %zu unanswered %zu\n",
           answered, elapsed, (double)answered / elapsed, percentile_ms(latencies, answered, 0.50),
           percentile_ms(latencies, answered, 0.90), percentile_ms(latencies, answered, 0.99),
           percentile_ms(latencies, answered, 0.999), answered ? (double)latencies[answered - 1] / 1e6 : 0,
           non2xx, errors, total - answered - errors);
    return 0;
}
