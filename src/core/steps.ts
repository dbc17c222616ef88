/**
 * Stepped work: generators that yield between bounded pieces of work, so a caller can spread
 * them over several tasks (the writers, the validator's load, the index's bulk filing).
 */

/** Runs stepped work to its end and returns its result. @example runSteps(v.loadSteps(doc)) */
export function runSteps<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
