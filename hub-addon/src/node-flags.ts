// V8 flags the add-on runs with (the Dockerfile's CMD, `npm start`, the bench). A 1 MB young
// generation instead of V8's default 16 MB semi-spaces keeps the resident set near 70 MB instead
// of 90 MB on a board where memory is short; the extra scavenges cost little (see README, bench).
export const ADDON_NODE_FLAGS = ['--max-semi-space-size=1'] as const;
