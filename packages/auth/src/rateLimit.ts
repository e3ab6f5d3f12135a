/**
 * Fixed-window request counters per key (client IP and route group), in memory. A second line of
 * defence next to the database-backed rules (email cooldown, attempts per code), which hold across
 * servers; this one only slows down a single client hammering one server.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts a hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.now()
    let window = this.windows.get(key)
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 }
      this.windows.set(key, window)
      // Keep the map small: drop finished windows now and then.
      if (this.windows.size > 10_000) {
        for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k)
      }
    }
    window.count += 1
    if (window.count <= this.limit) return 0
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000))
  }
}
