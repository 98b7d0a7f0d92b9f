/**
 * keystone_realtime_delivery_lag_seconds: from an event's publication (its `at`, stamped by the
 * publishing instance) to its frame handed to this instance's sockets. It takes in the broker,
 * the listener and the hub, and, between instances, their clocks' difference (a clock behind
 * the publisher's counts as no lag rather than a negative one).
 */
import { Histogram, type Registry } from 'prom-client';

/** A few ms when all is well; the top buckets catch a backed-up broker or a stalled event loop. */
const LAG_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Answers what records one event's lag, given when it was published (epoch ms). */
export function registerDeliveryLag(registry: Registry): (publishedAt: number) => void {
  const histogram = new Histogram({
    name: 'keystone_realtime_delivery_lag_seconds',
    help: "Time from a real-time event's publication (on any instance) to its delivery to this instance's sockets.",
    buckets: LAG_BUCKETS_SECONDS,
    registers: [registry],
  });
  return (publishedAt) => {
    // An instance of an earlier version, mid-way through a rolling upgrade, stamps nothing.
    if (!Number.isFinite(publishedAt)) return;
    histogram.observe(Math.max(0, Date.now() - publishedAt) / 1000);
  };
}
