/** Whether KV answers (GET /healthz): one read of a key nobody writes. Throws when the store does not answer. */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";

export async function pingStore(kv: Store): Promise<void> {
  await kv.get(keys.health());
}
