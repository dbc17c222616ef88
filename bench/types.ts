/** One measured row of `npm run bench` (CONTRACTS.md). `ms` is a median over several runs. */
export interface BenchRow {
  group: string;
  name: string;
  ms: number;
  /** e.g. `5.20× faster` than the group's baseline, or `baseline`. */
  ratio?: string;
  /** e.g. input size, run count, wall time. */
  note?: string;
  /** Throughput in MB/s (10^6 bytes per second of `ms`), where it applies. Optional addition. */
  mbPerS?: number;
}
