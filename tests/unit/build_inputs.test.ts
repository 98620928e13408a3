/**
 * `deno task start` rebuilds the bundles only when what they are built from
 * changed: the fingerprint kept beside the manifest.
 */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { bundlesCurrent, INPUTS_FILE, inputsHash } from "../../scripts/build_inputs.ts";

async function checkout(): Promise<string> {
  const root = await Deno.makeTempDir();
  for (const dir of ["islands", "lib/i18n", "static/build", "scripts"]) {
    await Deno.mkdir(join(root, dir), { recursive: true });
  }
  await Deno.writeTextFile(join(root, "islands/Rider.tsx"), "export default 1;");
  await Deno.writeTextFile(join(root, "lib/i18n/es.ts"), 'export const hola = "hola";');
  await Deno.writeTextFile(join(root, "deno.json"), "{}");
  return root;
}

describe("the bundles' inputs", () => {
  it("are current only after a build from the same sources, and not after any source changes", async () => {
    const root = await checkout();
    const out = join(root, "static/build");
    expect(await bundlesCurrent(root, out)).toBe(false); // never built
    await Deno.writeTextFile(join(out, INPUTS_FILE), `${await inputsHash(root)}\n`);
    expect(await bundlesCurrent(root, out)).toBe(true);

    await Deno.writeTextFile(join(root, "lib/i18n/es.ts"), 'export const hola = "¡hola!";');
    expect(await bundlesCurrent(root, out)).toBe(false);
    await Deno.writeTextFile(join(out, INPUTS_FILE), `${await inputsHash(root)}\n`);
    // A new file, a dependency change.
    await Deno.writeTextFile(join(root, "islands/Driver.tsx"), "export default 2;");
    expect(await bundlesCurrent(root, out)).toBe(false);
    await Deno.writeTextFile(join(out, INPUTS_FILE), `${await inputsHash(root)}\n`);
    await Deno.writeTextFile(join(root, "deno.json"), '{ "imports": {} }');
    expect(await bundlesCurrent(root, out)).toBe(false);
    await Deno.remove(root, { recursive: true });
  });

  it("tells a renamed file from the same bytes under its old name", async () => {
    const root = await checkout();
    const before = await inputsHash(root);
    await Deno.rename(join(root, "islands/Rider.tsx"), join(root, "islands/Ride.tsx"));
    expect(await inputsHash(root)).not.toBe(before);
    await Deno.remove(root, { recursive: true });
  });
});
