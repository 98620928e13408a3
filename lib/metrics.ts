/**
 * In-process metrics in the Prometheus text format. Each process
 * (or Deno Deploy isolate) counts its own traffic; a scraper sums them.
 * Labels are bounded: routes are Hono's matched patterns, never raw paths.
 */
const BUCKETS_MS = [1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) =>
    `${k}="${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`
  );
  return parts.length ? `{${parts.join(",")}}` : "";
}

class Counter {
  readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1): void {
    this.cell(labels).value += by;
  }
  /** The count of `labels`, to add to directly (a request's counters are found once, not per request). */
  cell(labels: Labels): { labels: Labels; value: number } {
    const key = JSON.stringify(labels); // cheaper than labelText; callers keep one label order
    let entry = this.values.get(key);
    if (!entry) this.values.set(key, entry = { labels, value: 0 });
    return entry;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines.join("\n");
  }
}

interface Series {
  labels: Labels;
  counts: number[];
  sum: number;
  count: number;
}

function observeIn(s: Series, ms: number): void {
  for (let i = 0; i < BUCKETS_MS.length; i++) if (ms <= BUCKETS_MS[i]) s.counts[i]++;
  s.sum += ms;
  s.count++;
}

class Histogram {
  readonly series = new Map<string, Series>();
  constructor(readonly name: string, readonly help: string) {}
  observe(labels: Labels, ms: number): void {
    observeIn(this.seriesOf(labels), ms);
  }
  /** The series of `labels`, for observeIn. */
  seriesOf(labels: Labels): Series {
    const key = JSON.stringify(labels);
    let s = this.series.get(key);
    if (!s) this.series.set(key, s = { labels, counts: BUCKETS_MS.map(() => 0), sum: 0, count: 0 });
    return s;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      BUCKETS_MS.forEach((le, i) =>
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(le) })} ${counts[i]}`)
      );
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: "+Inf" })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${Math.round(sum * 1000) / 1000}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join("\n");
  }
}

export class Metrics {
  readonly requests = new Counter("hopper_http_requests_total", "HTTP requests by matched route, method and status.");
  readonly latency = new Histogram("hopper_http_request_duration_ms", "HTTP request latency in milliseconds by route.");
  readonly sms = new Counter("hopper_sms_total", "SMS messages by outcome (sent, failed).");
  readonly push = new Counter("hopper_push_total", "Web push messages by outcome (sent, failed, expired).");
  readonly rideChanges = new Counter("hopper_ride_changes_total", "Ride status changes by tenant and new status.");

  #requestCells = new Map<string, { count: { value: number }; latency: Series }>();

  /**
   * Counts one HTTP request and its latency. Its counter and histogram series
   * are found by one lookup on a plain key, then kept, instead of
   * stringifying two label sets on every request.
   */
  request(route: string, method: string, status: number, ms: number): void {
    const key = `${status} ${method} ${route}`;
    let cells = this.#requestCells.get(key);
    if (!cells) {
      cells = {
        count: this.requests.cell({ route, method, status: String(status) }),
        latency: this.latency.seriesOf({ route }),
      };
      this.#requestCells.set(key, cells);
    }
    cells.count.value++;
    observeIn(cells.latency, ms);
  }

  /** `gauges` are read at scrape time (open sockets, active rides), already rendered. */
  render(gauges: string[]): string {
    return [
      this.requests.render(),
      this.latency.render(),
      this.sms.render(),
      this.push.render(),
      this.rideChanges.render(),
      ...gauges,
    ]
      .join("\n") + "\n";
  }
}

/** A gauge rendered from values read at scrape time. */
export function gauge(name: string, help: string, values: { labels: Labels; value: number }[]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`];
  for (const { labels, value } of values) lines.push(`${name}${labelText(labels)} ${value}`);
  return lines.join("\n");
}
