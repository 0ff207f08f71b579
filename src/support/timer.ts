/**
 * Milliseconds on a monotonic host timer, for measuring how long a call took (never for the service's own time).
 * @example const start = elapsedMs(); work(); const took = elapsedMs() - start;
 */
export function elapsedMs(): number {
  return performance.now();
}

/**
 * Waits a real number of milliseconds (injected latency); resolves at once for 0.
 * @example await pause(250);
 */
export function pause(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
