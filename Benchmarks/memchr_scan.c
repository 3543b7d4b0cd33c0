/* The physical reference for parse throughput: one pass over the file counting newlines with
   memchr, the least work any line-based caption parser must do. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: memchr_scan FILE [RUNS]\n"); return 2; }
  int runs = argc > 2 ? atoi(argv[2]) : 5;
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc(n > 0 ? n : 1);
  if (fread(buf, 1, n, f) != (size_t)n) { perror("read"); return 2; }
  fclose(f);
  double best[64];
  long lines = 0;
  if (runs > 64) runs = 64;
  for (int r = 0; r < runs; r++) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    lines = 0;
    const char *p = buf, *end = buf + n;
    while (p < end && (p = memchr(p, '\n', end - p))) { lines++; p++; }
    clock_gettime(CLOCK_MONOTONIC, &b);
    best[r] = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
  }
  /* median */
  for (int i = 0; i < runs; i++) for (int j = i + 1; j < runs; j++) if (best[j] < best[i]) { double t = best[i]; best[i] = best[j]; best[j] = t; }
  printf("{\"seconds\": %.9f, \"lines\": %ld, \"bytes\": %ld}\n", best[runs / 2], lines, n);
  return 0;
}
