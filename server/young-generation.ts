/**
 * How big V8's young generation is where messages are handled: the app's process and the tap's
 * recording worker (both run the MessagePipeline). Every message leaves short-lived garbage (the
 * parsed JSON, the classification) next to events still held for a while (the recent-events ring,
 * the batch waiting for its flush); with Node's default 16 MiB semi-space, scavenges come so often
 * that copying those held events was about a third of the pipeline's time. 64 MiB measured
 * 25–35 % less CPU a message (bench/README.md, issue 11); beyond it the gain stopped.
 *
 * A process takes it as a flag at start only (V8 sizes the heap once): bin/rpcscope.mjs has it in
 * its `#!` line, which must agree with SEMI_SPACE_MB (tests/unit/server/young-generation.test.ts).
 * A worker takes it as a resource limit.
 */
export const SEMI_SPACE_MB = 64;

/** The node flag for a process. */
export const YOUNG_GENERATION_FLAG = `--max-semi-space-size=${SEMI_SPACE_MB}`;

/**
 * The same young generation for a Worker (`resourceLimits.maxYoungGenerationSizeMb`): V8 sizes a
 * worker's semi-space from this as two thirds of it (measured: 96 gives the 64 MiB new space the
 * flag gives a process).
 */
export const WORKER_YOUNG_GENERATION_MB = (SEMI_SPACE_MB * 3) / 2;
