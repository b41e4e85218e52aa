// V8 flags the add-on runs with (the Dockerfile's CMD, `npm start`, the bench). Its live heap is
// about 7 MB; what its resident memory grows on is garbage waiting for a collection:
// - a 1 MB young generation instead of V8's default 16 MB semi-spaces (the extra scavenges cost little);
// - a 256 MB old generation: V8 sizes it from the machine's memory, and under a limit of 2 GB or
//   more lets the heap grow to four times what survived the last full collection before the next
//   (about 28 MB, mostly garbage); at 256 MB it grows by its smallest factor on every host, and the
//   limit still leaves over 30 times the live heap.
// Together they hold the bench's peak RSS near 78 MB (docs/benchmarks.md) on any host.
export const ADDON_NODE_FLAGS = ['--max-semi-space-size=1', '--max-old-space-size=256'] as const;
