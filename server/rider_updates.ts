/**
 * The ride use cases' dependencies from the app's (domain/rides/tell_rider.ts
 * holds the rider's texts and their tracking). `rideCanceledForBlock` is
 * passed on for the people routes, which block a person and cancel their ride.
 */
import { travelModel } from "../domain/dispatch/travel.ts";
import type { NoticeDeps } from "../domain/rides/tell_rider.ts";
import { estimateSource } from "../lib/routing.ts";
import type { AppDeps } from "./env.ts";
import { pushFromConfig } from "./push.ts";

export { type NoticeDeps, rideCanceledForBlock } from "../domain/rides/tell_rider.ts";

/** The app's dependencies as the ride use cases take them (createApp always sets `eta` and `log`). */
export function noticeDeps(deps: AppDeps): NoticeDeps {
  return {
    kv: deps.kv,
    clock: deps.clock,
    eta: deps.eta ?? estimateSource,
    sms: deps.sms,
    push: deps.push !== undefined ? deps.push : pushFromConfig(deps.config, deps.metrics),
    log: deps.log ?? (() => {}),
    travel: deps.travel ?? travelModel(deps.config.routingUrl, { log: deps.log }),
  };
}
